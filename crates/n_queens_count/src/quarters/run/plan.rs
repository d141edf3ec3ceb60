//! The plan of a count, settled before anything large is allocated: the
//! memory it needs, checked against a limit ([`MEMORY_LIMIT`] unless
//! asked), and how the count keeps within it: the passes each start is
//! cut into ([`super::passes`]), whether the quarter table is built once or
//! for each pass, the threads, how they share the work, and how many
//! patterns each holds at once ([`Caps`]).
//!
//! Its bytes are an upper bound on what the count allocates (the
//! `memory_pieces` test measures the process against it); the model, term
//! by term, is in `docs/quarters.md#memory-in-pieces`.

use crate::interface::CountError;
use crate::pool;
use crate::quarters::algorithm::board::Board;
use crate::quarters::algorithm::join::Caps;
use crate::quarters::algorithm::sieve::Sieve;
use crate::quarters::algorithm::starts::{Start, Task};
use crate::quarters::algorithm::table::{CellSizes, QuarterTable, RowSets};
use crate::quarters::run::parts::{Part, Parting};
use crate::quarters::run::passes::{self, Groups, UsedRows};

/// The most memory a count may plan to use unless asked for another limit, in bytes: 8 GiB.
pub const MEMORY_LIMIT: u64 = 8 << 30;

/// This approach's name in [`crate::APPROACHES`], for its errors.
pub const NAME: &str = "quarters";

/// What [`plan`] settles before anything large is allocated.
pub(crate) struct Plan {
    pub(crate) cells: CellSizes,
    /// Each row set's placements, over every column ([`CellSizes::by_rows`]).
    pub(crate) by_rows: Vec<u64>,
    pub(crate) starts: Vec<Start>,
    pub(crate) parting: Parting,
    /// Per start, the row sets its tasks of the part use.
    pub(crate) used: Vec<UsedRows>,
    /// Each start's row sets are cut into this many groups, north and
    /// south (1: each start is one pass).
    pub(crate) pieces: u32,
    /// The passes of the part, over every start.
    pub(crate) passes: usize,
    /// The quarter table's row sets, when it is built once; `None`: each
    /// pass builds its own.
    pub(crate) table: Option<RowSets>,
    /// The threads to count on: as asked, but no more than a start has
    /// tasks, nor than the limit holds.
    pub(crate) threads: usize,
    /// How the threads share the work.
    pub(crate) split: Split,
    /// The most patterns each thread holds at once.
    pub(crate) caps: Caps,
    /// The bytes the count will need at most.
    pub(crate) memory: Memory,
}

/// The bytes a plan holds at most, by what holds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// For the whole count: the cell sizes, the cut into parts, a start's
    /// tasks, the records read from a checkpoint.
    pub fixed: u64,
    /// The quarter table: built once, or the largest a pass builds.
    pub table: u64,
    /// The largest pass's views (with whole starts per thread, every
    /// thread's start's).
    pub views: u64,
    /// Every thread's patterns and sieve.
    pub workers: u64,
}

impl Memory {
    /// All of it.
    pub fn total(&self) -> u64 {
        self.fixed.saturating_add(self.table).saturating_add(self.views).saturating_add(self.workers)
    }
}

/// How the threads share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Each thread counts whole starts, with views of its own: for odd `n`,
    /// whose many starts would each end with threads waiting for the last
    /// task, when each thread's views fit in memory.
    ByStart,
    /// The threads share a pass's views and split its tasks.
    ByTask,
}

/// Threads take whole starts only with at least this many starts each:
/// with fewer, the largest start keeps one thread busy long after the
/// others are done (the schedule model, `docs/quarters.md`, shows where).
const STARTS_PER_THREAD: usize = 8;

/// A checkpoint's records, as the count is given them (`BTreeMap<Unit,
/// u64>`): the bytes of one, at most (a node of 11 at least half full).
pub(crate) const RECORD_BYTES: u64 = 40;

/// Small things the model does not list one by one (the views' key
/// tables, the halves' splits), at most.
const SMALL_BYTES: u64 = 256 << 10;

/// Up to this side (n = 23) a refusal names the smallest plan's bytes;
/// from the next, a limit below the cell sizes is refused before they are
/// counted, naming theirs.
const EXACT_REFUSAL_SIDE: u32 = 11;

/// A thread holds at least this many patterns of a half before it joins
/// them (and at least the largest cell).
const FEWEST_PATTERNS: usize = 1 << 12;

/// Sizes the quarter table, lists the starts and selects the part's tasks,
/// and settles how the count fits in `limit` bytes: the fewest pieces
/// that fit (the table built once if it fits, else per pass), then the
/// threads that fit, then each thread's caps. `records`: the units a
/// checkpoint gave, held while the count runs. Refused if even one row set
/// per group does not fit: the error names the bytes the smallest plan
/// needs, a limit that the plan then accepts. From n = 24, before any work
/// (counting the cells), a limit below the cell sizes alone is refused,
/// naming those (the plan may then refuse once more, with the smallest).
pub(crate) fn plan(board: &Board, threads: usize, limit: u64, part: Part, records: usize) -> Result<Plan, CountError> {
    let (n, side) = (board.n, board.side);
    let too_large = |needed| CountError::MemoryLimit { approach: NAME, n, needed, limit };
    let records = (records as u64).saturating_mul(RECORD_BYTES);
    // Before any work, from n = 24 on: the cell sizes and the records
    // alone. (Below, counting the cells takes under a second and a few
    // MiB, and the refusal names the smallest plan's bytes.)
    let cells_bytes = 1u64.checked_shl(2 * side).unwrap_or(u64::MAX).saturating_mul(4);
    let least = cells_bytes.saturating_add(records).saturating_add(SMALL_BYTES);
    if least > limit && side > EXACT_REFUSAL_SIDE {
        return Err(too_large(least));
    }
    let cells = CellSizes::count(side);
    let by_rows = cells.by_rows();
    let starts = board.starts();
    let parting = Parting::new(board, &cells, &starts, part);
    let (mut used, mut most_tasks, mut most_part_tasks) = (Vec::with_capacity(starts.len()), 0, 0);
    let mut table_rows = RowSets::none(side);
    for (index, start) in starts.iter().enumerate() {
        let all = start.tasks(board);
        most_tasks = most_tasks.max(all.len());
        let tasks = parting.select(index, start, all);
        most_part_tasks = most_part_tasks.max(tasks.len());
        let rows = UsedRows::of(board, &tasks);
        table_rows.extend(&rows.all_quarters(board, start));
        used.push(rows);
    }
    let rows_of_starts = ((starts.len() as u64 + 1) << side) * 8; // the cut into parts
    let fixed = cells_bytes
        + (1 << side) * 8 // by_rows
        + rows_of_starts
        + (starts.len() as u64 * 2 + 1) * RowSets::bytes(side)
        + most_tasks as u64 * (size_of::<Task>() + size_of::<passes::Pass>()) as u64
        + (1 << side) * 4 * 3 // a start's groups, and their order
        + records
        + SMALL_BYTES;
    let table_once =
        QuarterTable::bytes(side, table_rows.len() as u64, table_rows.iter().map(|rows| by_rows[rows as usize]).sum());
    let key_bits = 2 * (n - 1);
    let uncapped = uncapped_worker_bytes(half_bound(&cells, board.quarter_mask()), key_bits);
    let fewest = (cells.largest() as usize).max(FEWEST_PATTERNS);
    let smallest_worker = worker_bytes(Caps { east: fewest, west: fewest }, key_bits).min(uncapped);
    // The fewest pieces that fit, with the table built once if it fits,
    // else built for each pass.
    let (mut pieces, mut smallest) = (1u32, u64::MAX);
    let (table, table_bytes, views) = loop {
        let (mut views, mut per_pass) = ([0u64; 2], [0u64; 2]);
        for (start, used) in starts.iter().zip(&used) {
            let groups = Groups::new(board, start, used, pieces, &by_rows);
            for (half, group) in groups.largest(board, start, used, &by_rows).into_iter().enumerate() {
                views[half] = views[half].max(group.views);
                per_pass[half] = per_pass[half].max(group.table);
            }
        }
        let (views, per_pass) = (views[0] + views[1], per_pass[0] + per_pass[1]);
        let base = fixed.saturating_add(views).saturating_add(smallest_worker);
        if base.saturating_add(table_once) <= limit {
            break (Some(table_rows), table_once, views);
        }
        if base.saturating_add(per_pass) <= limit {
            break (None, per_pass, views);
        }
        smallest = smallest.min(base.saturating_add(table_once.min(per_pass)));
        if pieces as usize >= 1 << side {
            // One row set a group: no more pieces make a pass smaller.
            return Err(too_large(smallest));
        }
        pieces *= 2;
    };
    let base = fixed + table_bytes + views;
    // More threads than a start has tasks would only wait; no more than fit.
    let threads = pool::threads(threads).clamp(1, most_part_tasks.max(1));
    let threads = threads.min(usize::try_from((limit - base) / smallest_worker.max(1)).unwrap_or(usize::MAX)).max(1);
    // What is left, shared out: no caps if each thread's share holds a task.
    let share = (limit - base) / threads as u64;
    let caps = if uncapped <= share { Caps::NONE } else { largest_caps(share, fewest, key_bits) };
    let per_worker = if caps == Caps::NONE { uncapped } else { worker_bytes(caps, key_bits) };
    let workers = threads as u64 * per_worker;
    // By start: every thread but one holds a second set of views.
    let by_start = base + workers + (threads as u64 - 1) * views;
    let by_start = pieces == 1 && threads > 1 && starts.len() >= STARTS_PER_THREAD * threads && by_start <= limit;
    let split = if by_start { Split::ByStart } else { Split::ByTask };
    let views = if by_start { threads as u64 * views } else { views };
    let memory = Memory { fixed, table: table_bytes, views, workers };
    // The passes, now that the pieces are known.
    let passes = starts
        .iter()
        .enumerate()
        .map(|(index, start)| match pieces {
            1 => usize::from(used[index].any()),
            _ => {
                let mut tasks = parting.select(index, start, start.tasks(board));
                let groups = Groups::new(board, start, &used[index], pieces, &by_rows);
                passes::passes(board, &groups, &mut tasks).len()
            }
        })
        .sum();
    Ok(Plan { cells, by_rows, starts, parting, used, pieces, passes, table, threads, split, caps, memory })
}

/// The bytes a worker holds at most with these caps: its east patterns,
/// its four classes of west ones, and its sieve.
fn worker_bytes(caps: Caps, key_bits: u32) -> u64 {
    let (east, west) = (caps.east as u64, caps.west as u64);
    east * 8 + 4 * west * 8 + Sieve::bytes(east, west, key_bits)
}

/// The bytes a worker without caps holds at most, if no task has more
/// than `half_bound` patterns in a half: each half's patterns in vectors
/// that may have grown to twice their length, and the sieve.
fn uncapped_worker_bytes(half_bound: u64, key_bits: u32) -> u64 {
    half_bound * (2 * 8 + 2 * 8) + Sieve::bytes(half_bound, half_bound, key_bits)
}

/// The largest caps (as many patterns of each half) whose worker fits in
/// `share` bytes, and at least `fewest`.
fn largest_caps(share: u64, fewest: usize, key_bits: u32) -> Caps {
    let fits = |cap: usize| worker_bytes(Caps { east: cap, west: cap }, key_bits) <= share;
    let (mut low, mut high) = (fewest, fewest.max(1));
    while fits(high) && high < usize::MAX / 2 {
        (low, high) = (high, 2 * high);
    }
    // `low` fits (or is the least), `high` does not.
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle) { low = middle } else { high = middle }
    }
    Caps { east: low, west: low }
}

/// An upper bound on the patterns of one half whose quarters use
/// `columns`: for each number of north queens, the sum over the splits of
/// the columns of the largest north and south cells' product.
fn half_bound(cells: &CellSizes, columns: u32) -> u64 {
    let side = cells.side;
    // The largest cell with these columns, over all rows (a cell with
    // placements has as many rows as columns).
    let mut largest = vec![0u64; 1 << side];
    for (cell, &size) in cells.sizes.iter().enumerate() {
        let columns = cell & ((1 << side) - 1);
        largest[columns] = largest[columns].max(u64::from(size));
    }
    let mut by_north_queens = vec![0u64; side as usize + 1];
    let mut north = columns;
    loop {
        by_north_queens[north.count_ones() as usize] += largest[north as usize] * largest[(columns ^ north) as usize];
        if north == 0 {
            break;
        }
        north = (north - 1) & columns;
    }
    by_north_queens.into_iter().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quarters::algorithm::board::MAX_N;

    fn plan_of(n: u32, threads: usize, limit: u64) -> Result<Plan, CountError> {
        plan(&Board::new(n), threads, limit, Part::WHOLE, 0)
    }

    /// The smallest plan, named by the refusal of a limit of one byte: it
    /// is accepted, on one thread, and a byte less is refused.
    fn smallest(n: u32, threads: usize) -> u64 {
        let Err(CountError::MemoryLimit { needed, .. }) = plan_of(n, threads, 1) else { panic!("n = {n}: refused") };
        let accepted = plan_of(n, threads, needed).expect("the size named");
        assert!(accepted.memory.total() <= needed, "n = {n}");
        assert_eq!(accepted.threads, 1, "n = {n}");
        assert!(matches!(plan_of(n, threads, needed - 1), Err(CountError::MemoryLimit { .. })), "n = {n}");
        needed
    }

    #[test]
    fn the_size_a_refusal_names_is_accepted() {
        for n in [4, 9, 12, 13, 16, 19] {
            let least = smallest(n, 1);
            for threads in [2, 8] {
                assert_eq!(smallest(n, threads), least, "n = {n}");
            }
        }
    }

    /// Any limit from the smallest plan's up is kept to, the pieces fewer
    /// as the limit grows; with enough, one piece and the table once.
    #[test]
    fn every_limit_is_kept_and_more_memory_means_fewer_pieces() {
        for n in [12, 16, 17] {
            let least = smallest(n, 1);
            let whole = plan_of(n, 1, u64::MAX).unwrap();
            assert_eq!((whole.pieces, whole.table.is_some(), whole.caps), (1, true, Caps::NONE), "n = {n}");
            let mut last_pieces = u32::MAX;
            for step in 0..=16 {
                let limit = least + (whole.memory.total() - least) * step / 16;
                let planned = plan_of(n, 1, limit).unwrap();
                assert!(planned.memory.total() <= limit, "n = {n}, limit {limit}");
                assert!(planned.pieces <= last_pieces, "n = {n}, limit {limit}");
                last_pieces = planned.pieces;
            }
            assert_eq!(last_pieces, 1, "n = {n}");
            assert!(plan_of(n, 1, least).unwrap().pieces > 1, "n = {n}: the least memory cuts the views");
        }
    }

    /// Refused before any work where the cell sizes alone pass the limit:
    /// the bytes named are at least theirs, computed, never wrapped.
    #[test]
    fn large_n_is_refused_with_the_cells_size() {
        for n in 24..=MAX_N {
            let cells = (1u64 << (2 * (n / 2))) * 4;
            match plan_of(n, 1, cells) {
                Err(CountError::MemoryLimit { needed, .. }) => assert!(needed > cells, "n = {n}: {needed}"),
                _ => panic!("n = {n} is refused"),
            }
        }
    }

    /// At n = 24 the whole needs more than 8 GiB: the plan cuts it into
    /// pieces that fit (under a minute, in the ignored run).
    #[test]
    #[ignore = "slow: under a minute; run with --ignored"]
    fn n_24_is_cut_to_fit_8_gib() {
        let planned = plan_of(24, 1, MEMORY_LIMIT).expect("fits in pieces");
        assert!(planned.pieces > 1 && planned.memory.total() <= MEMORY_LIMIT, "{:?}", planned.memory);
    }

    /// Odd `n` has many starts, and two threads take whole starts each; a
    /// single thread, or even `n` with its one start, splits tasks.
    #[test]
    fn threads_take_whole_starts_only_when_there_are_many() {
        let split = |n: u32, threads: usize| plan_of(n, threads, MEMORY_LIMIT).expect("small n fits").split;
        assert_eq!(split(13, 2), Split::ByStart);
        assert_eq!(split(13, 1), Split::ByTask);
        assert_eq!(split(12, 2), Split::ByTask);
        // n = 19 has 37 starts: whole starts for 4 threads, not for 8.
        assert_eq!(split(19, 4), Split::ByStart);
        assert_eq!(split(19, 8), Split::ByTask);
    }

    /// The plan counts each thread's buffers and, when threads take whole
    /// starts, each extra thread's views.
    #[test]
    fn the_plan_counts_every_thread_and_its_views() {
        let one = plan_of(13, 1, MEMORY_LIMIT).expect("small n fits");
        let two = plan_of(13, 2, MEMORY_LIMIT).expect("small n fits");
        assert_eq!(two.split, Split::ByStart);
        assert!(one.memory.workers > 0 && one.memory.views > 0);
        let expected = Memory { views: 2 * one.memory.views, workers: 2 * one.memory.workers, ..one.memory };
        assert_eq!(two.memory, expected);
    }
}
