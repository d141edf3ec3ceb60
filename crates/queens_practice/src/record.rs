//! The verdicts recorded: each check's verdict kept with the text it judged
//! and the build of the tool that judged it, so that `list`, the start of
//! `practice` and `test` without an exercise answer at once for a file
//! unchanged since its last check, as `rustlings` answers from what it
//! recorded. `practice test 52 bitmask` always checks again.
//!
//! An exercise's record is `target/queens-practice/<problem>-<step>.json` in
//! the workspace, where git and `cargo clean` leave and remove what is built.
//! It is only ever a shortcut: one that cannot be written costs the next
//! check's time and nothing else, and one that is not whole (its check
//! fails), or is of another text or another build of the tool, is not used.

use std::fs;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::Workspace;
use super::ladder::Exercise;
use super::summary::Status;

/// The folder of the records, and of the exercises' builds, from the
/// workspace root.
pub const FOLDER: &str = "target/queens-practice";

/// The largest record that is read: an exercise's text, at most 1 MiB, and its verdict.
const LARGEST: u64 = 4 << 20;

/// The records of one workspace, as this build of the tool reads and writes them.
pub struct Records {
    /// Where they are.
    folder: PathBuf,
    /// This build of the tool ([`this_tool`]).
    tool: String,
}

/// One record: the text judged, the tool that judged it, how the verdict
/// names the file (from where the user stood), and the verdict.
#[derive(Serialize, Deserialize)]
struct Record {
    tool: String,
    shown: String,
    text: String,
    status: Status,
}

impl Records {
    /// The records of `workspace`, as this build of the tool keeps them.
    pub fn of(workspace: &Workspace) -> Records {
        Records::with_tool(workspace, this_tool())
    }

    /// The records of `workspace` as the build of the tool named `tool` keeps them.
    fn with_tool(workspace: &Workspace, tool: String) -> Records {
        Records { folder: workspace.root.join(FOLDER), tool }
    }

    /// The file of `exercise`'s record.
    fn path(&self, exercise: Exercise) -> PathBuf {
        self.folder.join(format!("{}-{}.json", exercise.problem.number(), exercise.step.name))
    }

    /// The verdict recorded on `exercise` whose file holds `text`, if this
    /// build of the tool recorded one for that very text, naming the file
    /// `shown` (its paths are true where the user stands), and it is whole.
    pub fn get(&self, exercise: Exercise, shown: &str, text: &str) -> Option<Status> {
        let path = self.path(exercise);
        if fs::symlink_metadata(&path).ok().is_none_or(|metadata| !metadata.is_file() || metadata.len() > LARGEST) {
            return None;
        }
        let bytes = fs::read(&path).ok()?;
        // `CRC JSON`: the check, in eight hex digits, of the JSON after it.
        let (check, json) = bytes.split_at_checked(9)?;
        let check = std::str::from_utf8(check).ok()?.strip_suffix(' ')?;
        if u32::from_str_radix(check, 16).ok()? != crc32fast::hash(json) {
            return None;
        }
        let record: Record = serde_json::from_slice(json).ok()?;
        (record.tool == self.tool && record.shown == shown && record.text == text).then_some(record.status)
    }

    /// Records `status` as the verdict on `exercise` whose file, named
    /// `shown`, holds `text`, in a new file renamed over the old one. A
    /// record that cannot be written is left out: it only saves time.
    pub fn put(&self, exercise: Exercise, shown: &str, text: &str, status: &Status) {
        let record = Record {
            tool: self.tool.clone(),
            shown: shown.to_string(),
            text: text.to_string(),
            status: status.clone(),
        };
        let Ok(json) = serde_json::to_vec(&record) else { return };
        let mut bytes = format!("{:08x} ", crc32fast::hash(&json)).into_bytes();
        bytes.extend(json);
        let path = self.path(exercise);
        let fresh = path.with_extension(format!("{}.new", std::process::id()));
        let written = fs::create_dir_all(&self.folder)
            .and_then(|()| fs::write(&fresh, bytes))
            .and_then(|()| fs::rename(&fresh, &path));
        if written.is_err() {
            let _ = fs::remove_file(&fresh);
        }
    }
}

/// This build of the tool, as its records name it: its version, and the size
/// and time of change of its program, so that a `queens` built anew (a
/// change to the judge, a new Rust) checks every exercise again.
fn this_tool() -> String {
    let program = std::env::current_exe().and_then(fs::metadata);
    let built = program.as_ref().ok().and_then(|metadata| {
        let changed = metadata.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
        Some(format!("{} bytes, changed {}.{:09}", metadata.len(), changed.as_secs(), changed.subsec_nanos()))
    });
    format!("queens {} ({})", env!("CARGO_PKG_VERSION"), built.unwrap_or_else(|| "unknown build".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How the verdicts of these tests name the file.
    const SHOWN: &str = "crates/n_queens_ii/exercises/bitmask.rs";

    /// A verdict that says which exercise and text it was recorded for.
    fn verdict(said: &str) -> Status {
        Status::Passing(said.to_string())
    }

    #[test]
    fn a_verdict_is_used_only_for_its_own_text_and_tool() {
        let workspace = Workspace::scratch("records");
        let (bitmask, records) = (Exercise::bitmask_52(), Records::of(&workspace));
        assert_eq!(records.get(bitmask, SHOWN, "text"), None, "nothing recorded yet");
        records.put(bitmask, SHOWN, "text", &verdict("first"));
        assert_eq!(records.get(bitmask, SHOWN, "text"), Some(verdict("first")));
        assert_eq!(records.get(bitmask, SHOWN, "text changed"), None, "a changed file is checked again");
        let other = Exercise { problem: queens_cli::Problem::NQueens, step: bitmask.step };
        assert_eq!(records.get(other, SHOWN, "text"), None, "per exercise");
        let another_tool = Records::with_tool(&workspace, format!("{} and more", records.tool));
        assert_eq!(another_tool.get(bitmask, SHOWN, "text"), None, "another build of the tool checks again");
        records.put(bitmask, SHOWN, "text changed", &verdict("second"));
        assert_eq!(records.get(bitmask, SHOWN, "text changed"), Some(verdict("second")));
        assert_eq!(records.get(bitmask, SHOWN, "text"), None, "the newer record is the one kept");
        let elsewhere = "/elsewhere/crates/n_queens_ii/exercises/bitmask.rs";
        assert_eq!(records.get(bitmask, elsewhere, "text changed"), None, "from another folder, checked again");
        assert!(this_tool().starts_with(&format!("queens {} (", env!("CARGO_PKG_VERSION"))), "{}", this_tool());
    }

    #[test]
    fn a_record_not_whole_is_not_used_and_one_not_written_costs_nothing() {
        let workspace = Workspace::scratch("records_corrupt");
        let (bitmask, records) = (Exercise::bitmask_52(), Records::of(&workspace));
        records.put(bitmask, SHOWN, "text", &verdict("right"));
        let path = records.path(bitmask);
        let whole = fs::read(&path).unwrap();
        // A byte changed in the verdict, where the JSON still reads.
        let changed = String::from_utf8(whole.clone()).unwrap().replace("right", "wrong");
        let cut = &whole[..whole.len() / 2];
        for bytes in [changed.as_bytes(), cut, b"", b"00000000 {}", &whole[9..]] {
            fs::write(&path, bytes).unwrap();
            assert_eq!(records.get(bitmask, SHOWN, "text"), None, "{:?}", String::from_utf8_lossy(bytes));
        }
        // A folder where the record goes: nothing is written, nothing fails.
        fs::remove_file(&path).unwrap();
        fs::create_dir_all(path.join("in_the_way")).unwrap();
        records.put(bitmask, SHOWN, "text", &verdict("right"));
        assert_eq!(records.get(bitmask, SHOWN, "text"), None);
        let left: Vec<_> = fs::read_dir(&records.folder).unwrap().map(|entry| entry.unwrap().file_name()).collect();
        assert_eq!(left.len(), 1, "no new file left beside it: {left:?}");
    }
}
