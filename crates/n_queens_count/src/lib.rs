//! LeetCode 52 past the judge: the number of N-Queens solutions (and of
//! classes under the 8 symmetries) in `u64`, by any approach of the chain
//! (`n_queens_ii`) or by the counters past the judge, not judge-ready, that
//! cut the work into tasks on every core (the manifest's approaches of
//! LeetCode 52 past the judge, `n_queens_chain::steps!(beyond [52] => ..)`):
//!
//! | approach | idea | check cost | time | space |
//! |---|---|---|---|---|
//! | [`parallel`] | `symmetry` cut at row 3 into independent tasks, shared out to every core (not judge-ready) | as `symmetry` | `symmetry`'s ÷ cores | O(tasks · n) |
//! | [`quarters`] | the board cut into four quarters, each quarter's placements built once; half boards' diagonal patterns joined 512 pairs at a time; the symmetries counted once; tasks on every core (not judge-ready) | a few word operations per 512 pairs of half boards | no whole board is searched: see its docs | the quarter table (every placement on an (n/2)×(n/2) board) and O(4^(n/2)) indexes |
//!
//! [`counting`] counts in `u64` with the fastest counter or with any
//! approach of [`APPROACHES`] by name: the chain's steps, then the counters
//! of the table above. Checkpoint files ([`quarters::Checkpoint`]) are the only
//! file I/O of the workspace's libraries.

use std::ops::Deref;

// The counters past the judge (`parallel`, `quarters`) are declared with
// `APPROACHES`, below.
pub mod counting;
pub mod operation;
mod counters;
mod interface;
mod pool;

/// One approach as a counter past the judge: the approach itself (a step of
/// the chain, or one of the counters here) and how far it counts.
#[derive(Clone, Copy, Debug)]
pub struct Approach {
    /// The approach: its name, idea, source file and the judge's signature.
    /// For a step of the chain, its entry in `n_queens_ii::APPROACHES`.
    pub step: n_queens_ii::Approach,
    /// The largest `n` its 64-bit counting ([`counting::total_with`]) serves:
    /// [`JUDGE_MAX_N`] when it counts only through the judge's signature.
    pub max_n: u32,
    /// Whether it counts unique solutions ([`counting::unique_with`]).
    pub counts_unique: bool,
    /// Whether it uses more than one thread when asked ([`counting::Options::threads`]).
    pub threads: bool,
    /// Its own 64-bit counter; `None` to count through the judge's signature.
    pub count: Option<interface::CountFn>,
    /// For an approach that counts in units: what it offers beside its
    /// count ([`Units`]). `None` for the others.
    pub units: Option<Units>,
}

/// What an approach that counts in units offers ([`Approach::units`]): its
/// count cut into parts, each unit recorded in a checkpoint file and not
/// counted again, within a memory limit it plans for before it allocates
/// its tables; and each unit timed, for a model of its threads.
#[derive(Clone, Copy, Debug)]
pub struct Units {
    /// The plan of a job: how it keeps within its memory limit, or its
    /// refusal; nothing counted (not instant: up to about a second).
    pub plan: fn(u32, &quarters::Job) -> Result<quarters::MemoryPlan, counting::CountError>,
    /// The count of a job.
    pub count: fn(u32, &quarters::Job) -> Result<u64, counting::CountError>,
    /// Each unit of the whole count of `n` timed on one thread, within a
    /// memory limit in bytes.
    pub time: fn(u32, u64) -> Result<quarters::Timings, counting::CountError>,
}

/// A counter reads as its approach: `approach.name`, `approach.source`, ...
impl Deref for Approach {
    type Target = n_queens_ii::Approach;

    fn deref(&self) -> &n_queens_ii::Approach {
        &self.step
    }
}

/// The approach the others' times are divided by, in `queens compare` and
/// in the benchmark's tables: the plain bitmask recursion, the last step
/// every judge accepts in both problems.
pub const REFERENCE: &str = "bitmask";

/// The largest `n` the judge's signature counts: n = 19's count does not
/// fit in its `i32`.
pub const JUDGE_MAX_N: u32 = 18;

/// The steps with a 64-bit counter of their own, from their [`chain_step`];
/// every other counts through the judge's signature.
macro_rules! counted {
    (mirror, $counter:expr) => {
        Approach { max_n: interface::MAX_N, count: Some(counters::mirror), ..$counter }
    };
    (symmetry, $counter:expr) => {
        Approach { max_n: interface::MAX_N, counts_unique: true, count: Some(counters::symmetry), ..$counter }
    };
    ($step:ident, $counter:expr) => {
        $counter
    };
}

/// The counters past the judge, by name: what each counts and how, beside
/// what the manifest says of it (`$step`: its name, idea, source and the
/// judge's signature).
macro_rules! past {
    (parallel, $step:expr) => {
        Approach {
            step: $step,
            max_n: interface::MAX_N,
            counts_unique: true,
            threads: true,
            count: Some(counters::parallel),
            units: None,
        }
    };
    (quarters, $step:expr) => {
        Approach {
            step: $step,
            max_n: quarters::MAX_N,
            counts_unique: false,
            threads: true,
            count: Some(counters::quarters),
            units: Some(Units { plan: quarters::memory_plan, count: quarters::count_job, time: quarters::time_units }),
        }
    };
    ($name:ident, $step:expr) => {
        compile_error!(concat!(
            "crates/n_queens_count/src/lib.rs: say how `",
            stringify!($name),
            "` counts: add to `past!` the arm (",
            stringify!($name),
            ", $step:expr) => { Approach { step: $step, max_n: .., counts_unique: .., ",
            "threads: .., count: .. (Some(a function of counters.rs) or None), units: .. } };"
        ))
    };
}

/// [`APPROACHES`], first LeetCode 52's steps of [`n_queens_chain::steps!`],
/// which hand themselves to `counters_past!` through the manifest's
/// approaches past the judge.
macro_rules! counters_of {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        n_queens_chain::steps!(beyond [52] => counters_past!([$($name $file)*]));
    };
}

/// [`APPROACHES`] from LeetCode 52's steps (`[step "step" ...]`) and its
/// approaches past the judge, with the modules of the latter.
macro_rules! counters_past {
    ([$($step:ident $step_file:literal)*] $($name:ident $file:literal { $($field:tt)* })*) => {
        $(pub mod $name;)*

        /// Every counter, in the manifest's order: the chain's steps, then
        /// the counters past the judge.
        pub const APPROACHES: &[Approach] = &[
            $(counted!($step, chain_step(step_named($step_file))),)*
            $(past!($name, n_queens_ii::Approach {
                name: $file,
                idea: n_queens_chain::field!(problems, n_queens_chain::idea!(), $($field)*),
                judge_ready: false,
                source: include_str!(concat!($file, ".rs")),
                solve: $name::Solution::total_n_queens,
            }),)*
        ];
    };
}
n_queens_chain::steps!([52] => counters_of);

/// The step of `n_queens_ii::APPROACHES` called `name`, found while compiling.
const fn step_named(name: &str) -> n_queens_ii::Approach {
    let mut index = 0;
    while index < n_queens_ii::APPROACHES.len() {
        let step = n_queens_ii::APPROACHES[index];
        if same(step.name, name) {
            return step;
        }
        index += 1;
    }
    panic!("every step of the manifest is in n_queens_ii::APPROACHES");
}

/// Whether two strings are equal, as a `const fn` can compare them.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

/// A step of the chain as a counter: through the judge's signature, up to
/// [`JUDGE_MAX_N`], on one thread, with no tables.
const fn chain_step(step: n_queens_ii::Approach) -> Approach {
    Approach { step, max_n: JUDGE_MAX_N, counts_unique: false, threads: false, count: None, units: None }
}

/// The approach called `name`, if there is one.
pub fn approach(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}
