//! `practice list` answers from the verdicts recorded at each file's last
//! check: a file unchanged since is not checked again; a changed file, a
//! record not whole, or one of another build of the tool, is.

use std::time::{Duration, UNIX_EPOCH};

use n_queens_judge::deadline::output_with_deadline;
use n_queens_steps::judge::judge_text;

use crate::scratch::Scratch;
use crate::verdicts::{answer_bitmask, printed, right_answer, succeeds};

/// The record of exercise 52 bitmask, from the root.
const RECORD: &str = "target/queens-practice/52-bitmask.json";

/// The line of `list` about the exercise of `step`, LeetCode 52's, trimmed.
fn listed<'a>(list: &'a str, step: &str) -> &'a str {
    let named = |line: &&str| {
        line.trim_start_matches([' ', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
            .starts_with(&format!("{step} "))
    };
    list.lines().find(named).unwrap_or_else(|| panic!("no line for {step}:\n{list}")).trim()
}

#[test]
fn list_answers_from_the_verdicts_recorded_and_checks_a_changed_file_again() {
    let scratch = Scratch::take();
    answer_bitmask(&scratch, &right_answer());
    let board_scan = judge_text(include_str!("../../../n_queens_ii/src/board_scan.rs")).unwrap();
    crate::write_answer(&scratch, "52", "board_scan", board_scan);
    // `test` checks and records; `list` then checks only the other one.
    succeeds(&scratch, &["practice", "test", "52", "bitmask"]);
    let first = succeeds(&scratch, &["practice", "list"]);
    let flat = crate::flat(&first);
    assert!(flat.contains("Checking 1 of the 2 started exercises now, changed since its last check;"), "{first}");
    assert!(listed(&first, "bitmask").ends_with("passing, and pastes into the judge"), "{first}");
    assert!(listed(&first, "board_scan").ends_with("passing, and pastes into the judge"), "{first}");

    // Nothing changed: every verdict is the one recorded, and the same.
    let second = succeeds(&scratch, &["practice", "list"]);
    assert!(crate::flat(&second).contains("The verdicts are the ones recorded at each file's last check"), "{second}");
    assert!(!second.contains("Checking"), "{second}");
    let after_header = |list: &str| list.lines().skip(3).map(String::from).collect::<Vec<_>>();
    assert_eq!(after_header(&second), after_header(&first));

    // A changed file is checked again, and only it.
    answer_bitmask(&scratch, "impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 {\n        n\n    }\n}");
    let changed = succeeds(&scratch, &["practice", "list"]);
    assert!(crate::flat(&changed).contains("Checking 1 of the 2 started exercises now"), "{changed}");
    assert!(listed(&changed, "bitmask").contains("failing at n = 2: returned 2, expected 0"), "{changed}");
    assert!(listed(&changed, "board_scan").ends_with("passing, and pastes into the judge"), "{changed}");

    // A record that is not whole is not used: the file is checked again.
    let record = scratch.root.join(RECORD);
    let text = std::fs::read_to_string(&record).unwrap();
    std::fs::write(&record, text.replace("returned 2, expected 0", "returned 3, expected 0")).unwrap();
    let again = succeeds(&scratch, &["practice", "list"]);
    assert!(crate::flat(&again).contains("Checking 1 of the 2 started exercises now"), "{again}");
    assert!(listed(&again, "bitmask").contains("returned 2, expected 0"), "{again}");
}

/// Another build of the tool checks every exercise again, its own records
/// aside: here the same program, copied, with another time of change, as a
/// `queens` built anew has.
#[test]
fn another_build_of_the_tool_checks_again() {
    let scratch = Scratch::take();
    answer_bitmask(&scratch, &right_answer());
    let first = succeeds(&scratch, &["practice", "list"]);
    assert!(first.contains("Checking the started exercise now."), "{first}");
    let second = succeeds(&scratch, &["practice", "list"]);
    assert!(!second.contains("Checking"), "recorded: {second}");

    let copy = scratch.root.parent().unwrap().join("queens-built-anew");
    std::fs::copy(env!("CARGO_BIN_EXE_queens"), &copy).unwrap();
    let file = std::fs::File::options().write(true).open(&copy).unwrap();
    file.set_modified(UNIX_EPOCH + Duration::from_secs(86_400)).unwrap();
    drop(file);
    let mut command = std::process::Command::new(&copy);
    command.args(["practice", "list"]).current_dir(&scratch.root).env("TMPDIR", &scratch.tmp);
    let ran = output_with_deadline(&mut command, Duration::from_secs(5 * 60)).unwrap();
    let (stdout, stderr) = printed(&ran.output);
    assert!(ran.output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("Checking the started exercise now."), "{stdout}");
    assert!(listed(&stdout, "bitmask").ends_with("passing, and pastes into the judge"), "{stdout}");
    scratch.assert_tmp_empty();
}
