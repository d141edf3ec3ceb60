//! `count` as an operation, as a command calls it: a [`Request`] (what was
//! asked), its [`Plan`] (what will run: the approach, its threads, the part
//! and the memory limit, the checkpoint it resumes, and for an approach
//! that counts in units its pieces and passes), [`Plan::run`] with a
//! [`Progress`] observer, and the count. `queens count` draws the progress
//! as a bar; the `count` example prints it as lines.
//!
//! What an approach can do is what the registry declares of it
//! ([`Approach::threads`], [`Approach::units`]), never its name.

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::counting::{self, CountError, FASTEST, FASTEST_UNIQUE, Options, names};
use crate::quarters::{Checkpoint, CheckpointError, Job, MEMORY_LIMIT, MemoryPlan, Part, Timings, Unit};
use crate::{Approach, Units};

/// A count, as asked: what a command reads from its arguments.
#[derive(Clone, Copy, Debug, Default)]
pub struct Request<'a> {
    /// The size of the board.
    pub n: u32,
    /// The approach, by name; `None`: the fastest, [`FASTEST`] (or
    /// [`FASTEST_UNIQUE`] with `unique`).
    pub approach: Option<&'a str>,
    /// Count one board per class under the 8 symmetries (OEIS A002562).
    pub unique: bool,
    /// The threads; `None` or 0: one per core. More than one is refused for
    /// an approach that counts on one thread.
    pub threads: Option<usize>,
    /// The part of the count to count; `None`: all of it. Only for an
    /// approach that counts in units.
    pub part: Option<Part>,
    /// The most bytes to plan for; `None`: [`default_memory_limit`]. Only
    /// for an approach that counts in units; more than the machine has is
    /// refused.
    pub memory_limit: Option<u64>,
    /// A file to record each unit counted in, and whose units are not
    /// counted again. Only for an approach that counts in units.
    pub checkpoint: Option<&'a Path>,
}

/// What only an approach that counts in units takes ([`Approach::units`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitsOnly {
    /// [`Request::part`].
    Part,
    /// [`Request::checkpoint`].
    Checkpoint,
    /// [`Request::memory_limit`].
    MemoryLimit,
}

/// Why a [`Request`] has no [`Plan`].
#[derive(Debug)]
pub enum PlanError {
    /// The approach cannot count this: an unknown name, an n past its
    /// range, classes it does not count.
    Count(CountError),
    /// More than one thread, for an approach that counts on one.
    Threads {
        /// The approach asked.
        approach: &'static str,
        /// The threads asked for.
        threads: usize,
    },
    /// Asked of an approach that does not count in units.
    UnitsOnly {
        /// What was asked.
        asked: UnitsOnly,
        /// The approach asked.
        approach: &'static str,
    },
    /// A memory limit past the machine's memory: a count planned within it
    /// could ask for memory the machine cannot give, and abort.
    MoreThanMachine {
        /// The limit asked for, in bytes.
        asked: u64,
        /// The machine's memory, in bytes.
        machine: u64,
    },
    /// The checkpoint file is this process's stdout or stderr: its records
    /// would be mixed with the output.
    CheckpointIsOutput,
    /// The checkpoint file cannot be used.
    Checkpoint(CheckpointError),
}

impl From<CountError> for PlanError {
    fn from(error: CountError) -> PlanError {
        PlanError::Count(error)
    }
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Count(error) => write!(f, "{error}"),
            PlanError::Threads { approach, threads } => write!(
                f,
                "`{approach}` counts on one thread, so {threads} threads do not apply; the approaches that use \
                 threads: {}",
                names(|approach| approach.threads)
            ),
            PlanError::UnitsOnly { asked, approach } => {
                let asked = match asked {
                    UnitsOnly::Part => "a part",
                    UnitsOnly::Checkpoint => "a checkpoint",
                    UnitsOnly::MemoryLimit => "a memory limit",
                };
                write!(
                    f,
                    "{asked} applies to counting all boards by {}, not to `{approach}`",
                    names(|approach| approach.units.is_some())
                )
            }
            PlanError::MoreThanMachine { asked, machine } => {
                write!(f, "a memory limit of {asked} bytes is more than this machine has ({machine} bytes)")
            }
            PlanError::CheckpointIsOutput => {
                write!(f, "the checkpoint file is this process's stdout or stderr; give a file of its own")
            }
            PlanError::Checkpoint(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PlanError {}

/// The memory limit when none is asked for: the smaller of
/// [`MEMORY_LIMIT`] and half the machine's memory (where the system does
/// not say, [`MEMORY_LIMIT`]).
pub fn default_memory_limit() -> u64 {
    machine_memory().map_or(MEMORY_LIMIT, |total| (total / 2).min(MEMORY_LIMIT))
}

/// The machine's memory in bytes, where the system tells it (`MemTotal` in
/// Linux's `/proc/meminfo`).
pub fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// What will run: a [`Request`] checked, its approach found and its
/// checkpoint open. Made by [`plan`], which counts nothing.
pub struct Plan {
    n: u32,
    approach: &'static Approach,
    unique: bool,
    /// As asked: 0 is one per core.
    threads: usize,
    part: Part,
    memory_limit: u64,
    checkpoint: Option<Checkpoint>,
}

/// The plan of `request`: its checks, in the order a user reads them (the
/// approach and n, the threads, what only units take, the machine's
/// memory), then its checkpoint file opened (or created) and locked. It
/// takes no time; [`Plan::memory`] does.
///
/// # Errors
/// A [`PlanError`] for each check that fails.
pub fn plan(request: &Request) -> Result<Plan, PlanError> {
    let Request { n, approach, unique, threads, part, memory_limit, checkpoint } = *request;
    let fastest = if unique { FASTEST_UNIQUE } else { FASTEST };
    let approach = counting::check(approach.unwrap_or(fastest), n, unique)?;
    match threads {
        Some(threads) if threads > 1 && !approach.threads => {
            return Err(PlanError::Threads { approach: approach.name, threads });
        }
        _ => {}
    }
    let asked = [
        (UnitsOnly::Part, part.is_some()),
        (UnitsOnly::Checkpoint, checkpoint.is_some()),
        (UnitsOnly::MemoryLimit, memory_limit.is_some()),
    ];
    if let (None, Some(&(asked, _))) = (units(approach, unique), asked.iter().find(|(_, given)| *given)) {
        return Err(PlanError::UnitsOnly { asked, approach: approach.name });
    }
    if let (Some(asked), Some(machine)) = (memory_limit, machine_memory())
        && asked > machine
    {
        return Err(PlanError::MoreThanMachine { asked, machine });
    }
    let part = part.unwrap_or(Part::WHOLE);
    let checkpoint = match checkpoint {
        Some(path) if is_an_output(path) => return Err(PlanError::CheckpointIsOutput),
        Some(path) => Some(Checkpoint::open(path, n, part).map_err(PlanError::Checkpoint)?),
        None => None,
    };
    let memory_limit = memory_limit.unwrap_or_else(default_memory_limit);
    Ok(Plan { n, approach, unique, threads: threads.unwrap_or(0), part, memory_limit, checkpoint })
}

/// What `approach` counts in units, when it counts all boards: classes are
/// counted whole.
fn units(approach: &Approach, unique: bool) -> Option<&Units> {
    approach.units.as_ref().filter(|_| !unique)
}

/// Whether `path` is the file stdout or stderr writes to (`/dev/stdout`
/// where that is a file, or the file itself).
fn is_an_output(path: &Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(path) else { return false };
    let same = |fd: std::os::fd::BorrowedFd<'_>| {
        let file = fd.try_clone_to_owned().map(std::fs::File::from);
        file.and_then(|file| file.metadata()).is_ok_and(|out| (out.dev(), out.ino()) == (meta.dev(), meta.ino()))
    };
    same(io::stdout().as_fd()) || same(io::stderr().as_fd())
}

/// What a count tells as it runs. Every method may be called from any
/// thread; each does nothing unless written.
pub trait Progress: Sync {
    /// `done` tasks of `total`: once with 0 before the first task, then
    /// after each, by the approaches that cut their work into tasks; from
    /// several threads, so not always in order.
    fn tasks(&self, done: u64, total: u64) {
        let _ = (done, total);
    }

    /// Whether [`Progress::tasks`] is to be called at all: where nothing
    /// follows the tasks, the count does not keep their tally, which every
    /// thread would otherwise update after each task.
    fn follows_tasks(&self) -> bool {
        true
    }

    /// Pass `number` (from 1) of `passes` begins, by an approach that
    /// counts in units.
    fn pass(&self, number: usize, passes: usize) {
        let _ = (number, passes);
    }

    /// A record of the checkpoint file could not be written: told once, at
    /// the first failure. The count goes on and records what it can; a
    /// resume counts again the units it lacks.
    fn record_failed(&self, error: &io::Error) {
        let _ = error;
    }
}

/// A count that tells nothing as it runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Progress for Quiet {
    fn follows_tasks(&self) -> bool {
        false
    }
}

impl Plan {
    /// The size of the board.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The approach that counts.
    pub fn approach(&self) -> &'static Approach {
        self.approach
    }

    /// Whether it counts one board per class.
    pub fn unique(&self) -> bool {
        self.unique
    }

    /// The part it counts ([`Part::WHOLE`]: all of it).
    pub fn part(&self) -> Part {
        self.part
    }

    /// The most bytes it plans for.
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }

    /// What its approach counts in units, if it does (and counts all boards).
    pub fn units(&self) -> Option<&Units> {
        units(self.approach, self.unique)
    }

    /// Its checkpoint file, if it has one.
    pub fn checkpoint(&self) -> Option<&Checkpoint> {
        self.checkpoint.as_ref()
    }

    /// The units its checkpoint file held, with their counts: added to the
    /// count, not counted again.
    pub fn finished(&self) -> &BTreeMap<Unit, u64> {
        static NONE: BTreeMap<Unit, u64> = BTreeMap::new();
        self.checkpoint.as_ref().map_or(&NONE, Checkpoint::finished)
    }

    /// The same count for a smaller `n` (at most the plan's), whole, on one
    /// thread and without a checkpoint file: what an estimate of the plan's
    /// time counts. `None` past the plan's `n`.
    pub fn smaller(&self, n: u32) -> Option<Plan> {
        (n <= self.n).then_some(Plan { n, threads: 1, part: Part::WHOLE, checkpoint: None, ..*self })
    }

    /// How many times faster than the whole count on one thread it should
    /// run: the threads it gets, at most one per core, times the parts the
    /// count is cut into.
    pub fn speedup(&self) -> f64 {
        let threads = if self.approach.threads {
            let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
            match self.threads {
                0 => cores,
                threads => threads.min(cores),
            }
        } else {
            1
        };
        threads as f64 * f64::from(self.part.of())
    }

    /// How its units keep within the memory limit (pieces, passes, bytes),
    /// on `threads` threads (`None`: as asked), settled before anything
    /// large is allocated; `None` for an approach that does not count in
    /// units. Not instant: up to about a second.
    pub fn memory(&self, threads: Option<usize>) -> Option<Result<MemoryPlan, CountError>> {
        let units = self.units()?;
        let options = Options { threads: threads.unwrap_or(self.threads), progress: None };
        let job = Job {
            options,
            part: self.part,
            memory_limit: self.memory_limit,
            finished: self.finished(),
            ..Job::default()
        };
        Some((units.plan)(self.n, &job))
    }

    /// Each unit of the whole count timed on one thread, for the schedule
    /// model; `None` for an approach that does not count in units. It
    /// counts all of n.
    pub fn time_units(&self) -> Option<Result<Timings, CountError>> {
        Some((self.units()?.time)(self.n, self.memory_limit))
    }

    /// Counts, telling `progress` as it goes: the number of boards (of
    /// classes, if asked) of the part, with the units the checkpoint held,
    /// each unit counted recorded in it.
    ///
    /// # Errors
    /// The count's own refusal: past `u64`, or past the memory limit.
    pub fn run(&self, progress: &dyn Progress) -> Result<u64, CountError> {
        let tasks = |done, total| progress.tasks(done, total);
        let options = Options { threads: self.threads, progress: progress.follows_tasks().then_some(&tasks as _) };
        let Some(units) = self.units() else {
            let counts = counting::counts(self.approach, self.n, &options)?;
            return Ok(match self.unique {
                true => counts.unique.expect("an approach with counts_unique returns unique counts"),
                false => counts.total,
            });
        };
        // A failed write costs only the units it did not record: told once.
        let failed = AtomicBool::new(false);
        let failed_write = |error: io::Error| {
            if !failed.swap(true, Ordering::Relaxed) {
                progress.record_failed(&error);
            }
        };
        let record = |unit: Unit, count: u64| {
            if let Some(Err(error)) = self.checkpoint.as_ref().map(|checkpoint| checkpoint.record(unit, count)) {
                failed_write(error);
            }
        };
        let pass = |number, passes| progress.pass(number, passes);
        let job = Job {
            options,
            part: self.part,
            memory_limit: self.memory_limit,
            finished: self.finished(),
            record: Some(&record),
            pass: Some(&pass),
        };
        let counted = (units.count)(self.n, &job);
        if let Some(Err(error)) = self.checkpoint.as_ref().map(Checkpoint::sync) {
            failed_write(error);
        }
        counted
    }
}

impl fmt::Debug for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plan")
            .field("n", &self.n)
            .field("approach", &self.approach.name)
            .field("unique", &self.unique)
            .field("threads", &self.threads)
            .field("part", &self.part)
            .field("memory_limit", &self.memory_limit)
            .field("checkpoint", &self.checkpoint.is_some())
            .finish()
    }
}
