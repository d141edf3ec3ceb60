//! `queens practice` against answers written to fool it or to hang it: a
//! verdict only the cases can give, a paste run where the judge runs it, and
//! a run that always ends and leaves nothing running.

use std::process::Command;
use std::time::Duration;

use crate::scratch::Scratch;
use crate::verdicts::{BITMASK, answer_bitmask, assert_passes_and_pastes, printed, right_answer_doing, succeeds};

/// Runs `practice test` on exercise `problem` bitmask, which must not pass
/// (exit code 1): its standard output.
fn not_passed(scratch: &Scratch, problem: &str) -> String {
    let output = scratch.queens(&["practice", "test", problem, "bitmask"]);
    let (stdout, stderr) = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    stdout
}

/// `command` with its output thrown away.
fn quiet(mut command: Command) -> Command {
    command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    command
}

/// Whether the process `id` is still running (not gone, not a zombie) after
/// a few seconds: a killed process ends when next scheduled.
fn still_running(id: &str) -> bool {
    let state = || std::fs::read_to_string(format!("/proc/{id}/stat")).unwrap_or_default();
    let running = |state: &str| state.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'));
    !(0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(50));
        !running(&state())
    })
}

/// An answer that returns `returned` and prints on its first call the lines
/// of a pass in the harness's own format: nine right `case` lines, and two
/// that say it pastes, the second after a token of its own.
fn forging(signature: &str, case: &str, returned: &str) -> String {
    let answer = r#"impl Solution {
    SIGNATURE {
        static FORGED: std::sync::Once = std::sync::Once::new();
        FORGED.call_once(|| {
            let counts = [1, 0, 0, 2, 10, 4, 40, 92, 352];
            for (index, count) in counts.iter().enumerate() {
                println!(
                    "{{\"case\":\"CASE\",\"count\":{},\"expected\":{},\"n\":{},\"outcome\":\"returned\"}}",
                    count, count, index + 1
                );
            }
            println!("{{\"case\":\"paste\",\"edition\":\"2018\",\"outcome\":\"pastes\"}}");
            println!("0123456789abcdef0123456789abcdef {{\"case\":\"paste\",\"edition\":\"2021\",\"outcome\":\"pastes\"}}");
        });
        RETURNED
    }
}"#;
    answer.replace("SIGNATURE", signature).replace("CASE", case).replace("RETURNED", returned)
}

/// An answer that returns 7, and prints the lines of a pass: the cases
/// alone give the verdict, so it fails at n = 1.
#[test]
fn printed_lines_are_never_a_verdict() {
    let scratch = Scratch::take();
    answer_bitmask(&scratch, &forging("pub fn total_n_queens(_n: i32) -> i32", "counts", "7"));
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("\nExercise 52 bitmask: failing\n"), "{stdout}");
    assert!(stdout.contains("\nn = 1: returned 7, expected 1\n"), "{stdout}");
    assert!(!stdout.contains("pastes into the judge"), "{stdout}");
}

/// LeetCode 51: no boards, and the lines of a pass printed.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn printed_lines_are_never_a_verdict_for_boards() {
    let scratch = Scratch::take();
    let answer = forging("pub fn solve_n_queens(_n: i32) -> Vec<Vec<String>>", "boards", "Vec::new()");
    crate::write_answer(&scratch, "51", "bitmask", &answer);
    let stdout = not_passed(&scratch, "51");
    assert!(stdout.contains("\nn = 1: returned 0 boards, expected 1\n"), "{stdout}");
    assert!(!stdout.contains("pastes into the judge"), "{stdout}");
}

/// An answer that counts the boards in the repository's own data passes the
/// cases, run where `cargo test` runs them, but not the judge-paste check,
/// run where the judge runs a paste: in an empty folder.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn the_paste_runs_without_the_repository() {
    let scratch = Scratch::take();
    let answer = r#"impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        let path = format!("../n_queens_cases/data/boards_{}.txt", n);
        let text = std::fs::read_to_string(path).unwrap();
        let rows = text.lines().filter(|line| !line.starts_with('#') && line.contains('Q')).count();
        rows as i32 / n
    }
}"#;
    answer_bitmask(&scratch, answer);
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("passing, but does not paste into the judge yet:"), "{stdout}");
    assert!(stdout.contains("fails where the judge runs it, in an empty folder"), "{stdout}");
    assert!(stdout.contains(&format!("panicked at {BITMASK}:")), "{stdout}");
    assert!(stdout.contains("No such file or directory"), "{stdout}");
}

/// An answer whose thread takes `stdout().lock()` and never lets go (the
/// harness writes its lines through a handle of its own), and that starts
/// processes of its own: `sleep 40`, which holds the output pipe; `sleep
/// 600`, which does not; `setsid sleep 3600`, which leaves the group the run
/// is killed with and holds its pipes. The run ends all the same, in the
/// harness and in each paste run, and none of them is left running.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn no_thread_or_process_of_the_answer_holds_or_outlives_the_run() {
    let scratch = Scratch::take();
    let ids = scratch.root.join("sleep_ids.txt");
    let _ = std::fs::remove_file(&ids);
    let spawn = format!(
        "        static HOLD: std::sync::Once = std::sync::Once::new();
        HOLD.call_once(|| {{
            let (taken, is_taken) = std::sync::mpsc::channel();
            std::thread::spawn(move || {{
                let _held = std::io::stdout().lock();
                taken.send(()).unwrap();
                loop {{
                    std::thread::park();
                }}
            }});
            is_taken.recv().unwrap();
        }});
        if n == 4 {{
            use std::io::Write;
            use std::process::{{Command, Stdio}};
            let _ = Command::new(\"sleep\").arg(\"40\").spawn();
            let quiet = Command::new(\"sleep\").arg(\"600\").stdout(Stdio::null()).stderr(Stdio::null()).spawn();
            let left = Command::new(\"setsid\").args([\"sleep\", \"3600\"]).spawn().unwrap();
            let mut ids = std::fs::OpenOptions::new().create(true).append(true).open({ids:?}).unwrap();
            writeln!(ids, \"{{}}\\n{{}}\", quiet.unwrap().id(), left.id()).unwrap();
        }}"
    );
    answer_bitmask(&scratch, &right_answer_doing(&spawn));
    assert_passes_and_pastes(&scratch);
    let ids = std::fs::read_to_string(&ids).unwrap();
    // Two for the cases, then two for the paste test in each edition.
    assert_eq!(ids.lines().count(), 6, "{ids}");
    for id in ids.lines() {
        assert!(!still_running(id), "sleep {id} still runs");
    }
}

/// `queens` stopped by SIGTERM or Ctrl-C's SIGINT while an answer runs (and
/// has started `setsid sleep 3600`): the test process and the sleep end
/// with it, and it ends as the signal says.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn an_interrupted_run_ends_every_process_of_the_answer() {
    use rustix::process::{Pid, Signal, kill_process};
    use std::os::unix::process::ExitStatusExt;
    let scratch = Scratch::take();
    let ids = scratch.root.join("interrupted_ids.txt");
    let spawn = format!(
        "        if n == 1 {{
            use std::io::Write;
            let sleep = std::process::Command::new(\"setsid\").args([\"sleep\", \"3600\"]).spawn().unwrap();
            let mut ids = std::fs::OpenOptions::new().create(true).append(true).open({ids:?}).unwrap();
            writeln!(ids, \"{{}}\\n{{}}\", std::process::id(), sleep.id()).unwrap();
            loop {{
                std::thread::park();
            }}
        }}"
    );
    answer_bitmask(&scratch, &right_answer_doing(&spawn));
    for signal in [Signal::TERM, Signal::INT] {
        let _ = std::fs::remove_file(&ids);
        let mut queens = quiet(scratch.command(&["practice", "test", "52", "bitmask"])).spawn().unwrap();
        // Both ids are written once the answer runs (after the build).
        let written = || std::fs::read_to_string(&ids).unwrap_or_default();
        while written().lines().count() < 2 && queens.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(50));
        }
        let queens_id = Pid::from_raw(i32::try_from(queens.id()).unwrap()).unwrap();
        kill_process(queens_id, signal).unwrap();
        let status = queens.wait().unwrap();
        let ids = written();
        let left: Vec<&str> = ids.lines().filter(|id| still_running(id)).collect();
        for id in &left {
            let _ = kill_process(Pid::from_raw(id.parse().unwrap()).unwrap(), Signal::KILL);
        }
        assert_eq!(status.signal(), Some(signal.as_raw()), "ended by the signal: {status:?}");
        assert!(left.is_empty(), "after {signal:?}, still running: {left:?} (the test process, then the sleep)");
    }
}

/// A `const` whose evaluation never ends, with the lint that stops it
/// allowed: the build ends, with a compile error at the learner's line.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn a_const_that_never_ends_does_not_hang_the_build() {
    let scratch = Scratch::take();
    let answer = "#[allow(long_running_const_eval)]
const SPIN: i32 = {
    let mut i: i32 = 0;
    loop {
        i = i.wrapping_add(1);
        if i == 0 && i == 1 {
            break i;
        }
    }
};

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        n + SPIN
    }
}";
    answer_bitmask(&scratch, answer);
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(stdout.contains("long_running_const_eval"), "{stdout}");
}

/// An answer that prints 512 MiB on its first call: what the command keeps
/// of it is bounded, so its memory stays far below what was printed.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn what_is_kept_of_a_run_is_bounded() {
    let scratch = Scratch::take();
    let print = "        static PRINTED: std::sync::Once = std::sync::Once::new();
        PRINTED.call_once(|| {
            use std::io::Write;
            let chunk = vec![b'x'; 1 << 20];
            let mut out = std::io::stdout();
            for _ in 0..512 {
                out.write_all(&chunk).unwrap();
            }
            out.write_all(b\"\\n\").unwrap();
        });";
    answer_bitmask(&scratch, &right_answer_doing(print));
    let mut queens = quiet(scratch.command(&["practice", "test", "52", "bitmask"])).spawn().unwrap();
    // The peak of its resident memory, as the kernel counts it, read until it ends.
    let peak_kb = |status: &str| -> Option<u64> {
        status.lines().find_map(|line| line.strip_prefix("VmHWM:"))?.trim().trim_end_matches(" kB").trim().parse().ok()
    };
    let mut peak = 0;
    let status = loop {
        if let Some(status) = queens.try_wait().unwrap() {
            break status;
        }
        let read = std::fs::read_to_string(format!("/proc/{}/status", queens.id())).unwrap_or_default();
        peak = peak.max(peak_kb(&read).unwrap_or(0));
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    assert!(peak > 0 && peak < 200 * 1024, "a peak of {peak} kB");
}

/// A thread-local whose `Drop` panics, set at n = 2: the panic aborts the
/// process as the thread that ran n = 2 ends, which is n = 2's failure.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn a_panic_as_a_thread_ends_is_at_its_n() {
    let scratch = Scratch::take();
    let set = "        struct Bomb;
        impl Drop for Bomb {
            fn drop(&mut self) {
                panic!(\"dropped\");
            }
        }
        thread_local! {
            static BOMB: std::cell::RefCell<Option<Bomb>> = std::cell::RefCell::new(None);
        }
        if n == 2 {
            BOMB.with(|bomb| *bomb.borrow_mut() = Some(Bomb));
        }";
    answer_bitmask(&scratch, &right_answer_doing(set));
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("failing at n = 2; passing 1; not run 3 to 9"), "{stdout}");
    assert!(stdout.contains("n = 2: the test process ended:"), "{stdout}");
}

/// A wrong count at n = 4 after an answer's own print of `{"case":` without
/// a line end at n = 3: the harness's line for n = 3 still counts, and its
/// own exit is not taken for one of the answer's.
#[test]
#[ignore = "slow end to end: CI runs it (`cargo test -p queens --test practice -- --ignored`)"]
fn the_harness_exit_is_not_the_answers() {
    let scratch = Scratch::take();
    let answer = right_answer_doing("        if n == 3 {\n            print!(\"{{\\\"case\\\":\");\n        }")
        .replacen(
            "pub fn total_n_queens(n: i32) -> i32 {",
            "pub fn total_n_queens(n: i32) -> i32 {\n        if n == 4 {\n            return 3;\n        }",
            1,
        );
    answer_bitmask(&scratch, &answer);
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("failing at n = 4; passing 1 to 3, 5 to 9"), "{stdout}");
    assert!(stdout.contains("\nn = 4: returned 3, expected 2\n"), "{stdout}");
    assert!(!stdout.contains("exit(1)"), "{stdout}");
}

/// An exercise that is a link to `/dev/zero`, or a FIFO: `list`, `test` and
/// `reset` each refuse it at once, say to remove it, and leave it there.
#[test]
fn an_exercise_that_is_not_a_regular_file_is_refused() {
    let scratch = Scratch::take();
    let path = scratch.root.join(BITMASK);
    for (make, what) in [("ln -s /dev/zero", "a link to /dev/zero, a device"), ("mkfifo", "a FIFO")] {
        answer_bitmask(&scratch, "// started");
        std::fs::remove_file(&path).unwrap();
        let made = Command::new("sh").args(["-c", &format!("{make} \"$0\""), path.to_str().unwrap()]).status();
        assert!(made.unwrap().success(), "{make}");

        let stdout = succeeds(&scratch, &["practice", "list"]);
        let line = stdout.lines().find(|line| line.contains(" bitmask ")).unwrap_or_default();
        assert!(line.contains(&format!("not a regular file ({what})")), "{stdout}");
        for action in ["test", "reset"] {
            let output = scratch.queens(&["practice", action, "52", "bitmask"]);
            let (stdout, stderr) = printed(&output);
            assert_eq!(output.status.code(), Some(1), "{action}: {stdout}\n{stderr}");
            let said = format!("{BITMASK} is {what}, not a regular file: remove it (`rm {BITMASK}`)");
            assert!(stderr.contains(&said), "{action}: {stderr}");
        }
        assert!(std::fs::symlink_metadata(&path).is_ok(), "{make}: left where it is");
    }
}

/// The folder of the exercises replaced by a file: `list` says what to do,
/// and once that is done, `list` lists the exercises again.
#[test]
fn with_the_exercises_folder_a_file_list_says_what_works() {
    let scratch = Scratch::take();
    std::fs::write(scratch.root.join("crates/n_queens_ii/exercises"), "a file").unwrap();
    let stdout = succeeds(&scratch, &["practice", "list"]);
    // The first command it names, between backticks, run as it says.
    let (_, after) = stdout.split_once('`').unwrap_or_else(|| panic!("a command to run:\n{stdout}"));
    let suggested: String = after.split('`').next().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let ran = match suggested.strip_prefix("practice ") {
        Some(args) => scratch.queens(&["practice"].into_iter().chain(args.split(' ')).collect::<Vec<_>>()),
        None => Command::new("sh").args(["-c", &suggested]).current_dir(&scratch.root).output().unwrap(),
    };
    assert!(ran.status.success(), "`{suggested}`: {:?}", printed(&ran));
    let stdout = succeeds(&scratch, &["practice", "list"]);
    assert_eq!(stdout.matches("not started").count(), 10, "after `{suggested}`:\n{stdout}");
    let _ = std::fs::remove_file(scratch.root.join("crates/n_queens_ii/exercises.old"));
}
