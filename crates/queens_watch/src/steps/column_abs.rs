//! Step 2's check, as `n_queens_ii/src/column_abs.rs` writes it: the queen
//! of each row above, compared with the square, `row - queen_row ==
//! |col - queen_col|` on a diagonal. Its mistakes: the test with `!=`, and
//! the distance without `abs`.

use std::collections::VecDeque;

use super::checker::{Checker, ColumnLoop, Marker, Panel};
use queens_cli::Problem;
use crate::event::Event;
use crate::square::{Queen, Square};
use crate::mistakes::Mistake;

/// `queens` is the search's own: nothing else is kept.
#[derive(Clone, Debug)]
pub struct Check {
    n: usize,
    diagonal_not_equal: bool,
    distance_without_abs: bool,
    cols: ColumnLoop,
}

impl Check {
    /// The check of an n×n board, with `mistake` in place of its code if it is this step's.
    pub fn boxed(n: usize, mistake: Option<Mistake>) -> Box<dyn Checker> {
        let diagonal_not_equal = mistake == Some(Mistake::DiagonalNotEqual);
        let distance_without_abs = mistake == Some(Mistake::DistanceWithoutAbs);
        Box::new(Check { n, diagonal_not_equal, distance_without_abs, cols: ColumnLoop::new(n) })
    }

    /// `is_safe(queens, col)`, each queen compared queued; whether none attacks.
    fn is_safe(&self, queens: &[usize], col: usize, out: &mut VecDeque<Event>) -> bool {
        let row = queens.len();
        for (queen_row, &queen_col) in queens.iter().enumerate() {
            let distance = queen_col.abs_diff(col);
            let attacks = match (self.diagonal_not_equal, self.distance_without_abs) {
                (true, _) => queen_col == col || row - queen_row != distance,
                // Signed, the distance to a queen on the right is negative: never the rows' distance.
                (_, true) => queen_col == col || (row - queen_row) as i64 == col as i64 - queen_col as i64,
                _ => queen_col == col || row - queen_row == distance,
            };
            out.push_back(Event::Compare { queen_row, queen_col, distance, attacks });
            if attacks {
                return false;
            }
        }
        true
    }
}

impl Checker for Check {
    fn enter(&mut self, row: usize, out: &mut VecDeque<Event>) {
        if row == self.n {
            out.push_back(Event::Solution);
        }
    }

    fn square(&mut self, row: usize, queens: &[usize], out: &mut VecDeque<Event>) -> bool {
        let Some(col) = self.cols.next() else { return false };
        out.push_back(Event::Try { row, col });
        if self.is_safe(queens, col, out) {
            out.push_back(Event::Place { row, col });
        }
        true
    }

    fn take_effect(&mut self, event: &Event) {
        self.cols.take_effect(event);
    }

    fn line(&self, event: &Event, problem: Problem) -> Option<Marker> {
        let text = match event {
            Event::Solution if problem == Problem::NQueensII => "if queens.len() == n",
            Event::Solution => "if row == n",
            Event::Try { .. } => "for col in 0..n",
            Event::Compare { .. } if self.diagonal_not_equal => Mistake::DiagonalNotEqual.row().line,
            Event::Compare { .. } if self.distance_without_abs => Mistake::DistanceWithoutAbs.row().line,
            Event::Compare { .. } => "queen_col != col && row - queen_row != col_distance",
            Event::Place { .. } => "queens.push(col)",
            Event::Back { .. } => "queens.pop()",
            _ => return None,
        };
        Some(text.into())
    }

    fn panel(&self) -> Panel<'_> {
        Panel::Reads("compares with each queen above")
    }

    fn squares(&self) -> &'static [Square] {
        &[Square::Tried, Square::Queen(Queen::Compared), Square::Queen(Queen::Refuses), Square::Queen(Queen::Placed)]
    }

    fn one_check(&self) -> &'static str {
        "queen compared"
    }

    fn heap_bytes(&self) -> usize {
        self.cols.heap_bytes()
    }
}
