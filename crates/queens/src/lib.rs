//! `queens`: the N-Queens chain of approaches from the terminal; with no
//! arguments, the tour of n = 12.
//!
//! The approaches come from the crates' own lists and lookups
//! (`n_queens::BoardSource`, `n_queens_count::APPROACHES` and
//! `n_queens_count::counting`), so a new approach shows up in every
//! subcommand without a change here, and the libraries' own errors say what
//! is out of range. A wrong argument gets a one-line message and exit code
//! 2, before any long work starts; an error that is not the user's (a file
//! that cannot be read or written, a tool that cannot be started, a failed
//! write of the answer) gets exit code 1. Nothing written to stderr can
//! panic ([`say`]).

pub mod boards;
pub mod catalog;
pub mod compare;
pub mod count;
pub mod diff;
pub mod draw;
pub mod sum;
pub mod timing;
pub mod tour;

/// What the command shares with its applications: failures, width, parsers.
pub use queens_cli as common;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use common::{Failure, WIDTH, escaped, say};

/// The N-Queens puzzle, LeetCode 51 and 52, as a chain of approaches:
/// run with no arguments for the tour.
#[derive(Debug, Parser)]
#[command(name = "queens", version, about, after_help = AFTER_HELP, max_term_width = WIDTH)]
struct Cli {
    /// What to do; the tour of n = 12 when left out.
    #[command(subcommand)]
    command: Option<Command>,
}

/// The end of `queens --help`.
const AFTER_HELP: &str = "\
Examples, from the workspace (an installed `queens` takes the same arguments):
  cargo run --release                   the tour: every approach on n = 12
  cargo run --release -- boards 8 --limit 2
  cargo run --release -- boards 1000000 --approach construct --format columns
  cargo run --release -- count 16 --approach bitmask
  cargo run --release -- compare --problem 52 --max-n 14
  cargo run --release -- paste 52 bitmask | xclip -selection clipboard
  cargo run --release -- diff 52 three_arrays   what step 3 changes
  cargo run --release -- practice list  the practice ladder
  cargo run --release -- watch 6        watch a search run, event by event
The pages that explain each step: docs/README.md";

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Every approach of both problems on one n: answer, time, speed-up; then a board.
    Tour(tour::Args),
    /// Draw the boards for n (LeetCode 51).
    Boards(boards::Args),
    /// Count the boards for n (LeetCode 52), as a 64-bit number.
    Count(count::Args),
    /// Add up the outputs of `count N --part K/M`, checking that every part is there once.
    Sum(sum::Args),
    /// Time each approach over increasing n until it passes its time budget.
    Compare(compare::Args),
    /// Print an approach's judge-ready text, to paste into leetcode.com or leetcode.cn.
    Paste(catalog::PasteArgs),
    /// What a step changes in the code of the step it builds on, as a diff.
    Diff(diff::Args),
    /// Every approach of both problems, in order, with its idea and whether it is judge-ready.
    List,
    /// The practice ladder: write each step yourself, with the shared cases, hints and a reset.
    Practice(queens_practice::Args),
    /// Watch one step of the chain search, event by event, in a full-screen view.
    Watch(queens_watch::Args),
}

/// Runs the command line the process was given, as `main` does: parses
/// it, runs the command, says what failed, and gives the exit code.
pub fn run() -> ExitCode {
    // The libraries return errors for what is out of range; should a panic
    // still happen, the user sees one line, not a trace.
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let text = payload.downcast_ref::<&str>().copied().or(payload.downcast_ref::<String>().map(String::as_str));
        let message = text.unwrap_or("unknown error");
        say(format_args!("queens: internal error: {message}"));
    }));
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let outcome = match Cli::try_parse() {
        Ok(cli) => dispatch(cli.command, &mut out),
        // What does not parse: clap's message, exit code 2.
        Err(error) if error.exit_code() != 0 => {
            let _ = error.print();
            return ExitCode::from(2);
        }
        // The help or the version asked for: written to stdout, as any answer.
        Err(error) => error.print().map_err(Failure::Io),
    };
    // A failed write of the answer is an error even when the answer is "no".
    let flushed = out.flush();
    let outcome = match (outcome, flushed) {
        (Ok(()) | Err(Failure::Unsuccessful), Err(error)) => Err(Failure::Io(error)),
        (outcome, _) => outcome,
    };
    drop(out); // whatever was written before a check failed
    let Err(failure) = outcome else { return ExitCode::SUCCESS };
    match &failure {
        Failure::Usage(message) | Failure::Failed(message) => say(format_args!("error: {}", escaped(message))),
        // `queens boards 20 | head` closes the pipe early: the reader's choice.
        // (A stdout closed before the start is /dev/null by then: docs/quarters.md, "Output".)
        Failure::Io(error) if error.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Failure::Io(error) => say(format_args!("error: writing the output: {error}")),
        Failure::Unsuccessful => {}
    }
    ExitCode::from(failure.exit_code())
}

/// Runs the command that `args` name (as after `queens`), writing its
/// answer to `out`: the way in for tests that need no process of their own.
/// Stderr and the terminal are still this process's; clap's refusals,
/// `--help` included, come back as [`Failure::Usage`] with clap's text.
pub fn run_command<T: Into<std::ffi::OsString> + Clone>(
    args: impl IntoIterator<Item = T>,
    out: &mut impl Write,
) -> common::Outcome {
    let program = std::iter::once(std::ffi::OsString::from("queens"));
    let cli = Cli::try_parse_from(program.chain(args.into_iter().map(Into::into)))
        .map_err(|error| Failure::Usage(error.to_string()))?;
    dispatch(cli.command, out)
}

/// Runs one command, its answer written to `out`.
fn dispatch(command: Option<Command>, out: &mut impl Write) -> common::Outcome {
    match command.unwrap_or_else(|| Command::Tour(tour::Args::default())) {
        Command::Tour(args) => tour::run(&args, out),
        Command::Boards(args) => boards::run(&args, out),
        Command::Count(args) => count::run(&args, out),
        Command::Sum(args) => sum::run(&args, out),
        Command::Compare(args) => compare::run(&args, out),
        Command::Paste(args) => catalog::paste(&args, out),
        Command::Diff(args) => diff::run(&args, out),
        Command::List => catalog::list(out),
        Command::Practice(args) => queens_practice::run(&args, out),
        Command::Watch(args) => queens_watch::run(&args, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
