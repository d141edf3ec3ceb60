//! What `queens practice test` says about a failing exercise, end to end:
//! the real command on real wrong answers, in a scratch copy of the
//! workspace (see `scratch/mod.rs`). Each answer is a step's own file with
//! one realistic mistake made in it.

mod scratch;

use n_queens_facts::judge::{SOLUTION_LINE, judge_text};
use scratch::Scratch;

/// The exercise file of `problem` (`"51"`, `"52"`) and `step`: its starting
/// header, then `answer`.
fn exercise(problem: &str, step: &str, answer: &str) -> (String, String) {
    let crate_name = if problem == "52" { "n_queens_ii" } else { "n_queens" };
    let start =
        std::fs::read_to_string(format!("{}/exercises/{problem}/{step}.rs", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let line = format!("\n{SOLUTION_LINE}\n");
    let header = &start[..start.find(&line).unwrap() + line.len()];
    (format!("crates/{crate_name}/exercises/{step}.rs"), format!("{header}\n{answer}\n"))
}

/// The step's own file, judge-ready, with `from` replaced by `to`.
fn chain_with(problem: &str, step: &str, from: &str, to: &str) -> String {
    let crate_name = if problem == "52" { "n_queens_ii" } else { "n_queens" };
    let file = format!("{}/../{crate_name}/src/{step}.rs", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(file).unwrap();
    let answer = judge_text(&source).unwrap();
    assert!(answer.contains(from), "{step} holds {from}");
    answer.replacen(from, to, 1)
}

/// The scratch copies share one target directory, where every copy's test
/// binary of a problem crate has the same path: one build and run at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `practice test` on `answer` in a scratch copy named `name`: its
/// exit code and standard output, checked for what every run must be (at
/// most 80 columns a line, no colour code even with `NO_COLOR` unset).
fn practice_test(name: &str, problem: &str, step: &str, answer: &str) -> (Option<i32>, String) {
    let _one_at_a_time = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let scratch = Scratch::new(name);
    let (path, text) = exercise(problem, step, answer);
    scratch.write(&path, &text);
    let output = scratch.queens(&["practice", "test", problem, step]);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    for line in stdout.lines() {
        assert!(line.chars().count() <= 80, "a line over 80 columns:\n{line}\n\n{stdout}");
    }
    assert!(!stdout.contains('\u{1b}'), "a colour code:\n{stdout}");
    assert!(stdout.lines().count() <= 20, "more than a few lines:\n{stdout}");
    (output.status.code(), stdout)
}

/// Without `free &= free - 1` the loop never ends: n = 1 counts past
/// `i32::MAX` (or runs out of time), n = 2 runs out of time. The time-out
/// names the real bug, so it comes first.
#[test]
fn a_loop_that_never_ends_is_told_by_its_time_out_first() {
    let answer = chain_with("52", "bitmask", "free &= free - 1;", "");
    let (code, stdout) = practice_test("output_time_out", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("failing at n = 1"), "{stdout}");
    let time_out = stdout.find("still running after").unwrap_or_else(|| panic!("a time-out note:\n{stdout}"));
    if let Some(overflow) = stdout.find("attempt to add with overflow") {
        assert!(time_out < overflow, "the time-out first:\n{stdout}");
    }
    assert!(stdout.contains("free &= free - 1"), "{stdout}");
}

/// `full = 1 << n` returns 1 at n = 2: common mistakes 3 and 4 have that
/// signature, and both are linked; the line over every n says which pass.
#[test]
fn a_known_signature_links_the_common_mistake() {
    let answer = chain_with("52", "bitmask", "(1u32 << n) - 1", "1u32 << n");
    let (code, stdout) = practice_test("output_mistake", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("\nfailing at n = "), "{stdout}");
    assert!(stdout.contains("\nn = 2: returned 1, expected 0\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#3-full--1--n"), "{stdout}");
    assert!(!stdout.contains("test bitmask::counts"), "the report is summed up, not shown:\n{stdout}");
}

/// LeetCode 51: flags never cleared lose boards; the missing ones are said
/// in words, not as the left side of a diff.
#[test]
fn missing_boards_are_said_in_words() {
    let answer = chain_with("51", "three_arrays", "lines.set(col, diagonal, anti_diagonal, false);", "");
    let (code, stdout) = practice_test("output_missing", "51", "three_arrays", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("n = 4: returned 0 boards, expected 2"), "{stdout}");
    assert!(stdout.contains("2 of the expected boards are missing"), "{stdout}");
    assert!(stdout.contains("queens in columns 1, 3, 0, 2, row 0 first"), "{stdout}");
    assert!(!stdout.contains("left"), "{stdout}");
}

/// A panic in the answer names its file, line and column.
#[test]
fn a_panic_names_its_place_and_exit_is_named_as_such() {
    let answer = chain_with("52", "bitmask", "let mut count = 0;", "let mut count = 0;\n    assert!(full != 3);");
    let (code, stdout) = practice_test("output_panic", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("n = 2: panicked at crates/n_queens_ii/exercises/bitmask.rs:"), "{stdout}");

    let answer = chain_with(
        "52",
        "bitmask",
        "let mut count = 0;",
        "let mut count = 0;\n    if full == 7 { std::process::exit(0) }",
    );
    let (code, stdout) = practice_test("output_exit", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("n = 3: the test process ended:"), "{stdout}");
    assert!(stdout.contains("std::process::exit"), "{stdout}");
    assert!(!stdout.contains("Running"), "{stdout}");
}

/// A learner's own failing test is theirs, by name; never "n = 0".
#[test]
fn an_own_failing_test_is_named() {
    let answer = chain_with("52", "bitmask", "", "")
        + "\n#[cfg(test)]\nmod my_tests {\n    #[test]\n    fn four() {\n        \
           assert_eq!(super::Solution::total_n_queens(4), 3);\n    }\n}\n";
    let (code, stdout) = practice_test("output_own_test", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("my_tests::four"), "{stdout}");
    assert!(!stdout.contains("n = 0"), "{stdout}");
}

/// After a pass, n = 0 and -1 are a note: `2 * n - 1` panics at n = 0 (common
/// mistake 9), and the exercise still passes and pastes.
#[test]
fn past_the_judge_is_a_note_after_a_pass() {
    let answer = chain_with("51", "three_arrays", "(2 * n).saturating_sub(1)", "2 * n - 1");
    let (code, stdout) = practice_test("output_past", "51", "three_arrays", &answer);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("passing, and pastes into the judge"), "{stdout}");
    assert!(stdout.contains("Past the judge's range, which the judge never asks:\n  n = 0 fails"), "{stdout}");
    assert!(stdout.contains("\n  n = -1 returns 0 boards\n"), "{stdout}");
    assert!(stdout.contains("n = 0: panicked at crates/n_queens/exercises/three_arrays.rs:"), "{stdout}");
    assert!(stdout.contains("attempt to subtract with overflow"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#9-2--n---1-at-n--0"), "{stdout}");
}

/// Compile errors: `-free` on a `u32` points at the fix; an empty file does
/// not point at the tests' own file.
#[test]
fn compile_errors_point_at_the_learners_file() {
    let answer = chain_with("52", "bitmask", "free.wrapping_neg()", "-free");
    let (code, stdout) = practice_test("output_e0600", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("E0600"), "{stdout}");
    assert!(stdout.contains("free & free.wrapping_neg()"), "{stdout}");

    let _one_at_a_time = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let scratch = Scratch::new("output_empty");
    scratch.write("crates/n_queens_ii/exercises/bitmask.rs", "");
    let output = scratch.queens(&["practice", "test", "52", "bitmask"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(!stdout.contains("tests/practice"), "{stdout}");
}

/// `&` where `|` belongs never fills the board: the recursion overflows the
/// stack at n = 1 (common mistake 2); a crash is named as one, and the
/// cases after it are "not run", not failing.
#[test]
fn a_stack_overflow_is_named_with_its_mistake() {
    let answer = chain_with("52", "bitmask", "columns | lowest,", "columns & lowest,");
    let (code, stdout) = practice_test("output_stack", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("failing at n = 1; not run 2 to 9"), "{stdout}");
    assert!(stdout.contains("stack overflow"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#2--where--belongs"), "{stdout}");
}

/// An allocation the machine cannot give aborts the process: its own
/// message says how many bytes.
#[test]
fn an_allocation_failure_says_how_much() {
    let answer = chain_with(
        "52",
        "bitmask",
        "let mut count = 0;",
        "let mut count = 0;\n    if full == 7 {\n        std::hint::black_box(Vec::<u8>::with_capacity(1 << 62));\n    }",
    );
    let (code, stdout) = practice_test("output_allocation", "52", "bitmask", &answer);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("failing at n = 3; passing 1, 2; not run 4 to 9"), "{stdout}");
    assert!(stdout.contains("memory allocation of 4611686018427387904 bytes failed"), "{stdout}");
}
