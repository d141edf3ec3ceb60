//! Running the built `queens` binary as the end-to-end tests run it, and
//! the checks they share.

// Each test binary uses only some of these.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use n_queens_judge::deadline::output_with_deadline;

/// Runs `queens` with `args`, stdin closed and stdout and stderr captured
/// (so neither is a terminal), in the ASCII locale, in the temporary folder:
/// outside any workspace, so that `practice` finds no learner's files.
pub fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .expect("the queens binary runs")
}

/// How long a run may take before a test calls it hung: far more than any
/// of them needs, so that only a hang reaches it. A guard, not a measure.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// Runs `queens` as [`queens`] does, but kills it and fails the test if it
/// is still running at the [`DEADLINE`].
pub fn queens_within_deadline(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_queens"));
    command.args(args).current_dir(std::env::temp_dir()).env("LC_ALL", "C");
    let ran = output_with_deadline(&mut command, DEADLINE).expect("the queens binary runs");
    assert!(!ran.timed_out, "queens {args:?} still running after {DEADLINE:?}: it hangs");
    ran.output
}

/// Runs `queens` and checks it succeeded; returns its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let output = queens(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "queens {args:?} failed: {stderr}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Runs `queens` and checks it refused, as [`refused_with`] does.
pub fn refused(args: &[&str], mentions: &[&str]) -> String {
    refused_with(&queens(args), mentions)
}

/// Checks that a run refused with exit code 2 and a one-line message
/// (clap adds a blank line and a `--help` hint, no more), that names
/// `mentions`, and no panic trace; returns the message.
pub fn refused_with(output: &Output, mentions: &[&str]) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "wrote to stdout: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.is_empty()).collect();
    assert!(lines[0].starts_with("error: "), "{stderr}");
    // After the message, only clap's hints: the usage line, a tip, the possible values, --help.
    let hint = |line: &&str| {
        let line = line.trim_start();
        line.starts_with("Usage:") || line.starts_with("tip:") || line.starts_with('[') || line.contains("--help")
    };
    assert!(lines[1..].iter().all(hint), "more than one line of message: {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"), "{stderr}");
    for word in mentions {
        assert!(lines[0].contains(word), "{:?} does not mention {word:?}", lines[0]);
    }
    lines[0].to_string()
}

/// Boards written in `--format columns`: one board a line.
pub fn parse_columns(text: &str) -> Vec<Vec<usize>> {
    text.lines().map(|line| line.split(' ').map(|col| col.parse().expect("a column number")).collect()).collect()
}

/// A path `name` in a temporary folder of the test's own: the folder, and
/// what the test wrote in it, are removed when this is dropped, the test
/// passed or failed.
pub struct Scratch {
    path: PathBuf,
    _folder: tempfile::TempDir,
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

/// A path `name` in a temporary folder of the test's own, with no file there yet.
pub fn scratch(name: &str) -> Scratch {
    let folder = tempfile::Builder::new().prefix("queens-test-").tempdir().expect("a temporary folder");
    Scratch { path: folder.path().join(name), _folder: folder }
}

/// A workspace of the test's own, `name` in a temporary folder, with what
/// `queens practice` looks for (the manifests) and no exercise yet: no test
/// runs `practice` on the real workspace.
pub fn practice_workspace(name: &str) -> Scratch {
    let root = scratch(name);
    for manifest in ["Cargo.toml", "crates/n_queens/Cargo.toml", "crates/n_queens_ii/Cargo.toml"] {
        let path = root.join(manifest);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "# A scratch copy for the tests.\n").unwrap();
    }
    root
}

/// The records of a checkpoint file: every line after the header, each
/// whole (four fields), each unit once.
pub fn records(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "the file ends with a whole record");
    let records: Vec<String> = text.lines().skip(1).map(str::to_string).collect();
    assert!(records.iter().all(|line| line.split(' ').count() == 4), "a line is cut short");
    let mut units: Vec<Vec<&str>> = records.iter().map(|line| line.split(' ').take(2).collect()).collect();
    units.sort_unstable();
    units.dedup();
    assert_eq!(units.len(), records.len(), "a unit recorded twice");
    records
}

/// A part's line as `count --part` prints it: the fields, then their
/// check, the CRC-32 of the fields.
pub fn part_line(fields: &str) -> String {
    format!("{fields} check={:08x}\n", crc32fast::hash(fields.as_bytes()))
}
