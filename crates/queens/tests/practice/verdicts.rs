//! `queens practice` judges what a judge would judge, whatever the learner
//! writes around a right answer.

use std::process::Output;

use crate::scratch::Scratch;
use n_queens_steps::judge::judge_text;

/// The learner's file of exercise 52 bitmask.
pub(crate) const BITMASK: &str = "crates/n_queens_ii/exercises/bitmask.rs";

/// The chain's own bitmask answer of LeetCode 52, as a learner would paste it.
pub(crate) fn right_answer() -> String {
    judge_text(include_str!("../../../n_queens_ii/src/bitmask.rs")).unwrap().to_string()
}

/// `right_answer()` with `code` run first in `total_n_queens`.
pub(crate) fn right_answer_doing(code: &str) -> String {
    let signature = "pub fn total_n_queens(n: i32) -> i32 {";
    right_answer().replacen(signature, &format!("{signature}\n{code}"), 1)
}

/// Writes exercise 52 bitmask: its starting header, then `answer`.
pub(crate) fn answer_bitmask(scratch: &Scratch, answer: &str) {
    crate::write_answer(scratch, "52", "bitmask", answer);
}

/// Its standard output and error, as text.
pub(crate) fn printed(output: &Output) -> (String, String) {
    (String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Runs `queens` with `args` in the scratch copy, which must succeed: its
/// standard output.
pub(crate) fn succeeds(scratch: &Scratch, args: &[&str]) -> String {
    let output = scratch.queens(args);
    let (stdout, stderr) = printed(&output);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    stdout
}

/// Runs `practice test 52 bitmask` and checks that it passes and pastes.
pub(crate) fn assert_passes_and_pastes(scratch: &Scratch) -> String {
    let stdout = succeeds(scratch, &["practice", "test", "52", "bitmask"]);
    assert!(stdout.contains("\nExercise 52 bitmask: passing, and pastes into the judge\n"), "{stdout}");
    stdout
}

/// A right answer written as a learner might: a `todo!()` mentioned in a
/// comment is not the starting call, what it prints is not its answer, and
/// code after its own test module is pasted too.
#[test]
fn a_right_answer_with_a_todo_comment_a_print_and_a_test_module_passes() {
    let scratch = Scratch::take();
    let answer = right_answer_doing("        println!(\"debug: n = {}\", n);").replacen(
        "/// The number of solutions",
        "/// No longer a `todo!()`, nor a todo!(\"later\"): the number of solutions",
        1,
    );
    let helper = answer.find("/// The number of ways").expect("the helper's doc");
    let tests = "#[cfg(test)]\nmod my_tests {\n    #[test]\n    fn one() {}\n}\n\n";
    answer_bitmask(&scratch, &format!("{}\n{tests}{}", &answer[..helper], &answer[helper..]));
    assert_passes_and_pastes(&scratch);
}

/// An exercise that is not text, one that is a directory and one that does
/// not compile: `list` still lists every exercise, in lines of 80 columns at
/// most, and `reset` puts each unreadable one back, keeping what was there.
#[test]
fn unreadable_exercises_are_listed_and_reset() {
    let scratch = Scratch::take();
    let exercises = scratch.root.join("crates/n_queens_ii/exercises");
    std::fs::create_dir_all(&exercises).unwrap();
    std::fs::write(exercises.join("board_scan.rs"), b"\xff\xfe not text").unwrap();
    std::fs::create_dir_all(exercises.join("column_abs.rs/inside")).unwrap();
    answer_bitmask(
        &scratch,
        "impl Solution { pub fn total_n_queens(n: i32) -> i32 { a_function_whose_name_is_long_enough_to_overflow_any_line(n) } }",
    );

    let stdout = succeeds(&scratch, &["practice", "list"]);
    for line in stdout.lines() {
        assert!(line.chars().count() <= 80, "over 80 columns: {line:?}");
    }
    assert_eq!(stdout.matches("unreadable: `practice reset 52 ").count(), 2, "{stdout}");
    assert!(stdout.contains("  mirror"), "every exercise is listed:\n{stdout}");
    assert!(stdout.contains("does not compile"), "{stdout}");

    for step in ["board_scan", "column_abs"] {
        let stdout = succeeds(&scratch, &["practice", "reset", "52", step]);
        assert!(stdout.contains("Your version is kept in\n  crates/n_queens_ii/exercises/backup/"), "{stdout}");
        for line in stdout.lines() {
            assert!(line.chars().count() <= 80, "over 80 columns: {line:?}");
        }
        let path = scratch.root.join(format!("crates/n_queens_ii/exercises/{step}.rs"));
        assert_eq!(std::fs::read_to_string(path).unwrap(), crate::starting_text("52", step));
    }
    let backups = std::fs::read_dir(scratch.root.join("crates/n_queens_ii/exercises/backup")).unwrap().count();
    assert_eq!(backups, 2);
}

/// Deleted with its folder, an exercise is written again; `reset` works too.
#[test]
fn a_deleted_exercises_folder_is_written_again() {
    let scratch = Scratch::take();
    answer_bitmask(&scratch, "// started");
    std::fs::remove_dir_all(scratch.root.join("crates/n_queens_ii/exercises")).unwrap();
    let stdout = succeeds(&scratch, &["practice", "reset", "52", "bitmask"]);
    assert!(stdout.contains(&format!("{BITMASK} is back at its starting text")), "{stdout}");
    assert!(scratch.root.join(BITMASK).is_file());
}

/// Run from a folder inside the workspace, the command acts on that
/// workspace and names its files by paths that are true from there.
#[test]
fn from_a_folder_inside_the_workspace_paths_are_true() {
    let scratch = Scratch::take();
    let inside = scratch.root.join("crates/n_queens_ii");
    let output = scratch.command(&["practice", "test", "52", "bitmask"]).current_dir(&inside).output().unwrap();
    let (stdout, stderr) = printed(&output);
    assert_eq!(output.status.code(), Some(1), "not started:\n{stdout}\n{stderr}");
    let named = stdout.lines().find_map(|line| line.strip_prefix("Write your answer in ")).expect("a path");
    let named = named.strip_suffix(", then run this again.").expect("the path alone");
    // An absolute path, joined, is itself.
    let path = inside.join(named);
    assert!(path.is_file(), "{named} is not there from {}", inside.display());
    assert_eq!(std::fs::canonicalize(path).unwrap(), std::fs::canonicalize(scratch.root.join(BITMASK)).unwrap());

    // A compile error's place is named from here too.
    answer_bitmask(&scratch, "impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 {\n        m\n    }\n}");
    let output = scratch.command(&["practice", "test", "52", "bitmask"]).current_dir(&inside).output().unwrap();
    let (stdout, stderr) = printed(&output);
    assert_eq!(output.status.code(), Some(1), "does not compile:\n{stdout}\n{stderr}");
    let word = stdout.split_whitespace().find(|word| word.contains("exercises/bitmask.rs:")).expect("a place");
    let place = word.trim_start_matches('(').split(':').next().unwrap();
    let path = inside.join(place);
    assert!(path.is_file(), "{place} is not there from {}:\n{stdout}", inside.display());
}
