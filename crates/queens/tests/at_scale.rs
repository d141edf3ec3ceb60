//! `queens count` at scale, through the binary: parts added up by
//! `queens sum`, a checkpointed count killed and resumed, and the memory
//! limit; every count against OEIS A000170.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use n_queens_cases::oeis::A000170;
use run::queens;

mod run;

fn stdout_of(args: &[&str]) -> String {
    let output = queens(args);
    assert!(output.status.success(), "queens {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Exit code 2, nothing on stdout, and one line of message (clap adds only
/// its hints) that mentions `words`.
fn refused(args: &[&str], words: &[&str]) {
    let output = queens(args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "queens {args:?}: {stderr}");
    assert!(output.stdout.is_empty());
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.is_empty()).collect();
    assert!(lines[0].starts_with("error: "), "{stderr}");
    assert!(lines[1..].iter().all(|line| line.contains("--help")), "more than one line: {stderr}");
    for word in words {
        assert!(lines[0].contains(word), "{:?} does not mention {word:?}", lines[0]);
    }
}

fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("queens-at-scale-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// `queens sum` of the parts' outputs, fed on stdin.
fn sum(outputs: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("sum")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("queens sum runs");
    child.stdin.take().unwrap().write_all(outputs.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The parts, each counted by its own process, add up to the count, and
/// `queens sum` refuses a set with a part missing.
#[test]
fn parts_through_the_binary_add_up() {
    for (n, of) in [(12u32, 3u32), (15, 7), (16, 2)] {
        let outputs: String =
            (1..=of).map(|index| stdout_of(&["count", &n.to_string(), "--part", &format!("{index}/{of}")])).collect();
        assert_eq!(outputs.lines().count(), of as usize);
        let total = sum(&outputs);
        assert!(total.status.success(), "{}", String::from_utf8_lossy(&total.stderr));
        assert_eq!(String::from_utf8(total.stdout).unwrap().trim(), A000170[n as usize].to_string(), "n = {n}");
        let missing = sum(outputs.lines().skip(1).collect::<Vec<_>>().join("\n").as_str());
        assert_eq!(missing.status.code(), Some(2));
        assert!(String::from_utf8(missing.stderr).unwrap().contains("missing: 1"));
    }
}

#[test]
fn bad_parts_and_sizes_are_refused() {
    for bad in ["0/3", "4/3", "1/0", "x"] {
        refused(&["count", "12", "--part", bad], &["--part", bad]);
    }
    refused(&["count", "12", "--unique", "--part", "1/2"], &["--part", "quarters"]);
    refused(&["count", "12", "--approach", "bitmask", "--memory", "1G"], &["--memory", "quarters"]);
    for bad in ["12Q", "0", "G", "-1", "1.5G", "99999999999T"] {
        refused(&["count", "12", "--memory", bad], &["--memory", bad]);
    }
    // The tables of n = 16 need more than a mebibyte: the refusal names
    // the flag and a size that would do.
    refused(&["count", "16", "--memory", "1M"], &["n = 16", "bytes", "--memory 11M"]);
    assert_eq!(stdout_of(&["count", "16", "--memory", "64M"]).trim(), A000170[16].to_string());
}

/// The unit lines of a checkpoint file (its header left out).
fn units(path: &PathBuf) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().skip(1).map(str::to_string).collect()
}

/// A count killed half way and run again with the same checkpoint file
/// gives the exact count, counting only the units not recorded (each unit
/// is in the file once); a torn last line is dropped; a file from another
/// count is refused.
#[test]
fn a_killed_count_resumes_from_its_checkpoint() {
    let path = scratch("killed");
    let file = path.to_str().unwrap();
    let args = ["count", "17", "--threads", "1", "--checkpoint", file];
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::metadata(&path).map_or(0, |meta| meta.len()) < 200_000 {
        assert!(child.try_wait().unwrap().is_none(), "the count ended before it was killed: make it larger");
        assert!(started.elapsed() < Duration::from_secs(120), "no checkpoint lines");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let before = units(&path);
    assert!(before.len() > 1000, "{} units", before.len());
    std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"7 123").unwrap();
    refused(&["count", "16", "--checkpoint", file], &["another count", "n=17", "n=16"]);
    refused(&["count", "17", "--part", "1/2", "--checkpoint", file], &["another count", "part=1/1", "part=1/2"]);
    assert_eq!(stdout_of(&args).trim(), A000170[17].to_string());
    let after = units(&path);
    // The torn line is gone, what was recorded is kept, and nothing twice.
    assert!(after.iter().all(|line| line.split(' ').count() == 3), "a torn line is left");
    let recorded = before.iter().filter(|line| line.split(' ').count() == 3).count();
    assert!(recorded + 1 >= before.len() && after[..recorded] == before[..recorded]);
    let mut unique: Vec<(&str, &str)> = after
        .iter()
        .map(|line| {
            let mut fields = line.split(' ');
            (fields.next().unwrap(), fields.next().unwrap())
        })
        .collect();
    let all = unique.len();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), all, "a unit counted twice");
    assert!(all > recorded, "the rerun counted the rest");
    // Run again: nothing left to count, the same answer.
    assert_eq!(stdout_of(&args).trim(), A000170[17].to_string());
    assert_eq!(units(&path).len(), all);
    std::fs::remove_file(&path).unwrap();
}

/// `--plan` counts on one thread (the count it prints is OEIS's) and
/// predicts a speed-up for each thread count, 1× for one thread, within
/// 80 columns.
#[test]
fn the_plan_predicts_every_thread_count() {
    let text = stdout_of(&["count", "13", "--plan"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains(&format!("count {}", A000170[13])), "{text}");
    assert_eq!(lines.len(), 2 + 7, "{text}");
    let threads: Vec<&str> = lines[2..].iter().map(|line| line.split_whitespace().next().unwrap()).collect();
    assert_eq!(threads, ["1", "2", "4", "8", "16", "32", "64"]);
    assert!(lines[2].contains("1.00×*"), "{text}");
    assert!(lines.iter().all(|line| line.chars().count() <= 80), "{text}");
    refused(&["count", "13", "--plan", "--approach", "bitmask"], &["--plan", "quarters"]);
}
