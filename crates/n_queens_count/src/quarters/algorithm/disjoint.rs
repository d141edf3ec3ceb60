//! A bit-sliced counter of disjoint pairs that knows nothing of queens:
//! it stores 64-bit patterns and answers, for many queries at once, how
//! many stored patterns share no bit with each query.

use multiversion::multiversion;

/// Stored patterns in groups, bit-sliced, answering "how many patterns of
/// this group share no bit with this query" for many queries at once. Only
/// the key bits below a width given when they are stored count: the bits
/// above are left out of every pair (the sieve's cut bits, which it
/// matches itself).
///
/// A group's patterns are cut into blocks of `64 · LANES` patterns; in a
/// block, pattern `i` is bit `i % 64` of lane `i / 64`. For each key bit
/// `b`, the block's patterns *without* bit `b` form a bit set; a query's
/// count is the number of ones left after ANDing the sets of its own bits.
/// To AND fewer sets, the key bits are cut into chunks of [`CHUNK_BITS`]
/// (the last one may have fewer), and for each chunk and each of its
/// values the AND of that value's sets is stored in advance: a query ANDs
/// one stored set per chunk. Each chunk has room for all [`CHUNK_SETS`]
/// values, used or not: a chunk's set is then its byte of the query, with
/// no shift, mask or bounds to look up or check.
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
    /// The chunks of the key, lowest first.
    chunks: Vec<Chunk>,
    /// The sets of one block and lane: the chunks' values, all together.
    block_sets: usize,
    /// The key bits that count: `(1 << width) - 1`.
    key_mask: u64,
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

/// A chunk of the key: its bits, and where its values' sets begin in a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Chunk {
    /// Its lowest key bit.
    shift: u32,
    /// Its bits.
    width: u32,
    /// Its first set in a block (its values' sets follow, in order).
    first: usize,
}

/// The key bits of a chunk of a [`DisjointCounter`]: a byte.
const CHUNK_BITS: u32 = 8;

/// The sets a chunk has room for, one per value of a byte.
const CHUNK_SETS: usize = 1 << CHUNK_BITS;

/// Fewer stored patterns than this are counted one by one.
const SLICE_FROM: usize = 16;

/// The chunks of a key of `width` bits: a byte each, lowest first, the
/// last one the bits that are left.
fn chunks_of(width: u32) -> Vec<Chunk> {
    let count = width.div_ceil(CHUNK_BITS).max(1);
    (0..count)
        .map(|index| {
            let shift = index * CHUNK_BITS;
            Chunk { shift, width: width.saturating_sub(shift).min(CHUNK_BITS), first: index as usize * CHUNK_SETS }
        })
        .collect()
}

impl DisjointCounter {
    /// At most the bytes it holds once it has stored at most `patterns`
    /// patterns in at most `groups` groups at a time, keys of at most
    /// `width` bits counting: per pattern twice its share of a lane's chunk
    /// sets (a group's last block may be half empty), per group a block of
    /// 8 lanes more, and the scratch.
    pub(crate) fn bytes(patterns: u64, groups: u64, width: u32) -> u64 {
        let chunks = chunks_of(width);
        let sets = (chunks.len() * CHUNK_SETS) as u64;
        let lane_sets = sets * 8; // one lane's sets: 64 patterns
        let group = 8 * lane_sets + size_of::<Group>() as u64;
        let scratch = u64::from(width.max(1)) * size_of::<[u64; 8]>() as u64 + chunks.len() as u64 * 32;
        patterns * (2 * lane_sets / 64).max(8) + groups * group + scratch
    }

    /// Stores `groups`, each a group of patterns whose low `width` bits
    /// count, in place of those stored before; [`DisjointCounter::count`]
    /// names a group by its place here.
    pub(crate) fn store<'a>(&mut self, groups: impl Iterator<Item = &'a [u64]> + Clone, width: u32) {
        self.chunks = chunks_of(width);
        self.block_sets = self.chunks.len() * CHUNK_SETS;
        self.key_mask = if width >= 64 { u64::MAX } else { (1 << width) - 1 };
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
                let len = patterns.len().div_ceil(64 * lanes) * self.block_sets * lanes;
                words += len;
                Group { lanes, start: words - len, len }
            };
            self.groups.push(group);
        }
        if self.tables.len() < words {
            self.tables.reserve_exact(words - self.tables.len());
            self.tables.resize(words, 0);
        }
        let (chunks, block_sets, lacking) = (&self.chunks[..], self.block_sets, &mut self.lacking);
        for (group, patterns) in self.groups.iter().zip(groups).filter(|(group, _)| group.lanes != 0) {
            let tables = &mut self.tables[group.start..group.start + group.len];
            match group.lanes {
                1 => store_sliced::<1>(tables.as_chunks_mut().0, chunks, block_sets, lacking, patterns),
                2 => store_sliced::<2>(tables.as_chunks_mut().0, chunks, block_sets, lacking, patterns),
                4 => store_sliced::<4>(tables.as_chunks_mut().0, chunks, block_sets, lacking, patterns),
                _ => store_sliced::<8>(tables.as_chunks_mut().0, chunks, block_sets, lacking, patterns),
            }
        }
    }

    /// `Σ over queries of #{p in group `group` : p & query == 0}`, over
    /// the bits that count.
    pub(crate) fn count(&self, group: usize, queries: &[u64]) -> u64 {
        let group = self.groups[group];
        let range = group.start..group.start + group.len;
        if group.lanes == 0 {
            let (direct, mask) = (&self.direct[range], self.key_mask);
            return queries
                .iter()
                .map(|&query| direct.iter().filter(|&&pattern| pattern & query & mask == 0).count() as u64)
                .sum();
        }
        count_group(&self.tables[range], group.lanes, self.chunks.len(), self.key_mask, queries)
    }
}

/// [`DisjointCounter::count`] of a sliced group of `lanes` lanes.
/// Compiled twice, for the x86-64 every such processor has and for
/// AVX2's wider registers, and chosen at run time by what the processor
/// has (`multiversion`): the same code, twice the bits per AND.
#[multiversion(targets("x86_64+avx2+popcnt"))]
fn count_group(tables: &[u64], lanes: usize, chunks: usize, key_mask: u64, queries: &[u64]) -> u64 {
    count_lanes(tables, lanes, chunks, key_mask, queries)
}

/// [`count_group`]'s code, by the number of lanes. This and all it calls
/// are inlined into [`count_group`], so that they are compiled for its
/// targets: loops, not an iterator's `sum` or `std::array::from_fn`,
/// which would be functions of their own, compiled without them.
#[inline(always)]
fn count_lanes(tables: &[u64], lanes: usize, chunks: usize, key_mask: u64, queries: &[u64]) -> u64 {
    match lanes {
        1 => count_sliced::<1>(tables.as_chunks().0.as_chunks().0, chunks, key_mask, queries),
        2 => count_sliced::<2>(tables.as_chunks().0.as_chunks().0, chunks, key_mask, queries),
        4 => count_sliced::<4>(tables.as_chunks().0.as_chunks().0, chunks, key_mask, queries),
        _ => count_sliced::<8>(tables.as_chunks().0.as_chunks().0, chunks, key_mask, queries),
    }
}

/// One chunk's sets in a block of `LANES` lanes, by value of its byte.
type ChunkSets<const LANES: usize> = [[u64; LANES]; CHUNK_SETS];

/// Slices `patterns` into `sets`: per block of `64 · LANES` patterns, per
/// chunk, per value of the chunk, the block's patterns that have none of
/// the value's bits.
fn store_sliced<const LANES: usize>(
    sets: &mut [[u64; LANES]],
    chunks: &[Chunk],
    block_sets: usize,
    lacking: &mut Vec<[u64; 8]>,
    patterns: &[u64],
) {
    let bits = chunks.last().map_or(0, |chunk| (chunk.shift + chunk.width) as usize);
    for (block, sets) in patterns.chunks(64 * LANES).zip(sets.chunks_exact_mut(block_sets)) {
        // Which patterns of the block exist, and which lack each bit.
        let mut present = [0u64; 8];
        for index in 0..block.len() {
            present[index / 64] |= 1 << (index % 64);
        }
        // Lane by lane, turn 64 patterns of 64 bits into 64 bit sets of
        // 64 patterns, one per key bit: a bit-matrix transpose.
        lacking.clear();
        lacking.resize(bits, present);
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
        for chunk in chunks {
            let chunk_sets = &mut sets[chunk.first..chunk.first + (1 << chunk.width)];
            chunk_sets[0] = std::array::from_fn(|lane| present[lane]);
            for bit in 0..chunk.width as usize {
                let lacking = lacking[chunk.shift as usize + bit];
                let (below, with_bit) = chunk_sets.split_at_mut(1 << bit);
                for (set, without) in with_bit.iter_mut().zip(below.iter()) {
                    *set = std::array::from_fn(|lane| without[lane] & lacking[lane]);
                }
            }
        }
    }
}

/// `Σ over queries of #{stored p : p & query == 0}` over the blocks of
/// `sets`, the bits of `key_mask` counting: by the number of chunks, so
/// that the loop over them unrolls.
#[inline(always)]
fn count_sliced<const LANES: usize>(sets: &[ChunkSets<LANES>], chunks: usize, key_mask: u64, queries: &[u64]) -> u64 {
    match chunks {
        1 => count_chunks::<LANES, 1>(sets.as_chunks().0, key_mask, queries),
        2 => count_chunks::<LANES, 2>(sets.as_chunks().0, key_mask, queries),
        3 => count_chunks::<LANES, 3>(sets.as_chunks().0, key_mask, queries),
        4 => count_chunks::<LANES, 4>(sets.as_chunks().0, key_mask, queries),
        5 => count_chunks::<LANES, 5>(sets.as_chunks().0, key_mask, queries),
        6 => count_chunks::<LANES, 6>(sets.as_chunks().0, key_mask, queries),
        7 => count_chunks::<LANES, 7>(sets.as_chunks().0, key_mask, queries),
        _ => count_chunks::<LANES, 8>(sets.as_chunks().0, key_mask, queries),
    }
}

/// [`count_sliced`] with `CHUNKS` chunks.
#[inline(always)]
fn count_chunks<const LANES: usize, const CHUNKS: usize>(
    blocks: &[[ChunkSets<LANES>; CHUNKS]],
    key_mask: u64,
    queries: &[u64],
) -> u64 {
    let mut total = 0;
    for block in blocks {
        total += count_block(block, key_mask, queries);
    }
    total
}

/// The patterns of `block` disjoint from `query` (its bits past the key
/// taken off): one set per chunk, ANDed. Always inlined: returned through
/// memory, the sets cost more than the ANDs.
#[inline(always)]
fn disjoint<const LANES: usize, const CHUNKS: usize>(block: &[ChunkSets<LANES>; CHUNKS], query: u64) -> [u64; LANES] {
    let mut lanes = [u64::MAX; LANES];
    for (chunk, sets) in block.iter().enumerate() {
        // The chunk's byte of the query: its set, with no bounds to check.
        let set = &sets[usize::from((query >> (chunk as u32 * CHUNK_BITS)) as u8)];
        for lane in 0..LANES {
            lanes[lane] &= set[lane];
        }
    }
    lanes
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

/// `Σ over queries of the ones of disjoint(block, query)`: the
/// block's patterns disjoint from each query, counted by adding the sets
/// eight at a time in bit-sliced counters (a Harley–Seal carry-save adder)
/// so that only one set in eight has its ones counted.
#[inline(always)]
fn count_block<const LANES: usize, const CHUNKS: usize>(
    block: &[ChunkSets<LANES>; CHUNKS],
    key_mask: u64,
    queries: &[u64],
) -> u64 {
    let mut sums = Sums::new();
    let mut groups = queries.chunks_exact(8);
    let mut sets = [[0u64; LANES]; 8];
    for group in &mut groups {
        // All eight sets first, then the adders lane by lane: in this
        // order the compiler keeps the lanes in vector registers.
        for (set, &query) in sets.iter_mut().zip(group) {
            *set = disjoint(block, query & key_mask);
        }
        sums.add(&sets);
    }
    // The last queries, with empty sets for the ones they lack.
    let rest = groups.remainder();
    if !rest.is_empty() {
        sets = [[0; LANES]; 8];
        for (set, &query) in sets.iter_mut().zip(rest) {
            *set = disjoint(block, query & key_mask);
        }
        sums.add(&sets);
    }
    sums.total()
}

/// Bit-sliced counters, one per bit position of `LANES` lanes: `ones`,
/// `twos`, `fours` hold each position's count's bits of weight 1, 2, 4,
/// and `eights` the ones of weight 8, counted.
struct Sums<const LANES: usize> {
    ones: [u64; LANES],
    twos: [u64; LANES],
    fours: [u64; LANES],
    eights: u64,
}

impl<const LANES: usize> Sums<LANES> {
    #[inline(always)]
    fn new() -> Self {
        Sums { ones: [0; LANES], twos: [0; LANES], fours: [0; LANES], eights: 0 }
    }

    /// Adds eight sets, lane by lane.
    #[inline(always)]
    fn add(&mut self, sets: &[[u64; LANES]; 8]) {
        let Sums { ones, twos, fours, eights } = self;
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
        *eights += count_ones(&carries);
    }

    /// The sum of every set added.
    #[inline(always)]
    fn total(&self) -> u64 {
        8 * self.eights + 4 * count_ones(&self.fours) + 2 * count_ones(&self.twos) + count_ones(&self.ones)
    }
}

/// A full adder on one bit position of 64: `(carry, sum)` of `a + b + c`.
#[inline(always)]
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let half = a ^ b;
    ((a & b) | (half & c), half ^ c)
}

#[inline(always)]
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
                counter.store(std::iter::once(&stored[..]), bits);
                assert_eq!(counter.count(0, &queries), disjoint_pairs(&stored, &queries), "{count} of {bits} bits");
                assert_eq!(counter.count(0, &[]), 0);
            }
        }
    }

    /// Both builds of the sliced count, the one chosen at run time and
    /// the one for any x86-64 (on a processor with AVX2 the first is the
    /// other), agree with counting pair by pair, for every block size.
    #[test]
    fn both_builds_count_every_pair() {
        let mut random = Random(2468);
        let mut counter = DisjointCounter::default();
        for count in [16, 64, 100, 200, 300, 512, 700, 1300] {
            let stored = patterns(&mut random, count, 32, 12);
            let queries = patterns(&mut random, 83, 32, 12);
            counter.store(std::iter::once(&stored[..]), 32);
            let group = counter.groups[0];
            let tables = &counter.tables[group.start..group.start + group.len];
            let (chunks, key_mask) = (counter.chunks.len(), counter.key_mask);
            let expected = disjoint_pairs(&stored, &queries);
            assert_eq!(count_group(tables, group.lanes, chunks, key_mask, &queries), expected, "{count}, chosen");
            assert_eq!(count_lanes(tables, group.lanes, chunks, key_mask, &queries), expected, "{count}, any x86-64");
        }
    }

    /// Only the bits below the width count: patterns and queries with any
    /// bits above it are counted as if those were not there.
    #[test]
    fn bits_past_the_width_do_not_count() {
        let mut random = Random(99);
        let mut counter = DisjointCounter::default();
        for (count, width) in [(40, 20), (700, 29), (3000, 33), (5, 9)] {
            let stored = patterns(&mut random, count, 40, 30);
            let queries = patterns(&mut random, 60, 40, 30);
            counter.store(std::iter::once(&stored[..]), width);
            let mask =
                |patterns: &[u64]| patterns.iter().map(|&pattern| pattern & ((1 << width) - 1)).collect::<Vec<_>>();
            assert_eq!(counter.count(0, &queries), disjoint_pairs(&mask(&stored), &mask(&queries)), "{count}, {width}");
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
            counter.store(groups.iter().map(Vec::as_slice), 40);
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
