//! A learner's code in a process group of its own, so that whatever it
//! starts ends with it.
//!
//! An answer may start processes of its own (a `sleep 40`, say): they would
//! outlive the time limit and hold the output pipe open, and a reader that
//! waits for the pipe's end would wait for them. The command that runs a
//! learner's answer starts it with [`own_group`], and calls [`end_group`]
//! once it has ended or run too long: every process left in its group is
//! killed, and the pipes close.

use std::process::{Command, Stdio};

/// Makes the child of `command` the leader of a new process group (on Unix;
/// elsewhere this does nothing).
pub fn own_group(command: &mut Command) -> &mut Command {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    command
}

/// Kills every process still in the group that the child `leader` started
/// with [`own_group`] leads, itself included (on Unix, with the POSIX `kill`
/// utility, since the workspace holds no unsafe code; elsewhere nothing).
pub fn end_group(leader: u32) {
    if cfg!(unix) {
        // A group already empty is no error worth reporting.
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{leader}")])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}
