//! `queens sum [FILE...]`: adds up the outputs of `queens count N --part K/M`
//! (from the files or from stdin), after checking that each line is whole
//! (its CRC-32 check) and that they are the parts 1..M of one count, each
//! once, or more than once with the same count (a part run twice, on two
//! machines, for a check): counted once. The total is exact (`u64`, where `awk` would round past 2^53), and
//! checked against OEIS A000170 where that knows it. What it holds grows
//! with the parts given, never with M.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use n_queens_count::quarters::PartCount;
use n_queens_steps::oeis::A000170;

use crate::common::{Failure, Outcome, say};

/// Arguments of `queens sum`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files holding the parts' output lines; stdin when left out.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The longest line a part's output has, with room to spare (the widest
/// takes 73 characters): a longer line is no part's, and is refused without
/// reading on (`queens sum /dev/zero` ends at once).
const LONGEST_LINE: usize = 100;

/// The parts read so far: which count they are of, which parts came (with
/// their count and the line that gave it first), how many came again with
/// the same count, and their sum.
#[derive(Default)]
struct Sum {
    count: Option<(u32, u32)>,
    seen: BTreeMap<u32, (u64, String)>,
    again: u64,
    total: u64,
}

impl Sum {
    /// Adds one part, read at `at` (a file's name and a line): refused if
    /// it is of another count than the first part's, if it came before with
    /// another count (as it is read: no input is read on past it; naming
    /// both lines), or if the sum passes `u64`. A part that came before
    /// with the same count, as a part run twice for a check gives it, is
    /// counted once.
    fn add(&mut self, part: &PartCount, at: &str) -> Result<(), String> {
        let (n, of) = *self.count.get_or_insert((part.n, part.part.of()));
        if (part.n, part.part.of()) != (n, of) {
            return Err(format!(
                "the parts are of different counts: n={n} of {of} parts, and n={} part={}",
                part.n, part.part
            ));
        }
        match self.seen.get(&part.part.index()) {
            Some((count, _)) if *count == part.count => {
                self.again += 1;
                return Ok(());
            }
            Some((count, first)) => {
                return Err(format!(
                    "part {} of n={n} is given twice with different counts: {first} says count={count}, \
                     {at} says count={}; one of them is wrong: count that part again",
                    part.part, part.count
                ));
            }
            None => {}
        }
        self.seen.insert(part.part.index(), (part.count, at.to_string()));
        self.total = self.total.checked_add(part.count).ok_or_else(|| format!("the parts of n={n} add up past u64"))?;
        Ok(())
    }

    /// The count's n and the sum of its parts, if every part 1..M came.
    fn finish(&self) -> Result<(u32, u64), Failure> {
        let (n, of) = self.count.ok_or_else(|| Failure::usage("no parts to add: give the parts' output lines"))?;
        let missing = u64::from(of) - self.seen.len() as u64;
        if missing > 0 {
            let mut shown: Vec<String> = self.missing().take(SHOWN_MISSING).map(|index| index.to_string()).collect();
            if missing > SHOWN_MISSING as u64 {
                shown.push(format!("and {} more", missing - SHOWN_MISSING as u64));
            }
            return Err(Failure::usage(format!("n={n}: {missing} of {of} parts missing: {}", shown.join(", "))));
        }
        Ok((n, self.total))
    }

    /// The parts not seen, in order, named one at a time: of M = 4294967295
    /// parts with one given, only the few shown are ever made.
    fn missing(&self) -> impl Iterator<Item = u64> + '_ {
        let of = self.count.map_or(0, |(_, of)| u64::from(of));
        let seen = self.seen.keys().map(|&index| u64::from(index));
        let bounds = std::iter::once(0).chain(seen.clone()).zip(seen.chain(std::iter::once(of + 1)));
        bounds.flat_map(|(before, after)| before + 1..after)
    }
}

/// The most missing parts a refusal names; it counts the rest.
const SHOWN_MISSING: usize = 10;

/// Reads `reader`'s lines, each ended by its newline, and adds the parts
/// they give: a last line without one is a part's output cut short (a
/// file read while its count was still writing it, or a copy stopped half
/// way), refused rather than added, whatever its length.
fn add_lines(source: &str, mut reader: impl BufRead, sum: &mut Sum) -> Outcome {
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
                format!("{at} is longer than any part's output line (n=N part=K/M count=C check=X)")
            } else {
                format!("{at} has no newline at its end: a part's output cut short, not added")
            }));
        };
        let text = std::str::from_utf8(text).map_err(|_| {
            Failure::usage(format!("{at} is not text, so not a part's output (n=N part=K/M count=C check=X)"))
        })?;
        if text.trim().is_empty() {
            continue;
        }
        let part = text
            .parse::<PartCount>()
            .map_err(|why| Failure::usage(format!("{at}: `{}` is {why}", crate::common::escaped(text))))?;
        sum.add(&part, &at).map_err(|refusal| Failure::usage(format!("{at}: {refusal}")))?;
    }
    Ok(())
}

/// Runs `queens sum`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let mut sum = Sum::default();
    if args.files.is_empty() {
        add_lines("stdin", io::stdin().lock(), &mut sum)?;
    } else {
        for path in &args.files {
            let name = crate::common::escaped(&path.display().to_string());
            let file = File::open(path).map_err(|error| Failure::Failed(format!("{name}: {error}")))?;
            add_lines(&name, BufReader::new(file), &mut sum)?;
        }
    }
    let (n, total) = sum.finish()?;
    let mut note = checked(n, total)?;
    if sum.again > 0 {
        let copies = if sum.again == 1 { "copy of a part" } else { "copies of parts" };
        note.push_str(&format!("\n{} more {copies} agreed with the first, counted once", sum.again));
    }
    // The total first: a failed write is the one line said.
    writeln!(out, "{total}")?;
    out.flush()?;
    say(note);
    Ok(())
}

/// What `sum` says of a total: that OEIS A000170 gives it, or that it
/// knows no count for n; refused if A000170 gives another one.
fn checked(n: u32, total: u64) -> Result<String, Failure> {
    match A000170.get(n as usize) {
        Some(&known) if known == total => Ok(format!("n = {n}: {total}, as OEIS A000170 gives")),
        Some(&known) => Err(Failure::usage(format!(
            "the parts of n = {n} add up to {total}, but the count is {known} (OEIS A000170): \
             a part's count is wrong; count the parts again"
        ))),
        None => Ok(format!("n = {n}: no known count to check against (OEIS A000170 ends at n = 27)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use n_queens_cases::mutations::{apply, mutation};
    use n_queens_count::quarters::Part;
    use proptest::prelude::*;

    /// `n=N part=K/M count=C` with its check, as `count --part` prints it.
    fn checked_line(fields: &str) -> String {
        format!("{fields} check={:08x}", crc32fast::hash(fields.as_bytes()))
    }

    /// `sum` of `lines` (each `n=N part=K/M count=C`, given its check, or
    /// empty), each ended by its newline.
    fn total(lines: &[&str]) -> Result<u64, Failure> {
        let line = |line: &&str| if line.is_empty() { "\n".to_string() } else { format!("{}\n", checked_line(line)) };
        let input: String = lines.iter().map(line).collect();
        let mut sum = Sum::default();
        add_lines("stdin", input.as_bytes(), &mut sum)?;
        sum.finish().map(|(_, total)| total)
    }

    fn message(result: Result<u64, Failure>) -> String {
        match result {
            Err(Failure::Usage(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn adds_the_parts_once_each() {
        let lines = ["n=8 part=2/3 count=40", "n=8 part=1/3 count=50", "", "n=8 part=3/3 count=2"];
        assert_eq!(total(&lines).ok(), Some(92));
        assert!(message(total(&lines[..2])).contains("1 of 3 parts missing: 3"));
        let twice = ["n=8 part=1/2 count=1", "n=8 part=1/2 count=1", "n=8 part=2/2 count=1"];
        assert_eq!(total(&twice).ok(), Some(2), "the copies agree: counted once");
        let differ = ["n=8 part=1/2 count=1", "n=8 part=2/2 count=1", "n=8 part=1/2 count=3"];
        let refusal = message(total(&differ));
        assert!(refusal.contains("part 1/2") && refusal.contains("twice with different counts"), "{refusal}");
        assert!(refusal.contains("stdin: line 1 says count=1") && refusal.contains("stdin: line 3 says count=3"));
        let mixed = ["n=8 part=1/2 count=1", "n=9 part=2/2 count=1"];
        assert!(message(total(&mixed)).contains("different counts"));
        let mixed = ["n=8 part=1/2 count=1", "n=8 part=2/3 count=1"];
        assert!(message(total(&mixed)).contains("different counts"));
        assert!(message(total(&[])).contains("no parts"));
        let past = ["n=30 part=1/2 count=18446744073709551615", "n=30 part=2/2 count=1"];
        assert!(message(total(&past)).contains("past u64"));
        for bad in ["92", "n=8 part=0/2 count=1", "n=8 part=1/2", "n=8 part=1/2 count=1", "n=8 part=1/2 count=+1"] {
            let mut sum = Sum::default();
            let refusal = add_lines("stdin", format!("{bad}\n").as_bytes(), &mut sum);
            assert!(matches!(refusal, Err(Failure::Usage(message)) if message.contains("not a part")), "{bad}");
        }
    }

    /// The missing parts are named in order, the first few only, wherever
    /// the gaps are, up to the largest M (`faults.rs` gives one part of it).
    #[test]
    fn the_missing_parts_are_named_in_order_and_counted() {
        let some = ["n=8 part=2/9 count=1", "n=8 part=5/9 count=1", "n=8 part=6/9 count=1", "n=8 part=9/9 count=1"];
        assert!(message(total(&some)).ends_with("5 of 9 parts missing: 1, 3, 4, 7, 8"), "{}", message(total(&some)));
        let last = ["n=12 part=4294967295/4294967295 count=5"];
        assert!(message(total(&last)).contains("missing: 1, 2, 3,"));
    }

    /// Copies of a part that agree are read on and counted once, however
    /// many; one that disagrees is refused as it is read: the input after
    /// it is not read (the message names the line where it came again).
    #[test]
    fn a_disagreeing_copy_ends_the_reading() {
        let line = format!("{}\n", checked_line("n=8 part=1/2 count=1"));
        let mut sum = Sum::default();
        add_lines("stdin", line.repeat(10_000).as_bytes(), &mut sum).unwrap();
        assert_eq!((sum.total, sum.again, sum.seen.len()), (1, 9_999, 1));
        let input = format!("{line}{}\n{}", checked_line("n=8 part=1/2 count=2"), line.repeat(100_000));
        let mut reader = input.as_bytes();
        let refusal = add_lines("stdin", &mut reader, &mut Sum::default());
        assert!(
            matches!(&refusal, Err(Failure::Usage(message)) if message.starts_with("stdin: line 2: part 1/2")),
            "{refusal:?}"
        );
        assert!(reader.len() > input.len() - 1000, "read on past the disagreeing copy");
    }

    /// The output lines of the parts 1..=M of n, with these counts.
    fn parts_text(n: u32, counts: &[u64]) -> Vec<u8> {
        let of = counts.len() as u32;
        let lines = counts.iter().zip(1..).map(|(&count, index)| {
            let part = Part::new(index, of).unwrap();
            format!("{}\n", PartCount { n, part, count })
        });
        lines.collect::<String>().into_bytes()
    }

    /// The counts of `count 12 --part K/5` for K = 1..=5.
    fn parts_of_12() -> &'static [u64] {
        static COUNTS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
        COUNTS.get_or_init(|| {
            let count = |index| {
                let job = n_queens_count::quarters::Job { part: Part::new(index, 5).unwrap(), ..Default::default() };
                n_queens_count::quarters::count_job(12, &job).unwrap()
            };
            (1..=5).map(count).collect()
        })
    }

    /// What `sum` makes of `text`: the total, checked against OEIS, or the
    /// refusal's message. A failure that is not a refusal fails the test.
    fn summed(text: &[u8]) -> Result<u64, String> {
        let mut sum = Sum::default();
        let total = add_lines("stdin", text, &mut sum)
            .and_then(|()| sum.finish())
            .and_then(|(n, total)| checked(n, total).map(|_| total));
        match total {
            Ok(total) => Ok(total),
            Err(Failure::Usage(message)) if !message.is_empty() => Err(message),
            Err(other) => panic!("not a refusal: {other:?}"),
        }
    }

    proptest! {
        /// The parts of n = 12, mutated, digits too: refused with a
        /// message, or OEIS's count.
        #[test]
        fn mutated_parts_are_refused_or_exact(mutations in proptest::collection::vec(mutation(true), 1..4)) {
            let text = mutations.iter().fold(parts_text(12, parts_of_12()), apply);
            if let Ok(total) = summed(&text) {
                prop_assert_eq!(total, A000170[12], "{:?}", String::from_utf8_lossy(&text));
            }
        }

        /// The parts of n = 28, past OEIS's table and so unchecked, with
        /// any counts, mutated without writing a digit: refused with a
        /// message, or the exact sum of the counts.
        #[test]
        fn parts_past_oeis_are_refused_or_exact(
            counts in proptest::collection::vec(0u64..1 << 56, 1..9),
            mutations in proptest::collection::vec(mutation(false), 1..4),
        ) {
            let text = mutations.iter().fold(parts_text(28, &counts), apply);
            if let Ok(total) = summed(&text) {
                prop_assert_eq!(total, counts.iter().sum::<u64>(), "{:?}", String::from_utf8_lossy(&text));
            }
        }
    }
}
