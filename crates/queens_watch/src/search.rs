//! The one backtracking search of the chain, run one event at a time. The
//! four steps visit the same nodes in the same order, so one search drives
//! them all; the step's checker ([`super::steps`]) decides which reads are
//! reported and how a square is judged. The search is an explicit stack, so
//! a `Search` is a small value, cloned as a checkpoint and resumed.

use std::collections::VecDeque;

use n_queens_steps::chain::Step;

use super::event::Event;
use super::mistakes::Mistake;
use super::steps::{self, Checker};

/// The search, paused between two events.
#[derive(Clone, Debug)]
pub struct Search {
    /// The board size.
    pub n: usize,
    /// The step whose check is reported.
    pub step: &'static Step,
    /// The mistake run, if any.
    pub mistake: Option<Mistake>,
    /// The column of each placed queen, row by row; the innermost call fills the next row.
    queens: Vec<usize>,
    /// Whether the innermost call has started (its base case looked at).
    entered: bool,
    checker: Box<dyn Checker>,
    /// Events computed and not handed out yet (at most one square's worth).
    pending: VecDeque<Event>,
    done: bool,
}

impl Search {
    /// A search of the n×n board by `step`, or by the step of `mistake`.
    pub fn new(n: usize, step: &'static Step, mistake: Option<Mistake>) -> Search {
        let step = mistake.map_or(step, Mistake::step);
        Search {
            n,
            step,
            mistake,
            queens: Vec::with_capacity(n + 1),
            entered: false,
            checker: steps::checker(step.name, n, mistake),
            pending: VecDeque::new(),
            done: false,
        }
    }

    /// The column of each queen placed, row 0 first.
    pub fn queens(&self) -> &[usize] {
        &self.queens
    }

    /// The step's checker, as it stands.
    pub fn checker(&self) -> &dyn Checker {
        self.checker.as_ref()
    }

    /// Bytes this search holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.queens.capacity() * size_of::<usize>()
            + self.checker.heap_bytes()
            + self.pending.capacity() * size_of::<Event>()
    }

    /// The next event; [`Event::Done`] at the end, and forever after. The
    /// search's board and checker are left as they are right after it.
    pub fn next_event(&mut self) -> Event {
        while self.pending.is_empty() {
            if self.done {
                return Event::Done;
            }
            // The innermost call's start, its next square, or its return.
            let row = self.queens.len();
            if !self.entered {
                self.entered = true;
                self.checker.enter(row, &mut self.pending);
            } else if !self.checker.square(row, &self.queens, &mut self.pending) {
                self.pending.push_back(match self.queens.last() {
                    Some(&col) => Event::Back { row: row - 1, col },
                    None => Event::Done,
                });
            }
        }
        let event = self.pending.pop_front().unwrap_or(Event::Done);
        match event {
            Event::Place { col, .. } => {
                self.queens.push(col);
                self.entered = false;
            }
            Event::Back { .. } => {
                self.queens.pop();
                self.entered = true;
            }
            Event::Crash(_) | Event::Done => self.done = true,
            _ => {}
        }
        self.checker.take_effect(&event);
        event
    }
}

/// The event as one line of `--trace`, `search` as it stands right after it.
pub fn trace_line(event: &Event, search: &Search) -> String {
    let n = search.n;
    match *event {
        Event::Try { row, col } => format!("try {row} {col}"),
        Event::Scan { line, row, col, queen } => {
            format!("scan {} {row} {col} {}", line.name(), if queen { "queen" } else { "empty" })
        }
        Event::Compare { queen_row, queen_col, distance, attacks } => {
            format!("compare {queen_row} {queen_col} {distance} {}", if attacks { "attacks" } else { "safe" })
        }
        Event::Flag { line, index, taken } => {
            format!("flag {} {index} {}", line.name(), if taken { "taken" } else { "free" })
        }
        Event::Masks { row, columns, diagonals, anti_diagonals, free } => {
            format!("masks {row} {columns:0n$b} {diagonals:0n$b} {anti_diagonals:0n$b} {free:0n$b}")
        }
        Event::Lowest { row, lowest } => format!("lowest {row} {lowest:0n$b}"),
        Event::Cleared { row, free } => format!("cleared {row} {free:0n$b}"),
        Event::Place { row, col } => format!("place {row} {col}"),
        Event::Back { row, col } => format!("back {row} {col}"),
        Event::Solution => {
            let columns: Vec<String> = search.queens().iter().map(usize::to_string).collect();
            format!("solution {}", columns.join(" ")).trim_end().to_string()
        }
        Event::Crash(crash) => format!("crash {}", crash.message()),
        Event::Done => "done".to_string(),
    }
}
