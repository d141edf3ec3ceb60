//! # The compact board
//!
//! Every solution puts exactly one queen in each row, so a board is fully
//! described by one number per row: the column of its queen. [`Board`] holds
//! just that, `columns()[row] = col`: n numbers instead of the judge's n
//! strings of n characters. That is what lets [`construct`](crate::construct)
//! hand out a board of a million queens (4 MB) whose drawing would take a
//! terabyte.
//!
//! **Board.** Row 0 is the top row, column 0 the leftmost column; `row - col`
//! is constant along a "\" diagonal and `row + col` along a "/" anti-diagonal.
//!
//! **Not judge-ready:** the judge wants `Vec<Vec<String>>`, which
//! [`Board::to_rows`] (or `Vec::<String>::from(board)`) draws.

use std::fmt;

/// A placement of `n` queens, one in each row of an n×n board:
/// [`columns()`](Board::columns)`[row]` is the column of the queen in `row`.
///
/// Every column is on the board (`< n`); [`Board::new`] checks that. Whether
/// two queens attack each other is not part of the type: every function of
/// this crate returns only solutions, and the tests prove it with the
/// independent validator of `n_queens_cases`.
///
/// Boards compare by their columns, row 0 first (lexicographic order); that
/// order picks the "smallest" board of a symmetry class in
/// [`unique`](crate::unique).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    /// `columns[row]`: the column of the queen in `row`.
    columns: Vec<u32>,
}

impl Board {
    /// The board with the queen of `row` in column `columns[row]`; its size
    /// `n` is `columns.len()`. `Board::new(vec![])` is the empty board (n = 0).
    ///
    /// O(n): each column is checked to be on the board.
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
    ///
    /// O(n²) time and memory: fine for the judge's sizes, not for a board of
    /// a million queens (use [`columns`](Board::columns) or `Display` there).
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
/// `[".Q..", "...Q", "Q...", "..Q."]` shows as `1 3 0 2`. The empty board
/// shows as an empty string.
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

/// The judge's format, as [`Board::to_rows`].
impl From<Board> for Vec<String> {
    fn from(board: Board) -> Vec<String> {
        board.to_rows()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_judge_format() {
        let board = Board::new(vec![1, 3, 0, 2]);
        assert_eq!(board.to_rows(), [".Q..", "...Q", "Q...", "..Q."]);
        assert_eq!(Vec::<String>::from(board.clone()), board.to_rows());
        assert_eq!(board.n(), 4);
        assert_eq!(board.columns(), [1, 3, 0, 2]);
    }

    #[test]
    fn displays_the_columns() {
        assert_eq!(Board::new(vec![1, 3, 0, 2]).to_string(), "1 3 0 2");
        assert_eq!(Board::new(vec![0]).to_string(), "0");
        assert_eq!(Board::new(vec![]).to_string(), "");
    }

    #[test]
    fn the_empty_board_has_no_rows() {
        let empty = Board::new(Vec::new());
        assert_eq!(empty.n(), 0);
        assert!(empty.to_rows().is_empty());
    }

    #[test]
    #[should_panic(expected = "row 2 has its queen in column 4, off a 4x4 board")]
    fn refuses_a_column_off_the_board() {
        Board::new(vec![1, 3, 4, 2]);
    }

    #[test]
    fn orders_by_columns_row_0_first() {
        assert!(Board::new(vec![1, 3, 0, 2]) < Board::new(vec![2, 0, 3, 1]));
    }
}
