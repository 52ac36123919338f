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
        Self: 'a, { /* … L32-35 */ }
}

impl<'a, T, const N: usize> View<'a, T, N>
where
    T: Debug + Clone + 'a,
{
    /// Make a view.
    pub const fn new(rows: &'a [T]) -> Self { /* … L43-45 */ }

    pub fn rows(&self) -> impl Iterator<Item = &'a T> + '_ { /* … L47-49 */ }

    pub fn index_by<K, F>(&self, mut key: F) -> Map<K, Vec<&'a T>>
    where
        K: std::hash::Hash + Eq,
        F: FnMut(&T) -> K, { /* … L55-61 */ }
}

impl<T: Debug> fmt::Display for View<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { /* … L65-67 */ }
}

unsafe impl<T: Send + Debug> Send for View<'_, T> {}

impl<T> From<Vec<T>> for BTreeMap<usize, T> where T: Ord {
    fn from(v: Vec<T>) -> Self { /* … L73 */ }
}

pub fn longest<'a, 'b: 'a>(x: &'a str, y: &'b str) -> &'a str { /* … L76-78 */ }

pub fn apply<F>(f: F) -> impl Fn(i32) -> i32
where
    F: Fn(i32) -> i32 + Copy, { /* … L83-85 */ }

fn higher_ranked(f: &dyn for<'c> Fn(&'c str) -> &'c str) -> usize { f("x").len() }
