//! The event source: the one backtracking search of the chain, run one event
//! at a time, reporting what the chosen step's check reads.
//!
//! The four steps visit the same nodes in the same order (row by row, columns
//! left to right, the lowest free bit first), so one search serves them all;
//! the step decides only which reads are reported and how a square is judged.
//! A mistake of `docs/common-mistakes.md` ([`super::mistakes`]) changes its
//! step where its code does, and may end the run early (a `Crash`).
//! The search is an explicit stack, so a `Search` is a small value that can
//! be cloned as a checkpoint and resumed.

use std::collections::VecDeque;

use clap::ValueEnum;

pub use super::mistakes::{Crash, Mistake};

/// A step of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Step {
    /// 1: scan the column and both diagonals above the square.
    #[value(name = "board_scan")]
    BoardScan,
    /// 2: compare with each queen above, `row - i == |col - queens[i]|`.
    #[value(name = "column_abs")]
    ColumnAbs,
    /// 3: three arrays of flags, one per line.
    #[value(name = "three_arrays")]
    ThreeArrays,
    /// 4: three bitmasks; only the free squares are tried.
    #[value(name = "bitmask")]
    Bitmask,
}

impl Step {
    /// The four steps, in the chain's order.
    pub const ALL: [Step; 4] = [Step::BoardScan, Step::ColumnAbs, Step::ThreeArrays, Step::Bitmask];

    /// The module name, as in the crates.
    pub fn name(self) -> &'static str {
        match self {
            Step::BoardScan => "board_scan",
            Step::ColumnAbs => "column_abs",
            Step::ThreeArrays => "three_arrays",
            Step::Bitmask => "bitmask",
        }
    }

    /// What the check counter counts.
    pub fn unit(self) -> &'static str {
        match self {
            Step::BoardScan => "squares read",
            Step::ColumnAbs => "queens compared",
            Step::ThreeArrays => "flags read",
            Step::Bitmask => "free masks",
        }
    }

    /// The step after this one, the first after the last.
    pub fn next(self) -> Step {
        Step::ALL[(Step::ALL.iter().position(|&step| step == self).unwrap_or(0) + 1) % 4]
    }
}

/// A kind of line a queen attacks along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The column.
    Column,
    /// A "\" diagonal, `row - col` constant.
    Diagonal,
    /// A "/" anti-diagonal, `row + col` constant.
    AntiDiagonal,
}

impl Line {
    /// The name used in the trace and on screen.
    pub fn name(self) -> &'static str {
        match self {
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti_diagonal",
        }
    }
}

/// One thing the search does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Steps 1 to 3: the square (row, col) is about to be checked.
    Try { row: usize, col: usize },
    /// Step 1: one square above read, along `line`; `queen`: a queen stands there.
    Scan { line: Line, row: usize, col: usize, queen: bool },
    /// Step 2: the queen of `queen_row` compared with the square tried.
    Compare { queen_row: usize, queen_col: usize, distance: usize, attacks: bool },
    /// Step 3: one flag read, at `index` of its array.
    Flag { line: Line, index: usize, taken: bool },
    /// Step 4: a call starts on `row` with its own masks, and computes `free`.
    Masks { row: usize, columns: u32, diagonals: u32, anti_diagonals: u32, free: u32 },
    /// Step 4: `lowest = free & free.wrapping_neg()`.
    Lowest { row: usize, lowest: u32 },
    /// Step 4: `free &= free - 1`, the lowest bit cleared.
    Cleared { row: usize, free: u32 },
    /// A queen put on (row, col).
    Place { row: usize, col: usize },
    /// A queen taken away from (row, col) on the way back.
    Back { row: usize, col: usize },
    /// Every row has its queen: one solution.
    Solution,
    /// A mistake's run stops: a panic or a stack overflow.
    Crash(Crash),
    /// The search is over.
    Done,
}

/// One call of `place_row` on the stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// The row this call fills.
    pub row: usize,
    /// Steps 1 to 3: the next column to try.
    pub next_col: usize,
    /// Step 4 (each call has its own masks): the columns taken above.
    pub columns: u32,
    /// Step 4: the "\" lines through this row.
    pub diagonals: u32,
    /// Step 4: the "/" lines through this row.
    pub anti_diagonals: u32,
    /// Step 4: the free squares not tried yet.
    pub free: u32,
    /// Step 4: `free` has been computed (the call's `masks` event is out).
    pub computed: bool,
    /// Whether this call has started (its entry events are out).
    pub entered: bool,
}

/// The search, paused between two events.
#[derive(Clone, Debug)]
pub struct Search {
    n: usize,
    step: Step,
    mistake: Option<Mistake>,
    /// The column of each placed queen, row by row.
    queens: Vec<usize>,
    /// Step 3's flags: `columns`, `diagonals`, `anti_diagonals`.
    flags: [Vec<bool>; 3],
    /// The calls in progress, the root first.
    frames: Vec<Frame>,
    /// Events computed and not handed out yet (at most one square's worth).
    pending: VecDeque<Event>,
    done: bool,
}

impl Search {
    /// A search of the n×n board by `step`, or by the step of `mistake`.
    pub fn new(n: usize, step: Step, mistake: Option<Mistake>) -> Search {
        let lines = (2 * n).saturating_sub(1);
        let mut frames = Vec::with_capacity(n + 2);
        frames.push(Frame::default()); // the first call, on row 0
        Search {
            n,
            step: mistake.map_or(step, Mistake::step),
            mistake,
            queens: Vec::with_capacity(n + 1),
            flags: [vec![false; n], vec![false; lines], vec![false; lines]],
            frames,
            pending: VecDeque::new(),
            done: false,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The step whose check is reported.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The mistake run, if any.
    pub fn mistake(&self) -> Option<Mistake> {
        self.mistake
    }

    /// The column of each queen placed, row 0 first.
    pub fn queens(&self) -> &[usize] {
        &self.queens
    }

    /// Step 3's arrays: `columns`, `diagonals`, `anti_diagonals`.
    pub fn flags(&self) -> &[Vec<bool>; 3] {
        &self.flags
    }

    /// The calls in progress, the root first.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Bytes this search holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.queens.capacity() * size_of::<usize>()
            + self.flags.iter().map(Vec::capacity).sum::<usize>()
            + self.frames.capacity() * size_of::<Frame>()
            + self.pending.capacity() * size_of::<Event>()
    }

    /// `full`: a 1 for each column (or the mistake's single bit).
    pub fn full(&self) -> u32 {
        match self.mistake {
            Some(Mistake::FullOneBit) => 1 << self.n,
            _ => (1 << self.n) - 1,
        }
    }

    /// The next event; [`Event::Done`] at the end, and forever after. The
    /// search's board, flags and calls are left as they are right after it.
    pub fn next_event(&mut self) -> Event {
        while self.pending.is_empty() {
            if self.done {
                return Event::Done;
            }
            self.advance();
        }
        let event = self.pending.pop_front().unwrap_or(Event::Done);
        self.take_effect(event);
        event
    }

    /// Changes the board, flags and calls as `event` says.
    fn take_effect(&mut self, event: Event) {
        let top = self.frames.len().saturating_sub(1);
        match event {
            Event::Try { col, .. } => self.frames[top].next_col = col + 1,
            Event::Masks { free, .. } => (self.frames[top].free, self.frames[top].computed) = (free, true),
            Event::Cleared { free, .. } => self.frames[top].free = free,
            Event::Place { row, col } => {
                let frame = self.frames[top];
                let lowest = 1 << col;
                let mut child = Frame { row: row + 1, ..Frame::default() };
                if self.step == Step::Bitmask {
                    (child.columns, child.diagonals, child.anti_diagonals) = match self.mistake {
                        Some(Mistake::AndInsteadOfOr) => (
                            frame.columns & lowest,
                            (frame.diagonals & lowest) << 1,
                            (frame.anti_diagonals & lowest) >> 1,
                        ),
                        Some(Mistake::ShiftWrongWay) => (
                            frame.columns | lowest,
                            (frame.diagonals | lowest) << 1,
                            (frame.anti_diagonals | lowest) << 1,
                        ),
                        _ => (
                            frame.columns | lowest,
                            (frame.diagonals | lowest) << 1,
                            (frame.anti_diagonals | lowest) >> 1,
                        ),
                    };
                }
                self.set_flags(row, col, true);
                self.queens.push(col);
                self.frames.push(child);
            }
            Event::Back { row, col } => {
                self.frames.pop();
                self.queens.pop();
                if self.mistake != Some(Mistake::FlagsNotCleared) {
                    self.set_flags(row, col, false);
                }
            }
            Event::Solution => (self.frames[top].next_col, self.frames[top].free) = (self.n, 0),
            Event::Crash(_) | Event::Done => self.done = true,
            Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. } | Event::Lowest { .. } => {}
        }
    }

    /// Queues the events of the search's next square (or one call's start
    /// or end); their effects come as they are handed out.
    fn advance(&mut self) {
        let top = self.frames.len() - 1;
        let frame = self.frames[top];
        if !frame.entered {
            self.frames[top].entered = true;
            let solved = match self.step {
                Step::Bitmask => frame.columns == self.full(),
                _ => frame.row == self.n,
            };
            if let Some(crash) = self.crash_on_entry().filter(|_| frame.row == self.n) {
                self.pending.push_back(Event::Crash(crash));
            } else if solved {
                self.pending.push_back(Event::Solution);
            } else if self.step == Step::Bitmask {
                let free = self.full() & !(frame.columns | frame.diagonals | frame.anti_diagonals);
                let Frame { row, columns, diagonals, anti_diagonals, .. } = frame;
                self.pending.push_back(Event::Masks { row, columns, diagonals, anti_diagonals, free });
            }
            return;
        }
        let more = match self.step {
            Step::Bitmask => frame.free != 0,
            _ => frame.next_col < self.n,
        };
        let row = frame.row;
        if !more {
            let event = match self.queens.last() {
                Some(&col) => Event::Back { row: row - 1, col },
                None => Event::Done,
            };
            self.pending.push_back(event);
            return;
        }
        let col = if self.step == Step::Bitmask {
            let lowest = frame.free & frame.free.wrapping_neg();
            self.pending.push_back(Event::Lowest { row, lowest });
            self.pending.push_back(Event::Cleared { row, free: frame.free & (frame.free - 1) });
            lowest.trailing_zeros() as usize
        } else {
            let col = frame.next_col;
            self.pending.push_back(Event::Try { row, col });
            if self.mistake == Some(Mistake::BaseCaseAfterTheLoop) {
                // Placed first, then checked, and taken back when refused.
                self.pending.push_back(Event::Place { row, col });
                if !self.check(row, col) {
                    self.pending.push_back(Event::Back { row, col });
                }
                return;
            }
            if !self.check(row, col) {
                return;
            }
            col
        };
        self.pending.push_back(Event::Place { row, col });
    }

    /// Runs the step's check of (row, col), queueing each read; whether the square is safe.
    fn check(&mut self, row: usize, col: usize) -> bool {
        match self.step {
            Step::BoardScan => self.board_scan(row, col),
            Step::ColumnAbs => {
                for (queen_row, &queen_col) in self.queens.iter().enumerate() {
                    let distance = queen_col.abs_diff(col);
                    let attacks = match self.mistake {
                        Some(Mistake::DiagonalNotEqual) => queen_col == col || row - queen_row != distance,
                        _ => queen_col == col || row - queen_row == distance,
                    };
                    self.pending.push_back(Event::Compare { queen_row, queen_col, distance, attacks });
                    if attacks {
                        return false;
                    }
                }
                true
            }
            Step::ThreeArrays => {
                let Some(diagonal) = self.diagonal_index(row, col) else {
                    self.pending.push_back(Event::Crash(Crash::SubtractOverflow));
                    return false;
                };
                let indexes = [col, diagonal, row + col];
                let lines = [Line::Column, Line::Diagonal, Line::AntiDiagonal];
                for (kind, (line, index)) in lines.into_iter().zip(indexes).enumerate() {
                    let Some(&taken) = self.flags[kind].get(index) else {
                        let len = self.flags[kind].len();
                        self.pending.push_back(Event::Crash(Crash::IndexOutOfBounds { len, index }));
                        return false;
                    };
                    self.pending.push_back(Event::Flag { line, index, taken });
                    if taken {
                        return false;
                    }
                }
                true
            }
            Step::Bitmask => true,
        }
    }

    /// Step 1: the column above from the top, then up-left, then up-right,
    /// each stopping at the first queen, as `is_safe` does.
    fn board_scan(&mut self, row: usize, col: usize) -> bool {
        let column = (0..row).map(|r| (r, col));
        let diagonal = (1..=row.min(col)).map(|k| (row - k, col - k));
        let anti_diagonal = (1..=row.min(self.n.saturating_sub(col + 1))).map(|k| (row - k, col + k));
        let rays: [(Line, Vec<(usize, usize)>); 3] = [
            (Line::Column, column.collect()),
            (Line::Diagonal, diagonal.collect()),
            (Line::AntiDiagonal, anti_diagonal.collect()),
        ];
        for (line, squares) in rays {
            for (r, c) in squares {
                let queen = self.queens[r] == c;
                self.pending.push_back(Event::Scan { line, row: r, col: c, queen });
                if queen {
                    return false;
                }
            }
        }
        true
    }

    /// Step 3's index of the "\\" diagonal through (row, col): `None` below zero.
    pub fn diagonal_index(&self, row: usize, col: usize) -> Option<usize> {
        match self.mistake {
            Some(Mistake::DiagonalWithoutOffset) => row.checked_sub(col),
            Some(Mistake::OffsetN) => Some(row + self.n - col),
            _ => Some(row + self.n - 1 - col),
        }
    }

    /// How the mistake's run ends when the calls reach row n, past the board.
    fn crash_on_entry(&self) -> Option<Crash> {
        match self.mistake {
            Some(Mistake::AndInsteadOfOr) => Some(Crash::StackOverflow),
            Some(Mistake::BaseCaseAfterTheLoop) => Some(Crash::IndexOutOfBounds { len: self.n, index: self.n }),
            _ => None,
        }
    }

    /// Sets or clears step 3's three flags of (row, col) (checked in range by the read before).
    fn set_flags(&mut self, row: usize, col: usize, taken: bool) {
        if col >= self.n {
            return; // mistake 3's queen, off the board
        }
        if let Some(diagonal) = self.diagonal_index(row, col) {
            self.flags[0][col] = taken;
            if let Some(flag) = self.flags[1].get_mut(diagonal) {
                *flag = taken;
            }
            self.flags[2][row + col] = taken;
        }
    }
}

/// The event as one line of `--trace` (the format is in `queens watch --help`);
/// `search` is the search right after the event, for the solution's columns.
pub fn trace_line(event: &Event, search: &Search) -> String {
    let n = search.n();
    let (free, taken) = ("free", "taken");
    match *event {
        Event::Try { row, col } => format!("try {row} {col}"),
        Event::Scan { line, row, col, queen } => {
            format!("scan {} {row} {col} {}", line.name(), if queen { "queen" } else { "empty" })
        }
        Event::Compare { queen_row, queen_col, distance, attacks } => {
            format!("compare {queen_row} {queen_col} {distance} {}", if attacks { "attacks" } else { "safe" })
        }
        Event::Flag { line, index, taken: is_taken } => {
            format!("flag {} {index} {}", line.name(), if is_taken { taken } else { free })
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
