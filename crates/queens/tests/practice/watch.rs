//! `queens practice watch` in a tmux pane of 80×24 (skipped without tmux):
//! a save checks the exercise again, and the keys act. Then `practice test`
//! and `practice hint` without an exercise. Each wait polls the screen up to
//! a deadline far past any build, and asserts what is shown, never how long.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use n_queens_steps::judge::judge_text;

use super::scratch::Scratch;
use super::tmux::Tmux;

/// Far longer than a check of an exercise takes.
const DEADLINE: Duration = Duration::from_secs(2 * 60);

/// The first exercise, 52 board_scan: its file and starting text.
const FILE: &str = "crates/n_queens_ii/exercises/board_scan.rs";
const START: &str = include_str!("../../../n_queens_steps/exercises/52/board_scan.rs");

/// Writes the first exercise answered with the step's own file, as the
/// judge takes it: a right answer.
fn solve(scratch: &Scratch) {
    let right = judge_text(include_str!("../../../n_queens_ii/src/board_scan.rs")).unwrap();
    crate::write_answer(scratch, "52", "board_scan", right);
}

fn tmux(socket: &str, args: &[&str]) -> String {
    let output = Command::new("tmux").arg(socket).args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&output.stdout).to_string()
}

/// The pane's text, once it shows `wanted`; the test fails with the screen
/// if it does not within [`DEADLINE`].
fn wait_for(socket: &str, session: &str, wanted: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(socket, &["capture-pane", "-p", "-t", session]);
        if screen.contains(wanted) {
            return screen;
        }
        assert!(start.elapsed() < DEADLINE, "the screen never showed {wanted:?}:\n{screen}");
        sleep(Duration::from_millis(100));
    }
}

/// The pane's text, once it shows `wanted`, as [`wait_for`]; the test
/// fails if a screen on the way shows `unwanted`.
fn wait_for_avoiding(socket: &str, session: &str, wanted: &str, unwanted: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(socket, &["capture-pane", "-p", "-t", session]);
        assert!(!screen.contains(unwanted), "the screen showed {unwanted:?} before {wanted:?}:\n{screen}");
        if screen.contains(wanted) {
            return screen;
        }
        assert!(start.elapsed() < DEADLINE, "the screen never showed {wanted:?}:\n{screen}");
        sleep(Duration::from_millis(100));
    }
}

#[test]
fn watch_checks_each_save_and_its_keys_act() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the watch loop is not checked");
        return;
    }
    let scratch = Scratch::take();
    let session = format!("queens-practice-watch-{}", std::process::id());
    let server = Tmux::new();
    let socket = server.socket();
    let status = server.folder().join("status");
    let script = format!(
        "cd '{root}' && TMPDIR='{tmp}' '{binary}' practice watch; echo $? > '{status}'; sleep 60",
        root = scratch.root.display(),
        tmp = scratch.tmp.display(),
        binary = env!("CARGO_BIN_EXE_queens"),
        status = status.display(),
    );
    tmux(socket, &["new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
    let ended = || std::fs::read_to_string(&status).unwrap_or_default();
    let result = std::panic::catch_unwind(|| {
        let wait = |wanted: &str| wait_for(socket, &session, wanted);
        // Presses `key`, then waits for the screen to show `wanted`.
        let press = |key: &str, wanted: &str| {
            tmux(socket, &["send-keys", "-t", &session, key]);
            wait(wanted)
        };
        // Nothing started: the first exercise, with no build.
        let screen = wait("not started");
        assert!(screen.contains("Practice 52 board_scan"), "{screen}");
        assert!(screen.contains("h hint  l list  n next  r reset  q quit"), "{screen}");
        assert!(screen.lines().all(|line| line.chars().count() <= 80), "{screen}");

        press("h", "Hint 1 of 3:");
        press("h", "Hint 2 of 3:");
        let recorded = std::fs::read_to_string(scratch.root.join("crates/n_queens_ii/exercises/.hints"));
        assert_eq!(recorded.unwrap(), "board_scan 2\n", "the hints seen are remembered");

        press("n", "n moves on once this exercise passes.");

        let list = press("l", "Choose an exercise");
        assert!(list.contains("> board_scan") && list.contains("LeetCode 51"), "{list}");
        press("Escape", "h hint  l list");

        press("r", "y: reset, n: keep it");
        press("n", "h hint  l list");
        assert!(!scratch.root.join("crates/n_queens_ii/exercises/backup").exists(), "n keeps it as it is");

        // A save of a wrong answer, then of a right one, each checked.
        let wrong = "impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 {\n        n\n    }\n}";
        crate::write_answer(&scratch, "52", "board_scan", wrong);
        let screen = wait("Exercise 52 board_scan: failing");
        assert!(!screen.contains("pastes into the judge"), "{screen}");
        solve(&scratch);
        let screen = wait("passing, and pastes into the judge");
        assert!(screen.contains("n: next"), "says what to do now: {screen}");

        // A save of an answer that never returns, then, while its check waits
        // on it, a right one: the verdict is the second's, and the first's,
        // which would say it is still running, is never shown. (That the
        // first check is ended at once, not at its time limit, only a clock
        // would tell: the tests assert no time.)
        let hangs = "impl Solution {\n    pub fn total_n_queens(_n: i32) -> i32 {\n        loop {}\n    }\n}";
        crate::write_answer(&scratch, "52", "board_scan", hangs);
        wait("Checking 52 board_scan...");
        sleep(Duration::from_secs(2));
        solve(&scratch);
        let screen = wait_for_avoiding(socket, &session, "passing, and pastes into the judge", "still running");
        assert!(!screen.contains("failing"), "{screen}");

        // A hint asked for on an exercise that passes is shown, then recorded as seen.
        press("h", "Hint 3 of 3:");
        let recorded = std::fs::read_to_string(scratch.root.join("crates/n_queens_ii/exercises/.hints"));
        assert_eq!(recorded.unwrap(), "board_scan 3\n", "the hint shown is remembered");

        // The list follows a save of an exercise not watched: the one just
        // passed, changed once the next one is open, is not checked as it is.
        press("n", "Practice 52 column_abs");
        crate::write_answer(&scratch, "52", "board_scan", wrong);
        press("l", "Choose an exercise");
        let list = wait("board_scan    not checked as it is now");
        assert!(!list.contains("board_scan    passing"), "{list}");
        // Opened, it is checked: the verdict is of the file as it is.
        press("Up", "> board_scan");
        tmux(socket, &["send-keys", "-t", &session, "Enter"]);
        wait("Exercise 52 board_scan: failing");

        press("r", "y: reset, n: keep it");
        let screen = press("y", "Your version is kept in");
        assert_eq!(std::fs::read_to_string(scratch.root.join(FILE)).unwrap(), START);
        let screen = if screen.contains("not started") { screen } else { wait("not started") };
        assert!(screen.contains("back at its starting text"), "{screen}");

        tmux(socket, &["send-keys", "-t", &session, "q"]);
        let start = Instant::now();
        while ended().is_empty() {
            assert!(start.elapsed() < DEADLINE, "q did not end it");
            sleep(Duration::from_millis(100));
        }
        assert_eq!(ended().trim(), "0");
        let state = tmux(socket, &["display", "-p", "-t", &session, "#{alternate_on} #{cursor_flag}"]);
        assert_eq!(state.trim(), "0 1", "q gives the terminal back");
    });
    tmux(socket, &["kill-server"]);
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}

/// Not on a terminal, `practice watch` says what to use instead (exit code
/// 2), and `practice` alone still lists.
#[test]
fn watch_needs_a_terminal_and_practice_alone_piped_lists() {
    let scratch = Scratch::take();
    let output = scratch.queens(&["practice", "watch"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("practice watch needs a terminal"), "{stderr}");
    let output = scratch.queens(&["practice"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("The practice ladder:"), "{stdout}");
}

/// `hint` without a number shows the next hint not yet shown, remembered
/// between runs; a corrupt record is refused, not read as none; `test`
/// without an exercise tests the first not yet passing, and says which.
#[test]
fn hint_advances_and_test_finds_the_next_exercise() {
    let scratch = Scratch::take();
    let hint = |args: &[&str]| {
        let output = scratch.queens(&[&["practice", "hint"], args].concat());
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    let first = hint(&[]);
    assert!(first.starts_with("Hint 1 of 3 for exercise 52 board_scan:"), "{first}");
    assert!(first.contains("practice hint 52 board_scan 2"), "the next is named: {first}");
    assert!(hint(&["52", "board_scan"]).starts_with("Hint 2 of 3 for exercise 52 board_scan:"));
    assert!(hint(&["52", "board_scan", "1"]).starts_with("Hint 1 of 3 "), "a number still picks one");
    assert!(hint(&[]).starts_with("Hint 3 of 3 "));
    assert!(hint(&[]).contains("That was the last hint"), "and it stays at the last");
    assert!(hint(&["51", "bitmask"]).starts_with("Hint 1 of 3 for exercise 51 bitmask:"), "per exercise");

    let record = scratch.root.join("crates/n_queens_ii/exercises/.hints");
    std::fs::write(&record, "board_scan lots\n").unwrap();
    let output = scratch.queens(&["practice", "hint"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is not `STEP COUNT`") && stderr.contains("rm "), "{stderr}");
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "board_scan lots\n", "left for the learner");

    let output = scratch.queens(&["practice", "test"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Testing 52 board_scan, the first exercise not yet passing"), "{stdout}");
    assert!(stdout.contains("Exercise 52 board_scan is not started"), "{stdout}");

    // Solved, it is passed over for the next one, not started.
    solve(&scratch);
    let output = scratch.queens(&["practice", "test"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("Exercise 52 board_scan passes and pastes into the judge."), "{stdout}");
    assert!(stdout.contains("Testing 52 column_abs, the first exercise not yet passing"), "{stdout}");
    assert_eq!(output.status.code(), Some(1), "{stdout}");
}
