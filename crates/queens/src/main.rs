//! `queens`: the N-Queens chain of approaches from the terminal.
//!
//! With no arguments it runs the tour: every approach of LeetCode 51 (every
//! board) and LeetCode 52 (the count) on n = 12, timed, with the speed-up each
//! step buys, then one board and where to go next. The subcommands explore:
//! `boards` draws, `count` counts large n with a progress bar, `compare`
//! times the approaches over growing n, `paste` prints an approach's
//! judge-ready text, `list` lists them all.
//!
//! The approaches come from the crates' own lists and lookups
//! (`n_queens::BoardSource`, `n_queens_ii::APPROACHES` and
//! `n_queens_ii::counting`), with their flags and ranges, so a new approach
//! shows up in every subcommand without a change here, and the libraries'
//! own errors say what is out of range. Every wrong argument gets a one-line
//! message and exit code 2: clap's for what does not parse, the libraries'
//! (or this command's, for its own limits) for what parses but makes no
//! sense, before any long work starts. An error that is not the user's (a
//! file that cannot be read or written, a tool that cannot be started) gets
//! exit code 1, as a failed write of the answer does.
//!
//! Nothing written to stderr can panic: a closed stderr loses the message,
//! never the exit code ([`say`]).

mod boards;
mod catalog;
mod compare;
mod count;
mod draw;
mod practice;
mod sum;
mod timing;
mod tour;
mod watch;

use std::fmt::Display;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The N-Queens puzzle, LeetCode 51 and 52, as a chain of approaches:
/// run with no arguments for the tour.
#[derive(Debug, Parser)]
#[command(name = "queens", version, about, after_help = AFTER_HELP, max_term_width = WIDTH)]
struct Cli {
    /// What to do; the tour of n = 12 when left out.
    #[command(subcommand)]
    command: Option<Command>,
}

/// The width everything the command prints by default fits in: the
/// terminal most learners have.
pub const WIDTH: usize = 80;

/// How the command wraps prose to `width` columns: between words only, at
/// spaces (not at hyphens), a word longer than a line kept whole.
pub fn wrapping(width: usize) -> textwrap::Options<'static> {
    textwrap::Options::new(width).break_words(false).word_splitter(textwrap::WordSplitter::NoHyphenation)
}

/// How the command is run right after the README's set-up, from the
/// workspace: what every command it suggests starts with.
pub const RUN: &str = "cargo run --release --";

/// The end of `queens --help`.
const AFTER_HELP: &str = "\
Examples, from the workspace (an installed `queens` takes the same arguments):
  cargo run --release                   the tour: every approach on n = 12
  cargo run --release -- boards 8 --limit 2
  cargo run --release -- boards 1000000 --approach construct --format columns
  cargo run --release -- count 16 --approach bitmask
  cargo run --release -- compare --problem 52 --max-n 14
  cargo run --release -- paste 52 bitmask | xclip -selection clipboard
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
    /// Every approach of both problems, in order, with its idea and whether it is judge-ready.
    List,
    /// The practice ladder: write each step yourself, with the shared cases, hints and a reset.
    Practice(practice::Args),
    /// Watch one step of the chain search, event by event, in a full-screen view.
    Watch(watch::Args),
}

pub use n_queens_facts::Problem;

/// The parser of a problem on the command line: its number, one of
/// [`Problem::ALL`]'s, which the help lists.
pub fn problem_parser() -> impl clap::builder::TypedValueParser<Value = Problem> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Problem::ALL.map(Problem::number))
        .try_map(|number| number.parse::<Problem>())
}

/// Why a command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// An argument that parsed but makes no sense: one line, exit code 2.
    Usage(String),
    /// Writing the output failed (a closed pipe is not a failure: see [`main`]).
    Io(io::Error),
    /// Something that is not the user's input failed (a file that cannot be
    /// read or written, a tool that cannot be started): one line, exit code 1.
    Failed(String),
    /// What was asked ran, and its answer is "no" (a practice exercise that
    /// does not pass yet): already said on stdout, exit code 1, as `cargo
    /// test` does when a test fails.
    Unsuccessful,
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Io(error)
    }
}

impl Failure {
    /// An argument that parsed but makes no sense ([`Failure::Usage`]).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure::Usage(message.into())
    }

    /// The exit code it ends the command with: 2 for the user's input, as
    /// clap's own errors; 1 for the rest.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Io(_) | Failure::Failed(_) | Failure::Unsuccessful => 1,
        }
    }
}

impl From<n_queens::BoardsError> for Failure {
    fn from(error: n_queens::BoardsError) -> Failure {
        Failure::Usage(error.to_string())
    }
}

impl From<n_queens_ii::counting::CountError> for Failure {
    fn from(error: n_queens_ii::counting::CountError) -> Failure {
        Failure::Usage(error.to_string())
    }
}

/// `text` with its control characters escaped (`\u{1b}`, `\n`): a name
/// typed by the user goes into messages as it was typed, never as a
/// terminal command.
pub fn escaped(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

/// Writes one line to stderr, and never panics: `eprintln!` panics when
/// stderr is a closed pipe (`queens boards 3 2>&1 >/dev/null | true`), and a
/// panic while reporting a panic aborts the process. A message nobody can
/// read is dropped; the exit code still tells.
pub fn say(line: impl Display) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// What every command returns.
pub type Outcome = Result<(), Failure>;

/// Parses n: a whole number, 0 or more (a leading `+` allowed, as Rust's
/// own parsing allows it). The message says which of those it is not.
pub fn parse_n(text: &str) -> Result<u32, String> {
    let text = text.strip_prefix('+').unwrap_or(text);
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!("n must be a whole number, 0 or more (got {text:?})"));
    }
    if text.starts_with('-') && digits.bytes().any(|byte| byte != b'0') {
        return Err(format!("n must be 0 or more (got {text}): a board has no negative size"));
    }
    digits.parse::<u32>().map_err(|_| format!("n = {text} is too large: no approach goes past {}", u32::MAX))
}

/// Parses the value of `option`: a whole number, `least` or more, in
/// digits (a leading `+` allowed, as for n). The message says which of those
/// it is not.
pub fn parse_whole(option: &str, text: &str, least: u64) -> Result<u64, String> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!("{option} must be a whole number, {least} or more (got {text:?})"));
    }
    let text = digits;
    let value = text.parse::<u64>().map_err(|_| format!("{option} {text} is too large: at most {}", u64::MAX))?;
    if value < least {
        return Err(format!("{option} must be {least} or more (got {text})"));
    }
    Ok(value)
}

fn main() -> ExitCode {
    // The libraries return errors for what is out of range; should a panic
    // still happen, the user sees one line, not a trace.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".to_string());
        say(format_args!("queens: internal error: {message}"));
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return clap_exit(&error),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let outcome = match cli.command {
        None => tour::run(&tour::Args::default(), &mut out),
        Some(Command::Tour(args)) => tour::run(&args, &mut out),
        Some(Command::Boards(args)) => boards::run(&args, &mut out),
        Some(Command::Count(args)) => count::run(&args, &mut out),
        Some(Command::Sum(args)) => sum::run(&args, &mut out),
        Some(Command::Compare(args)) => compare::run(&args, &mut out),
        Some(Command::Paste(args)) => catalog::paste(&args, &mut out),
        Some(Command::List) => catalog::list(&mut out),
        Some(Command::Practice(args)) => practice::run(&args, &mut out),
        Some(Command::Watch(args)) => watch::run(&args, &mut out),
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
        // `queens boards 20 | head` closes the pipe early: that is the reader's choice.
        // (A stdout closed before the start, `queens count 8 >&-`, never gets
        // here: Rust's runtime reopens it before `main` as /dev/null, read-write,
        // just as Python's `subprocess.DEVNULL` and Node's `'ignore'` hand it
        // over, so the write succeeds; see docs/quarters.md, "Output".)
        Failure::Io(error) if error.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Failure::Io(error) => say(format_args!("error: writing the output: {error}")),
        Failure::Unsuccessful => {}
    }
    ExitCode::from(failure.exit_code())
}

/// Ends on what clap made of the arguments: a parse error (its message,
/// exit code 2), or the help or the version asked for, written to stdout,
/// where a failed write is an error (exit code 1), as for any other answer.
fn clap_exit(error: &clap::Error) -> ExitCode {
    let printed = error.print();
    if error.exit_code() != 0 {
        return ExitCode::from(2);
    }
    match printed {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            say(format_args!("error: writing the output: {error}"));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n_is_a_whole_number_zero_or_more() {
        assert_eq!(parse_n("8"), Ok(8));
        assert_eq!(parse_n("0"), Ok(0));
        assert_eq!(parse_n("-0"), Ok(0));
        assert_eq!(parse_n("+8"), Ok(8));
        assert!(parse_n("+-8").unwrap_err().contains("0 or more"));
        assert!(parse_n("-3").unwrap_err().contains("0 or more"));
        assert!(parse_n("eight").unwrap_err().contains("whole number"));
        assert!(parse_n("8.5").unwrap_err().contains("whole number"));
        assert!(parse_n("").unwrap_err().contains("whole number"));
        assert!(parse_n("99999999999").unwrap_err().contains("too large"));
    }

    #[test]
    fn options_take_whole_numbers_in_range() {
        assert_eq!(parse_whole("--limit", "3", 1), Ok(3));
        assert_eq!(parse_whole("--threads", "0", 0), Ok(0));
        assert_eq!(parse_whole("--limit", "+3", 1), Ok(3));
        assert!(parse_whole("--limit", "+", 1).unwrap_err().contains("whole number"));
        assert!(parse_whole("--limit", "++3", 1).unwrap_err().contains("whole number"));
        assert!(parse_whole("--limit", "-1", 1).unwrap_err().contains("whole number, 1 or more"));
        assert!(parse_whole("--limit", "0", 1).unwrap_err().contains("1 or more"));
        assert!(parse_whole("--limit", "18446744073709551616", 1).unwrap_err().contains("too large"));
        assert!(parse_whole("--threads", "", 0).unwrap_err().contains("whole number"));
    }

    /// The user's input is exit code 2; what fails on the machine, 1.
    #[test]
    fn only_the_users_input_is_exit_code_2() {
        assert_eq!(Failure::usage("n = -1").exit_code(), 2);
        assert_eq!(Failure::Failed("reading a file: permission denied".into()).exit_code(), 1);
        assert_eq!(Failure::Io(io::Error::other("disk full")).exit_code(), 1);
        assert_eq!(Failure::Unsuccessful.exit_code(), 1);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escaped("bit\u{1b}[31mmask\n"), "bit\\u{1b}[31mmask\\n");
        assert_eq!(escaped("×µ"), "×µ");
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
