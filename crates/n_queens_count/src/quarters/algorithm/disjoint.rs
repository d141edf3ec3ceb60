//! A bit-sliced counter of disjoint pairs that knows nothing of queens:
//! it stores 64-bit patterns and answers, for many queries at once, how
//! many stored patterns share no bit with each query.

/// Stored patterns in groups, bit-sliced, answering "how many patterns of
/// this group share no bit with this query" for many queries at once.
///
/// A group's patterns are cut into blocks of `64 · LANES` patterns; in a
/// block, pattern `i` is bit `i % 64` of lane `i / 64`. For each key bit
/// `b`, the block's patterns *without* bit `b` form a bit set; a query's
/// count is the number of ones left after ANDing the sets of its own bits.
/// To AND fewer sets, the key bits are cut into chunks of [`CHUNK_BITS`],
/// and for each chunk and each of its 2^[`CHUNK_BITS`] values the AND of
/// that value's sets is stored in advance: a query ANDs one stored set per
/// chunk.
///
/// Blocks of 1, 2, 4 or 8 lanes: as few as a group's patterns need, so
/// that a small group does not pay for empty lanes. Every group's tables
/// lie in one vector, so that what the counter holds is bounded by the
/// most patterns it has stored at once ([`DisjointCounter::bytes`]).
#[derive(Default)]
pub(crate) struct DisjointCounter {
    /// Every group's chunk sets, one group after another.
    tables: Vec<u64>,
    /// The patterns of the groups too small to slice, one after another.
    direct: Vec<u64>,
    /// Where each group's patterns went.
    groups: Vec<Group>,
    /// Chunks per block: enough for the highest bit of any stored pattern.
    chunks: usize,
    /// Scratch: per key bit, a block's patterns without that bit (8 lanes).
    lacking: Vec<[u64; 8]>,
}

/// Where one group's patterns are stored: sliced in `tables`, or as they
/// are in `direct` (`lanes` 0).
#[derive(Clone, Copy, Default)]
struct Group {
    /// 0 (direct), 1, 2, 4 or 8.
    lanes: usize,
    /// Its first word in `tables`, or its first pattern in `direct`.
    start: usize,
    /// Its words in `tables`, or its patterns in `direct`.
    len: usize,
}

/// Key bits per precomputed chunk of a [`DisjointCounter`].
const CHUNK_BITS: usize = 7;

/// Values a chunk takes.
const CHUNK_VALUES: usize = 1 << CHUNK_BITS;

/// Fewer stored patterns than this are counted one by one.
const SLICE_FROM: usize = 16;

impl DisjointCounter {
    /// At most the bytes it holds once it has stored at most `patterns`
    /// patterns in at most `groups` groups at a time, their keys below bit
    /// `key_bits`: per pattern twice its share of a lane's chunk sets (a
    /// group's last block may be half empty), per group a block of 8 lanes
    /// more, and the scratch.
    pub(crate) fn bytes(patterns: u64, groups: u64, key_bits: u32) -> u64 {
        let chunks = (key_bits as usize).div_ceil(CHUNK_BITS).max(1) as u64;
        let lane_sets = chunks * CHUNK_VALUES as u64 * 8; // one lane's sets: 64 patterns
        let sets = patterns * (2 * lane_sets / 64).max(8) + groups * (8 * lane_sets + size_of::<Group>() as u64);
        sets + chunks * CHUNK_BITS as u64 * size_of::<[u64; 8]>() as u64
    }

    /// Stores `groups`, each a group of patterns, in place of those stored
    /// before; [`DisjointCounter::count`] names a group by its place here.
    pub(crate) fn store<'a>(&mut self, groups: impl Iterator<Item = &'a [u64]> + Clone) {
        let mut key_bits = 0;
        for patterns in groups.clone() {
            key_bits = patterns.iter().fold(key_bits, |key_bits, &pattern| key_bits | pattern);
        }
        let bits = (u64::BITS - key_bits.leading_zeros()) as usize;
        self.chunks = bits.div_ceil(CHUNK_BITS).max(1);
        self.groups.clear();
        self.direct.clear();
        // First where each group goes, then the tables at their full size
        // (no more than they need: the earlier contents are overwritten).
        let mut words = 0;
        for patterns in groups.clone() {
            let lanes =
                if patterns.len() < SLICE_FROM { 0 } else { patterns.len().div_ceil(64).next_power_of_two().min(8) };
            let group = if lanes == 0 {
                self.direct.extend_from_slice(patterns);
                Group { lanes, start: self.direct.len() - patterns.len(), len: patterns.len() }
            } else {
                let len = patterns.len().div_ceil(64 * lanes) * self.chunks * CHUNK_VALUES * lanes;
                words += len;
                Group { lanes, start: words - len, len }
            };
            self.groups.push(group);
        }
        if self.tables.len() < words {
            self.tables.reserve_exact(words - self.tables.len());
            self.tables.resize(words, 0);
        }
        for (group, patterns) in self.groups.iter().zip(groups).filter(|(group, _)| group.lanes != 0) {
            let tables = &mut self.tables[group.start..group.start + group.len];
            let (chunks, lacking) = (self.chunks, &mut self.lacking);
            match group.lanes {
                1 => store_sliced::<1>(tables.as_chunks_mut().0, chunks, lacking, patterns),
                2 => store_sliced::<2>(tables.as_chunks_mut().0, chunks, lacking, patterns),
                4 => store_sliced::<4>(tables.as_chunks_mut().0, chunks, lacking, patterns),
                _ => store_sliced::<8>(tables.as_chunks_mut().0, chunks, lacking, patterns),
            }
        }
    }

    /// `Σ over queries of #{p in group `group` : p & query == 0}`.
    pub(crate) fn count(&self, group: usize, queries: &[u64]) -> u64 {
        let group = self.groups[group];
        let range = group.start..group.start + group.len;
        if group.lanes == 0 {
            let direct = &self.direct[range];
            return queries
                .iter()
                .map(|&query| direct.iter().filter(|&&pattern| pattern & query == 0).count() as u64)
                .sum();
        }
        let tables = &self.tables[range];
        match group.lanes {
            1 => count_sliced::<1>(tables.as_chunks().0, self.chunks, queries),
            2 => count_sliced::<2>(tables.as_chunks().0, self.chunks, queries),
            4 => count_sliced::<4>(tables.as_chunks().0, self.chunks, queries),
            _ => count_sliced::<8>(tables.as_chunks().0, self.chunks, queries),
        }
    }
}

/// Slices `patterns` into `sets`: per block of `64 · LANES` patterns, per
/// chunk, per value of the chunk, the block's patterns that have none of
/// the value's bits.
fn store_sliced<const LANES: usize>(
    sets: &mut [[u64; LANES]],
    chunks: usize,
    lacking: &mut Vec<[u64; 8]>,
    patterns: &[u64],
) {
    for (block, sets) in patterns.chunks(64 * LANES).zip(sets.chunks_exact_mut(chunks * CHUNK_VALUES)) {
        // Which patterns of the block exist, and which lack each bit.
        let mut present = [0u64; 8];
        for index in 0..block.len() {
            present[index / 64] |= 1 << (index % 64);
        }
        // Lane by lane, turn 64 patterns of 64 bits into 64 bit sets of
        // 64 patterns, one per key bit: a bit-matrix transpose.
        lacking.clear();
        lacking.resize(chunks * CHUNK_BITS, present);
        for (lane, patterns) in block.chunks(64).enumerate() {
            let mut matrix = [0u64; 64];
            matrix[..patterns.len()].copy_from_slice(patterns);
            transpose(&mut matrix);
            for (lacking, &having) in lacking.iter_mut().zip(&matrix) {
                lacking[lane] &= !having;
            }
        }
        // Each value's set, bit by bit of the chunk: the values with
        // highest bit `bit` are those below `1 << bit` with that bit
        // added, so their sets are those sets ANDed with the bit's.
        for (chunk, chunk_sets) in sets.chunks_exact_mut(CHUNK_VALUES).enumerate() {
            chunk_sets[0] = std::array::from_fn(|lane| present[lane]);
            for bit in 0..CHUNK_BITS {
                let lacking = lacking[chunk * CHUNK_BITS + bit];
                let (below, with_bit) = chunk_sets.split_at_mut(1 << bit);
                for (set, without) in with_bit.iter_mut().zip(below.iter()) {
                    *set = std::array::from_fn(|lane| without[lane] & lacking[lane]);
                }
            }
        }
    }
}

/// `Σ over queries of #{stored p : p & query == 0}` over the blocks of `sets`.
fn count_sliced<const LANES: usize>(sets: &[[u64; LANES]], chunks: usize, queries: &[u64]) -> u64 {
    let mut total = 0u64;
    for block in sets.chunks_exact(chunks * CHUNK_VALUES) {
        // The block's patterns disjoint from `query`: one set per chunk.
        let disjoint = |query: u64| -> [u64; LANES] {
            let mut lanes = [u64::MAX; LANES];
            for (chunk, sets) in block.chunks_exact(CHUNK_VALUES).enumerate() {
                let set = &sets[(query >> (chunk * CHUNK_BITS)) as usize % CHUNK_VALUES];
                for lane in 0..LANES {
                    lanes[lane] &= set[lane];
                }
            }
            lanes
        };
        total += count_ones_of_many(queries, disjoint);
    }
    total
}

/// Transposes a 64×64 bit matrix, row `r` being `matrix[r]` and column `c`
/// its bit `c`: afterwards bit `c` of row `r` is what bit `r` of row `c`
/// was. Six rounds swap ever smaller blocks across the diagonal (32×32,
/// then 16×16, ...), each a few word operations per pair of rows.
fn transpose(matrix: &mut [u64; 64]) {
    let mut width = 32;
    let mut low = 0x0000_0000_ffff_ffff_u64; // the low `width` bits of each `2 · width`
    while width != 0 {
        for band in matrix.chunks_exact_mut(2 * width) {
            // Swap the top-right block (the high columns of the band's
            // upper rows) with the bottom-left one (the low columns of its
            // lower rows).
            let (upper, lower) = band.split_at_mut(width);
            for (top, bottom) in upper.iter_mut().zip(lower.iter_mut()) {
                let swapped = ((*top >> width) ^ *bottom) & low;
                *bottom ^= swapped;
                *top ^= swapped << width;
            }
        }
        width /= 2;
        low ^= low << width;
    }
}

/// `Σ over queries of the ones of sets(query)`, adding the sets eight at a
/// time in bit-sliced counters (a Harley–Seal carry-save adder) so that
/// only one set in eight has its ones counted.
fn count_ones_of_many<const LANES: usize>(queries: &[u64], sets: impl Fn(u64) -> [u64; LANES]) -> u64 {
    // `ones`, `twos`, `fours`: per bit position, the count's bits of weight 1, 2, 4.
    let (mut ones, mut twos, mut fours) = ([0u64; LANES], [0u64; LANES], [0u64; LANES]);
    let mut eights = 0u64;
    let mut groups = queries.chunks_exact(8);
    for group in &mut groups {
        // All eight sets first, then the adders lane by lane: in this
        // order the compiler keeps the lanes in vector registers.
        let sets: [[u64; LANES]; 8] = std::array::from_fn(|index| sets(group[index]));
        let mut carries = [0u64; LANES];
        for lane in 0..LANES {
            let (twos_a, ones_a) = full_add(ones[lane], sets[0][lane], sets[1][lane]);
            let (twos_b, ones_b) = full_add(ones_a, sets[2][lane], sets[3][lane]);
            let (fours_a, twos_c) = full_add(twos[lane], twos_a, twos_b);
            let (twos_d, ones_c) = full_add(ones_b, sets[4][lane], sets[5][lane]);
            let (twos_e, ones_d) = full_add(ones_c, sets[6][lane], sets[7][lane]);
            let (fours_b, twos_f) = full_add(twos_c, twos_d, twos_e);
            let (eights_a, fours_c) = full_add(fours[lane], fours_a, fours_b);
            (ones[lane], twos[lane], fours[lane], carries[lane]) = (ones_d, twos_f, fours_c, eights_a);
        }
        eights += count_ones(&carries);
    }
    let rest: u64 = groups.remainder().iter().map(|&query| count_ones(&sets(query))).sum();
    8 * eights + 4 * count_ones(&fours) + 2 * count_ones(&twos) + count_ones(&ones) + rest
}

/// A full adder on one bit position of 64: `(carry, sum)` of `a + b + c`.
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let half = a ^ b;
    ((a & b) | (half & c), half ^ c)
}

fn count_ones<const LANES: usize>(lanes: &[u64; LANES]) -> u64 {
    lanes.iter().map(|lane| u64::from(lane.count_ones())).sum()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{Random, disjoint_pairs, patterns};
    use super::*;

    /// The bit-sliced counter agrees with counting pair by pair, for every
    /// block size, partial blocks, and keys up to 64 bits.
    #[test]
    fn disjoint_counter_counts_every_pair() {
        let mut random = Random(12345);
        let mut counter = DisjointCounter::default();
        for count in [0, 1, 15, 16, 17, 63, 64, 65, 128, 200, 511, 512, 513, 1500] {
            for bits in [1, 7, 8, 30, 64] {
                let stored = patterns(&mut random, count, bits, 25);
                let queries = patterns(&mut random, 37, bits, 25);
                counter.store(std::iter::once(&stored[..]));
                assert_eq!(counter.count(0, &queries), disjoint_pairs(&stored, &queries), "{count} of {bits} bits");
                assert_eq!(counter.count(0, &[]), 0);
            }
        }
    }

    /// Groups of every block size, stored together, each counted alone:
    /// every group's count is its own pairs', and the counter never holds
    /// more than [`DisjointCounter::bytes`] says of the most it stored.
    #[test]
    fn groups_are_counted_apart_within_their_bytes() {
        let mut random = Random(777);
        let mut counter = DisjointCounter::default();
        let (mut most, mut most_groups) = (0, 0);
        for sizes in [&[1500, 3, 700][..], &[0, 40, 130, 300, 9], &[5000], &[16, 17]] {
            let groups: Vec<Vec<u64>> = sizes.iter().map(|&size| patterns(&mut random, size, 40, 25)).collect();
            let queries = patterns(&mut random, 50, 40, 25);
            counter.store(groups.iter().map(Vec::as_slice));
            for (index, group) in groups.iter().enumerate() {
                assert_eq!(counter.count(index, &queries), disjoint_pairs(group, &queries), "{sizes:?}");
            }
            most = most.max(sizes.iter().sum::<usize>() as u64);
            most_groups = most_groups.max(sizes.len() as u64);
            let held = 8 * (counter.tables.capacity() + counter.direct.capacity())
                + size_of::<[u64; 8]>() * counter.lacking.capacity()
                + size_of::<Group>() * counter.groups.capacity();
            assert!(held as u64 <= DisjointCounter::bytes(most, most_groups, 40), "{sizes:?}: {held}");
        }
    }

    /// The bit-matrix transpose moves bit `c` of row `r` to bit `r` of row `c`.
    #[test]
    fn transpose_swaps_rows_and_columns() {
        let mut random = Random(4242);
        let matrix: [u64; 64] = std::array::from_fn(|_| random.next());
        let mut transposed = matrix;
        transpose(&mut transposed);
        for (row, &bits) in matrix.iter().enumerate() {
            for (col, &column) in transposed.iter().enumerate() {
                assert_eq!(column >> row & 1, bits >> col & 1, "row {row}, column {col}");
            }
        }
    }
}
