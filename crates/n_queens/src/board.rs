//! # The compact board
//!
//! Every solution puts one queen in each row, so a board is the column of
//! each row's queen: n numbers instead of the judge's n strings of n
//! characters. That is what lets [`construct`](crate::construct) hand out a
//! board of a million queens (4 MB) whose drawing would take a terabyte.
//! [`Board::to_rows`] draws the judge's format.

use std::fmt;

/// A placement of `n` queens, one in each row of an n×n board:
/// [`columns()`](Board::columns)`[row]` is the column of the queen in `row`.
///
/// Every column is on the board (`< n`), as [`Board::new`] checks; that no
/// two queens attack each other is not part of the type (this crate returns
/// only solutions, and its tests check them with `n_queens_cases`' validator).
///
/// Boards compare by their columns, row 0 first (lexicographic order), the
/// order that picks the smallest board of a class in [`unique`](crate::unique).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    columns: Vec<u32>,
}

impl Board {
    /// The board with the queen of `row` in column `columns[row]`, of size
    /// `n = columns.len()`; `Board::new(vec![])` is the empty board. O(n).
    ///
    /// # Panics
    /// If a column is off the board (`columns[row] >= n`); the message names the row.
    pub fn new(columns: Vec<u32>) -> Board {
        let n = columns.len();
        if let Some((row, &col)) = columns.iter().enumerate().find(|&(_, &col)| col as usize >= n) {
            panic!("Board::new: row {row} has its queen in column {col}, off a {n}x{n} board (columns are 0..{n})");
        }
        Board { columns }
    }

    /// The column of the queen in each row, row 0 (the top row) first.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The columns, giving up the board.
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// The size of the board: n rows, n columns, n queens.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The judge's format: one string per row, `'Q'` for the queen and `'.'`
    /// for every other square, e.g. `[".Q..", "...Q", "Q...", "..Q."]`.
    /// O(n²) time and memory: for a million queens use `Display`.
    pub fn to_rows(&self) -> Vec<String> {
        let n = self.n();
        self.columns
            .iter()
            .map(|&col| {
                let col = col as usize;
                ".".repeat(col) + "Q" + &".".repeat(n - col - 1)
            })
            .collect()
    }
}

/// The columns separated by single spaces, row 0 first: the board
/// `[".Q..", "...Q", "Q...", "..Q."]` shows as `1 3 0 2`, the empty one as `""`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, col) in self.columns.iter().enumerate() {
            if row > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{col}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_displays_and_orders_the_columns() {
        let board = Board::new(vec![1, 3, 0, 2]);
        assert_eq!(board.to_rows(), [".Q..", "...Q", "Q...", "..Q."]);
        assert_eq!((board.n(), board.columns()), (4, &[1, 3, 0, 2][..]));
        assert_eq!(board.to_string(), "1 3 0 2");
        assert_eq!(Board::new(vec![0]).to_string(), "0");
        assert!(board < Board::new(vec![2, 0, 3, 1]), "row 0 first");
        let empty = Board::new(vec![]);
        assert_eq!((empty.n(), empty.to_string(), empty.to_rows()), (0, String::new(), vec![]));
    }

    #[test]
    #[should_panic(expected = "row 2 has its queen in column 4, off a 4x4 board")]
    fn refuses_a_column_off_the_board() {
        Board::new(vec![1, 3, 4, 2]);
    }
}
