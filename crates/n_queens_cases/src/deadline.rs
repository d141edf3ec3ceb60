//! Time limits for code that may never finish: a learner's exercise, a
//! deliberate mistake, a pasted program. A search with a wrong loop condition
//! runs forever, and a test run that only says "has been running for over 60
//! seconds" teaches nothing; these helpers stop waiting and say what ran.
//!
//! - [`call_with_deadline`]: a function call, on its own thread.
//! - [`exercise_answer`]: a practice exercise's answer for one case, under
//!   [`CASE_LIMIT`].
//! - [`output_with_deadline`]: a child process, killed when it runs too long.

use std::io::{self, Read};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Calls `f` on a new thread named `name` and returns what it returns.
///
/// If `f` panics, the panic goes on here, so a test fails with `f`'s own
/// message (the thread prints it, into the test's captured output). If `f`
/// has not returned after `limit`, panics with the message `too_slow`
/// builds. The thread is then left to run: a thread cannot be stopped from
/// outside, and it ends with the test process.
pub fn call_with_deadline<T, F>(name: &str, limit: Duration, too_slow: impl FnOnce() -> String, f: F) -> T
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (sender, receiver) = mpsc::channel();
    let thread = thread::Builder::new()
        .name(name.to_string())
        .spawn(move || {
            // The receiver may be gone after a timeout; nothing is waiting then.
            let _ = sender.send(f());
        })
        .expect("spawning a thread");
    match receiver.recv_timeout(limit) {
        Ok(value) => value,
        // The sender was dropped without sending: `f` panicked.
        Err(RecvTimeoutError::Disconnected) => match thread.join() {
            Err(payload) => std::panic::resume_unwind(payload),
            Ok(()) => unreachable!("the thread sends before it ends"),
        },
        Err(RecvTimeoutError::Timeout) => panic!("{}", too_slow()),
    }
}

/// How long one case may run. A judge-accepted answer finishes n = 9 in a
/// small fraction of it (the judge's own time limit covers every n at once);
/// an answer still running is stuck in a loop, or too slow for the judge.
pub const CASE_LIMIT: Duration = Duration::from_secs(10);

/// The first `n` of this run that went past [`CASE_LIMIT`], or 0.
static TIMED_OUT_AT: AtomicI32 = AtomicI32::new(0);

/// The exercise's answer for `n`, computed on a thread of its own named
/// after the exercise and `n` (which a crash message names); fails if it
/// takes longer than [`CASE_LIMIT`].
///
/// Once a case has run past the limit, the later ones fail at once instead
/// of waiting out the limit each: the cases run in the order of n, and a
/// larger n searches a larger tree.
pub fn exercise_answer<T: Send + 'static>(exercise: &str, n: i32, solve: fn(i32) -> T) -> T {
    let timed_out_at = TIMED_OUT_AT.load(Ordering::SeqCst);
    if timed_out_at != 0 {
        panic!(
            "exercise {exercise}, n = {n}: not run, since n = {timed_out_at} was still running after {} s",
            CASE_LIMIT.as_secs()
        );
    }
    let too_slow = || {
        TIMED_OUT_AT.store(n, Ordering::SeqCst);
        format!(
            "exercise {exercise}, n = {n}: still running after {} s, so the test stopped waiting. \
             A loop whose condition never changes? (In the bitmask steps: `free &= free - 1` \
             clears the square just tried.) The judge would report Time Limit Exceeded.",
            CASE_LIMIT.as_secs()
        )
    };
    call_with_deadline(&format!("exercise {exercise}, n = {n}"), CASE_LIMIT, too_slow, move || solve(n))
}

/// What a child process printed, and whether it finished in time.
#[derive(Debug)]
pub struct Ran {
    /// Its exit status, stdout and stderr (after a timeout: the status of
    /// the killed process, and what it printed until then).
    pub output: Output,
    /// Whether it was killed for running past the limit.
    pub timed_out: bool,
}

/// Runs `command` with its stdout and stderr captured, like
/// [`Command::output`], but kills it if it is still running after `limit`.
pub fn output_with_deadline(command: &mut Command, limit: Duration) -> io::Result<Ran> {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    // Read both pipes while waiting: a child whose pipe is full would block
    // forever on its next write.
    let stdout = read_all(child.stdout.take());
    let stderr = read_all(child.stderr.take());
    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() >= limit {
            timed_out = true;
            break kill(&mut child)?;
        }
        thread::sleep(Duration::from_millis(10));
    };
    let output = Output { status, stdout: joined(stdout), stderr: joined(stderr) };
    Ok(Ran { output, timed_out })
}

/// Kills `child` and waits for it to end.
fn kill(child: &mut Child) -> io::Result<std::process::ExitStatus> {
    // It may have ended between the last check and the kill; waiting covers both.
    let _ = child.kill();
    child.wait()
}

/// Reads a pipe to its end on a thread of its own.
fn read_all(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            // A read error leaves what was read so far: enough for a message.
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// What a reader thread read.
fn joined(reader: JoinHandle<Vec<u8>>) -> Vec<u8> {
    reader.join().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_in_time_returns_its_value() {
        let value = call_with_deadline("quick", Duration::from_secs(5), String::new, || 6 * 7);
        assert_eq!(value, 42);
    }

    #[test]
    #[should_panic(expected = "the call's own message")]
    fn a_panic_goes_on_with_its_own_message() {
        call_with_deadline("panics", Duration::from_secs(5), String::new, || -> u8 {
            panic!("the call's own message")
        });
    }

    #[test]
    #[should_panic(expected = "still running")]
    fn a_call_past_the_limit_fails_with_the_message() {
        call_with_deadline(
            "endless",
            Duration::from_millis(50),
            || "still running".to_string(),
            || loop {
                thread::sleep(Duration::from_millis(10));
            },
        );
    }

    #[test]
    fn a_child_in_time_finishes_and_one_past_the_limit_is_killed() {
        let dir = std::env::temp_dir().join(format!("n_queens_deadline_selftest_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("endless.rs");
        let binary = dir.join(format!("endless{}", std::env::consts::EXE_SUFFIX));
        // Prints one line, then waits forever, or ends at once when given an argument.
        std::fs::write(
            &source,
            "fn main() { println!(\"started\"); if std::env::args().count() == 1 { \
             loop { std::thread::sleep(std::time::Duration::from_millis(10)); } } }",
        )
        .unwrap();
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        let compiled = Command::new(rustc).arg("-o").arg(&binary).arg(&source).output().unwrap();
        assert!(compiled.status.success(), "{}", String::from_utf8_lossy(&compiled.stderr));

        let ran = output_with_deadline(Command::new(&binary).arg("end"), Duration::from_secs(60)).unwrap();
        assert!(!ran.timed_out);
        assert!(ran.output.status.success());

        let ran = output_with_deadline(&mut Command::new(&binary), Duration::from_millis(300)).unwrap();
        assert!(ran.timed_out);
        assert!(!ran.output.status.success());
        assert_eq!(String::from_utf8_lossy(&ran.output.stdout), "started\n", "what it printed before it was stopped");
        let _ = std::fs::remove_dir_all(dir);
    }
}
