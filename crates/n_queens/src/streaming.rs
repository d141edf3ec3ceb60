//! # Beyond the judge: streaming the boards
//!
//! **Idea.** The judge's functions build the whole list before returning the
//! first board. Nobody has counted the boards of n = 30, but n = 27 alone
//! has 2.3 · 10^17 and the count grows about tenfold per step: no list
//! will ever hold them, yet a first few are easy to find. [`boards`]
//! returns an iterator that finds the next board only when asked, so
//! `boards(30).take(10)` returns at once, and memory stays the same however
//! many boards are consumed.
//!
//! **What changed.** The search is [`bitmask`](crate::bitmask)'s, but an
//! iterator cannot pause in the middle of a recursion, so the recursion's
//! call stack becomes an explicit one: one `Frame` per filled row, holding
//! that row's masks and the free squares it has not tried yet. Each call to
//! `next` resumes the loop where the previous board left it: take an untried
//! free square of the top frame and push the next row's frame; when a row has
//! nothing left to try, pop it and move the queen of the row above. The masks
//! are `u64`, one bit per column, so n reaches 64 instead of 32.
//!
//! **Which boards come first.** [`boards`] gives, before any search,
//! [`construct`](crate::construct)'s board and then its other images under
//! the 8 symmetries of the square ([`unique::class_of`]): a solution
//! turned or reflected is a solution, so up to 8 boards come at once for
//! every n. Then it searches, trying first, in each row, the column of the
//! constructed board, then the others lowest-first; the boards it meets
//! again among those already given, it passes over. For some n the search
//! finds nothing new for a long time (`docs/streaming.md` says when);
//! `size_hint` says how many boards are left that need no search.
//! [`boards_in_order`] keeps bitmask's order, lexicographic, at the price of
//! a detour to its first board.
//!
//! **Cost.** The tree of bitmask, in either order, O(1) per free square,
//! no board twice; each board the search finds is compared with the up to 8
//! given at once, column by column, most often told apart in the first.
//! Space: O(n) at every point of the walk (the stack, and those 8 boards),
//! plus each O(n) [`Board`] handed out. The time to the *next* board has no
//! bound smaller than the tree: some stretches of the search hold no board.
//!
//! **Board.** Row 0 is the top row, column 0 the leftmost column; `row - col`
//! is constant along a "\" diagonal and `row + col` along a "/" anti-diagonal.
//! In the masks bit `c` is column `c`.
//!
//! **Range.** `n = 0..=`[`MAX_N`] (64): `n = 0` yields one board, the empty
//! one; n = 2 and 3 yield none. [`boards`] and [`boards_in_order`] panic for
//! `n > 64` with a message naming the range.
//!
//! **Not judge-ready:** it returns [`Board`]s one at a time, not the judge's
//! `Vec<Vec<String>>`.

use std::iter::FusedIterator;

use crate::board::Board;
use crate::unique;

/// The largest `n` [`boards`] accepts: one bit per column in a `u64` mask.
pub const MAX_N: u32 = 64;

/// Every solution for `n`, one at a time: [`construct`](crate::construct)'s
/// board first, then its other images under the 8 symmetries of the square
/// (as many as [`unique::class_of`] finds distinct), all without search;
/// then the others in search order, none of those again.
///
/// Lazy: nothing is searched until a board past the images is asked for,
/// and each `next` searches only as far as the next board. `size_hint`'s
/// lower bound is the number of boards left that need no search. `n = 0`
/// yields the empty board once; n = 2 and 3 yield nothing.
///
/// # Panics
/// If `n > 64` ([`MAX_N`]).
pub fn boards(n: u32) -> Boards {
    check_range("boards", n);
    // n <= 64, so `n as usize` is exact and a board exists unless n = 2 or 3.
    let Some(constructed) = crate::construct::construct(n as usize) else {
        return Boards { at_once: Vec::new(), given: 0, search: Search::new(n, u64::MAX, Vec::new()) };
    };
    // The images of a solution are solutions; the class holds the board itself once.
    let mut at_once = unique::class_of(&constructed);
    at_once.retain(|image| *image != constructed);
    at_once.insert(0, constructed.clone());
    Boards { at_once, given: 0, search: Search::new(n, u64::MAX, constructed.into_columns()) }
}

/// Every solution for `n`, one at a time, in ascending lexicographic order of
/// their columns: bitmask's order. The first board can take long to reach
/// for large n (see the module docs for n = 30); [`boards`] starts at once.
///
/// # Panics
/// If `n > 64` ([`MAX_N`]).
pub fn boards_in_order(n: u32) -> Boards {
    check_range("boards_in_order", n);
    Boards { at_once: Vec::new(), given: 0, search: Search::new(n, u64::MAX, Vec::new()) }
}

/// The search of [`boards`], without the boards it gives at once: each row
/// tries the constructed board's column first. [`unique`] meets the classes
/// in this order.
pub(crate) fn search_from_construct(n: u32) -> Search {
    // n <= 64: checked by the callers.
    let preferred = crate::construct::construct(n as usize).map_or(Vec::new(), Board::into_columns);
    Search::new(n, u64::MAX, preferred)
}

fn check_range(function: &str, n: u32) {
    assert!(
        n <= MAX_N,
        "streaming::{function}: n = {n} is out of range; it supports n <= {MAX_N} (one bit per column in a u64)"
    );
}

/// The iterator of [`boards`] and [`boards_in_order`]: the boards that need
/// no search, then the search, paused between two boards.
#[derive(Clone, Debug)]
pub struct Boards {
    /// The boards given before any search, in their order: the constructed
    /// board and its images for [`boards`], none for [`boards_in_order`].
    at_once: Vec<Board>,
    /// How many of `at_once` are given already.
    given: usize,
    /// The search for every board, `at_once`'s among them.
    search: Search,
}

/// The search, paused between two boards.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    /// Every column of the board: `full = (1 << n) - 1`, n ones.
    full: u64,
    /// One frame per row from row 0 to the row being filled, the top frame
    /// last. Always one more frame than `queen_columns` has entries, until
    /// the search is over and both are empty.
    stack: Vec<Frame>,
    /// `queen_columns[row]`: the column of the queen placed in each row above
    /// the top frame's row.
    queen_columns: Vec<u32>,
    /// `preferred[row]`: the column that row tries first; empty for
    /// lexicographic order (every row tries its lowest free square first).
    preferred: Vec<u32>,
    /// `n = 0` has one board, the empty one; there is no row to search.
    empty_board_pending: bool,
}

/// One row of the search, as the recursion would keep it in its local variables.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The squares of this row that are safe and not tried yet.
    free: u64,
    /// The columns taken by the queens above.
    columns: u64,
    /// The squares of this row on a "\" diagonal of a queen above.
    diagonals: u64,
    /// The squares of this row on a "/" anti-diagonal of a queen above.
    anti_diagonals: u64,
    /// The square this row tries first while it is free (one bit), or 0.
    preferred: u64,
}

impl Search {
    /// The boards for `n` whose first-row queen is on one of the `first_row`
    /// squares (a mask, bit `c` for column `c`), in lexicographic order.
    /// [`unique`] uses it to search only the left half.
    ///
    /// `n <= 64`: checked by the callers.
    pub(crate) fn with_first_row(n: u32, first_row: u64) -> Search {
        Search::new(n, first_row, Vec::new())
    }

    /// The search for `n`, the first row limited to `first_row`, each row
    /// trying `preferred[row]` first (lowest first when `preferred` is empty).
    fn new(n: u32, first_row: u64, preferred: Vec<u32>) -> Search {
        debug_assert!(n <= MAX_N && (preferred.is_empty() || preferred.len() == n as usize));
        // `u64::MAX >> (64 - n)` is n ones, also for n = 64 where `1 << n` overflows.
        let full = if n == 0 { 0 } else { u64::MAX >> (64 - n) };
        let mut search = Search {
            full,
            stack: Vec::with_capacity(n as usize + 1),
            queen_columns: Vec::with_capacity(n as usize),
            preferred,
            empty_board_pending: n == 0,
        };
        if n > 0 {
            let preferred = search.preferred_square(0);
            search.stack.push(Frame { free: full & first_row, columns: 0, diagonals: 0, anti_diagonals: 0, preferred });
        }
        search
    }

    /// `preferred[row]`: the column each row tries first, empty when every
    /// row tries its lowest free square first. The boards come in
    /// lexicographic order of their columns, each row's preferred column
    /// ranked before the others; [`unique`] compares boards in that order.
    pub(crate) fn preferred(&self) -> &[u32] {
        &self.preferred
    }

    /// The square `row` tries first, as a one-bit mask, or 0 for none.
    fn preferred_square(&self, row: usize) -> u64 {
        self.preferred.get(row).map_or(0, |&col| 1 << col)
    }

    /// Searches on to the next board and lends its columns, without
    /// allocating: for callers that keep only some of the boards.
    pub(crate) fn next_columns(&mut self) -> Option<&[u32]> {
        if self.empty_board_pending {
            self.empty_board_pending = false;
            return Some(&[]);
        }
        while let Some(frame) = self.stack.last_mut() {
            if frame.free == 0 {
                // Every square of this row is tried: back to the row above,
                // whose queen moves on to its next free square.
                self.stack.pop();
                self.queen_columns.pop();
                continue;
            }
            let queen = if frame.free & frame.preferred != 0 {
                frame.preferred
            } else {
                frame.free & frame.free.wrapping_neg() // the lowest untried square
            };
            frame.free &= !queen;
            let columns = frame.columns | queen;
            let diagonals = (frame.diagonals | queen) << 1;
            let anti_diagonals = (frame.anti_diagonals | queen) >> 1;
            self.queen_columns.push(queen.trailing_zeros());
            if columns == self.full {
                // Every row has its queen. The last queen stays in
                // `queen_columns` while the caller reads the board; the empty
                // frame pushed here makes the next call take it back.
                self.stack.push(Frame { free: 0, columns, diagonals, anti_diagonals, preferred: 0 });
                return Some(&self.queen_columns);
            }
            let free = self.full & !(columns | diagonals | anti_diagonals);
            let preferred = self.preferred_square(self.queen_columns.len());
            self.stack.push(Frame { free, columns, diagonals, anti_diagonals, preferred });
        }
        None
    }
}

impl Iterator for Boards {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        if let Some(board) = self.at_once.get(self.given) {
            self.given += 1;
            return Some(board.clone());
        }
        while let Some(columns) = self.search.next_columns() {
            // Each board given at once is met again by the search: not twice.
            if !self.at_once.iter().any(|given| given.columns() == columns) {
                return Some(Board::new(columns.to_vec()));
            }
        }
        None
    }

    /// At least the boards given at once that are still to come; how many
    /// the search adds is not known before it runs.
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.at_once.len() - self.given, None)
    }
}

/// Once the search is over, it stays over.
impl FusedIterator for Boards {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stack_stays_one_frame_per_row() {
        let mut search = search_from_construct(8);
        let mut count = 0;
        while let Some(columns) = search.next_columns() {
            assert_eq!(columns.len(), 8);
            assert!(search.stack.len() <= 9 && search.stack.capacity() == 9);
            count += 1;
        }
        assert_eq!(count, 92); // OEIS A000170
        assert!(search.stack.is_empty() && search.queen_columns.is_empty());
        assert_eq!(search.next_columns(), None);
    }

    #[test]
    fn a_first_row_mask_keeps_only_those_boards() {
        // n = 4 has two boards, 1 3 0 2 and 2 0 3 1.
        let mut only_column_2 = Search::with_first_row(4, 1 << 2);
        assert_eq!(only_column_2.next_columns(), Some(&[2, 0, 3, 1][..]));
        assert_eq!(only_column_2.next_columns(), None);
    }

    /// The size hint counts down the boards given at once, then says nothing more is sure.
    #[test]
    fn the_size_hint_counts_the_boards_given_at_once() {
        let mut boards = boards(8);
        let at_once = boards.at_once.len();
        assert_eq!(at_once, unique::class_of(&boards.at_once[0]).len());
        for left in (0..at_once).rev() {
            boards.next();
            assert_eq!(boards.size_hint(), (left, None));
        }
        assert_eq!(boards_in_order(8).size_hint(), (0, None));
    }

    #[test]
    #[should_panic(expected = "supports n <= 64")]
    fn refuses_n_past_64() {
        boards(65);
    }
}
