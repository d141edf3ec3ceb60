//! The schedule model: every piece of work timed on one thread (the table,
//! each pass's views, each task), then the schedule [`count_job`](crate::quarters::count_job)
//! uses replayed for `T` threads: a thread that is free takes the next
//! piece, in the same order, with the same waits. It predicts the speed-up
//! on `T` cores with nothing else running (`docs/quarters.md` checks it).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::Mutex;
use std::time::Instant;

use super::parts::Part;
use super::passes::{self, Groups};
use super::plan::{self, NAME, Split};
use crate::interface::CountError;
use crate::quarters::algorithm::board::{self, Board, MAX_N, SMALLEST_SPLIT};
use crate::quarters::algorithm::join::Worker;
use crate::quarters::algorithm::table::QuarterTable;
use crate::quarters::algorithm::views::Views;

/// One pass's work, timed on one thread: its views (and its own table,
/// when the table is built for each pass), then each task.
struct PassTimes {
    views: f64,
    tasks: Vec<f64>,
}

/// One start's passes, timed.
struct StartTimes {
    passes: Vec<PassTimes>,
}

impl StartTimes {
    fn total(&self) -> f64 {
        self.passes.iter().map(|pass| pass.views + pass.tasks.iter().sum::<f64>()).sum()
    }

    fn tasks(&self) -> usize {
        self.passes.iter().map(|pass| pass.tasks.len()).sum()
    }
}

/// Every piece of a count's work, timed on one thread, in seconds.
pub struct Timings {
    n: u32,
    /// The memory limit the count would plan within.
    limit: u64,
    table: f64,
    starts: Vec<StartTimes>,
    /// The count, as the timed run found it.
    pub count: u64,
    /// Per thread count asked, the threads the plan starts and their split.
    plans: Mutex<BTreeMap<usize, (usize, Split)>>,
}

/// What the model predicts for `threads` threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The threads the count would start (as asked, within the memory
    /// limit and the most tasks a start has).
    pub threads: usize,
    /// Whether each thread takes whole starts (odd `n`) or the threads
    /// share each start's tasks.
    pub by_start: bool,
    /// The predicted wall time, in seconds.
    pub seconds: f64,
    /// The one-thread time over `seconds`.
    pub speedup: f64,
}

fn seconds(since: Instant) -> f64 {
    since.elapsed().as_secs_f64()
}

/// Counts `n` on one thread, timing the table, each start's views and
/// each task, planned within `limit` bytes (as [`Job::memory_limit`](crate::quarters::Job::memory_limit)).
///
/// # Errors
/// As [`count_job`](crate::quarters::count_job).
pub fn time_units(n: u32, limit: u64) -> Result<Timings, CountError> {
    if n > MAX_N {
        return Err(CountError::OutOfRange { approach: NAME, n, max: MAX_N });
    }
    let board = Board::new(n);
    if n < SMALLEST_SPLIT {
        let (starts, plans) = (Vec::new(), Mutex::default());
        return Ok(Timings { n, limit, table: 0.0, starts, count: board::small_count(n), plans });
    }
    let plan = plan::plan(&board, 1, limit, Part::WHOLE, 0)?;
    let clock = Instant::now();
    let table = plan.table.as_ref().map(|rows| QuarterTable::fill(&plan.cells, rows));
    let table_seconds = seconds(clock);
    let mut worker = Worker::new(plan.caps);
    let mut count = 0u64;
    let overflow = CountError::Overflow { n };
    let mut starts = Vec::with_capacity(plan.starts.len());
    for (index, start) in plan.starts.iter().enumerate() {
        let mut tasks = start.tasks(&board);
        let groups = Groups::new(&board, start, &plan.used[index], plan.pieces, &plan.by_rows);
        let mut timed = Vec::new();
        for pass in passes::passes(&board, &groups, &mut tasks) {
            let tasks = &tasks[pass.tasks];
            let clock = Instant::now();
            let rows = passes::rows_of(&board, start, tasks);
            let views = match &table {
                Some(table) => Views::new(&board, table, start, 1, &rows),
                None => Views::new(&board, &QuarterTable::fill(&plan.cells, &rows.union()), start, 1, &rows),
            };
            let views_seconds = seconds(clock);
            let mut times = Vec::with_capacity(tasks.len());
            for task in tasks {
                let clock = Instant::now();
                let counted = worker.count(&views, task).ok_or(overflow.clone())?;
                times.push(seconds(clock));
                count = count.checked_add(counted).ok_or(overflow.clone())?;
            }
            timed.push(PassTimes { views: views_seconds, tasks: times });
        }
        starts.push(StartTimes { passes: timed });
    }
    Ok(Timings { n, limit, table: table_seconds, starts, count, plans: Mutex::default() })
}

impl Timings {
    /// The time of the whole count on one thread, as timed.
    pub fn one_thread(&self) -> f64 {
        self.table + self.starts.iter().map(StartTimes::total).sum::<f64>()
    }

    /// The units of work timed (the tasks).
    pub fn units(&self) -> usize {
        self.starts.iter().map(StartTimes::tasks).sum()
    }

    /// The passes timed.
    pub fn passes(&self) -> usize {
        self.starts.iter().map(|start| start.passes.len()).sum()
    }

    /// The schedule the count uses on `threads` threads, replayed.
    ///
    /// # Errors
    /// As [`count`](crate::quarters::count) (the plan's memory check).
    pub fn predict(&self, threads: usize) -> Result<Prediction, CountError> {
        self.predict_split(threads, None)
    }

    /// As [`Timings::predict`], with each thread taking whole starts
    /// (`Some(true)`) or the threads sharing each start's tasks
    /// (`Some(false)`) whatever the count would choose (`None`).
    ///
    /// # Errors
    /// As [`count`](crate::quarters::count) (the plan's memory check).
    pub fn predict_split(&self, threads: usize, by_start: Option<bool>) -> Result<Prediction, CountError> {
        let (threads, split) = if self.n < SMALLEST_SPLIT {
            (1, Split::ByTask)
        } else {
            let mut plans = self.plans.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            match plans.get(&threads) {
                Some(&planned) => planned,
                None => {
                    let plan = plan::plan(&Board::new(self.n), threads, self.limit, Part::WHOLE, 0)?;
                    *plans.entry(threads).or_insert((plan.threads, plan.split))
                }
            }
        };
        let split = match by_start {
            Some(true) if threads > 1 => Split::ByStart,
            Some(_) => Split::ByTask,
            None => split,
        };
        let mut wall = self.table;
        match split {
            Split::ByStart => {
                // Whole starts, the most tasks first, to the thread free first.
                let mut order: Vec<&StartTimes> = self.starts.iter().collect();
                order.sort_by_key(|start| Reverse(start.tasks()));
                wall += list_schedule(threads, order.iter().map(|start| start.total()));
            }
            Split::ByTask => {
                for pass in self.starts.iter().flat_map(|start| &start.passes) {
                    // The views a quarter per thread, then the tasks.
                    wall += pass.views / threads.min(4) as f64;
                    let busy = threads.min(pass.tasks.len()).max(1);
                    wall += list_schedule(busy, pass.tasks.iter().copied());
                }
            }
        }
        // No work (n < 4) is no faster on more threads.
        let speedup = if wall > 0.0 { self.one_thread() / wall } else { 1.0 };
        Ok(Prediction { threads, by_start: split == Split::ByStart, seconds: wall, speedup })
    }
}

/// The time `threads` threads take over `pieces`, each piece going, in
/// order, to the thread that is free first.
fn list_schedule(threads: usize, pieces: impl Iterator<Item = f64>) -> f64 {
    // Free times as whole nanoseconds, so that the heap can order them.
    let mut free: BinaryHeap<Reverse<u64>> = (0..threads).map(|_| Reverse(0)).collect();
    for piece in pieces {
        let Reverse(at) = free.pop().expect("at least one thread");
        free.push(Reverse(at + (piece * 1e9) as u64));
    }
    free.into_iter().map(|Reverse(at)| at).max().unwrap_or(0) as f64 / 1e9
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_scheduling_waits_for_the_last_piece() {
        assert_eq!(list_schedule(2, [1.0, 1.0, 1.0].into_iter()), 2.0);
        assert_eq!(list_schedule(3, [3.0, 1.0, 1.0, 1.0].into_iter()), 3.0);
        assert_eq!(list_schedule(1, [0.5, 0.25].into_iter()), 0.75);
    }

    /// The timed run counts right, one thread is predicted at 1×, and the
    /// plan keeps to the limit it is given: one that is too small is
    /// refused, as the count would be.
    #[test]
    fn the_timed_count_is_the_count_and_the_limit_is_the_plans() {
        let timings = time_units(12, plan::MEMORY_LIMIT).expect("small n");
        assert_eq!(timings.count, n_queens_cases::oeis::A000170[12]);
        assert!(timings.units() > 1);
        let one = timings.predict(1).expect("fits");
        assert!((one.speedup - 1.0).abs() < 1e-3, "{one:?}");
        let two = timings.predict(2).expect("fits");
        assert!(two.speedup >= 1.0 && two.speedup <= 2.0 + 1e-9, "{two:?}");
        assert!(matches!(time_units(12, 1 << 10), Err(CountError::MemoryLimit { limit: 1024, .. })));
        let needed = plan::plan(&Board::new(12), 1, u64::MAX, Part::WHOLE, 0).unwrap().memory.total();
        let tight = Timings { limit: needed, plans: Mutex::default(), ..timings };
        assert_eq!(tight.predict(8).expect("one thread fits").threads, 1);
    }

    /// Below n = 4 there is nothing to time: every prediction is 1×, no NaN.
    #[test]
    fn no_work_is_one_times() {
        for n in 0..4 {
            let timings = time_units(n, plan::MEMORY_LIMIT).expect("small n");
            assert_eq!(timings.units(), 0);
            for threads in [1, 2, 64] {
                assert_eq!(timings.predict(threads).expect("fits").speedup, 1.0, "n = {n}");
            }
        }
    }
}
