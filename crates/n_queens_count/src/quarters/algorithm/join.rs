//! The join of one task: every half board of each half, as its pattern
//! (every split of the half's columns, every north piece paired with each
//! south piece it does not meet), then for each west pattern the east ones
//! disjoint from it, weighted by the west pattern's class. A worker holds
//! at most [`Caps`] patterns of each half: past them, the east patterns
//! are joined in batches, each with every west pattern, and the west ones
//! are counted in batches too.

use super::sieve::Sieve;
use super::starts::{Class, Task};
use super::views::{CUT_CANDIDATES, Piece, Views};

/// The most patterns a worker holds at once: of the east half, and of
/// each class of the west half. Each is at least the largest cell of the
/// quarter table, so that a north piece's pairs always fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caps {
    pub(crate) east: usize,
    pub(crate) west: usize,
}

impl Caps {
    /// No cap: every task's patterns held at once.
    pub(crate) const NONE: Caps = Caps { east: usize::MAX, west: usize::MAX };
}

/// One thread's buffers: a worker owns everything it writes.
pub(crate) struct Worker {
    east: Patterns,
    /// Indexed by `class as usize` ([`Class`]).
    west: [Patterns; 4],
    sieve: Sieve,
    caps: Caps,
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
    /// diagonals do not meet, holding no more than `cap` patterns: before
    /// the north pieces whose pairs would not fit, `full` is called with
    /// the patterns so far, which it takes (they are cleared).
    #[inline]
    fn add_pairs_within(&mut self, north: &[Piece], south: &[Piece], cap: usize, mut full: impl FnMut(&[u64])) {
        if self.len + north.len() * south.len() <= cap {
            self.add_pairs(north, south, cap);
            return;
        }
        let mut north = north;
        while !north.is_empty() {
            let mut room = (cap.saturating_sub(self.len)) / south.len().max(1);
            if room == 0 && self.len != 0 {
                full(self.as_slice());
                self.clear();
                continue;
            }
            room = room.max(1); // the caps hold every cell: never more than one
            let (now, later) = north.split_at(room.min(north.len()));
            self.add_pairs(now, south, cap);
            north = later;
        }
    }

    /// Adds `north.key | south.key` for every pair of pieces whose
    /// diagonals do not meet. Not inlined: its loop, compiled apart, is
    /// faster than inlined into the four calls of [`Worker::count`].
    #[inline(never)]
    fn add_pairs(&mut self, north: &[Piece], south: &[Piece], cap: usize) {
        let most = self.len + north.len() * south.len();
        if self.keys.len() < most {
            self.keys.resize(most.next_power_of_two().min(cap.max(most)), 0);
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
    /// A worker that holds at most `caps` patterns.
    pub(crate) fn new(caps: Caps) -> Worker {
        Worker { east: Patterns::default(), west: Default::default(), sieve: Sieve::default(), caps }
    }

    /// The weighted count of one task; `None` past `u64`.
    pub(crate) fn count(&mut self, views: &Views, task: &Task) -> Option<u64> {
        // Without caps, compiled without their checks.
        if self.caps == Caps::NONE {
            self.count_within::<false>(views, task)
        } else {
            self.count_within::<true>(views, task)
        }
    }

    /// [`Worker::count`], checking the caps if `CAPPED`.
    fn count_within<const CAPPED: bool>(&mut self, views: &Views, task: &Task) -> Option<u64> {
        let Worker { east, west, sieve, caps } = self;
        let caps = *caps;
        // The east patterns, all alike (no east queen is on a flagged
        // diagonal), each batch of them joined with the west ones.
        let mut total = Some(0u64);
        east.clear();
        views.east.pairs(task.east_rows, |north, south| {
            if !CAPPED {
                east.add_pairs(north.plain, south.plain, caps.east);
                return;
            }
            east.add_pairs_within(north.plain, south.plain, caps.east, |batch| {
                let counted = join_west::<CAPPED>(batch, west, sieve, views, task, caps);
                total = total.and_then(|total| total.checked_add(counted?));
            });
        });
        if east.len != 0 {
            let last = join_west::<CAPPED>(east.as_slice(), west, sieve, views, task, caps);
            total = total.and_then(|total| total.checked_add(last?));
        }
        total
    }
}

/// The weighted count of the pairs of `east`, a batch of the task's east
/// patterns, with its west patterns, which are made by class, counted in
/// batches of `caps.west` per class (checked only if `CAPPED`).
fn join_west<const CAPPED: bool>(
    east: &[u64],
    west: &mut [Patterns; 4],
    sieve: &mut Sieve,
    views: &Views,
    task: &Task,
    caps: Caps,
) -> Option<u64> {
    let weights = task.weights;
    let mut total = Some(0u64);
    sieve.store(east, views.layout.bits, CUT_CANDIDATES.min(views.layout.bits));
    // Counts the west patterns made so far, and clears them.
    let mut count = |west: &mut [Patterns; 4]| {
        for class in Class::ALL {
            let (patterns, weight) = (&mut west[class as usize], weights[class as usize]);
            if weight != 0 && patterns.len != 0 {
                let counted = sieve.count(patterns.as_slice()).checked_mul(weight);
                total = total.and_then(|total| total.checked_add(counted?));
            }
            patterns.clear();
        }
    };
    for class in west.iter_mut() {
        class.clear();
    }
    views.west.pairs(views.rows ^ task.east_rows, |north, south| {
        let by_class = [
            (Class::OffMain, north.plain, south.plain),
            (Class::OnDiagonal, north.flagged, south.plain),
            (Class::OnAntiDiagonal, north.plain, south.flagged),
            (Class::OnBoth, north.flagged, south.flagged),
        ];
        for (class, mut north, south) in by_class {
            if weights[class as usize] == 0 {
                continue;
            }
            let patterns = &mut west[class as usize];
            if !CAPPED || patterns.len + north.len() * south.len() <= caps.west {
                patterns.add_pairs(north, south, caps.west);
                continue;
            }
            // As `add_pairs_within`, but a full class counts them all.
            while !north.is_empty() {
                let patterns = &mut west[class as usize];
                let fits = caps.west.saturating_sub(patterns.len) / south.len().max(1);
                if fits == 0 && patterns.len != 0 {
                    count(west);
                    continue;
                }
                let (now, later) = north.split_at(fits.max(1).min(north.len()));
                patterns.add_pairs(now, south, caps.west);
                north = later;
            }
        }
    });
    count(west);
    total
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::super::table::{CellSizes, QuarterTable, RowSets};
    use super::super::testing::Random;
    use super::super::views::QuarterRows;
    use super::*;

    /// A worker with small caps joins in batches, and every count is the
    /// same as held at once; the whole adds up to OEIS A000170.
    #[test]
    fn batches_count_what_holding_everything_counts() {
        for n in 8..=14u32 {
            let board = Board::new(n);
            let cells = CellSizes::count(board.side);
            let largest = *cells.sizes.iter().max().unwrap() as usize;
            let table = QuarterTable::fill(&cells, &RowSets::all(board.side));
            let mut whole = Worker::new(Caps::NONE);
            let mut batched =
                [largest, largest + 1, 3 * largest, 100].map(|cap| Worker::new(Caps { east: cap, west: cap }));
            let (mut total, mut most_east) = (0, 0);
            for start in board.starts() {
                let tasks = start.tasks(&board);
                let mut rows = QuarterRows::none(board.side);
                tasks.iter().for_each(|task| rows.add_task(&board, start.rows, task.east_rows));
                let views = Views::new(&board, &table, &start, 1, &rows);
                for task in tasks {
                    let count = whole.count(&views, &task).unwrap();
                    most_east = most_east.max(whole.east.len);
                    for worker in &mut batched {
                        assert_eq!(worker.count(&views, &task), Some(count), "n = {n}, caps {:?}", worker.caps);
                    }
                    total += count;
                }
            }
            assert_eq!(total, n_queens_cases::oeis::A000170[n as usize], "n = {n}");
            // From n = 12 on, large tasks came in several batches.
            assert!(n < 12 || most_east > 3 * largest, "n = {n}: at most {most_east} east patterns");
        }
    }

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
        found.add_pairs(&north, &[], usize::MAX);
        found.add_pairs(&north, &south, usize::MAX);
        found.add_pairs(&north[..2], &south[..3], usize::MAX);
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
