//! A program of [`crate::program`] running as a [`Session`]: asked one
//! case at a time over its channel, each case under its own time limit,
//! and, where it ends or fails, told why ([`ended_because`]) and what the
//! fence refused it ([`refused_in`]).

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::Child;
use std::time::{Duration, Instant};

use crate::Problem;
use crate::fence::{self, Limits};
use crate::program::{Answer, REFUSED, Read as Reading, read_answer};
use crate::reading::visible;

/// What a learner's program may use: its processor time is set per run
/// ([`crate::runner::Runner::start`]); its standard error is a file, so it is bounded too.
pub const RUN_LIMITS: Limits = Limits { memory: 2 << 30, cpu_seconds: 60, file_size: 16 << 20, more_tasks: 16 };

/// The most a program may write on the channel for one case: many times
/// the 352 boards of n = 9.
pub const ANSWER_MAX: usize = 16 << 20;

/// A running program of [`crate::program`], asked one case at a time.
#[derive(Debug)]
pub struct Session {
    child: Child,
    /// The judge's end of the channel.
    channel: UnixStream,
    problem: Problem,
    /// Where the program's standard error goes.
    stderr: PathBuf,
    /// How long its standard error was when the case now asked began.
    case_start: u64,
    /// What came on the channel and is not yet read as an answer.
    received: Vec<u8>,
    end_orphans: bool,
    /// How it ended, once it is reaped: `None` inside when it was ended.
    status: Option<Option<std::process::ExitStatus>>,
}

/// What a session gave for one case.
#[derive(Debug, PartialEq, Eq)]
pub enum Given {
    /// Its answer.
    Answer(Answer),
    /// Nothing within the limit: the program is ended.
    TooSlow,
    /// The program ended, or wrote what is no answer: why, in words.
    Ended(String),
}

impl Session {
    /// The session of `child`, a program for `problem` that answers on
    /// `channel` and writes its standard error to `stderr`; with
    /// `end_orphans`, every child of this process is ended with it.
    pub(crate) fn new(
        child: Child,
        channel: UnixStream,
        problem: Problem,
        stderr: PathBuf,
        end_orphans: bool,
    ) -> Session {
        Session { child, channel, problem, stderr, case_start: 0, received: Vec::new(), end_orphans, status: None }
    }

    /// Asks the answer for `n`, waiting `limit` at most.
    pub fn ask(&mut self, n: i32, limit: Duration) -> Given {
        let started = Instant::now();
        self.case_start = std::fs::metadata(&self.stderr).map_or(0, |metadata| metadata.len());
        if self.channel.write_all(format!("{n}\n").as_bytes()).is_err() {
            return Given::Ended(self.ended());
        }
        let mut buffer = [0; 64 << 10];
        loop {
            match read_answer(self.problem, &self.received) {
                // `main` writes one answer a case: more is the answer's own writing.
                Reading::Whole(_, used) if used < self.received.len() => {
                    self.settle(Duration::ZERO);
                    return Given::Ended("it wrote on the judge's channel beside its answer".to_string());
                }
                Reading::Whole(answer, _) => {
                    self.received.clear();
                    return Given::Answer(answer);
                }
                Reading::Bad(why) => {
                    self.settle(Duration::ZERO);
                    return Given::Ended(format!("it wrote what is no answer on the channel: {why}"));
                }
                Reading::Partial if self.received.len() > ANSWER_MAX => {
                    self.settle(Duration::ZERO);
                    return Given::Ended(format!(
                        "its answer is larger than {}, far more than any right one",
                        fence::in_words(ANSWER_MAX as u64)
                    ));
                }
                Reading::Partial => {}
            }
            let left = limit.saturating_sub(started.elapsed());
            if left.is_zero() {
                self.settle(Duration::ZERO);
                return Given::TooSlow;
            }
            let _ = self.channel.set_read_timeout(Some(left));
            match self.channel.read(&mut buffer) {
                Ok(0) => return Given::Ended(self.ended()),
                Ok(count) => self.received.extend_from_slice(&buffer[..count]),
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) if matches!(error.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                }
                Err(error) => return Given::Ended(format!("the channel failed: {error}")),
            }
        }
    }

    /// Why the program ended with no answer: its exit, a signal, or a
    /// crash that its standard error names.
    fn ended(&mut self) -> String {
        let status = self.settle(Duration::from_secs(1));
        let why = ended_because(status, &self.stderr());
        match self.refused(&why) {
            Some(refused) => format!("{why} {refused}"),
            None => why,
        }
    }

    /// Its standard error so far: the last 64 KiB.
    pub fn stderr(&self) -> String {
        let bytes = std::fs::read(&self.stderr).unwrap_or_default();
        let tail = &bytes[bytes.len().saturating_sub(64 << 10)..];
        String::from_utf8_lossy(tail).into_owned()
    }

    /// What the fence refused the answer during the case last asked, which
    /// ended in `failure`, in a sentence ([`refused_in`]).
    pub fn refused(&self, failure: &str) -> Option<String> {
        let bytes = std::fs::read(&self.stderr).unwrap_or_default();
        let case = bytes.get(usize::try_from(self.case_start).unwrap_or(usize::MAX)..).unwrap_or_default();
        refused_in(&String::from_utf8_lossy(case), failure)
    }

    /// Ends the session: the channel is closed, so `main` returns; whatever
    /// is still running of the program is ended.
    pub fn finish(mut self) {
        let _ = self.channel.shutdown(std::net::Shutdown::Both);
        self.settle(Duration::from_secs(1));
    }

    /// Waits up to `grace` for the program to end, then ends its process
    /// group (and the orphans of this process, where asked) and reaps it:
    /// how it ended, when it did so by itself. Its id is held until it is
    /// reaped, so the group ended is its own.
    fn settle(&mut self, grace: Duration) -> Option<std::process::ExitStatus> {
        use rustix::process::{Pid, Signal, WaitIdOptions, kill_process_group, waitid};
        if let Some(status) = self.status {
            return status;
        }
        let pid = Pid::from_raw(self.child.id() as i32).expect("a child's id");
        let until = Instant::now() + grace;
        let peek = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT | WaitIdOptions::NOHANG;
        let exited = loop {
            match waitid(rustix::process::WaitId::Pid(pid), peek) {
                Ok(Some(_)) => break true,
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(2)),
                _ => break false,
            }
        };
        let _ = kill_process_group(pid, Signal::KILL);
        let _ = self.child.kill();
        let status = self.child.wait().ok().filter(|_| exited);
        if self.end_orphans {
            n_queens_process::end_children(true);
        }
        // Ended because this process is being stopped: nothing to report.
        n_queens_process::wait_if_ending();
        self.status = Some(status);
        status
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.settle(Duration::ZERO);
    }
}

/// The paths that the runtime itself opens, refused like any other: the C
/// library (the number of processors), Rust's (the main thread's stack,
/// the processors a container gives). Not the answer's doing.
const RUNTIME_OPENS: &[&str] =
    &["/proc/self/maps", "/proc/self/cgroup", "/proc/self/mountinfo", "/sys/devices/system/cpu/", "/sys/fs/cgroup/"];

/// What the fence refused an answer that failed with `failure` (a panic's
/// message, why it ended), in a sentence: `It tried to open a network
/// socket, which the fence refuses.`. The last call its program said on
/// `stderr` ([`REFUSED`]); else, where `failure` is `EPERM` (`Operation not
/// permitted`), one of the calls refused without a word
/// ([`fence::allowlist::SILENT`]); `None` when the fence refused nothing.
pub fn refused_in(stderr: &str, failure: &str) -> Option<String> {
    use fence::allowlist;
    let last = stderr
        .lines()
        .rev()
        .filter_map(|line| line.strip_prefix(REFUSED))
        .filter_map(|rest| {
            let (number, path) = rest.split_once(' ').unwrap_or((rest, ""));
            let runtime = RUNTIME_OPENS.iter().any(|own| path.starts_with(own));
            number.parse::<i64>().ok().filter(|_| !runtime)
        })
        .next();
    let kind = match last {
        Some(number) => allowlist::kind(number),
        None if !failure.contains("Operation not permitted") => return None,
        None if allowlist::TRAPS => allowlist::SILENT,
        None => return Some("The fence refused it a system call.".to_string()),
    };
    Some(format!("It tried to {kind}, which the fence refuses."))
}

/// Why a process stopped answering, from how it ended and its standard
/// error (whose last words are shown with their control characters visible).
pub fn ended_because(status: Option<std::process::ExitStatus>, stderr: &str) -> String {
    use std::os::unix::process::ExitStatusExt;
    if n_queens_steps::mistakes::overflowed_its_stack(stderr) {
        return STACK_OVERFLOW.to_string();
    }
    if let Some(line) = stderr.lines().find(|line| line.contains("memory allocation of")) {
        return format!(
            "{}: it asked for more memory than it may use ({})",
            visible(line.trim()),
            fence::in_words(RUN_LIMITS.memory)
        );
    }
    if let Some(why) = stderr.lines().rev().find_map(|line| line.strip_prefix(fence::FAILED)) {
        return format!("the fence could not start it: {}", visible(why));
    }
    let last = stderr.lines().rev().map(str::trim).find(|line| !line.is_empty() && !line.starts_with(REFUSED));
    let said = last.map_or(String::new(), |line| format!(" Its last words: {}", visible(line)));
    let Some(status) = status else {
        return format!("it closed the channel and went on running.{said}");
    };
    match (status.code(), status.signal()) {
        (Some(code), _) => format!(
            "the process exited with code {code} in the middle of the case: does the answer call \
             `std::process::exit({code})`? The judge would stop there too.{said}"
        ),
        (None, Some(signal)) => format!("the process was killed by signal {signal}{}.{said}", signal_cause(signal)),
        (None, None) => format!("the process ended without an exit code.{said}"),
    }
}

/// Why the process ended, when its stack overflowed.
pub const STACK_OVERFLOW: &str = "stack overflow: a recursion that never reaches its base case?";

/// What usually sends `signal` to a learner's process, in a few words.
fn signal_cause(signal: i32) -> String {
    match signal {
        6 => " (SIGABRT: `std::process::abort`, or a panic while panicking?)".to_string(),
        9 => " (SIGKILL: past its limit of processor time, or killed from outside)".to_string(),
        11 => " (SIGSEGV: a bad memory access)".to_string(),
        31 => " (SIGSYS: a system call the fence refuses, made where it could not fail gently)".to_string(),
        24 => " (SIGXCPU: it used all the processor time it may use)".to_string(),
        25 => format!(
            " (SIGXFSZ: it wrote more than {} to a file, standard error included)",
            fence::in_words(RUN_LIMITS.file_size)
        ),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_call_is_named_by_its_kind_and_the_runtimes_own_opens_are_not() {
        let socket = format!("{REFUSED}{}\n", libc::SYS_socket);
        let maps = format!("{REFUSED}{} /proc/self/maps\n", libc::SYS_openat);
        let said = refused_in(&format!("{maps}{socket}{maps}"), "boom").unwrap();
        assert_eq!(said, "It tried to open a network socket, which the fence refuses.");
        assert_eq!(refused_in(&maps, "boom"), None);
        let silent = refused_in("", "Os { code: 1, kind: PermissionDenied, message: \"Operation not permitted\" }");
        assert!(silent.unwrap().contains(fence::allowlist::SILENT));
    }
}
