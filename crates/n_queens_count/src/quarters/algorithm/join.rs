//! The join of one task: every half board of each half, as its pattern
//! (every split of the half's columns, every north piece paired with each
//! south piece it does not meet), then for each west pattern the east ones
//! disjoint from it, weighted by the west pattern's class.

use super::sieve::Sieve;
use super::starts::{Class, Task};
use super::views::{Piece, Views};

/// One thread's buffers: a worker owns everything it writes.
#[derive(Default)]
pub(crate) struct Worker {
    east: Patterns,
    /// Indexed by `class as usize` ([`Class`]).
    west: [Patterns; 4],
    sieve: Sieve,
}

/// A growing list of patterns that is never shrunk, so that its memory is
/// reused from task to task.
#[derive(Default)]
struct Patterns {
    keys: Vec<u64>,
    len: usize,
}

impl Patterns {
    fn clear(&mut self) {
        self.len = 0;
    }

    fn as_slice(&self) -> &[u64] {
        &self.keys[..self.len]
    }

    /// Adds `north.key | south.key` for every pair of pieces whose
    /// diagonals do not meet. Not inlined: its loop, compiled apart, is
    /// faster than inlined into the four calls of [`Worker::count`].
    #[inline(never)]
    fn add_pairs(&mut self, north: &[Piece], south: &[Piece]) {
        let most = self.len + north.len() * south.len();
        if self.keys.len() < most {
            self.keys.resize(most.next_power_of_two(), 0);
        }
        let mut len = self.len;
        for a in north {
            // Write every pair, keep those that fit: no branch to mispredict.
            let out = &mut self.keys[len..len + south.len()];
            let mut kept = 0;
            for b in south {
                out[kept] = a.key | b.key;
                kept += usize::from(a.check & b.check == 0);
            }
            len += kept;
        }
        self.len = len;
    }
}

impl Worker {
    /// The weighted count of one task; `None` past `u64`.
    pub(crate) fn count(&mut self, views: &Views, task: &Task) -> Option<u64> {
        // Both halves' patterns: the east ones all alike (no east queen is on
        // a flagged diagonal), the west ones by class.
        let east = &mut self.east;
        east.clear();
        views.east.pairs(task.east_rows, |north, south| east.add_pairs(north.plain, south.plain));
        let west = &mut self.west;
        for class in west.iter_mut() {
            class.clear();
        }
        let weights = task.weights;
        views.west.pairs(views.rows ^ task.east_rows, |north, south| {
            let by_class = [
                (Class::OffMain, north.plain, south.plain),
                (Class::OnDiagonal, north.flagged, south.plain),
                (Class::OnAntiDiagonal, north.plain, south.flagged),
                (Class::OnBoth, north.flagged, south.flagged),
            ];
            for (class, north, south) in by_class {
                if weights[class as usize] != 0 {
                    west[class as usize].add_pairs(north, south);
                }
            }
        });
        // Store the east patterns, then count for each west one the east
        // ones it does not meet.
        let queries = self.west.iter().map(Patterns::as_slice);
        self.sieve.store(self.east.as_slice(), queries);
        let mut total = 0u64;
        for class in Class::ALL {
            let (west, weight) = (&self.west[class as usize], weights[class as usize]);
            if weight != 0 && west.len != 0 {
                total = total.checked_add(self.sieve.count(west.as_slice()).checked_mul(weight)?)?;
            }
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::Random;
    use super::*;

    /// Pairs of pieces: every pair whose checks do not meet, keyed by the
    /// union of their keys.
    #[test]
    fn pairs_keep_the_pieces_that_fit() {
        let mut random = Random(777);
        let mut pieces = |count: usize| -> Vec<Piece> {
            (0..count).map(|_| Piece { check: random.next() & random.next(), key: random.next() }).collect()
        };
        let (north, south) = (pieces(13), pieces(21));
        let mut found = Patterns::default();
        found.add_pairs(&north, &[]);
        found.add_pairs(&north, &south);
        found.add_pairs(&north[..2], &south[..3]);
        let mut expected = Vec::new();
        for (north, south) in [(&north[..], &south[..]), (&north[..2], &south[..3])] {
            for a in north {
                for b in south {
                    if a.check & b.check == 0 {
                        expected.push(a.key | b.key);
                    }
                }
            }
        }
        assert_eq!(found.as_slice(), &expected[..]);
    }
}
