//! `queens` (or `queens tour N`): the whole story on one screen. Every
//! approach of both problems, in chain order, on the same n: its answer, the
//! time of one call, and the speed-up over the first step, board_scan. Then
//! one board, and where to go next.

use std::io::Write;

use n_queens::BoardSource;
use n_queens_ii::counting::{self, Options};

use crate::draw::{self, Format, Glyphs};
use crate::timing::{self, time_per_call};
use crate::{Outcome, parse_n};

/// The largest n of the tour: it times board_scan too, which takes seconds
/// past n = 12. `queens compare` and `queens count` go further.
pub const TOUR_MAX_N: u32 = 12;

/// The tour's n when none is given, and the smallest whose times it trusts:
/// below it a search is short enough that, called over and over to be
/// timed, the processor learns its branches and it runs faster than it would
/// once (and below n = 10 a call takes only microseconds).
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
        return Err(format!(
            "the tour times every approach, {first} included, so it takes n <= {TOUR_MAX_N} (n = {n} asked); \
             try queens count {n} or queens compare"
        )
        .into());
    }
    let known = n_queens_facts::oeis::A000170[n as usize]; // n <= TOUR_MAX_N, in the table
    writeln!(
        out,
        "N-Queens, n = {n}: {} (OEIS A000170). Time of one call; speed-up over {first}.",
        plural(known, "board", "boards")
    )?;
    if n < DEFAULT_N {
        writeln!(
            out,
            "(Below n = {DEFAULT_N} the times are too small to compare the steps by: try the default, n = {DEFAULT_N}.)"
        )?;
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

    match BoardSource::default().boards(n)?.next() {
        Some(board) => {
            let lead = match known {
                1 => format!("The only board for n = {n}:"),
                _ => format!("The first of the {known} boards (queens boards {n} draws them all):"),
            };
            writeln!(out, "{lead}")?;
            draw::write_board(out, board.columns(), Format::Board, Glyphs::pick(args.ascii))?;
        }
        None => writeln!(out, "n = {n} has no board: no placement escapes every attack.\n")?,
    }

    writeln!(out, "Where next:")?;
    for (command, what) in [
        ("queens list", "every approach: its idea, whether it pastes into the judge"),
        ("queens boards 8 --limit 3", "draw boards (--format rows|columns, --unique)"),
        ("queens count 18", "count a larger n with the fastest counter"),
        ("queens compare", "time every approach over growing n"),
        ("queens paste 52 bitmask", "judge-ready code: pipe it to xclip -selection clipboard"),
        ("README.md, cargo doc --open", "each step's idea, what it changed, its cost"),
    ] {
        writeln!(out, "  {command:<29} {what}")?;
    }
    Ok(())
}

/// The widths of the table's columns: the approach, then for each problem,
/// [`GAP`] spaces after the one before, its answer, time and speed-up one
/// space apart.
const APPROACH: usize = 14;
/// See [`APPROACH`].
const ANSWER: usize = 8;
/// See [`APPROACH`].
const TIME: usize = 9;
/// See [`APPROACH`].
const SPEEDUP: usize = 9;
/// See [`APPROACH`].
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

/// `1 board`, `92 boards`.
fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The approach names of both problems, in chain order: LeetCode 51's, with
/// each LeetCode 52 approach not in it placed after its predecessor in 52.
fn chain_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = n_queens::APPROACHES.iter().map(|approach| approach.name).collect();
    let mut after = 0;
    for approach in n_queens_ii::APPROACHES {
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
        for approach in n_queens::APPROACHES {
            assert_eq!(names.iter().filter(|&&name| name == approach.name).count(), 1, "{}", approach.name);
        }
        for approach in n_queens_ii::APPROACHES {
            assert_eq!(names.iter().filter(|&&name| name == approach.name).count(), 1, "{}", approach.name);
        }
        assert_eq!(names[0], "board_scan");
    }
}
