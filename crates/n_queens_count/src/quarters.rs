//! # The four-quarter join: quarter boards joined by their diagonals
//!
//! **Not judge-ready** (threads, tables built at run time): [`Solution`] is
//! here for the shared cases, [`count`] is the counter. After Evgeny
//! Kluev's N-Queens-Count-Sol, written anew; `docs/quarters.md` tells how
//! and why.
//! Every placement on a quarter board is built once; for each *task* (the
//! rows whose queen is in the east half) the half boards' diagonal
//! *patterns* are paired, and a west and an east half make a solution
//! exactly when their patterns share no bit, counted 512 pairs at a time.
//!
//! The algorithm's files are in `quarters/algorithm/`, the code that plans,
//! cuts, resumes and models a run of it in `quarters/run/`.
//!
//! | term | what it is | in |
//! |---|---|---|
//! | side, far | a quarter's side, `n / 2`; the first row and column past the middle, `n - side` | `algorithm/board` |
//! | start | what is placed before the quarters (odd `n`: the two middle queens) | `algorithm/starts` |
//! | rule | how a start's tasks are weighted by the symmetries | `algorithm/starts` |
//! | task | a set of east rows, with a weight per class | `algorithm/starts` |
//! | class | west patterns by the main diagonals they use (even `n`) | `algorithm/starts` |
//! | cell | the rows and the columns a quarter placement uses | `algorithm/table` |
//! | view, origin | a start's placements of one quarter; where the quarter lies | `algorithm/views` |
//! | piece | a placement in a view: its check bits and its key | `algorithm/views` |
//! | window, key | the diagonals both halves reach; a placement's, as bits | `algorithm/views` |
//! | split, pattern | a half's columns shared by its quarters; a half board's key | `algorithm/join` |
//! | sieve, cut bits | stored patterns grouped by a few key bits | `algorithm/sieve` |
//! | block, lane, chunk | 64 · lanes patterns; 64 of them; a byte of the key | `algorithm/disjoint` |
//! | unit, part | a task of a start; the units cut by modelled size into `M` | `run/parts` |
//! | group, pass | a share of a start's row sets (the plan's "pieces", not a piece above); the tasks of a north and a south group | `run/passes` |
//!
//! It plans within a memory limit ([`MEMORY_LIMIT`] unless asked) before it
//! allocates anything large: where the whole tables do not fit, in pieces
//! and passes, and it refuses only a limit below its smallest plan; `n < 4`
//! goes to [`n_queens_ii::bitmask`]. [`count_job`] counts a [`Part`] within
//! its own memory limit, resuming a [`Checkpoint`]; [`time_units`] feeds
//! the schedule model.

mod algorithm;
mod run;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use algorithm::board::MAX_N;
pub use run::checkpoint::{Checkpoint, CheckpointError, SYNC_EVERY};
pub use run::parts::{Part, PartCount, PartCountError, Unit};
pub use run::plan::{MEMORY_LIMIT, Memory, NAME};
pub use run::schedule::{Prediction, Timings, time_units};

use crate::interface::{self, CountError, Options};
use crate::pool::{self, Progress, Queue};
use algorithm::board::{self, Board, SMALLEST_SPLIT};
use algorithm::join::{Caps, Worker};
use algorithm::starts::{Start, Task};
use algorithm::table::QuarterTable;
use algorithm::views::Views;
use run::passes::{self, Groups};
use run::plan::{self, Plan, Split};

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
        let one_thread = Options { threads: 1, progress: None };
        interface::judge_signature(n, |n| count(n, &one_thread).expect("n <= 18 needs a few MiB and fits in u64"))
    }
}

/// The number of solutions for `n`, on `options.threads` threads (0: one
/// per core), reporting `(tasks done, tasks total)` to `options.progress`
/// once with 0 before the first task and after each task.
///
/// # Errors
/// [`CountError::OutOfRange`] past [`MAX_N`], [`CountError::MemoryLimit`]
/// if its tables would need more than [`MEMORY_LIMIT`] (checked before they
/// are allocated), [`CountError::Overflow`] if the count does not fit in `u64`.
pub fn count(n: u32, options: &Options) -> Result<u64, CountError> {
    count_job(n, &Job { options: *options, ..Job::default() })
}

/// No units counted before.
static NONE_FINISHED: BTreeMap<Unit, u64> = BTreeMap::new();

/// A count as [`count_job`] runs it: a part of it, within a memory limit,
/// picking up the units a checkpoint recorded.
#[derive(Clone, Copy)]
pub struct Job<'a> {
    /// Threads and progress, as for [`count`] (the progress counts the
    /// units left to count).
    pub options: Options<'a>,
    /// The part to count ([`Part::WHOLE`]: all of it).
    pub part: Part,
    /// The most bytes the count may plan to use.
    pub memory_limit: u64,
    /// Units counted before, with their counts: added, not counted again.
    pub finished: &'a BTreeMap<Unit, u64>,
    /// Called from any thread with each unit counted and its count.
    pub record: Option<&'a (dyn Fn(Unit, u64) + Sync)>,
    /// Called as each pass begins, with its number from 1 and the passes
    /// in all (see [`MemoryPlan::passes`]).
    pub pass: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

impl Default for Job<'_> {
    fn default() -> Self {
        Job {
            options: Options::default(),
            part: Part::WHOLE,
            memory_limit: MEMORY_LIMIT,
            finished: &NONE_FINISHED,
            record: None,
            pass: None,
        }
    }
}

/// How a count keeps within its memory limit, as its plan settles it
/// before anything large is allocated ([`memory_plan`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryPlan {
    /// Each start's row sets are cut into this many groups, north and
    /// south, and a pass holds one of each: 1 when the whole fits.
    pub pieces: u32,
    /// The passes of the count (or part) in all: the views of one pass are
    /// built, its tasks counted, and the views freed before the next.
    pub passes: usize,
    /// Whether the quarter table is built once (else each pass builds the
    /// part of it that it needs, by a search of its own).
    pub table_once: bool,
    /// The threads it counts on.
    pub threads: usize,
    /// The most patterns of a half each thread holds at once (`None`:
    /// as many as a task has).
    pub caps: Option<usize>,
    /// The bytes it needs at most, by what holds them.
    pub memory: Memory,
}

/// The plan of the count of `job.part` of `n` within `job.memory_limit`,
/// on `job.options.threads` threads, holding the records of
/// `job.finished`; nothing is counted. Below n = 4 nothing is planned (no
/// tables): one pass, no bytes.
///
/// # Errors
/// As [`count_job`]: past [`MAX_N`], or past the limit.
pub fn memory_plan(n: u32, job: &Job) -> Result<MemoryPlan, CountError> {
    if n > MAX_N {
        return Err(CountError::OutOfRange { approach: NAME, n, max: MAX_N });
    }
    if n < SMALLEST_SPLIT {
        let memory = Memory::default();
        return Ok(MemoryPlan { pieces: 1, passes: 1, table_once: true, threads: 1, caps: None, memory });
    }
    let plan = plan::plan(&Board::new(n), job.options.threads, job.memory_limit, job.part, job.finished.len())?;
    Ok(MemoryPlan {
        pieces: plan.pieces,
        passes: plan.passes,
        table_once: plan.table.is_some(),
        threads: plan.threads,
        caps: (plan.caps != Caps::NONE).then_some(plan.caps.east),
        memory: plan.memory,
    })
}

/// The count of `job.part` of the count for `n`: the parts `1..=M` of `M`
/// add up to [`count`]. Units in `job.finished` are taken as recorded.
/// Below n = 4 part 1 holds the whole count, the others nothing.
///
/// # Errors
/// As [`count`], with `job.memory_limit` for the limit.
pub fn count_job(n: u32, job: &Job) -> Result<u64, CountError> {
    let options = &job.options;
    if n > MAX_N {
        return Err(CountError::OutOfRange { approach: NAME, n, max: MAX_N });
    }
    if n < SMALLEST_SPLIT {
        Progress::start(options.progress, 0); // no tasks
        if job.part.index() != 1 {
            return Ok(0);
        }
        return Ok(board::small_count(n));
    }
    let board = Board::new(n);
    let plan = plan::plan(&board, options.threads, job.memory_limit, job.part, job.finished.len())?;
    let Plan { cells, by_rows, starts, parting, used, pieces, passes, table, threads, split, caps, .. } = plan;
    let overflow = CountError::Overflow { n };
    // The part's units of a start not counted before.
    let left = |index: usize, start: &Start| {
        let tasks = parting.select(index, start, start.tasks(&board));
        tasks.into_iter().filter(|task| !job.finished.contains_key(&unit(index, task))).collect::<Vec<_>>()
    };
    // Before any work: what was recorded, and how much is left per start.
    let mut recorded = 0u64;
    let mut left_by_start = Vec::with_capacity(starts.len());
    for (index, start) in starts.iter().enumerate() {
        let mut left = 0;
        for task in parting.select(index, start, start.tasks(&board)) {
            match job.finished.get(&unit(index, &task)) {
                Some(&count) => recorded = recorded.checked_add(count).ok_or(overflow.clone())?,
                None => left += 1,
            }
        }
        left_by_start.push((index, left));
    }
    let tasks_total = left_by_start.iter().map(|&(_, tasks)| tasks).sum::<usize>();
    let table = table.map(|rows| QuarterTable::fill(&cells, &rows));
    // The views of a pass, from the table built once or from its own.
    let views_of = |start: &Start, tasks: &[Task], threads: usize| {
        let rows = passes::rows_of(&board, start, tasks);
        match &table {
            Some(table) => Views::new(&board, table, start, threads, &rows),
            None => Views::new(&board, &QuarterTable::fill(&cells, &rows.union()), start, threads, &rows),
        }
    };
    let passes_begun = AtomicUsize::new(0);
    let begin_pass = || {
        let number = passes_begun.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(pass) = job.pass {
            pass(number, passes);
        }
    };

    let progress = Progress::start(options.progress, tasks_total as u64);
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::new(caps)).collect();
    let count_one = |worker: &mut Worker, views: &Views, index: usize, task: &Task| {
        let count = worker.count(views, task)?;
        if let Some(record) = job.record {
            record(unit(index, task), count);
        }
        progress.task_done();
        Some(count)
    };
    let per_thread = match split {
        // Each thread takes the next start, builds its views alone and
        // counts all its tasks: the threads wait for each other only at the
        // end. (Only with one piece: a start is one pass.)
        Split::ByStart => {
            // The starts with the most tasks first, so that the last one a
            // thread takes is small and the others wait little for it.
            left_by_start.retain(|&(_, tasks)| tasks > 0);
            left_by_start.sort_by_key(|&(_, tasks)| std::cmp::Reverse(tasks));
            let queue = Queue::new(&left_by_start);
            pool::on_workers(&mut workers, |worker| {
                let mut sum = 0u64;
                while let Some(&(index, _)) = queue.next() {
                    let start = &starts[index];
                    let tasks = left(index, start);
                    begin_pass();
                    let views = views_of(start, &tasks, 1);
                    for task in &tasks {
                        sum = sum.checked_add(count_one(worker, &views, index, task)?)?;
                    }
                }
                Some(sum)
            })
        }
        // The threads share each pass's views and split its tasks.
        Split::ByTask => {
            let mut per_pass = Vec::new();
            for (index, start) in starts.iter().enumerate() {
                let mut tasks = left(index, start);
                if tasks.is_empty() {
                    continue;
                }
                let groups = Groups::new(&board, start, &used[index], pieces, &by_rows);
                for pass in passes::passes(&board, &groups, &mut tasks) {
                    let tasks = &tasks[pass.tasks];
                    begin_pass();
                    let views = views_of(start, tasks, threads);
                    let queue = Queue::new(tasks);
                    // More threads than tasks would only wait.
                    let busy = workers.len().min(tasks.len()).max(1);
                    per_pass.extend(pool::on_workers(&mut workers[..busy], |worker| {
                        let mut sum = 0u64;
                        while let Some(task) = queue.next() {
                            sum = sum.checked_add(count_one(worker, &views, index, task)?)?;
                        }
                        Some(sum)
                    }));
                }
            }
            per_pass
        }
    };
    per_thread.into_iter().try_fold(recorded, |total, sum| total.checked_add(sum?)).ok_or(overflow)
}

/// The unit of a task of the start at `index`.
fn unit(index: usize, task: &Task) -> Unit {
    Unit { start: index as u32, east_rows: task.east_rows }
}

/// The bytes [`count`] would plan to use for `n` on `threads` threads (0:
/// one per core), an upper bound (see [`MEMORY_LIMIT`]); 0 for the sizes it
/// answers without tables. Each thread holds buffers of its own: of more
/// threads than the limit holds, [`count`] starts only as many as it holds.
///
/// # Errors
/// As [`count`]: past [`MAX_N`], or past [`MEMORY_LIMIT`].
pub fn memory_needed(n: u32, threads: usize) -> Result<u64, CountError> {
    memory_needed_within(n, threads, MEMORY_LIMIT)
}

/// As [`memory_needed`], against a limit of `limit` bytes (see [`Job::memory_limit`]).
///
/// # Errors
/// Past [`MAX_N`], or past `limit`.
pub fn memory_needed_within(n: u32, threads: usize, limit: u64) -> Result<u64, CountError> {
    let job = Job { options: Options { threads, progress: None }, memory_limit: limit, ..Job::default() };
    memory_plan(n, &job).map(|plan| plan.memory.total())
}
