//! # 3. Three arrays of flags
//!
//! **Idea.** Instead of asking every queen above "do you attack (row, col)?",
//! remember which lines are taken. A queen takes one column, one "\" diagonal
//! and one "/" anti-diagonal; each kind of line gets a boolean array:
//!
//! - `columns[col]`: n entries.
//! - `diagonals[row - col + n - 1]`: along a "\" diagonal `row - col` is
//!   constant, from `-(n - 1)` to `n - 1`; adding `n - 1` makes it an index
//!   in `0..2n - 1`.
//! - `anti_diagonals[row + col]`: along a "/" anti-diagonal `row + col` is
//!   constant, from `0` to `2n - 2`, so also `2n - 1` entries.
//!
//! Placing a queen sets three flags; taking it back clears them.
//!
//! **What changed.** The check no longer loops over the queens above: three
//! array reads answer it. That is the step from O(n) to O(1) per square.
//!
//! **Cost.** O(1) per check. Time O(n · n!) at most (n candidate squares per
//! partial placement); space O(n): `n + 2 · (2n - 1)` flags.
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
        let mut lines = Lines {
            n,
            columns: vec![false; n],
            // `2 * n - 1` would underflow for n = 0; saturating keeps it 0.
            diagonals: vec![false; (2 * n).saturating_sub(1)],
            anti_diagonals: vec![false; (2 * n).saturating_sub(1)],
        };
        lines.count_from_row(0)
    }
}

/// The lines taken by the queens placed so far.
struct Lines {
    n: usize,
    /// `columns[col]`: a queen stands in column `col`.
    columns: Vec<bool>,
    /// `diagonals[row - col + n - 1]`: a queen stands on that "\" diagonal.
    diagonals: Vec<bool>,
    /// `anti_diagonals[row + col]`: a queen stands on that "/" anti-diagonal.
    anti_diagonals: Vec<bool>,
}

impl Lines {
    /// The number of ways to fill rows `row..n` given the queens above.
    fn count_from_row(&mut self, row: usize) -> i32 {
        let n = self.n;
        if row == n {
            return 1;
        }
        let mut count = 0;
        for col in 0..n {
            // `row + n - 1 - col` is `row - col + n - 1` reordered so that the
            // unsigned arithmetic never goes below zero.
            let diagonal = row + n - 1 - col;
            let anti_diagonal = row + col;
            if self.columns[col] || self.diagonals[diagonal] || self.anti_diagonals[anti_diagonal] {
                continue;
            }
            self.set(col, diagonal, anti_diagonal, true);
            count += self.count_from_row(row + 1);
            self.set(col, diagonal, anti_diagonal, false);
        }
        count
    }

    fn set(&mut self, col: usize, diagonal: usize, anti_diagonal: usize, taken: bool) {
        self.columns[col] = taken;
        self.diagonals[diagonal] = taken;
        self.anti_diagonals[anti_diagonal] = taken;
    }
}
