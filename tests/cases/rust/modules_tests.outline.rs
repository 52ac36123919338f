//! Modules, uses and a test module.

pub mod config;
mod parser;
#[cfg(feature = "net")]
pub(crate) mod net;

pub use crate::config::{Config, Loader as ConfigLoader};
use self::parser::*;
use super::error::Error;
pub(crate) use ::std::io::{self, Read as _};

/// Inner module with items.
pub mod util {
    use std::path::Path;

    /// Join two paths.
    pub fn join(a: &Path, b: &Path) -> std::path::PathBuf { /* … */ }

    pub(super) mod deep {
        pub(in crate::util) fn hidden() -> u8 { 0 }
    }

    #[cfg(test)]
    mod tests { /* … */ }
}

pub fn run() -> Result<(), Error> { /* … */ }

#[cfg(test)]
mod tests { /* … */ }

#[cfg(all(test, feature = "slow"))]
#[allow(unused)]
mod slow_tests { /* … */ }
