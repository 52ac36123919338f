//! CRLF line endings and multibyte names.

use std::fmt;

/// Grüße, 世界.
/// Second line.
pub struct Größe {
    pub wert: f64, // in Metern
}

/// Längen.
pub enum Einheit { Meter, Zoll }

impl fmt::Display for Größe {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { /* … */ }
}

pub fn größte(werte: &[Größe]) -> Option<&Größe> { /* … */ }

pub const GRUSS: &str = "héllo, 中文, العربية";
