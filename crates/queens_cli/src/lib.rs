//! The conventions of the `queens` command line, which its applications
//! (`queens watch`, `queens practice`) keep too: how a command ends
//! ([`Failure`], [`Outcome`], its exit codes), how it speaks ([`say`],
//! [`escaped`], [`WIDTH`], [`wrapping`], [`terminal_width`], [`RUN`]), and
//! how it reads its arguments ([`parse_n`], [`parse_whole`],
//! [`problem_parser`]).

use std::fmt::Display;
use std::io::{self, Write};

/// The width everything the command prints by default fits in: the
/// terminal most learners have.
pub const WIDTH: usize = 80;

/// The width of the terminal that standard output is, in columns; `None`
/// when it is not a terminal (a pipe, a file).
pub fn terminal_width() -> Option<usize> {
    let size = rustix::termios::tcgetwinsize(io::stdout()).ok()?;
    (size.ws_col > 0).then_some(usize::from(size.ws_col))
}

/// How the command wraps prose to `width` columns: between words only, at
/// spaces (not at hyphens), a word longer than a line kept whole.
pub fn wrapping(width: usize) -> textwrap::Options<'static> {
    textwrap::Options::new(width).break_words(false).word_splitter(textwrap::WordSplitter::NoHyphenation)
}

/// How the command is run right after the README's set-up, from the
/// workspace: what every command it suggests starts with.
pub const RUN: &str = "cargo run --release --";

pub use n_queens_steps::Problem;

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
    /// Writing the output failed (a closed pipe is not a failure: see `main`).
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

    /// A library's refusal of an argument (an n out of an approach's
    /// range, an unknown name) as [`Failure::Usage`], in its own words.
    pub fn refused(error: impl Display) -> Failure {
        Failure::Usage(error.to_string())
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
    let value = digits.parse::<u64>().map_err(|_| format!("{option} {digits} is too large: at most {}", u64::MAX))?;
    if value < least {
        return Err(format!("{option} must be {least} or more (got {digits})"));
    }
    Ok(value)
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
        assert!(parse_whole("--threads", "", 0).unwrap_err().contains("whole number"));
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escaped("bit\u{1b}[31mmask\n"), "bit\\u{1b}[31mmask\\n");
        assert_eq!(escaped("×µ"), "×µ");
    }
}
