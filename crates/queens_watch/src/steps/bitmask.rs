//! Step 4's check, as `n_queens_ii/src/bitmask.rs` writes it: each call has
//! its own masks, computes `free` once and takes its lowest bit until none is
//! left; nothing is undone. Its mistakes: `&` for `|`, `full = 1 << n`, the "/" shift reversed.

use std::collections::VecDeque;

use super::checker::{Call, Checker, Free, Marker, Panel};
use queens_cli::Problem;
use crate::event::{Event, Line};
use crate::square::{Queen, Square};
use crate::mistakes::{Crash, Mistake};

/// The calls in progress, each with its masks.
#[derive(Clone, Debug)]
pub struct Check {
    n: usize,
    mistake: Option<Mistake>,
    full: u32,
    calls: Vec<Call>,
}

impl Check {
    /// The check of an n×n board, with `mistake` in place of its code if it is this step's.
    pub fn boxed(n: usize, mistake: Option<Mistake>) -> Box<dyn Checker> {
        let full = match mistake {
            Some(Mistake::FullOneBit) => 1 << n,
            _ => (1 << n) - 1,
        };
        let mut calls = Vec::with_capacity(n + 2);
        calls.push(Call { columns: 0, diagonals: 0, anti_diagonals: 0, free: Free::NotYet });
        Box::new(Check { n, mistake, full, calls })
    }

    fn top(&mut self) -> &mut Call {
        let last = self.calls.len() - 1;
        &mut self.calls[last]
    }
}

impl Checker for Check {
    fn enter(&mut self, row: usize, out: &mut VecDeque<Event>) {
        let Call { columns, diagonals, anti_diagonals, .. } = *self.top();
        if self.mistake == Some(Mistake::AndInsteadOfOr) && row == self.n {
            // No queen is ever recorded: the calls go on past the board, without end.
            out.push_back(Event::Crash(Crash::StackOverflow));
        } else if columns == self.full {
            out.push_back(Event::Solution);
        } else {
            let free = self.full & !(columns | diagonals | anti_diagonals);
            out.push_back(Event::Masks { row, columns, diagonals, anti_diagonals, free });
        }
    }

    fn square(&mut self, row: usize, _: &[usize], out: &mut VecDeque<Event>) -> bool {
        let free = match self.top().free {
            Free::Left(free) if free != 0 => free,
            _ => return false,
        };
        let lowest = free & free.wrapping_neg();
        out.push_back(Event::Lowest { row, lowest });
        out.push_back(Event::Cleared { row, free: free & (free - 1) });
        out.push_back(Event::Place { row, col: lowest.trailing_zeros() as usize });
        true
    }

    fn take_effect(&mut self, event: &Event) {
        match *event {
            Event::Masks { free, .. } | Event::Cleared { free, .. } => self.top().free = Free::Left(free),
            Event::Solution => self.top().free = Free::Solved,
            Event::Place { col, .. } => {
                let (lowest, call) = (1 << col, *self.top());
                let (columns, diagonals, anti_diagonals) = match self.mistake {
                    Some(Mistake::AndInsteadOfOr) => {
                        (call.columns & lowest, (call.diagonals & lowest) << 1, (call.anti_diagonals & lowest) >> 1)
                    }
                    Some(Mistake::ShiftWrongWay) => {
                        (call.columns | lowest, (call.diagonals | lowest) << 1, (call.anti_diagonals | lowest) << 1)
                    }
                    _ => (call.columns | lowest, (call.diagonals | lowest) << 1, (call.anti_diagonals | lowest) >> 1),
                };
                self.calls.push(Call { columns, diagonals, anti_diagonals, free: Free::NotYet });
            }
            Event::Back { .. } => _ = self.calls.pop(),
            _ => {}
        }
    }

    fn line(&self, event: &Event, _: Problem) -> Option<Marker> {
        let text = match (event, self.mistake) {
            (Event::Place { .. } | Event::Crash(_), Some(mistake @ Mistake::AndInsteadOfOr)) => mistake.row().line,
            (Event::Place { .. }, Some(mistake @ Mistake::ShiftWrongWay)) => mistake.row().line,
            (Event::Solution, _) => "if columns == full",
            (Event::Masks { .. }, _) => "let mut free = full & !(columns | diagonals | anti_diagonals)",
            (Event::Back { .. }, _) => "while free != 0",
            (Event::Lowest { .. }, _) => "let lowest = free & free.wrapping_neg()",
            (Event::Cleared { .. }, _) => "free &= free - 1",
            (Event::Place { .. }, _) => "place_row(full, columns | lowest",
            _ => return None,
        };
        Some(text.into())
    }

    fn panel(&self) -> Panel<'_> {
        Panel::Calls(&self.calls)
    }

    fn squares(&self) -> &'static [Square] {
        &[Square::Blocked(Line::Column), Square::Free, Square::Tried, Square::Queen(Queen::Placed)]
    }

    fn one_check(&self) -> &'static str {
        "free mask"
    }

    fn heap_bytes(&self) -> usize {
        self.calls.capacity() * size_of::<Call>()
    }
}
