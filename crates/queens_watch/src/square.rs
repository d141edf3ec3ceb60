//! Each kind of square and of queen on the board, with its own symbol, so
//! that none is told from another by its colour alone: what a step's
//! checker marks, and the view and the pictures draw.

use super::event::Line as Ray;

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
