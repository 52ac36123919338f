//! Macros: `macro_rules!` definitions keep their matchers; expansions are elided.

/// Make a map.
#[macro_export]
macro_rules! map {
    () => { /* … L6 */ };
    ($($k:expr => $v:expr),+ $(,)?) => { /* … L7-11 */ };
}

macro_rules! square (
    ($x:expr) => ( $x * $x );
);

macro_rules! items [
    ($($name:ident),*) => { /* … L19-21 */ };
];

/// A macro defining functions.
macro_rules! getter {
    ($name:ident: $t:ty) => { /* … L26-30 */ };
}

items!(Alpha, Beta);

thread_local! {
    static DEPTH: std::cell::Cell<u32> = std::cell::Cell::new(0);
}

lazy_static::lazy_static! {
    static ref NAMES: Vec<&'static str> = vec!["a", "b"];
}

pub struct Holder { name: String }

impl Holder {
    getter!(name: String);

    pub fn total(&self) -> usize { /* … L48-51 */ }
}

pub fn use_macro() -> u32 { /* … L54-57 */ }
