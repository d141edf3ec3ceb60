//! The events in words, for the terminal view and the pictures alike.

use super::event::{Event, Line as Ray};
use super::mistakes::{Crash, Mistake};
use super::search::Search;
use super::state::State;
use super::steps::Panel;

/// The mark of a square still free in step 4's row: a bit left in `free`.
pub const FREE_MARK: &str = "○";

/// The mark of a mistake's wrong lines, in the source and before its name.
pub const WRONG_MARK: &str = "✗";

/// Step 3's arrays, in the order the check reads them.
pub const FLAG_NAMES: [&str; 3] = ["columns", "diagonals", "anti_diagonals"];

/// Whether a read refuses the square it checks: a queen found or attacking, a flag taken.
pub fn refuses(read: &Event) -> bool {
    matches!(
        read,
        Event::Scan { queen: true, .. } | Event::Compare { attacks: true, .. } | Event::Flag { taken: true, .. }
    )
}

/// The event in a word or two, with its square: the status line's. The end
/// says nothing of its own (the line says `done`), unless a crash ended the run.
pub fn said(event: &Event, state: &State) -> String {
    let square = |row: usize, col: usize| format!("({row}, {col})");
    let tried = state.tried.map_or(String::new(), |(row, col)| square(row, col));
    let lowest = state.reads.iter().rev().find_map(|read| match *read {
        Event::Lowest { row, lowest } => Some(square(row, lowest.trailing_zeros() as usize)),
        _ => None,
    });
    // A crash in two words.
    let crashed = |crash| format!("crash: {}", if crash == Crash::StackOverflow { "stack overflow" } else { "panic" });
    match *event {
        Event::Try { row, col } => format!("try {}", square(row, col)),
        Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. } if refuses(event) => format!("refused {tried}"),
        Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. } => format!("read for {tried}"),
        Event::Masks { row, .. } => format!("free of row {row}"),
        Event::Lowest { row, lowest } => format!("lowest {}", square(row, lowest.trailing_zeros() as usize)),
        Event::Cleared { .. } => format!("cleared {} from free", lowest.unwrap_or_default()),
        Event::Place { row, col } => format!("place {}", square(row, col)),
        Event::Back { row, col } => format!("back {}", square(row, col)),
        Event::Solution => format!("solution {}", state.solutions),
        Event::Crash(crash) => crashed(crash),
        Event::Done => state.crash.map_or(String::new(), crashed),
    }
}

/// What the step's check reads, in words, for the square (row, col).
pub fn read_text(read: &Event, search: &Search, row: usize, col: usize) -> String {
    match *read {
        Event::Scan { line, row: r, col: c, queen } => {
            format!("{:<13} ({r}, {c}): {}", line.name(), if queen { "a queen: refused" } else { "empty" })
        }
        // The distance without `abs` keeps its sign: said as the mistake computes it.
        Event::Compare { queen_row, queen_col, attacks, .. } if search.mistake == Some(Mistake::DistanceWithoutAbs) => {
            format!(
                "queen ({queen_row}, {queen_col}): {col}-{queen_col} = {}, {row}-{queen_row} = {}{}",
                col as i64 - queen_col as i64,
                row - queen_row,
                match () {
                    _ if queen_col == col => ": same column, refused",
                    _ if attacks => ": refused",
                    _ => "",
                }
            )
        }
        Event::Compare { queen_row, queen_col, distance, attacks } => format!(
            "queen ({queen_row}, {queen_col}): |{col}-{queen_col}| = {distance}, {row}-{queen_row} = {}{}",
            row - queen_row,
            match () {
                _ if queen_col == col => ": same column, refused",
                _ if attacks => ": refused",
                _ => "",
            }
        ),
        Event::Flag { line, index, taken } => {
            let offset = match search.checker().panel() {
                Panel::Flags { offset, .. } => offset,
                _ => None,
            };
            let formula = flag_formula(line, row, col, index, offset);
            format!("{formula} = {taken}{}", if taken { ": refused" } else { "" })
        }
        Event::Crash(crash) => crash_text(crash, search, row, col),
        _ => String::new(),
    }
}

/// Step 3's flag of `line` for (row, col) at `index`, as the check computes it.
fn flag_formula(line: Ray, row: usize, col: usize, index: usize, offset: Option<usize>) -> String {
    match line {
        Ray::Column => format!("columns[col = {col}]"),
        Ray::Diagonal => match offset {
            Some(offset) => format!("diagonals[{row} - {col} + {offset} = {index}]"),
            None => format!("diagonals[{row} - {col} = {index}]"),
        },
        Ray::AntiDiagonal => format!("anti_diagonals[{row} + {col} = {index}]"),
    }
}

/// What a flag does on a `place` or a `back` of step 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Set to true: a queen placed.
    Set,
    /// Cleared to false: a queen taken back.
    Cleared,
    /// Kept true on the way back: the mistake `flags-not-cleared`.
    Kept,
}

/// Step 3: the flags a queen placed sets or taken back clears, each with its
/// array, its index and the change in words; none for another event or step.
pub fn flag_changes(event: &Event, search: &Search) -> Vec<(Ray, usize, Change, String)> {
    let Panel::Flags { lines, offset } = search.checker().panel() else { return Vec::new() };
    let (row, col, change) = match *event {
        Event::Place { row, col } => (row, col, Change::Set),
        Event::Back { row, col } if search.mistake == Some(Mistake::FlagsNotCleared) => (row, col, Change::Kept),
        Event::Back { row, col } => (row, col, Change::Cleared),
        _ => return Vec::new(),
    };
    let Some(diagonal) = offset.map_or(row.checked_sub(col), |offset| Some(row + offset - col)) else {
        return Vec::new();
    };
    let indexes = [col, diagonal, row + col];
    (0..3)
        .filter(|&kind| indexes[kind] < lines[kind].len())
        .map(|kind| {
            let (line, index) = (Ray::ALL[kind], indexes[kind]);
            let formula = flag_formula(line, row, col, index, offset);
            let text = match change {
                Change::Set => format!("set {formula} = true"),
                Change::Cleared => format!("clear {formula} = false"),
                Change::Kept => format!("kept {formula} = true"),
            };
            (line, index, change, text)
        })
        .collect()
}

/// What a `back` from (row, col) does in steps 1 to 3, and what comes next.
pub fn back_text(row: usize, col: usize, n: usize) -> String {
    let next = match () {
        _ if col + 1 < n => format!("row {row} goes on with column {}", col + 1),
        _ if row > 0 => format!("row {row} has no column left: back to row {}", row - 1),
        _ => "row 0 has no column left: the search is over".to_string(),
    };
    format!("back: the queen of ({row}, {col}) is taken off; {next}")
}

/// Where and how a mistake's run ends, in words.
pub fn crash_text(crash: Crash, search: &Search, row: usize, col: usize) -> String {
    let n = search.n;
    match crash {
        Crash::StackOverflow => {
            format!("crash: place_row is called for row {n}, past the board, and on without end: stack overflow")
        }
        Crash::SubtractOverflow => format!("panic at ({row}, {col}): {row} - {col}: {}", crash.message()),
        Crash::IndexOutOfBounds { .. } if search.mistake == Some(Mistake::BaseCaseAfterTheLoop) => {
            format!("panic: board[{n}][0], row {n} of a board of {n} rows: {}", crash.message())
        }
        Crash::IndexOutOfBounds { .. } => format!("panic at ({row}, {col}): diagonals: {}", crash.message()),
    }
}
