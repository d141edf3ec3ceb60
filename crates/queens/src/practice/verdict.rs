//! The harness's lines of a run, read back as a verdict ([`Report`]): in
//! the harness's order, each once, to the last, which says the exit code the
//! process must end with; anything else is a run without a verdict.

use serde_json::Value;

use super::results::Printed;

/// What the answer did at one n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It returned.
    Returned {
        /// The count, or the number of boards.
        count: i64,
        /// What is wrong, `returned 0, expected 2`; `None` when it is right.
        wrong: Option<String>,
    },
    /// It panicked: the message, and the place when that is the learner's file.
    Panicked {
        /// The panic's message.
        message: String,
        /// `crates/n_queens_ii/exercises/bitmask.rs:12:5`.
        place: Option<String>,
    },
    /// Still running after this many seconds: the harness stopped waiting.
    TooSlow(u64),
    /// The test process ended while it ran (a stack overflow, an exit).
    Ended,
    /// Not run: the process ended first, or an earlier n ran out of time.
    NotRun,
}

impl Outcome {
    /// Whether this counts against the answer.
    pub fn failed(&self) -> bool {
        !matches!(self, Outcome::Returned { wrong: None, .. } | Outcome::NotRun)
    }
}

/// A test of the learner's own that fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnTest {
    /// Its name, `my_tests::four`.
    pub name: String,
    /// Its panic's message.
    pub message: String,
    /// Where it panicked, in the learner's file.
    pub place: Option<String>,
}

/// A run of the test target, read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whether the answers are boards (LeetCode 51), not counts.
    pub boards: bool,
    /// The judge's range, n = 1..=9, in order.
    pub cases: Vec<(i32, Outcome)>,
    /// The first of the learner's own tests that fails, if one does.
    pub own_test: Option<OwnTest>,
    /// The judge-paste check in each edition, `None` where it pastes; short of two when the process ended first.
    pub paste: Vec<Option<String>>,
    /// n = 0 and -1, past the judge's range, in order; empty when not run.
    pub past: Vec<(i32, Outcome)>,
}

/// The harness's lines in `printed` as a [`Report`]: a case missing after
/// the last line is where the process ended ([`Outcome::Ended`]), and the
/// ones after it are not run. An error says why the lines are no verdict: a
/// line out of the harness's order, or a last line whose exit code is not
/// the one the lines call for, or not the process's own.
pub fn read(printed: &Printed) -> Result<Report, String> {
    let mut values = Vec::new();
    for line in printed.stdout.lines() {
        let value: Value =
            serde_json::from_str(line).map_err(|_| format!("a line of the harness is not JSON: {line}"))?;
        values.push(value);
    }
    let mut lines = Lines { values: &values, next: 0 };
    let boards = values.first().is_some_and(|line| line["case"] == "boards");
    let kind = if boards { "boards" } else { "counts" };
    let cases = lines.outcomes(kind, &[1, 2, 3, 4, 5, 6, 7, 8, 9])?;
    // The harness goes on past the cases only when every one is right.
    let all_right = cases.iter().all(|(_, outcome)| !outcome.failed());
    let (mut own_test, mut paste, mut past) = (None, Vec::new(), Vec::new());
    if all_right {
        if let Some(line) = lines.take_if("own_test") {
            own_test = (line["outcome"] != "passed").then(|| OwnTest {
                name: text(&line["name"]),
                message: text(&line["message"]),
                place: line["place"].as_str().map(String::from),
            });
        }
        for edition in ["2018", "2021"] {
            let Some(line) = lines.take("paste", "edition", edition.into())? else { break };
            paste.push((line["outcome"] != "pastes").then(|| text(&line["message"])));
        }
        if paste.len() == 2 {
            past = lines.outcomes("past_the_judge", &[0, -1])?;
        }
    }
    let report = Report { boards, cases, own_test, paste, past };
    let end = lines.take("end", "case", "end".into())?;
    if let Some(line) = values.get(lines.next) {
        return Err(format!("{} came after the harness's last line", label(line)));
    }
    let Some(end) = end else {
        if report.past.len() == 2 && !report.past.iter().any(|(_, outcome)| *outcome == Outcome::Ended) {
            return Err(format!("the process {} before the harness's last line", printed.how_it_ended()));
        }
        return Ok(report);
    };
    let code = i64::from(!report.passes());
    if end["exit_code"] != code {
        return Err(format!(
            "the harness's last line says exit code {}, where its lines call for {code}",
            end["exit_code"]
        ));
    }
    if printed.code.map(i64::from) != Some(code) || printed.timed_out {
        return Err(format!(
            "the harness ended with exit code {code}, but the process {}: something else ended it",
            printed.how_it_ended()
        ));
    }
    Ok(report)
}

impl Report {
    /// Whether the harness ends it with exit code 0: every case right, the
    /// learner's tests pass, both editions paste.
    fn passes(&self) -> bool {
        self.cases.iter().all(|(_, outcome)| matches!(outcome, Outcome::Returned { wrong: None, .. }))
            && self.own_test.is_none()
            && self.paste.len() == 2
            && self.paste.iter().all(Option::is_none)
    }
}

/// The harness's lines, read in its order.
struct Lines<'a> {
    values: &'a [Value],
    /// The next one to read.
    next: usize,
}

impl<'a> Lines<'a> {
    /// The next line when it is the `case` whose `key` is `value`; `None`
    /// when the lines end here; an error when another line comes.
    fn take(&mut self, case: &str, key: &str, value: Value) -> Result<Option<&'a Value>, String> {
        let Some(line) = self.values.get(self.next) else { return Ok(None) };
        if line["case"] != case || line[key] != value {
            let said = label(line);
            let twice = self.values[..self.next].iter().any(|earlier| label(earlier) == said);
            if twice {
                return Err(format!("{said} was reported twice"));
            }
            let mut expected = serde_json::json!({ "case": case });
            expected[key] = value;
            return Err(format!("{said} came where {} belongs", label(&expected)));
        }
        self.next += 1;
        Ok(Some(line))
    }

    /// The next line when it is a `case`, which may be left out.
    fn take_if(&mut self, case: &str) -> Option<&'a Value> {
        let line = self.values.get(self.next).filter(|line| line["case"] == case)?;
        self.next += 1;
        Some(line)
    }

    /// The outcome at each of `ns`, in order, from the lines of `case`.
    fn outcomes(&mut self, case: &str, ns: &[i32]) -> Result<Vec<(i32, Outcome)>, String> {
        let mut ended = false;
        let mut outcomes = Vec::new();
        for &n in ns {
            let outcome = match self.take(case, "n", n.into())? {
                Some(line) => outcome(line),
                None if ended => Outcome::NotRun,
                None => {
                    ended = true;
                    Outcome::Ended
                }
            };
            outcomes.push((n, outcome));
        }
        Ok(outcomes)
    }
}

/// A line as a verdict names it: `counts n = 4`, `paste 2018`, `end`.
fn label(line: &Value) -> String {
    let case = line["case"].as_str().unwrap_or("a line");
    match (&line["n"], &line["edition"]) {
        (Value::Number(n), _) => format!("{case} n = {n}"),
        (_, Value::String(edition)) => format!("{case} {edition}"),
        _ => case.to_string(),
    }
}

/// One case's outcome, from its line.
fn outcome(line: &Value) -> Outcome {
    match line["outcome"].as_str() {
        Some("returned") => Outcome::Returned {
            count: line["count"].as_i64().unwrap_or(i64::MAX),
            wrong: line["wrong"].as_str().map(String::from),
        },
        Some("panicked") => {
            Outcome::Panicked { message: text(&line["message"]), place: line["place"].as_str().map(String::from) }
        }
        Some("too_slow") => Outcome::TooSlow(line["limit_s"].as_u64().unwrap_or_default()),
        _ => Outcome::NotRun,
    }
}

/// A string field, or empty.
fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run that printed `lines` and ended with `code`.
    fn printed(lines: &str, code: Option<i32>) -> Printed {
        Printed::of(code, lines, "")
    }

    /// The lines of counts at n = 1..=9, all right but at `wrong`.
    fn counts(wrong: Option<i32>) -> String {
        (1..=9)
            .map(|n| {
                let what = if Some(n) == wrong { ",\"wrong\":\"returned 7, expected 0\"" } else { "" };
                format!("{{\"case\":\"counts\",\"count\":1,\"n\":{n},\"outcome\":\"returned\"{what}}}\n")
            })
            .collect()
    }

    /// The lines after a pass: both editions paste, n = 0 and -1 return.
    const AFTER_A_PASS: &str = "{\"case\":\"paste\",\"edition\":\"2018\",\"outcome\":\"pastes\"}\n\
                                {\"case\":\"paste\",\"edition\":\"2021\",\"outcome\":\"pastes\"}\n\
                                {\"case\":\"past_the_judge\",\"count\":1,\"n\":0,\"outcome\":\"returned\"}\n\
                                {\"case\":\"past_the_judge\",\"count\":0,\"n\":-1,\"outcome\":\"returned\"}\n";

    #[test]
    fn a_crash_is_at_the_case_after_the_last_line_and_a_pass_goes_on_to_the_paste() {
        let stdout = "{\"case\":\"counts\",\"n\":1,\"outcome\":\"returned\",\"count\":1,\"expected\":1}\n\
                      {\"case\":\"counts\",\"n\":2,\"outcome\":\"returned\",\"count\":1,\"expected\":0,\
                      \"wrong\":\"returned 1, expected 0\"}\n";
        let report = read(&printed(stdout, None)).unwrap();
        assert!(!report.boards);
        assert_eq!(report.cases[0], (1, Outcome::Returned { count: 1, wrong: None }));
        assert_eq!(report.cases[1].1, Outcome::Returned { count: 1, wrong: Some("returned 1, expected 0".into()) });
        assert_eq!(report.cases[2], (3, Outcome::Ended));
        assert_eq!(report.cases[8], (9, Outcome::NotRun));
        assert!(report.past.is_empty() && report.paste.is_empty());
        // After a pass, the paste and past the judge are read.
        let mut stdout: String = (1..=9)
            .map(|n| format!("{{\"case\":\"boards\",\"n\":{n},\"outcome\":\"returned\",\"count\":1,\"expected\":1}}\n"))
            .collect();
        stdout += "{\"case\":\"paste\",\"edition\":\"2018\",\"outcome\":\"refused\",\"message\":\"no\"}\n\
                   {\"case\":\"paste\",\"edition\":\"2021\",\"outcome\":\"pastes\"}\n\
                   {\"case\":\"past_the_judge\",\"n\":0,\"outcome\":\"too_slow\",\"limit_s\":1}\n";
        let report = read(&printed(&stdout, Some(-1))).unwrap();
        assert!(report.boards);
        assert_eq!(report.paste, [Some("no".to_string()), None]);
        assert_eq!(report.past, [(0, Outcome::TooSlow(1)), (-1, Outcome::Ended)]);
    }

    /// The harness's last line says the exit code; the process must end with
    /// it, and it must be the one the lines call for.
    #[test]
    fn the_exit_code_is_the_last_lines_and_the_processs() {
        let end = |code: i32| format!("{{\"case\":\"end\",\"exit_code\":{code}}}\n");
        let passed = format!("{}{AFTER_A_PASS}{}", counts(None), end(0));
        assert!(read(&printed(&passed, Some(0))).is_ok());
        let error = read(&printed(&passed, Some(3))).unwrap_err();
        assert_eq!(
            error,
            "the harness ended with exit code 0, but the process exited with code 3: something else ended it"
        );
        let failed = format!("{}{}", counts(Some(2)), end(1));
        assert!(read(&printed(&failed, Some(1))).is_ok());
        let error = read(&printed(&format!("{}{}", counts(Some(2)), end(0)), Some(0))).unwrap_err();
        assert_eq!(error, "the harness's last line says exit code 0, where its lines call for 1");
        // Complete but for the last line: the process ended before the harness did.
        let error = read(&printed(&format!("{}{AFTER_A_PASS}", counts(None)), Some(0))).unwrap_err();
        assert_eq!(error, "the process exited with code 0 before the harness's last line");
    }

    /// A case twice, a case out of its place, a line after the last: no
    /// verdict, and the reason names the line.
    #[test]
    fn lines_out_of_the_harness_order_are_no_verdict() {
        let twice = counts(None).replacen("\"n\":2,", "\"n\":1,", 1);
        assert_eq!(read(&printed(&twice, Some(1))).unwrap_err(), "counts n = 1 was reported twice");
        let lines = counts(None);
        let mut swapped: Vec<&str> = lines.lines().collect();
        swapped.swap(3, 4);
        let swapped = swapped.join("\n");
        assert_eq!(read(&printed(&swapped, Some(1))).unwrap_err(), "counts n = 5 came where counts n = 4 belongs");
        let early = format!("{}{AFTER_A_PASS}", counts(Some(3)));
        assert_eq!(read(&printed(&early, Some(1))).unwrap_err(), "paste 2018 came where end belongs");
        let after = format!("{}{{\"case\":\"end\",\"exit_code\":1}}\n{}", counts(Some(3)), counts(None));
        assert_eq!(read(&printed(&after, Some(1))).unwrap_err(), "counts n = 1 came after the harness's last line");
        let not_json = format!("{}not json\n", counts(None));
        assert!(read(&printed(&not_json, Some(1))).unwrap_err().starts_with("a line of the harness is not JSON"));
    }
}
