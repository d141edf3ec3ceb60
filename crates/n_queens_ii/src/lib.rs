//! LeetCode 52, N-Queens II: place `n` queens on an n×n board so that no two
//! attack each other, and count the ways.
//!
//! Each approach is one module, in the order a learner climbs them (beside
//! them, [`counting`] counts past the judge). Each approach's file stands
//! alone; the judge-ready ones paste into the judge as they are
//! (everything after their `pub struct Solution;` line).
//!
//! | approach | idea | check cost | time | space |
//! |---|---|---|---|---|
//! | [`board_scan`] | n×n board; scan the column and both diagonals above the square | O(n) | O(n² · n!) | O(n²) |
//! | [`column_abs`] | `queens[row] = col`; attacked when same column or `row - i == abs(col - queens[i])` | O(row) | O(n² · n!) | O(n) |
//! | [`three_arrays`] | flags `columns[col]`, `diagonals[row - col + n - 1]`, `anti_diagonals[row + col]` | O(1) | O(n · n!) | O(n) |
//! | [`bitmask`] | three integers; `free = full & !(columns \| diagonals \| anti_diagonals)`, lowest bit first | O(1) per free square | O(n!) | O(n) |
//! | [`mirror`] | left-right mirror: row 0's queen in the left half (odd n: middle, then row 1 in the left half), count doubled | O(1) per free square | O(n!), ½ of `bitmask`'s nodes | O(n) |
//! | [`symmetry`] | all 8 symmetries: one canonical board per class, by corner and edge rules and a check against its rotations, weighted 8, 4 or 2; also the unique count | O(1) per free square, O(n) per solution | O(n!); about a quarter of `bitmask`'s nodes | O(n) |
//! | [`parallel`] | `symmetry` cut at row 3 into independent tasks, shared out to every core (not judge-ready) | as `symmetry` | `symmetry`'s ÷ cores | O(tasks · n) |
//! | [`quarters`] | the board cut into four quarters, each quarter's placements built once; half boards' diagonal patterns joined 512 pairs at a time; the symmetries counted once; tasks on every core (not judge-ready) | a few word operations per 512 pairs of half boards | no whole board is searched: see its docs | the quarter table (every placement on an (n/2)×(n/2) board) and O(4^(n/2)) indexes |
//!
//! The time bounds are loose upper bounds on the backtracking tree; what each
//! step buys in practice is measured by the benchmark crate.
//!
//! **Board convention.** Row 0 is the top row, column 0 the leftmost column;
//! `row - col` is constant along a "\" diagonal and `row + col` along a "/"
//! anti-diagonal. Masks use bit `c` for column `c` (column 0 is the lowest bit).
//!
//! **Every `i32` has an answer.** `n = 0` has exactly one solution, the empty
//! board (OEIS A000170 gives a(0) = 1), so `total_n_queens(0) == 1`; `n < 0`
//! has none, 0. `n > 18` panics with a message naming the range: the count
//! for n = 19, 4,968,057,848, does not fit in the judge's `i32`. The answer
//! is always the number of boards LeetCode 51's `solve_n_queens` returns.
//!
//! **Past the judge.** [`counting`] counts in `u64` with the fastest counter,
//! [`quarters`], or with any approach by name within its range
//! ([`Approach::max_n`]), and gives the unique count (OEIS A002562) with the
//! fastest counter that sorts boards into classes, [`parallel`]. It returns
//! an error, never a wrong or wrapped number.
//!
//! [`APPROACHES`] lists them all in order, for tests, benchmarks and tools.

// The chain's steps: their modules are declared with `APPROACHES`, below.
pub mod parallel;
/// The four-quarter join: quarter boards' diagonal patterns joined in bulk (not judge-ready).
pub mod quarters;
pub mod counting;
mod counters;
mod interface;
mod pool;

/// One approach to LeetCode 52.
#[derive(Clone, Copy, Debug)]
pub struct Approach {
    /// The module name, as used on the command line and in test names.
    pub name: &'static str,
    /// The idea, in one line.
    pub idea: &'static str,
    /// Whether the file pastes into the judge as it stands.
    pub judge_ready: bool,
    /// The whole source file, for the judge-paste test and `queens paste`.
    pub source: &'static str,
    /// The judge's signature: the number of solutions for `n`.
    pub solve: fn(i32) -> i32,
    /// The largest `n` its 64-bit counting ([`counting::total_with`]) serves:
    /// [`JUDGE_MAX_N`] when it counts only through the judge's signature.
    pub max_n: u32,
    /// Whether it counts unique solutions ([`counting::unique_with`]).
    pub counts_unique: bool,
    /// Whether it uses more than one thread when asked ([`counting::Options::threads`]).
    pub threads: bool,
    /// Its own 64-bit counter; `None` to count through [`Approach::solve`].
    pub count: Option<interface::CountFn>,
    /// For an approach that builds tables: the bytes it would plan for `n`
    /// on `threads` threads, or its refusal, as [`quarters::memory_needed`]
    /// (not instant: up to about a second). `None` for the others.
    pub memory_needed: Option<interface::MemoryFn>,
}

/// The largest `n` the judge's signature counts: n = 19's count does not
/// fit in its `i32`.
pub const JUDGE_MAX_N: u32 = 18;

/// The chain's approach modules and [`APPROACHES`], from the steps of
/// [`n_queens_chain::steps!`] that LeetCode 52 has, then the approaches
/// past the chain.
macro_rules! chain {
    ($($name:ident $file:literal {
        number: $number:tt, builds_on: $builds_on:ident, judge_ready: $judge_ready:ident, exercise: $exercise:ident,
        watched: $watched:ident, problems: [52: $idea:literal] })*) => {
        $(
            // The judge runs old compilers: clippy flags any std API newer than Rust 1.58.
            #[clippy::msrv = "1.58"]
            pub mod $name;
        )*

        /// Every approach, in the order of the chain, then those past it: a
        /// new one there is one more entry, every field written out.
        pub const APPROACHES: &[Approach] = &[
            $(Approach {
                name: $file,
                idea: $idea,
                judge_ready: n_queens_chain::flag!($judge_ready),
                source: include_str!(concat!($file, ".rs")),
                solve: $name::Solution::total_n_queens,
                max_n: counted!($name).max_n,
                counts_unique: counted!($name).counts_unique,
                threads: false,
                count: counted!($name).count,
                memory_needed: None,
            },)*
            Approach {
                name: "parallel",
                idea: "the symmetry search cut into tasks, on every core",
                judge_ready: false,
                source: include_str!("parallel.rs"),
                solve: parallel::Solution::total_n_queens,
                max_n: interface::MAX_N,
                counts_unique: true,
                threads: true,
                count: Some(counters::parallel),
                memory_needed: None,
            },
            Approach {
                name: "quarters",
                idea: "quarter boards' diagonal patterns joined in bulk, on every core",
                judge_ready: false,
                source: include_str!("quarters.rs"),
                solve: quarters::Solution::total_n_queens,
                max_n: quarters::MAX_N,
                counts_unique: false,
                threads: true,
                count: Some(counters::quarters),
                memory_needed: Some(quarters::memory_needed),
            },
        ];
    };
}

/// How a step of the chain counts past the judge's signature.
struct Counted {
    max_n: u32,
    counts_unique: bool,
    count: Option<interface::CountFn>,
}

/// The steps with a 64-bit counter of their own; every other counts
/// through the judge's signature, up to [`JUDGE_MAX_N`].
macro_rules! counted {
    (mirror) => {
        Counted { max_n: interface::MAX_N, counts_unique: false, count: Some(counters::mirror) }
    };
    (symmetry) => {
        Counted { max_n: interface::MAX_N, counts_unique: true, count: Some(counters::symmetry) }
    };
    ($step:ident) => {
        Counted { max_n: JUDGE_MAX_N, counts_unique: false, count: None }
    };
}
n_queens_chain::steps!([52] => chain);

/// The approach called `name`, if there is one.
pub fn approach(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}
