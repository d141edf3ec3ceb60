//! Step 1's check, as `n_queens_ii/src/board_scan.rs` writes it: for each
//! column, `is_safe` reads down the column from the top row to the row
//! above, then walks up-left, then up-right from the square, each read
//! stopping at the first queen. Its mistakes: the base case after the loop,
//! and the base case one row early.

use std::collections::VecDeque;

use super::checker::{Checker, ColumnLoop, Marker, Panel};
use queens_cli::Problem;
use crate::event::{Event, Line};
use crate::square::{Queen, Square};
use crate::mistakes::{Crash, Mistake};

/// The board is the queens' columns: `board[r][c]` is `queens[r] == c`.
#[derive(Clone, Debug)]
pub struct Check {
    n: usize,
    base_case_after_the_loop: bool,
    one_row_early: bool,
    cols: ColumnLoop,
}

impl Check {
    /// The check of an n×n board, with `mistake` in place of its code if it is this step's.
    pub fn boxed(n: usize, mistake: Option<Mistake>) -> Box<dyn Checker> {
        let base_case_after_the_loop = mistake == Some(Mistake::BaseCaseAfterTheLoop);
        let one_row_early = mistake == Some(Mistake::BaseCaseOneRowEarly);
        Box::new(Check { n, base_case_after_the_loop, one_row_early, cols: ColumnLoop::new(n) })
    }

    /// `is_safe(board, row, col)`, each square read queued; whether no queen above attacks.
    fn is_safe(&self, queens: &[usize], row: usize, col: usize, out: &mut VecDeque<Event>) -> bool {
        let n = self.n;
        // Down the column from the top row, as `board[..row]` reads it; then up-left and up-right from the square.
        let column: Vec<(usize, usize)> = (0..row).map(|r| (r, col)).collect();
        let diagonal = (1..=row.min(col)).map(|k| (row - k, col - k)).collect();
        let anti_diagonal = (1..=row.min(n.saturating_sub(col + 1))).map(|k| (row - k, col + k)).collect();
        for (line, squares) in Line::ALL.into_iter().zip([column, diagonal, anti_diagonal]) {
            for (r, c) in squares {
                let queen = queens[r] == c;
                out.push_back(Event::Scan { line, row: r, col: c, queen });
                if queen {
                    return false;
                }
            }
        }
        true
    }
}

impl Checker for Check {
    fn enter(&mut self, row: usize, out: &mut VecDeque<Event>) {
        if self.one_row_early && row + 1 == self.n {
            // Counted as the last row is reached, before a queen is placed there.
            out.push_back(Event::Solution);
        } else if row == self.n {
            out.push_back(match self.base_case_after_the_loop {
                // The loop runs first, and reads `board[n]`, past the last row.
                true => Event::Crash(Crash::IndexOutOfBounds { len: self.n, index: self.n }),
                false => Event::Solution,
            });
        }
    }

    fn square(&mut self, row: usize, queens: &[usize], out: &mut VecDeque<Event>) -> bool {
        let Some(col) = self.cols.next() else { return false };
        out.push_back(Event::Try { row, col });
        if self.base_case_after_the_loop {
            // Placed first, then checked, and taken back whatever the check says.
            out.push_back(Event::Place { row, col });
            if !self.is_safe(queens, row, col, out) {
                out.push_back(Event::Back { row, col });
            }
        } else if self.is_safe(queens, row, col, out) {
            out.push_back(Event::Place { row, col });
        }
        true
    }

    fn take_effect(&mut self, event: &Event) {
        self.cols.take_effect(event);
    }

    fn line(&self, event: &Event, problem: Problem) -> Option<Marker> {
        const UP_LEFT: &str = "while r > 0 && c > 0";
        const UP_RIGHT: &str = "while r > 0 && c + 1 < n";
        let (after, text) = match event {
            Event::Back { .. } if self.base_case_after_the_loop => ("", "board[row][col] = false"),
            Event::Place { .. } | Event::Crash(_) if self.base_case_after_the_loop => ("", "board[row][col] = true"),
            // A diagonal's square is read by the `if` of that ray's loop, whether it holds a queen or not.
            Event::Scan { line: Line::Diagonal, .. } => (UP_LEFT, "if board[r][c]"),
            Event::Scan { line: Line::AntiDiagonal, .. } => (UP_RIGHT, "if board[r][c]"),
            Event::Solution if self.one_row_early => ("", Mistake::BaseCaseOneRowEarly.row().line),
            Event::Solution => ("", "if row == n"),
            Event::Try { .. } => ("", "for col in 0..n"),
            Event::Place { .. } if problem == Problem::NQueens => ("", "board[row][col] = b'Q'"),
            Event::Place { .. } => ("", "board[row][col] = true"),
            Event::Back { .. } => ("", "// take the queen back"),
            Event::Scan { line: Line::Column, .. } => ("", "board[..row].iter().any"),
            _ => return None,
        };
        Some(Marker { text, after })
    }

    fn panel(&self) -> Panel<'_> {
        Panel::Reads("reads down the column, then up-left, up-right")
    }

    fn squares(&self) -> &'static [Square] {
        &[Square::Tried, Square::Read(Line::Column), Square::Queen(Queen::Refuses), Square::Queen(Queen::Placed)]
    }

    fn one_check(&self) -> &'static str {
        "square read"
    }

    fn heap_bytes(&self) -> usize {
        self.cols.heap_bytes()
    }
}
