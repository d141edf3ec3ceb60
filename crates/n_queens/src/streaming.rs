//! # Beyond the judge: streaming the boards
//!
//! **Idea.** The judge's functions build the whole list before returning the
//! first board. n = 27 alone has 2.3 · 10^17 boards, and the count grows
//! about tenfold per step: no list will ever hold them, yet a first few are
//! easy to find. [`boards`] returns an iterator that finds the next board
//! only when asked, so `boards(30).take(10)` returns at once, in constant
//! memory.
//!
//! **What changed.** The search is [`bitmask`](crate::bitmask)'s, but an
//! iterator cannot pause in the middle of a recursion, so the call stack
//! becomes an explicit one: one `Frame` per filled row, holding that row's
//! masks and the free squares it has not tried yet. Each `next` resumes
//! where the previous board left it: take an untried free square of the top
//! frame and push the next row's frame; when a row has nothing left to try,
//! pop it and move the queen of the row above. The masks are `u64`, so n
//! reaches 64. That search is in `search.rs`; this file decides what the
//! stream gives, and in which order.
//!
//! **Which boards come first.** [`construct`](crate::construct)'s board and
//! its other images under the 8 symmetries ([`unique::class_of`]), without
//! search; then the search, trying first in each row the constructed
//! board's column, passing over the boards already given. For some n it
//! finds nothing new for a long time (`docs/streaming.md`).
//! [`boards_in_order`] keeps bitmask's lexicographic order, at the price of
//! a detour to its first board.
//!
//! **Cost.** The tree of bitmask, in either order, O(1) per free square,
//! no board twice; each board the search finds is compared with the up to 8
//! given at once, most often told apart in the first column. Space: O(n) at
//! every point of the walk, plus each O(n) [`Board`] handed out. The time to
//! the *next* board has no bound smaller than the tree.
//!
//! **Range.** `n = 0..=`[`MAX_N`] (64): `n = 0` yields one board, the empty
//! one; n = 2 and 3 yield none; past 64, a panic naming the range.
//!
//! **Not judge-ready:** it returns [`Board`]s one at a time, not the judge's
//! `Vec<Vec<String>>`.

use std::iter::FusedIterator;

use crate::board::Board;
use crate::search::{self, Search, check_range};
use crate::unique;

/// The largest `n` [`boards`] accepts: one bit per column in a `u64` mask.
pub const MAX_N: u32 = search::MAX_N;

/// Every solution for `n`, one at a time: [`construct`](crate::construct)'s
/// board and its other images under the 8 symmetries ([`unique::class_of`]),
/// without search; then the others in search order, none of those again.
///
/// Lazy: each `next` searches only as far as the next board. `size_hint`'s
/// lower bound is the number of boards left that need no search.
///
/// # Panics
/// If `n > 64` ([`MAX_N`]).
pub fn boards(n: u32) -> Boards {
    check_range("streaming::boards", n);
    let Some(constructed) = crate::construct::construct(n as usize) else { return boards_in_order(n) };
    // The images of a solution are solutions; the class holds the board itself once.
    let mut at_once = unique::class_of(&constructed);
    at_once.retain(|image| *image != constructed);
    at_once.insert(0, constructed.clone());
    Boards { at_once, given: 0, search: Search::new(n, u64::MAX, constructed.into_columns()) }
}

/// Every solution for `n`, one at a time, in ascending lexicographic order of
/// their columns: bitmask's order. The first board can take long to reach
/// for large n; [`boards`] starts at once.
///
/// # Panics
/// If `n > 64` ([`MAX_N`]).
pub fn boards_in_order(n: u32) -> Boards {
    check_range("streaming::boards_in_order", n);
    Boards { at_once: Vec::new(), given: 0, search: Search::new(n, u64::MAX, Vec::new()) }
}

/// The iterator of [`boards`] and [`boards_in_order`].
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

    /// At least the boards given at once that are still to come.
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.at_once.len() - self.given, None)
    }
}

/// Once the search is over, it stays over.
impl FusedIterator for Boards {}

#[cfg(test)]
mod tests {
    use super::*;

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
}
