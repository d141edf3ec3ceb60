//! What each square of the board shows, for the view and the pictures
//! alike: each kind of square and of queen has a symbol of its own, so
//! that none is told from another by its colour alone.

use super::check::free_row;
use super::event::{Event, Line as Ray};
use super::search::Search;
use super::state::State;
use super::words::refuses;

/// What a square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// Nothing to say: `·`.
    Empty,
    /// The square tried (steps 1 to 3), or the one `lowest` picked (step 4): `?`.
    Tried,
    /// Step 1: a square the scan read, empty, by the line it lies on: `|`, `\`, `/`.
    Read(Ray),
    /// Step 4: a square a mask blocks, by the line it lies on: `|`, `\`, `/`.
    Blocked(Ray),
    /// Step 4: a square still in `free`, to be tried: `○`.
    Free,
    /// A queen, and what the last events did with it.
    Queen(Queen),
}

/// What the last events did with a queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queen {
    /// Nothing: `Q`.
    Still,
    /// Just placed, on the square tried (in steps 1 to 3, until the next
    /// square is tried): `+Q`.
    Placed,
    /// Step 2: compared with the square tried, and it does not attack it: `✓Q`.
    Compared,
    /// The queen that refuses the square tried: the one step 1's ray meets,
    /// or step 2's comparison finds attacking: `!Q`.
    Refuses,
}

impl Square {
    /// Its two columns on the terminal's board (a mark, then the symbol) and
    /// its symbols in a picture: the same characters.
    pub fn symbol(self) -> &'static str {
        match self {
            Square::Empty => " ·",
            Square::Tried => " ?",
            Square::Read(line) | Square::Blocked(line) => [" |", " \\", " /"][line as usize],
            Square::Free => " ○",
            Square::Queen(Queen::Still) => " Q",
            Square::Queen(Queen::Placed) => "+Q",
            Square::Queen(Queen::Compared) => "✓Q",
            Square::Queen(Queen::Refuses) => "!Q",
        }
    }
}

/// What each square of the board shows now, row by row: step 4's row with
/// what each mask blocks, the square tried, the squares the check reads,
/// and the queens, each with what the last events did with it.
pub fn squares(search: &Search, state: &State) -> Vec<Vec<Square>> {
    let n = search.n;
    let mut board = vec![vec![Square::Empty; n]; n];
    let mut mark = |row: usize, col: usize, square: Square| {
        if let Some(at) = board.get_mut(row).and_then(|row| row.get_mut(col)) {
            *at = square;
        }
    };
    if let Some((row, cols, lowest)) = free_row(search, state) {
        for (col, blocked) in cols {
            mark(row, col, blocked.map_or(Square::Free, |line| Square::Blocked(Ray::ALL[line])));
        }
        if let Some(col) = lowest {
            mark(row, col, Square::Tried);
        }
    }
    if let Some((row, col)) = state.tried {
        mark(row, col, Square::Tried);
    }
    // A queen placed stands on the square tried; step 4 tries none.
    let placed = match state.last {
        Some(Event::Place { row, col }) => Some((row, col)),
        _ => state.tried,
    };
    for (row, &col) in search.queens().iter().enumerate() {
        let queen = if placed == Some((row, col)) { Queen::Placed } else { Queen::Still };
        mark(row, col, Square::Queen(queen));
    }
    for read in &state.reads {
        match *read {
            Event::Scan { row, col, queen: false, line } => mark(row, col, Square::Read(line)),
            Event::Scan { row, col, queen: true, .. } => mark(row, col, Square::Queen(Queen::Refuses)),
            Event::Compare { queen_row, queen_col, .. } => {
                let queen = if refuses(read) { Queen::Refuses } else { Queen::Compared };
                mark(queen_row, queen_col, Square::Queen(queen));
            }
            _ => {}
        }
    }
    board
}
