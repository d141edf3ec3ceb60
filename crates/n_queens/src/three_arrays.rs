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
//! Placing a queen sets its three flags. Taking it back must clear them
//! again: the flags are shared by the whole search, and the next column tried
//! in this row must not see a queen that is no longer there.
//!
//! **What changed.** The check no longer loops over the queens above: three
//! array reads answer it. That is the step from O(n) to O(1) per square.
//!
//! **Cost.** O(1) per check. Time O(n · n!) at most (n candidate squares per
//! partial placement); space O(n): `n + 2 · (2n - 1)` flags and the columns.

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
        let mut lines = Lines::new(n);
        let mut queens = Vec::with_capacity(n);
        let mut solutions = Vec::new();
        place_row(n, &mut lines, &mut queens, &mut solutions);
        solutions
    }
}

/// The lines taken by the queens placed so far.
struct Lines {
    /// `columns[col]`: a queen stands in column `col`.
    columns: Vec<bool>,
    /// `diagonals[row - col + n - 1]`: a queen stands on that "\" diagonal.
    diagonals: Vec<bool>,
    /// `anti_diagonals[row + col]`: a queen stands on that "/" anti-diagonal.
    anti_diagonals: Vec<bool>,
}

impl Lines {
    /// No line taken: `n` columns and `2n - 1` lines of each diagonal kind.
    fn new(n: usize) -> Lines {
        Lines {
            columns: vec![false; n],
            // `2 * n - 1` would underflow for n = 0; saturating keeps it 0.
            diagonals: vec![false; (2 * n).saturating_sub(1)],
            anti_diagonals: vec![false; (2 * n).saturating_sub(1)],
        }
    }

    /// Marks the three lines through one square as taken, or as free again.
    fn set(&mut self, col: usize, diagonal: usize, anti_diagonal: usize, taken: bool) {
        self.columns[col] = taken;
        self.diagonals[diagonal] = taken;
        self.anti_diagonals[anti_diagonal] = taken;
    }
}

/// `queens` holds the queens of the rows above and `lines` the lines they
/// take; tries every column of the next row.
fn place_row(n: usize, lines: &mut Lines, queens: &mut Vec<usize>, solutions: &mut Vec<Vec<String>>) {
    let row = queens.len();
    if row == n {
        solutions.push(draw(queens));
        return;
    }
    for col in 0..n {
        // `row + n - 1 - col` is `row - col + n - 1` reordered so that the
        // unsigned arithmetic never goes below zero.
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
            lines.set(col, diagonal, anti_diagonal, true);
            queens.push(col);
            place_row(n, lines, queens, solutions);
            queens.pop();
            lines.set(col, diagonal, anti_diagonal, false); // take the queen back: free its lines
        }
    }
}

/// The judge's format: one string per row, the queen of row `row` at `queens[row]`.
fn draw(queens: &[usize]) -> Vec<String> {
    let n = queens.len();
    queens.iter().map(|&col| ".".repeat(col) + "Q" + &".".repeat(n - col - 1)).collect()
}
