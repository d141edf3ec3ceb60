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

// The judge runs old compilers: clippy flags any std API newer than Rust 1.58.
#[clippy::msrv = "1.58"]
pub mod board_scan;
#[clippy::msrv = "1.58"]
pub mod column_abs;
#[clippy::msrv = "1.58"]
pub mod three_arrays;
#[clippy::msrv = "1.58"]
pub mod bitmask;
#[clippy::msrv = "1.58"]
pub mod mirror;
#[clippy::msrv = "1.58"]
pub mod symmetry;
pub mod parallel;
pub mod counting;
/// The four-quarter join: quarter boards' diagonal patterns joined in bulk (not judge-ready).
pub mod quarters;
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
    /// 18 when it counts only through the judge's signature.
    pub max_n: u32,
    /// Whether it counts unique solutions ([`counting::unique_with`]).
    pub counts_unique: bool,
    /// Whether it uses more than one thread when asked ([`counting::Options::threads`]).
    pub threads: bool,
    /// Its own 64-bit counter; `None` to count through [`Approach::solve`].
    pub count: Option<counting::CountFn>,
    /// For an approach that builds tables: the bytes it would plan for `n`
    /// on `threads` threads, or its refusal, as [`quarters::memory_needed`]
    /// (not instant: up to about a second). `None` for the others.
    pub memory_needed: Option<counting::MemoryFn>,
}

impl Approach {
    /// An approach that counts through its judge signature only (n <= 18);
    /// written through the `approach!` macro below.
    pub const fn new(
        name: &'static str,
        idea: &'static str,
        judge_ready: bool,
        source: &'static str,
        solve: fn(i32) -> i32,
    ) -> Approach {
        Approach {
            name,
            idea,
            judge_ready,
            source,
            solve,
            max_n: 18,
            counts_unique: false,
            threads: false,
            count: None,
            memory_needed: None,
        }
    }

    /// The same approach with its own 64-bit counter, for `n <= max_n`.
    pub const fn counts(self, max_n: u32, count: counting::CountFn) -> Approach {
        Approach { max_n, count: Some(count), ..self }
    }

    /// The same approach, marked as counting unique solutions too.
    pub const fn unique(self) -> Approach {
        Approach { counts_unique: true, ..self }
    }

    /// The same approach, marked as using more than one thread.
    pub const fn threaded(self) -> Approach {
        Approach { threads: true, ..self }
    }

    /// The same approach, with the memory check of its tables.
    pub const fn plans_memory(self, memory_needed: counting::MemoryFn) -> Approach {
        Approach { memory_needed: Some(memory_needed), ..self }
    }
}

/// `approach!(judge_ready, module, "idea")` or
/// `approach!(not_judge_ready, module, "idea")`: the [`Approach`] of
/// `module`, its source file `module.rs` and `module::Solution::total_n_queens`.
macro_rules! approach {
    (judge_ready, $module:ident, $idea:expr) => {
        approach!(@ true, $module, $idea)
    };
    (not_judge_ready, $module:ident, $idea:expr) => {
        approach!(@ false, $module, $idea)
    };
    (@ $judge_ready:expr, $module:ident, $idea:expr) => {
        Approach::new(
            stringify!($module),
            $idea,
            $judge_ready,
            include_str!(concat!(stringify!($module), ".rs")),
            $module::Solution::total_n_queens,
        )
    };
}

/// Every approach, in the order of the chain. A new one is one line here,
/// e.g. `approach!(not_judge_ready, module, "idea"),` (counting through its
/// judge signature, n <= 18), plus `.counts(..)` if it has a 64-bit counter.
pub const APPROACHES: &[Approach] = &[
    approach!(judge_ready, board_scan, "n×n board; scan the column and both diagonals above each square"),
    approach!(judge_ready, column_abs, "one column per row; attacked when same column or |Δrow| == |Δcol|"),
    approach!(judge_ready, three_arrays, "flags for columns, \"\\\" diagonals and \"/\" anti-diagonals: O(1) check"),
    approach!(judge_ready, bitmask, "three integer masks; visit only the free squares, lowest bit first"),
    approach!(judge_ready, mirror, "left-right mirror: row 0's queen in the left half, count doubled")
        .counts(counting::MAX_N, counting::mirror),
    approach!(judge_ready, symmetry, "all 8 symmetries: one canonical board per class, weighted 8, 4 or 2")
        .counts(counting::MAX_N, counting::symmetry)
        .unique(),
    approach!(not_judge_ready, parallel, "the symmetry search cut into tasks, on every core")
        .counts(counting::MAX_N, counting::parallel)
        .unique()
        .threaded(),
    approach!(not_judge_ready, quarters, "quarter boards' diagonal patterns joined in bulk, on every core")
        .counts(quarters::MAX_N, counting::quarters)
        .threaded()
        .plans_memory(quarters::memory_needed),
];

/// The approach called `name`, if there is one.
pub fn approach(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}
