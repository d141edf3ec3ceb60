//! The learner's exercise files: each read only when it is a regular file
//! of an exercise's size, so that a link to `/dev/zero` or a FIFO is refused
//! at once, never read without end; written from its starting text when it
//! is missing; put back by `reset`, which keeps what was there.

use std::fs::{self, File};
use std::io::{ErrorKind, Read, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::Path;

use super::Workspace;
use super::ladder::Exercise;
use queens_cli::{Failure, Outcome, Problem};

/// The largest exercise file that is read, the judge's own limit: an
/// answer takes a few kB.
const LARGEST: u64 = n_queens_judge::reading::SIZE_LIMIT as u64;

/// Why an exercise file is not read.
#[derive(Debug)]
pub enum Unreadable {
    /// It is not a regular file: `what` it is (`a FIFO`, `a link to
    /// /dev/zero, a device`), and the `message` that says to remove it,
    /// which `reset` leaves to the learner.
    NotRegular {
        /// What it is, in a few words.
        what: String,
        /// What it is and what to do, in a sentence.
        message: String,
    },
    /// The folder of the exercises is not a folder; what to do.
    Folder(String),
    /// It could not be read as an exercise (a folder, not UTF-8, too large,
    /// no permission): `reset` puts it aside.
    Failed(String),
}

impl From<Unreadable> for Failure {
    fn from(unreadable: Unreadable) -> Failure {
        match unreadable {
            Unreadable::NotRegular { message, .. } | Unreadable::Folder(message) | Unreadable::Failed(message) => {
                Failure::Failed(message)
            }
        }
    }
}

/// Refused when the folder of `problem`'s exercises is there but is not a
/// folder: what to do, in a sentence that names it from where the user stands.
pub fn check_folder(workspace: &Workspace, problem: Problem) -> Result<(), Unreadable> {
    let relative = format!("crates/{}/exercises", problem.crate_name());
    match fs::metadata(workspace.root.join(&relative)) {
        Ok(metadata) if !metadata.is_dir() => {
            let shown = workspace.show(&relative);
            Err(Unreadable::Folder(format!(
                "{shown} is not a folder, and the exercises of LeetCode {} are written in it: move it away \
                 (`mv {shown} {shown}.old`), then run this again",
                problem.number()
            )))
        }
        _ => Ok(()),
    }
}

/// Reads an exercise file, after writing it from its starting text if it is
/// not there yet (the first time, or after the learner deleted it).
pub fn read(workspace: &Workspace, exercise: Exercise) -> Result<String, Unreadable> {
    check_folder(workspace, exercise.problem)?;
    let relative = exercise.path();
    let (path, shown) = (workspace.root.join(&relative), workspace.show(&relative));
    match fs::symlink_metadata(&path) {
        Err(error) if error.kind() == ErrorKind::NotFound => {
            let start = exercise.starting_text();
            fs::create_dir_all(path.parent().expect("a file in a directory"))
                .and_then(|()| fs::write(&path, start))
                .map_err(|error| Unreadable::Failed(format!("writing {shown}: {error}")))?;
            return Ok(start.to_string());
        }
        Err(error) => return Err(Unreadable::Failed(format!("reading {shown}: {error}"))),
        Ok(_) => {}
    }
    let bytes = read_regular(&path, &shown)?;
    String::from_utf8(bytes).map_err(|_| Unreadable::Failed(format!("reading {shown}: it is not UTF-8 text")))
}

/// Refused when `path` is there and is neither a regular file nor a folder,
/// nor a link to a regular file: it is never opened, since reading a FIFO
/// waits for a writer and a device may never end.
fn refuse_special(path: &Path, shown: &str) -> Result<(), Unreadable> {
    let Ok(metadata) = fs::symlink_metadata(path) else { return Ok(()) };
    let file_type = metadata.file_type();
    let what = if file_type.is_symlink() {
        let target = fs::read_link(path).map_or_else(|_| "?".to_string(), |target| target.display().to_string());
        match fs::metadata(path) {
            Ok(target_metadata) if target_metadata.is_file() => return Ok(()),
            Ok(target_metadata) => format!("a link to {target}, {}", kind(target_metadata.file_type())),
            Err(_) => format!("a link to {target}, which is not there"),
        }
    } else if file_type.is_file() || file_type.is_dir() {
        return Ok(());
    } else {
        kind(file_type).to_string()
    };
    let message = format!("{shown} is {what}, not a regular file: remove it (`rm {shown}`), then run this again");
    Err(Unreadable::NotRegular { what, message })
}

/// What a file that is not a regular one is, in a few words.
fn kind(file_type: fs::FileType) -> &'static str {
    if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// The bytes of the regular file at `path` (or that it links to), at most
/// [`LARGEST`] of them.
fn read_regular(path: &Path, shown: &str) -> Result<Vec<u8>, Unreadable> {
    refuse_special(path, shown)?;
    let failed = |why: String| Unreadable::Failed(format!("reading {shown}: {why}"));
    let file = File::open(path).map_err(|error| failed(error.to_string()))?;
    if !file.metadata().is_ok_and(|metadata| metadata.is_file()) {
        return Err(failed("it is not a regular file".to_string()));
    }
    let mut bytes = Vec::new();
    file.take(LARGEST + 1).read_to_end(&mut bytes).map_err(|error| failed(error.to_string()))?;
    if bytes.len() as u64 > LARGEST {
        return Err(failed(format!("it is larger than {} kB, more than an exercise takes", LARGEST / 1024)));
    }
    Ok(bytes)
}

/// `queens practice reset 52 bitmask`: writes the starting text over the
/// exercise file, after keeping what was there (even a directory, or a copy
/// of the file a link names) as a backup named with the time, beside the
/// exercises, where git and `cargo clean` leave it. A file that is not a
/// regular one is refused, as [`read`] refuses it.
pub fn reset(workspace: &Workspace, exercise: Exercise, out: &mut impl Write) -> Outcome {
    check_folder(workspace, exercise.problem)?;
    let relative = exercise.path();
    let (path, shown) = (workspace.root.join(&relative), workspace.show(&relative));
    refuse_special(&path, &shown)?;
    let start = exercise.starting_text();
    let there = fs::symlink_metadata(&path).ok();
    let current = there.is_some().then(|| read_regular(&path, &shown).ok()).flatten();
    if current.as_deref() == Some(start.as_bytes()) {
        writeln!(out, "{shown} is already at its starting text:\nnothing to do.")?;
        return Ok(());
    }
    if let Some(there) = there {
        let backup = backup_path(workspace, exercise);
        let shown_backup = workspace.show(&backup);
        let backup = workspace.root.join(backup);
        let kept = fs::create_dir_all(backup.parent().expect("a file in a directory")).and_then(|()| {
            if there.file_type().is_symlink() {
                fs::copy(&path, &backup).and_then(|_| fs::remove_file(&path))
            } else {
                fs::rename(&path, &backup)
            }
        });
        kept.map_err(|error| Failure::Failed(format!("keeping your version in {shown_backup}: {error}")))?;
        writeln!(out, "Your version is kept in\n  {shown_backup}")?;
    }
    fs::create_dir_all(path.parent().expect("a file in a directory"))
        .and_then(|()| fs::write(&path, start))
        .map_err(|error| Failure::Failed(format!("writing {shown}: {error}")))?;
    writeln!(out, "{shown} is back at its starting text;\nthe other exercises are untouched.")?;
    Ok(())
}

/// Where `reset` keeps the learner's version, from the root:
/// `crates/n_queens_ii/exercises/backup/bitmask-2026-11-30T21-05-09Z.rs`,
/// with `-2`, `-3`.. after the time when that name is taken.
fn backup_path(workspace: &Workspace, exercise: Exercise) -> String {
    let dir = format!("crates/{}/exercises/backup", exercise.problem.crate_name());
    let stem = format!("{}-{}", exercise.step.name, utc_now());
    (1..)
        .map(|count| if count == 1 { format!("{dir}/{stem}.rs") } else { format!("{dir}/{stem}-{count}.rs") })
        .find(|candidate| fs::symlink_metadata(workspace.root.join(candidate)).is_err())
        .expect("a free name")
}

/// The time now in UTC, as `2026-11-30T21-05-09Z` (no `:`, which some file
/// systems refuse).
fn utc_now() -> String {
    jiff::Timestamp::now().strftime("%Y-%m-%dT%H-%M-%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reset writes the starting text and only that; it runs on a copy of
    /// the exercise directories, never on the workspace's own files.
    #[test]
    fn reset_restores_one_exercise_and_keeps_every_version() {
        let (workspace, bitmask) = (Workspace::scratch("reset"), Exercise::bitmask_52());
        let root = workspace.root.clone();
        for exercise in Exercise::all() {
            let path = root.join(exercise.path());
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, format!("{}\n// started", exercise.starting_text())).unwrap();
        }
        let reset_said = || {
            let mut out = Vec::new();
            reset(&workspace, bitmask, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        reset_said();
        assert_eq!(fs::read_to_string(root.join(bitmask.path())).unwrap(), bitmask.starting_text());
        for other in Exercise::all().filter(|other| *other != bitmask) {
            let text = fs::read_to_string(root.join(other.path())).unwrap();
            assert!(text.ends_with("// started"), "{} was touched", other.label());
        }
        assert!(reset_said().contains("already at its starting text"));
        // A second version, not text this time, is kept beside the first.
        fs::write(root.join(bitmask.path()), b"\xff second").unwrap();
        let said = reset_said();
        let backups = root.join("crates/n_queens_ii/exercises/backup");
        let mut kept: Vec<Vec<u8>> =
            fs::read_dir(&backups).unwrap().map(|entry| fs::read(entry.unwrap().path()).unwrap()).collect();
        kept.sort();
        assert_eq!(kept.len(), 2, "{said}");
        assert!(kept[0].ends_with(b"// started") && kept[1] == b"\xff second", "{said}");
        assert!(said.contains(&backups.display().to_string()), "{said}");
    }

    /// A link to a device, a FIFO and a link to nothing are refused at once
    /// by a read and by a reset, which leaves them there; a link to a file
    /// is read, and reset keeps a copy of that file, not the link.
    #[test]
    fn only_regular_files_are_read_or_reset() {
        let (workspace, bitmask) = (Workspace::scratch("special"), Exercise::bitmask_52());
        let path = workspace.root.join(bitmask.path());
        for (what, make) in [
            ("a link to /dev/zero, a device", "ln -s /dev/zero"),
            ("a FIFO", "mkfifo"),
            ("a link to nowhere.rs, which is not there", "ln -s nowhere.rs"),
        ] {
            let script = format!("{make} \"$0\"");
            let made = std::process::Command::new("sh").args(["-c", &script, path.to_str().unwrap()]).status();
            assert!(made.unwrap().success(), "{make}");
            let Err(Unreadable::NotRegular { what: said, message }) = read(&workspace, bitmask) else {
                panic!("{make}: not refused");
            };
            assert_eq!(said, what);
            assert!(message.contains(&format!(" is {what}, not a regular file: remove it (`rm ")), "{message}");
            assert!(reset(&workspace, bitmask, &mut Vec::new()).is_err(), "{make}");
            assert!(fs::symlink_metadata(&path).is_ok(), "{make}: left where it is");
            fs::remove_file(&path).unwrap();
        }
        let elsewhere = workspace.root.join("mine.rs");
        fs::write(&elsewhere, "// mine").unwrap();
        std::os::unix::fs::symlink("../../../mine.rs", &path).unwrap();
        assert_eq!(read(&workspace, bitmask).unwrap(), "// mine");
        reset(&workspace, bitmask, &mut Vec::new()).unwrap();
        let backups = workspace.root.join("crates/n_queens_ii/exercises/backup");
        let backup = fs::read_dir(&backups).unwrap().next().unwrap().unwrap().path();
        assert!(fs::symlink_metadata(&backup).unwrap().is_file(), "a copy, not a link");
        assert_eq!(fs::read_to_string(&backup).unwrap(), "// mine");
        assert_eq!(fs::read_to_string(&elsewhere).unwrap(), "// mine", "the linked file is untouched");
        assert!(fs::symlink_metadata(&path).unwrap().is_file());
    }

    #[test]
    fn the_time_of_a_backup_is_a_utc_date() {
        let now = utc_now();
        assert_eq!(now.len(), "2026-11-30T21-05-09Z".len(), "{now}");
        assert!(now.starts_with("20") && now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
    }
}
