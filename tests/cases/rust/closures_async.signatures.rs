use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;

/// A table built once (a call: kept as written).
static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
pub static INIT: fn() -> u32 = || { /* … */ };
const SHORT: fn(u32) -> u32 = |x| x + 1;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Fetch a page.
pub async fn fetch(url: &str) -> Result<String, std::io::Error> { /* … */ }

pub fn spawn_all<'a>(urls: &'a [&str]) -> Vec<BoxFuture<'a, usize>> { /* … */ }

pub const fn const_add(a: u32, b: u32) -> u32 { a + b }
pub unsafe fn raw_read(p: *const u8) -> u8 { *p }
pub extern "C" fn exported(x: i32) -> i32 { x * 2 }
async unsafe fn both() {}

extern "C" {
    /// A foreign function.
    pub fn abs(input: i32) -> i32;
    static errno: i32;
}

pub struct Worker<F: FnMut() -> bool> {
    step: F,
}

impl<F> Worker<F>
where
    F: FnMut() -> bool,
{
    pub fn run(mut self) -> impl Future<Output = ()> { /* … */ }
}
