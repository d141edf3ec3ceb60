//! A tmux server of a test's own, for the end-to-end tests on a terminal.
//! Its socket is in a temporary folder of its own, under the target folder,
//! not in tmux's shared one (`/tmp/tmux-<uid>/`), where a killed server
//! leaves its socket behind; dropped, the test passed or failed, it ends
//! the server and removes the folder, and checks that both are gone.

// Each test binary uses only some of these.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// A tmux server of a test's own.
pub struct Tmux {
    /// `-S<socket>`: the first argument of each tmux command for this server.
    socket: String,
    /// The folder of the socket, and of the test's own files beside it.
    folder: tempfile::TempDir,
}

impl Tmux {
    /// A server of its own, not started yet: its first `new-session` starts it.
    pub fn new() -> Tmux {
        let folder = tempfile::Builder::new()
            .prefix("tmux-")
            .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
            .expect("a folder for a tmux socket");
        // Short: a socket's path has room for about a hundred bytes.
        let socket = format!("-S{}", folder.path().join("s").display());
        Tmux { socket, folder }
    }

    /// `-S<socket>`, for the first argument of a tmux command.
    pub fn socket(&self) -> &str {
        &self.socket
    }

    /// A folder for the test's own files, removed with the server.
    pub fn folder(&self) -> &Path {
        self.folder.path()
    }

    /// Runs tmux with `args` on this server: its standard output.
    pub fn run(&self, args: &[&str]) -> String {
        let output = Command::new("tmux").arg(&self.socket).args(args).output().expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Ends the server and what runs in its panes; a server already ended says so, which is no matter.
        let _ = Command::new("tmux").arg(&self.socket).arg("kill-server").output();
        let folder = self.folder.path().to_path_buf();
        let _ = std::fs::remove_dir_all(&folder);
        let asked = Command::new("tmux").arg(&self.socket).arg("list-sessions").output();
        let answered = asked.is_ok_and(|output| output.status.success());
        // A second panic would abort the test binary: a failing test's own message comes first.
        if !std::thread::panicking() {
            assert!(!folder.exists(), "{} is left behind", folder.display());
            assert!(!answered, "the tmux server of {} still answers", self.socket);
        }
    }
}
