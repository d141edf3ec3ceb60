//! A scratch workspace of a test's own, for the tests that run `queens
//! practice` on files a learner would change, never on the real ones.
//!
//! The judge builds an exercise with `rustc` alone, so a workspace needs
//! only what `queens practice` looks for (the root manifest and the two
//! problem crates' manifests) and the exercises. Each test takes its own,
//! under this crate's `CARGO_TARGET_TMPDIR`, with a temporary folder of its
//! own for the judge (`TMPDIR`), which a check must leave empty; both go
//! when the test ends.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use n_queens_judge::deadline::output_with_deadline;

/// Far longer than any run of `queens practice` here takes.
const BACKSTOP: Duration = Duration::from_secs(5 * 60);

/// A scratch workspace, removed when dropped.
pub struct Scratch {
    /// Its root, which holds `Cargo.toml`.
    pub root: PathBuf,
    /// The temporary folder the commands run with.
    pub tmp: PathBuf,
}

impl Scratch {
    /// A new scratch workspace with no exercise written yet.
    pub fn take() -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let name = format!("{}-{}", std::process::id(), COUNT.fetch_add(1, Ordering::Relaxed));
        let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("practice").join(name);
        let _ = std::fs::remove_dir_all(&base);
        let (root, tmp) = (base.join("workspace"), base.join("tmp"));
        for manifest in ["Cargo.toml", "crates/n_queens/Cargo.toml", "crates/n_queens_ii/Cargo.toml"] {
            let path = root.join(manifest);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "# A scratch copy for the practice tests.\n").unwrap();
        }
        std::fs::create_dir_all(&tmp).unwrap();
        Scratch { root, tmp }
    }

    /// Writes `text` to the file at `relative`, a path from the root.
    pub fn write(&self, relative: &str, text: &str) {
        let path = self.root.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    }

    /// Runs `queens` with `args` in the root. A run still going after
    /// [`BACKSTOP`] fails the test: no test waits for ever. Every check
    /// leaves the temporary folder as it found it, empty.
    pub fn queens(&self, args: &[&str]) -> Output {
        let ran = output_with_deadline(&mut self.command(args), BACKSTOP).unwrap();
        assert!(!ran.timed_out, "queens {} was still running after {} s", args.join(" "), BACKSTOP.as_secs());
        self.assert_tmp_empty();
        ran.output
    }

    /// The command [`Scratch::queens`] runs, to change before it runs.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_queens"));
        command.args(args).current_dir(&self.root).env("TMPDIR", &self.tmp);
        command
    }

    /// Checks that the temporary folder is empty: no check left anything there.
    pub fn assert_tmp_empty(&self) {
        let left: Vec<_> = std::fs::read_dir(&self.tmp).unwrap().map(|entry| entry.unwrap().file_name()).collect();
        assert!(left.is_empty(), "left in the temporary folder: {left:?}");
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.root.parent().unwrap());
    }
}
