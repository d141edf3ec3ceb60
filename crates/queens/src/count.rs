//! `queens count N`: the number of boards as a 64-bit number, alone on
//! stdout so that scripts can read it. On a terminal, stderr shows a progress
//! bar with the time left for long counts; a count that would take more than
//! a minute says so before it starts, from the time measured on smaller n.
//! Ctrl-C stops it: the default signal handling ends the process at once.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::library;
use crate::timing::{self, Estimate};
use crate::{Outcome, parse_n, say};

/// Arguments of `queens count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board: n queens on an n×n board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: u32,
    /// The LeetCode 52 approach to count with (see `queens list`); the fastest when left out.
    #[arg(long, value_name = "NAME")]
    pub approach: Option<String>,
    /// Threads for the approaches that use them (0: every core); the others run on one.
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub threads: usize,
    /// Count one board per class of boards equal under rotations and reflections (OEIS A002562).
    #[arg(long)]
    pub unique: bool,
}

/// A count expected to take longer than this is announced on stderr first.
const ANNOUNCE: f64 = 60.0;

/// A count expected to take longer than this gets a progress bar (on a terminal).
const SHOW_PROGRESS: f64 = 1.0;

/// The smallest n measured for the estimate: below it everything is noise.
const FIRST_MEASURED_N: u32 = 4;

/// Runs `queens count`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let (n, name, unique, threads) = (args.n, args.approach.as_deref(), args.unique, args.threads);
    library::check_count(name, n, unique)?;
    let label = name.unwrap_or(n_queens_ii::counting::FASTEST);

    // Time smaller n with the same approach and options, and extrapolate.
    let estimate = timing::estimate(n, FIRST_MEASURED_N, |k| library::count(name, k, unique, threads, None));
    if let Some(estimate) = estimate.filter(|estimate| estimate.seconds > ANNOUNCE) {
        say(announcement(n, label, &estimate));
    }

    let long = estimate.is_some_and(|estimate| estimate.seconds > SHOW_PROGRESS);
    let bar = if long && std::io::stderr().is_terminal() { Some(progress_bar(n, label, estimate)) } else { None };
    let switched_to_bar = AtomicBool::new(false);
    let report = |done: u64, total: u64| {
        if let Some(bar) = &bar {
            // The bar (and its time left) from the first finished task on:
            // with none done there is no rate to go by.
            if done > 0 && !switched_to_bar.swap(true, Ordering::Relaxed) {
                bar.set_style(bar_style());
            }
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    let progress: Option<library::Progress> = if bar.is_some() { Some(&report) } else { None };
    let counted = library::count(name, n, unique, threads, progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    writeln!(out, "{}", counted?)?;
    Ok(())
}

/// The line that warns of a long count before it starts.
fn announcement(n: u32, label: &str, estimate: &Estimate) -> String {
    format!(
        "queens: counting n = {n} with {label} should take about {} (n = {} took {}, ×{:.1} per n); Ctrl-C stops it",
        timing::human(estimate.seconds),
        estimate.measured_n,
        timing::human(estimate.measured.as_secs_f64()),
        estimate.growth
    )
}

/// A spinner with the elapsed time and the estimate; it becomes a bar with
/// the time left as soon as the counter reports its progress.
fn progress_bar(n: u32, label: &str, estimate: Option<Estimate>) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let guess =
        estimate.map_or(String::new(), |estimate| format!(", about {} in all", timing::human(estimate.seconds)));
    let style =
        ProgressStyle::with_template(&format!("{{spinner}} counting n = {n} with {label}: {{elapsed_precise}}{guess}"))
            .expect("a valid template");
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The bar once the counter reports (tasks done, tasks total).
fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{bar:40} {pos}/{len} tasks, {elapsed_precise} elapsed, about {eta} left")
        .expect("a valid template")
}
