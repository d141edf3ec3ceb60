//! The sieve (Kluev's name): the stored patterns grouped by a few of their
//! key bits, the *cut bits*, one group of the [`DisjointCounter`] per value
//! of those bits, so that a query skips every group whose cut bits meet
//! its own.
//!
//! Which bits to cut: those most often set in both the stored patterns and
//! the queries, since each such bit rules out the most pairs; they are
//! estimated on a sample of both. Few stored patterns are not cut at all:
//! small groups would cost more than the pairs they skip.

use super::disjoint::DisjointCounter;

/// The stored patterns by value of the cut bits, each value's a group of
/// one counter.
#[derive(Default)]
pub(crate) struct Sieve {
    /// The cut bits.
    cuts: Vec<u32>,
    counter: DisjointCounter,
    /// Scratch: the stored patterns, then the queries, by value of the cut
    /// bits (a counting sort: `starts[value]..starts[value + 1]`).
    sorted: Vec<u64>,
    starts: Vec<usize>,
    /// Scratch: each pattern's value of the cut bits, as it is sorted.
    values: Vec<u8>,
}

/// At least this many stored patterns per group of a [`Sieve`], on average.
pub(crate) const SIEVE_GROUP: usize = 256;

/// The most cut bits of a [`Sieve`].
pub(crate) const MOST_CUTS: usize = 5;

/// A [`Sieve`] estimates how often each key bit is set on one pattern in this many.
const SIEVE_SAMPLE: usize = 8;

impl Sieve {
    /// At most the bytes it holds once it has stored at most `stored`
    /// patterns and been asked at most `asked` queries at a time, their
    /// keys below bit `key_bits`.
    pub(crate) fn bytes(stored: u64, asked: u64, key_bits: u32) -> u64 {
        let most = stored.max(asked);
        // One group per SIEVE_GROUP stored patterns at most.
        let groups = (stored / SIEVE_GROUP as u64).clamp(1, 1 << MOST_CUTS);
        // The sorted copy and the values, and the counter.
        most * (8 + 1) + (groups + 1) * 8 + DisjointCounter::bytes(stored, groups, key_bits)
    }

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
        if self.cuts.is_empty() {
            self.counter.store(std::iter::once(patterns));
            return;
        }
        self.sort(patterns);
        let (sorted, starts) = (&self.sorted, &self.starts);
        self.counter.store(starts.windows(2).map(|range| &sorted[range[0]..range[1]]));
    }

    /// Sorts `patterns` into [`Sieve::sorted`] by the value of their cut
    /// bits, [`Sieve::starts`] saying where each value's begin.
    fn sort(&mut self, patterns: &[u64]) {
        let mut sizes = [0usize; 1 << MOST_CUTS];
        self.values.clear();
        // The cut bits unrolled, one loop per number of them.
        match self.cuts[..] {
            [a] => self.values.extend(values(patterns, [a], &mut sizes)),
            [a, b] => self.values.extend(values(patterns, [a, b], &mut sizes)),
            [a, b, c] => self.values.extend(values(patterns, [a, b, c], &mut sizes)),
            [a, b, c, d] => self.values.extend(values(patterns, [a, b, c, d], &mut sizes)),
            [a, b, c, d, e] => self.values.extend(values(patterns, [a, b, c, d, e], &mut sizes)),
            _ => unreachable!("1 to MOST_CUTS cut bits"),
        }
        self.starts.clear();
        self.starts.push(0);
        let mut next = [0usize; 1 << MOST_CUTS];
        for value in 0..1 << self.cuts.len() {
            next[value] = self.starts[value];
            self.starts.push(self.starts[value] + sizes[value]);
        }
        if self.sorted.len() < patterns.len() {
            self.sorted.resize(patterns.len(), 0);
        }
        for (&pattern, &value) in patterns.iter().zip(&self.values) {
            self.sorted[next[value as usize]] = pattern;
            next[value as usize] += 1;
        }
    }

    /// `Σ over queries of #{stored p : p & query == 0}`.
    pub(crate) fn count(&mut self, queries: &[u64]) -> u64 {
        if self.cuts.is_empty() {
            return self.counter.count(0, queries);
        }
        self.sort(queries);
        let values = 1 << self.cuts.len();
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

/// Each pattern's value of the cut bits `cuts` (bit `i` of the value is
/// bit `cuts[i]` of the pattern), counting how many take each value.
fn values<'a, const CUTS: usize>(
    patterns: &'a [u64],
    cuts: [u32; CUTS],
    sizes: &'a mut [usize; 1 << MOST_CUTS],
) -> impl Iterator<Item = u8> + 'a {
    patterns.iter().map(move |&pattern| {
        let value = (0..CUTS).fold(0, |value, index| value | (pattern >> cuts[index] & 1) << index) as usize;
        sizes[value] += 1;
        value as u8
    })
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
