//! `queens compare`: every approach of one problem over increasing n, each
//! until it has spent its time budget, in a table of times: n down,
//! approaches across, within 80 columns (as many tables as that takes). The
//! approaches are measured interleaved, n by n, so that a change in the
//! machine's load touches them all alike.

use std::io::{self, Write};
use std::ops::Range;

use n_queens::BoardSource;
use n_queens_count::REFERENCE;
use n_queens_count::counting::{self, Options};

use crate::common::{Failure, Outcome, Problem, WIDTH, parse_n, problem_parser};
use crate::timing::{self, time_per_call};

/// Arguments of `queens compare`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem: 51 (every board) or 52 (the count).
    #[arg(long, value_parser = problem_parser(), default_value = Problem::NQueensII.number())]
    pub problem: Problem,
    /// The largest n to run (each approach also stops at its own range).
    #[arg(long, value_name = "N", value_parser = parse_n, allow_hyphen_values = true)]
    pub max_n: Option<u32>,
    /// Seconds each approach may spend in all, from 0.001 to 3600; it stops once past them.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = parse_budget, allow_hyphen_values = true)]
    pub budget: f64,
    /// Print the table as Markdown, ready for the docs: each time with its ratio to bitmask's.
    #[arg(long)]
    pub markdown: bool,
    /// Add each time's ratio to bitmask's (wider than 80 columns).
    #[arg(long)]
    pub wide: bool,
}

/// The width of the column of n.
const FIRST_COLUMN: usize = 3;

/// The first n of the table: below it every approach takes microseconds.
const FIRST_N: u32 = 6;

/// The range of `--budget`, in seconds: below a millisecond nothing is
/// measured twice; past an hour a table takes most of a day.
const BUDGET_RANGE: (f64, f64) = (0.001, 3600.0);

/// Parses `--budget`: seconds, within [`BUDGET_RANGE`].
fn parse_budget(text: &str) -> Result<f64, String> {
    let (low, high) = BUDGET_RANGE;
    match text.parse::<f64>() {
        Ok(seconds) if (low..=high).contains(&seconds) => Ok(seconds),
        _ => Err(format!("--budget must be a number of seconds from {low} to {high} (got {text:?})")),
    }
}

/// One approach under measurement.
struct Runner {
    name: &'static str,
    max_n: u32,
    /// One call for n; `false` if the approach refused it.
    run: Box<dyn Fn(u32) -> bool>,
    /// Seconds spent so far, and the last two times (for the growth).
    spent: f64,
    last: Option<f64>,
    growth: f64,
    done: bool,
}

/// Runs `queens compare`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let mut runners = runners(args.problem);
    let max_n = args.max_n.unwrap_or(u32::MAX).min(runners.iter().map(|runner| runner.max_n).max().unwrap_or(0));
    if max_n < FIRST_N {
        return Err(Failure::usage(format!(
            "--max-n must be at least {FIRST_N}: below it every approach takes microseconds"
        )));
    }
    let names: Vec<&str> = runners.iter().map(|runner| runner.name).collect();
    let with_ratios = args.wide || args.markdown;
    let cell = if with_ratios { WIDE_CELL } else { CELL };
    let widths: Vec<usize> =
        names.iter().map(|name| heading(name).iter().map(|part| part.len()).max().unwrap_or(0).max(cell)).collect();
    // Plain times fit 80 columns: as many approaches as fit in each table,
    // the first written as it is measured, the others once it is done.
    let groups = if with_ratios { std::iter::once(0..names.len()).collect() } else { groups(&widths) };
    if !args.markdown {
        writeln!(out, "{} ({}): the time of one call, n by n.", args.problem, args.problem.answer())?;
        writeln!(out, "Each approach stops once past {} in all.", timing::human(args.budget))?;
        writeln!(out)?;
    }
    write_headings(out, args.markdown, &names[groups[0].clone()], &widths[groups[0].clone()])?;
    let mut later: Vec<Vec<u8>> = vec![Vec::new(); groups.len() - 1];

    for n in FIRST_N..=max_n {
        let times: Vec<Option<f64>> = runners.iter_mut().map(|runner| runner.measure(n, args.budget)).collect();
        if times.iter().all(Option::is_none) {
            break;
        }
        let reference = names.iter().position(|&name| name == REFERENCE).and_then(|index| times[index]);
        let cells: Vec<String> = times
            .iter()
            .map(|time| match (time, reference) {
                (Some(time), Some(reference)) if with_ratios => {
                    format!("{} {}", timing::human(*time), timing::ratio(time / reference))
                }
                (Some(time), _) => timing::human(*time),
                (None, _) => String::new(),
            })
            .collect();
        let n = n.to_string();
        write_row(out, args.markdown, &n, &cells[groups[0].clone()], &widths[groups[0].clone()])?;
        for (group, rows) in groups[1..].iter().zip(&mut later) {
            write_row(rows, false, &n, &cells[group.clone()], &widths[group.clone()])?;
        }
        out.flush()?;
    }
    for (group, rows) in groups[1..].iter().zip(later) {
        writeln!(out)?;
        write_headings(out, false, &names[group.clone()], &widths[group.clone()])?;
        out.write_all(&rows)?;
    }
    if !args.markdown {
        writeln!(out)?;
        if with_ratios {
            writeln!(out, "Each cell: the time of one call, then its ratio to {REFERENCE}'s (below 1: faster).")?;
        } else {
            writeln!(out, "Each cell: the time of one call; --wide adds its ratio to {REFERENCE}'s.")?;
        }
        writeln!(out, "An empty cell: past the approach's range or its budget of {}.", timing::human(args.budget))?;
    }
    Ok(())
}

// The width of a cell with a time only (`timing::human`: four characters
// of number, a space and a two-letter unit; `min` is one wider), and with
// its ratio too (a space and up to seven characters); a column is as wide
// as its heading if that is wider.
const CELL: usize = 7;
const WIDE_CELL: usize = 15;

/// The most a time may grow from n to n + 1 in the prediction: the chain's
/// searches grow about 5 to 8 times a step.
const MAX_GROWTH: f64 = 16.0;

impl Runner {
    /// Times one call for n, unless the approach is done: out of range, past
    /// its budget, or about to go far past it (the next n is predicted from
    /// the last time and the growth).
    fn measure(&mut self, n: u32, budget: f64) -> Option<f64> {
        let too_far = self.last.is_some_and(|last| self.spent + last * self.growth > 2.0 * budget);
        if self.done || n > self.max_n || too_far {
            self.done = true;
            return None;
        }
        let mut answered = true;
        let seconds = time_per_call(|| answered &= (self.run)(n)).as_secs_f64();
        if !answered {
            // Refused (a memory limit): no time to show.
            self.done = true;
            return None;
        }
        if let Some(last) = self.last.filter(|&last| last > 0.0) {
            // One noisy call (a thread slow to start) must not end an
            // approach: no search grows faster than this from n to n + 1.
            self.growth = (seconds / last).clamp(1.0, MAX_GROWTH);
        }
        self.last = Some(seconds);
        self.spent += seconds;
        self.done = self.spent > budget;
        Some(seconds)
    }
}

/// The approaches of `problem`, in chain order, ready to time.
fn runners(problem: Problem) -> Vec<Runner> {
    let runner = |name, max_n, run| Runner { name, max_n, run, spent: 0.0, last: None, growth: 1.0, done: false };
    match problem {
        Problem::NQueens => n_queens::APPROACHES
            .iter()
            .map(|approach| {
                // Every board at once, as the judge's signature returns them;
                // `measure` stops at the source's range before the call.
                let solve = approach.solve;
                let run: Box<dyn Fn(u32) -> bool> = Box::new(move |n| {
                    drop(std::hint::black_box(solve(n as i32)));
                    true
                });
                runner(approach.name, BoardSource::Approach(approach).max_n(), run)
            })
            .collect(),
        Problem::NQueensII => n_queens_count::APPROACHES
            .iter()
            .map(|approach| {
                let name = approach.name;
                let run: Box<dyn Fn(u32) -> bool> =
                    Box::new(move |n| std::hint::black_box(counting::total_with(name, n, &Options::default())).is_ok());
                runner(name, approach.max_n, run)
            })
            .collect(),
    }
}

/// The columns of each table, as many in each as fit [`WIDTH`] beside `n`.
fn groups(widths: &[usize]) -> Vec<Range<usize>> {
    let mut groups: Vec<Range<usize>> = Vec::new();
    // Past the line: the first column starts a table.
    let mut used = WIDTH;
    for (index, width) in widths.iter().enumerate() {
        match groups.last_mut() {
            Some(last) if used + 2 + width <= WIDTH => last.end = index + 1,
            _ => {
                groups.push(index..index + 1);
                used = FIRST_COLUMN;
            }
        }
        used += 2 + width;
    }
    groups
}

/// The column headings.
fn write_headings(out: &mut impl Write, markdown: bool, names: &[&str], widths: &[usize]) -> io::Result<()> {
    if markdown {
        let headings: Vec<String> = names.iter().map(|name| name.to_string()).collect();
        write_row(out, true, "n", &headings, widths)?;
        return writeln!(out, "|---:|{}", "---:|".repeat(names.len()));
    }
    // Two lines, each name broken after its `_`, so that the columns are
    // as narrow as their times.
    let parts: Vec<[&str; 2]> = names.iter().map(|name| heading(name)).collect();
    if parts.iter().any(|part| !part[1].is_empty()) {
        let first = parts.iter().map(|part| if part[1].is_empty() { "" } else { part[0] }).map(String::from);
        write_row(out, false, "", &first.collect::<Vec<_>>(), widths)?;
    }
    let last = parts.iter().map(|part| if part[1].is_empty() { part[0] } else { part[1] }).map(String::from);
    write_row(out, false, "n", &last.collect::<Vec<_>>(), widths)
}

/// A heading in two parts, broken after the `_` of a name that has one
/// (`["three_", "arrays"]`); `[name, ""]` otherwise.
fn heading(name: &str) -> [&str; 2] {
    match name.find('_') {
        Some(index) => [&name[..=index], &name[index + 1..]],
        None => [name, ""],
    }
}

/// One row: Markdown, or plain columns of `widths`, right-aligned, two
/// spaces apart.
fn write_row(out: &mut impl Write, markdown: bool, first: &str, cells: &[String], widths: &[usize]) -> io::Result<()> {
    if markdown {
        writeln!(out, "| {first} | {} |", cells.join(" | "))
    } else {
        let mut line = format!("{first:>FIRST_COLUMN$}");
        for (cell, &width) in cells.iter().zip(widths) {
            line.push_str(&format!("  {cell:>width$}"));
        }
        writeln!(out, "{}", line.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nine columns of 8 do not fit 80 beside n: seven, then two.
    #[test]
    fn the_columns_are_cut_into_tables_that_fit() {
        assert_eq!(groups(&[7; 8]), vec![0..8; 1], "eight columns of 7 fit");
        assert_eq!(groups(&[8; 9]), [0..7, 7..9]);
        assert_eq!(groups(&[90, 7]), [0..1, 1..2], "a column wider than the line has a table of its own");
    }
}
