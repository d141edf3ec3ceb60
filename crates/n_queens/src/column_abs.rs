//! # 2. One column per row
//!
//! **Idea.** A solution has exactly one queen per row, so the board is fully
//! described by `cols[row] = col`, the column of the queen in each row. The
//! queen of an earlier row `i` attacks (row, col) when it is in the same
//! column, `col == cols[i]`, or on a shared diagonal: the two queens are as
//! many rows apart as columns apart, `row - i == |col - cols[i]|`. That one
//! test covers both the "\" and the "/" direction.
//!
//! **What changed.** The n×n board is gone: O(n) memory instead of O(n²), and
//! the check compares against the `row` queens placed so far instead of
//! walking three lines of squares. The strings are built only for a finished
//! board.
//!
//! **Cost.** O(row) per check, so O(n) at worst. Time O(n² · n!) at most, with
//! a smaller constant than the board scan; space O(n) besides the output.
//!
//! **Board.** Row 0 is the top row, column 0 the leftmost column; `row - col`
//! is constant along a "\" diagonal and `row + col` along a "/" anti-diagonal.
//!
//! **Range.** `n = 0` has one solution, the empty board; `n < 0` has none.
//! `n > 18` panics with a message: n = 19 already has 4,968,057,848 boards,
//! more than an `i32` can count (LeetCode 52 returns `i32`) or memory can hold.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// Every solution of the `n`-queens puzzle, each board as `n` strings
    /// (`'Q'` a queen, `'.'` empty), in no particular order.
    ///
    /// `n = 0` gives one empty board, `n < 0` none.
    ///
    /// # Panics
    /// If `n > 18`: see the module documentation.
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        if n < 0 {
            return Vec::new();
        }
        assert!(
            n <= 18,
            "solve_n_queens: n = {n} is out of range; this approach supports n <= 18 \
             (n = 19 has 4968057848 boards, more than an i32 can count)"
        );
        let n = n as usize;
        let mut cols = Vec::with_capacity(n);
        let mut solutions = Vec::new();
        place_row(n, &mut cols, &mut solutions);
        solutions
    }
}

/// `cols` holds the queens of the rows above; tries every column of the next row.
fn place_row(n: usize, cols: &mut Vec<usize>, solutions: &mut Vec<Vec<String>>) {
    let row = cols.len();
    if row == n {
        solutions.push(draw(cols));
        return;
    }
    for col in 0..n {
        if is_safe(cols, col) {
            cols.push(col);
            place_row(n, cols, solutions);
            cols.pop();
        }
    }
}

/// Whether a queen in the next row (row = `cols.len()`), column `col`, is
/// attacked by none of the queens above.
fn is_safe(cols: &[usize], col: usize) -> bool {
    let row = cols.len();
    cols.iter().enumerate().all(|(i, &queen_col)| {
        // Signed: `col - queen_col` can be negative. (`usize::abs_diff` would
        // do, but it needs Rust 1.60 and the judge may run an older compiler.)
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        queen_col != col && row - i != col_distance
    })
}

/// The judge's format: one string per row, the queen of row `r` at `cols[r]`.
fn draw(cols: &[usize]) -> Vec<String> {
    let n = cols.len();
    cols.iter().map(|&col| ".".repeat(col) + "Q" + &".".repeat(n - col - 1)).collect()
}
