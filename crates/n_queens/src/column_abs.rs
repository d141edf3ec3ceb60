//! # 2. One column per row
//!
//! **Idea.** A solution has exactly one queen per row, so the board is fully
//! described by `queens[row] = col`, the column of the queen in each row.
//! The queen of an earlier row `i` attacks (row, col) when it is in the same
//! column, `col == queens[i]`, or on a shared diagonal: the two queens are as
//! many rows apart as columns apart, `row - i == |col - queens[i]|`. That one
//! test covers both the "\" and the "/" direction.
//!
//! **What changed.** The n×n board is gone: O(n) memory instead of O(n²), and
//! the check compares against the `row` queens placed so far instead of
//! walking three lines of squares. The strings are built only for a finished
//! board.
//!
//! **Cost.** O(row) per check, so O(n) at worst. Time O(n² · n!) at most, with
//! a smaller constant than the board scan; space O(n) besides the output.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// Every solution of the `n`-queens puzzle, each board as `n` strings
    /// (`'Q'` a queen, `'.'` empty), in no particular order.
    ///
    /// `n = 0` gives one empty board, `n < 0` none.
    ///
    /// # Panics
    /// If `n > 15`: n = 16 has 14,772,512 boards, and as strings they need
    /// over 9 GB (16 strings of 16 bytes each, 24 more for each `String`).
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        if n < 0 {
            return Vec::new();
        }
        assert!(
            n <= 15,
            "solve_n_queens: n = {} is out of range; this approach supports n <= 15 \
             (n = 16 has 14772512 boards, over 9 GB as strings)",
            n
        );
        let n = n as usize;
        let mut queens = Vec::with_capacity(n);
        let mut solutions = Vec::new();
        place_row(n, &mut queens, &mut solutions);
        solutions
    }
}

/// `queens` holds the queens of the rows above; tries every column of the next row.
fn place_row(n: usize, queens: &mut Vec<usize>, solutions: &mut Vec<Vec<String>>) {
    let row = queens.len();
    if row == n {
        solutions.push(draw(queens));
        return;
    }
    for col in 0..n {
        if is_safe(queens, col) {
            queens.push(col);
            place_row(n, queens, solutions);
            queens.pop(); // take the queen back and try the next column
        }
    }
}

/// Whether a queen in the next row (row = `queens.len()`), column `col`, is
/// attacked by none of the queens above.
fn is_safe(queens: &[usize], col: usize) -> bool {
    let row = queens.len();
    queens.iter().enumerate().all(|(queen_row, &queen_col)| {
        // Signed: `col - queen_col` can be negative. (`usize::abs_diff` would
        // do, but it needs Rust 1.60 and the judge may run an older compiler.)
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        queen_col != col && row - queen_row != col_distance
    })
}

/// The judge's format: one string per row, the queen of row `row` at `queens[row]`.
fn draw(queens: &[usize]) -> Vec<String> {
    let n = queens.len();
    queens.iter().map(|&col| ".".repeat(col) + "Q" + &".".repeat(n - col - 1)).collect()
}
