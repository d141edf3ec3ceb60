//! A checkpoint file: a header naming the count (n, part, version), then
//! one line per finished unit, `start east_rows count check`, `check` the
//! CRC-32 of the rest of the line, written as its unit ends (a killed
//! process loses none) and synced to disk at most [`SYNC_EVERY`] apart.
//! Reopened, it gives the units already counted, refusing what it cannot
//! trust: a record whose check fails, a unit with two counts, a file that
//! is not a regular one, a file another count holds (a lock). A last line
//! cut short by a crash is dropped, not fatal (`docs/quarters.md`).

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::parts::{Part, Unit};

/// The longest time between two syncs of a checkpoint file to disk: a sync
/// per unit would cost more than small units do.
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

/// The longest header read before it is compared: no header is longer.
const LONGEST_HEADER: u64 = 200;

/// A checkpoint file, open for appending and locked, and when it was last synced.
pub struct Checkpoint {
    file: Mutex<(File, Instant)>,
    finished: BTreeMap<Unit, u64>,
}

/// Why a checkpoint file cannot be used.
#[derive(Debug)]
pub enum CheckpointError {
    /// It could not be read or written.
    Io(io::Error),
    /// It is not a regular file (a device, a FIFO, a directory).
    NotAFile,
    /// Another process holds it: another count is writing it.
    Locked,
    /// It belongs to another count: another n, part, or version.
    Other {
        /// Its header.
        found: String,
        /// The header this count writes.
        expected: String,
    },
    /// It is a checkpoint of the format before each record had its check.
    OldFormat,
    /// A line before the last is not a record, or fails its check.
    Corrupt {
        /// The line's number, from 1.
        line: usize,
    },
    /// One unit is recorded with two different counts.
    Conflict {
        /// The lines of the two records, from 1.
        lines: (usize, usize),
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io(error) => write!(f, "the checkpoint file: {error}"),
            CheckpointError::NotAFile => write!(f, "the checkpoint file must be a regular file"),
            CheckpointError::Locked => {
                write!(f, "another count holds the checkpoint file (locked); one count per file")
            }
            CheckpointError::Other { found, expected } => {
                write!(f, "the checkpoint file is from another count: it says `{found}`, this count is `{expected}`")
            }
            CheckpointError::OldFormat => write!(
                f,
                "the checkpoint file is of an older format, without a check on each line, \
                 so its counts cannot be trusted; give a new file"
            ),
            CheckpointError::Corrupt { line } => write!(
                f,
                "the checkpoint file is damaged: line {line} is not `start east_rows count check` \
                 with its check right"
            ),
            CheckpointError::Conflict { lines: (first, second) } => {
                write!(f, "the checkpoint file is damaged: lines {first} and {second} give one unit two counts")
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

/// What every header of this format starts with; the older format's began
/// `queens checkpoint: `.
const FORMAT: &str = "queens checkpoint 2:";

/// The first line of a checkpoint of part `part` of the count of `n`.
fn header(n: u32, part: Part) -> String {
    format!("{FORMAT} quarters n={n} part={part} n_queens_ii={}", env!("CARGO_PKG_VERSION"))
}

/// A unit's record, without its newline: the fields, then their CRC-32.
fn record_line(unit: Unit, count: u64) -> String {
    let fields = format!("{} {} {count}", unit.start, unit.east_rows);
    let check = crc32fast::hash(fields.as_bytes());
    format!("{fields} {check:08x}")
}

/// The unit and count of a record whose check is right.
fn parse_record(line: &str) -> Option<(Unit, u64)> {
    let (fields, check) = line.rsplit_once(' ')?;
    if check.len() != 8 || u32::from_str_radix(check, 16).ok()? != crc32fast::hash(fields.as_bytes()) {
        return None;
    }
    let mut fields = fields.split(' ');
    let mut next = || fields.next()?.parse::<u64>().ok();
    let (start, east_rows, count) = (next()?, next()?, next()?);
    let unit = Unit { start: u32::try_from(start).ok()?, east_rows: u32::try_from(east_rows).ok()? };
    fields.next().is_none().then_some((unit, count))
}

impl Checkpoint {
    /// Opens `path`, or creates it with its header, and locks it: refused
    /// if it is not a regular file, held by another count, from another
    /// count, or damaged before its last line. A last line without its
    /// newline (a crash while writing it) is cut off.
    pub fn open(path: &Path, n: u32, part: Part) -> Result<Checkpoint, CheckpointError> {
        // Nothing but a regular file is opened (a FIFO would block, a
        // device never end), and the file opened is checked again.
        if std::fs::metadata(path).is_ok_and(|meta| !meta.is_file()) {
            return Err(CheckpointError::NotAFile);
        }
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path)?;
        if !file.metadata()?.is_file() {
            return Err(CheckpointError::NotAFile);
        }
        // An exclusive lock (`flock` on Unix), held until the file is closed.
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(CheckpointError::Locked),
            Err(std::fs::TryLockError::Error(error)) => return Err(CheckpointError::Io(error)),
        }
        let expected = header(n, part);
        let mut reader = BufReader::new(&file);
        let mut first = String::new();
        let not_text = |error: io::Error, refusal| match error.kind() {
            io::ErrorKind::InvalidData => refusal,
            _ => CheckpointError::Io(error),
        };
        (&mut reader)
            .take(LONGEST_HEADER)
            .read_line(&mut first)
            .map_err(|error| not_text(error, other("(not text)", expected.clone())))?;
        let Some(found) = first.strip_suffix('\n') else {
            // Empty, or its header torn: anything else is not ours to cut.
            if !expected.starts_with(&first) || !reader.fill_buf()?.is_empty() {
                return Err(other(&first, expected));
            }
            file.set_len(0)?;
            file.seek(SeekFrom::End(0))?;
            writeln!(file, "{expected}")?;
            file.sync_data()?;
            return Ok(Checkpoint { file: Mutex::new((file, Instant::now())), finished: BTreeMap::new() });
        };
        if found != expected {
            return Err(if found.starts_with("queens checkpoint: ") {
                CheckpointError::OldFormat
            } else {
                other(found, expected)
            });
        }
        let mut whole = first.len() as u64;
        let mut finished: BTreeMap<Unit, (u64, usize)> = BTreeMap::new();
        let mut line = String::new();
        for number in 2.. {
            line.clear();
            if reader
                .read_line(&mut line)
                .map_err(|error| not_text(error, CheckpointError::Corrupt { line: number }))?
                == 0
            {
                break;
            }
            let Some(record) = line.strip_suffix('\n') else {
                break; // torn by a crash: cut off below
            };
            let (unit, count) = parse_record(record).ok_or(CheckpointError::Corrupt { line: number })?;
            if let Some(&(before, at)) = finished.get(&unit) {
                if before != count {
                    return Err(CheckpointError::Conflict { lines: (at, number) });
                }
            } else {
                finished.insert(unit, (count, number));
            }
            whole += line.len() as u64;
        }
        drop(reader);
        if whole < file.metadata()?.len() {
            file.set_len(whole)?;
            file.sync_data()?;
        }
        let finished = finished.into_iter().map(|(unit, (count, _))| (unit, count)).collect();
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
        file.write_all(format!("{}\n", record_line(unit, count)).as_bytes())?;
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

/// The refusal of a file whose first line is `found`, another count's.
fn other(found: &str, expected: String) -> CheckpointError {
    CheckpointError::Other { found: found.trim_end().chars().take(80).collect(), expected }
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
        drop(reopened);
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[2].starts_with("1 3 1 ") && text.ends_with('\n'), "{text}");
        for (n, other) in [(13, part), (12, Part::WHOLE)] {
            assert!(matches!(Checkpoint::open(&path, n, other), Err(CheckpointError::Other { .. })));
        }
        let older = header(12, part).replace(env!("CARGO_PKG_VERSION"), "0.0.0-older");
        std::fs::write(&path, format!("{older}\n")).unwrap();
        assert!(matches!(Checkpoint::open(&path, 12, part), Err(CheckpointError::Other { .. })));
        // A file of someone else's without a newline is refused, not emptied.
        std::fs::write(&path, "notes").unwrap();
        assert!(matches!(Checkpoint::open(&path, 12, part), Err(CheckpointError::Other { .. })));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "notes");
        // A torn header is a crash before the first unit: started again.
        std::fs::write(&path, &header(12, part)[..20]).unwrap();
        assert!(Checkpoint::open(&path, 12, part).unwrap().finished().is_empty());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{}\n", header(12, part)));
        std::fs::remove_file(&path).unwrap();
    }

    /// A record whose digits changed fails its check; one unit with two
    /// counts is refused; the same record twice is one unit.
    #[test]
    fn what_cannot_be_trusted_is_refused() {
        let path = scratch("trust");
        let top = header(12, Part::WHOLE);
        let (a, b) = (Unit { start: 0, east_rows: 5 }, Unit { start: 2, east_rows: 9 });
        let (first, second) = (record_line(a, 14200), record_line(b, 3));
        let refused = |text: String| {
            std::fs::write(&path, text).unwrap();
            Checkpoint::open(&path, 12, Part::WHOLE).err()
        };
        let changed = first.replacen("14200", "15200", 1);
        assert!(matches!(refused(format!("{top}\n{changed}\n{second}\n")), Some(CheckpointError::Corrupt { line: 2 })));
        let other_count = record_line(a, 15200);
        assert!(matches!(
            refused(format!("{top}\n{first}\n{second}\n{other_count}\n")),
            Some(CheckpointError::Conflict { lines: (2, 4) })
        ));
        assert!(refused(format!("{top}\n{first}\n{first}\n{second}\n")).is_none());
        let kept = Checkpoint::open(&path, 12, Part::WHOLE).unwrap();
        assert_eq!(kept.finished().len(), 2);
        drop(kept);
        assert!(matches!(refused(format!("{top}\n0 5 14200\n")), Some(CheckpointError::Corrupt { line: 2 })));
        let old = top.replace(FORMAT, "queens checkpoint:");
        assert!(matches!(refused(format!("{old}\n0 5 14200\n")), Some(CheckpointError::OldFormat)));
        std::fs::remove_file(&path).unwrap();
    }

    /// Only a regular file is opened, and only by one count at a time.
    #[test]
    fn a_device_or_a_held_file_is_refused() {
        for device in ["/dev/zero", "/dev/null", "/"] {
            if Path::new(device).exists() {
                let opened = Checkpoint::open(Path::new(device), 12, Part::WHOLE);
                assert!(matches!(opened, Err(CheckpointError::NotAFile)), "{device}");
            }
        }
        let path = scratch("held");
        let held = Checkpoint::open(&path, 12, Part::WHOLE).unwrap();
        assert!(matches!(Checkpoint::open(&path, 12, Part::WHOLE), Err(CheckpointError::Locked)));
        drop(held);
        assert!(Checkpoint::open(&path, 12, Part::WHOLE).is_ok());
        std::fs::remove_file(&path).unwrap();
    }
}
