//! Macros: `macro_rules!` definitions keep their matchers; expansions are elided.

/// Make a map.
#[macro_export]
macro_rules! map {
    () => { /* … */ };
    ($($k:expr => $v:expr),+ $(,)?) => { /* … */ };
}

macro_rules! square (
    ($x:expr) => ( $x * $x );
);

macro_rules! items [
    ($($name:ident),*) => { /* … */ };
];

/// A macro defining functions.
macro_rules! getter {
    ($name:ident: $t:ty) => { /* … */ };
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

    pub fn total(&self) -> usize { /* … */ }
}

pub fn use_macro() -> u32 { /* … */ }
