// SPDX-License-Identifier: MIT OR Apache-2.0
//! Crate-level docs: the first line stays at `outline`.
//!
//! The rest of the crate docs go.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![allow(
    clippy::needless_return,
    dead_code,
)]

/*!
 * Inner block doc: first line stays.
 * Second line goes.
 */

// A plain comment: dropped at `outline`.
extern crate alloc;
#[macro_use]
extern crate log;

/// Options of the parser.
/// Every field has a default.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Options {
    /// Skip blank lines.
    /// (a second line)
    #[cfg_attr(feature = "serde", serde(default))]
    pub skip_blank: bool,
    // not a doc
    pub depth: u32, // trailing comment
    /* a block comment */
    max: Option<u64>,
}

/**
 * A block doc comment.
 * More text.
 */
#[must_use = "parsers do nothing unless used"]
pub fn parse(input: &str, #[allow(unused)] opts: &Options) -> Result<(), ()> { /* … L42-46 */ }

#[inline(always)]
#[deprecated(since = "0.2.0", note = "use `parse`")]
pub fn old_parse(input: &str) -> bool { /* … L51-55 */ }

//// Four slashes: not a doc comment.
/***
 * Three stars: not a doc comment.
 */
pub enum Mode {
    /// Fast mode.
    #[default]
    Fast,
    /// Careful mode.
    Careful { retries: u8 },
}

/// Docs, then a comment, then the item.
// rustfmt::skip would be an attribute; this is a note.
#[rustfmt::skip]
const TABLE: [u8; 4] = [ 1, 2,
                         3, 4 ];
