//! `queens practice` end to end: the real command, cargo and the practice
//! harness, in a scratch copy of the workspace (see `scratch.rs`), one test
//! at a time.
//! What it says of failing answers is in `output.rs`, how it judges right
//! answers written in unusual ways in `verdicts.rs`, and answers written to
//! fool it or hang it in `hostile.rs`; `practice watch` in a terminal, and
//! `test` and `hint` without an exercise, in `watch.rs`.
//!
//! Each test runs cargo on an exercise, and the first builds the scratch
//! copy's dependencies: a plain `cargo test` runs a few that cover the
//! command's main paths (a pass, a common mistake linked in its step and
//! not in another, a paste the judge refuses, Rust newer than the judge's);
//! the rest are `#[ignore]`d, and CI runs them with `-- --ignored`.

mod hostile;
mod output;
mod scratch;
mod verdicts;
mod watch;

use n_queens_facts::judge::SOLUTION_LINE;
use scratch::Scratch;
use verdicts::{answer_bitmask, assert_passes_and_pastes, right_answer};

/// The starting text of exercise `problem` (`"51"`, `"52"`) `step`.
fn starting_text(problem: &str, step: &str) -> String {
    let path = format!("{}/../n_queens_facts/exercises/{problem}/{step}.rs", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// Writes exercise `problem` `step` in the scratch copy: its starting
/// header, then `answer`.
fn write_answer(scratch: &Scratch, problem: &str, step: &str, answer: &str) {
    let crate_name = if problem == "52" { "n_queens_ii" } else { "n_queens" };
    let start = starting_text(problem, step);
    let line = format!("\n{SOLUTION_LINE}\n");
    let header = &start[..start.find(&line).unwrap() + line.len()];
    scratch.write(&format!("crates/{crate_name}/exercises/{step}.rs"), &format!("{header}\n{answer}\n"));
}

/// An exercise answered with the step's own file passes every case and
/// pastes into the judge, as the command reads it from the harness's lines.
#[test]
fn a_solved_exercise_passes_and_pastes() {
    let scratch = Scratch::take();
    answer_bitmask(&scratch, &right_answer());
    assert_passes_and_pastes(&scratch);
}

/// An exercise that does not pass yet is a "no", as `cargo test` says it:
/// exit code 1, after saying why on stdout. The learner's file is written
/// from the starting text on first use, so it is not started; no cargo run
/// is needed.
#[test]
fn an_exercise_not_started_is_written_and_exit_code_1() {
    let scratch = Scratch::take();
    let output = scratch.queens(&["practice", "test", "52", "bitmask"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("not started"), "{stdout}");
    assert!(stdout.contains("cargo run --release -- practice hint 52 bitmask"), "{stdout}");
    let written = std::fs::read_to_string(scratch.root.join("crates/n_queens_ii/exercises/bitmask.rs")).unwrap();
    assert_eq!(written, starting_text("52", "bitmask"));
}
