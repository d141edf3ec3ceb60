//! A child process run to its end or to a time limit, its output read as it
//! comes: the one runner that the command (`queens practice`) and the tests
//! (the judge-paste check, the mistakes' children) share.
//!
//! A learner's code runs in a process group of its own ([`Run::own_group`]),
//! killed once the child has ended or been stopped: a process it started (a
//! `sleep 40`, say) cannot outlive the limit, nor keep the pipes open while
//! they are read to their end. Cargo stays in the terminal's group, so that
//! Ctrl-C stops it.

use std::io::{self, BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use wait_timeout::ChildExt;

/// What a child process printed, and whether it finished in time.
#[derive(Debug)]
pub struct Ran {
    /// Its exit status, stdout and stderr (after a timeout: the status of
    /// the killed process, and what it printed until then).
    pub output: Output,
    /// Whether it was killed for running past the limit.
    pub timed_out: bool,
}

/// How to run a child: its time limit, and whether it gets a group of its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct Run {
    /// Killed when still running after this long; `None`: no limit.
    pub limit: Option<Duration>,
    /// Started as the leader of a new process group, killed with it once it ends.
    pub own_group: bool,
}

/// Runs `command` with its stdout and stderr captured, like
/// [`Command::output`], in a group of its own, killed if it is still running
/// after `limit`.
pub fn output_with_deadline(command: &mut Command, limit: Duration) -> io::Result<Ran> {
    Run { limit: Some(limit), own_group: true }.run(command, &mut |_, _| {})
}

impl Run {
    /// Runs `command` with standard input closed and both outputs captured;
    /// every line is also handed to `echo` as it comes (`true` for a line of
    /// standard error).
    pub fn run(self, command: &mut Command, echo: &mut dyn FnMut(&str, bool)) -> io::Result<Ran> {
        if self.own_group {
            #[cfg(unix)]
            std::os::unix::process::CommandExt::process_group(command, 0);
        }
        let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
        // Both pipes are read at once, each by a thread, into one channel, so
        // that neither fills up while the other is read.
        let (sender, receiver) = mpsc::channel();
        let readers = [
            forward(child.stdout.take().expect("piped"), false, sender.clone()),
            forward(child.stderr.take().expect("piped"), true, sender),
        ];
        // Waited for on a thread of its own: the pipes end when every process
        // holding them has ended, which for a group is when it is killed.
        let waiter = thread::spawn(move || self.wait(&mut child));
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        for (line, is_stderr) in receiver {
            echo(String::from_utf8_lossy(&line).trim_end_matches(['\n', '\r']), is_stderr);
            if is_stderr { &mut stderr } else { &mut stdout }.extend_from_slice(&line);
        }
        for reader in readers {
            let _ = reader.join();
        }
        let (status, timed_out) = waiter.join().expect("the waiting thread does not panic")?;
        Ok(Ran { output: Output { status, stdout, stderr }, timed_out })
    }

    /// Waits for `child` to end, or kills it at the limit; then its group.
    fn wait(self, child: &mut Child) -> io::Result<(ExitStatus, bool)> {
        let ended = match self.limit {
            Some(limit) => child.wait_timeout(limit)?,
            None => Some(child.wait()?),
        };
        let (status, timed_out) = match ended {
            Some(status) => (status, false),
            None => {
                // It may have ended since; waiting covers both.
                let _ = child.kill();
                (child.wait()?, true)
            }
        };
        if self.own_group {
            end_group(child.id());
        }
        Ok((status, timed_out))
    }
}

/// Kills every process still in the group that `leader` leads (on Unix).
fn end_group(leader: u32) {
    #[cfg(unix)]
    if let Some(pid) = i32::try_from(leader).ok().and_then(rustix::process::Pid::from_raw) {
        // A group already empty is no error worth reporting.
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = leader;
}

/// Sends every line of `pipe`, as bytes with its line end, into `sender`,
/// marked with `is_stderr`.
fn forward(
    pipe: impl Read + Send + 'static,
    is_stderr: bool,
    sender: mpsc::Sender<(Vec<u8>, bool)>,
) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut reader = BufReader::new(pipe);
        loop {
            let mut line = Vec::new();
            // A read error leaves what was read so far: enough for a message.
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) if sender.send((line, is_stderr)).is_err() => break,
                Ok(_) => {}
            }
        }
    })
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

    #[test]
    fn a_process_the_child_starts_ends_with_its_group() {
        // The grandchild holds stdout open; the run still ends when the child does.
        let started = std::time::Instant::now();
        let mut lines = Vec::new();
        let ran = Run { limit: None, own_group: true }
            .run(Command::new("sh").args(["-c", "sleep 60 & echo spawned"]), &mut |line, _| {
                lines.push(line.to_string());
            })
            .unwrap();
        assert!(ran.output.status.success());
        assert_eq!(lines, ["spawned"]);
        assert!(started.elapsed() < Duration::from_secs(30));
    }
}
