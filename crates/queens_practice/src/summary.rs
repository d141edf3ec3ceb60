//! The judge's verdict on an exercise ([`Checked`]) told in a few lines of
//! [`WIDTH`] columns: which n pass and which fail, the smallest failing n
//! in detail after the notes that explain it (a time-out, a crash), the
//! common mistakes with the same signature, and what the answer does past
//! the judge's range.

use n_queens_judge::check::{Checked, Outcome, Report};
use n_queens_judge::session::STACK_OVERFLOW;
use n_queens_steps::mistakes::{self, Observed};

use queens_cli::{Problem, WIDTH};

/// Where an exercise stands: the list view's words, and the lines of detail
/// that `queens practice test` prints under them; recorded as it is
/// ([`crate::record`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Status {
    /// Its answer still holds the starting `todo!(`.
    NotStarted,
    /// Cargo could not build it; the first error, with its place.
    DoesNotCompile(String),
    /// The judge does not build it (too large, too deep, code outside
    /// `main`): why.
    Refused(String),
    /// A case of the judge's range fails.
    Failing {
        /// The smallest failing n.
        n: i32,
        /// What happened there, or what caused it, in one sentence.
        reason: String,
        /// The line over every n, then the smallest failing n in detail.
        details: Vec<String>,
    },
    /// Every case passes, but a test the learner wrote in the file fails.
    OwnTestFailing {
        /// The test's name, as the learner wrote it (`my_tests::four`).
        name: String,
        /// Its failure in one sentence.
        reason: String,
        /// The failure in detail.
        details: Vec<String>,
    },
    /// Every case passes, but the judge-paste check does not; why, in one line.
    Passing(String),
    /// Every case passes, and so does the judge-paste check; the note on what
    /// the answer does past the judge's range.
    Pastes(Vec<String>),
}

impl Status {
    /// Where the judge's check leaves the exercise of `step`.
    pub fn of(checked: &Checked, step: &str) -> Status {
        let report = match checked {
            Checked::DoesNotCompile(error) => return Status::DoesNotCompile(error.clone()),
            Checked::Refused(why) => return Status::Refused(why.clone()),
            Checked::Ran(report) => report,
        };
        if let Some((n, reason, details)) = failing(report, step) {
            return Status::Failing { n, reason, details };
        }
        if let Some(test) = &report.own_test {
            let at = test.place.as_ref().map_or(String::new(), |place| format!(": panicked at {place}"));
            let mut details =
                vec!["passing n = 1 to 9; your own test fails:".to_string(), format!("{}{at}:", test.name)];
            details.extend(wrapped("  ", &test.message, 2));
            let reason = short(test.message.lines().next().unwrap_or_default());
            return Status::OwnTestFailing { name: test.name.clone(), reason, details };
        }
        match report.paste.iter().flatten().next() {
            Some(why) => Status::Passing(why.lines().next().unwrap_or_default().to_string()),
            None => Status::Pastes(past_the_judge(report, step)),
        }
    }

    /// The status in a few words, then a detail after a colon, in lines
    /// that fit after a column `indent` characters from the left edge.
    pub fn describe(&self, indent: usize) -> String {
        let text = match self {
            Status::NotStarted => "not started".to_string(),
            Status::DoesNotCompile(error) => format!("does not compile: {error}"),
            Status::Refused(why) => format!("not built by the judge: {why}"),
            Status::Failing { n, reason, .. } => format!("failing at n = {n}: {reason}"),
            Status::OwnTestFailing { name, reason, .. } => format!("your own test {name} fails: {reason}"),
            Status::Passing(why) => format!("passing, but does not paste into the judge yet: {why}"),
            Status::Pastes(_) => "passing, and pastes into the judge".to_string(),
        };
        after_column(&text, indent)
    }

    /// What `queens practice test` prints about exercise `label` once its
    /// tests ran: a few lines of at most [`WIDTH`] columns.
    pub fn report(&self, label: &str) -> Vec<String> {
        let mut lines = wrapped("", &format!("Exercise {label}: {}", self.describe_short()), 2);
        match self {
            Status::Failing { details, .. } | Status::OwnTestFailing { details, .. } | Status::Pastes(details) => {
                lines.extend(details.iter().cloned());
            }
            Status::DoesNotCompile(error) => {
                lines.extend(wrapped("  ", error, 2));
                if error.contains("E0600") && error.contains("`-`") {
                    lines.extend(wrapped(
                        "",
                        "`-x` does not compile for an unsigned integer: the lowest 1 bit of `free` is \
                         `free & free.wrapping_neg()` (hint 2).",
                        0,
                    ));
                }
            }
            Status::Passing(why) | Status::Refused(why) => lines.extend(wrapped("  ", why, 2)),
            Status::NotStarted => {}
        }
        lines
    }

    /// The words of the report's first line.
    fn describe_short(&self) -> String {
        match self {
            Status::DoesNotCompile(_) => "does not compile".to_string(),
            Status::Refused(_) => "not built by the judge".to_string(),
            Status::Failing { .. } => "failing".to_string(),
            Status::OwnTestFailing { .. } => "the judge's cases pass".to_string(),
            Status::Passing(_) => "passing, but does not paste into the judge yet:".to_string(),
            Status::NotStarted | Status::Pastes(_) => self.describe(0),
        }
    }
}

/// The largest n at which a search that refuses no square, trying every
/// column of every row (n^n placements), is so small that it ends at once:
/// a case still running there at its limit is not slow, it never ends.
const ENDS_AT_ONCE: i32 = 4;

/// What `outcome` at `n` was, in words: for a case still running, what
/// keeps a case of `step` running, for ever at a small n, else too long.
fn message(n: i32, outcome: &Outcome, step: &str) -> String {
    match outcome {
        Outcome::Returned { wrong, .. } => wrong.clone().unwrap_or_default(),
        Outcome::Panicked { message, .. } => message.clone(),
        Outcome::TooSlow(limit) if (1..=ENDS_AT_ONCE).contains(&n) => {
            let question = n_queens_steps::chain::step(step).and_then(|step| step.endless).unwrap_or_default();
            let placements = n.pow(n as u32);
            let placements =
                if placements == 1 { "1 placement".to_string() } else { format!("{placements} placements") };
            format!(
                "still running after {limit} s, so the judge stopped waiting. At n = {n} even a search that \
                 refuses no square ends at once ({placements}): this one never ends. {question} The judge \
                 would report Time Limit Exceeded."
            )
        }
        Outcome::TooSlow(limit) if n >= 1 => {
            let question = n_queens_steps::chain::step(step).and_then(|step| step.too_slow).unwrap_or_default();
            format!(
                "still running after {limit} s, so the judge stopped waiting. {question} The judge would \
                 report Time Limit Exceeded."
            )
        }
        Outcome::TooSlow(limit) => {
            format!("still running after {limit} s, so the judge stopped waiting (the judge never asks for this n)")
        }
        Outcome::Ended(why) => why.clone(),
        Outcome::NotRun => String::new(),
    }
}

/// `text` in lines that fit after a column `indent` characters from the
/// left edge, each after the first indented so: whole words, but for a
/// word longer than a line, which is broken where the line ends.
pub fn after_column(text: &str, indent: usize) -> String {
    let margin = format!("\n{}", " ".repeat(indent));
    textwrap::wrap(text, queens_cli::wrapping(WIDTH - indent).break_words(true)).join(&margin)
}

/// Lines of at most [`WIDTH`] columns: `first` then `text`, wrapped, the
/// lines after the first indented by `indent` spaces.
pub fn wrapped(first: &str, text: &str, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for (index, paragraph) in text.lines().enumerate() {
        let prefix = if index == 0 { first } else { "" };
        let leading = if index == 0 { first.len() - first.trim_start().len() } else { indent };
        let text = format!("{}{paragraph}", prefix.trim_start());
        let words = textwrap::wrap(&text, queens_cli::wrapping(WIDTH - leading.max(indent)));
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

/// The line over every n: `failing at n = 1, 5; passing 2 to 4; not run 6 to 9`.
fn over_every_n(cases: &[(i32, Outcome)]) -> String {
    let ns = |keep: &dyn Fn(&Outcome) -> bool| -> Vec<i32> {
        cases.iter().filter(|(_, outcome)| keep(outcome)).map(|(n, _)| *n).collect()
    };
    let failing = ns(&Outcome::failed);
    let passing = ns(&|outcome| !outcome.failed() && *outcome != Outcome::NotRun);
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

/// What `outcome` did at `n` in an exercise of `problem` and `step`, in
/// lines (`n = 4: returned 0, expected 2`), then the common mistakes it
/// looks like.
fn detail(n: i32, outcome: &Outcome, problem: Problem, step: &str, others: &[(i32, Outcome)]) -> Vec<String> {
    let said = message(n, outcome, step);
    let mut lines = match outcome {
        Outcome::Panicked { place: Some(place), .. } => {
            [vec![format!("n = {n}: panicked at {place}:")], wrapped("  ", &said, 2)].concat()
        }
        Outcome::Ended(_) => [vec![format!("n = {n}: the answer's process ended:")], wrapped("  ", &said, 2)].concat(),
        Outcome::NotRun | Outcome::Returned { wrong: None, .. } => Vec::new(),
        _ => wrapped(&format!("n = {n}: "), &said, 2),
    };
    lines.extend(mistake(n, outcome, problem, step, others));
    lines
}

/// The summary of a failing run: the line over every n, the smallest
/// failing n in detail, then a time-out or a crash at a larger n (which may
/// be the cause: a loop that never ends counts past `i32::MAX` at a smaller
/// n); `None` when no case of the judge's range fails.
fn failing(report: &Report, step: &str) -> Option<(i32, String, Vec<String>)> {
    let cases = &report.cases;
    let problem = problem(report);
    let (smallest, first) = cases.iter().find(|(_, outcome)| outcome.failed())?;
    let mut lines = wrapped("", &over_every_n(cases), 2);
    let reason = message(*smallest, first, step).lines().next().unwrap_or_default().to_string();
    lines.extend(detail(*smallest, first, problem, step, cases));
    let undo_forgotten = *smallest == 4
        && observed(first) == Some(Observed::Returned(0))
        && n_queens_steps::chain::step(step).is_some_and(|step| step.undoes)
        && mistake(4, first, problem, step, cases).is_empty();
    if undo_forgotten {
        lines.extend(wrapped(
            "  ",
            "0 at n = 4, the first n with a solution, is what a search gives that takes a queen \
             back without undoing its mark: after the first dead end, every later square is still \
             blocked. Is each change before the recursive call undone after it?",
            2,
        ));
    }
    let cause = cases.iter().find(|(_, outcome)| matches!(outcome, Outcome::TooSlow(_) | Outcome::Ended(_)));
    if let Some((n, outcome)) = cause.filter(|(n, _)| n != smallest) {
        lines.extend(wrapped(&format!("Then n = {n}: "), &message(*n, outcome, step), 2));
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

/// The note on what the answer does past the judge's range: never a
/// failure, since the judge never asks.
fn past_the_judge(report: &Report, step: &str) -> Vec<String> {
    let mut said = Vec::new();
    let mut details = Vec::new();
    for (n, outcome) in &report.past {
        match outcome {
            Outcome::Returned { count, .. } => {
                let what = match (report.boards, count) {
                    (true, 1) => " board",
                    (true, _) => " boards",
                    (false, _) => "",
                };
                said.push(format!("n = {n} returns {count}{what}"));
            }
            Outcome::NotRun => said.push(format!("n = {n} is not run")),
            failed => {
                said.push(format!("n = {n} fails (below)"));
                details.extend(detail(*n, failed, problem(report), step, &[]));
            }
        }
    }
    let mut lines = vec!["Past the judge's range, which the judge never asks:".to_string()];
    lines.extend(said.iter().map(|said| format!("  {said}")));
    lines.extend(details);
    lines
}

/// The problem whose answers `report` judged.
fn problem(report: &Report) -> Problem {
    if report.boards { Problem::NQueens } else { Problem::NQueensII }
}

/// What `outcome` shows of the answer, as the common mistakes' signatures
/// are written; `None` for what no signature is.
fn observed(outcome: &Outcome) -> Option<Observed<'_>> {
    match outcome {
        Outcome::Returned { count, wrong: Some(_) } => Some(Observed::Returned(*count)),
        Outcome::Panicked { place: Some(_), message } => Some(Observed::Panicked(message)),
        Outcome::Ended(why) if why == STACK_OVERFLOW => Some(Observed::StackOverflow),
        _ => None,
    }
}

/// The common mistakes of `problem`'s exercise of `step` whose signature
/// is `outcome` at `n`, the first failing n (`others` at the other n): its
/// title and its link.
fn mistake(n: i32, outcome: &Outcome, problem: Problem, step: &str, others: &[(i32, Outcome)]) -> Vec<String> {
    let observe = |m: i32| {
        if m == n {
            observed(outcome)
        } else {
            others.iter().find(|(other, _)| *other == m).and_then(|(_, o)| observed(o))
        }
    };
    let mut lines = Vec::new();
    for mistake in mistakes::linked(problem, step, n, observe) {
        lines.push(format!("  A common mistake gives exactly this: {}", mistake.title));
        lines.push(format!("  {}", mistake.link()));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report of counts at n = 1, 2, ..., (returned, expected) each, the
    /// rest not run; nothing more.
    fn counts(counts: &[(i64, i64)]) -> Report {
        let outcome = |&(count, expected): &(i64, i64)| Outcome::Returned {
            count,
            wrong: (count != expected).then(|| format!("returned {count}, expected {expected}")),
        };
        let mut cases: Vec<(i32, Outcome)> = counts.iter().zip(1..).map(|(case, n)| (n, outcome(case))).collect();
        cases.extend((cases.len() as i32 + 1..=9).map(|n| (n, Outcome::NotRun)));
        Report { boards: false, cases, own_test: None, paste: Vec::new(), past: Vec::new(), missing: Vec::new() }
    }

    fn returned(count: i64, expected: i64) -> Outcome {
        Outcome::Returned { count, wrong: Some(format!("returned {count}, expected {expected}")) }
    }

    #[test]
    fn runs_of_n_are_written_as_ranges() {
        assert_eq!(list_ns(&[1, 5, 7, 9]), "1, 5, 7, 9");
        assert_eq!(list_ns(&[2, 3, 4, 6, 8]), "2 to 4, 6, 8");
        assert_eq!(list_ns(&[1, 2]), "1, 2");
    }

    #[test]
    fn the_smallest_failing_n_and_its_message() {
        let report = counts(&[(1, 1), (0, 0), (0, 0), (0, 2), (0, 10), (4, 4), (40, 40), (92, 92), (352, 352)]);
        let Status::Failing { n, reason, details } = Status::of(&Checked::Ran(report), "bitmask") else {
            panic!("failing");
        };
        assert_eq!((n, reason.as_str()), (4, "returned 0, expected 2"));
        assert_eq!(details[0], "failing at n = 4, 5; passing 1 to 3, 6 to 9");
        assert_eq!(details[1], "n = 4: returned 0, expected 2");
    }

    #[test]
    fn a_crash_is_reported_at_the_case_that_was_running() {
        let mut report = counts(&[(1, 1)]);
        report.cases[1].1 = Outcome::Ended(STACK_OVERFLOW.to_string());
        let Status::Failing { n, reason, details } = Status::of(&Checked::Ran(report), "bitmask") else {
            panic!("a crash is a failure")
        };
        assert_eq!(n, 2);
        assert!(reason.contains("stack overflow"), "{reason}");
        assert_eq!(details[0], "failing at n = 2; passing 1; not run 3 to 9");
    }

    #[test]
    fn the_paste_decides_between_passing_and_pastes() {
        let mut report = counts(&[(1, 1), (0, 0), (0, 0), (2, 2), (10, 10), (4, 4), (40, 40), (92, 92), (352, 352)]);
        report.paste = vec![None, None];
        report.past = vec![(0, Outcome::Returned { count: 1, wrong: None }), (-1, Outcome::Ended("gone".into()))];
        let Status::Pastes(note) = Status::of(&Checked::Ran(report.clone()), "bitmask") else {
            panic!("pastes");
        };
        assert_eq!(note[1..4], ["  n = 0 returns 1", "  n = -1 fails (below)", "n = -1: the answer's process ended:"]);
        report.paste = vec![Some("no.\nmore".to_string()), None];
        assert_eq!(Status::of(&Checked::Ran(report), "bitmask"), Status::Passing("no.".into()));
    }

    #[test]
    fn only_the_mistakes_of_the_step_are_linked() {
        // `full = 1 << n` returns 1 at n = 3 too; both masks shifted left, 3.
        let full = [(1, returned(1, 1)), (3, returned(1, 0))];
        let lines = mistake(2, &returned(1, 0), Problem::NQueensII, "bitmask", &full).join("\n");
        assert!(lines.contains("docs/common-mistakes.md#3-full--1--n"), "{lines}");
        assert!(!lines.contains("#4-"), "{lines}");
        let shifted = [(3, returned(3, 0))];
        let lines = mistake(2, &returned(1, 0), Problem::NQueensII, "bitmask", &shifted).join("\n");
        assert!(lines.contains("docs/common-mistakes.md#4-one-mask-shifted-the-wrong-way"), "{lines}");
        // The same count in another step links that step's own mistake, not the bitmask step's.
        let column_abs = mistake(2, &returned(1, 0), Problem::NQueensII, "column_abs", &full).join("\n");
        assert!(column_abs.contains("#10-the-distance-without-abs") && !column_abs.contains("#3-"), "{column_abs}");
        assert!(mistake(2, &returned(1, 0), Problem::NQueensII, "three_arrays", &full).is_empty());
        assert!(mistake(3, &returned(1, 0), Problem::NQueensII, "bitmask", &full).is_empty());
        assert!(
            mistake(1, &Outcome::Ended(STACK_OVERFLOW.to_string()), Problem::NQueensII, "bitmask", &[])
                .join("\n")
                .contains("#2--where--belongs")
        );
        let no_boards = Outcome::Returned { count: 0, wrong: Some("returned 0 boards, expected 2".into()) };
        assert!(
            mistake(4, &no_boards, Problem::NQueens, "three_arrays", &[]).join("\n").contains("#5-flags-not-cleared")
        );
        let place = Some("x.rs:1:1".to_string());
        let panicked = Outcome::Panicked { place, message: "index out of bounds: the len is 1".to_string() };
        assert!(
            mistake(1, &panicked, Problem::NQueensII, "board_scan", &[])
                .join("\n")
                .contains("#7-the-base-case-after-the-loop")
        );
        assert!(
            mistake(1, &panicked, Problem::NQueensII, "three_arrays", &[]).join("\n").contains("#8-an-offset-of-n")
        );
    }

    /// A case still running at a small n never ends, which the step's
    /// question on its loops asks about; at a large n the search may only be
    /// slow, which the question on what it refuses asks about.
    #[test]
    fn a_time_out_asks_about_the_loop_at_a_small_n_and_the_pruning_at_a_large_one() {
        let flags = "Are the three flags of a queen set before the recursive call";
        let the_loop = "Does the loop over the columns move on at each turn";
        let small = message(2, &Outcome::TooSlow(10), "three_arrays");
        assert!(small.contains(the_loop) && !small.contains(flags), "{small}");
        assert!(small.contains("At n = 2 even a search that refuses no square ends at once (4 placements)"), "{small}");
        let large = message(8, &Outcome::TooSlow(10), "three_arrays");
        assert!(large.contains(flags) && !large.contains(the_loop), "{large}");
        assert!(message(1, &Outcome::TooSlow(10), "board_scan").contains("(1 placement)"));
    }

    #[test]
    fn lines_fit_the_width_in_the_list_and_the_report() {
        let text = "word ".repeat(60);
        for line in wrapped("n = 2: ", &text, 2) {
            assert!(line.chars().count() <= WIDTH, "{line}");
        }
        let reason = "still running after 10 s, so the judge stopped waiting. ".repeat(4);
        let described = Status::Failing { n: 2, reason: reason.clone(), details: Vec::new() }.describe(23);
        for (index, line) in described.lines().enumerate() {
            let width = line.chars().count() + if index == 0 { 23 } else { 0 };
            assert!(width <= WIDTH, "{line}");
        }
        assert!(described.lines().count() > 1);
        assert_eq!(
            described.split_whitespace().collect::<Vec<_>>().join(" "),
            format!("failing at n = 2: {}", reason.trim()),
            "no word is cut"
        );
    }
}
