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
//! **Which board comes first.** [`boards`] tries first, in each row, the
//! column of [`construct`](crate::construct)'s board, a solution, so the
//! first board comes after n squares tried; then it goes on lowest-first.
//! [`boards_in_order`] keeps bitmask's order, lexicographic, at the price of
//! a detour to its first board (`docs/streaming.md` says when, and measures
//! it).
//!
//! **Cost.** The tree of bitmask, in either order, O(1) per free square,
//! no board twice. Space: O(n) at every point of the walk, plus each O(n)
//! [`Board`] handed out. The time to the *next* board has no bound smaller
//! than the tree: some stretches of the search hold no board.
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

/// The largest `n` [`boards`] accepts: one bit per column in a `u64` mask.
pub const MAX_N: u32 = 64;

/// Every solution for `n`, one at a time: [`construct`](crate::construct)'s
/// board first, found without a detour, then the others in search order.
///
/// Lazy: nothing is searched until the first `next`, and each `next` searches
/// only as far as the next board. `n = 0` yields the empty board once; n = 2
/// and 3 yield nothing.
///
/// # Panics
/// If `n > 64` ([`MAX_N`]).
pub fn boards(n: u32) -> Boards {
    check_range("boards", n);
    // n <= 64, so `n as usize` is exact and a board exists unless n = 2 or 3.
    let preferred = crate::construct::construct(n as usize).map_or(Vec::new(), Board::into_columns);
    Boards::new(n, u64::MAX, preferred)
}

/// Every solution for `n`, one at a time, in ascending lexicographic order of
/// their columns: bitmask's order. The first board can take long to reach
/// for large n (see the module docs for n = 30); [`boards`] starts at once.
///
/// # Panics
/// If `n > 64` ([`MAX_N`]).
pub fn boards_in_order(n: u32) -> Boards {
    check_range("boards_in_order", n);
    Boards::new(n, u64::MAX, Vec::new())
}

fn check_range(function: &str, n: u32) {
    assert!(
        n <= MAX_N,
        "streaming::{function}: n = {n} is out of range; it supports n <= {MAX_N} (one bit per column in a u64)"
    );
}

/// The iterator of [`boards`] and [`boards_in_order`]: the search, paused
/// between two boards.
#[derive(Clone, Debug)]
pub struct Boards {
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

impl Boards {
    /// The boards for `n` whose first-row queen is on one of the `first_row`
    /// squares (a mask, bit `c` for column `c`), in lexicographic order.
    /// [`unique`](crate::unique) uses it to search only the left half.
    ///
    /// `n <= 64`: checked by the callers.
    pub(crate) fn with_first_row(n: u32, first_row: u64) -> Boards {
        Boards::new(n, first_row, Vec::new())
    }

    /// The search for `n`, the first row limited to `first_row`, each row
    /// trying `preferred[row]` first (lowest first when `preferred` is empty).
    fn new(n: u32, first_row: u64, preferred: Vec<u32>) -> Boards {
        debug_assert!(n <= MAX_N && (preferred.is_empty() || preferred.len() == n as usize));
        // `u64::MAX >> (64 - n)` is n ones, also for n = 64 where `1 << n` overflows.
        let full = if n == 0 { 0 } else { u64::MAX >> (64 - n) };
        let mut boards = Boards {
            full,
            stack: Vec::with_capacity(n as usize + 1),
            queen_columns: Vec::with_capacity(n as usize),
            preferred,
            empty_board_pending: n == 0,
        };
        if n > 0 {
            let preferred = boards.preferred_square(0);
            boards.stack.push(Frame { free: full & first_row, columns: 0, diagonals: 0, anti_diagonals: 0, preferred });
        }
        boards
    }

    /// `preferred[row]`: the column each row tries first, empty when every
    /// row tries its lowest free square first. The boards come in
    /// lexicographic order of their columns, each row's preferred column
    /// ranked before the others; [`unique`](crate::unique) compares boards
    /// in that order.
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
        self.next_columns().map(|columns| Board::new(columns.to_vec()))
    }
}

/// Once the search is over, it stays over.
impl FusedIterator for Boards {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stack_stays_one_frame_per_row() {
        let mut boards = boards(8);
        let mut count = 0;
        while let Some(columns) = boards.next_columns() {
            assert_eq!(columns.len(), 8);
            assert!(boards.stack.len() <= 9 && boards.stack.capacity() == 9);
            count += 1;
        }
        assert_eq!(count, 92); // OEIS A000170
        assert!(boards.stack.is_empty() && boards.queen_columns.is_empty());
        assert_eq!(boards.next(), None);
    }

    #[test]
    fn a_first_row_mask_keeps_only_those_boards() {
        // n = 4 has two boards, 1 3 0 2 and 2 0 3 1.
        let only_column_2: Vec<Board> = Boards::with_first_row(4, 1 << 2).collect();
        assert_eq!(only_column_2, [Board::new(vec![2, 0, 3, 1])]);
    }

    #[test]
    #[should_panic(expected = "supports n <= 64")]
    fn refuses_n_past_64() {
        boards(65);
    }
}
