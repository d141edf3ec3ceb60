//! The judge-paste check: an approach file, cut as a user copies it
//! ([`judge_text`], `n_queens_facts`' cut, which `queens paste` prints too),
//! or a learner's exercise pasted whole after the solution line
//! ([`exercise_text`]), compiled and run the way the judge would.
//!
//! The approach files are run on [`HARNESS_NS`], a learner's exercise only
//! on [`JUDGE_NS`]. The harness writes the answers alone to a file: what a
//! solution prints is ignored, as the judge ignores it. As the judge does,
//! a paste is compiled with none of cargo's variables under
//! [`COMPILE_LIMIT`], and run under [`RUN_LIMIT`] in an empty folder of its
//! own with an empty environment.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::deadline::output_with_deadline;
pub use crate::msrv::COMPILE_LIMIT;
use crate::msrv::as_the_judge_compiles;

pub use n_queens_facts::Problem;
pub use n_queens_facts::judge::{SOLUTION_LINE, exercise_text, from_root, judge_text};

/// The `n` the harness asks for: the edge cases, then the judge's range 1..=9.
pub const HARNESS_NS: [i32; 12] = [i32::MIN, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// The judge's own range, its constraint `1 <= n <= 9`: all a judge-accepted
/// answer is known to handle (it may panic or search without end at n <= 0).
pub const JUDGE_NS: [i32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// How long a compiled paste may run, and a learner's own tests all
/// together: a program still running is stuck in a loop.
pub const RUN_LIMIT: Duration = Duration::from_secs(60);

/// An empty folder to run the program `name` in, made afresh in `dir`.
pub(crate) fn empty_folder(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let folder = dir.join(format!("{name}.run"));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).map_err(|error| format!("creating {}: {error}", folder.display()))?;
    Ok(folder)
}

/// Runs `binary` with `args` as the judge runs a paste: in `folder`, with an
/// empty environment but `env`, for `limit` at most.
pub(crate) fn run_as_the_judge(
    binary: &Path,
    args: &[&std::ffi::OsStr],
    folder: &Path,
    env: &[(&str, &str)],
    limit: Duration,
) -> Result<crate::deadline::Ran, String> {
    let mut command = Command::new(binary);
    command.args(args).current_dir(folder).env_clear().envs(env.iter().copied());
    output_with_deadline(&mut command, limit).map_err(|error| format!("running {}: {error}", binary.display()))
}

/// A whole program as the judge builds it: its own `struct Solution;`, the
/// pasted text, and a `main` that writes the answer for every [`HARNESS_NS`]
/// to the file named by its first argument.
pub fn harness(problem: Problem, pasted: &str) -> String {
    harness_for(problem, pasted, &HARNESS_NS)
}

/// [`harness`] asking for the answers of `ns` only.
pub fn harness_for(problem: Problem, pasted: &str, ns: &[i32]) -> String {
    let ns: Vec<String> =
        ns.iter().map(|&n| if n == i32::MIN { "i32::MIN".to_string() } else { n.to_string() }).collect();
    let ns = format!("[{}]", ns.join(", "));
    let main = match problem {
        Problem::NQueens => {
            r#"fn main() {
    let ns = NS_LIST;
    let mut answers = String::new();
    for &n in ns.iter() {
        let mut boards = Solution::solve_n_queens(n);
        boards.sort();
        answers.push_str(&format!("n = {}: {} boards\n", n, boards.len()));
        for board in boards.iter() {
            answers.push_str(&format!("  {}\n", board.join("|")));
        }
    }
    ANSWERS_FILE
}"#
        }
        Problem::NQueensII => {
            r#"fn main() {
    let ns = NS_LIST;
    let mut answers = String::new();
    for &n in ns.iter() {
        answers.push_str(&format!("n = {}: {} solutions\n", n, Solution::total_n_queens(n)));
    }
    ANSWERS_FILE
}"#
        }
    };
    // Not to stdout, where the solution's own prints would mix in.
    let write = "let file = std::env::args().nth(1).expect(\"the answers' file\");\n    \
                 std::fs::write(file, answers).expect(\"writing the answers\");";
    let main = main.replace("NS_LIST", &ns).replace("ANSWERS_FILE", write);
    format!("{}\n\n{main}\n", harness_prefix(pasted))
}

/// The judge's own `struct Solution;`, then the pasted text ([`Place`] counts its lines).
pub(crate) fn harness_prefix(pasted: &str) -> String {
    format!("// As the judge builds it.\n#![allow(dead_code)]\nstruct Solution;\n\n{pasted}")
}

/// What the harness of [`harness`] must print, built from the shared
/// expected outputs (never from an approach).
pub fn expected_output(problem: Problem) -> String {
    expected_output_for(problem, &HARNESS_NS)
}

/// What [`harness_for`] with `ns` must print.
pub fn expected_output_for(problem: Problem, ns: &[i32]) -> String {
    let mut out = String::new();
    for &n in ns {
        let boards = n_queens_cases::expected_boards(n).expect("boards for the harness range");
        match problem {
            Problem::NQueens => {
                writeln!(out, "n = {n}: {} boards", boards.len()).unwrap();
                for board in boards {
                    writeln!(out, "  {}", board.join("|")).unwrap();
                }
            }
            Problem::NQueensII => writeln!(out, "n = {n}: {} solutions", boards.len()).unwrap(),
        }
    }
    out
}

/// Compiles `program` with `rustc --edition <edition>` (`RUSTC`, or the one
/// on `PATH`) into `dir` under the file name `name`, runs it with a file to
/// write its answers in, and returns them; or the compiler's or program's
/// own message. `non_fmt_panics` is an error: in edition 2018,
/// `assert!(ok, "n = {n}")` prints `{n}` as it stands, not the value.
pub fn compile_and_run(program: &str, edition: &str, dir: &Path, name: &str) -> Result<String, String> {
    let source = dir.join(format!("{name}.rs"));
    let binary = compile(program, edition, dir, name, false).map_err(|error| match error {
        Refused::Compiler(stderr) => {
            format!("{} does not compile with --edition {edition}:\n{stderr}", source.display())
        }
        Refused::Other(error) => error,
    })?;
    run_answers(&binary, dir, name)
}

/// Why a program was not compiled.
pub(crate) enum Refused {
    /// The compiler refused it, with this standard error.
    Compiler(String),
    /// It could not be written, or the compiler could not be run.
    Other(String),
}

/// Compiles `program` as [`compile_and_run`] does; the binary's path.
pub(crate) fn compile(program: &str, edition: &str, dir: &Path, name: &str, test: bool) -> Result<PathBuf, Refused> {
    std::fs::create_dir_all(dir).map_err(|error| Refused::Other(format!("creating {}: {error}", dir.display())))?;
    let source = dir.join(format!("{name}.rs"));
    let binary = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    std::fs::write(&source, program)
        .map_err(|error| Refused::Other(format!("writing {}: {error}", source.display())))?;
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let mut command = Command::new(&rustc);
    command
        .args(["--edition", edition, "-O", "-D", "non_fmt_panics", "--crate-name", "judge", "-o"])
        .arg(&binary)
        .args(test.then_some("--test"))
        .arg(&source);
    let compiled = output_with_deadline(as_the_judge_compiles(&mut command), COMPILE_LIMIT)
        .map_err(|error| Refused::Other(format!("running {rustc}: {error}")))?;
    if compiled.timed_out {
        return Err(Refused::Other(format!(
            "{rustc} was still compiling {} after {} s and was stopped",
            source.display(),
            COMPILE_LIMIT.as_secs()
        )));
    }
    if !compiled.output.status.success() {
        return Err(Refused::Compiler(String::from_utf8_lossy(&compiled.output.stderr).into_owned()));
    }
    Ok(binary)
}

/// Runs a compiled harness as the judge does ([`run_as_the_judge`]): the answers it writes.
fn run_answers(binary: &Path, dir: &Path, name: &str) -> Result<String, String> {
    let answers = dir.join(format!("{name}.answers"));
    let _ = std::fs::remove_file(&answers);
    let folder = empty_folder(dir, name)?;
    let ran = run_as_the_judge(binary, &[answers.as_os_str()], &folder, &[], RUN_LIMIT)?;
    if ran.timed_out {
        return Err(format!(
            "{} was still running after {} s and was stopped: a loop that never ends? \
             (the judge would report Time Limit Exceeded)",
            binary.display(),
            RUN_LIMIT.as_secs()
        ));
    }
    let ran = ran.output;
    if !ran.status.success() {
        // Its panic's message on the first line, which is what a learner sees first.
        let stderr = String::from_utf8_lossy(&ran.stderr);
        let said: Vec<&str> =
            stderr.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with("note: ")).collect();
        return Err(format!("{} failed, run as the judge runs it: {}", binary.display(), said.join(" ")));
    }
    std::fs::read_to_string(&answers).map_err(|error| format!("reading {}: {error}", answers.display()))
}

/// The judge-paste test of one approach file: cuts `source` with
/// [`judge_text`], wraps it in the [`harness`], compiles it with
/// `rustc --edition <edition>` into `dir`, runs it and compares its answers
/// with [`expected_output`] (a readable diff when they differ). Panics with
/// the reason on failure.
pub fn assert_pastes(problem: Problem, source: &str, edition: &str, dir: &Path, name: &str) {
    let pasted = judge_text(source).unwrap_or_else(|| panic!("{}", no_solution_line(name)));
    let output =
        compile_and_run(&harness(problem, pasted), edition, dir, name).unwrap_or_else(|error| panic!("{error}"));
    pretty_assertions::assert_eq!(output, expected_output(problem), "{name}: the judge's answers differ");
}

/// The judge-paste check of a learner's exercise, the file `shown` (from the
/// workspace root) whose text is `source`: [`exercise_text`], compiled as
/// the judge does, run on [`JUDGE_NS`] and compared with
/// [`expected_output_for`], then held to the judge's Rust
/// ([`newer_than_the_judge`]). The error's first line says why, at its
/// place in `shown`.
///
/// [`newer_than_the_judge`]: crate::msrv::newer_than_the_judge
pub fn exercise_pastes(
    problem: Problem,
    source: &str,
    shown: &str,
    edition: &str,
    dir: &Path,
    name: &str,
) -> Result<(), String> {
    let pasted = exercise_text(source).ok_or_else(|| no_solution_line(name))?;
    let program = harness_for(problem, pasted, &JUDGE_NS);
    let place = Place { shown, source, pasted };
    let binary = compile(&program, edition, dir, name, false).map_err(|error| match error {
        Refused::Compiler(stderr) => {
            format!("the judge's compiler, rustc --edition {edition}, refuses it: {}", place.first_error(&stderr))
        }
        Refused::Other(error) => error,
    })?;
    let output = run_answers(&binary, dir, name).map_err(|error| {
        // Said as the learner knows it: the paste, at its lines in their file.
        let error = error.replacen(&format!("{} failed, run as the judge runs it", binary.display()), "", 1);
        let source = dir.join(format!("{name}.rs")).display().to_string();
        format!(
            "the pasted program fails where the judge runs it, in an empty folder{}",
            place.in_file(&error, &source)
        )
    })?;
    if output != expected_output_for(problem, &JUDGE_NS) {
        return Err(format!("the judge's answers differ from the expected ones (edition {edition})"));
    }
    crate::msrv::newer_than_the_judge(&program, edition, dir, name, &|line| place.line(line))
}

/// Where the pasted text of a learner's file sits in the harness.
pub(crate) struct Place<'a> {
    /// The file's path from the workspace root.
    pub(crate) shown: &'a str,
    /// Its text.
    pub(crate) source: &'a str,
    /// The pasted part of it, a slice of `source`.
    pub(crate) pasted: &'a str,
}

impl Place<'_> {
    /// The harness's line `line` (from 1) as a place in the file,
    /// `exercises/bitmask.rs:12`, or else `the judge's main, line 40`.
    pub(crate) fn line(&self, line: usize) -> String {
        // The harness's lines before the pasted text (see `harness`).
        const BEFORE: usize = 4;
        let start = self.pasted.as_ptr() as usize - self.source.as_ptr() as usize;
        let first = self.source[..start].matches('\n').count() + 1;
        match line.checked_sub(BEFORE + 1) {
            Some(index) if index < self.pasted.lines().count() => format!("{}:{}", self.shown, first + index),
            _ => format!("the judge's main, line {line}"),
        }
    }

    /// `text` with each place `source:LINE` in the harness's file written
    /// as the place in the learner's file ([`Place::line`]).
    pub(crate) fn in_file(&self, text: &str, source: &str) -> String {
        let mut parts = text.split(source);
        let mut said = parts.next().unwrap_or_default().to_string();
        for part in parts {
            let digits: String = part
                .strip_prefix(':')
                .map(|rest| rest.chars().take_while(char::is_ascii_digit).collect())
                .unwrap_or_default();
            match digits.parse() {
                Ok(line) => {
                    said.push_str(&self.line(line));
                    said.push_str(&part[1 + digits.len()..]);
                }
                Err(_) => {
                    said.push_str(source);
                    said.push_str(part);
                }
            }
        }
        said
    }

    /// The first error in the compiler's `stderr`, with its place in the file.
    pub(crate) fn first_error(&self, stderr: &str) -> String {
        let lines: Vec<&str> = stderr.lines().collect();
        let Some(index) = lines.iter().position(|line| line.starts_with("error")) else {
            return stderr.lines().next().unwrap_or("no message").to_string();
        };
        let place = lines[index + 1..].iter().find_map(|line| line.trim_start().strip_prefix("--> "));
        match place.and_then(line_and_column) {
            Some((line, column)) => format!("{} (at {}:{column})", lines[index], self.line(line)),
            None => lines[index].to_string(),
        }
    }
}

/// An exercise file whose answer is `answer`, for the tests.
#[cfg(test)]
pub(crate) fn exercise(answer: &str) -> String {
    format!("//! Header.\n\npub struct Solution;\n\n{answer}\n")
}

/// The line and column of a compiler's place, `file.rs:12:5`.
pub(crate) fn line_and_column(place: &str) -> Option<(usize, usize)> {
    let mut parts = place.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    Some((parts.next()?.parse().ok()?, column))
}

/// The error of a file without the solution line.
fn no_solution_line(name: &str) -> String {
    format!("{name}: no `{SOLUTION_LINE}` line at the start of a line")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_harness_asks_for_its_ns_and_the_expected_output_covers_them() {
        let counts = expected_output(Problem::NQueensII);
        assert_eq!(counts.lines().count(), HARNESS_NS.len());
        assert!(counts.contains("n = 8: 92 solutions\n"));
        let boards = expected_output(Problem::NQueens);
        assert!(boards.contains("n = 0: 1 boards\n  \n"));
        assert!(boards.contains("n = 4: 2 boards\n  ..Q.|Q...|...Q|.Q..\n  .Q..|...Q|Q...|..Q.\n"));
        let full = harness(Problem::NQueensII, "");
        assert!(full.contains("let ns = [i32::MIN, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];"));
        let judge = harness_for(Problem::NQueens, "", &JUDGE_NS);
        assert!(judge.contains("let ns = [1, 2, 3, 4, 5, 6, 7, 8, 9];"));
        let expected = expected_output_for(Problem::NQueensII, &JUDGE_NS);
        assert_eq!(expected.lines().next(), Some("n = 1: 1 solutions"));
        assert_eq!(expected.lines().count(), JUDGE_NS.len());
    }

    /// A right paste runs, a wrong one fails, and one that does not compile
    /// is refused. A paste is built with none of cargo's variables, and runs
    /// in an empty folder with an empty environment: `nothing` counts all three.
    #[test]
    fn a_paste_runs_as_the_judge_runs_it_and_sees_nothing_of_the_workspace() {
        let dir = std::env::temp_dir().join(format!("n_queens_judge_selftest_{}", std::process::id()));
        // Reads the answers from the shared data, so it is right by construction.
        let counts: Vec<String> =
            HARNESS_NS.iter().map(|&n| n_queens_cases::expected_count(n).unwrap().to_string()).collect();
        let right = format!(
            "impl Solution {{ pub fn total_n_queens(n: i32) -> i32 {{ \
             let ns = [i32::MIN, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]; \
             [{}][ns.iter().position(|&m| m == n).unwrap()] }} }}",
            counts.join(", ")
        );
        let out = compile_and_run(&harness(Problem::NQueensII, &right), "2018", &dir, "right").unwrap();
        assert_eq!(out, expected_output(Problem::NQueensII));
        let wrong = "impl Solution { pub fn total_n_queens(n: i32) -> i32 { n } }";
        let out = compile_and_run(&harness(Problem::NQueensII, wrong), "2021", &dir, "wrong").unwrap();
        assert_ne!(out, expected_output(Problem::NQueensII));
        let broken = "impl Solution { pub fn total_n_queens(n: i32) -> i32 { n as u8 } }";
        assert!(compile_and_run(&harness(Problem::NQueensII, broken), "2021", &dir, "broken").is_err());
        let nothing = "impl Solution { pub fn total_n_queens(_n: i32) -> i32 { \
                       let files = std::fs::read_dir(\".\").unwrap().count(); \
                       let variables = std::env::vars_os().count(); \
                       let cargo = option_env!(\"CARGO_MANIFEST_DIR\").map_or(0, |_| 1); \
                       (files * 100 + variables * 10 + cargo) as i32 } }";
        let out = compile_and_run(&harness_for(Problem::NQueensII, nothing, &[1]), "2021", &dir, "nothing").unwrap();
        assert_eq!(out, "n = 1: 0 solutions\n", "files, variables, cargo's variable");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_exercise_the_judge_refuses_names_the_error_at_its_line() {
        let dir = std::env::temp_dir().join(format!("n_queens_judge_refused_{}", std::process::id()));
        // Edition 2018 has no `TryFrom` in its prelude.
        let answer = "impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 {\n        \
                      usize::try_from(n).map_or(0, |_| 0)\n    }\n}";
        let source = exercise(answer);
        let message = exercise_pastes(Problem::NQueensII, &source, "ex/b.rs", "2018", &dir, "refused").unwrap_err();
        assert!(
            message.starts_with("the judge's compiler, rustc --edition 2018, refuses it: error[E0599]"),
            "{message}"
        );
        assert!(message.contains("(at ex/b.rs:7:16)"), "{message}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
