//! A bit-sliced counter of disjoint pairs that knows nothing of queens:
//! it stores 64-bit patterns and answers, for many queries at once, how
//! many stored patterns share no bit with each query.

/// Stored patterns, bit-sliced, answering "how many stored patterns share
/// no bit with this query" for many queries at once.
///
/// The patterns are cut into blocks of `64 · LANES` patterns; in a block,
/// pattern `i` is bit `i % 64` of lane `i / 64`. For each key bit `b`, the
/// block's patterns *without* bit `b` form a bit set; a query's count is the
/// number of ones left after ANDing the sets of its own bits. To AND fewer
/// sets, the key bits are cut into chunks of [`CHUNK_BITS`], and for each
/// chunk and each of its 2^[`CHUNK_BITS`] values the AND of that value's
/// sets is stored in advance: a query ANDs one stored set per chunk.
///
/// Blocks of 1, 2, 4 or 8 lanes: as few as the patterns need, so that a
/// small set does not pay for empty lanes.
#[derive(Default)]
pub(crate) struct DisjointCounter {
    /// The stored patterns themselves, when they are too few to slice.
    direct: Vec<u64>,
    one: Sliced<1>,
    two: Sliced<2>,
    four: Sliced<4>,
    eight: Sliced<8>,
    /// Which of the above holds the patterns: 0 (direct), 1, 2, 4 or 8.
    lanes: usize,
}

/// Key bits per precomputed chunk of a [`DisjointCounter`].
const CHUNK_BITS: usize = 7;

/// Values a chunk takes.
const CHUNK_VALUES: usize = 1 << CHUNK_BITS;

/// Fewer stored patterns than this are counted one by one.
const SLICE_FROM: usize = 16;

impl DisjointCounter {
    /// It keeps the tables of a block size it does not use only up to this
    /// many bytes.
    pub(crate) const RETAINED_BYTES: usize = 64 << 10;

    /// Bytes it holds per stored pattern of `key_bits` bits: one bit per
    /// pattern for each value of each chunk, twice over for the unused
    /// lanes of a last block and the growth of its vector, and the scratch.
    pub(crate) fn bytes_per_pattern(key_bits: u32) -> u64 {
        let chunks = (key_bits as usize).div_ceil(CHUNK_BITS) as u64;
        2 * chunks * CHUNK_VALUES as u64 / 8 + 8
    }

    /// Stores `patterns`, in place of those stored before.
    pub(crate) fn store(&mut self, patterns: &[u64]) {
        let lanes =
            if patterns.len() < SLICE_FROM { 0 } else { patterns.len().div_ceil(64).next_power_of_two().min(8) };
        if lanes != self.lanes {
            // Give back the large tables of the block sizes not in use, so
            // that a counter holds one block size's tables at a time (and
            // keeps the small ones, which it would soon allocate again).
            self.one.release_above(Self::RETAINED_BYTES);
            self.two.release_above(Self::RETAINED_BYTES);
            self.four.release_above(Self::RETAINED_BYTES);
            self.eight.release_above(Self::RETAINED_BYTES);
            self.lanes = lanes;
        }
        match self.lanes {
            0 => {
                self.direct.clear();
                self.direct.extend_from_slice(patterns);
            }
            1 => self.one.store(patterns),
            2 => self.two.store(patterns),
            4 => self.four.store(patterns),
            _ => self.eight.store(patterns),
        }
    }

    /// `Σ over queries of #{stored p : p & query == 0}`.
    pub(crate) fn count(&self, queries: &[u64]) -> u64 {
        match self.lanes {
            0 => queries
                .iter()
                .map(|&query| self.direct.iter().filter(|&&pattern| pattern & query == 0).count() as u64)
                .sum(),
            1 => self.one.count(queries),
            2 => self.two.count(queries),
            4 => self.four.count(queries),
            _ => self.eight.count(queries),
        }
    }
}

/// The sets of one chunk: for each of its values, the block's patterns
/// that have none of the value's bits.
type ChunkSets<const LANES: usize> = [[u64; LANES]; CHUNK_VALUES];

/// Patterns sliced in blocks of `64 · LANES` (see [`DisjointCounter`]).
#[derive(Default)]
struct Sliced<const LANES: usize> {
    /// Chunks per block: enough for the highest bit of any stored pattern.
    chunks: usize,
    /// Per block, per chunk: its sets (the first `sets_in_use` of them).
    sets: Vec<ChunkSets<LANES>>,
    /// The chunk sets of the patterns stored now: blocks · chunks.
    sets_in_use: usize,
    /// Scratch: per key bit, the block's patterns without that bit.
    lacking: Vec<[u64; LANES]>,
}

impl<const LANES: usize> Sliced<LANES> {
    /// Frees the tables if they take more than `bytes`.
    fn release_above(&mut self, bytes: usize) {
        if self.sets.capacity() * size_of::<ChunkSets<LANES>>() > bytes {
            *self = Sliced::default();
        }
    }

    fn store(&mut self, patterns: &[u64]) {
        let key_bits = patterns.iter().fold(0, |key_bits, &pattern| key_bits | pattern);
        let bits = (u64::BITS - key_bits.leading_zeros()) as usize;
        self.chunks = bits.div_ceil(CHUNK_BITS).max(1);
        let blocks = patterns.len().div_ceil(64 * LANES);
        // The sets of earlier tasks are overwritten, not cleared first.
        self.sets_in_use = blocks * self.chunks;
        if self.sets.len() < self.sets_in_use {
            self.sets.resize(self.sets_in_use, [[0; LANES]; CHUNK_VALUES]);
        }
        for (block, sets) in
            patterns.chunks(64 * LANES).zip(self.sets[..self.sets_in_use].chunks_exact_mut(self.chunks))
        {
            // Which patterns of the block exist, and which lack each bit.
            let mut present = [0u64; LANES];
            for index in 0..block.len() {
                present[index / 64] |= 1 << (index % 64);
            }
            // Lane by lane, turn 64 patterns of 64 bits into 64 bit sets of
            // 64 patterns, one per key bit: a bit-matrix transpose.
            self.lacking.clear();
            self.lacking.resize(self.chunks * CHUNK_BITS, present);
            for (lane, patterns) in block.chunks(64).enumerate() {
                let mut matrix = [0u64; 64];
                matrix[..patterns.len()].copy_from_slice(patterns);
                transpose(&mut matrix);
                for (lacking, &having) in self.lacking.iter_mut().zip(&matrix) {
                    lacking[lane] &= !having;
                }
            }
            // Each value's set, bit by bit of the chunk: the values with
            // highest bit `bit` are those below `1 << bit` with that bit
            // added, so their sets are those sets ANDed with the bit's.
            for (chunk, chunk_sets) in sets.iter_mut().enumerate() {
                chunk_sets[0] = present;
                for bit in 0..CHUNK_BITS {
                    let lacking = self.lacking[chunk * CHUNK_BITS + bit];
                    let (below, with_bit) = chunk_sets.split_at_mut(1 << bit);
                    for (set, without) in with_bit.iter_mut().zip(below.iter()) {
                        *set = std::array::from_fn(|lane| without[lane] & lacking[lane]);
                    }
                }
            }
        }
    }

    fn count(&self, queries: &[u64]) -> u64 {
        let mut total = 0u64;
        for block in self.sets[..self.sets_in_use].chunks_exact(self.chunks) {
            // The block's patterns disjoint from `query`: one set per chunk.
            let disjoint = |query: u64| -> [u64; LANES] {
                let mut lanes = [u64::MAX; LANES];
                for (chunk, sets) in block.iter().enumerate() {
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
                counter.store(&stored);
                assert_eq!(counter.count(&queries), disjoint_pairs(&stored, &queries), "{count} of {bits} bits");
                assert_eq!(counter.count(&[]), 0);
            }
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
