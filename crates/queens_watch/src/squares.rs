//! What each square of the board shows now ([`squares`]), for the view
//! and the pictures alike, from the search and the state of its events.

use super::check::free_row;
use super::event::{Event, Line as Ray};
use super::search::Search;
use super::square::{Queen, Square};
use super::state::State;
use super::words::refuses;

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
