//! A checkpoint file: a header naming the count (n, part, version), then
//! one line per finished unit, `start east_rows count`, written as its unit
//! ends (a killed process loses none) and synced to disk at most
//! [`SYNC_EVERY`] apart (a machine that stops loses at most that much).
//! Reopened, it gives the units already counted; a last line cut short by
//! a crash is dropped, not fatal.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::parts::{Part, Unit};

/// The longest time between two syncs of a checkpoint file to disk: a sync
/// per unit would cost more than small units do.
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

/// A checkpoint file, open for appending, and when it was last synced.
pub struct Checkpoint {
    file: Mutex<(File, Instant)>,
    finished: BTreeMap<Unit, u64>,
}

/// Why a checkpoint file cannot be used.
#[derive(Debug)]
pub enum CheckpointError {
    /// It could not be read or written.
    Io(io::Error),
    /// It belongs to another count: another n, part, or version.
    Other {
        /// Its header.
        found: String,
        /// The header this count writes.
        expected: String,
    },
    /// A line before the last is not a unit and its count.
    Corrupt {
        /// The line's number, from 1.
        line: usize,
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io(error) => write!(f, "the checkpoint file: {error}"),
            CheckpointError::Other { found, expected } => {
                write!(f, "the checkpoint file is from another count: it says `{found}`, this count is `{expected}`")
            }
            CheckpointError::Corrupt { line } => {
                write!(f, "the checkpoint file is damaged: line {line} is not `start east_rows count`")
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

impl From<io::Error> for CheckpointError {
    fn from(error: io::Error) -> CheckpointError {
        CheckpointError::Io(error)
    }
}

/// The first line of a checkpoint of part `part` of the count of `n`.
fn header(n: u32, part: Part) -> String {
    format!("queens checkpoint: quarters n={n} part={part} n_queens_ii={}", env!("CARGO_PKG_VERSION"))
}

fn parse_unit(line: &str) -> Option<(Unit, u64)> {
    let mut fields = line.split(' ');
    let mut next = || fields.next()?.parse::<u64>().ok();
    let (start, east_rows, count) = (next()?, next()?, next()?);
    let unit = Unit { start: u32::try_from(start).ok()?, east_rows: u32::try_from(east_rows).ok()? };
    fields.next().is_none().then_some((unit, count))
}

impl Checkpoint {
    /// Opens `path`, or creates it with its header: refused if it is from
    /// another count or damaged before its last line. A last line without
    /// its newline (a crash while writing it) is cut off.
    pub fn open(path: &Path, n: u32, part: Part) -> Result<Checkpoint, CheckpointError> {
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path)?;
        let mut text = String::new();
        file.read_to_string(&mut text)?;
        let expected = header(n, part);
        // Only whole lines count: what follows the last newline was torn.
        let whole = text.rfind('\n').map_or(0, |at| at + 1);
        let mut finished = BTreeMap::new();
        if whole == 0 {
            // Empty, or its header torn: anything else is not ours to cut.
            if !expected.starts_with(&text) {
                return Err(CheckpointError::Other { found: text.chars().take(80).collect(), expected });
            }
            file.set_len(0)?;
            file.seek(SeekFrom::End(0))?;
            writeln!(file, "{expected}")?;
            file.sync_data()?;
            return Ok(Checkpoint { file: Mutex::new((file, Instant::now())), finished });
        }
        let mut lines = text[..whole].lines();
        let found = lines.next().unwrap_or_default();
        if found != expected {
            return Err(CheckpointError::Other { found: found.to_string(), expected });
        }
        for (at, line) in lines.enumerate() {
            let (unit, count) = parse_unit(line).ok_or(CheckpointError::Corrupt { line: at + 2 })?;
            finished.insert(unit, count);
        }
        if whole < text.len() {
            file.set_len(whole as u64)?;
            file.sync_data()?;
        }
        Ok(Checkpoint { file: Mutex::new((file, Instant::now())), finished })
    }

    /// The units counted before, with their counts.
    pub fn finished(&self) -> &BTreeMap<Unit, u64> {
        &self.finished
    }

    /// Appends a finished unit and its count, in one write, and syncs the
    /// file to disk if the last sync is [`SYNC_EVERY`] ago.
    pub fn record(&self, unit: Unit, count: u64) -> io::Result<()> {
        let mut guard = self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (file, synced) = &mut *guard;
        file.write_all(format!("{} {} {count}\n", unit.start, unit.east_rows).as_bytes())?;
        if synced.elapsed() >= SYNC_EVERY {
            file.sync_data()?;
            *synced = Instant::now();
        }
        Ok(())
    }

    /// Syncs the file to disk: at the end of a count.
    pub fn sync(&self) -> io::Result<()> {
        self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner).0.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("queens-checkpoint-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn units_come_back_and_a_torn_line_is_dropped() {
        let path = scratch("torn");
        let part = Part::new(2, 3).unwrap();
        let checkpoint = Checkpoint::open(&path, 12, part).unwrap();
        let (a, b) = (Unit { start: 0, east_rows: 5 }, Unit { start: 0, east_rows: 9 });
        checkpoint.record(a, 40).unwrap();
        checkpoint.record(b, 7).unwrap();
        drop(checkpoint);
        OpenOptions::new().append(true).open(&path).unwrap().write_all(b"0 11 3").unwrap();
        let reopened = Checkpoint::open(&path, 12, part).unwrap();
        assert_eq!(reopened.finished().iter().map(|(&u, &c)| (u, c)).collect::<Vec<_>>(), [(a, 40), (b, 7)]);
        reopened.record(Unit { start: 1, east_rows: 3 }, 1).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("0 9 7\n1 3 1\n"), "{text}");
        for (n, other) in [(13, part), (12, Part::WHOLE)] {
            assert!(matches!(Checkpoint::open(&path, n, other), Err(CheckpointError::Other { .. })));
        }
        let older = header(12, part).replace(env!("CARGO_PKG_VERSION"), "0.0.0-older");
        std::fs::write(&path, format!("{older}\n0 5 40\n")).unwrap();
        assert!(matches!(Checkpoint::open(&path, 12, part), Err(CheckpointError::Other { .. })));
        // A file of someone else's without a newline is refused, not emptied.
        std::fs::write(&path, "notes").unwrap();
        assert!(matches!(Checkpoint::open(&path, 12, part), Err(CheckpointError::Other { .. })));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "notes");
        // A torn header is a crash before the first unit: started again.
        std::fs::write(&path, &header(12, part)[..20]).unwrap();
        assert!(Checkpoint::open(&path, 12, part).unwrap().finished().is_empty());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{}\n", header(12, part)));
        std::fs::write(&path, format!("{}\nnonsense\n1 2 3\n", header(12, part))).unwrap();
        assert!(matches!(Checkpoint::open(&path, 12, part), Err(CheckpointError::Corrupt { line: 2 })));
        std::fs::remove_file(&path).unwrap();
    }
}
