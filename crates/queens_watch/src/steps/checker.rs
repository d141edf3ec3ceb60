//! What every step's checker answers to, what its panel shows, and the
//! `for col in 0..n` loop that steps 1 to 3 share.

use std::collections::VecDeque;
use std::fmt;

use crate::event::Event;
use crate::square::Square;
use queens_cli::Problem;

/// One step's `place_row` and its check, as its solution file writes them.
/// The search keeps the queens and hands the events out one at a time; an
/// event's effect comes when it is handed out ([`Checker::take_effect`]).
pub trait Checker: BoxedClone + fmt::Debug {
    /// The top of the call on `row`: its base case (a [`Event::Solution`],
    /// or a mistake's crash) or what it computes before its loop.
    fn enter(&mut self, row: usize, out: &mut VecDeque<Event>);
    /// One turn of the call's loop on `row`: the square tried, each read of
    /// its check, and the queen placed if it is safe. False once the loop is over.
    fn square(&mut self, row: usize, queens: &[usize], out: &mut VecDeque<Event>) -> bool;
    /// What `event`, handed out, sets or undoes in the step's own state.
    fn take_effect(&mut self, event: &Event);
    /// Where the line of the step's file for `problem` that `event` runs is.
    fn line(&self, event: &Event, problem: Problem) -> Option<Marker>;
    /// What the check panel shows of the step's state.
    fn panel(&self) -> Panel<'_>;
    /// The kinds of squares its board shows, besides empty ones and queens
    /// left as they are, in the order its legend says them.
    fn squares(&self) -> &'static [Square];
    /// One check, in the step's unit: `square read`.
    fn one_check(&self) -> &'static str;
    /// Bytes it holds on the heap.
    fn heap_bytes(&self) -> usize;
}

/// A line of a step's file, by its text, so that it follows edits of the
/// file: the first line that holds `text` after the first that holds
/// `after` (for code written twice; `""`: from the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marker {
    /// A piece of the line.
    pub text: &'static str,
    /// A piece of a line above it that the search starts after.
    pub after: &'static str,
}

impl Marker {
    /// The index of its line in `text`, if it is there.
    pub fn find(self, text: &str) -> Option<usize> {
        let lines: Vec<&str> = text.lines().collect();
        let from = match self.after {
            "" => 0,
            after => lines.iter().position(|line| line.contains(after))? + 1,
        };
        (from..lines.len()).find(|&at| lines[at].contains(self.text))
    }
}

impl From<&'static str> for Marker {
    fn from(text: &'static str) -> Marker {
        Marker { text, after: "" }
    }
}

/// A copy of a checker, for a checkpoint: any checker that is `Clone` has it.
pub trait BoxedClone {
    /// The copy.
    fn boxed_clone(&self) -> Box<dyn Checker>;
}

impl<T: Checker + Clone + 'static> BoxedClone for T {
    fn boxed_clone(&self) -> Box<dyn Checker> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Checker> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// What a step's check panel shows.
#[derive(Clone, Copy, Debug)]
pub enum Panel<'a> {
    /// The reads of the square tried, in words, under what the check does.
    Reads(&'static str),
    /// Step 3's arrays: `columns`, `diagonals`, `anti_diagonals`; what is
    /// added to `row - col` for the index of a diagonal (`None`: nothing).
    Flags { lines: &'a [Vec<bool>; 3], offset: Option<usize> },
    /// Step 4's calls in progress, the root first, each with its own masks.
    Calls(&'a [Call]),
}

/// One call of step 4, with its own masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// The columns taken above.
    pub columns: u32,
    /// The "\" lines through this row.
    pub diagonals: u32,
    /// The "/" lines through this row.
    pub anti_diagonals: u32,
    /// Its `free`, once computed.
    pub free: Free,
}

/// Where a call of step 4 stands with its `free`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Free {
    /// Not computed yet: the call has not started.
    NotYet,
    /// The free squares not tried yet.
    Left(u32),
    /// The call's board was full: it returned at once.
    Solved,
}

/// `for col in 0..n` of steps 1 to 3: the next column of each call in progress.
#[derive(Clone, Debug)]
pub struct ColumnLoop {
    n: usize,
    next: Vec<usize>,
}

impl ColumnLoop {
    /// The root call, at column 0.
    pub fn new(n: usize) -> ColumnLoop {
        let mut next = Vec::with_capacity(n + 2);
        next.push(0);
        ColumnLoop { n, next }
    }

    /// The column the innermost call tries next, if its loop is not over.
    pub fn next(&self) -> Option<usize> {
        self.next.last().copied().filter(|&col| col < self.n)
    }

    /// A square tried moves the loop on; a queen placed starts a call, a queen
    /// taken back ends one; a solution ends its call's loop.
    pub fn take_effect(&mut self, event: &Event) {
        let last = self.next.len() - 1;
        match *event {
            Event::Try { col, .. } => self.next[last] = col + 1,
            Event::Place { .. } => self.next.push(0),
            Event::Back { .. } => _ = self.next.pop(),
            Event::Solution => self.next[last] = self.n,
            _ => {}
        }
    }

    /// Bytes it holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.next.capacity() * size_of::<usize>()
    }
}
