//! A run of an exercise's test binary, read back and told in a few lines:
//! which n pass and which fail, the smallest failing n in detail (what it
//! returned, or where it panicked), the notes that explain it first (a
//! time-out, a stack overflow, a process that ended early), the common
//! mistakes of the exercise's step with the same signature, and what the
//! answer does past the judge's range. Every line fits 80 columns; no colour
//! code gets through.

use n_queens_facts::mistakes::{self, Observed};

use super::results::Printed;

/// The judge's range, as the test target runs it: `case_1_n1` .. `case_9_n9`.
const JUDGE_RANGE: std::ops::RangeInclusive<i32> = 1..=9;

/// The n the test target tries past the judge's range (`past_the_judge`).
const PAST_THE_JUDGE: [i32; 2] = [0, -1];

/// The widest line printed.
const WIDTH: usize = 80;

/// Why the process ended, when its stack overflowed.
const STACK_OVERFLOW: &str = "stack overflow: a recursion that never reaches its base case?";

/// What one test did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It passed.
    Passed,
    /// It panicked: where, when that is in the learner's file, and the message.
    Failed {
        /// `crates/n_queens_ii/exercises/bitmask.rs:12:5`, or `None` for the
        /// test's own assertion.
        place: Option<String>,
        /// The panic's message, without colour codes.
        message: String,
    },
    /// The test process ended while it ran: why, in a few words.
    Ended(String),
    /// Not run: the process ended first, or an earlier case ran out of time.
    NotRun,
}

impl Outcome {
    /// Whether this counts against the answer.
    fn failed(&self) -> bool {
        matches!(self, Outcome::Failed { .. } | Outcome::Ended(_))
    }

    /// The message of a failure, or of the end of the process.
    fn message(&self) -> &str {
        match self {
            Outcome::Failed { message, .. } | Outcome::Ended(message) => message,
            Outcome::Passed | Outcome::NotRun => "",
        }
    }

    /// Whether it ran out of time: the judge's Time Limit Exceeded.
    fn timed_out(&self) -> bool {
        self.message().contains("still running after")
    }
}

/// One test of a report: its full name and what it did.
#[derive(Clone, Debug)]
pub struct Test {
    /// `bitmask::counts::case_4_n4`.
    pub name: String,
    /// What it did.
    pub outcome: Outcome,
}

/// The kinds of test a report holds, from their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A case of the judge's range, with its n.
    Case(i32),
    /// The judge-paste test.
    Paste,
    /// The answer past the judge's range, with its n.
    PastTheJudge(i32),
    /// A test the learner wrote in the exercise file.
    Own,
}

impl Test {
    /// What kind of test this is.
    pub fn kind(&self) -> Kind {
        let n = || self.name.rsplit_once("_n").and_then(|(_, n)| n.parse().ok());
        if self.name.contains("::judge_paste::") {
            Kind::Paste
        } else if self.name.contains("::past_the_judge::") {
            Kind::PastTheJudge(if self.name.ends_with("minus_1") { -1 } else { 0 })
        } else if self.name.contains("::counts::case_") || self.name.contains("::boards::case_") {
            n().map_or(Kind::Own, Kind::Case)
        } else {
            Kind::Own
        }
    }

    /// The learner's own name for an own test, without the exercise's modules.
    pub fn own_name(&self) -> &str {
        self.name.split_once("::exercise::").map_or(&self.name, |(_, name)| name)
    }
}

/// The tests of a report, in the order they ran.
pub fn tests(printed: &Printed) -> Vec<Test> {
    let stdout = strip_colour(&printed.stdout);
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("test "))
        .filter_map(|rest| {
            let (name, result) = rest.split_once(" ...")?;
            let outcome = match result.trim() {
                "ok" => Outcome::Passed,
                "ignored" => return None,
                "FAILED" => failure(&stdout, name),
                _ => Outcome::Ended(why_it_ended(printed)),
            };
            Some(Test { name: name.to_string(), outcome })
        })
        .collect()
}

/// The first line of a failure's message.
pub fn first_line(outcome: &Outcome) -> String {
    outcome.message().lines().next().unwrap_or_default().to_string()
}

/// `text` without ANSI colour codes (`ESC [ ... m`).
fn strip_colour(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

/// The failure of test `name`, from its section of the report.
fn failure(stdout: &str, name: &str) -> Outcome {
    let marker = format!("---- {name} stdout ----");
    let section = stdout.find(&marker).map_or("", |start| &stdout[start + marker.len()..]);
    let mut lines = section.lines().take_while(|line| !line.starts_with("---- ") && *line != "failures:");
    let Some(panicked) = lines.by_ref().find(|line| line.starts_with("thread ") && line.contains(" panicked at "))
    else {
        return Outcome::Failed { place: None, message: "no panic message: see `cargo test`".to_string() };
    };
    let place = panicked.rsplit_once(" panicked at ").map(|(_, place)| place.trim_end_matches(':'));
    let place = place.map(without_dot_dot).filter(|place| place.contains("/exercises/"));
    let mut message: Vec<&str> =
        lines.take_while(|line| !line.starts_with("note: ") && *line != "stack backtrace:").collect();
    while message.last().is_some_and(|line| line.trim().is_empty()) {
        message.pop();
    }
    let message = message.join("\n");
    // pretty_assertions' preamble says nothing the message does not.
    let message = message
        .strip_prefix("assertion failed: `(left == right)`")
        .map_or(message.as_str(), |rest| rest.trim_start_matches(':').trim_start());
    // The deadline's messages start with `exercise bitmask, n = 5: `, said already.
    let message = match message.strip_prefix("exercise ") {
        Some(rest) => rest.split_once(": ").map_or(message, |(_, after)| after),
        None => message,
    };
    if message.starts_with("not run, since") {
        return Outcome::NotRun;
    }
    Outcome::Failed { place, message: message.to_string() }
}

/// `a/tests/practice/./../../exercises/b.rs` as `a/exercises/b.rs`: the
/// test target includes the exercise by a relative path, and the compiler
/// reports it that way.
pub fn without_dot_dot(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." => {}
            ".." if parts.last().is_some_and(|last| *last != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// Why the test process ended in the middle of a test, from what it printed.
fn why_it_ended(printed: &Printed) -> String {
    let stderr = strip_colour(&printed.stderr);
    if mistakes::overflowed_its_stack(&stderr) {
        return STACK_OVERFLOW.to_string();
    }
    if let Some(line) = stderr.lines().find(|line| line.contains("memory allocation of")) {
        return format!("{}: it asked for more memory than there is", line.trim());
    }
    let cargo_says = ["Running", "Finished", "Compiling", "Blocking"];
    let last = stderr.lines().rev().map(str::trim).find(|line| {
        !line.is_empty()
            && !cargo_says.iter().any(|word| line.starts_with(word))
            && !line.starts_with("error: test failed")
    });
    let said = last.map_or(String::new(), |line| format!(" Its last words: {line}"));
    match (printed.code, printed.signal) {
        (Some(code), _) => format!(
            "the process exited with code {code} in the middle of the case: does the answer call \
             `std::process::exit({code})`? The judge would stop there too.{said}"
        ),
        (None, Some(signal)) => format!("the process was killed by signal {signal}{}.{said}", signal_cause(signal)),
        (None, None) => format!("the process ended without an exit code.{said}"),
    }
}

/// What usually sends `signal` to a test process, in a few words.
fn signal_cause(signal: i32) -> &'static str {
    match signal {
        6 => " (SIGABRT: `std::process::abort`, or a panic while panicking?)",
        9 => " (SIGKILL: killed from outside, or out of memory?)",
        11 => " (SIGSEGV: a bad memory access)",
        15 => " (SIGTERM: stopped from outside)",
        _ => "",
    }
}

/// Lines of at most [`WIDTH`] columns: `first` then `text`, wrapped, the
/// lines after the first indented by `indent` spaces.
pub fn wrapped(first: &str, text: &str, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for (index, paragraph) in text.lines().enumerate() {
        let prefix = if index == 0 { first } else { "" };
        let leading = if index == 0 { first.len() - first.trim_start().len() } else { indent };
        let words = crate::catalog::wrap(&format!("{}{paragraph}", prefix.trim_start()), WIDTH - leading.max(indent));
        for (number, line) in words.into_iter().enumerate() {
            let margin = if number == 0 { leading } else { indent };
            lines.push(format!("{}{line}", " ".repeat(margin)).trim_end().to_string());
        }
    }
    if lines.is_empty() {
        lines.push(first.trim_end().to_string());
    }
    lines
}

/// `1, 2, 3, 5` as `1 to 3, 5`.
fn list_ns(ns: &[i32]) -> String {
    let mut runs: Vec<(i32, i32)> = Vec::new();
    for &n in ns {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => runs.push((n, n)),
        }
    }
    let run = |&(first, last): &(i32, i32)| match last - first {
        0 => first.to_string(),
        1 => format!("{first}, {last}"),
        _ => format!("{first} to {last}"),
    };
    runs.iter().map(run).collect::<Vec<_>>().join(", ")
}

/// The outcome of each n of the judge's range, from the report's cases.
fn cases(tests: &[Test]) -> Vec<(i32, Outcome)> {
    JUDGE_RANGE
        .map(|n| {
            let outcome = tests.iter().find(|test| test.kind() == Kind::Case(n)).map(|test| test.outcome.clone());
            (n, outcome.unwrap_or(Outcome::NotRun))
        })
        .collect()
}

/// The line over every n: `failing at n = 1, 5; passing 2 to 4; not run 6 to 9`.
fn over_every_n(cases: &[(i32, Outcome)]) -> String {
    let ns = |keep: &dyn Fn(&Outcome) -> bool| -> Vec<i32> {
        cases.iter().filter(|(_, outcome)| keep(outcome)).map(|(n, _)| *n).collect()
    };
    let failing = ns(&Outcome::failed);
    let passing = ns(&|outcome| *outcome == Outcome::Passed);
    let not_run = ns(&|outcome| *outcome == Outcome::NotRun);
    let mut parts = vec![format!("failing at n = {}", list_ns(&failing))];
    if !passing.is_empty() {
        parts.push(format!("passing {}", list_ns(&passing)));
    }
    if !not_run.is_empty() {
        parts.push(format!("not run {}", list_ns(&not_run)));
    }
    parts.join("; ")
}

/// What `outcome` did at `n` in an exercise of `step`, in lines:
/// `n = 4: returned 0, expected 2`, or where it panicked and why, then the
/// common mistakes it looks like.
fn detail(n: i32, outcome: &Outcome, step: &str, others: &[(i32, Outcome)]) -> Vec<String> {
    let mut lines = match outcome {
        Outcome::Failed { place: Some(place), message } => {
            let mut lines = vec![format!("n = {n}: panicked at {place}:")];
            lines.extend(wrapped("  ", message, 2));
            lines
        }
        Outcome::Failed { place: None, message } => wrapped(&format!("n = {n}: "), message, 2),
        Outcome::Ended(why) => {
            let mut lines = vec![format!("n = {n}: the test process ended:")];
            lines.extend(wrapped("  ", why, 2));
            lines
        }
        Outcome::Passed | Outcome::NotRun => Vec::new(),
    };
    lines.extend(mistake(n, outcome, step, others));
    lines
}

/// The summary of a failing run of the cases: the line over every n, then
/// the notes that explain the rest (a time-out, a crash), then the smallest
/// failing n in detail. `None` when no case of the judge's range fails.
pub fn failing(tests: &[Test], step: &str) -> Option<(i32, String, Vec<String>)> {
    let cases = cases(tests);
    let (smallest, first) = cases.iter().find(|(_, outcome)| outcome.failed())?;
    let mut lines = wrapped("", &over_every_n(&cases), 2);
    // A time-out or a crash names the real bug; an overflow at a smaller n
    // often follows from it (a loop that never ends counts past `i32::MAX`).
    let cause = cases.iter().find(|(_, outcome)| outcome.timed_out() || matches!(outcome, Outcome::Ended(_)));
    let mut reason = first.message().lines().next().unwrap_or_default().to_string();
    if let Some((n, outcome)) = cause.filter(|(n, _)| n != smallest) {
        lines.extend(detail(*n, outcome, step, &cases));
        lines.push(format!("The smallest failing n may follow from n = {n}'s, above:"));
        reason = format!("at n = {n}, {}", outcome.message().lines().next().unwrap_or_default());
    }
    lines.extend(detail(*smallest, first, step, &cases));
    let undo_forgotten = *smallest == 4
        && observed(first) == Some(Observed::Returned(0))
        && n_queens_facts::chain::step(step).is_some_and(|step| step.undoes)
        && mistake(4, first, step, &cases).is_empty();
    if undo_forgotten {
        lines.extend(wrapped(
            "  ",
            "0 at n = 4, the first n with a solution, is what a search gives that takes a queen \
             back without undoing its mark: after the first dead end, every later square is still \
             blocked. Is each change before the recursive call undone after it?",
            2,
        ));
    }
    Some((*smallest, short(&reason), lines))
}

/// The first sentence of `text`, for the list's one line.
fn short(text: &str) -> String {
    match text.split_once(". ") {
        Some((sentence, _)) => format!("{sentence}."),
        None => text.to_string(),
    }
}

/// The summary of a run whose judge cases all pass but a test the learner
/// wrote fails: its name, and its failure.
pub fn own_test_failing(tests: &[Test]) -> Option<(String, String, Vec<String>)> {
    let test = tests.iter().find(|test| test.kind() == Kind::Own && test.outcome.failed())?;
    let name = test.own_name().to_string();
    let mut lines = vec![format!("passing n = {}; your own test fails:", list_ns(&JUDGE_RANGE.collect::<Vec<_>>()))];
    let message = test.outcome.message();
    match &test.outcome {
        Outcome::Failed { place: Some(place), .. } => lines.push(format!("{name}: panicked at {place}:")),
        _ => lines.push(format!("{name}:")),
    }
    lines.extend(wrapped("  ", message, 2));
    Some((name, short(message.lines().next().unwrap_or_default()), lines))
}

/// The note on what the answer does past the judge's range, from the
/// `past_the_judge` tests: never a failure, since the judge never asks.
pub fn past_the_judge(tests: &[Test], stdout: &str, step: &str) -> Vec<String> {
    let mut said = Vec::new();
    let mut details = Vec::new();
    for n in PAST_THE_JUDGE {
        let test = tests.iter().find(|test| test.kind() == Kind::PastTheJudge(n));
        let outcome = test.map_or(Outcome::NotRun, |test| test.outcome.clone());
        match outcome {
            Outcome::Passed => {
                let printed = format!("past the judge: n = {n} ");
                let returned = stdout.lines().find_map(|line| line.strip_prefix(printed.as_str()));
                said.push(format!("n = {n} {}", returned.unwrap_or("returns")));
            }
            Outcome::NotRun => said.push(format!("n = {n} is not run")),
            failed => {
                said.push(format!("n = {n} fails (below)"));
                details.extend(detail(n, &failed, step, &[]));
            }
        }
    }
    let mut lines = vec!["Past the judge's range, which the judge never asks:".to_string()];
    lines.extend(said.iter().map(|said| format!("  {said}")));
    lines.extend(details);
    lines
}

/// What `outcome` shows of the answer, as the common mistakes' signatures
/// are written: a count returned, a panic in the learner's file, a stack
/// overflow; `None` for anything else.
fn observed(outcome: &Outcome) -> Option<Observed<'_>> {
    match outcome {
        Outcome::Failed { place: None, message } => mistakes::returned(message).map(Observed::Returned),
        Outcome::Failed { place: Some(_), message } => Some(Observed::Panicked(message)),
        Outcome::Ended(why) if why == STACK_OVERFLOW => Some(Observed::StackOverflow),
        Outcome::Ended(_) | Outcome::Passed | Outcome::NotRun => None,
    }
}

/// The common mistakes of `step` whose signature is `outcome` at `n`, the
/// first failing n, where `others` are the outcomes of the other n: two
/// lines each, its title and its section of `docs/common-mistakes.md`.
fn mistake(n: i32, outcome: &Outcome, step: &str, others: &[(i32, Outcome)]) -> Vec<String> {
    let observe = |m: i32| {
        if m == n {
            observed(outcome)
        } else {
            others.iter().find(|(other, _)| *other == m).and_then(|(_, o)| observed(o))
        }
    };
    let mut lines = Vec::new();
    for mistake in mistakes::linked(step, n, observe) {
        lines.push(format!("  A common mistake gives exactly this: {}", mistake.title));
        lines.push(format!("  {}", mistake.link()));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_n_are_written_as_ranges() {
        assert_eq!(list_ns(&[1, 5, 7, 9]), "1, 5, 7, 9");
        assert_eq!(list_ns(&[2, 3, 4, 6, 8]), "2 to 4, 6, 8");
        assert_eq!(list_ns(&[1, 2]), "1, 2");
    }

    fn returned(count: i64, expected: i64) -> Outcome {
        Outcome::Failed { place: None, message: format!("returned {count}, expected {expected}") }
    }

    #[test]
    fn only_the_mistakes_of_the_step_are_linked() {
        // `full = 1 << n` returns 1 at n = 3 too; both masks shifted left, 3.
        let full = [(1, Outcome::Passed), (3, returned(1, 0))];
        let lines = mistake(2, &returned(1, 0), "bitmask", &full).join("\n");
        assert!(lines.contains("docs/common-mistakes.md#3-full--1--n"), "{lines}");
        assert!(!lines.contains("#4-"), "{lines}");
        let shifted = [(3, returned(3, 0))];
        let lines = mistake(2, &returned(1, 0), "bitmask", &shifted).join("\n");
        assert!(lines.contains("docs/common-mistakes.md#4-one-mask-shifted-the-wrong-way"), "{lines}");
        assert!(mistake(2, &returned(1, 0), "column_abs", &full).is_empty());
        assert!(mistake(3, &returned(1, 0), "bitmask", &full).is_empty());
        let overflow = Outcome::Ended(STACK_OVERFLOW.to_string());
        assert!(mistake(1, &overflow, "bitmask", &[]).join("\n").contains("#2--where--belongs"));
        let no_boards = Outcome::Failed { place: None, message: "returned 0 boards, expected 2".to_string() };
        assert!(mistake(4, &no_boards, "three_arrays", &[]).join("\n").contains("#5-flags-not-cleared"));
        let place = Some("x.rs:1:1".to_string());
        let panicked = Outcome::Failed { place, message: "index out of bounds: the len is 1".to_string() };
        assert!(mistake(1, &panicked, "board_scan", &[]).join("\n").contains("#7-the-base-case-after-the-loop"));
        assert!(mistake(1, &panicked, "three_arrays", &[]).join("\n").contains("#8-an-offset-of-n"));
    }

    #[test]
    fn an_exit_names_its_code_and_a_signal_its_number() {
        let ended =
            |code, signal| why_it_ended(&Printed { code, signal, stdout: String::new(), stderr: String::new() });
        assert!(ended(Some(3), None).starts_with("the process exited with code 3 "), "{}", ended(Some(3), None));
        assert!(ended(Some(3), None).contains("`std::process::exit(3)`"));
        assert!(ended(None, Some(6)).contains("signal 6 (SIGABRT"), "{}", ended(None, Some(6)));
    }

    #[test]
    fn a_paste_failure_reads_without_its_diff_preamble_or_colour() {
        let stdout = "test bitmask::judge_paste::case_1_edition_2018 ... FAILED\n\nfailures:\n\n\
            ---- bitmask::judge_paste::case_1_edition_2018 stdout ----\n\
            thread 'x' (5) panicked at crates/n_queens_cases/src/judge.rs:176:5:\n\
            assertion failed: `(left == right)`: judge: the judge's answers differ\n\n\
            \u{1b}[1mDiff\u{1b}[0m < left / > right :\n";
        let printed = Printed { code: Some(101), signal: None, stdout: stdout.to_string(), stderr: String::new() };
        let tests = tests(&printed);
        assert_eq!(tests[0].kind(), Kind::Paste);
        assert_eq!(first_line(&tests[0].outcome), "judge: the judge's answers differ");
        assert!(!format!("{:?}", tests[0].outcome).contains('\u{1b}'));
    }

    #[test]
    fn colour_codes_are_dropped() {
        assert_eq!(strip_colour("\u{1b}[31m<0\u{1b}[0m"), "<0");
    }

    #[test]
    fn wrapped_lines_fit() {
        let text = "word ".repeat(60);
        for line in wrapped("n = 2: ", &text, 2) {
            assert!(line.chars().count() <= WIDTH, "{line}");
        }
    }
}
