//! LeetCode 52, N-Queens II: place `n` queens on an n×n board so that no two
//! attack each other, and count the ways.
//!
//! Each approach module is one step, in the order a learner climbs them;
//! each file pastes into the judge as it is (everything after its
//! `pub struct Solution;` line). Counting past the judge (`u64`, threads,
//! checkpoint files) is the crate `n_queens_count`, which builds on these.
//!
//! | approach | idea | check cost | time | space |
//! |---|---|---|---|---|
//! | [`board_scan`] | n×n board; scan the column and both diagonals above the square | O(n) | O(n² · n!) | O(n²) |
//! | [`column_abs`] | `queens[row] = col`; attacked when same column or `row - i == abs(col - queens[i])` | O(row) | O(n² · n!) | O(n) |
//! | [`three_arrays`] | flags `columns[col]`, `diagonals[row - col + n - 1]`, `anti_diagonals[row + col]` | O(1) | O(n · n!) | O(n) |
//! | [`bitmask`] | three integers; `free = full & !(columns \| diagonals \| anti_diagonals)`, lowest bit first | O(1) per free square | O(n!) | O(n) |
//! | [`mirror`] | left-right mirror: row 0's queen in the left half (odd n: middle, then row 1 in the left half), count doubled | O(1) per free square | O(n!), ½ of `bitmask`'s nodes | O(n) |
//! | [`symmetry`] | all 8 symmetries: one canonical board per class, by corner and edge rules and a check against its rotations, weighted 8, 4 or 2; also the unique count | O(1) per free square, O(n) per solution | O(n!); about a quarter of `bitmask`'s nodes | O(n) |
//!
//! The time bounds are loose upper bounds on the backtracking tree; the
//! benchmark crate measures what each step buys.
//!
//! **Board convention.** Row 0 is the top row, column 0 the leftmost column;
//! `row - col` is constant along a "\" diagonal and `row + col` along a "/"
//! anti-diagonal. Masks use bit `c` for column `c` (column 0 is the lowest bit).
//!
//! **Every `i32` has an answer.** `n = 0` has one solution, the empty board
//! (OEIS A000170: a(0) = 1); `n < 0` has none; `n > 18` panics with a message
//! naming the range: the count for n = 19, 4,968,057,848, does not fit in the
//! judge's `i32`.

// The chain's modules are declared with `APPROACHES`, below.

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
}

/// The chain's approach modules and [`APPROACHES`], from the steps of
/// [`n_queens_chain::steps!`] that LeetCode 52 has.
macro_rules! chain {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        $(
            // The judge runs old compilers: clippy flags any std API newer than Rust 1.58.
            #[clippy::msrv = "1.58"]
            pub mod $name;
        )*

        /// Every approach, in the order of the chain.
        pub const APPROACHES: &[Approach] = &[
            $(Approach {
                name: $file,
                idea: n_queens_chain::field!(problems, n_queens_chain::idea!(), $($field)*),
                judge_ready: n_queens_chain::field!(judge_ready, n_queens_chain::flag!(), $($field)*),
                source: include_str!(concat!($file, ".rs")),
                solve: $name::Solution::total_n_queens,
            },)*
        ];
    };
}
n_queens_chain::steps!([52] => chain);

/// The approach called `name`, if there is one.
pub fn approach(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}
