//! `queens` (or `queens tour N`): the whole story on one screen. Every
//! approach of both problems, in chain order, on the same n: its answer, the
//! time of one call, and the speed-up over the first step, board_scan. Then
//! one board, and where to go next.

use std::io::Write;

use n_queens::BoardSource;
use n_queens_count::counting::{self, Options};
use n_queens_count::operation;

use crate::common::{Failure, Outcome, RUN, parse_n};
use crate::draw::{self, Format, Glyphs};
use crate::timing::{self, time_per_call};

/// The largest n of the tour: it times board_scan too, which takes seconds
/// past n = 12. `queens compare` and `queens count` go further.
pub const TOUR_MAX_N: u32 = 12;

/// The tour's n when none is given, and the smallest whose times it trusts:
/// below it a search timed over and over runs faster than once would, as
/// the processor learns its branches.
pub const DEFAULT_N: u32 = 12;

/// Arguments of `queens tour`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board: n queens on an n×n board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true, default_value_t = DEFAULT_N)]
    pub n: u32,
    /// Draw the board in plain ASCII (the default follows the locale).
    #[arg(long)]
    pub ascii: bool,
}

impl Default for Args {
    fn default() -> Args {
        Args { n: DEFAULT_N, ascii: false }
    }
}

/// One problem's cell of a row: the answer and the time of one call.
type Cell = Option<(u64, f64)>;

/// Runs the tour.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let n = args.n;
    let names = chain_names();
    let first = names[0];
    if n > TOUR_MAX_N {
        return Err(Failure::usage(format!(
            "the tour times every approach, {first} included, so it takes n <= {TOUR_MAX_N} (n = {n} asked); \
             try {}",
            further(n)
        )));
    }
    let known = n_queens_steps::oeis::A000170[n as usize]; // n <= TOUR_MAX_N, in the table
    let boards = if known == 1 { "board" } else { "boards" };
    writeln!(out, "N-Queens, n = {n}: {known} {boards} (OEIS A000170).")?;
    writeln!(out, "Each approach: its answer, the time of one call, its speed-up over {first}.")?;
    if n < DEFAULT_N {
        writeln!(out, "(Below n = {DEFAULT_N} the times are too small to compare: try n = {DEFAULT_N}.)")?;
    }
    writeln!(out)?;
    // Every cell right-aligned under its heading: the approach, then for
    // each problem its answer, time and speed-up.
    let group = ANSWER + 1 + TIME + 1 + SPEEDUP;
    let title = format!(
        "{:<APPROACH$}{:GAP$}{:^group$}{:GAP$}{:^group$}",
        "", "", "LeetCode 51: every board", "", "LeetCode 52: the count"
    );
    writeln!(out, "{}", title.trim_end())?;
    let headings = [["boards", "time", "speed-up"], ["count", "time", "speed-up"]];
    writeln!(out, "{}", row("approach", headings.map(|cells| cells.map(String::from))))?;
    out.flush()?;

    let mut baseline: [Option<f64>; 2] = [None, None];
    for name in names {
        let measured = [time_51(name, n), time_52(name, n)];
        let cells = [0, 1].map(|problem| match measured[problem] {
            Some((answer, seconds)) => {
                let base = *baseline[problem].get_or_insert(seconds);
                let mark = if answer == known { "" } else { "!" };
                [format!("{answer}{mark}"), timing::human(seconds), timing::ratio(base / seconds)]
            }
            None => ["-".to_string(), String::new(), String::new()],
        });
        writeln!(out, "{}", row(name, cells))?;
        out.flush()?;
    }
    writeln!(out)?;

    match BoardSource::default().boards(n).map_err(Failure::refused)?.next() {
        Some(board) => {
            let lead = match known {
                1 => format!("The only board for n = {n}:"),
                _ => format!("The first of the {known} boards ({RUN} boards {n}: all of them):"),
            };
            writeln!(out, "{lead}")?;
            draw::write_board(out, board.columns(), Format::Board, Glyphs::pick(args.ascii))?;
        }
        None => writeln!(out, "n = {n} has no board: no placement escapes every attack.\n")?,
    }

    writeln!(out, "Where next, from the workspace:")?;
    for (command, what) in WHERE_NEXT {
        let command = command.replace("RUN", RUN);
        writeln!(out, "  {command:<42} {what}")?;
    }
    Ok(())
}

/// The end of the tour: each command as it runs right after the README's
/// set-up (`RUN` stands for [`RUN`]), and what it shows.
const WHERE_NEXT: [(&str, &str); 8] = [
    ("RUN practice list", "write each step yourself"),
    ("RUN list", "every approach and its idea"),
    ("RUN boards 8 --limit 3", "draw boards; --unique, --format"),
    ("RUN count 18", "count a larger n, fastest counter"),
    ("RUN compare", "time each approach over growing n"),
    ("RUN paste 52 bitmask", "the text to paste into the judge"),
    ("RUN diff 52 bitmask", "what a step changes in the code"),
    ("docs/README.md", "each step's idea, what it buys"),
];

/// What goes past the tour's n: `count N` where `count N` takes that n on
/// this machine (its plan, within the default memory limit, as the count
/// plans before it counts), and `compare` always.
fn further(n: u32) -> String {
    let plan = operation::plan(&operation::Request { n, ..operation::Request::default() });
    let counts = plan.is_ok_and(|plan| plan.memory(None).is_none_or(|memory| memory.is_ok()));
    if counts { format!("`{RUN} count {n}` or `{RUN} compare`") } else { format!("`{RUN} compare`") }
}

// The widths of the table's columns: the approach, then for each problem,
// GAP spaces after the one before, its answer, time and speed-up one apart.
const APPROACH: usize = 14;
const ANSWER: usize = 8;
const TIME: usize = 9;
const SPEEDUP: usize = 9;
const GAP: usize = 2;

/// One line of the table: `name`, then each problem's three cells,
/// right-aligned in their columns.
fn row(name: &str, cells: [[String; 3]; 2]) -> String {
    let mut line = format!("{name:<APPROACH$}");
    for [answer, time, speedup] in cells {
        line.push_str(&format!("{:GAP$}{answer:>ANSWER$} {time:>TIME$} {speedup:>SPEEDUP$}", ""));
    }
    line.trim_end().to_string()
}

/// The approach names of both problems, in chain order: LeetCode 51's, with
/// each LeetCode 52 approach not in it placed after its predecessor in 52.
fn chain_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = n_queens::APPROACHES.iter().map(|approach| approach.name).collect();
    let mut after = 0;
    for approach in n_queens_count::APPROACHES {
        match names.iter().position(|&name| name == approach.name) {
            Some(index) => after = index + 1,
            None => {
                names.insert(after, approach.name);
                after += 1;
            }
        }
    }
    names
}

/// LeetCode 51's approach `name` on n: the number of boards and the time.
fn time_51(name: &str, n: u32) -> Cell {
    let approach = n_queens::approach(name)?;
    // n <= TOUR_MAX_N, within every approach's range (n <= 18).
    let boards = (approach.solve)(n as i32).len() as u64;
    Some((boards, time_per_call(|| (approach.solve)(n as i32)).as_secs_f64()))
}

/// LeetCode 52's approach `name` on n: the count and the time.
fn time_52(name: &str, n: u32) -> Cell {
    let count = || counting::total_with(name, n, &Options::default());
    let answer = count().ok()?;
    Some((answer, time_per_call(count).as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_holds_every_approach_of_both_problems_once() {
        let names = chain_names();
        let all = n_queens::APPROACHES.iter().map(|a| a.name).chain(n_queens_count::APPROACHES.iter().map(|a| a.name));
        for name in all {
            assert_eq!(names.iter().filter(|&&found| found == name).count(), 1, "{name}");
        }
        assert_eq!(names[0], "board_scan");
    }
}
