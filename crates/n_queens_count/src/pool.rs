//! The worker pool of the counters that use threads ([`crate::parallel`],
//! [`crate::quarters`]): the calling thread and scoped threads, each taking
//! the next task from a shared [`Queue`] until none is left, so that a
//! thread that drew small tasks simply takes more of them.
//!
//! One policy for a thread the system refuses to start (a limit on memory
//! or processes): it is no error, and no more threads are asked for; the
//! threads already running, the calling one at least, take its share of
//! the queue. A worker's panic reaches the caller as it was raised.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;

/// The number of threads `asked` for means: 0 is one per core.
pub(crate) fn threads(asked: usize) -> usize {
    match asked {
        0 => thread::available_parallelism().map_or(1, |cores| cores.get()),
        asked => asked,
    }
}

/// Tasks handed out one at a time, to whichever thread asks next.
pub(crate) struct Queue<'a, T> {
    tasks: &'a [T],
    next: AtomicUsize,
}

impl<'a, T> Queue<'a, T> {
    pub(crate) fn new(tasks: &'a [T]) -> Self {
        Queue { tasks, next: AtomicUsize::new(0) }
    }

    /// The next task no thread has taken, if any. Relaxed ordering is
    /// enough: each index is handed out once, and results travel back
    /// through `join`, which synchronises.
    pub(crate) fn next(&self) -> Option<&'a T> {
        self.tasks.get(self.next.fetch_add(1, Ordering::Relaxed))
    }
}

/// Runs `work` once for each worker, each on a thread of its own, the first
/// on the calling thread, and returns what each worker that ran returned.
/// `work` takes its tasks from a [`Queue`], so that the workers the system
/// refuses to start leave their share to the others.
pub(crate) fn on_workers<W: Send, R: Send>(workers: &mut [W], work: impl Fn(&mut W) -> R + Sync) -> Vec<R> {
    let (mine, others) = workers.split_first_mut().expect("at least one worker");
    let work = &work;
    thread::scope(|scope| {
        let started: Vec<_> = others
            .iter_mut()
            .map_while(|worker| thread::Builder::new().spawn_scoped(scope, move || work(worker)).ok())
            .collect();
        let mut results = vec![work(mine)];
        for thread in started {
            results.push(thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        results
    })
}

/// Runs the jobs on up to `threads` threads, the calling thread included,
/// and returns their results in order.
pub(crate) fn on_jobs<T: Send, const JOBS: usize>(
    threads: usize,
    jobs: [impl FnOnce() -> T + Send; JOBS],
) -> [T; JOBS] {
    // Each job beside the slot of its result.
    let slots = jobs.map(|job| (Mutex::new(Some(job)), Mutex::new(None)));
    let queue = Queue::new(&slots);
    on_workers(&mut vec![(); threads.clamp(1, JOBS)], |_| {
        while let Some((job, result)) = queue.next() {
            let job = lock(job).take().expect("each job is taken once");
            *lock(result) = Some(job());
        }
    });
    slots.map(|(_, result)| result.into_inner().unwrap_or_else(PoisonError::into_inner).expect("every job ran"))
}

/// The value behind `mutex`, even if a thread panicked while holding it
/// (the panic is passed on where the thread is joined).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// [`crate::interface::Options::progress`], and the tasks done so far.
pub(crate) struct Progress<'a> {
    report: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    done: AtomicU64,
    total: u64,
}

impl<'a> Progress<'a> {
    /// Reports `(0, total)`: no task done yet.
    pub(crate) fn start(report: Option<&'a (dyn Fn(u64, u64) + Sync)>, total: u64) -> Self {
        if let Some(report) = report {
            report(0, total);
        }
        Progress { report, done: AtomicU64::new(0), total }
    }

    /// Reports one more task done, from any thread.
    pub(crate) fn task_done(&self) {
        if let Some(report) = self.report {
            report(self.done.fetch_add(1, Ordering::Relaxed) + 1, self.total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Jobs run once each and come back in order, on any number of threads.
    #[test]
    fn jobs_come_back_in_order() {
        for threads in [0, 1, 2, 3, 4, 9] {
            let results = on_jobs(threads, [0, 1, 2, 3, 4].map(|index| move || index * 10));
            assert_eq!(results, [0, 10, 20, 30, 40], "{threads} threads");
        }
    }

    /// Every task of a queue is taken exactly once, whatever the threads.
    #[test]
    fn workers_take_each_task_once() {
        let tasks: Vec<u64> = (1..=1000).collect();
        for threads in [1, 2, 7] {
            let queue = Queue::new(&tasks);
            let sums = on_workers(&mut vec![0u64; threads], |taken| {
                while let Some(task) = queue.next() {
                    *taken += task;
                }
                *taken
            });
            assert_eq!(sums.len(), threads);
            assert_eq!(sums.iter().sum::<u64>(), 500_500, "{threads} threads");
        }
    }

    /// A worker's panic reaches the caller with its own message.
    #[test]
    #[should_panic(expected = "task 3 failed")]
    fn a_workers_panic_is_passed_on() {
        let tasks = [1, 2, 3, 4];
        let queue = Queue::new(&tasks);
        on_workers(&mut [(), ()], |_| {
            while let Some(&task) = queue.next() {
                assert!(task != 3, "task {task} failed");
            }
        });
    }
}
