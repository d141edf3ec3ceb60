//! # Exercise: Three arrays of flags, step 3 of 4 (LeetCode 52, N-Queens II)
//!
//! **You start from** step 2, `column_abs`: `queens[row] = col`, and `is_safe`
//! asks each queen above whether it shares the column or a diagonal, one queen
//! after another.
//!
//! **What to change.** Remember which lines are taken instead of asking every
//! queen: `Lines { columns, diagonals, anti_diagonals }`, flags at `col`,
//! `row - col + n - 1` and `row + col`, set when `place_row` places a queen and
//! cleared when it takes it back. A square then costs three reads.
//!
//! The `impl` below holds only a `todo!()`: copy in your own step 2 answer,
//! everything after `pub struct Solution;` in
//! `crates/n_queens_ii/exercises/column_abs.rs`, in place of the `impl`, and
//! change it (or write it afresh). Keep it after the `pub struct Solution;`
//! line, the way you would in the judge: std only, nothing newer than Rust
//! 1.58, the names above. Leave this header as it is. The tests ask for n = 1
//! to 9, the judge's range; from the root of the workspace:
//!
//! ```text
//! # the shared cases, then the judge-paste test; a hint; the starting text
//! cargo run --release -- practice test 52 three_arrays
//! cargo run --release -- practice hint 52 three_arrays
//! cargo run --release -- practice reset 52 three_arrays
//! ```
//!
//! Once it pastes into the judge, compare it with the step itself,
//! `crates/n_queens_ii/src/three_arrays.rs`.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// The number of solutions of the `n`-queens puzzle.
    pub fn total_n_queens(n: i32) -> i32 {
        todo!("exercise 52 three_arrays, n = {n}: your answer goes here")
    }
}
