//! Generic containers: lifetimes, bounds, `where` clauses and trait impls.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap as Map};
use std::fmt::{self, Debug, Display};

/// A view over borrowed rows.
///
/// Rows are never copied.
pub struct View<'a, T: ?Sized + 'a, const N: usize = 4>
where
    T: Debug,
{
    rows: &'a [T],
    pub(crate) width: usize,
}

/// Something that can be rendered.
pub trait Render<'a>: Display + Sized {
    /// The output type.
    type Output<'b>: AsRef<str> where Self: 'b;
    /// The default width.
    const WIDTH: usize = 80;

    /// Render into a string.
    fn render(&self, width: usize) -> Self::Output<'_>;

    /// A default method: its body is elided too.
    fn render_default(&self) -> Cow<'a, str>
    where
        Self: 'a,
    {
        let text = format!("{}", self);
        Cow::Owned(text)
    }
}

impl<'a, T, const N: usize> View<'a, T, N>
where
    T: Debug + Clone + 'a,
{
    /// Make a view.
    pub const fn new(rows: &'a [T]) -> Self {
        View { rows, width: N }
    }

    pub fn rows(&self) -> impl Iterator<Item = &'a T> + '_ {
        self.rows.iter()
    }

    pub fn index_by<K, F>(&self, mut key: F) -> Map<K, Vec<&'a T>>
    where
        K: std::hash::Hash + Eq,
        F: FnMut(&T) -> K,
    {
        let mut out = Map::new();
        for row in self.rows {
            out.entry(key(row)).or_insert_with(Vec::new).push(row);
        }
        out
    }
}

impl<T: Debug> fmt::Display for View<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} rows", self.rows.len())
    }
}

unsafe impl<T: Send + Debug> Send for View<'_, T> {}

impl<T> From<Vec<T>> for BTreeMap<usize, T> where T: Ord {
    fn from(v: Vec<T>) -> Self { v.into_iter().enumerate().collect() }
}

pub fn longest<'a, 'b: 'a>(x: &'a str, y: &'b str) -> &'a str {
    if x.len() > y.len() { x } else { y }
}

pub fn apply<F>(f: F) -> impl Fn(i32) -> i32
where
    F: Fn(i32) -> i32 + Copy,
{
    move |x| f(f(x))
}

fn higher_ranked(f: &dyn for<'c> Fn(&'c str) -> &'c str) -> usize { f("x").len() }
