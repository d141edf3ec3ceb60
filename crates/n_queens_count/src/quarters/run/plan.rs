//! The plan of a count, settled before anything large is allocated: the
//! memory it needs, checked against a limit ([`MEMORY_LIMIT`] unless asked),
//! the threads that fit, and how they share the work.

use crate::interface::CountError;
use crate::pool;
use crate::quarters::algorithm::board::Board;
use crate::quarters::algorithm::sieve::Sieve;
use crate::quarters::algorithm::starts::Start;
use crate::quarters::algorithm::table::CellSizes;
use crate::quarters::algorithm::views::Piece;

/// The most memory a count may plan to use unless asked for another limit, in bytes: 8 GiB.
pub const MEMORY_LIMIT: u64 = 8 << 30;

/// This approach's name in [`crate::APPROACHES`], for its errors.
pub const NAME: &str = "quarters";

/// What [`plan`] settles before anything large is allocated.
pub(crate) struct Plan {
    pub(crate) cells: CellSizes,
    pub(crate) starts: Vec<Start>,
    /// The threads to count on: as asked, but no more than a start has
    /// tasks, nor than the limit holds.
    pub(crate) threads: usize,
    /// How the threads share the work.
    pub(crate) split: Split,
    /// The bytes the count will need at most.
    pub(crate) needed: u64,
}

/// How the threads share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Each thread counts whole starts, with views of its own: for odd `n`,
    /// whose many starts would each end with threads waiting for the last
    /// task, when each thread's views fit in memory.
    ByStart,
    /// The threads share a start's views and split its tasks.
    ByTask,
}

/// Threads take whole starts only with at least this many starts each:
/// with fewer, the largest start keeps one thread busy long after the
/// others are done (the schedule model, `docs/quarters.md`, shows where).
const STARTS_PER_THREAD: usize = 8;

/// Bytes per cell of the quarter table's index (`QuarterTable::first`,
/// a `u32`) and of the four views' (two `u32` each).
const INDEX_BYTES_PER_CELL: u64 = 4 + 4 * 8;

/// Bytes per quarter placement: its diagonals in the table, and a [`Piece`]
/// in each of the four views.
const PLACEMENT_BYTES: u64 = 8 + 4 * size_of::<Piece>() as u64;

/// The number of placements of non-attacking queens (any number, none
/// included) on a `side`×`side` board, for `side = 0..=12`, as
/// [`CellSizes::count`] finds them (the tests check it).
const PLACEMENTS: [u64; 13] =
    [1, 2, 5, 18, 87, 462, 2_635, 16_870, 118_969, 915_442, 7_535_369, 66_807_234, 633_443_407];

/// [`half_bound`] over a whole quarter's columns, for `side = 0..=12`, as
/// it is computed from [`CellSizes::count`] (the tests check it).
const HALF_BOUNDS: [u64; 13] = [1, 1, 2, 6, 24, 60, 320, 1_808, 12_660, 64_074, 448_536, 3_472_230, 31_267_932];

/// What the memory estimate needs of the quarter table: its side, its
/// placements and the bound on a half's patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TableSizes {
    side: u32,
    placements: u64,
    half_bound: u64,
}

impl TableSizes {
    /// From the table's cells, counted.
    fn of(cells: &CellSizes) -> TableSizes {
        TableSizes {
            side: cells.side,
            placements: cells.placements(),
            half_bound: half_bound(cells, (1 << cells.side) - 1),
        }
    }

    /// From [`PLACEMENTS`] and [`HALF_BOUNDS`] alone, before any work: the
    /// same as [`TableSizes::of`] up to `side = 12` (`Some`). Past it, `None`.
    fn known(side: u32) -> Option<TableSizes> {
        let at = side as usize;
        Some(TableSizes { side, placements: *PLACEMENTS.get(at)?, half_bound: *HALF_BOUNDS.get(at)? })
    }

    /// As [`TableSizes::known`], and past `side = 12` its values there: a
    /// larger quarter holds every placement of a smaller one, so what this
    /// gives is then a least size.
    fn at_least(side: u32) -> TableSizes {
        TableSizes::known(side).unwrap_or(TableSizes { side, ..TableSizes::known(12).expect("in the tables") })
    }

    /// The bytes of the quarter table and the views' indexes.
    fn tables_bytes(&self) -> u64 {
        let cells = 1u64.checked_shl(2 * self.side).unwrap_or(u64::MAX);
        cells.saturating_mul(INDEX_BYTES_PER_CELL).saturating_add(self.placements.saturating_mul(PLACEMENT_BYTES))
    }
}

/// Sizes the quarter table, lists the starts and counts their tasks, and
/// checks the whole plan against `limit` bytes before anything large is
/// allocated. A refusal names the bytes the count needs on one thread:
/// what [`peak_bytes`] gives, and so a limit of that many is accepted.
/// From `side = 13` (n = 26) that is known only once the table's cells
/// are counted, and a refusal before that names a least size.
pub(crate) fn plan(board: &Board, threads: usize, limit: u64) -> Result<Plan, CountError> {
    let n = board.n;
    let too_large = |needed| CountError::MemoryLimit { approach: NAME, n, needed, limit };
    // First, before any work: the estimate from the constants (past
    // them, a least size).
    let before_any_work = peak_bytes(board, &TableSizes::at_least(board.side), 1);
    if before_any_work > limit {
        return Err(too_large(before_any_work));
    }
    let cells = CellSizes::count(board.side);
    let sizes = TableSizes::of(&cells);
    let starts = board.starts();
    let task_counts: Vec<usize> = starts.iter().map(|start| start.tasks(board).len()).collect();
    // More threads than a start has tasks would only wait.
    let most_tasks = task_counts.iter().copied().max().unwrap_or(1).max(1);
    let threads = pool::threads(threads).clamp(1, most_tasks);
    // Each thread holds buffers of its own: no more threads than fit.
    let one = peak_bytes(board, &sizes, 1);
    if one > limit {
        return Err(too_large(one));
    }
    let per_thread = peak_bytes(board, &sizes, 2) - one;
    let fitting = 1 + (limit - one) / per_thread.max(1);
    let threads = threads.min(usize::try_from(fitting).unwrap_or(usize::MAX));
    let needed = peak_bytes(board, &sizes, threads);
    // By start: every thread but one holds a second set of views.
    let by_start = needed + (threads as u64 - 1) * views_bytes(&sizes);
    let (split, needed) = if threads > 1 && starts.len() >= STARTS_PER_THREAD * threads && by_start <= limit {
        (Split::ByStart, by_start)
    } else {
        (Split::ByTask, needed)
    };
    Ok(Plan { cells, starts, threads, split, needed })
}

/// Bytes the count will hold at its peak: the quarter table, one start's
/// four views, and each worker's buffers (an upper bound).
fn peak_bytes(board: &Board, sizes: &TableSizes, threads: usize) -> u64 {
    // Per thread: each half's patterns (at most `half_bound`) in a
    // vector that may have grown to twice its length, and the sieve that
    // stores the east ones and sorts the west ones.
    let key_bits = 2 * (board.n - 1);
    let half_bound = sizes.half_bound;
    let worker_bytes = half_bound * (2 * 8 + 2 * 8) + Sieve::bytes(half_bound, half_bound, key_bits);
    sizes.tables_bytes().saturating_add((threads as u64).saturating_mul(worker_bytes))
}

/// The bytes of one start's four views: their indexes and pieces.
fn views_bytes(sizes: &TableSizes) -> u64 {
    (1u64 << (2 * sizes.side)) * 4 * 8 + sizes.placements * 4 * size_of::<Piece>() as u64
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

    /// The table of placement counts and half bounds is what the search
    /// finds (sides 11 and 12, seconds of work, in the ignored run).
    #[test]
    fn placement_counts_are_the_searchs() {
        for side in 0..=10 {
            assert_eq!(TableSizes::known(side), Some(TableSizes::of(&CellSizes::count(side))), "side {side}");
        }
    }

    #[test]
    #[ignore = "slow: seconds; run with --ignored"]
    fn placement_counts_are_the_searchs_up_to_side_12() {
        for side in 11..=12 {
            assert_eq!(TableSizes::known(side), Some(TableSizes::of(&CellSizes::count(side))), "side {side}");
        }
    }

    /// A refusal names the bytes that a limit of that size then accepts,
    /// for one thread and for more (the count starts as many as fit).
    #[test]
    fn the_size_a_refusal_names_is_accepted() {
        for n in [4, 9, 12, 13, 16, 19] {
            let board = Board::new(n);
            for threads in [1, 2, 8] {
                let Err(CountError::MemoryLimit { needed, .. }) = plan(&board, threads, 1) else {
                    panic!("n = {n}: one byte is refused")
                };
                let accepted = plan(&board, threads, needed).expect("the size named");
                assert_eq!(accepted.threads, 1, "n = {n}");
                assert!(matches!(plan(&board, threads, needed - 1), Err(CountError::MemoryLimit { .. })));
            }
        }
    }

    /// At n = 24 and 25 the estimate before any work is the full one: the
    /// size named is accepted once the table is counted (under a minute).
    #[test]
    #[ignore = "slow: under a minute; run with --ignored"]
    fn the_size_a_refusal_names_is_accepted_at_n_24() {
        let board = Board::new(24);
        let Err(CountError::MemoryLimit { needed, .. }) = plan(&board, 1, MEMORY_LIMIT) else { panic!("refused") };
        assert!(plan(&board, 1, needed).is_ok());
    }

    /// The estimate before any work is the tables' exact size as far as
    /// the plan can also measure it.
    #[test]
    fn the_first_estimate_is_the_tables() {
        for n in 4..=19 {
            let board = Board::new(n);
            let cells = CellSizes::count(board.side);
            let measured = cells.sizes.len() as u64 * INDEX_BYTES_PER_CELL + cells.placements() * PLACEMENT_BYTES;
            assert_eq!(TableSizes::at_least(board.side).tables_bytes(), measured, "n = {n}");
            assert_eq!(TableSizes::of(&cells).tables_bytes(), measured, "n = {n}");
        }
    }

    /// From n = 24 the estimate before any work passes the limit: refused
    /// with it, computed, not the limit; it grows with n and never wraps.
    #[test]
    fn large_n_is_refused_with_the_tables_size() {
        let mut last = 0;
        for n in 24..=MAX_N {
            let side = n / 2;
            let expected = (1u64 << (2 * side)) * 36 + PLACEMENTS[12] * PLACEMENT_BYTES;
            match plan(&Board::new(n), 1, MEMORY_LIMIT) {
                Err(CountError::MemoryLimit { needed, .. }) => {
                    assert!(needed >= expected && needed > MEMORY_LIMIT, "n = {n}: {needed}");
                    assert!(needed >= last, "n = {n}");
                    last = needed;
                }
                _ => panic!("n = {n} is refused"),
            }
        }
        assert_eq!(TableSizes::at_least(12).tables_bytes(), (1 << 24) * 36 + 633_443_407 * PLACEMENT_BYTES);
        assert!(TableSizes::at_least(16).tables_bytes() < u64::MAX);
    }

    /// Odd `n` has many starts, and two threads take whole starts each; a
    /// single thread, or even `n` with its one start, splits tasks.
    #[test]
    fn threads_take_whole_starts_only_when_there_are_many() {
        let split = |n: u32, threads: usize| plan(&Board::new(n), threads, MEMORY_LIMIT).expect("small n fits").split;
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
        let board = Board::new(13);
        let one = plan(&board, 1, MEMORY_LIMIT).expect("small n fits");
        let two = plan(&board, 2, MEMORY_LIMIT).expect("small n fits");
        assert_eq!(two.split, Split::ByStart);
        let sizes = TableSizes::of(&two.cells);
        let per_thread = peak_bytes(&board, &sizes, 2) - peak_bytes(&board, &sizes, 1);
        assert!(per_thread > 0 && views_bytes(&sizes) > 0);
        assert_eq!(two.needed, one.needed + per_thread + views_bytes(&sizes));
    }
}
