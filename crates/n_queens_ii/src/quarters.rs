//! # The four-quarter join
//!
//! (Draft: the full module doc is written once the design has settled.)

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread;

use crate::counting::{CountError, Options};

/// The judge's signature, for the shared cases (not judge-ready).
pub struct Solution;

impl Solution {
    /// The number of solutions of the `n`-queens puzzle, on one thread.
    ///
    /// `n = 0` gives 1 (the empty board), `n < 0` gives 0.
    ///
    /// # Panics
    /// If `n > 18`: the count for n = 19 does not fit in `i32`.
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        assert!(
            n <= 18,
            "total_n_queens: n = {n} is out of range; this approach supports n <= 18 \
             (the count for n = 19, 4968057848, does not fit in i32)"
        );
        let one_thread = Options { threads: 1, progress: None };
        let total = count(n as u32, &one_thread).expect("n <= 18 needs a few MiB and fits in u64");
        // n <= 18: the count is below 700 million.
        total as i32
    }
}

/// The largest `n` [`count`] accepts: the rows of a board are the bits of a `u32`.
/// Memory refuses far earlier (see [`MEMORY_LIMIT`]).
pub const MAX_N: u32 = 32;

/// The most memory [`count`] may plan to use, in bytes: 8 GiB.
pub const MEMORY_LIMIT: u64 = 8 << 30;

/// Below this `n` there is nothing to split (a quarter of a 3×3 board is a
/// single square), and [`crate::bitmask`] answers at once.
const SMALLEST_SPLIT: u32 = 4;

/// The number of solutions for `n`, on `options.threads` threads (0: one
/// per core), reporting `(tasks done, tasks total)` to `options.progress`
/// once with 0 before the first task and after each task.
///
/// # Errors
/// [`CountError::OutOfRange`] past [`MAX_N`], [`CountError::MemoryLimit`]
/// if its tables would need more than [`MEMORY_LIMIT`] (checked before they
/// are allocated), [`CountError::Overflow`] if the count does not fit in `u64`.
pub fn count(n: u32, options: &Options) -> Result<u64, CountError> {
    if n > MAX_N {
        return Err(CountError::OutOfRange { approach: NAME, n, max: MAX_N });
    }
    if n < SMALLEST_SPLIT {
        if let Some(report) = options.progress {
            report(0, 0); // no tasks
        }
        let total = crate::bitmask::Solution::total_n_queens(n as i32);
        return Ok(u64::try_from(total).expect("a count is never negative"));
    }
    let board = Board::new(n);
    let threads = match options.threads {
        0 => thread::available_parallelism().map_or(1, |cores| cores.get()),
        threads => threads,
    };
    let (cells, _) = plan(&board, threads)?;
    let table = QuarterTable::fill(cells);
    let starts = board.starts();
    let tasks_total: usize = starts.iter().map(|start| start.tasks.len()).sum();
    // More threads than tasks would only wait.
    let threads = threads.clamp(1, tasks_total.max(1));

    let progress = Progress { report: options.progress, done: AtomicU64::new(0), total: tasks_total as u64 };
    progress.start();
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::default()).collect();
    let mut total = 0u64;
    for start in &starts {
        let views = Views::new(&board, &table, start);
        let sum = run(&views, start, &mut workers, &progress).ok_or(CountError::Overflow { n })?;
        total = total.checked_add(sum).ok_or(CountError::Overflow { n })?;
    }
    Ok(total)
}

/// The bytes [`count`] would plan to use for `n` on `threads` threads (an
/// upper bound, see [`MEMORY_LIMIT`]); 0 for the sizes it answers without
/// tables.
///
/// # Errors
/// As [`count`]: past [`MAX_N`], or past [`MEMORY_LIMIT`].
pub fn memory_needed(n: u32, threads: usize) -> Result<u64, CountError> {
    if n > MAX_N {
        return Err(CountError::OutOfRange { approach: NAME, n, max: MAX_N });
    }
    if n < SMALLEST_SPLIT {
        return Ok(0);
    }
    plan(&Board::new(n), threads.max(1)).map(|(_, needed)| needed)
}

/// Sizes the quarter table and checks the whole plan against
/// [`MEMORY_LIMIT`] before anything large is allocated.
fn plan(board: &Board, threads: usize) -> Result<(CellSizes, u64), CountError> {
    let n = board.n;
    let cells = CellSizes::count(board.side, MEMORY_LIMIT).map_err(|needed| too_large(n, needed))?;
    let needed = board.memory_needed(&cells, threads);
    if needed > MEMORY_LIMIT {
        return Err(too_large(n, needed));
    }
    Ok((cells, needed))
}

/// This approach's name in [`crate::APPROACHES`], for its errors.
const NAME: &str = "quarters";

fn too_large(n: u32, needed: u64) -> CountError {
    CountError::MemoryLimit { approach: NAME, n, needed, limit: MEMORY_LIMIT }
}

/// `options.progress`, and the number of tasks done so far.
struct Progress<'a> {
    report: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    done: AtomicU64,
    total: u64,
}

impl Progress<'_> {
    fn start(&self) {
        if let Some(report) = self.report {
            report(0, self.total);
        }
    }

    fn task_done(&self) {
        if let Some(report) = self.report {
            report(self.done.fetch_add(1, Ordering::Relaxed) + 1, self.total);
        }
    }
}

/// Counts the tasks of one start on the workers' threads (the calling
/// thread is one of them); `None` if a sum does not fit in `u64`.
fn run(views: &Views, start: &Start, workers: &mut [Worker], progress: &Progress) -> Option<u64> {
    let next = AtomicUsize::new(0);
    let work = |worker: &mut Worker| -> Option<u64> {
        let mut sum = 0u64;
        while let Some(task) = start.tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
            sum = sum.checked_add(worker.count(views, task)?)?;
            progress.task_done();
        }
        Some(sum)
    };
    let (mine, others) = workers.split_first_mut().expect("at least one worker");
    // More threads than tasks would only wait.
    let helpers = others.len().min(start.tasks.len().saturating_sub(1));
    let others = &mut others[..helpers];
    thread::scope(|scope| {
        // A thread that cannot be started is no error: the others (and
        // this one) take its tasks.
        let handles: Vec<_> = others
            .iter_mut()
            .filter_map(|worker| thread::Builder::new().spawn_scoped(scope, || work(worker)).ok())
            .collect();
        let mut total = work(mine);
        for handle in handles {
            let sum = handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            total = total.and_then(|total| total.checked_add(sum?));
        }
        total
    })
}

/// The board size and the numbers derived from it.
struct Board {
    n: u32,
    /// The side of a quarter: `n / 2`.
    side: u32,
    /// The first row of the south quarters and the first column of the east
    /// ones: `n - side` (one more than `side` for odd `n`, past the middle line).
    far: u32,
}

impl Board {
    fn new(n: u32) -> Board {
        Board { n, side: n / 2, far: n - n / 2 }
    }

    /// The bit of the "\" diagonal of the square (row, col): `row - col + n - 1`.
    fn diagonal(&self, row: u32, col: u32) -> u64 {
        1 << (row + self.n - 1 - col)
    }

    /// The bit of the "/" anti-diagonal of the square (row, col): `row + col`.
    fn anti_diagonal(&self, row: u32, col: u32) -> u64 {
        1 << (row + col)
    }

    /// One bit per row (or per column) of a quarter.
    fn quarter_mask(&self) -> u32 {
        (1 << self.side) - 1
    }

    /// Every start: one for even `n`, the middle queens' placements for odd `n`.
    fn starts(&self) -> Vec<Start> {
        let (n, side) = (self.n, self.side);
        let all_rows = if n == 32 { u32::MAX } else { (1 << n) - 1 };
        let quarter = self.quarter_mask();
        let mut starts = Vec::new();
        if n % 2 == 0 {
            let main = Diagonals { diagonals: self.diagonal(0, 0), anti_diagonals: self.anti_diagonal(0, n - 1) };
            starts.push(Start::new(self, Rule::Even, all_rows, quarter, Diagonals::default(), main));
        } else {
            let middle = side; // the middle row and the middle column
            let center = Diagonals {
                diagonals: self.diagonal(middle, middle),
                anti_diagonals: self.anti_diagonal(middle, middle),
            };
            starts.push(Start::new(
                self,
                Rule::Center,
                all_rows & !(1 << middle),
                quarter,
                center,
                Diagonals::default(),
            ));
            for east in 1..side {
                for south in east + 1..=side {
                    // The middle row's queen `east` columns right of the
                    // middle, the middle column's `south` rows below it.
                    let (row_queen, column_queen) = ((middle, middle + east), (middle + south, middle));
                    let taken = Diagonals {
                        diagonals: self.diagonal(row_queen.0, row_queen.1)
                            | self.diagonal(column_queen.0, column_queen.1),
                        anti_diagonals: self.anti_diagonal(row_queen.0, row_queen.1)
                            | self.anti_diagonal(column_queen.0, column_queen.1),
                    };
                    let rows = all_rows & !(1 << middle) & !(1 << column_queen.0);
                    let east_columns = quarter & !(1 << (row_queen.1 - self.far));
                    starts.push(Start::new(self, Rule::Cross, rows, east_columns, taken, Diagonals::default()));
                }
            }
        }
        starts
    }

    /// Bytes the count will hold at its peak: the quarter table, one start's
    /// four views, and each worker's buffers (an upper bound).
    fn memory_needed(&self, cells: &CellSizes, threads: usize) -> u64 {
        let tables = cells.sizes.len() as u64 * INDEX_BYTES_PER_CELL + cells.placements() * PLACEMENT_BYTES;
        let patterns = 2 * cells.half_bound(self.quarter_mask());
        let worker = patterns * (8 + DisjointCounter::BYTES_PER_PATTERN);
        tables + threads as u64 * worker
    }
}

/// A set of "\" diagonals and a set of "/" anti-diagonals, as board bits.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Diagonals {
    diagonals: u64,
    anti_diagonals: u64,
}

impl Diagonals {
    fn meets(self, other: Diagonals) -> bool {
        self.diagonals & other.diagonals != 0 || self.anti_diagonals & other.anti_diagonals != 0
    }
}

/// How a start's counts are weighted by the symmetries of the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Even `n`: the top-bottom mirror, the main-diagonal rule, and the
    /// left-right mirror when no queen is on a main diagonal.
    Even,
    /// Odd `n`, a queen in the center: both mirrors.
    Center,
    /// Odd `n`, the middle row's queen right of the middle and nearer to it
    /// than the middle column's queen, which is below: weight 8.
    Cross,
}

/// What is placed before the quarters, and the tasks it leaves.
struct Start {
    rule: Rule,
    /// The board rows the quarters fill (not the middle row, nor the row of
    /// the middle column's queen).
    rows: u32,
    /// The quarter columns free in the east quarters (the west ones have them all).
    east_columns: u32,
    /// The diagonals of the queens placed before the quarters.
    taken: Diagonals,
    /// Diagonals no east queen may use (even `n`: the main diagonals).
    east_shuns: Diagonals,
    /// One task per choice of the rows whose queen is in the east half.
    tasks: Vec<Task>,
}

/// One choice of east rows, with the weights of its west patterns by class.
struct Task {
    /// The board rows whose queen is in the east half.
    east_rows: u32,
    /// The weight of each class of west patterns (see [`Rule`]); 0: not counted.
    weights: [u64; 4],
}

impl Start {
    fn new(board: &Board, rule: Rule, rows: u32, east_columns: u32, taken: Diagonals, east_shuns: Diagonals) -> Start {
        let mut start = Start { rule, rows, east_columns, taken, east_shuns, tasks: Vec::new() };
        let east_queens = east_columns.count_ones();
        // Every subset of `rows` with `east_queens` rows, smallest first.
        let mut east_rows = rows;
        loop {
            if east_rows.count_ones() == east_queens {
                let weights = start.weights(board, east_rows);
                if weights.iter().any(|&weight| weight != 0) {
                    start.tasks.push(Task { east_rows, weights });
                }
            }
            if east_rows == 0 {
                break;
            }
            east_rows = (east_rows - 1) & rows;
        }
        start.tasks.reverse();
        start
    }

    /// The weights of the four classes of west patterns for these east rows.
    fn weights(&self, board: &Board, east_rows: u32) -> [u64; 4] {
        let mirrored = east_rows.reverse_bits() >> (32 - board.n);
        // Top-bottom mirror: the east rows turn into `mirrored`. Count the
        // smaller of the two twice, a symmetric choice once.
        let top_bottom = match east_rows.cmp(&mirrored) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        };
        // Left-right mirror: the east rows turn into the others. The first
        // row on which `east_rows` and `mirrored` agree picks one of each
        // such pair; with no such row, the half turn maps the choice to itself.
        let agree = !(east_rows ^ mirrored) & self.rows;
        let left_right = if agree == 0 {
            1
        } else if east_rows & agree & agree.wrapping_neg() != 0 {
            2
        } else {
            0
        };
        match self.rule {
            // Classes: which west quarters hold a queen on a main diagonal.
            Rule::Even => [top_bottom * left_right, top_bottom * 2, top_bottom * 2, top_bottom * 4],
            Rule::Center => [top_bottom * left_right, 0, 0, 0],
            Rule::Cross => [8, 0, 0, 0],
        }
    }
}

/// Bytes per cell of the quarter table's index ([`QuarterTable::first`],
/// a `u32`) and of the four views' (two `u32` each).
const INDEX_BYTES_PER_CELL: u64 = 4 + 4 * 8;

/// Bytes per quarter placement: its diagonals in the table, and a [`Piece`]
/// in each of the four views.
const PLACEMENT_BYTES: u64 = 8 + 4 * size_of::<Piece>() as u64;

/// How many placements each cell of the quarter table holds.
struct CellSizes {
    side: u32,
    /// Indexed by `rows << side | columns`.
    sizes: Vec<u32>,
}

impl CellSizes {
    /// Counts every placement of non-attacking queens on a `side`×`side`
    /// board by the rows and columns it uses. Stops as soon as the tables
    /// they make would pass `limit` bytes, with the bytes they would need
    /// at least.
    fn count(side: u32, limit: u64) -> Result<CellSizes, u64> {
        let cells = 1u64 << (2 * side);
        // The indexes of the table and of the four views come before a
        // single placement.
        let indexes = cells * INDEX_BYTES_PER_CELL;
        if indexes > limit {
            return Err(indexes);
        }
        let mut sizes = vec![0u32; cells as usize];
        let most = (limit - indexes) / PLACEMENT_BYTES;
        let mut placed = 0u64;
        let all_counted = for_each_placement(side, &mut |rows, columns, _| {
            sizes[(rows << side | columns) as usize] += 1;
            placed += 1;
            placed <= most
        });
        if all_counted { Ok(CellSizes { side, sizes }) } else { Err(indexes + placed * PLACEMENT_BYTES) }
    }

    fn placements(&self) -> u64 {
        self.sizes.iter().map(|&size| u64::from(size)).sum()
    }

    /// An upper bound on the patterns of one half whose quarters use
    /// `columns`: for each number of north queens, the sum over the splits
    /// of the columns of the largest north and south cells' product.
    fn half_bound(&self, columns: u32) -> u64 {
        let side = self.side;
        // The largest cell with these columns, over all rows (a cell with
        // placements has as many rows as columns).
        let mut largest = vec![0u64; 1 << side];
        for (cell, &size) in self.sizes.iter().enumerate() {
            let columns = cell & ((1 << side) - 1);
            largest[columns] = largest[columns].max(u64::from(size));
        }
        let mut by_north_queens = vec![0u64; side as usize + 1];
        let mut north = columns;
        loop {
            by_north_queens[north.count_ones() as usize] +=
                largest[north as usize] * largest[(columns ^ north) as usize];
            if north == 0 {
                break;
            }
            north = (north - 1) & columns;
        }
        by_north_queens.into_iter().max().unwrap_or(0)
    }
}

/// Calls `visit(rows, columns, diagonals)` for every placement of
/// non-attacking queens on a `side`×`side` board (none included), rows
/// top-down; stops and returns false as soon as `visit` does.
/// `diagonals` packs the quarter's own "\" diagonals (`row - col + side - 1`)
/// in bits 0..32 and its "/" anti-diagonals (`row + col`) in bits 32..64.
fn for_each_placement(side: u32, visit: &mut dyn FnMut(u32, u32, u64) -> bool) -> bool {
    fn place(
        side: u32,
        row: u32,
        rows: u32,
        columns: u32,
        diagonals: u64,
        visit: &mut dyn FnMut(u32, u32, u64) -> bool,
    ) -> bool {
        if row == side {
            return visit(rows, columns, diagonals);
        }
        // This row stays empty...
        if !place(side, row + 1, rows, columns, diagonals, visit) {
            return false;
        }
        // ... or holds a queen on a free square.
        let mut free = ((1 << side) - 1) & !columns;
        while free != 0 {
            let col = free.trailing_zeros();
            free &= free - 1;
            let lines = 1u64 << (row + side - 1 - col) | 1u64 << (32 + row + col);
            if diagonals & lines == 0
                && !place(side, row + 1, rows | 1 << row, columns | 1 << col, diagonals | lines, visit)
            {
                return false;
            }
        }
        true
    }
    place(side, 0, 0, 0, 0, visit)
}

/// Every placement of non-attacking queens on a quarter, by cell: the rows
/// and the columns it uses.
struct QuarterTable {
    side: u32,
    /// `first[cell]..first[cell + 1]` are the cell's placements, `cell = rows << side | columns`.
    first: Vec<u32>,
    /// Per placement, its diagonals as [`for_each_placement`] packs them.
    diagonals: Vec<u64>,
}

impl QuarterTable {
    fn fill(cells: CellSizes) -> QuarterTable {
        let side = cells.side;
        let mut first = Vec::with_capacity(cells.sizes.len() + 1);
        let mut end = 0u32;
        for &size in &cells.sizes {
            first.push(end);
            end += size;
        }
        first.push(end);
        let mut diagonals = vec![0u64; end as usize];
        let mut next: Vec<u32> = first[..cells.sizes.len()].to_vec();
        for_each_placement(side, &mut |rows, columns, lines| {
            let cell = (rows << side | columns) as usize;
            diagonals[next[cell] as usize] = lines;
            next[cell] += 1;
            true
        });
        QuarterTable { side, first, diagonals }
    }

    fn cell(&self, cell: usize) -> &[u64] {
        &self.diagonals[self.first[cell] as usize..self.first[cell + 1] as usize]
    }
}

/// The four quarters of a start, as the join needs them.
struct Views {
    north_west: QuarterView,
    north_east: QuarterView,
    south_west: QuarterView,
    south_east: QuarterView,
    /// The board rows the quarters fill ([`Start::rows`]).
    rows: u32,
    /// The quarter columns free in the east quarters ([`Start::east_columns`]).
    east_columns: u32,
    /// Board rows `0..side` are the north quarters' rows, `far..` the south ones'.
    far: u32,
    /// One bit per row or column of a quarter.
    quarter: u32,
}

/// Where a quarter lies on the board.
#[derive(Clone, Copy)]
struct Quarter {
    row: u32,
    col: u32,
}

impl Views {
    fn new(board: &Board, table: &QuarterTable, start: &Start) -> Views {
        let far = board.far;
        let north_west = Quarter { row: 0, col: 0 };
        let north_east = Quarter { row: 0, col: far };
        let south_west = Quarter { row: far, col: 0 };
        let south_east = Quarter { row: far, col: far };
        let east_shuns = Diagonals {
            diagonals: start.taken.diagonals | start.east_shuns.diagonals,
            anti_diagonals: start.taken.anti_diagonals | start.east_shuns.anti_diagonals,
        };
        // The join's window: the diagonals both halves can reach.
        let reach = |quarter, shuns| QuarterView::reach(board, table, quarter, shuns);
        let west = [reach(north_west, start.taken), reach(south_west, start.taken)];
        let east = [reach(north_east, east_shuns), reach(south_east, east_shuns)];
        let window = Diagonals {
            diagonals: (west[0].diagonals | west[1].diagonals) & (east[0].diagonals | east[1].diagonals),
            anti_diagonals: (west[0].anti_diagonals | west[1].anti_diagonals)
                & (east[0].anti_diagonals | east[1].anti_diagonals),
        };
        let flags = if start.rule == Rule::Even { start.east_shuns } else { Diagonals::default() };
        let view = |quarter, shuns, flags| QuarterView::new(board, table, quarter, shuns, flags, window);
        Views {
            north_west: view(north_west, start.taken, flags),
            north_east: view(north_east, east_shuns, Diagonals::default()),
            south_west: view(south_west, start.taken, flags),
            south_east: view(south_east, east_shuns, Diagonals::default()),
            rows: start.rows,
            east_columns: start.east_columns,
            far,
            quarter: board.quarter_mask(),
        }
    }
}

/// One quarter's placements for one start: those that avoid the start's
/// diagonals, each as a [`Piece`], by cell as in the [`QuarterTable`];
/// within a cell, the pieces on a flagged diagonal come last.
struct QuarterView {
    side: u32,
    /// `first[cell]..flagged[cell]`: unflagged pieces; `flagged[cell]..first[cell + 1]`: flagged ones.
    first: Vec<u32>,
    flagged: Vec<u32>,
    pieces: Vec<Piece>,
}

/// A quarter placement, as the join uses it.
#[derive(Clone, Copy, Default, Debug)]
struct Piece {
    /// The diagonals that can meet the other quarter of the same half: a
    /// north piece's shifted down by `far`, so that `north & south != 0`
    /// exactly when they share a diagonal.
    check: u64,
    /// Its diagonals within the join's window, compressed to the key bits.
    key: u64,
}

impl QuarterView {
    /// A quarter placement's board diagonals.
    fn board_diagonals(board: &Board, quarter: Quarter, lines: u64) -> Diagonals {
        let (local_diagonals, local_anti) = (lines & 0xffff_ffff, lines >> 32);
        Diagonals {
            // row - col + n - 1 = (r - c + side - 1) + quarter.row - quarter.col + n - side
            diagonals: local_diagonals << (quarter.row + board.n - board.side - quarter.col),
            anti_diagonals: local_anti << (quarter.row + quarter.col),
        }
    }

    /// Every board diagonal some allowed placement of this quarter uses.
    fn reach(board: &Board, table: &QuarterTable, quarter: Quarter, shuns: Diagonals) -> Diagonals {
        let mut reach = Diagonals::default();
        for &lines in &table.diagonals {
            let lines = Self::board_diagonals(board, quarter, lines);
            if !lines.meets(shuns) {
                reach.diagonals |= lines.diagonals;
                reach.anti_diagonals |= lines.anti_diagonals;
            }
        }
        reach
    }

    fn new(
        board: &Board,
        table: &QuarterTable,
        quarter: Quarter,
        shuns: Diagonals,
        flags: Diagonals,
        window: Diagonals,
    ) -> QuarterView {
        let side = board.side;
        let south = quarter.row != 0;
        // Key bits: the window's "\" diagonals, then its "/" ones.
        let diagonal_bits = window.diagonals.count_ones();
        let key_of = |lines: Diagonals| {
            compress(lines.diagonals, window.diagonals)
                | compress(lines.anti_diagonals, window.anti_diagonals) << diagonal_bits
        };
        let cells = table.first.len() - 1;
        let mut first = Vec::with_capacity(cells + 1);
        let mut flagged = Vec::with_capacity(cells);
        let mut pieces = Vec::new();
        let mut later = Vec::new();
        for cell in 0..cells {
            first.push(pieces.len() as u32);
            for &lines in table.cell(cell) {
                let on_board = Self::board_diagonals(board, quarter, lines);
                if on_board.meets(shuns) {
                    continue;
                }
                let check =
                    if south { lines } else { (lines & 0xffff_ffff) >> board.far | (lines >> 32 >> board.far) << 32 };
                let piece = Piece { check, key: key_of(on_board) };
                if on_board.meets(flags) { later.push(piece) } else { pieces.push(piece) }
            }
            flagged.push(pieces.len() as u32);
            pieces.append(&mut later);
        }
        first.push(pieces.len() as u32);
        let _ = side;
        QuarterView { side: table.side, first, flagged, pieces }
    }

    fn cell(&self, rows: u32, columns: u32) -> (&[Piece], &[Piece]) {
        let cell = (rows << self.side | columns) as usize;
        let (first, flagged, end) =
            (self.first[cell] as usize, self.flagged[cell] as usize, self.first[cell + 1] as usize);
        (&self.pieces[first..flagged], &self.pieces[flagged..end])
    }
}

/// The bits of `value` at the positions of `mask`, packed into the low bits.
fn compress(value: u64, mask: u64) -> u64 {
    let mut packed = 0;
    let mut mask = mask;
    let mut position = 0;
    while mask != 0 {
        let bit = mask.trailing_zeros();
        mask &= mask - 1;
        packed |= (value >> bit & 1) << position;
        position += 1;
    }
    packed
}

/// One thread's buffers: a worker owns everything it writes.
#[derive(Default)]
struct Worker {
    east: Patterns,
    west: [Patterns; 4],
    counter: DisjointCounter,
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
    /// diagonals do not meet.
    fn add_pairs(&mut self, north: &[Piece], south: &[Piece]) {
        if south.is_empty() {
            return;
        }
        for a in north {
            if self.keys.len() < self.len + south.len() {
                self.keys.resize((self.len + south.len()).next_power_of_two(), 0);
            }
            // Write every pair, keep those that fit: no branch to mispredict.
            let out = &mut self.keys[self.len..self.len + south.len()];
            let mut kept = 0;
            for b in south {
                out[kept] = a.key | b.key;
                kept += usize::from(a.check & b.check == 0);
            }
            self.len += kept;
        }
    }
}

impl Worker {
    /// The weighted count of one task.
    fn count(&mut self, views: &Views, task: &Task) -> Option<u64> {
        let east_rows = task.east_rows;
        let west_rows = views.rows ^ east_rows;
        // East half: every pattern into the counter.
        self.east.clear();
        let east = &mut self.east;
        half(views, &views.north_east, &views.south_east, east_rows, views.east_columns, |north, south| {
            east.add_pairs(north.0, south.0);
        });
        self.counter.store(self.east.as_slice());
        // West half, by class: which of its quarters use a flagged diagonal.
        for west in &mut self.west {
            west.clear();
        }
        let west = &mut self.west;
        let weights = task.weights;
        half(views, &views.north_west, &views.south_west, west_rows, views.quarter, |north, south| {
            for (class, (n, s)) in
                [(north.0, south.0), (north.1, south.0), (north.0, south.1), (north.1, south.1)].into_iter().enumerate()
            {
                if weights[class] != 0 {
                    west[class].add_pairs(n, s);
                }
            }
        });
        let mut total = 0u64;
        for (class, west) in self.west.iter().enumerate() {
            if weights[class] != 0 && west.len != 0 {
                total = total.checked_add(self.counter.count(west.as_slice()).checked_mul(weights[class])?)?;
            }
        }
        Some(total)
    }
}

/// Calls `pair(north cell, south cell)` for every split of `columns`
/// between the north and the south quarter of a half whose queens stand in
/// the board rows `rows`.
fn half<'a>(
    views: &Views,
    north: &'a QuarterView,
    south: &'a QuarterView,
    rows: u32,
    columns: u32,
    mut pair: impl FnMut((&'a [Piece], &'a [Piece]), (&'a [Piece], &'a [Piece])),
) {
    let north_rows = rows & views.quarter;
    let south_rows = rows >> views.far & views.quarter;
    let north_queens = north_rows.count_ones();
    let mut north_columns = columns;
    loop {
        if north_columns.count_ones() == north_queens {
            pair(north.cell(north_rows, north_columns), south.cell(south_rows, columns ^ north_columns));
        }
        if north_columns == 0 {
            break;
        }
        north_columns = (north_columns - 1) & columns;
    }
}

/// Stored patterns, bit-sliced, answering "how many stored patterns share
/// no bit with this one" for many queries at once.
#[derive(Default)]
struct DisjointCounter {
    patterns: Vec<u64>,
}

impl DisjointCounter {
    /// Bytes it holds per stored pattern, at most.
    const BYTES_PER_PATTERN: u64 = 64;

    fn store(&mut self, patterns: &[u64]) {
        self.patterns.clear();
        self.patterns.extend_from_slice(patterns);
    }

    /// `Σ over queries of #{stored p : p & query == 0}`.
    fn count(&self, queries: &[u64]) -> u64 {
        let mut total = 0u64;
        for &query in queries {
            for &p in &self.patterns {
                total += u64::from(p & query == 0);
            }
        }
        total
    }
}
