//! Parts of a count: the units of work (one task of one start) cut into `M`
//! parts by their modelled sizes, the same cut on every machine, so that
//! parts counted apart add up to the count (`docs/quarters.md#at-scale`).
//!
//! A unit's modelled size is what its join would cost if every quarter
//! placement of its rows fitted: `E + W + ⌈E / 512⌉ · W`, with `E` and `W`
//! the products of the north and south quarters' placements on the rows
//! of the east and west halves. The units, in the order of the starts and
//! of their tasks, are laid end to end by size; a unit belongs to the part
//! its midpoint falls in. Sizes are `f64`, added in one order: IEEE
//! arithmetic gives the same cut everywhere.

use std::fmt;
use std::str::FromStr;

use crate::quarters::algorithm::board::Board;
use crate::quarters::algorithm::starts::{Start, Task};
use crate::quarters::algorithm::table::CellSizes;

/// The `index`-th of `of` parts of a count, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    index: u32,
    of: u32,
}

impl Part {
    /// The whole count: part 1 of 1.
    pub const WHOLE: Part = Part { index: 1, of: 1 };

    /// Part `index` of `of`, if `1 <= index <= of`.
    pub fn new(index: u32, of: u32) -> Option<Part> {
        (1..=of).contains(&index).then_some(Part { index, of })
    }

    /// Which part, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// Of how many parts.
    pub fn of(self) -> u32 {
        self.of
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

impl FromStr for Part {
    type Err = String;

    /// `K/M`, two whole numbers with `1 <= K <= M`.
    fn from_str(text: &str) -> Result<Part, String> {
        let bad = || format!("`{text}` is not a part: write K/M, with 1 <= K <= M (for example 3/8)");
        let (index, of) = text.split_once('/').ok_or_else(bad)?;
        let whole = |digits: &str| {
            let digits = digits.strip_prefix('+').unwrap_or(digits);
            if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
                return Err(bad());
            }
            // All digits: too large for a u32 if it does not parse.
            digits.parse::<u32>().map_err(|_| format!("`{text}` is not a part: M is at most {}", u32::MAX))
        };
        let (index, of) = (whole(index)?, whole(of)?);
        Part::new(index, of).ok_or_else(bad)
    }
}

/// What `queens count N --part K/M` prints, and `queens sum` adds up: one
/// part's count, bound to its count by a check, as a checkpoint's records
/// are. The line is `n=N part=K/M count=C check=X`, `X` the CRC-32 of what
/// comes before ` check=`, as 8 hexadecimal digits: a line cut short and
/// ended again (`count=123` of `count=12345`), or changed by hand, does not
/// read as a part, so that a sum past the counts OEIS knows is still exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartCount {
    /// The board's size.
    pub n: u32,
    /// Which part of the count.
    pub part: Part,
    /// The solutions the part counted.
    pub count: u64,
}

impl PartCount {
    /// The check of a line's fields.
    fn check(fields: &str) -> u32 {
        crc32fast::hash(fields.as_bytes())
    }
}

impl fmt::Display for PartCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fields = format!("n={} part={} count={}", self.n, self.part, self.count);
        write!(f, "{fields} check={:08x}", PartCount::check(&fields))
    }
}

impl FromStr for PartCount {
    type Err = PartCountError;

    /// A line as [`PartCount`]'s `Display` writes it, its numbers in
    /// digits only (Rust's parsing alone would take a `+` too).
    fn from_str(line: &str) -> Result<PartCount, PartCountError> {
        let (fields, check) = line.rsplit_once(" check=").ok_or(PartCountError::NoCheck)?;
        let digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_hexdigit());
        if check.len() != 8 || !digits(check) || u32::from_str_radix(check, 16).ok() != Some(PartCount::check(fields)) {
            return Err(PartCountError::WrongCheck);
        }
        let mut words = fields.split(' ');
        let mut field = |key: &str| {
            let value = words.next()?.strip_prefix(key)?;
            (!value.is_empty() && value.bytes().all(|byte| byte.is_ascii_digit() || byte == b'/')).then_some(value)
        };
        let read = (|| {
            let n = field("n=")?.parse().ok()?;
            let part = field("part=")?.parse().ok()?;
            let count = field("count=")?.parse().ok()?;
            Some(PartCount { n, part, count })
        })();
        match (read, words.next()) {
            (Some(part), None) => Ok(part),
            _ => Err(PartCountError::NotAPart),
        }
    }
}

/// Why a line is not a part's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartCountError {
    /// It has no ` check=` at its end: not a part's line, or one written
    /// before parts carried their check.
    NoCheck,
    /// Its check is not the check of what it says: cut short, or changed.
    WrongCheck,
    /// Its check is right, but its fields are not `n=N part=K/M count=C`.
    NotAPart,
}

impl fmt::Display for PartCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PartCountError::NoCheck => "not a part's output (n=N part=K/M count=C check=X)",
            PartCountError::WrongCheck => "its check is not what it says: cut short or changed; count that part again",
            PartCountError::NotAPart => "not a part's output (n=N part=K/M count=C check=X)",
        })
    }
}

/// One unit of work: a task of a start, named by the start's place in
/// the count's list of starts and the task's east rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Unit {
    /// The start's index, in the order the count lists them.
    pub start: u32,
    /// The board rows whose queen is in the east half.
    pub east_rows: u32,
}

/// The modelled sizes of every unit, and where the part's units lie.
pub(crate) struct Parting {
    part: Part,
    /// Per start, the placements of a quarter on each set of its rows,
    /// over the columns its east half may use.
    east_rows_sizes: Vec<Vec<f64>>,
    /// The same over every column, for the west half.
    west_rows_sizes: Vec<f64>,
    /// Per start, the summed sizes of the units before its first one.
    before: Vec<f64>,
    total: f64,
    quarter_mask: u32,
    far: u32,
}

impl Parting {
    pub(crate) fn new(board: &Board, cells: &CellSizes, starts: &[Start], part: Part) -> Parting {
        let west_rows_sizes = rows_sizes(cells, board.quarter_mask());
        let mut parting = Parting {
            part,
            east_rows_sizes: Vec::with_capacity(starts.len()),
            west_rows_sizes,
            before: Vec::with_capacity(starts.len()),
            total: 0.0,
            quarter_mask: board.quarter_mask(),
            far: board.far,
        };
        for start in starts {
            parting.east_rows_sizes.push(rows_sizes(cells, start.east_columns));
        }
        for (index, start) in starts.iter().enumerate() {
            parting.before.push(parting.total);
            for task in start.tasks(board) {
                parting.total += parting.size(index, start, &task);
            }
        }
        parting
    }

    /// The modelled size of a task of the start at `index`.
    pub(crate) fn size(&self, index: usize, start: &Start, task: &Task) -> f64 {
        let half = |sizes: &[f64], rows: u32| {
            sizes[(rows & self.quarter_mask) as usize] * sizes[(rows >> self.far & self.quarter_mask) as usize]
        };
        let east = half(&self.east_rows_sizes[index], task.east_rows);
        let west = half(&self.west_rows_sizes, start.rows ^ task.east_rows);
        east + west + (east / 512.0).ceil() * west
    }

    /// The tasks of the start at `index` that belong to the part.
    pub(crate) fn select(&self, index: usize, start: &Start, tasks: Vec<Task>) -> Vec<Task> {
        if self.part == Part::WHOLE {
            return tasks;
        }
        let mut before = self.before[index];
        let of = f64::from(self.part.of);
        tasks
            .into_iter()
            .filter(|task| {
                let size = self.size(index, start, task);
                let middle = before + size / 2.0;
                before += size;
                let part = ((middle / self.total * of) as u32).min(self.part.of - 1);
                part + 1 == self.part.index
            })
            .collect()
    }
}

/// For each set of a quarter's rows, its placements whose columns lie in
/// `columns`.
fn rows_sizes(cells: &CellSizes, columns: u32) -> Vec<f64> {
    let side = cells.side;
    let mut sizes = vec![0.0; 1 << side];
    for (cell, &size) in cells.sizes.iter().enumerate() {
        let (rows, cell_columns) = (cell >> side, cell as u32 & ((1 << side) - 1));
        if cell_columns & !columns == 0 {
            sizes[rows] += f64::from(size);
        }
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_parse_only_when_in_range() {
        assert_eq!("3/7".parse(), Ok(Part { index: 3, of: 7 }));
        assert_eq!("1/1".parse(), Ok(Part::WHOLE));
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2", "1/2/3", "-1/2", " 1/2", "++1/2"] {
            assert!(bad.parse::<Part>().is_err(), "{bad}");
        }
        assert_eq!("4294967295/4294967295".parse::<Part>().map(Part::of), Ok(u32::MAX));
        let past = "1/4294967296".parse::<Part>().unwrap_err();
        assert!(past.contains("at most 4294967295"), "{past}");
    }

    /// A part's line reads back as it was written, and not once it is cut
    /// short and ended again, or changed.
    #[test]
    fn a_part_count_is_bound_to_its_line() {
        let line = PartCount { n: 28, part: Part { index: 3, of: 7 }, count: 12345 }.to_string();
        assert!(line.starts_with("n=28 part=3/7 count=12345 check="), "{line}");
        assert_eq!(line.parse(), Ok(PartCount { n: 28, part: Part { index: 3, of: 7 }, count: 12345 }));
        let (fields, check) = line.rsplit_once(" check=").unwrap();
        let changed = [
            fields.replace("count=12345", "count=123"),
            fields.replace("count=12345", "count=12346"),
            fields.replace("n=28", "n=27"),
            fields.replace("3/7", "3/8"),
        ];
        for fields in changed {
            assert_eq!(format!("{fields} check={check}").parse::<PartCount>(), Err(PartCountError::WrongCheck));
        }
        assert_eq!(line[..line.len() - 1].parse::<PartCount>(), Err(PartCountError::WrongCheck));
        assert_eq!(format!("{line} ").parse::<PartCount>(), Err(PartCountError::WrongCheck));
        assert_eq!("n=28 part=3/7 count=12345".parse::<PartCount>(), Err(PartCountError::NoCheck));
        let unsigned = format!("n=28 part=3/7 count=+5 check={:08x}", PartCount::check("n=28 part=3/7 count=+5"));
        assert_eq!(unsigned.parse::<PartCount>(), Err(PartCountError::NotAPart));
    }

    /// Every task is in exactly one part, and the parts are near the same
    /// modelled size.
    #[test]
    fn every_task_is_in_one_part() {
        for n in [8u32, 13, 16] {
            let board = Board::new(n);
            let cells = CellSizes::count(board.side);
            let starts = board.starts();
            let of = 7;
            let mut seen = vec![0u32; starts.len()];
            let mut part_sizes = Vec::new();
            for index in 1..=of {
                let parting = Parting::new(&board, &cells, &starts, Part::new(index, of).unwrap());
                let mut size = 0.0;
                for (at, start) in starts.iter().enumerate() {
                    let chosen = parting.select(at, start, start.tasks(&board));
                    seen[at] += chosen.len() as u32;
                    size += chosen.iter().map(|task| parting.size(at, start, task)).sum::<f64>();
                }
                part_sizes.push(size);
            }
            let tasks: Vec<u32> = starts.iter().map(|start| start.tasks(&board).len() as u32).collect();
            assert_eq!(seen, tasks, "n = {n}");
            if n == 16 {
                let largest = part_sizes.iter().copied().fold(0.0, f64::max);
                let smallest = part_sizes.iter().copied().fold(f64::MAX, f64::min);
                assert!(largest < 1.1 * smallest, "{part_sizes:?}");
            }
        }
    }
}
