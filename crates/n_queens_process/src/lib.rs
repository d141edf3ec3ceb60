//! A child process run to its end or to a time limit, its output read as it
//! comes: the one runner of the judge (`n_queens_judge`), the command
//! (`queens practice`) and the tests.
//! Unix only, as the workspace is (Linux for what adopts orphans).
//!
//! - Each output is kept as its first and last [`KEPT`] bytes, with a line
//!   between that says how many were cut; a line handed on as it comes is
//!   its last [`LINE`] bytes.
//! - A learner's code runs in a process group of its own
//!   ([`Run::own_group`]), killed once the child has ended or been stopped.
//! - Reading stops once the child has ended and what it wrote is read: a
//!   process that left the group (`setsid`) and still holds the pipes
//!   cannot keep the run waiting.
//! - Orphans can be adopted ([`adopt_orphans`]) and ended after each run
//!   ([`Run::end_orphans`]); [`end_for_good`] ends every child at once.
//!
//! Cargo stays in the terminal's group, so that Ctrl-C stops it.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, ErrorKind, Read};
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use wait_timeout::ChildExt;

mod ending;

use ending::end_group;
pub use ending::{adopt_orphans, end_children, end_for_good, spawn, wait_if_ending};

/// How much of each output is kept from its start, and as much from its end.
pub const KEPT: usize = 1 << 20;

/// How much of one line is handed on, at most: its last bytes.
pub const LINE: usize = 64 << 10;

/// How often the child is looked at while its pipes are open but quiet.
const TICK: Duration = Duration::from_millis(20);

/// The most read from one pipe before the child and the limit are looked at
/// again: a child that writes without pause is still stopped at its limit.
const BURST: usize = 1 << 20;

/// What a child process printed, and whether it finished in time.
#[derive(Debug)]
pub struct Ran {
    /// Its exit status, stdout and stderr, each cut to its first and last
    /// [`KEPT`] bytes (after a timeout: the killed process's).
    pub output: Output,
    /// Whether it was killed for running past the limit.
    pub timed_out: bool,
    /// Whether it was killed for a line it printed ([`Run::stop_at`]).
    pub stopped: bool,
}

/// How to run a child: its time limit, its group, what stops it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Run {
    /// Killed when still running after this long; `None`: no limit.
    pub limit: Option<Duration>,
    /// Started as the leader of a new process group, killed with it once it ends.
    pub own_group: bool,
    /// Once it has ended, every other child of this process is ended too: the
    /// orphans it left, after [`adopt_orphans`] ([`end_children`]).
    pub end_orphans: bool,
    /// The line of standard error it is killed at: one that says it never ends.
    pub stop_at: Option<fn(&str) -> bool>,
}

/// Runs `command` with its stdout and stderr captured, like
/// [`Command::output`], in a group of its own, killed if it is still running
/// after `limit`.
pub fn output_with_deadline(command: &mut Command, limit: Duration) -> io::Result<Ran> {
    Run { limit: Some(limit), own_group: true, ..Run::default() }.run(command, &mut |_, _| {})
}

impl Run {
    /// Runs `command` with both outputs captured; every line is also handed
    /// to `echo` as it comes (`true` for a line of standard error).
    pub fn run(self, command: &mut Command, echo: &mut dyn FnMut(&str, bool)) -> io::Result<Ran> {
        if self.own_group {
            command.process_group(0);
        }
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = spawn(command)?;
        let started = Instant::now();
        let left = || self.limit.map(|limit| limit.saturating_sub(started.elapsed()));
        let mut pipes = [
            Pipe::new(child.stdout.take().map(OwnedFd::from), false)?,
            Pipe::new(child.stderr.take().map(OwnedFd::from), true)?,
        ];
        let mut ended = None;
        let stopped = |pipes: &[Pipe]| pipes.iter().any(|pipe| pipe.stopped);
        while ended.is_none() && left() != Some(Duration::ZERO) && pipes.iter().any(|pipe| pipe.file.is_some()) {
            wait_for_output(&pipes, left().map_or(TICK, |left| left.min(TICK)))?;
            for pipe in &mut pipes {
                pipe.read(echo, self.stop_at);
            }
            if stopped(&pipes) {
                break;
            }
            ended = child.try_wait()?;
        }
        let (status, timed_out) = match ended {
            Some(status) => (status, false),
            None if stopped(&pipes) => wait(&mut child, Some(Duration::ZERO)).map(|(status, _)| (status, false))?,
            None => wait(&mut child, left())?,
        };
        if self.own_group {
            end_group(child.id());
        }
        if self.end_orphans {
            end_children(true);
        }
        // What the child wrote is in the pipes now; whatever still holds
        // them writes nothing more into this run.
        let stopped = stopped(&pipes);
        let [stdout, stderr] = pipes.map(|pipe| pipe.finish(echo));
        wait_if_ending();
        Ok(Ran { output: Output { status, stdout, stderr }, timed_out, stopped })
    }
}

/// Waits for `child` to end, or kills it once `left` has passed: its status, and whether it was killed.
fn wait(child: &mut Child, left: Option<Duration>) -> io::Result<(std::process::ExitStatus, bool)> {
    let ended = match left {
        Some(left) => child.wait_timeout(left)?,
        None => Some(child.wait()?),
    };
    match ended {
        Some(status) => Ok((status, false)),
        None => {
            // It may have ended since; waiting covers both.
            let _ = child.kill();
            Ok((child.wait()?, true))
        }
    }
}

/// Waits until a pipe has something to read or has closed, or `timeout` has passed.
fn wait_for_output(pipes: &[Pipe], timeout: Duration) -> io::Result<()> {
    let mut fds: Vec<PollFd> =
        pipes.iter().filter_map(|pipe| pipe.file.as_ref()).map(|file| PollFd::new(file, PollFlags::IN)).collect();
    let timeout = Timespec { tv_sec: 0, tv_nsec: i64::from(timeout.subsec_nanos()) };
    match poll(&mut fds, Some(&timeout)) {
        Ok(_) | Err(rustix::io::Errno::INTR) => Ok(()),
        Err(error) => Err(error.into()),
    }
}

/// One of the child's outputs: the pipe while it is open, the line being
/// read, and what is kept.
struct Pipe {
    /// The pipe, read without blocking; `None` once it has closed.
    file: Option<File>,
    /// Whether it is standard error.
    is_stderr: bool,
    /// The line so far: its last bytes, at most about twice [`LINE`].
    line: Vec<u8>,
    /// How many bytes of that line were cut from its start.
    line_cut: u64,
    /// What is kept of all of it.
    kept: Kept,
    /// Whether a line it handed on is one to stop at.
    stopped: bool,
}

impl Pipe {
    fn new(fd: Option<OwnedFd>, is_stderr: bool) -> io::Result<Pipe> {
        if let Some(fd) = &fd {
            rustix::io::ioctl_fionbio(fd, true)?;
        }
        let file = fd.map(File::from);
        Ok(Pipe { file, is_stderr, line: Vec::new(), line_cut: 0, kept: Kept::default(), stopped: false })
    }

    /// Reads what the pipe holds now, up to [`BURST`] bytes, handing on
    /// each line that ends in it, and marking the pipe when one is a line
    /// to stop at.
    fn read(&mut self, echo: &mut dyn FnMut(&str, bool), stop_at: Option<fn(&str) -> bool>) {
        let mut stopped = false;
        let mut echo = |line: &str, is_stderr: bool| {
            stopped |= is_stderr && stop_at.is_some_and(|stop_at| stop_at(line));
            echo(line, is_stderr);
        };
        let mut buffer = [0; 32 << 10];
        let mut read = 0;
        while read < BURST {
            let Some(file) = self.file.as_mut() else { break };
            match file.read(&mut buffer) {
                Ok(0) => self.file = None,
                Ok(count) => {
                    read += count;
                    self.take(&buffer[..count], &mut echo);
                }
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(error) if error.kind() == ErrorKind::WouldBlock => break,
                // A read error leaves what was read so far: enough for a message.
                Err(_) => self.file = None,
            }
        }
        self.stopped |= stopped;
    }

    fn take(&mut self, bytes: &[u8], echo: &mut dyn FnMut(&str, bool)) {
        self.kept.push(bytes);
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
            self.line.extend_from_slice(&rest[..=end]);
            rest = &rest[end + 1..];
            self.hand_on(echo);
        }
        self.line.extend_from_slice(rest);
        if self.line.len() > 2 * LINE {
            self.cut_line();
        }
    }

    /// Cuts the line so far to its last [`LINE`] bytes.
    fn cut_line(&mut self) {
        let cut = self.line.len().saturating_sub(LINE);
        self.line.drain(..cut);
        self.line_cut += cut as u64;
    }

    /// Hands the line on, without its line end, after a note of how much of
    /// its start was cut if some was.
    fn hand_on(&mut self, echo: &mut dyn FnMut(&str, bool)) {
        self.cut_line();
        let text = String::from_utf8_lossy(&self.line);
        let text = text.trim_end_matches(['\n', '\r']);
        match self.line_cut {
            0 => echo(text, self.is_stderr),
            cut => echo(&format!("[… {cut} bytes cut …] {text}"), self.is_stderr),
        }
        self.line.clear();
        self.line_cut = 0;
    }

    /// Reads what the pipe still holds, hands on the last line even without
    /// its line end, and gives what was kept.
    fn finish(mut self, echo: &mut dyn FnMut(&str, bool)) -> Vec<u8> {
        self.read(echo, None);
        if !self.line.is_empty() {
            self.hand_on(echo);
        }
        self.kept.into_bytes()
    }
}

/// The first and last [`KEPT`] bytes of an output, and how many between
/// were cut.
#[derive(Default)]
struct Kept {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    cut: u64,
}

impl Kept {
    fn push(&mut self, bytes: &[u8]) {
        let room = KEPT.saturating_sub(self.head.len()).min(bytes.len());
        self.head.extend_from_slice(&bytes[..room]);
        self.tail.extend(&bytes[room..]);
        let excess = self.tail.len().saturating_sub(KEPT);
        self.tail.drain(..excess);
        self.cut += excess as u64;
    }

    fn into_bytes(self) -> Vec<u8> {
        let mut bytes = self.head;
        if self.cut > 0 {
            bytes.extend_from_slice(format!("\n[… {} bytes cut …]\n", self.cut).as_bytes());
        }
        bytes.extend(self.tail);
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_in_time_finishes_and_one_past_the_limit_is_killed() {
        let ran =
            output_with_deadline(Command::new("sh").args(["-c", "echo started; printf end"]), Duration::from_secs(60))
                .unwrap();
        assert!(!ran.timed_out && ran.output.status.success());
        assert_eq!(String::from_utf8_lossy(&ran.output.stdout), "started\nend");

        let ran = output_with_deadline(
            Command::new("sh").args(["-c", "echo started; exec sleep 60"]),
            Duration::from_millis(300),
        )
        .unwrap();
        assert!(ran.timed_out);
        assert!(!ran.output.status.success());
        assert_eq!(String::from_utf8_lossy(&ran.output.stdout), "started\n", "what it printed before it was stopped");
    }

    /// The pid that `script` prints, run in a group of its own: the run ends
    /// when the child does, whoever else holds its pipes.
    fn pid_printed(script: &str) -> String {
        let mut lines = Vec::new();
        let ran = Run { own_group: true, ..Run::default() }
            .run(Command::new("sh").args(["-c", script]), &mut |line, _| lines.push(line.to_string()))
            .unwrap();
        assert!(ran.output.status.success());
        let [pid] = &lines[..] else { panic!("one line, a process id: {lines:?}") };
        pid.clone()
    }

    /// Whether the process `pid` is running: not gone, and not a zombie.
    fn running(pid: &str) -> bool {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    }

    #[test]
    fn a_process_the_child_starts_ends_with_its_group() {
        let grandchild = pid_printed("sleep 600 & echo $!");
        // The kill is sent as the run ends; the kernel takes a moment to carry it out.
        let gone = (0..200).any(|_| {
            std::thread::sleep(Duration::from_millis(50));
            !running(&grandchild)
        });
        assert!(gone, "the grandchild {grandchild} outlived the run");
    }

    /// A process that left the child's group (`setsid`) and holds its
    /// pipes is left running (ended here by hand): the run did not wait for it.
    /// It prints its pid once it has left (`setsid -f`, then `$$`), so the
    /// group's kill cannot reach it first.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_process_that_left_the_group_does_not_hold_the_run() {
        let pid = pid_printed("exec 3>&1; pid=$(setsid -f sh -c 'echo $$; exec sleep 600 >&3'); echo $pid");
        let still_running = running(&pid);
        let pid = rustix::process::Pid::from_raw(pid.parse().unwrap()).unwrap();
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        assert!(still_running, "sleep {pid} ended first: the run waited for it");
    }

    /// A 3 MB line and a short one: the first and last [`KEPT`] bytes are
    /// kept, with how many were cut between; the long line is handed on as
    /// its last [`LINE`] bytes, with how many were cut before.
    #[test]
    fn what_is_kept_is_bounded_and_says_what_was_cut() {
        let mut lines = Vec::new();
        let script = "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo end";
        let ran = Run::default()
            .run(Command::new("sh").args(["-c", script]), &mut |line, _| lines.push(line.to_string()))
            .unwrap();
        let stdout = ran.output.stdout;
        let cut = 3_000_005 - 2 * KEPT;
        let marker = format!("\n[… {cut} bytes cut …]\n");
        assert_eq!(stdout.len(), 2 * KEPT + marker.len());
        assert_eq!(&stdout[KEPT..KEPT + marker.len()], marker.as_bytes());
        assert!(stdout.starts_with(b"xxx") && stdout.ends_with(b"xxx\nend\n"));
        assert_eq!(lines.len(), 2);
        let said = format!("[… {} bytes cut …] ", 3_000_001 - LINE);
        assert_eq!(lines[0], format!("{said}{}", "x".repeat(LINE - 1)));
        assert_eq!(lines[1], "end");
    }

    /// A line of standard error to stop at stops the child, not one of standard output.
    #[test]
    fn a_line_to_stop_at_stops_the_child() {
        let run = Run { stop_at: Some(|line| line == "stuck"), ..Run::default() };
        let script = "echo stuck; echo stuck >&2; exec sleep 600";
        let ran = run.run(Command::new("sh").args(["-c", script]), &mut |_, _| {}).unwrap();
        assert!(ran.stopped && !ran.timed_out && !ran.output.status.success());
        assert_eq!(String::from_utf8_lossy(&ran.output.stdout), "stuck\n");
        assert_eq!(String::from_utf8_lossy(&ran.output.stderr), "stuck\n");
    }
}
