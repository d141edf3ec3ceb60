//! # Exercise: Board scan, step 1 of 4 (LeetCode 51, N-Queens)
//!
//! **You start from** the puzzle itself: n queens on an n×n board, no two in
//! one row, one column or one diagonal.
//!
//! **What to write.** Fill an n×n board of `b'.'` one row at a time:
//! `place_row(board, row, solutions)` tries each column of `row`, places a
//! `b'Q'` where `is_safe(board, row, col)` finds no queen above (in its
//! column, up-left, up-right), fills the rows below, and takes the queen back;
//! a full board is pushed to `solutions` as n strings.
//!
//! Write your answer in place of the `todo!()`, after the `pub struct
//! Solution;` line, the way you would in the judge: std only, nothing newer
//! than Rust 1.58, the names above. Leave this header as it is. The tests ask
//! for n = 1 to 9, the judge's range; from the root of the workspace:
//!
//! ```text
//! # the shared cases, then the judge-paste test; a hint; the starting text
//! cargo run --release -- practice test 51 board_scan
//! cargo run --release -- practice hint 51 board_scan
//! cargo run --release -- practice reset 51 board_scan
//! ```
//!
//! Once it pastes into the judge, compare it with the step itself,
//! `crates/n_queens/src/board_scan.rs`.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// Every solution of the `n`-queens puzzle, each board as `n` strings
    /// (`'Q'` a queen, `'.'` empty), in any order.
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        todo!("exercise 51 board_scan, n = {n}: your answer goes here")
    }
}
