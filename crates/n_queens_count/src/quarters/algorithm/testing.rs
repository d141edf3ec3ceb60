//! Small deterministic random patterns, for the tests of the parts that
//! count disjoint pairs.

/// A small deterministic source of pseudo-random numbers (xorshift).
pub(crate) struct Random(pub(crate) u64);

impl Random {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Random patterns with about `density` percent of `bits` bits set.
pub(crate) fn patterns(random: &mut Random, count: usize, bits: u32, density: u32) -> Vec<u64> {
    (0..count)
        .map(|_| {
            (0..bits).filter(|_| random.next() % 100 < u64::from(density)).fold(0, |pattern, bit| pattern | 1 << bit)
        })
        .collect()
}

/// `Σ over queries of #{stored p : p & query == 0}`, pair by pair.
pub(crate) fn disjoint_pairs(stored: &[u64], queries: &[u64]) -> u64 {
    queries.iter().map(|&query| stored.iter().filter(|&&pattern| pattern & query == 0).count() as u64).sum()
}
