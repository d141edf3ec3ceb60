//! The scratch copy of the workspace, for tests that run `queens` on files a
//! learner would change (the practice exercises) without touching the real
//! ones.
//!
//! The copy holds what cargo needs, the root manifests and `crates/`
//! without build output or learner files, under this crate's
//! `CARGO_TARGET_TMPDIR`. There is one copy, at one path, taken by one test
//! at a time ([`Scratch::take`]).
//!
//! The cargo that `queens` runs there builds into the workspace's own target
//! directory, so the dependencies that the `cargo test` running these tests
//! has built are reused. The copy's own crates must not be: cargo names a
//! workspace crate's build by its path from the workspace root, the same in
//! the copy, so the copy's build would replace the workspace's. The copy's
//! `.cargo/config.toml` gives each of its crates a profile setting of its
//! own (one codegen unit fewer, which changes no behaviour), and cargo names
//! those builds apart. The copy is refreshed, not rewritten: a file whose
//! text is unchanged keeps its time.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use n_queens_judge::deadline::output_with_deadline;

/// Far longer than any run of `queens` here takes, the first build of the
/// copy's own crates included.
const BACKSTOP: Duration = Duration::from_secs(20 * 60);

/// The scratch copy, taken by one test at a time.
pub struct Scratch {
    /// Its root, which holds `Cargo.toml`.
    pub root: PathBuf,
    /// Held while the test runs: the next test waits for it.
    _taken: MutexGuard<'static, ()>,
}

/// The lock on the one scratch copy.
static TAKEN: Mutex<()> = Mutex::new(());

/// The workspace this crate is part of.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The target directory of the cargo that `queens` runs in the copy: the
/// workspace's own, of which `CARGO_TARGET_TMPDIR` is the `tmp` folder.
pub fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("a target directory").to_path_buf()
}

impl Scratch {
    /// The copy, once no other test holds it, refreshed from the workspace,
    /// with no learner files: each exercise is written again when first
    /// needed.
    pub fn take() -> Scratch {
        // A test that failed while holding it leaves nothing that the
        // refresh below does not put right.
        let taken = TAKEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scratch/workspace");
        for file in ["Cargo.toml", "Cargo.lock"] {
            refresh(&workspace().join(file), &root.join(file));
        }
        refresh(&workspace().join("crates"), &root.join("crates"));
        write_if_changed(&root.join(".cargo/config.toml"), own_builds(&root.join("crates")).as_bytes());
        for learner in ["crates/n_queens/exercises", "crates/n_queens_ii/exercises"] {
            let _ = std::fs::remove_dir_all(root.join(learner));
        }
        let _ = std::fs::remove_file(root.join("not_a_directory"));
        Scratch { root, _taken: taken }
    }

    /// Writes `text` to the file at `relative`, a path from the root.
    pub fn write(&self, relative: &str, text: &str) {
        let path = self.root.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    }

    /// Runs `queens` with `args` in the root, as `cargo run` does, with the
    /// workspace's target directory ([`target_dir`]) for the cargo it runs. A run still going
    /// after [`BACKSTOP`] fails the test: no test waits for ever.
    pub fn queens(&self, args: &[&str]) -> Output {
        let ran = output_with_deadline(&mut self.command(args), BACKSTOP).unwrap();
        assert!(
            !ran.timed_out,
            "queens {} was still running after {} minutes",
            args.join(" "),
            BACKSTOP.as_secs() / 60
        );
        ran.output
    }

    /// The command [`Scratch::queens`] runs, to change before it runs.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_queens"));
        command.args(args).current_dir(&self.root).env("CARGO_TARGET_DIR", target_dir());
        command
    }
}

/// Copies `from` to `to`, a file or a directory tree without its `target`
/// and learner directories, writing only the files whose text differs.
fn refresh(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name();
            if name != "target" && !is_learner_dir(&entry.path()) {
                refresh(&entry.path(), &to.join(name));
            }
        }
    } else {
        write_if_changed(to, &std::fs::read(from).unwrap());
    }
}

/// Writes `text` to `to` unless it already holds it, so that its time stays.
fn write_if_changed(to: &Path, text: &[u8]) {
    if std::fs::read(to).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, text).unwrap();
    }
}

/// The cargo configuration that builds each crate of `crates` with 255
/// codegen units (the dev default is 256), so that its builds are named
/// apart from the workspace's in the target directory they share.
fn own_builds(crates: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(crates)
        .unwrap()
        .filter_map(|entry| std::fs::read_to_string(entry.unwrap().path().join("Cargo.toml")).ok())
        .map(|manifest| {
            let line = manifest.lines().find(|line| line.starts_with("name = ")).expect("a package name");
            line["name = ".len()..].trim_matches('"').to_string()
        })
        .collect();
    names.sort();
    names.iter().map(|name| format!("[profile.dev.package.{name}]\ncodegen-units = 255\n")).collect()
}

/// Whether `path` holds a learner's exercises: `crates/n_queens/exercises`,
/// not the starting texts of `crates/n_queens_facts/exercises`.
fn is_learner_dir(path: &Path) -> bool {
    path.ends_with("exercises") && !path.parent().is_some_and(|dir| dir.ends_with("n_queens_facts"))
}
