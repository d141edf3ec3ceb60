//! What the search does, one event at a time.

use super::mistakes::Crash;

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
    /// The three, in the order the checks read them.
    pub const ALL: [Line; 3] = [Line::Column, Line::Diagonal, Line::AntiDiagonal];

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
