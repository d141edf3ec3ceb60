//! What a count that runs for weeks meets, through the binary: another
//! count's records, a disk that fills (and frees), lines ended by CRLF or
//! cut short, `sum` of one part of the largest M, and more `--memory` than
//! the machine has. Each count is OEIS's or refused; no record is lost.

use std::io::{BufRead, BufReader, ErrorKind, PipeReader, PipeWriter, Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use n_queens_cases::oeis::A000170;
use n_queens_judge::deadline::output_with_deadline;
use run::{part_line, queens, queens_within_deadline, records, refused_with, scratch};

mod run;

/// Far longer than any wait here takes: no test waits for ever.
const BACKSTOP: Duration = Duration::from_secs(5 * 60);

/// The count's own line on stdout, after a run that succeeded.
fn counted(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn count(n: u32, extra: &[&str], checkpoint: &Path) -> Output {
    let n = n.to_string();
    let mut args = vec!["count", &n, "--checkpoint", checkpoint.to_str().unwrap()];
    args.extend(extra);
    queens(&args)
}

/// A checkpoint with n = 17's header and n = 16's records (or n = 15's and
/// n = 14's, or one part's header and another part's records) is refused
/// at its first record and left as it was: a record is bound to its count,
/// though each of those units is one of the count's too.
#[test]
fn another_counts_records_are_refused() {
    let path = scratch("mixed");
    for (from, to, part) in [(16, 17, None), (14, 15, None), (13, 13, Some(("2/2", "1/2")))] {
        let (extra, header): (Vec<&str>, _) = match part {
            Some((written, read)) => (vec!["--part", read], (format!("part={written}"), format!("part={read}"))),
            None => (Vec::new(), (format!("n={from} "), format!("n={to} "))),
        };
        let written = part.map_or(Vec::new(), |(written, _)| vec!["--part", written]);
        assert!(count(from, &written, &path).status.success());
        let text = std::fs::read_to_string(&path).unwrap();
        let (first, records) = text.split_once('\n').unwrap();
        let mixed = format!("{}\n{records}", first.replace(&header.0, &header.1));
        std::fs::write(&path, &mixed).unwrap();
        refused_with(&count(to, &extra, &path), &["line 2", "not a record of this count"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), mixed, "n = {to}: a refused file is left as it was");
        std::fs::remove_file(&path).unwrap();
    }
}

/// A checkpoint whose lines end in CRLF says so; a last line cut short (the
/// start of a record) is dropped and said, its unit counted again; a last
/// line without its newline that no record starts with, or longer than any
/// record, is refused and kept.
#[test]
fn line_ends_are_said_not_silently_cut() {
    let path = scratch("ends");
    assert_eq!(counted(&count(12, &[], &path)), A000170[12].to_string());
    let text = std::fs::read_to_string(&path).unwrap();
    let crlf = text.replace('\n', "\r\n");
    std::fs::write(&path, &crlf).unwrap();
    refused_with(&count(12, &[], &path), &["line 1", "CRLF"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), crlf);
    let (whole, last) = text.trim_end().rsplit_once('\n').unwrap();
    let torn = format!("{whole}\n{}", &last[..last.len() / 2]);
    std::fs::write(&path, &torn).unwrap();
    let output = count(12, &[], &path);
    assert_eq!(counted(&output), A000170[12].to_string());
    let lines = text.lines().count();
    let note = format!("line {lines}, the last, was a record cut short");
    assert!(String::from_utf8_lossy(&output.stderr).contains(&note), "{output:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the unit is counted and recorded again");
    for unended in ["notes, not a record".to_string(), "1".repeat(60), "7".repeat(1 << 20)] {
        let kept = format!("{text}{unended}");
        std::fs::write(&path, &kept).unwrap();
        refused_with(&count(12, &[], &path), &[&format!("line {}", lines + 1)]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), kept);
    }
    std::fs::remove_file(&path).unwrap();
}

/// `queens count` on a checkpoint whose writes fail past `blocks` blocks
/// of 512 bytes, as on a full disk: the write that crosses the limit is
/// cut short and the later ones fail (`ulimit -f`, with SIGXFSZ ignored,
/// so that the write fails instead of ending the process). Its stderr is
/// `stderr`'s writer.
fn count_on_a_small_disk(n: u32, blocks: u32, path: &Path, stderr: &Stderr) -> std::process::Child {
    Command::new("sh")
        .arg("-c")
        .arg(format!("trap '' XFSZ; ulimit -S -f {blocks}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_queens"))
        .args(["count", &n.to_string(), "--threads", "1", "--checkpoint", path.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr.writer.try_clone().unwrap())
        .spawn()
        .unwrap()
}

/// A child's stderr: a pipe of the test's own, which may hold `filled`
/// bytes before the child writes.
struct Stderr {
    reader: PipeReader,
    writer: PipeWriter,
    filled: usize,
}

impl Stderr {
    /// An empty pipe: the child writes to it at once.
    fn open() -> Stderr {
        let (reader, writer) = std::io::pipe().unwrap();
        Stderr { reader, writer, filled: 0 }
    }

    /// A pipe filled to the brim: the child's first write to it waits
    /// until [`Stderr::lines`] reads, so the child stops right there,
    /// however busy the machine, until the test lets it go on.
    fn full() -> Stderr {
        let mut stderr = Stderr::open();
        rustix::io::ioctl_fionbio(&stderr.writer, true).unwrap();
        // Pages first, then single bytes: a write of a page fails whole
        // while less than a page is free.
        for size in [4096, 1] {
            loop {
                match stderr.writer.write(&vec![b'.'; size]) {
                    Ok(written) => stderr.filled += written,
                    Err(error) if error.kind() == ErrorKind::WouldBlock => break,
                    Err(error) => panic!("filling the pipe: {error}"),
                }
            }
        }
        rustix::io::ioctl_fionbio(&stderr.writer, false).unwrap();
        stderr
    }

    /// What the child writes, line by line on the receiver, from now on,
    /// once what filled the pipe is read; the test's own writer closed, so
    /// that the lines end with the child.
    fn lines(self) -> mpsc::Receiver<String> {
        let Stderr { reader, writer, filled } = self;
        drop(writer);
        let (lines, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(reader);
            reader.read_exact(&mut vec![0; filled]).unwrap();
            reader.lines().map_while(Result::ok).try_for_each(|line| lines.send(line))
        });
        receiver
    }
}

/// Waits until a thread of the process `pid` is blocked writing to its
/// stderr (`/proc/PID/task/TID/syscall`: the call's number, then its
/// arguments, the descriptor first), under the suite's backstop.
#[cfg(target_os = "linux")]
fn wait_until_writing_to_stderr(pid: u32) {
    let writing = format!("{} 0x2 ", libc::SYS_write);
    let start = Instant::now();
    loop {
        let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
        let mut calls = tasks.filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("syscall")).ok());
        if calls.any(|call| call.starts_with(&writing)) {
            return;
        }
        assert!(start.elapsed() < BACKSTOP, "the count never wrote to its stderr");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A disk that fills and then frees costs no record: the count warns once,
/// records again once it can, and prints OEIS's count; its file holds only
/// whole records, and a resume uses every one of them. A disk that stays
/// full costs only the units not recorded.
#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_costs_no_recorded_unit() {
    use rustix::process::{Pid, Resource, Rlimit, prlimit};
    let limit = 100 * 512;
    let path = scratch("fills");
    // Its stderr full: the count stops at its first line, the warning of a
    // failed write, until the limit is lifted, as a disk that frees while
    // the count goes on; whenever the test gets there.
    let stderr = Stderr::full();
    let mut child = count_on_a_small_disk(17, 100, &path, &stderr);
    wait_until_writing_to_stderr(child.id());
    let unlimited = Rlimit { current: None, maximum: None };
    prlimit(Some(Pid::from_child(&child)), Resource::Fsize, unlimited).unwrap();
    let stderr = stderr.lines();
    let warning = stderr.recv_timeout(Duration::from_secs(120)).expect("a warning when a write fails");
    assert!(
        warning.starts_with("warning: the checkpoint file:") && warning.contains("every whole record"),
        "{warning}"
    );
    let mut answer = String::new();
    Read::read_to_string(&mut child.stdout.take().unwrap(), &mut answer).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(answer.trim(), A000170[17].to_string());
    assert_eq!(stderr.iter().collect::<Vec<_>>(), Vec::<String>::new(), "said once");
    let before = records(&path);
    assert!(std::fs::metadata(&path).unwrap().len() > limit, "recorded again once it could");
    let resumed = count(17, &["--threads", "1"], &path);
    assert_eq!(counted(&resumed), A000170[17].to_string());
    assert!(resumed.stderr.is_empty(), "{}", String::from_utf8_lossy(&resumed.stderr));
    let after = records(&path);
    assert!(after.len() > before.len() && after[..before.len()] == before[..], "every record kept, the gap counted");
    std::fs::remove_file(&path).unwrap();

    // A disk that stays full: the same count, the file whole up to the limit.
    let path = scratch("stays-full");
    let stderr = Stderr::open();
    let child = count_on_a_small_disk(16, 20, &path, &stderr);
    let stderr = stderr.lines();
    let output = child.wait_with_output().unwrap();
    assert_eq!(counted(&output), A000170[16].to_string());
    assert_eq!(stderr.iter().filter(|line| line.starts_with("warning:")).count(), 1, "said once");
    let before = records(&path);
    assert!(std::fs::metadata(&path).unwrap().len() <= 20 * 512);
    assert_eq!(counted(&count(16, &[], &path)), A000170[16].to_string());
    let after = records(&path);
    assert!(after.len() > before.len() && after[..before.len()] == before[..]);
    std::fs::remove_file(&path).unwrap();
}

/// `sum` of one part of the largest M names a few missing parts and counts
/// the rest, in the memory of a small process (under `ulimit -v`, 400 MB of
/// address space, where a flag per part would take 4 GB).
#[test]
#[cfg(target_os = "linux")]
fn sum_of_one_part_of_the_largest_m_is_refused_in_little_memory() {
    let line = part_line("n=12 part=3/4294967295 count=5");
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v 400000; printf '{}' | exec \"$0\" sum", line.replace('\n', "\\n")))
        .arg(env!("CARGO_BIN_EXE_queens"));
    let ran = output_with_deadline(&mut command, Duration::from_secs(120)).unwrap();
    assert!(!ran.timed_out);
    refused_with(&ran.output, &["4294967294 of 4294967295 parts missing: 1, 2, 4, 5,", "11, and 4294967284 more"]);
}

/// More `--memory` than the machine has is one line and exit code 2, before
/// any work, not an allocation that aborts.
#[test]
#[cfg(target_os = "linux")]
fn memory_past_the_machines_is_refused() {
    for n in ["24", "13"] {
        let output = queens_within_deadline(&["count", n, "--memory", "1000T"]);
        refused_with(&output, &["--memory", "more than this machine has", "give at most --memory "]);
    }
}
