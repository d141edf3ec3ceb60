//! Step 3's check, as `n_queens_ii/src/three_arrays.rs` writes it: three
//! flags read, set by a queen placed, cleared when it is taken back. Its
//! mistakes: the flags not cleared, and two wrong diagonal indexes.

use std::collections::VecDeque;

use super::checker::{Checker, ColumnLoop, Marker, Panel};
use queens_cli::Problem;
use crate::event::{Event, Line};
use crate::square::{Queen, Square};
use crate::mistakes::{Crash, Mistake};

/// `lines`: the three arrays of flags.
#[derive(Clone, Debug)]
pub struct Check {
    n: usize,
    mistake: Option<Mistake>,
    lines: [Vec<bool>; 3],
    cols: ColumnLoop,
}

impl Check {
    /// The check of an n×n board, with `mistake` in place of its code if it is this step's.
    pub fn boxed(n: usize, mistake: Option<Mistake>) -> Box<dyn Checker> {
        let diagonals = (2 * n).saturating_sub(1);
        let lines = [vec![false; n], vec![false; diagonals], vec![false; diagonals]];
        Box::new(Check { n, mistake, lines, cols: ColumnLoop::new(n) })
    }

    /// What `row - col` is offset by: `n - 1` (`None`: without an offset).
    fn offset(&self) -> Option<usize> {
        match self.mistake {
            Some(Mistake::DiagonalWithoutOffset) => None,
            Some(Mistake::OffsetN) => Some(self.n),
            _ => Some(self.n.saturating_sub(1)),
        }
    }

    /// `row + n - 1 - col`, the index of the "\" diagonal: `None` below zero.
    fn diagonal(&self, row: usize, col: usize) -> Option<usize> {
        self.offset().map_or(row.checked_sub(col), |offset| Some(row + offset - col))
    }

    /// `lines.set(col, diagonal, anti_diagonal, taken)`.
    fn set(&mut self, row: usize, col: usize, taken: bool) {
        let Some(diagonal) = self.diagonal(row, col) else { return };
        for (flags, index) in self.lines.iter_mut().zip([col, diagonal, row + col]) {
            if let Some(flag) = flags.get_mut(index) {
                *flag = taken;
            }
        }
    }
}

impl Checker for Check {
    fn enter(&mut self, row: usize, out: &mut VecDeque<Event>) {
        if row == self.n {
            out.push_back(Event::Solution);
        }
    }

    fn square(&mut self, row: usize, _: &[usize], out: &mut VecDeque<Event>) -> bool {
        let Some(col) = self.cols.next() else { return false };
        out.push_back(Event::Try { row, col });
        let Some(diagonal) = self.diagonal(row, col) else {
            out.push_back(Event::Crash(Crash::SubtractOverflow));
            return true;
        };
        // `if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal]`
        for ((line, flags), index) in Line::ALL.into_iter().zip(&self.lines).zip([col, diagonal, row + col]) {
            let Some(&taken) = flags.get(index) else {
                out.push_back(Event::Crash(Crash::IndexOutOfBounds { len: flags.len(), index }));
                return true;
            };
            out.push_back(Event::Flag { line, index, taken });
            if taken {
                return true;
            }
        }
        out.push_back(Event::Place { row, col });
        true
    }

    fn take_effect(&mut self, event: &Event) {
        self.cols.take_effect(event);
        match *event {
            Event::Place { row, col } => self.set(row, col, true),
            Event::Back { row, col } if self.mistake != Some(Mistake::FlagsNotCleared) => self.set(row, col, false),
            _ => {}
        }
    }

    fn line(&self, event: &Event, _: Problem) -> Option<Marker> {
        let text = match (event, self.mistake) {
            (Event::Back { .. }, Some(mistake @ Mistake::FlagsNotCleared)) => mistake.row().line,
            (Event::Crash(_), Some(mistake @ Mistake::DiagonalWithoutOffset)) => mistake.row().line,
            (Event::Solution, _) => "if row == n",
            (Event::Try { .. }, _) => "for col in 0..n",
            (Event::Flag { .. } | Event::Crash(_), _) => "if !lines.columns[col] && !lines.diagonals",
            (Event::Place { .. }, _) => "lines.set(col, diagonal, anti_diagonal, true)",
            (Event::Back { .. }, _) => "lines.set(col, diagonal, anti_diagonal, false)",
            _ => return None,
        };
        Some(text.into())
    }

    fn panel(&self) -> Panel<'_> {
        Panel::Flags { lines: &self.lines, offset: self.offset() }
    }

    fn squares(&self) -> &'static [Square] {
        &[Square::Tried, Square::Queen(Queen::Placed)]
    }

    fn one_check(&self) -> &'static str {
        "flag read"
    }

    fn heap_bytes(&self) -> usize {
        self.lines.iter().map(Vec::capacity).sum::<usize>() + self.cols.heap_bytes()
    }
}
