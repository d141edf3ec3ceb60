//! The sieve (Kluev's name): the stored patterns grouped by a few of their
//! key bits, the *cut bits*, one [`DisjointCounter`] per value of those
//! bits, so that a query skips every group whose cut bits meet its own.
//!
//! Which bits to cut: those most often set in both the stored patterns and
//! the queries, since each such bit rules out the most pairs; they are
//! estimated on a sample of both. Few stored patterns are not cut at all:
//! small counters would cost more than the pairs they skip.

use super::disjoint::DisjointCounter;

/// The stored patterns by value of the cut bits, each value's in a counter.
#[derive(Default)]
pub(crate) struct Sieve {
    /// The cut bits.
    cuts: Vec<u32>,
    /// One counter per value of the cut bits (the value's bit `i` is cut bit `i`).
    counters: Vec<DisjointCounter>,
    /// Scratch: the stored patterns, then the queries, by value of the cut bits.
    groups: Vec<Vec<u64>>,
}

/// At least this many stored patterns per counter of a [`Sieve`], on average.
pub(crate) const SIEVE_GROUP: usize = 256;

/// The most cut bits of a [`Sieve`].
pub(crate) const MOST_CUTS: usize = 5;

/// A [`Sieve`] estimates how often each key bit is set on one pattern in this many.
const SIEVE_SAMPLE: usize = 8;

impl Sieve {
    /// Stores `patterns`, choosing the cut bits from them and from the
    /// queries that will come.
    pub(crate) fn store<'a>(&mut self, patterns: &[u64], queries: impl Iterator<Item = &'a [u64]>) {
        let cuts = (patterns.len() / SIEVE_GROUP).checked_ilog2().map_or(0, |cuts| cuts as usize).min(MOST_CUTS);
        self.cuts.clear();
        if cuts > 0 {
            // How often each bit is set, on a sample of each side.
            let mut stored = [0u64; 64];
            let mut asked = [0u64; 64];
            let tally = |counts: &mut [u64; 64], patterns: &[u64]| {
                for &pattern in patterns.iter().step_by(SIEVE_SAMPLE) {
                    let mut bits = pattern;
                    while bits != 0 {
                        counts[bits.trailing_zeros() as usize] += 1;
                        bits &= bits - 1;
                    }
                }
            };
            tally(&mut stored, patterns);
            for queries in queries {
                tally(&mut asked, queries);
            }
            let mut bits: Vec<u32> = (0..64).collect();
            bits.sort_by_key(|&bit| std::cmp::Reverse(stored[bit as usize] * asked[bit as usize]));
            self.cuts.extend(bits.iter().take(cuts).filter(|&&bit| stored[bit as usize] * asked[bit as usize] != 0));
        }
        let values = 1 << self.cuts.len();
        self.counters.resize_with(values.max(self.counters.len()), DisjointCounter::default);
        self.groups.resize_with(values.max(self.groups.len()), Vec::new);
        if self.cuts.is_empty() {
            self.counters[0].store(patterns);
            return;
        }
        self.sort(patterns);
        for (counter, group) in self.counters.iter_mut().zip(&self.groups[..values]) {
            counter.store(group);
        }
    }

    /// Sorts `patterns` into [`Sieve::groups`] by the value of their cut bits.
    fn sort(&mut self, patterns: &[u64]) {
        let values = 1 << self.cuts.len();
        for group in &mut self.groups[..values] {
            group.clear();
        }
        for &pattern in patterns {
            let value =
                self.cuts.iter().enumerate().fold(0, |value, (index, &bit)| value | (pattern >> bit & 1) << index);
            self.groups[value as usize].push(pattern);
        }
    }

    /// `Σ over queries of #{stored p : p & query == 0}`.
    pub(crate) fn count(&mut self, queries: &[u64]) -> u64 {
        if self.cuts.is_empty() {
            return self.counters[0].count(queries);
        }
        self.sort(queries);
        let values = 1 << self.cuts.len();
        let mut total = 0;
        for (stored, counter) in self.counters[..values].iter().enumerate() {
            for (asked, queries) in self.groups[..values].iter().enumerate() {
                if stored & asked == 0 && !queries.is_empty() {
                    total += counter.count(queries);
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

    /// The sieve agrees with counting pair by pair, cut or not.
    #[test]
    fn sieve_counts_every_pair() {
        let mut random = Random(54321);
        let mut sieve = Sieve::default();
        for count in [0, 100, 511, 512, 1024, 2048, 5000] {
            let stored = patterns(&mut random, count, 40, 40);
            let queries = [patterns(&mut random, 300, 40, 40), patterns(&mut random, 9, 40, 10)];
            sieve.store(&stored, queries.iter().map(Vec::as_slice));
            for queries in &queries {
                assert_eq!(sieve.count(queries), disjoint_pairs(&stored, queries), "{count} stored");
            }
        }
    }
}
