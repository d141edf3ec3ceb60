//! # Beyond the judge: one board for any n, without search
//!
//! **Idea.** Asked for one board rather than all of them, there is no need
//! to search: explicit constructions go back to E. Pauls (1874); the form
//! used here is E. J. Hoffman, J. C. Loessi and R. C. Moore's (1969). With
//! the columns numbered 1..=n, the queens go down the board two columns
//! apart, first the even columns, then the odd ones (n = 6: `2 4 6 1 3 5`),
//! a solution unless n mod 6 is 2 or 3, where a few queens move to repair a
//! shared diagonal (n = 8: `2 4 6 8 3 1 7 5`; n = 9: `4 6 8 2 5 7 9 1 3`).
//! The board's columns are these numbers minus one; `docs/construct.md`
//! gives the rules and why they work. n = 2 and 3 have no solution at all.
//!
//! **What changed.** Everything: no search, no backtracking, no masks (so no
//! limit of 64 columns). It gives one board, always the same one for a given
//! n, never the others.
//!
//! **Cost.** O(n) time and space: each column is written once. The benchmark
//! crate times n = 1,000,000 (`docs/construct.md`).
//!
//! **Range.** Any `n` up to [`MAX_N`] (2^32, the number of `u32` columns;
//! memory runs out long before); past it, a panic naming the range.
//!
//! **Not judge-ready:** one board is not the judge's answer.

use crate::board::Board;

/// The largest `n` [`construct`] accepts: columns are `u32`, 0..2^32.
pub const MAX_N: u64 = 1 << 32;

/// One solution for `n`, built in O(n) as the module docs say, or `None` for
/// n = 2 and 3, which have none. `n = 0` gives the empty board.
///
/// # Panics
/// If `n > 2^32` ([`MAX_N`]).
pub fn construct(n: usize) -> Option<Board> {
    assert!(
        n as u64 <= MAX_N,
        "construct::construct: n = {n} is out of range; it supports n <= {MAX_N} (the columns are u32)"
    );
    if n == 2 || n == 3 {
        return None;
    }
    // The columns counted from 1, as in the module docs; `push` subtracts the
    // 1. n <= 2^32, so n - 1 fits a u32.
    let last = n as u64;
    let mut columns: Vec<u32> = Vec::with_capacity(n);
    let mut push = |numbered_from_1: u64| columns.push((numbered_from_1 - 1) as u32);
    match n % 6 {
        2 => {
            (2..=last).step_by(2).for_each(&mut push);
            [3, 1].into_iter().for_each(&mut push);
            (7..last).step_by(2).for_each(&mut push);
            push(5);
        }
        3 => {
            (4..last).step_by(2).for_each(&mut push);
            push(2);
            (5..=last).step_by(2).for_each(&mut push);
            [1, 3].into_iter().for_each(&mut push);
        }
        _ => {
            (2..=last).step_by(2).for_each(&mut push);
            (1..=last).step_by(2).for_each(&mut push);
        }
    }
    Some(Board::new(columns))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked examples of the module docs, and the smallest n.
    #[test]
    fn matches_the_worked_examples_and_small_n() {
        assert_eq!(construct(6).unwrap().columns(), [1, 3, 5, 0, 2, 4]);
        assert_eq!(construct(8).unwrap().columns(), [1, 3, 5, 7, 2, 0, 6, 4]);
        assert_eq!(construct(9).unwrap().columns(), [3, 5, 7, 1, 4, 6, 8, 0, 2]);
        assert_eq!(construct(0), Some(Board::new(vec![])));
        assert_eq!(construct(1), Some(Board::new(vec![0])));
        assert_eq!(construct(2), None);
        assert_eq!(construct(3), None);
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    #[should_panic(expected = "supports n <= 4294967296")]
    fn refuses_n_past_2_to_the_32() {
        construct((1 << 32) + 1);
    }
}
