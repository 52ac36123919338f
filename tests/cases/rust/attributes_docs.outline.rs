// SPDX-License-Identifier: MIT OR Apache-2.0
//! Crate-level docs: the first line stays at `outline`.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![allow(
    clippy::needless_return,
    dead_code,
)]

/*! Inner block doc: first line stays. */

extern crate alloc;
#[macro_use]
extern crate log;

/// Options of the parser.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Options {
    /// Skip blank lines.
    #[cfg_attr(feature = "serde", serde(default))]
    pub skip_blank: bool,
    pub depth: u32,
    max: Option<u64>,
}

/** A block doc comment. */
#[must_use = "parsers do nothing unless used"]
pub fn parse(input: &str, #[allow(unused)] opts: &Options) -> Result<(), ()> { /* … */ }

#[inline(always)]
#[deprecated(since = "0.2.0", note = "use `parse`")]
pub fn old_parse(input: &str) -> bool { /* … */ }

pub enum Mode {
    /// Fast mode.
    #[default]
    Fast,
    /// Careful mode.
    Careful { retries: u8 },
}

/// Docs, then a comment, then the item.
#[rustfmt::skip]
const TABLE: [u8; 4] = [ 1, 2,
                         3, 4 ];
