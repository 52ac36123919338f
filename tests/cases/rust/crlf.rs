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
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} m — 😀", self.wert)
    }
}

pub fn größte(werte: &[Größe]) -> Option<&Größe>
{
    // größter Wert
    werte.iter().max_by(|a, b| a.wert.total_cmp(&b.wert))
}

pub const GRUSS: &str = "héllo, 中文, العربية";
