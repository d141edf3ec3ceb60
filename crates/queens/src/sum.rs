//! `queens sum [FILE...]`: adds up the outputs of `queens count N --part K/M`
//! (lines `n=N part=K/M count=C`, from the files or from stdin), after
//! checking that they are the parts 1..M of one count, each exactly once.
//! The total is exact (`u64`, where `awk` would round past 2^53).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use n_queens_ii::quarters::Part;

use crate::{Failure, Outcome};

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

/// Runs `queens sum`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let mut lines = Vec::new();
    if args.files.is_empty() {
        for line in io::stdin().lock().lines() {
            lines.push(("stdin".to_string(), line?));
        }
    } else {
        for path in &args.files {
            let text = std::fs::read_to_string(path)
                .map_err(|error| Failure::Failed(format!("{}: {error}", path.display())))?;
            lines.extend(text.lines().map(|line| (path.display().to_string(), line.to_string())));
        }
    }
    let parts = lines
        .iter()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(source, line)| {
            parse_line(line).ok_or_else(|| {
                Failure::usage(format!("{source}: `{line}` is not a part's output (n=N part=K/M count=C)"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    writeln!(out, "{}", total(&parts)?)?;
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
