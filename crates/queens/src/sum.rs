//! `queens sum [FILE...]`: adds up the outputs of `queens count N --part K/M`
//! (lines `n=N part=K/M count=C`, from the files or from stdin), after
//! checking that they are the parts 1..M of one count, each exactly once.
//! The total is exact (`u64`, where `awk` would round past 2^53), and
//! checked against OEIS A000170 where that knows it (n <= 27): a sum that
//! differs is refused, as is a last line without its newline.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use n_queens_facts::oeis::A000170;
use n_queens_ii::quarters::Part;

use crate::{Failure, Outcome, say};

/// Arguments of `queens sum`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files holding the parts' output lines; stdin when left out.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// One part's output line.
#[derive(Debug, PartialEq, Eq)]
struct PartCount {
    n: u32,
    part: Part,
    count: u64,
}

fn parse_line(line: &str) -> Option<PartCount> {
    let mut fields = line.split_whitespace();
    let n = fields.next()?.strip_prefix("n=")?.parse().ok()?;
    let part = fields.next()?.strip_prefix("part=")?.parse().ok()?;
    let count = fields.next()?.strip_prefix("count=")?.parse().ok()?;
    fields.next().is_none().then_some(PartCount { n, part, count })
}

/// The longest line a part's output has, with room to spare: `n=32`, the
/// widest part (`4294967295/4294967295`) and the widest `u64` count take 58
/// characters. A longer line is no part's, and is refused without reading
/// on (`queens sum /dev/zero` ends at once).
const LONGEST_LINE: usize = 100;

/// A line of input: where it came from, its number from 1, and its text.
struct Line {
    source: String,
    number: usize,
    text: String,
}

/// Reads `reader`'s lines, each ended by its newline: a last line without
/// one is a part's output cut short (a file read while its count was still
/// writing it, or a copy stopped half way), refused rather than added.
fn read_lines(source: &str, mut reader: impl BufRead, lines: &mut Vec<Line>) -> Outcome {
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        (&mut reader)
            .take(LONGEST_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|error| Failure::Failed(format!("reading {source}: {error}")))?;
        if bytes.is_empty() {
            break;
        }
        let at = format!("{source}: line {number}");
        let Some(text) = bytes.strip_suffix(b"\n") else {
            return Err(Failure::usage(if bytes.len() > LONGEST_LINE {
                format!("{at} is longer than any part's output line (n=N part=K/M count=C)")
            } else {
                format!("{at} has no newline at its end: a part's output cut short, not added")
            }));
        };
        let text = std::str::from_utf8(text)
            .map_err(|_| Failure::usage(format!("{at} is not text, so not a part's output (n=N part=K/M count=C)")))?;
        lines.push(Line { source: source.to_string(), number, text: text.to_string() });
    }
    Ok(())
}

/// Runs `queens sum`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let mut lines = Vec::new();
    if args.files.is_empty() {
        read_lines("stdin", io::stdin().lock(), &mut lines)?;
    } else {
        for path in &args.files {
            let name = crate::escaped(&path.display().to_string());
            let file = File::open(path).map_err(|error| Failure::Failed(format!("{name}: {error}")))?;
            read_lines(&name, BufReader::new(file), &mut lines)?;
        }
    }
    let parts = lines
        .iter()
        .filter(|line| !line.text.trim().is_empty())
        .map(|line| {
            parse_line(&line.text).ok_or_else(|| {
                Failure::usage(format!(
                    "{}: line {}: `{}` is not a part's output (n=N part=K/M count=C)",
                    line.source,
                    line.number,
                    crate::escaped(&line.text)
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let total = total(&parts)?;
    let n = parts[0].n;
    let note = match A000170.get(n as usize) {
        Some(&known) if known == total => format!("n = {n}: {total}, as OEIS A000170 gives"),
        Some(&known) => {
            return Err(Failure::usage(format!(
                "the parts of n = {n} add up to {total}, but the count is {known} (OEIS A000170): \
                 a part's count is wrong; count the parts again"
            )));
        }
        None => format!("n = {n}: no known count to check against (OEIS A000170 ends at n = 27)"),
    };
    // The total first: a failed write is the one line said.
    writeln!(out, "{total}")?;
    out.flush()?;
    say(note);
    Ok(())
}

/// The sum of the parts, if they are the parts 1..M of one count, once each.
fn total(parts: &[PartCount]) -> Result<u64, Failure> {
    let first = parts.first().ok_or_else(|| Failure::usage("no parts to add: give the parts' output lines"))?;
    let (n, of) = (first.n, first.part.of());
    if let Some(other) = parts.iter().find(|part| part.n != n || part.part.of() != of) {
        return Err(Failure::usage(format!(
            "the parts are of different counts: n={n} of {of} parts, and n={} part={}",
            other.n, other.part
        )));
    }
    let mut seen = vec![false; of as usize];
    for part in parts {
        let index = part.part.index() as usize - 1;
        if std::mem::replace(&mut seen[index], true) {
            return Err(Failure::usage(format!("part {} of n={n} is there twice", part.part)));
        }
    }
    let missing: Vec<String> =
        (1..=of).filter(|&index| !seen[index as usize - 1]).map(|index| index.to_string()).collect();
    if !missing.is_empty() {
        let shown = missing.iter().take(10).cloned().collect::<Vec<_>>().join(", ");
        let more = if missing.len() > 10 { format!(" and {} more", missing.len() - 10) } else { String::new() };
        return Err(Failure::usage(format!("n={n}: {} of {of} parts missing: {shown}{more}", missing.len())));
    }
    parts
        .iter()
        .try_fold(0u64, |sum, part| sum.checked_add(part.count))
        .ok_or_else(|| Failure::usage(format!("the parts of n={n} add up past u64")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(lines: &[&str]) -> Vec<PartCount> {
        lines.iter().map(|line| parse_line(line).expect(line)).collect()
    }

    fn message(result: Result<u64, Failure>) -> String {
        match result {
            Err(Failure::Usage(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn adds_the_parts_once_each() {
        let lines = ["n=8 part=2/3 count=40", "n=8 part=1/3 count=50", "n=8 part=3/3 count=2"];
        assert_eq!(total(&parts(&lines)).ok(), Some(92));
        assert!(message(total(&parts(&lines[..2]))).contains("1 of 3 parts missing: 3"));
        let twice = ["n=8 part=1/2 count=1", "n=8 part=1/2 count=1", "n=8 part=2/2 count=1"];
        assert!(message(total(&parts(&twice))).contains("twice"));
        let mixed = ["n=8 part=1/2 count=1", "n=9 part=2/2 count=1"];
        assert!(message(total(&parts(&mixed))).contains("different counts"));
        let mixed = ["n=8 part=1/2 count=1", "n=8 part=2/3 count=1"];
        assert!(message(total(&parts(&mixed))).contains("different counts"));
        assert!(message(total(&[])).contains("no parts"));
        let past = ["n=30 part=1/2 count=18446744073709551615", "n=30 part=2/2 count=1"];
        assert!(message(total(&parts(&past))).contains("past u64"));
        for bad in ["92", "n=8 part=0/2 count=1", "n=8 part=1/2", "n=8 part=1/2 count=-1 x"] {
            assert_eq!(parse_line(bad), None, "{bad}");
        }
    }
}
