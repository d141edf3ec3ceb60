//! `queens practice` end to end: the real command and the judge, each test
//! in a scratch workspace of its own (see `scratch.rs`): failing answers in
//! `output.rs`, right answers written in unusual ways in `verdicts.rs`,
//! answers written to fool, escape or exhaust it in `hostile.rs`,
//! `practice watch` and `test` and `hint` alone in `watch.rs`, the verdicts
//! recorded in `recorded.rs`. A check builds with `rustc` alone and takes
//! about a second.

mod fence;
mod hostile;
mod output;
mod recorded;
mod scratch;
#[path = "../tmux/mod.rs"]
mod tmux;
mod verdicts;
mod watch;

use n_queens_steps::judge::SOLUTION_LINE;
use scratch::Scratch;

/// `text` with every run of white space one space: a message wrapped to
/// 80 columns, read as one line.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The starting text of exercise `problem` (`"51"`, `"52"`) `step`.
fn starting_text(problem: &str, step: &str) -> String {
    let path = format!("{}/../n_queens_steps/exercises/{problem}/{step}.rs", env!("CARGO_MANIFEST_DIR"));
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

/// An exercise that does not pass yet is a "no", as `cargo test` says it:
/// exit code 1, after saying why on stdout. The learner's file is written
/// from the starting text on first use, so it is not started; nothing is
/// built.
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
