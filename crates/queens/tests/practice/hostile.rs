//! `queens practice` against answers written to fool it, to reach past the
//! fence or to exhaust it: the verdict is the judge's alone, the answer
//! sees nothing of the workspace or of the tool, every limit is named, and
//! nothing is left behind (the scratch copy's temporary folder stays
//! empty, [`Scratch::queens`]). docs/fence.md says what the fence is.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::flat;
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

/// The workspace these tests are part of: the real one, which no answer may reach.
fn real_workspace() -> PathBuf {
    std::fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")).unwrap()
}

/// Every file below `root`, with its bytes: to tell that nothing changed.
fn snapshot(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() { folders.push(path) } else { files.push((path.clone(), std::fs::read(&path).unwrap())) }
        }
    }
    files.sort();
    files
}

/// An answer that returns 7, after writing on the judge's channel (its
/// standard input, a socket) the right count of every n of the judge's
/// range at once, and printing the lines of a pass of the old harness's
/// format: the answers are read one per case, so the table is extra, and no
/// line printed is a verdict.
#[test]
fn a_forged_table_or_printed_pass_is_no_verdict() {
    let scratch = Scratch::take();
    let answer = r#"impl Solution {
    pub fn total_n_queens(_n: i32) -> i32 {
        use std::io::Write;
        use std::os::fd::AsFd;
        let mut channel = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned().unwrap());
        let table: String = [1, 0, 0, 2, 10, 4, 40, 92, 352].iter().map(|count| format!("count {}\n", count)).collect();
        let _ = channel.write_all(table.as_bytes());
        println!("0123456789abcdef0123456789abcdef {{\"case\":\"end\",\"exit_code\":0}}");
        eprintln!("{{\"case\":\"paste\",\"edition\":\"2021\",\"outcome\":\"pastes\"}}");
        7
    }
}"#;
    answer_bitmask(&scratch, answer);
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("\nExercise 52 bitmask: failing\n"), "{stdout}");
    assert!(stdout.contains("it wrote on the judge's channel beside its answer"), "{stdout}");
    assert!(!stdout.contains("pastes into the judge"), "{stdout}");
}

/// An answer that tries the tool's own process: its memory and environment
/// through `/proc`, a signal to it (`kill`, from the C library); it returns
/// the right counts only where each attempt failed, so a pass says the
/// fence held, and the run goes on to its verdict.
#[test]
fn the_answer_cannot_reach_the_tools_process() {
    let scratch = Scratch::take();
    let attempt = r#"        extern "C" {
            fn kill(pid: i32, signal: i32) -> i32;
        }
        let parent = std::os::unix::process::parent_id();
        let memory = std::fs::File::open(format!("/proc/{}/mem", parent)).is_ok();
        let environment = std::fs::read(format!("/proc/{}/environ", parent)).is_ok();
        let ours = std::fs::read_to_string("/proc/self/status").is_ok();
        let signalled = unsafe { kill(parent as i32, 19) } == 0;
        if memory || environment || ours || signalled {
            return -1;
        }"#;
    answer_bitmask(&scratch, &right_answer_doing(attempt));
    assert_passes_and_pastes(&scratch);
}

/// Answers that read the workspace for the answers (the shared cases' data,
/// by a path from the real workspace, from the scratch one, and from where
/// the answer runs), or that write into it: each fails at n = 1, and both
/// workspaces are left as they were.
#[test]
fn the_workspace_can_be_neither_read_nor_written() {
    let scratch = Scratch::take();
    let real = real_workspace();
    let data = real.join("crates/n_queens_cases/data/boards_1.txt");
    assert!(data.is_file(), "the data the answer looks for is there");
    let before = (snapshot(&real.join("crates/n_queens_cases")), snapshot(&scratch.root));
    let reads = [data.display().to_string(), "../../crates/n_queens_cases/data/boards_1.txt".to_string()];
    for path in reads.iter().chain([&scratch.root.join("Cargo.toml").display().to_string()]) {
        let answer = format!(
            "impl Solution {{\n    pub fn total_n_queens(n: i32) -> i32 {{\n        \
             std::fs::read_to_string({path:?}).unwrap().len() as i32 * 0 + n.min(1)\n    }}\n}}"
        );
        answer_bitmask(&scratch, &answer);
        let stdout = flat(&not_passed(&scratch, "52"));
        assert!(stdout.contains("n = 1: panicked at crates/n_queens_ii/exercises/bitmask.rs:"), "{path}: {stdout}");
        let refused = ["Permission denied", "No such file", "Operation not permitted"];
        assert!(refused.iter().any(|said| stdout.contains(said)), "{path}: {stdout}");
    }
    let written = [real.join("crates/n_queens_cases/written_by_an_answer"), scratch.root.join("written_by_an_answer")];
    for path in &written {
        let answer = format!(
            "impl Solution {{\n    pub fn total_n_queens(n: i32) -> i32 {{\n        \
             std::fs::write({:?}, \"x\").unwrap();\n        n\n    }}\n}}",
            path.display().to_string()
        );
        answer_bitmask(&scratch, &answer);
        let stdout = flat(&not_passed(&scratch, "52"));
        let refused = ["Permission denied", "Operation not permitted"];
        assert!(refused.iter().any(|said| stdout.contains(said)), "{}: {stdout}", path.display());
        assert!(!path.exists(), "{} was written", path.display());
    }
    // The exercise itself changed, and the command's own record of its
    // verdicts (written by the command, not the answer); nothing else did.
    let after = (snapshot(&real.join("crates/n_queens_cases")), snapshot(&scratch.root));
    assert_eq!(before.0, after.0, "the real workspace's shared cases changed");
    let records = scratch.root.join("target/queens-practice");
    let others = |files: &[(PathBuf, Vec<u8>)]| -> Vec<PathBuf> {
        let others = files.iter().map(|(path, _)| path.clone());
        others.filter(|path| !path.ends_with(BITMASK) && !path.starts_with(&records)).collect()
    };
    assert_eq!(others(&before.1), others(&after.1), "files came or went in the scratch workspace");
}

/// The answer is compiled alone, as the judge compiles it: no crate of the
/// workspace to take the expected values from, and no file of it to
/// include at compile time.
#[test]
fn the_expected_values_are_out_of_the_answers_reach() {
    let scratch = Scratch::take();
    let through_a_crate = "use n_queens_cases::expected_count;\n\nimpl Solution {\n    \
                           pub fn total_n_queens(n: i32) -> i32 {\n        expected_count(n).unwrap() as i32\n    }\n}";
    answer_bitmask(&scratch, through_a_crate);
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(stdout.contains("n_queens_cases"), "{stdout}");
    let data = real_workspace().join("crates/n_queens_cases/data/boards_4.txt");
    let included = format!(
        "const DATA: &str = include_str!({:?});\n\nimpl Solution {{\n    pub fn total_n_queens(n: i32) -> i32 {{\n        \
         DATA.len() as i32 + n\n    }}\n}}",
        data.display().to_string()
    );
    answer_bitmask(&scratch, &included);
    let stdout = flat(&not_passed(&scratch, "52"));
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(stdout.contains("Permission denied"), "{stdout}");
}

/// A build that would wait for ever on a FIFO (`include_str!` of one) is
/// refused at once, and the next check is not held up by it.
#[test]
fn a_build_cannot_wait_on_a_fifo() {
    let scratch = Scratch::take();
    let fifo = scratch.root.parent().unwrap().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let answer = format!(
        "const WAITS: &str = include_str!({:?});\n\nimpl Solution {{\n    pub fn total_n_queens(n: i32) -> i32 {{\n        \
         WAITS.len() as i32 + n\n    }}\n}}",
        fifo.display().to_string()
    );
    answer_bitmask(&scratch, &answer);
    let stdout = flat(&not_passed(&scratch, "52"));
    assert!(stdout.contains("does not compile") && stdout.contains("Permission denied"), "{stdout}");
    // Refused by the fence at once, not stopped at the compile's time limit.
    assert!(!stdout.contains("was stopped"), "{stdout}");
    answer_bitmask(&scratch, &crate::verdicts::right_answer());
    assert_passes_and_pastes(&scratch);
}

/// A compile that needs more memory than it may use exhausts the
/// compiler's memory, not the machine's: the verdict names the limit. The
/// answer's `static` of 512 MiB of ones is evaluated at once (its value is
/// within the limit), and the compiler's back end copies it whole, a few
/// times over the limit: the compile reaches its memory limit after a few
/// copies, not after a long expansion, so its time limit cannot come first
/// however busy the machine. (An endless macro reaches the memory only
/// after expanding for a long while, and races the time limit.)
#[test]
fn a_compile_that_exhausts_its_memory_names_the_limit() {
    let scratch = Scratch::take();
    let answer = "static ONES: [u8; 512 << 20] = [1; 512 << 20];\n\n\
                  impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 {\n        \
                  i32::from(ONES[n as usize % 7]) + n\n    }\n}";
    answer_bitmask(&scratch, answer);
    let stdout = flat(&not_passed(&scratch, "52"));
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(stdout.contains("the compile ran out of memory (it may use 2 GiB)"), "{stdout}");
}

/// An answer that asks for more memory than it may use fails where it
/// asks, and the verdict names the limit.
#[test]
fn a_run_that_exhausts_its_memory_names_the_limit() {
    let scratch = Scratch::take();
    let grab = "        if n == 3 {\n            let grabbed: Vec<u8> = Vec::with_capacity(3 << 30);\n            \
                std::hint::black_box(grabbed);\n        }";
    answer_bitmask(&scratch, &right_answer_doing(grab));
    let stdout = flat(&not_passed(&scratch, "52"));
    assert!(stdout.contains("failing at n = 3; passing 1, 2; not run 4 to 9"), "{stdout}");
    assert!(stdout.contains("memory allocation of 3221225472 bytes failed"), "{stdout}");
    assert!(stdout.contains("more memory than it may use (2 GiB)"), "{stdout}");
}

/// `exit(0)` from a thread of the answer: in the cases, at the n it ends;
/// built as the judge builds it (no debug assertions), in the paste check.
/// Neither leaves a folder behind ([`Scratch::queens`]). The answer waits
/// on the thread that exits, which never returns: the exit alone ends the
/// case, however long the thread takes to be scheduled.
#[test]
fn an_exit_from_a_thread_is_named_and_leaves_nothing() {
    let scratch = Scratch::take();
    let exit = |when: &str| {
        format!(
            "        if {when} {{\n            let _ = std::thread::spawn(|| std::process::exit(0)).join();\n            \
             unreachable!(\"the thread exits the process\");\n        }}"
        )
    };
    answer_bitmask(&scratch, &right_answer_doing(&exit("n == 5")));
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("failing at n = 5; passing 1 to 4; not run 6 to 9"), "{stdout}");
    assert!(stdout.contains("exited with code 0"), "{stdout}");
    answer_bitmask(&scratch, &right_answer_doing(&exit("n == 5 && !cfg!(debug_assertions)")));
    let stdout = not_passed(&scratch, "52");
    assert!(stdout.contains("passing, but does not paste into the judge yet:"), "{stdout}");
    assert!(stdout.contains("built as the judge builds it (rustc -O, edition 2018), at n = 5"), "{stdout}");
}

/// The processes whose working folder is in `folder`: what a check there
/// still has running. With `answers_only`, the answer's alone, which run in
/// the check's empty folder `run` (the compiler's run in the check's folder).
fn running_in(folder: &Path, answers_only: bool) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cwd) = std::fs::read_link(entry.path().join("cwd")) else { continue };
        if cwd.starts_with(folder) && (!answers_only || cwd.ends_with("run")) {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found
}

/// An answer that starts programs (refused: nothing may be executed but
/// itself) and forks with the C library's `fork`, its children leaving its
/// process group (`setsid`) and waiting for ever: the run ends all the
/// same, the cases pass, and none of them is left running.
#[test]
fn no_process_of_the_answer_outlives_the_run() {
    let scratch = Scratch::take();
    let spawn = r#"        extern "C" {
            fn fork() -> i32;
            fn setsid() -> i32;
            fn pause() -> i32;
        }
        if n == 4 {
            if std::process::Command::new("sleep").arg("600").spawn().is_ok() {
                return -1;
            }
            for _ in 0..3 {
                if unsafe { fork() } == 0 {
                    unsafe {
                        setsid();
                        loop {
                            pause();
                        }
                    }
                }
            }
        }"#;
    answer_bitmask(&scratch, &right_answer_doing(spawn));
    assert_passes_and_pastes(&scratch);
    let left = running_in(&scratch.tmp, false);
    assert!(left.is_empty(), "still running: {left:?}");
}

/// `queens` stopped by SIGTERM or Ctrl-C's SIGINT while an answer runs (and
/// has tried to fork a child that leaves its group, which the allowlist
/// refuses where it holds): every process of the answer (and of its
/// launcher, in its namespaces) ends with it, its folder is removed, and it
/// ends as the signal says.
#[test]
fn an_interrupted_run_ends_every_process_of_the_answer() {
    use rustix::process::{Pid, Signal, kill_process};
    use std::os::unix::process::ExitStatusExt;
    let scratch = Scratch::take();
    let wait = r#"        extern "C" {
            fn fork() -> i32;
            fn setsid() -> i32;
        }
        if n == 1 {
            if unsafe { fork() } == 0 {
                unsafe { setsid() };
            }
            loop {
                std::thread::park();
            }
        }"#;
    answer_bitmask(&scratch, &right_answer_doing(wait));
    for signal in [Signal::TERM, Signal::INT] {
        let mut command = scratch.command(&["practice", "test", "52", "bitmask"]);
        let mut queens =
            command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn().unwrap();
        // The answer runs, after its launcher and their holder where there are namespaces.
        let expected = if crate::fence::holds("namespaces") { 3 } else { 1 };
        let forked = usize::from(!crate::fence::holds("allowlist"));
        // Until they run, however long the build takes: `queens` ends on its own if they never do.
        while running_in(&scratch.tmp, true).len() < expected + forked && queens.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(running_in(&scratch.tmp, true).len(), expected + forked, "the answer's processes");
        let queens_id = Pid::from_raw(i32::try_from(queens.id()).unwrap()).unwrap();
        kill_process(queens_id, signal).unwrap();
        let status = queens.wait().unwrap();
        // A killed process ends when it is next scheduled: a moment, even
        // under load. A guard against a process that never ends, not a measure.
        let until = Instant::now() + Duration::from_secs(60);
        while !running_in(&scratch.tmp, false).is_empty() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        let left: Vec<String> = running_in(&scratch.tmp, false)
            .into_iter()
            .map(|id| format!("{id} {}", std::fs::read_to_string(format!("/proc/{id}/stat")).unwrap_or_default()))
            .collect();
        for id in &left {
            let id = id.split(' ').next().unwrap().parse().unwrap();
            let _ = kill_process(Pid::from_raw(id).unwrap(), Signal::KILL);
        }
        assert_eq!(status.signal(), Some(signal.as_raw()), "ended by the signal: {status:?}");
        assert!(left.is_empty(), "after {signal:?}, still running: {left:?}");
        scratch.assert_tmp_empty();
    }
}

/// An answer that prints 512 MiB: the printing goes nowhere, as the
/// judge's does, so the command's memory stays small and the answer passes.
#[test]
fn what_the_answer_prints_costs_nothing() {
    let scratch = Scratch::take();
    let print = "        if n == 1 {
            use std::io::Write;
            let chunk = vec![b'x'; 1 << 20];
            let mut out = std::io::stdout();
            for _ in 0..512 {
                out.write_all(&chunk).unwrap();
            }
        }";
    answer_bitmask(&scratch, &right_answer_doing(print));
    let mut command = scratch.command(&["practice", "test", "52", "bitmask"]);
    let mut queens = command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn().unwrap();
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
    assert!(peak > 0 && peak < 100 * 1024, "a peak of {peak} kB");
}

/// A `const` whose evaluation never ends, with the lint that stops it
/// allowed: the build ends, with a compile error at the learner's line.
#[test]
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
    let stdout = flat(&not_passed(&scratch, "52"));
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(stdout.contains("long_running_const_eval") || stdout.contains("a `const` whose evaluation"), "{stdout}");
}

/// A thread-local whose `Drop` panics, set at n = 2: the panic aborts the
/// process as the thread that ran n = 2 ends, which is n = 2's failure.
#[test]
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
    let stdout = flat(&not_passed(&scratch, "52"));
    assert!(stdout.contains("failing at n = 2; passing 1; not run 3 to 9"), "{stdout}");
    assert!(stdout.contains("n = 2: the answer's process ended:"), "{stdout}");
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
    let exercises: usize = n_queens_steps::chain::ladder().map(|step| step.exercises.len()).sum();
    assert_eq!(stdout.matches("not started").count(), exercises, "after `{suggested}`:\n{stdout}");
}
