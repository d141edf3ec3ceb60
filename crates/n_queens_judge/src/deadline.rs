//! Time limits for code that may never finish (a learner's exercise, a
//! deliberate mistake, a pasted program): a test run that only says "has
//! been running for over 60 seconds" teaches nothing.
//!
//! - [`call_with_deadline`] and [`within`]: a function call, on a thread of
//!   its own; [`output_with_deadline`]: a child process (`n_queens_steps`').
//! - [`caught!`](crate::caught): the test that the shared cases catch a
//!   deliberate mistake, run in a child process (this test binary again, on
//!   its own test), since a mistake may overflow the stack and abort the
//!   whole process; [`first_catch`] reads what the child printed.

use std::fmt;
use std::process::Command;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

pub use n_queens_process::{Ran, output_with_deadline};

use n_queens_cases::{Case, counted_cases};

use crate::Problem;

/// Calls `f` on a new thread named `name` ([`within`]) and returns what it
/// returns; panics with the message `too_slow` builds if it has not
/// returned after `limit`. A panic of `f` goes on here, with its own message.
pub fn call_with_deadline<T, F>(name: &str, limit: Duration, too_slow: impl FnOnce() -> String, f: F) -> T
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    within(name, limit, f).unwrap_or_else(|| panic!("{}", too_slow()))
}

/// Calls `f` on a new thread named `name`: what it returns, or `None` if it
/// has not returned after `limit` (the thread is left to run, to end with
/// the process). A panic of `f` goes on here. The call is over when its
/// thread has ended, its thread-locals dropped included.
pub fn within<T, F>(name: &str, limit: Duration, f: F) -> Option<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (sender, receiver) = mpsc::channel();
    let called = thread::Builder::new().name(name.to_string());
    // A thread that waits for the call's thread to end, which only a join
    // tells, and joining has no time limit.
    thread::spawn(move || {
        let ended = called.spawn(f).expect("spawning a thread").join();
        // The receiver may be gone after a timeout; nothing is waiting then.
        let _ = sender.send(ended);
    });
    match receiver.recv_timeout(limit) {
        Ok(Ok(value)) => Some(value),
        Ok(Err(payload)) => std::panic::resume_unwind(payload),
        Err(RecvTimeoutError::Disconnected) => panic!("spawning the thread of {name}"),
        Err(RecvTimeoutError::Timeout) => None,
    }
}

/// Set in the environment of the child process: run the mistake and print.
pub const MISTAKE_CHILD: &str = "N_QUEENS_MISTAKE_CHILD";

/// How long a mistake's child process may run: one still running is stuck.
pub const CHILD_LIMIT: Duration = Duration::from_secs(60);

/// What a mistake does on the case that catches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// It returned this (wrong) count.
    Returned(i64),
    /// It panicked; the panic message.
    Panicked(String),
    /// The process died without a panic (a stack overflow); its last words.
    Crashed(String),
    /// It was still running after [`CHILD_LIMIT`].
    TimedOut,
}

/// The first shared case a mistake gets wrong, and what it does there.
#[derive(Debug)]
pub struct Catch {
    /// The case ([`counted_cases`]).
    pub case: Case,
    /// What the mistake did on it.
    pub outcome: Outcome,
}

impl fmt::Display for Catch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Case { template, name, n, expected } = self.case;
        write!(f, "caught by {template}::{name} (n = {n}): ")?;
        match &self.outcome {
            // LeetCode 51's boards, as many as expected, but not the expected ones.
            Outcome::Returned(count) if *count == expected as i64 => {
                write!(f, "returns {count}, not the expected boards")?;
            }
            Outcome::Returned(count) => write!(f, "returns {count}")?,
            Outcome::Panicked(message) => write!(f, "panics: {message}")?,
            Outcome::Crashed(message) => write!(f, "crashes: {message}")?,
            Outcome::TimedOut => write!(f, "still running after {} s", CHILD_LIMIT.as_secs())?,
        }
        write!(f, "; expected {expected}")
    }
}

/// What a test expects of a mistake's first catch: the case by its template
/// and name (`"judge_counts::n2"`), and what the mistake does there.
#[derive(Debug)]
pub enum Expect {
    /// It returns this count.
    Returns(&'static str, i64),
    /// It panics with a message that holds this piece.
    Panics(&'static str, &'static str),
    /// Its process dies with an error output that holds this piece.
    Crashes(&'static str, &'static str),
}

impl Expect {
    /// The case, as `"template::name"`.
    pub fn case(&self) -> &'static str {
        match self {
            Expect::Returns(case, _) | Expect::Panics(case, _) | Expect::Crashes(case, _) => case,
        }
    }

    /// Whether `outcome` is what it expects.
    pub fn matches(&self, outcome: &Outcome) -> bool {
        match (self, outcome) {
            (Expect::Returns(_, expected), Outcome::Returned(count)) => expected == count,
            (Expect::Panics(_, piece), Outcome::Panicked(message)) => message.contains(piece),
            (Expect::Crashes(_, piece), Outcome::Crashed(message)) => message.contains(piece),
            _ => false,
        }
    }
}

/// `caught!(mistake, number, Expect::..)`: the test that the shared cases
/// catch the module `mistake` (a LeetCode 52 solution; `caught!(mistake in
/// 51, ..)` for a LeetCode 51 one) first where and how the [`Expect`] says,
/// and that practice links it to the common mistake `number`
/// ([`check_linked`]). In the child process ([`MISTAKE_CHILD`]) it runs the
/// mistake instead.
#[macro_export]
macro_rules! caught {
    ($mistake:ident, $number:literal, $expect:expr) => {
        $crate::caught!(@test $mistake, $number, $expect, $crate::deadline::Solve::Count($mistake::Solution::total_n_queens));
    };
    ($mistake:ident in 51, $number:literal, $expect:expr) => {
        $crate::caught!(@test $mistake, $number, $expect, $crate::deadline::Solve::Boards($mistake::Solution::solve_n_queens));
    };
    (@test $mistake:ident, $number:literal, $expect:expr, $solve:expr) => {
        #[test]
        fn $mistake() {
            if std::env::var_os($crate::deadline::MISTAKE_CHILD).is_some() {
                $crate::deadline::run_as_child($solve);
            } else {
                let catch = $crate::deadline::check_caught(stringify!($mistake), $expect);
                $crate::deadline::check_linked(stringify!($mistake), $number, &catch, $solve);
            }
        }
    };
}

/// A mistake's solution, of either problem.
#[derive(Clone, Copy, Debug)]
pub enum Solve {
    /// LeetCode 52's `total_n_queens`.
    Count(fn(i32) -> i32),
    /// LeetCode 51's `solve_n_queens`.
    Boards(fn(i32) -> Vec<Vec<String>>),
}

impl Solve {
    /// The problem it answers.
    pub fn problem(self) -> Problem {
        match self {
            Solve::Count(_) => Problem::NQueensII,
            Solve::Boards(_) => Problem::NQueens,
        }
    }

    /// What it returns at `case`'s n: the count, or the number of boards,
    /// and whether that is the case's answer (for boards, the expected ones
    /// where the shared cases hold them, else as many).
    pub fn judged(self, case: &Case) -> (i64, bool) {
        match self {
            Solve::Count(solve) => {
                let count = i64::from(solve(case.n));
                (count, count == case.expected as i64)
            }
            Solve::Boards(solve) => {
                let mut boards = solve(case.n);
                let count = boards.len() as i64;
                let right = match n_queens_cases::expected_boards(case.n) {
                    Some(expected) => {
                        boards.sort();
                        boards == expected
                    }
                    None => count == case.expected as i64,
                };
                (count, right)
            }
        }
    }
}

/// In the child: runs `solve` on every shared case in order, printing a
/// line before each call and one with its result, and stops at the first
/// wrong answer or panic. A crash leaves a "running" line without a result.
pub fn run_as_child(solve: Solve) {
    // The parent reads the panic message from the "panicked" line.
    std::panic::set_hook(Box::new(|_| {}));
    for case in counted_cases() {
        let label = format!("{}::{}", case.template, case.name);
        println!("mistake-running {label}");
        match std::panic::catch_unwind(|| solve.judged(&case)) {
            Ok((count, right)) => {
                let verdict = if right { "right" } else { "wrong" };
                println!("mistake-returned {label} {count} {verdict}");
                if !right {
                    return;
                }
            }
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|text| text.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                println!("mistake-panicked {label} {}", message.replace('\n', " "));
                return;
            }
        }
    }
}

/// In the parent: runs the test `mistake` of this test binary as a child:
/// the first case it gets wrong, `None` if none.
pub fn first_catch(mistake: &str) -> Option<Catch> {
    let exe = std::env::current_exe().expect("the test binary");
    let mut command = Command::new(exe);
    command.args([mistake, "--exact", "--nocapture", "--test-threads=1"]).env(MISTAKE_CHILD, "1");
    let ran = output_with_deadline(&mut command, CHILD_LIMIT).expect("starting the child process");
    let stdout = String::from_utf8_lossy(&ran.output.stdout);
    let find = |label: &str| {
        counted_cases().find(|case| format!("{}::{}", case.template, case.name) == label).expect("a shared case")
    };
    let mut running = None;
    for line in stdout.lines() {
        // libtest prints `test NAME ... ` with no line end before the test's own output.
        let Some(start) = line.find("mistake-") else { continue };
        let mut words = line[start..].splitn(3, ' ');
        let (kind, label, rest) = (words.next(), words.next(), words.next().unwrap_or(""));
        match (kind, label) {
            (Some("mistake-running"), Some(label)) => running = Some(find(label)),
            (Some("mistake-returned"), Some(label)) => {
                running = None;
                let (count, verdict) = rest.split_once(' ').expect("a count and a verdict");
                let count: i64 = count.parse().expect("a count");
                if verdict == "wrong" {
                    return Some(Catch { case: find(label), outcome: Outcome::Returned(count) });
                }
            }
            (Some("mistake-panicked"), Some(label)) => {
                return Some(Catch { case: find(label), outcome: Outcome::Panicked(rest.to_string()) });
            }
            _ => {}
        }
    }
    // A case that started and never ended: the process died or was stopped.
    let case = running?;
    if ran.timed_out {
        return Some(Catch { case, outcome: Outcome::TimedOut });
    }
    let stderr = String::from_utf8_lossy(&ran.output.stderr);
    let last = stderr.lines().rev().find(|line| line.contains("overflowed")).or(stderr.lines().last());
    Some(Catch { case, outcome: Outcome::Crashed(last.unwrap_or("no message").trim().to_string()) })
}

/// The test of one mistake: some shared case catches it, and the first one
/// is where and does what `expect` says. Returns that first catch.
pub fn check_caught(mistake: &str, expect: Expect) -> Catch {
    let Some(catch) = first_catch(mistake) else {
        panic!(
            "{mistake}: not caught. It returns the expected count for every shared case \
             (judge_counts, edge_cases, beyond_judge): the cases must have lost the one that caught it."
        );
    };
    // Shown with `cargo test -p n_queens_judge --test mistakes -- --nocapture`.
    println!("{mistake}: {catch}");
    let case = format!("{}::{}", catch.case.template, catch.case.name);
    assert!(
        case == expect.case() && expect.matches(&catch.outcome),
        "{mistake}: {catch}, but this test (and docs/common-mistakes.md) says {expect:?}: update both"
    );
    catch
}

/// The test that `queens practice` links the mistake `mistake`, first caught
/// as `catch`, to the common mistake `number` and no other in an exercise of
/// its step and its problem, and never in another step's. What it returns
/// at another n that a signature names is asked of `solve`. Left out
/// without overflow checks, which practice builds with: without them, two
/// mistakes panic elsewhere.
pub fn check_linked(mistake: &str, number: u8, catch: &Catch, solve: Solve) {
    use n_queens_steps::mistakes::{self, Observed};
    if !cfg!(debug_assertions) {
        return;
    }
    let own = mistakes::MISTAKES.iter().find(|known| known.number == number);
    let own = own.unwrap_or_else(|| panic!("{mistake}: there is no common mistake {number}"));
    let problem = solve.problem();
    let caught = own.caught(problem);
    assert_eq!(catch.case.template, caught.caught_by, "{mistake}: {catch}, but the table says {caught:?}");
    let at_catch = match &catch.outcome {
        Outcome::Returned(count) => Some(Observed::Returned(*count)),
        Outcome::Panicked(message) => Some(Observed::Panicked(message)),
        Outcome::Crashed(stderr) if mistakes::overflowed_its_stack(stderr) => Some(Observed::StackOverflow),
        Outcome::Crashed(_) | Outcome::TimedOut => None,
    };
    let n = catch.case.n;
    let observe = |m: i32| {
        if m == n {
            at_catch
        } else {
            // Asked only where a mistake of the step with the same first catch
            // names another n: one that returns there. A right answer is no
            // signature, as practice reads it.
            let case = counted_cases().find(|case| case.n == m).expect("a shared case");
            let (count, right) = call_with_deadline("also", CHILD_LIMIT, String::new, move || solve.judged(&case));
            (!right).then_some(Observed::Returned(count))
        }
    };
    for step in n_queens_steps::chain::names() {
        let linked: Vec<&str> = mistakes::linked(problem, step, n, observe).iter().map(|known| known.slug).collect();
        if step == own.step {
            assert_eq!(linked, [own.slug], "{mistake}, {catch}: what practice links in an exercise of {step}");
        } else {
            assert!(!linked.contains(&own.slug), "{mistake}, {catch}: linked in an exercise of {step}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expectation_matches_its_outcome_only() {
        let expect = Expect::Returns("judge_counts::n2", 2);
        assert_eq!(expect.case(), "judge_counts::n2");
        assert!(expect.matches(&Outcome::Returned(2)));
        assert!(!expect.matches(&Outcome::Returned(1)));
        assert!(!expect.matches(&Outcome::Panicked("2".into())));
        assert!(Expect::Panics("edge_cases::zero", "overflow").matches(&Outcome::Panicked("capacity overflow".into())));
        assert!(!Expect::Crashes("judge_counts::n1", "stack").matches(&Outcome::TimedOut));
    }

    #[test]
    fn a_call_returns_its_value_or_goes_on_with_its_panic_or_the_limits_message() {
        assert_eq!(call_with_deadline("quick", Duration::from_secs(5), String::new, || 6 * 7), 42);
        let panics = |limit, f: fn() -> u8| {
            let too_slow = || "still running".to_string();
            let payload = std::panic::catch_unwind(|| call_with_deadline("f", limit, too_slow, f)).unwrap_err();
            let message = payload.downcast_ref::<&str>().map(|text| text.to_string());
            message.or_else(|| payload.downcast_ref::<String>().cloned()).unwrap()
        };
        assert_eq!(panics(Duration::from_secs(5), || panic!("the call's own message")), "the call's own message");
        let endless = || loop {
            thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(panics(Duration::from_millis(50), endless), "still running");
    }
}
