//! `queens diff`: what one step of the chain changes in the code of the
//! step it builds on, as a unified diff of the two approach files' code.
//!
//! Each approach file opens with a long `//!` comment, and a diff of two
//! whole files is mostly those comments; so both files are cut to their
//! code first ([`code_only`]). What a step builds on is
//! `n_queens_steps::chain::Step::builds_on`, the one place that says it.

use std::ffi::OsStr;
use std::io::{IsTerminal, Write};

use n_queens_steps::chain::{self, Step};

use crate::common::{Failure, Outcome, Problem, RUN, problem_parser};

/// Arguments of `queens diff`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The problem: 51 (every board) or 52 (the count).
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The step of the chain, as `queens list` names it: one that builds
    /// on another (its help lists them, from the chain).
    #[arg(help = step_help())]
    pub step: String,
    /// When to colour the lines: on a terminal unless NO_COLOR is set
    /// (auto), always, or never.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    pub color: Colour,
}

/// The help of `queens diff`'s step: the names it takes for each problem,
/// from the chain, so that a new step is listed as soon as it is declared.
fn step_help() -> String {
    let names = |problem| steps_with_a_base(problem).join(", ");
    format!(
        "The step, one that builds on another: for 52, {}; for 51, {}",
        names(Problem::NQueensII),
        names(Problem::NQueens)
    )
}

/// The end of `queens diff --help`.
const AFTER_HELP: &str = "\
Both files are shown as code only: the file's opening //! comment and every \
line that holds only a comment are left out; every other line is the file's \
own, a comment after code included. A line wider than the terminal (80 \
columns when piped) goes on in the next, after its mark and a ↪. Removed \
lines start with -, added lines with +, in colour too on a terminal.";

/// What starts the rest of a line too wide for the terminal, after the
/// line's mark and indentation ([`fit`]).
pub const CONTINUED: &str = "↪ ";

/// The width a piped diff fits.
pub const PIPED_WIDTH: usize = 80;

/// When `queens diff` colours its lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Colour {
    /// On a terminal, unless the NO_COLOR variable is set (and not empty)
    /// or the terminal is `dumb`.
    Auto,
    /// Always, even into a pipe (NO_COLOR too gives way to it).
    Always,
    /// Never.
    Never,
}

impl Colour {
    /// Whether to colour, given whether stdout is a terminal and the
    /// `NO_COLOR` and `TERM` variables (<https://no-color.org>: set and not
    /// empty means no colour).
    pub fn wanted(self, on_terminal: bool, no_color: Option<&OsStr>, term: Option<&OsStr>) -> bool {
        match self {
            Colour::Always => true,
            Colour::Never => false,
            Colour::Auto => {
                on_terminal && no_color.is_none_or(OsStr::is_empty) && term.is_none_or(|term| term != "dumb")
            }
        }
    }
}

/// `queens diff 51|52 STEP`: the unified diff from the code of the step
/// `STEP` builds on to its own. With [`Colour::Auto`] it looks at this
/// process's stdout, whatever `out` is.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let on_terminal = std::io::stdout().is_terminal();
    let terminal_width = queens_cli::terminal_width();
    let width = terminal_width.filter(|_| on_terminal).unwrap_or(PIPED_WIDTH);
    let text = fit(&step_diff(args.problem, &args.step)?, width);
    let no_color = std::env::var_os("NO_COLOR");
    let term = std::env::var_os("TERM");
    if args.color.wanted(on_terminal, no_color.as_deref(), term.as_deref()) {
        write!(out, "{}", coloured(&text))?;
    } else {
        write!(out, "{text}")?;
    }
    Ok(())
}

/// The plain unified diff that `queens diff` prints for `step` of `problem`,
/// or the refusal of a name that is not a step with one before it.
pub fn step_diff(problem: Problem, step: &str) -> Result<String, Failure> {
    let Some(found) = chain::step(step).filter(|found| found.problems.contains(&problem)) else {
        return Err(not_a_step(problem, step));
    };
    let Some(base) = found.builds_on() else {
        return Err(Failure::usage(format!(
            "{step} is the first step: it builds on no other, so there is nothing to diff; \
             `{RUN} paste {} {step}` prints its code",
            problem.number()
        )));
    };
    Ok(unified_diff(problem, base, found))
}

/// The names `queens diff` takes: every step that builds on another.
pub fn steps_with_a_base(problem: Problem) -> Vec<&'static str> {
    let steps = chain::STEPS.iter().filter(|step| step.problems.contains(&problem));
    steps.filter(|step| step.builds_on.is_some()).map(|step| step.name).collect()
}

/// `name` is no step of the chain: the message says whether it is an
/// approach beyond it, and which names `diff` takes.
fn not_a_step(problem: Problem, name: &str) -> Failure {
    let approach = match problem {
        Problem::NQueens => n_queens::BoardSource::named(name).is_ok(),
        Problem::NQueensII => n_queens_count::approach(name).is_some(),
    };
    let other = chain::step(name).and_then(|step| step.problems.first().filter(|_| !step.problems.contains(&problem)));
    let what = match other {
        Some(other) => format!("{name} is a step of {other} only, not of {problem}"),
        None if approach => format!("{name} is an approach of {problem} beyond the chain, not a step of it"),
        None => format!("there is no step {name:?}"),
    };
    Failure::usage(format!("{what}; the steps that build on another: {}", steps_with_a_base(problem).join(", ")))
}

/// The code of `step`'s approach file for `problem`, and its header: the
/// file's path in the workspace.
fn code(problem: Problem, step: &Step) -> (String, String) {
    let source = match problem {
        Problem::NQueens => n_queens::approach(step.name).map(|approach| approach.source),
        Problem::NQueensII => n_queens_count::approach(step.name).map(|approach| approach.source),
    };
    let source = source.expect("every step of the chain is an approach of both problems");
    (format!("crates/{}/src/{}.rs (code only)", problem.crate_name(), step.name), code_only(source))
}

/// The unified diff from `base`'s code to `step`'s, both for `problem`,
/// three lines of context around each change.
fn unified_diff(problem: Problem, base: &Step, step: &Step) -> String {
    let ((old_header, old), (new_header, new)) = (code(problem, base), code(problem, step));
    let diff = similar::TextDiff::from_lines(&old, &new);
    diff.unified_diff().context_radius(3).header(&old_header, &new_header).to_string()
}

/// An approach file's code: the file without its opening `//!` comment,
/// without every line that holds only a comment (`//`, `///` and `//!`,
/// after its indentation), and without a blank line that would follow
/// another or open the text. Every line kept is the file's own, whole.
///
/// The approach files have no `/* */` comments and no string that goes on
/// to a line starting with `//` (the tests check that only comments go).
pub fn code_only(source: &str) -> String {
    let mut code = String::new();
    let mut last_blank = true;
    for line in source.lines() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let blank = line.trim().is_empty();
        if !(blank && last_blank) {
            code.push_str(line);
            code.push('\n');
        }
        last_blank = blank;
    }
    if last_blank {
        code.pop(); // a blank last line: the text ends at the line before it
    }
    code
}

/// `diff` with each line wider than `width` characters broken into lines
/// that fit: each after the first starts with the line's own mark (`-`,
/// `+` or a space), its indentation and four spaces more, then
/// [`CONTINUED`], and goes on where the line broke: at a space, which is
/// dropped, or else before the `.` of a method call. A line with neither
/// where it must break goes on past `width`.
pub fn fit(diff: &str, width: usize) -> String {
    let mut text = String::new();
    for line in diff.lines() {
        for part in fit_line(line, width) {
            text.push_str(&part);
            text.push('\n');
        }
    }
    text
}

/// One line of [`fit`]: the line itself when it fits.
fn fit_line(line: &str, width: usize) -> Vec<String> {
    let mut chars = line.chars();
    let (Some(mark), body) = (chars.next(), chars.as_str()) else { return vec![line.to_string()] };
    let indent = body.len() - body.trim_start_matches(' ').len();
    let continued = format!("{mark}{}{CONTINUED}", " ".repeat(indent + 4));
    let mut parts = Vec::new();
    let mut rest = line;
    let mut prefix = "";
    while prefix.chars().count() + rest.chars().count() > width {
        let room = width.saturating_sub(prefix.chars().count());
        // The last space within the room, past the line's indentation, or
        // else the last `.` of a chain of calls, which goes on the next line.
        let skip = if prefix.is_empty() { 1 + indent } else { 0 };
        let within: Vec<(usize, char)> = rest.char_indices().take(room + 1).filter(|&(at, _)| at > skip).collect();
        let space = within.iter().rev().find(|&&(_, c)| c == ' ').map(|&(at, _)| (at, at + 1));
        let dot =
            || within[..within.len().saturating_sub(1)].iter().rev().find(|&&(_, c)| c == '.').map(|&(at, _)| (at, at));
        let Some((end, next)) = space.or_else(dot) else { break };
        parts.push(format!("{prefix}{}", &rest[..end]));
        rest = &rest[next..];
        prefix = &continued;
    }
    parts.push(format!("{prefix}{rest}"));
    parts
}

/// `fitted`, a diff [`fit`] to a width, with each broken line whole again.
pub fn unfit(fitted: &str) -> String {
    let mut text = String::new();
    for line in fitted.lines() {
        let mut chars = line.chars();
        let (mark, body) = (chars.next(), chars.as_str());
        let goes_on = body.trim_start_matches(' ').strip_prefix(CONTINUED).filter(|_| mark.is_some());
        match goes_on {
            Some(rest) if !text.is_empty() => {
                text.pop();
                if !rest.starts_with('.') {
                    text.push(' ');
                }
                text.push_str(rest);
            }
            _ => text.push_str(line),
        }
        text.push('\n');
    }
    text
}

/// SGR codes: bold for the two file lines, cyan for a hunk's head, red
/// for a removed line, green for an added one; each line reset at its end.
const BOLD: &str = "\x1b[1m";
const CYAN: &str = "\x1b[36m";
const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const RESET: &str = "\x1b[0m";

/// `diff`, a unified diff, coloured line by line. The `-` and `+` marks
/// stay, so the colour only repeats what the text says.
fn coloured(diff: &str) -> String {
    let mut text = String::new();
    for (index, line) in diff.lines().enumerate() {
        // The two file lines come first; after them a line's first
        // character says what it is, and only a hunk's head starts with `@`.
        let colour = match line.chars().next() {
            _ if index < 2 => Some(BOLD),
            Some('@') => Some(CYAN),
            Some('-') => Some(RED),
            Some('+') => Some(GREEN),
            _ => None,
        };
        match colour {
            Some(colour) => text.push_str(&format!("{colour}{line}{RESET}\n")),
            None => text.push_str(&format!("{line}\n")),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_only_drops_comment_lines_and_keeps_code_whole() {
        let source = "//! # Title\n//!\n//! Idea.\n\n/// The type.\npub struct Solution;\n\n\
                      fn f() {\n    // why\n    let x = 1; // stays\n\n    x\n}\n";
        assert_eq!(code_only(source), "pub struct Solution;\n\nfn f() {\n    let x = 1; // stays\n\n    x\n}\n");
    }

    #[test]
    fn a_wide_line_breaks_at_a_space_with_a_marked_continuation_and_joins_back() {
        let line = format!("+        let distance = {} + last;", "word ".repeat(20).trim_end());
        let fitted = fit(&format!("--- a\n{line}\n-short\n"), 40);
        let lines: Vec<&str> = fitted.lines().collect();
        assert!(lines.len() > 3, "{fitted}");
        assert!(lines.iter().all(|line| line.chars().count() <= 40), "{fitted}");
        assert!(lines[1].starts_with("+        let distance = word"), "{fitted}");
        assert!(lines[2].starts_with(&format!("+{}{CONTINUED}word", " ".repeat(12))), "{fitted}");
        assert_eq!(lines.last(), Some(&"-short"));
        assert_eq!(unfit(&fitted), format!("--- a\n{line}\n-short\n"));
        // No space to break at: before a method call's `.`, or else not at all.
        let chain = format!("+    first{}", ".then()".repeat(8));
        let fitted = fit(&chain, 40);
        assert!(
            fitted
                .lines()
                .nth(1)
                .is_some_and(|line| line.starts_with(&format!("+{}{CONTINUED}.then()", " ".repeat(8)))),
            "{fitted}"
        );
        assert_eq!(unfit(&fitted), format!("{chain}\n"));
        let long = format!("+{}", "x".repeat(50));
        assert_eq!(fit(&long, 40), format!("{long}\n"));
    }

    #[test]
    fn colour_only_where_wanted() {
        let empty = Some(OsStr::new(""));
        assert!(Colour::Auto.wanted(true, None, None));
        assert!(Colour::Auto.wanted(true, empty, Some(OsStr::new("xterm"))), "an empty NO_COLOR is unset");
        assert!(!Colour::Auto.wanted(false, None, None), "not into a pipe");
        assert!(!Colour::Auto.wanted(true, Some(OsStr::new("1")), None), "NO_COLOR");
        assert!(!Colour::Auto.wanted(true, None, Some(OsStr::new("dumb"))));
        assert!(Colour::Always.wanted(false, Some(OsStr::new("1")), None));
        assert!(!Colour::Never.wanted(true, None, None));
    }
}
