//! # 2. One column per row
//!
//! **Idea.** A solution has exactly one queen per row, so a placement is fully
//! described by `cols[row] = col`, the column of the queen in each row. The
//! queen of an earlier row `i` attacks (row, col) when it is in the same
//! column, `col == cols[i]`, or on a shared diagonal: the two queens are as
//! many rows apart as columns apart, `row - i == |col - cols[i]|`. That one
//! test covers both the "\" and the "/" direction.
//!
//! **What changed.** The n×n board is gone: O(n) memory instead of O(n²), and
//! the check compares against the `row` queens placed so far instead of
//! walking three lines of squares.
//!
//! **Cost.** O(row) per check, so O(n) at worst. Time O(n² · n!) at most, with
//! a smaller constant than the board scan; space O(n).
//!
//! **Board.** Row 0 is the top row, column 0 the leftmost column; `row - col`
//! is constant along a "\" diagonal and `row + col` along a "/" anti-diagonal.
//!
//! **Range.** `n = 0` has one solution, the empty board; `n < 0` has none.
//! `n > 18` panics with a message: the count for n = 19, 4,968,057,848, does
//! not fit in the `i32` the judge's signature returns.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// The number of solutions of the `n`-queens puzzle.
    ///
    /// `n = 0` gives 1 (the empty board), `n < 0` gives 0.
    ///
    /// # Panics
    /// If `n > 18`: the count for n = 19 does not fit in `i32`.
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        assert!(
            n <= 18,
            "total_n_queens: n = {n} is out of range; this approach supports n <= 18 \
             (the count for n = 19, 4968057848, does not fit in i32)"
        );
        let n = n as usize;
        let mut cols = Vec::with_capacity(n);
        count_from_row(n, &mut cols)
    }
}

/// `cols` holds the queens of the rows above; counts the ways to fill the rest.
fn count_from_row(n: usize, cols: &mut Vec<usize>) -> i32 {
    if cols.len() == n {
        return 1;
    }
    let mut count = 0;
    for col in 0..n {
        if is_safe(cols, col) {
            cols.push(col);
            count += count_from_row(n, cols);
            cols.pop();
        }
    }
    count
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
