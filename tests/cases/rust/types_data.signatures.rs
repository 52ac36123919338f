//! Structs, enums, unions, aliases, consts and statics; large data at `outline`.

use core::mem::ManuallyDrop;

pub struct Unit;
pub struct Pair(pub i32, u8);
#[repr(C)]
pub union Bits { int: u32, float: f32, raw: ManuallyDrop<[u8; 4]> }

/// A shape.
#[derive(Debug, PartialEq)]
pub enum Shape<T = f64> {
    Circle { r: T },
    Rect(T, T),
    Point,
    Tagged = 7,
}

pub type Result<T, E = Box<dyn std::error::Error + Send + Sync>> = core::result::Result<T, E>;

pub const MAX: usize = 1 << 20;
static mut COUNTER: u64 = 0;
pub static NAME: &str = "codepith";

pub const PRIMES: [u32; 12] = [
    2, 3, 5, 7,
    11, 13, 17, 19,
    23, 29, 31, 37,
    // more would follow
];

pub static KEYWORDS: &[&str] = &[
    "as", "break", "const",
    "continue", "crate", "else",
    "enum", "extern", "false",
    "fn", "for", "if",
];

pub const HELP: &str = r#"
usage: tool [options]
  -h  help
  -v  verbose
  -q  quiet
"#;

pub static USAGE: &str = "
usage: tool [options]
  -h  help
  -v  verbose
  -q  quiet
";

const PAIRS: [(u8, char); 3] = [(1, 'a'), (2, 'b'), (3, 'c')];

impl Shape {
    pub const UNIT: Shape = Shape::Circle { r: 1.0 };

    pub fn area(&self) -> f64 { /* … */ }
}
