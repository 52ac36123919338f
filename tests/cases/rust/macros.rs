//! Macros: `macro_rules!` definitions keep their matchers; expansions are elided.

/// Make a map.
#[macro_export]
macro_rules! map {
    () => { ::std::collections::HashMap::new() };
    ($($k:expr => $v:expr),+ $(,)?) => {{
        let mut m = ::std::collections::HashMap::new();
        $( m.insert($k, $v); )+
        m
    }};
}

macro_rules! square (
    ($x:expr) => ( $x * $x );
);

macro_rules! items [
    ($($name:ident),*) => [
        $( pub struct $name; )*
    ];
];

/// A macro defining functions.
macro_rules! getter {
    ($name:ident: $t:ty) => {
        pub fn $name(&self) -> &$t {
            &self.$name
        }
    };
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

    pub fn total(&self) -> usize {
        let m = map! { 1 => 2, 3 => 4 };
        m.len() + square!(2)
    }
}

pub fn use_macro() -> u32 {
    macro_rules! local { () => { 7 } }
    local!()
}
