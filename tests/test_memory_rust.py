"""Project memory reads Rust files: definitions with their signatures and doc lines."""

from __future__ import annotations

from codepith.memory.definitions import scan_file

SOURCE = b"""//! Shapes and their areas.
//! More crate docs.

/// A shape.
/// Second line.
#[derive(Debug)]
pub enum Shape {
    /// A circle.
    Circle { r: f64 },
    Point,
}

/** The area of a shape. */
pub fn area<T>(s: &Shape) -> f64
where
    T: Copy,
{
    0.0
}

impl Shape {
    /// Scale it.
    pub fn scale(&mut self, k: f64) {}
}
"""


def test_rust_definitions_signatures_and_docs():
    doc, symbols = scan_file(SOURCE, "rust", "src/lib.rs")
    assert doc == "Shapes and their areas."
    by_name = {s.qualname: s for s in symbols if s.kind != "impl"}
    assert by_name["Shape"].kind == "enum" and by_name["Shape"].doc == "A shape."
    assert by_name["Shape.Circle"].doc == "A circle."
    assert by_name["area"].signature == "pub fn area<T>(s: &Shape) -> f64 where T: Copy,"
    assert by_name["area"].doc == "The area of a shape."
    assert by_name["Shape.scale"].kind == "method" and by_name["Shape.scale"].doc == "Scale it."
    assert [s.signature for s in symbols if s.kind == "impl"] == ["impl Shape"]


def test_a_licence_tag_before_the_crate_doc_is_not_the_file_doc():
    doc, _symbols = scan_file(
        b"// SPDX-License-Identifier: MIT\n//! Parses things.\npub fn f() {}\n", "rust", "src/lib.rs"
    )
    assert doc == "Parses things."
