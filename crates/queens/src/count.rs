//! `queens count N`: the number of boards as a 64-bit number, alone on
//! stdout so that scripts can read it.
//!
//! Without a terminal on stderr the command only counts: a script pays for
//! the count alone. On a terminal, a count estimated (by [`timing::estimate`])
//! to take over a second shows its progress on stderr, and one over a minute
//! says so before it starts. Ctrl-C ends the process at once.

mod memory;

use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use n_queens_count::counting::{self, CountError};
use n_queens_count::operation::{self, Plan, PlanError, Progress, Quiet, Request, UnitsOnly};
use n_queens_count::quarters::{self, Checkpoint, MemoryPlan, Part, PartCount, Unit};

use crate::common::{Failure, Outcome, parse_n, say};
use crate::timing::{self, Estimate};
use memory::{memory_hint, more_than_machine, parse_memory};

/// Arguments of `queens count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board: n queens on an n×n board.
    #[arg(value_parser = parse_count_n, allow_negative_numbers = true)]
    pub n: u32,
    /// The LeetCode 52 approach (as the list subcommand names it); the fastest (that counts classes, with --unique) when left out.
    #[arg(long, value_name = "NAME")]
    pub approach: Option<String>,
    /// Threads, for the approaches that use them; one per core when left out (or 0).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Count one board per class under rotations and reflections (OEIS A002562).
    #[arg(long)]
    pub unique: bool,
    /// quarters: count only part K of M (the same cut on every machine); prints `n=N part=K/M count=C check=X`.
    #[arg(long, value_name = "K/M")]
    pub part: Option<Part>,
    /// quarters: record each finished unit in FILE, and skip those it holds.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// quarters: the most memory to plan for (64G, 1.5T, 512M, bytes); default the smaller of 8G and half the RAM.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, allow_hyphen_values = true)]
    pub memory: Option<u64>,
    /// quarters: time every unit on one thread, then print the speed-up predicted for 2 to 64 threads.
    #[arg(long, conflicts_with_all = ["part", "checkpoint", "threads", "unique"])]
    pub plan: bool,
}

/// Parses n as [`parse_n`] does; past `u32`, the message names the largest
/// n any approach counts.
fn parse_count_n(text: &str) -> Result<u32, String> {
    parse_n(text).map_err(|error| {
        if !error.contains("too large") {
            return error;
        }
        let most = n_queens_count::APPROACHES.iter().map(|approach| approach.max_n).max().unwrap_or(0);
        format!("n = {} is too large: no approach counts past n = {most}", text.trim_start_matches('+'))
    })
}

/// Parses `--threads`: a whole number, 0 or more.
fn parse_threads(text: &str) -> Result<usize, String> {
    let threads = crate::common::parse_whole("--threads", text, 0)?;
    usize::try_from(threads).map_err(|_| format!("--threads {text} is too large: at most {}", usize::MAX))
}

/// A count expected to take longer than this is announced on stderr first.
const ANNOUNCE: f64 = 60.0;

/// A count expected to take longer than this shows its progress (on a terminal).
const SHOW_PROGRESS: f64 = 1.0;

/// Runs `queens count`: the library's count operation
/// ([`n_queens_count::operation`]), its refusals in the words of the
/// command's flags, and on a terminal its estimate and progress bar.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let n = args.n;
    let request = Request {
        n,
        approach: args.approach.as_deref(),
        unique: args.unique,
        threads: args.threads,
        part: args.part,
        memory_limit: args.memory,
        checkpoint: args.checkpoint.as_deref(),
    };
    let plan = operation::plan(&request).map_err(|error| refused(error, args))?;
    let asked = args.memory.is_some();
    if args.plan {
        return plan_table(&plan, asked, out);
    }
    if let (Some(line), Some(path)) = (plan.checkpoint().and_then(Checkpoint::dropped), &args.checkpoint) {
        say(format_args!(
            "note: {}: line {line}, the last, was a record cut short (a crash or a full disk while \
             writing it): dropped, and its unit counted again",
            crate::common::escaped(&path.display().to_string())
        ));
    }

    let on_terminal = std::io::stderr().is_terminal();
    check_memory(on_terminal, || plan.memory(None)).map_err(|error| memory_hint(error, asked))?;
    let estimate = watched_estimate(on_terminal, n, plan.speedup(), |k| {
        let start = Instant::now();
        let _ = std::hint::black_box(plan.smaller(k).map(|smaller| smaller.run(&Quiet)));
        start.elapsed()
    });
    let name = plan.approach().name;
    if let Some(estimate) = estimate.filter(|estimate| estimate.seconds > ANNOUNCE) {
        say(announcement(n, name, &estimate));
    }
    let bar = estimate.filter(|estimate| estimate.seconds > SHOW_PROGRESS).map(|estimate| {
        let bar =
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_prefix(format!("n = {n} {name}"));
        bar.set_style(waiting_style(estimate.seconds));
        bar.enable_steady_tick(Duration::from_millis(200));
        (bar, estimate.seconds)
    });
    let shown = Shown { bar, most_done: Mutex::new(0) };
    let counted = plan.run(&shown);
    if let Some((bar, _)) = &shown.bar {
        bar.finish_and_clear();
    }
    let counted = counted.map_err(|error| memory_hint(error, asked))?;
    if plan.part().of() == 1 && !plan.unique() {
        known_or_refused(n, counted, plan.finished(), args.checkpoint.as_deref())?;
    }
    match args.part {
        Some(part) => writeln!(out, "{}", PartCount { n, part, count: counted })?,
        None => writeln!(out, "{counted}")?,
    }
    Ok(())
}

/// A refused plan, in the words of the command's flags.
fn refused(error: PlanError, args: &Args) -> Failure {
    let path =
        || crate::common::escaped(&args.checkpoint.as_deref().unwrap_or_else(|| "".as_ref()).display().to_string());
    match error {
        PlanError::Count(error) => Failure::refused(error),
        PlanError::Threads { approach, threads } => Failure::usage(format!(
            "`{approach}` counts on one thread, so --threads {threads} does not apply; the approaches that use threads: {}",
            counting::names(|approach| approach.threads)
        )),
        PlanError::UnitsOnly { asked, .. } => units_only(match asked {
            UnitsOnly::Part => "--part",
            UnitsOnly::Checkpoint => "--checkpoint",
            UnitsOnly::MemoryLimit => "--memory",
        }),
        PlanError::MoreThanMachine { asked, machine } => more_than_machine(asked, machine),
        PlanError::CheckpointIsOutput => Failure::usage(format!(
            "{}: the checkpoint file is this command's stdout or stderr; give a file of its own",
            path()
        )),
        PlanError::Checkpoint(quarters::CheckpointError::Io(error)) => Failure::Failed(format!("{}: {error}", path())),
        PlanError::Checkpoint(refused) => Failure::usage(format!("{}: {refused}", path())),
    }
}

/// `flag` refused for an approach that does not count in units: it acts on
/// the total of those that do, and is refused elsewhere rather than
/// silently ignored.
fn units_only(flag: &str) -> Failure {
    let names: Vec<&str> = n_queens_count::APPROACHES
        .iter()
        .filter(|approach| approach.units.is_some())
        .map(|approach| approach.name)
        .collect();
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    Failure::usage(format!(
        "{flag} applies to {} counting all boards, not to this count (without --unique, --approach {})",
        quoted.join(" or "),
        names.join(" or --approach ")
    ))
}

/// What a count tells as it runs, as `queens count` shows it: a progress
/// bar on a terminal, for a count estimated to take long enough; a failed
/// record of the checkpoint file always.
struct Shown {
    /// The bar and the estimate it started from, in seconds.
    bar: Option<(ProgressBar, f64)>,
    /// The most tasks done any thread has told.
    most_done: Mutex<u64>,
}

impl Progress for Shown {
    fn tasks(&self, done: u64, total: u64) {
        let Some((bar, estimate)) = &self.bar else { return };
        if bar.length() != Some(total) {
            bar.set_length(total);
            bar.set_style(tasks_style(*estimate, TASKS_TEMPLATE));
        }
        // Threads report out of order: show the most done any has said.
        let mut most_done = self.most_done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if done > *most_done {
            *most_done = done;
            bar.set_position(done);
        }
    }

    fn follows_tasks(&self) -> bool {
        self.bar.is_some()
    }

    /// The pass, where a count has more than one: "pass K/N" in place of the bar.
    fn pass(&self, number: usize, passes: usize) {
        if let Some((bar, estimate)) = &self.bar
            && passes > 1
        {
            if number == 1 {
                bar.set_style(tasks_style(*estimate, PASSES_TEMPLATE));
            }
            bar.set_message(format!("{number}/{passes}"));
        }
    }

    fn record_failed(&self, error: &std::io::Error) {
        say(format_args!(
            "warning: the checkpoint file: {error}; it keeps every whole record, the count goes on \
             and records what it can, and a resume counts again the units it lacks"
        ));
    }
}

/// A whole count that OEIS A000170 knows is checked against it: another
/// total is never printed, but refused, naming what the count read (the
/// checkpoint file and its records), which is left as it is.
fn known_or_refused(
    n: u32,
    counted: u64,
    finished: &std::collections::BTreeMap<Unit, u64>,
    checkpoint: Option<&std::path::Path>,
) -> Outcome {
    let Some(&known) = n_queens_steps::oeis::A000170.get(n as usize) else { return Ok(()) };
    if counted == known {
        return Ok(());
    }
    let read = match checkpoint {
        Some(path) => {
            let recorded: u128 = finished.values().map(|&count| u128::from(count)).sum();
            format!(
                "it added the {} units recorded in the checkpoint file {} (their counts add up to {recorded}) \
                 to those it counted now; a record there is wrong though its check holds (changed, and its \
                 check made anew): the file is left as it is, for you to inspect; move it aside and count again",
                finished.len(),
                crate::common::escaped(&path.display().to_string())
            )
        }
        None => "it read no checkpoint: a fault of this machine or of the program; count again".to_string(),
    };
    Err(Failure::Failed(format!(
        "the count of n = {n} came out {counted}, but OEIS A000170 gives {known}: not printed; {read}"
    )))
}

/// `--plan`, for an approach that counts in units (else refused): its
/// memory plan, then the schedule model's table, one row per thread count:
/// the speed-up of the split the count uses (`*`) and of the other one.
fn plan_table(plan: &Plan, asked: bool, out: &mut impl Write) -> Outcome {
    let n = plan.n();
    // The memory plan first, on one thread as the timing runs: the timing
    // counts all of n, which takes long.
    let Some(planned) = plan.memory(Some(1)) else { return Err(units_only("--plan")) };
    let planned = planned.map_err(|error| memory_hint(error, asked))?;
    writeln!(out, "{}", plan_lines(n, plan.memory_limit(), &planned))?;
    out.flush()?;
    let timings = plan.time_units().expect("an approach that plans its units times them");
    let timings = timings.map_err(|error| memory_hint(error, asked))?;
    if timings.units() == 0 {
        writeln!(out, "n = {n}: counted at once (count {}), no units to share among threads", timings.count)?;
        return Ok(());
    }
    let one = timings.one_thread();
    writeln!(out, "n = {n}: {} units, {one:.3} s on one thread (count {})", timings.units(), timings.count)?;
    writeln!(out, "{:>7}  {:>10}  {:>9}  {:>9}", "threads", "predicted", "by task", "by start")?;
    for threads in [1, 2, 4, 8, 16, 32, 64] {
        let chosen = timings.predict(threads).map_err(|error| memory_hint(error, asked))?;
        let (task_mark, start_mark) = if chosen.by_start { (" ", "*") } else { ("*", " ") };
        let by_task = timings.predict_split(threads, Some(false)).map_err(Failure::refused)?.speedup;
        let by_start = timings.predict_split(threads, Some(true)).map_err(Failure::refused)?.speedup;
        let seconds = chosen.seconds;
        writeln!(out, "{threads:>7}  {seconds:>8.3} s  {by_task:>7.2}×{task_mark}  {by_start:>7.2}×{start_mark}")?;
    }
    Ok(())
}

/// The memory plan, in three lines of at most 80 columns: the pieces and
/// passes, the table and the batches, then the bytes by what holds them.
fn plan_lines(n: u32, limit: u64, planned: &MemoryPlan) -> String {
    let pieces = match planned.pieces {
        1 => "whole starts".to_string(),
        pieces => format!("{pieces}×{pieces} pieces a start"),
    };
    let table = if planned.table_once { "the quarter table built once" } else { "a quarter table for each pass" };
    let batches = match planned.caps {
        None => "each thread holds a task's patterns at once".to_string(),
        Some(cap) => format!("each thread holds {cap} patterns of a half at once"),
    };
    let memory = planned.memory;
    let passes = match planned.passes {
        1 => "1 pass".to_string(),
        passes => format!("{passes} passes"),
    };
    format!(
        "n = {n} within {}: {pieces}, {passes}\n{table}; {batches}\n\
         at most {}: fixed {}, table {}, views {}, threads {}",
        bytes(limit),
        bytes(memory.total()),
        bytes(memory.fixed),
        bytes(memory.table),
        bytes(memory.views),
        bytes(memory.workers),
    )
}

/// Bytes in three digits and a unit, K, M, G or T (powers of 1024, as
/// `--memory` takes them): `715K`, `1.43M`, `8.00G`.
fn bytes(bytes: u64) -> String {
    let units = [(1u64 << 40, "T"), (1 << 30, "G"), (1 << 20, "M"), (1 << 10, "K")];
    match units.into_iter().find(|&(size, _)| bytes >= size) {
        Some((size, unit)) => {
            let value = bytes as f64 / size as f64;
            let decimals = usize::from(value < 100.0) + usize::from(value < 10.0);
            format!("{value:.decimals$}{unit}")
        }
        None => format!("{bytes}B"),
    }
}

/// On a terminal, a count the approach's memory refuses is refused before
/// the estimate and the announcement, which take time; without one, the
/// count's own check refuses it, and nothing is done twice: `memory` (the
/// plan's, [`Plan::memory`]) is not even asked.
fn check_memory(
    on_terminal: bool,
    memory: impl FnOnce() -> Option<Result<MemoryPlan, CountError>>,
) -> Result<(), CountError> {
    match on_terminal.then(memory).flatten() {
        Some(memory) => memory.map(|_| ()),
        None => Ok(()),
    }
}

/// The estimate of a count, only where someone will read it: with stderr
/// not a terminal nothing is timed, and the count is all the command does.
fn watched_estimate(on_terminal: bool, n: u32, speedup: f64, time_at: impl FnMut(u32) -> Duration) -> Option<Estimate> {
    on_terminal.then(|| timing::estimate(n, speedup, time_at)).flatten()
}

/// The line that warns of a long count before it starts.
fn announcement(n: u32, name: &str, estimate: &Estimate) -> String {
    format!(
        "n = {n}, {name}: about {} (timed at n = {}); Ctrl-C stops it",
        timing::human(estimate.seconds),
        estimate.measured_n,
    )
}

/// The progress line before the first task is done: the spinner, the time
/// so far, what is counted, and the estimate, in at most 79 columns.
fn waiting_style(estimate: f64) -> ProgressStyle {
    let template = format!("{{spinner}} {{elapsed_precise}} {{prefix}}, about {} in all", timing::human(estimate));
    ProgressStyle::with_template(&template).expect("a valid template")
}

/// The progress line once the tasks are known: a bar of the tasks done and
/// the time left ([`time_left`]).
const TASKS_TEMPLATE: &str = "{spinner} {elapsed_precise} {prefix} [{bar:12}] {pos}/{len}, {left} left";

/// The progress line of a count in passes: the pass in place of the bar.
const PASSES_TEMPLATE: &str = "{spinner} {elapsed_precise} {prefix} {pos}/{len}, {left} left, pass {msg}";

/// The style of [`TASKS_TEMPLATE`] or [`PASSES_TEMPLATE`].
fn tasks_style(estimate: f64, template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).expect("a valid template").progress_chars("#>-").with_key(
        "left",
        move |state: &ProgressState, out: &mut dyn fmt::Write| {
            let (done, total) = (state.pos(), state.len().unwrap_or(0));
            let _ = write!(out, "{}", timing::human(time_left(estimate, state.elapsed().as_secs_f64(), done, total)));
        },
    )
}

/// The time left, in seconds, after `elapsed` seconds with `done` of `total`
/// tasks done, for a count estimated at `estimate` seconds in all: the share
/// of tasks left of a total that blends the estimate and the rate so far by
/// the share done. So the first value follows on from the estimate shown
/// before it, however long the first task took (an approach may build
/// tables before it starts).
fn time_left(estimate: f64, elapsed: f64, done: u64, total: u64) -> f64 {
    if total == 0 {
        return (estimate - elapsed).max(0.0);
    }
    let share_done = done.min(total) as f64 / total as f64;
    let projected_total = (1.0 - share_done) * estimate + elapsed;
    (1.0 - share_done) * projected_total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a terminal, an n too large for the tables is refused before the
    /// estimate; without one, the count itself refuses it.
    #[test]
    fn memory_refusal_comes_before_the_estimate() {
        let planned = |n, threads| {
            let in_units = n_queens_count::APPROACHES.iter().find(|approach| approach.units.is_some());
            let approach = in_units.map(|approach| approach.name);
            operation::plan(&Request { n, approach, threads, ..Request::default() }).expect("a plan")
        };
        match check_memory(true, || planned(32, None).memory(None)) {
            Err(CountError::MemoryLimit { n: 32, .. }) => {}
            other => panic!("expected the memory refusal, got {other:?}"),
        }
        assert_eq!(check_memory(false, || panic!("a memory plan for nobody")), Ok(()));
        assert_eq!(check_memory(true, || planned(16, Some(500)).memory(None)), Ok(()));
    }

    /// Without a terminal, nobody sees an estimate: nothing is timed.
    #[test]
    fn no_estimate_without_a_terminal() {
        let estimate = watched_estimate(false, 20, 1.0, |k| panic!("timed n = {k} for nobody"));
        assert_eq!(estimate, None);
        let on_terminal = watched_estimate(true, 20, 1.0, |_| Duration::from_millis(300));
        assert!(on_terminal.is_some_and(|estimate| estimate.seconds > ANNOUNCE));
    }

    /// The first time left follows on from the estimate, however long the
    /// first task took; a right estimate stays right; at the end the rate
    /// alone counts.
    #[test]
    fn the_time_left_follows_on_from_the_estimate() {
        // Estimated 9 s; the first of 860 tasks done after 3 s of tables.
        let first = time_left(9.0, 3.0, 1, 860);
        assert!(first <= 9.0 + 3.0, "{first}");
        assert!(first >= 9.0 * 0.9, "{first}");
        for done in [1, 100, 430, 859] {
            let elapsed = 9.0 * done as f64 / 860.0;
            let left = time_left(9.0, elapsed, done, 860);
            assert!((left - (9.0 - elapsed)).abs() < 1e-9, "{done}: {left}");
        }
        assert_eq!(time_left(9.0, 20.0, 860, 860), 0.0);
        assert_eq!(time_left(9.0, 2.0, 0, 0), 7.0);
    }

    /// The progress line stays one row on an 80-column terminal at its
    /// widest: the longest approach name, n = 32, six-digit task counts, a
    /// bar, and a time left of years.
    #[test]
    fn the_progress_line_fits_79_columns() {
        let longest = n_queens_count::APPROACHES.iter().map(|approach| approach.name.len()).max().unwrap();
        let prefix = format!("n = 32 {}", "x".repeat(longest));
        let years = timing::human(1e9 * 3.2e7);
        let [tasks, passes] = [TASKS_TEMPLATE, PASSES_TEMPLATE].map(|template| {
            template
                .replace("{bar:12}", &"#".repeat(12))
                .replace("{pos}", "999999")
                .replace("{len}", "999999")
                .replace("{left}", &years)
                .replace("{msg}", "9999/9999")
        });
        for line in [tasks, passes, format!("{{spinner}} {{elapsed_precise}} {{prefix}}, about {years} in all")] {
            let line =
                line.replace("{spinner}", "x").replace("{elapsed_precise}", "99:59:59").replace("{prefix}", &prefix);
            assert!(!line.contains('{'), "{line}");
            assert!(line.chars().count() <= 79, "{} columns: {line}", line.chars().count());
        }
    }

    #[test]
    fn the_announcement_says_how_long_and_how_to_stop() {
        let estimate = Estimate { measured_n: 15, seconds: 7200.0 };
        assert_eq!(
            announcement(18, "bitmask", &estimate),
            "n = 18, bitmask: about 2.00 hours (timed at n = 15); Ctrl-C stops it"
        );
        // The widest: the longest name, two-digit sizes, the longest time.
        let longest = n_queens_count::APPROACHES.iter().map(|approach| approach.name).max_by_key(|name| name.len());
        let estimate = Estimate { measured_n: 31, seconds: 999_999.0 * 3.2e7 };
        let line = announcement(32, longest.unwrap(), &estimate);
        assert!(line.chars().count() <= crate::common::WIDTH, "{} columns: {line}", line.chars().count());
    }
}
