//! A checkpoint file: a header naming the count (format, n, part, version),
//! then one line per finished unit, `start east_rows count check`, `check`
//! the CRC-32 of the header line and the rest of the record's line, so that
//! each record is bound to its count: another count's record (another n,
//! part or version) fails its check. A record is written as its unit ends
//! ([`Checkpoint::record`]); reopened, the file gives the units already
//! counted, refusing what it cannot trust ([`Checkpoint::open`],
//! [`CheckpointError`], `docs/quarters.md`).

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

/// The longest record, without its newline: two `u32`s, a `u64` and the
/// check (`4294967295 4294967295 18446744073709551615 ffffffff`). No line
/// is read further than one byte past it.
const LONGEST_RECORD: usize = 10 + 1 + 10 + 1 + 20 + 1 + 8;

/// A checkpoint file, open for appending and locked, and the units it held.
pub struct Checkpoint {
    file: Mutex<Appender>,
    check: Check,
    finished: BTreeMap<Unit, u64>,
    dropped: Option<usize>,
}

/// The file as records are appended to it.
struct Appender {
    file: File,
    /// When it was last synced.
    synced: Instant,
    /// Its length up to the end of its last whole record.
    whole: u64,
    /// A failed write that could not be cut back: nothing more is written.
    stopped: bool,
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
        /// Its header, its control characters escaped.
        found: String,
        /// The header this count writes.
        expected: String,
    },
    /// It is a checkpoint of an older format, whose records carry no check
    /// bound to their count.
    OldFormat,
    /// A line is not a record of this count: not `start east_rows count
    /// check`, or its check fails (changed, or another count's record).
    Corrupt {
        /// The line's number, from 1.
        line: usize,
    },
    /// A line ends in CRLF (`\r\n`), as a copy made on Windows does.
    Crlf {
        /// The line's number, from 1.
        line: usize,
    },
    /// The last line has no newline and is not the start of a record, as
    /// a crash while writing one leaves.
    Unended {
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
                "the checkpoint file is of an older format, whose records carry no check bound to \
                 their count, so its counts cannot be trusted; give a new file"
            ),
            CheckpointError::Corrupt { line } => write!(
                f,
                "the checkpoint file is damaged: line {line} is not a record of this count \
                 (`start east_rows count check`, checked against this count's header): changed, \
                 or another count's"
            ),
            CheckpointError::Crlf { line } => write!(
                f,
                "the checkpoint file's line {line} ends in CRLF (\\r\\n), as a copy made on Windows \
                 does; the count writes LF: convert it back (dos2unix) and run again"
            ),
            CheckpointError::Unended { line } => write!(
                f,
                "the checkpoint file is damaged: line {line}, the last, has no newline and is not \
                 the start of a record (all a crash can leave there), so it is not cut off"
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

/// What every header of this format starts with; the older formats' began
/// `queens checkpoint: ` (no checks) and `queens checkpoint 2: ` (checks
/// over a record's own fields alone).
const FORMAT: &str = "queens checkpoint 3:";

/// The headers of the older formats.
const OLD_FORMATS: [&str; 2] = ["queens checkpoint: ", "queens checkpoint 2: "];

/// The first line of a checkpoint of part `part` of the count of `n`.
fn header(n: u32, part: Part) -> String {
    format!("{FORMAT} quarters n={n} part={part} n_queens_ii={}", env!("CARGO_PKG_VERSION"))
}

/// The check of one count's records: a CRC-32 that starts from its header
/// line, newline included.
#[derive(Clone)]
struct Check(crc32fast::Hasher);

impl Check {
    fn of(header: &str) -> Check {
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(header.as_bytes());
        hasher.update(b"\n");
        Check(hasher)
    }

    /// The check of a record's fields.
    fn of_fields(&self, fields: &str) -> u32 {
        let mut hasher = self.0.clone();
        hasher.update(fields.as_bytes());
        hasher.finalize()
    }

    /// A unit's record, without its newline: the fields, then their check.
    fn record(&self, unit: Unit, count: u64) -> String {
        let fields = format!("{} {} {count}", unit.start, unit.east_rows);
        format!("{fields} {:08x}", self.of_fields(&fields))
    }

    /// The unit and count of a record whose check is right.
    fn parse(&self, line: &str) -> Option<(Unit, u64)> {
        let (fields, check) = line.rsplit_once(' ')?;
        if check.len() != 8 || u32::from_str_radix(check, 16).ok()? != self.of_fields(fields) {
            return None;
        }
        let mut fields = fields.split(' ');
        let mut next = || fields.next()?.parse::<u64>().ok();
        let (start, east_rows, count) = (next()?, next()?, next()?);
        let unit = Unit { start: u32::try_from(start).ok()?, east_rows: u32::try_from(east_rows).ok()? };
        fields.next().is_none().then_some((unit, count))
    }
}

/// Whether `bytes`, a last line without its newline, can be the start of a
/// record, as a crash or a failed write leaves it.
fn is_record_start(bytes: &[u8]) -> bool {
    bytes.len() <= LONGEST_RECORD && bytes.iter().all(|&byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f' | b' '))
}

impl Checkpoint {
    /// Opens `path`, or creates it with its header, and locks it: refused
    /// if it is not a regular file, held by another count, from another
    /// count, or damaged. A last line that is the start of a record without
    /// its newline (a crash while writing it) is cut off, and said by
    /// [`Checkpoint::dropped`]; a refused file is left as it was.
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
        let check = Check::of(&expected);
        let mut reader = BufReader::new(&file);
        let mut first = Vec::new();
        (&mut reader).take(LONGEST_HEADER).read_until(b'\n', &mut first)?;
        let Some(found) = first.strip_suffix(b"\n") else {
            // Empty, or its header torn: anything else is not ours to cut.
            if !expected.as_bytes().starts_with(&first) || !reader.fill_buf()?.is_empty() {
                return Err(other(&first, expected));
            }
            file.set_len(0)?;
            file.seek(SeekFrom::End(0))?;
            writeln!(file, "{expected}")?;
            file.sync_data()?;
            let whole = expected.len() as u64 + 1;
            return Ok(Checkpoint::new(file, whole, check, BTreeMap::new(), None));
        };
        if found != expected.as_bytes() {
            return Err(if found.strip_suffix(b"\r") == Some(expected.as_bytes()) {
                CheckpointError::Crlf { line: 1 }
            } else if OLD_FORMATS.iter().any(|old| found.starts_with(old.as_bytes())) {
                CheckpointError::OldFormat
            } else {
                other(found, expected)
            });
        }
        let mut whole = first.len() as u64;
        let mut finished: BTreeMap<Unit, (u64, usize)> = BTreeMap::new();
        let mut dropped = None;
        let mut line = Vec::new();
        for number in 2.. {
            line.clear();
            (&mut reader).take(LONGEST_RECORD as u64 + 2).read_until(b'\n', &mut line)?;
            if line.is_empty() {
                break;
            }
            let Some(record) = line.strip_suffix(b"\n") else {
                // No newline within the longest record: a line too long
                // for one, or the last line without its newline.
                if !reader.fill_buf()?.is_empty() {
                    return Err(CheckpointError::Corrupt { line: number });
                }
                if !is_record_start(&line) {
                    return Err(CheckpointError::Unended { line: number });
                }
                dropped = Some(number); // torn by a crash: cut off below
                break;
            };
            if record.ends_with(b"\r") {
                return Err(CheckpointError::Crlf { line: number });
            }
            let parsed = std::str::from_utf8(record).ok().and_then(|record| check.parse(record));
            let (unit, count) = parsed.ok_or(CheckpointError::Corrupt { line: number })?;
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
        Ok(Checkpoint::new(file, whole, check, finished, dropped))
    }

    fn new(file: File, whole: u64, check: Check, finished: BTreeMap<Unit, u64>, dropped: Option<usize>) -> Checkpoint {
        let file = Mutex::new(Appender { file, synced: Instant::now(), whole, stopped: false });
        Checkpoint { file, check, finished, dropped }
    }

    /// The units counted before, with their counts.
    pub fn finished(&self) -> &BTreeMap<Unit, u64> {
        &self.finished
    }

    /// The number of the last line, if it was the start of a record without
    /// its newline (a crash while writing it) and so was cut off on opening:
    /// its unit is counted again.
    pub fn dropped(&self) -> Option<usize> {
        self.dropped
    }

    /// Appends a finished unit and its count, in one write, and syncs the
    /// file to disk if the last sync is [`SYNC_EVERY`] ago. If the write
    /// fails (a full disk), what it wrote of the record is cut off again, so
    /// that the file ends with a whole record, and the error returned: the
    /// unit is not recorded, and the next record is tried as usual. If that
    /// cut fails too, nothing more is written to the file (every later call
    /// fails), and the line it ends with is the start of a record, which
    /// [`Checkpoint::open`] drops.
    pub fn record(&self, unit: Unit, count: u64) -> io::Result<()> {
        let line = format!("{}\n", self.check.record(unit, count));
        let mut guard = self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let appender = &mut *guard;
        if appender.stopped {
            return Err(io::Error::other("no longer written to, after a failed write it could not undo"));
        }
        if let Err(error) = appender.file.write_all(line.as_bytes()) {
            appender.stopped = appender.file.set_len(appender.whole).is_err();
            return Err(error);
        }
        appender.whole += line.len() as u64;
        if appender.synced.elapsed() >= SYNC_EVERY {
            appender.file.sync_data()?;
            appender.synced = Instant::now();
        }
        Ok(())
    }

    /// Syncs the file to disk: at the end of a count.
    pub fn sync(&self) -> io::Result<()> {
        self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner).file.sync_data()
    }
}

/// The refusal of a file whose first line is `found`, another count's: at
/// most 80 characters of it, its control characters escaped, so that what
/// differs shows.
fn other(found: &[u8], expected: String) -> CheckpointError {
    let mut shown = String::new();
    for c in String::from_utf8_lossy(found).chars().take(80) {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    CheckpointError::Other { found: shown, expected }
}

#[cfg(test)]
mod tests;
