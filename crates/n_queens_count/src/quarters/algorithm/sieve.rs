//! The sieve (Kluev's name): the stored patterns grouped by a few of their
//! key bits, the *cut bits*, one group of the [`DisjointCounter`] per value
//! of those bits, so that a query skips every group whose cut bits meet
//! its own.
//!
//! Which bits to cut: those most often set in both the stored patterns and
//! the queries, since each such bit rules out the most pairs. The keys put
//! them on top, in that order (the window's diagonals nearest the main
//! ones, [`KeyLayout`](super::views::KeyLayout)): the cut bits of `c` cuts
//! are a key's top `c` bits, its value a shift away, and the counter
//! counts the bits below them only. Few stored patterns are not cut at
//! all: small groups would cost more than the pairs they skip.

use super::disjoint::DisjointCounter;

/// The stored patterns by value of the cut bits, each value's a group of
/// one counter.
#[derive(Default)]
pub(crate) struct Sieve {
    /// The number of cut bits, and the key bits below them.
    cuts: u32,
    below: u32,
    counter: DisjointCounter,
    /// Scratch: the stored patterns, then the queries, by value of the cut
    /// bits (a counting sort: `starts[value]..starts[value + 1]`).
    sorted: Vec<u64>,
    starts: Vec<usize>,
}

/// At least this many stored patterns per group of a [`Sieve`], on average.
pub(crate) const SIEVE_GROUP: usize = 256;

/// The most cut bits of a [`Sieve`].
pub(crate) const MOST_CUTS: usize = 5;

/// The most values of the cut bits.
const MOST_VALUES: usize = 1 << MOST_CUTS;

impl Sieve {
    /// At most the bytes it holds once it has stored at most `stored`
    /// patterns and been asked at most `asked` queries at a time, keys of
    /// `key_bits` bits.
    pub(crate) fn bytes(stored: u64, asked: u64, key_bits: u32) -> u64 {
        let most = stored.max(asked);
        // One group per SIEVE_GROUP stored patterns at most.
        let groups = (stored / SIEVE_GROUP as u64).clamp(1, 1 << MOST_CUTS);
        // The sorted copy, the starts, and the counter.
        most * 8 + (groups + 1) * 8 + DisjointCounter::bytes(stored, groups, key_bits)
    }

    /// Stores `patterns`, keys of `key_bits` bits whose top `candidates`
    /// bits may be cut, the most often set highest.
    pub(crate) fn store(&mut self, patterns: &[u64], key_bits: u32, candidates: u32) {
        let cuts = (patterns.len() / SIEVE_GROUP).checked_ilog2().unwrap_or(0).min(MOST_CUTS as u32).min(candidates);
        (self.cuts, self.below) = (cuts, key_bits - cuts);
        if cuts == 0 {
            self.counter.store(std::iter::once(patterns), key_bits);
            return;
        }
        self.sort(patterns);
        let (sorted, starts) = (&self.sorted, &self.starts);
        self.counter.store(starts.windows(2).map(|range| &sorted[range[0]..range[1]]), self.below);
    }

    /// Sorts `patterns` into [`Sieve::sorted`] by the value of their cut
    /// bits, [`Sieve::starts`] saying where each value's begin.
    ///
    /// The patterns are taken four at a time, each of the four with counts
    /// and places of its own: with one count per value, each pattern would
    /// wait on the last one's increment whenever a value comes again, as
    /// it mostly does. (Within a value the order is not kept; the counter
    /// needs none.)
    fn sort(&mut self, patterns: &[u64]) {
        let (below, values) = (self.below, 1usize << self.cuts);
        // `& (MOST_VALUES - 1)` tells the compiler that the arrays need no bounds check.
        let value = |pattern: u64| (pattern >> below) as usize & (values - 1) & (MOST_VALUES - 1);
        let (fours, rest) = patterns.as_chunks::<4>();
        let mut sizes = [[0usize; MOST_VALUES]; 4];
        for four in fours {
            for (sizes, &pattern) in sizes.iter_mut().zip(four) {
                sizes[value(pattern)] += 1;
            }
        }
        for &pattern in rest {
            sizes[0][value(pattern)] += 1;
        }
        // Each value's place, then within it each of the four's.
        self.starts.clear();
        let mut next = [[0usize; MOST_VALUES]; 4];
        let mut place = 0;
        for value in 0..values {
            self.starts.push(place);
            for (next, sizes) in next.iter_mut().zip(&sizes) {
                next[value] = place;
                place += sizes[value];
            }
        }
        self.starts.push(place);
        if self.sorted.len() < patterns.len() {
            self.sorted.resize(patterns.len(), 0);
        }
        let sorted = &mut self.sorted[..patterns.len()];
        for four in fours {
            for (next, &pattern) in next.iter_mut().zip(four) {
                let value = value(pattern);
                sorted[next[value]] = pattern;
                next[value] += 1;
            }
        }
        for &pattern in rest {
            let value = value(pattern);
            sorted[next[0][value]] = pattern;
            next[0][value] += 1;
        }
    }

    /// `Σ over queries of #{stored p : p & query == 0}`.
    pub(crate) fn count(&mut self, queries: &[u64]) -> u64 {
        if self.cuts == 0 {
            return self.counter.count(0, queries);
        }
        self.sort(queries);
        let values = 1 << self.cuts;
        let mut total = 0;
        for stored in 0..values {
            for asked in 0..values {
                let (first, end) = (self.starts[asked], self.starts[asked + 1]);
                if stored & asked == 0 && first < end {
                    total += self.counter.count(stored, &self.sorted[first..end]);
                }
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{Random, disjoint_pairs, patterns};
    use super::*;

    /// The sieve agrees with counting pair by pair, cut or not, by any
    /// number of candidate bits.
    #[test]
    fn sieve_counts_every_pair() {
        let mut random = Random(54321);
        let mut sieve = Sieve::default();
        for count in [0, 100, 511, 512, 1024, 2048, 5000, 9000] {
            for candidates in [0, 2, 5] {
                let stored = patterns(&mut random, count, 40, 40);
                let queries = [patterns(&mut random, 300, 40, 40), patterns(&mut random, 9, 40, 10)];
                sieve.store(&stored, 40, candidates);
                for queries in &queries {
                    assert_eq!(sieve.count(queries), disjoint_pairs(&stored, queries), "{count} stored, {candidates}");
                }
            }
        }
    }
}
