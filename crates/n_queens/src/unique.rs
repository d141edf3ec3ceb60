//! # Beyond the judge: unique boards, one per symmetry class
//!
//! **Idea.** Turn a solution by a quarter turn, or reflect it, and it is
//! still a solution: the square's 8 symmetries carry rows, columns,
//! diagonals and anti-diagonals onto lines of the same kinds. So solutions
//! fall into classes, the up to 8 images of one board: for n = 8 the 92
//! boards form 12 classes (OEIS A002562). [`unique_boards`] returns one
//! board per class, its canonical one: the smallest of its images in
//! lexicographic order of the columns. [`class_of`] returns a board's class.
//!
//! **The 8 symmetries on columns.** Each is three yes/no choices
//! ([`Symmetry::parts`]): transpose (read `rows[col] = row`, the inverse, in
//! place of `columns[row] = col`), flip top to bottom, mirror left to right.
//!
//! **Search.** [`streaming`](crate::streaming)'s search, with the first row
//! limited to columns `0..=(n - 1) / 2`: the mirror image of a board has its
//! first queen in column `n - 1 - c`, so the smallest image never has it
//! further right. Each board found is kept when no image of it is smaller,
//! comparing up to the first column that differs. The boards come in
//! lexicographic order, so the list is sorted.
//!
//! **Cost.** Time: the search of half the boards, plus O(n) per board found
//! for its inverse and 7 comparisons (usually decided in the first columns).
//! Space: O(n) while searching, plus the output (about A000170(n) / 8 boards).
//!
//! **Range.** [`unique_boards`]: `n = 0..=`[`MAX_N`] (16; n = 17's boards
//! would hold over a gigabyte); the lazy [`canonical_boards`] and
//! [`classes_as_found`] go to n = 64. Past them, a panic naming the range.
//!
//! **Not judge-ready:** it answers a question the judge does not ask.

use std::iter::FusedIterator;

use crate::board::Board;
use crate::search::{Search, check_range};

/// The largest `n` for [`unique_boards`], which holds the whole list.
pub const MAX_N: u32 = 16;

/// One board of each symmetry class of solutions for `n`, the smallest of
/// the class (see [`canonical`]), in ascending order: as many as OEIS
/// A002562 gives, 12 for n = 8 (n = 0: the empty board; n = 2 and 3: none).
///
/// # Panics
/// If `n > 16` ([`MAX_N`]); [`canonical_boards`] streams larger `n`.
pub fn unique_boards(n: u32) -> Vec<Board> {
    assert!(
        n <= MAX_N,
        "unique::unique_boards: n = {n} is out of range; it supports n <= {MAX_N} \
         (use unique::canonical_boards to stream larger n)"
    );
    canonical_boards(n).collect()
}

/// The boards of [`unique_boards`], one at a time, in the same order.
///
/// # Panics
/// If `n > 64` ([`streaming::MAX_N`](crate::streaming::MAX_N)).
pub fn canonical_boards(n: u32) -> ClassBoards {
    check_range("unique::canonical_boards", n);
    // Columns 0..=(n - 1) / 2: the left half, and the middle column for odd n.
    let left_half_and_middle = (1u64 << n.div_ceil(2)) - 1; // n <= 64: at most 32 bits
    ClassBoards::new(Search::new(n, left_half_and_middle, Vec::new()), Vec::new())
}

/// One board per class, the canonical one (see [`canonical`]), in the order
/// [`streaming::boards`](crate::streaming::boards) meets the classes: each
/// comes as soon as the stream finds the first board of its class. The
/// stream starts with [`construct`](crate::construct)'s board, so
/// `classes_as_found(40).take(2)` returns at once, where
/// [`canonical_boards`]`(40)` needs a long search to reach its first.
///
/// Nothing is remembered of the classes already given: the stream's search
/// order is fixed (lexicographic, each row's preferred column, construct's,
/// ranked first), so a board is the first of its class exactly when none of
/// its 7 other images comes before it in that order. Every class comes, once.
///
/// # Panics
/// If `n > 64` ([`streaming::MAX_N`](crate::streaming::MAX_N)).
pub fn classes_as_found(n: u32) -> ClassBoards {
    check_range("unique::classes_as_found", n);
    let preferred = crate::construct::construct(n as usize).map_or(Vec::new(), Board::into_columns);
    ClassBoards::new(Search::new(n, u64::MAX, preferred.clone()), preferred)
}

/// The iterator of [`canonical_boards`] and [`classes_as_found`]: the first
/// board of each class in the search's order, as its canonical board.
#[derive(Clone, Debug)]
pub struct ClassBoards {
    boards: Search,
    /// `preferred[row]`: the column `row` of the search tries first (empty
    /// for lexicographic order, and for n = 2 and 3).
    preferred: Vec<u32>,
    /// The inverse of the current board, kept to spare an allocation per board.
    rows: Vec<u32>,
}

impl ClassBoards {
    fn new(boards: Search, preferred: Vec<u32>) -> ClassBoards {
        ClassBoards { boards, preferred, rows: Vec::new() }
    }
}

impl Iterator for ClassBoards {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        while let Some(columns) = self.boards.next_columns() {
            invert_into(columns, &mut self.rows);
            let first_of_its_class = Symmetry::ALL
                .iter()
                .all(|symmetry| !image_comes_earlier(*symmetry, columns, &self.rows, &self.preferred));
            if first_of_its_class {
                // In lexicographic order the first board of a class is its canonical one.
                let board = Board::new(columns.to_vec());
                return Some(if self.preferred.is_empty() { board } else { canonical(&board) });
            }
        }
        None
    }
}

/// Once the search is over, it stays over.
impl FusedIterator for ClassBoards {}

/// The distinct boards among the 8 images of `board`, in ascending order: its
/// symmetry class, the canonical board first. A solution's class holds only
/// solutions; its size is 8, 4 or 2 (1 for n <= 1).
///
/// # Panics
/// If two queens share a column (the transposed board would share a row).
pub fn class_of(board: &Board) -> Vec<Board> {
    let mut class: Vec<Board> = Symmetry::ALL.iter().map(|symmetry| symmetry.apply(board)).collect();
    class.sort();
    class.dedup();
    class
}

/// The smallest image of `board`: the representative of its class that
/// [`unique_boards`] returns.
///
/// # Panics
/// If two queens share a column, as [`class_of`].
pub fn canonical(board: &Board) -> Board {
    Symmetry::ALL.iter().map(|symmetry| symmetry.apply(board)).min().expect("eight images")
}

/// One of the 8 symmetries of the square, acting on boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise: the top row becomes the right column.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counter-clockwise: the top row becomes the left column.
    Rotate270,
    /// Reflection in the vertical axis: column `c` becomes `n - 1 - c`.
    MirrorLeftRight,
    /// Reflection in the horizontal axis: row `r` becomes `n - 1 - r`.
    FlipTopBottom,
    /// Reflection in the "\" diagonal: row and column swap.
    Transpose,
    /// Reflection in the "/" anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorLeftRight,
        Symmetry::FlipTopBottom,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetry as three choices, applied in this order: `(transpose,
    /// flip_top_bottom, mirror_left_right)`. Row `r` of the image has its
    /// queen in column `mirror(source[flip(r)])`, `source` being the columns,
    /// or their inverse when transposed.
    pub fn parts(self) -> (bool, bool, bool) {
        match self {
            Symmetry::Identity => (false, false, false),
            Symmetry::MirrorLeftRight => (false, false, true),
            Symmetry::FlipTopBottom => (false, true, false),
            Symmetry::Rotate180 => (false, true, true),
            Symmetry::Transpose => (true, false, false),
            Symmetry::Rotate90 => (true, false, true),
            Symmetry::Rotate270 => (true, true, false),
            Symmetry::AntiTranspose => (true, true, true),
        }
    }

    /// The image of `board`.
    ///
    /// # Panics
    /// If the symmetry transposes and two queens of `board` share a column.
    pub fn apply(self, board: &Board) -> Board {
        let (columns, mut rows) = (board.columns(), Vec::new());
        if self.parts().0 {
            invert_into(columns, &mut rows);
        }
        Board::new((0..columns.len()).map(|row| image_column(self, columns, &rows, row)).collect())
    }
}

/// The column of the queen in `row` of the image of the board `columns`
/// (whose inverse is `rows`) under `symmetry`.
fn image_column(symmetry: Symmetry, columns: &[u32], rows: &[u32], row: usize) -> u32 {
    let (transpose, flip_top_bottom, mirror_left_right) = symmetry.parts();
    let last = columns.len() - 1; // there is a row, so n >= 1
    let source = if transpose { rows } else { columns };
    let col = source[if flip_top_bottom { last - row } else { row }];
    if mirror_left_right { last as u32 - col } else { col }
}

/// Whether the image of `columns` under `symmetry` comes before the board
/// itself in the search's order: lexicographic, `preferred[row]` ranked
/// before every other column of `row`.
fn image_comes_earlier(symmetry: Symmetry, columns: &[u32], rows: &[u32], preferred: &[u32]) -> bool {
    let rank = |row: usize, col: u32| if preferred.get(row) == Some(&col) { 0 } else { u64::from(col) + 1 };
    for (row, &col) in columns.iter().enumerate() {
        let image_col = image_column(symmetry, columns, rows, row);
        if image_col != col {
            return rank(row, image_col) < rank(row, col);
        }
    }
    false // the same board
}

/// The transposed board, into `rows`: `rows[col]` is the row of the queen in
/// column `col`.
///
/// # Panics
/// If two queens share a column.
fn invert_into(columns: &[u32], rows: &mut Vec<u32>) {
    const EMPTY: u32 = u32::MAX;
    rows.clear();
    rows.resize(columns.len(), EMPTY);
    for (row, &col) in columns.iter().enumerate() {
        let slot = &mut rows[col as usize];
        assert!(
            *slot == EMPTY,
            "unique: rows {} and {row} both have their queen in column {col}; a board's symmetries \
             need one queen per column",
            *slot
        );
        *slot = row as u32; // a Board has at most 2^32 rows (its columns are u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_moves_the_top_row_to_the_right_column() {
        // Queen at (row 0, col 1) of a 4x4 board lands at (row 1, col 3).
        let board = Board::new(vec![1, 3, 0, 2]);
        let turned = Symmetry::Rotate90.apply(&board);
        assert_eq!(turned.columns()[1], 3);
        // Four quarter turns are the identity; two are a half turn.
        let mut image = board.clone();
        for _ in 0..4 {
            image = Symmetry::Rotate90.apply(&image);
        }
        assert_eq!(image, board);
        assert_eq!(Symmetry::Rotate90.apply(&turned), Symmetry::Rotate180.apply(&board));
    }

    #[test]
    #[should_panic(expected = "rows 0 and 1 both have their queen in column 2")]
    fn class_of_refuses_two_queens_in_a_column() {
        class_of(&Board::new(vec![2, 2, 0]));
    }

    #[test]
    #[should_panic(expected = "supports n <= 16")]
    fn unique_boards_refuses_n_past_16() {
        unique_boards(17);
    }
}
