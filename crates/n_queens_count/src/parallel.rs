//! # Past the judge: every core
//!
//! **Not judge-ready**: it uses `std::thread::scope` (Rust 1.63) and the
//! crate's own modules.
//!
//! **Idea.** The subtrees of the search share nothing: what lies below a
//! placement of the first rows depends only on those queens. So [`split`]
//! stops [`n_queens_ii::symmetry`]'s own search (which stays judge-ready) at
//! row [`SPLIT_ROW`] and keeps each placement there as a task (a
//! [`Partial`]), which [`Classes::resume`] finishes. The crate's worker pool
//! hands the tasks out to every core (hundreds of them, so the cores finish
//! together), and the threads' classes are added with checked arithmetic
//! (`docs/parallel.md`).
//!
//! **Cost.** `symmetry`'s work divided by the cores, plus O(tasks) to build
//! the list; space O(tasks · n).
//!
//! **Range.** `total_n_queens`: as every step, `n = 0` gives 1, `n < 0` gives
//! 0 and `n > 18` panics. [`count`] works for `n <= 32` (the `u32` masks).

use crate::interface::{self, Options};
use crate::pool::{self, Progress, Queue};
use n_queens_ii::symmetry::Classes;
pub use n_queens_ii::symmetry::Partial;

/// The judge's signature, for the shared cases (not judge-ready).
pub struct Solution;

impl Solution {
    /// The number of solutions of the `n`-queens puzzle, on every core.
    ///
    /// `n = 0` gives 1 (the empty board), `n < 0` gives 0.
    ///
    /// # Panics
    /// If `n > 18`: the count for n = 19 does not fit in `i32`.
    pub fn total_n_queens(n: i32) -> i32 {
        interface::judge_signature(n, |n| {
            let classes = count(n, &Options::default()).expect("n <= 18 fits in u64");
            classes.total().expect("n <= 18 fits in u64")
        })
    }
}

/// The search is cut into tasks at this row: rows `0..SPLIT_ROW` are placed
/// while the task list is built, the rest inside the tasks.
pub const SPLIT_ROW: usize = 3;

/// Sorts every solution for `n` into classes, on `options.threads` threads
/// (0: one per core; 1: on the calling thread, no thread is started; never
/// more than there are tasks), reporting `(tasks done, tasks total)` to
/// `options.progress` once before the first task and after each one.
/// `None` if a sum does not fit in `u64`.
///
/// The calling thread counts too. A thread the system cannot start (a limit
/// on memory or processes) is no error: the count goes on with the threads
/// it has, at worst the calling thread alone.
///
/// # Panics
/// If `n > 32` (the masks are `u32`), or if a counting thread panics.
pub fn count(n: u32, options: &Options) -> Option<Classes> {
    assert!(n <= 32, "count: n = {n} is out of range; this approach supports n <= 32");
    let (tasks, above_split) = split(n);
    let progress = Progress::start(options.progress, tasks.len() as u64);
    let threads = pool::threads(options.threads).min(tasks.len()).max(1);
    let queue = Queue::new(&tasks);
    let per_thread = pool::on_workers(&mut vec![(); threads], |_| {
        let mut classes = Classes::default();
        while let Some(task) = queue.next() {
            classes = add(classes, Classes::resume(n, task))?;
            progress.task_done();
        }
        Some(classes)
    });
    per_thread.into_iter().try_fold(above_split, |sum, found| add(sum, found?))
}

/// The classes of `a` and `b` together; `None` past `u64`.
fn add(a: Classes, b: Classes) -> Option<Classes> {
    Some(Classes {
        one: a.one.checked_add(b.one)?,
        two: a.two.checked_add(b.two)?,
        four: a.four.checked_add(b.four)?,
        eight: a.eight.checked_add(b.eight)?,
    })
}

/// Every task for `n`, in search order, and the classes found above
/// [`SPLIT_ROW`] (all of them for n < 8, where rows `0..SPLIT_ROW` leave no
/// room to split; none otherwise).
///
/// # Panics
/// If `n > 32` (the masks are `u32`).
pub fn split(n: u32) -> (Vec<Partial>, Classes) {
    let split_row = if n >= 8 { SPLIT_ROW } else { usize::MAX };
    Classes::split(n, split_row)
}
