//! What a count that runs for weeks meets, through the binary: a checkpoint
//! holding another count's records, lines ended by CRLF or cut short. Each
//! count is OEIS A000170's or refused with one line; nothing recorded is
//! lost.

use std::path::{Path, PathBuf};
use std::process::Output;

use n_queens_cases::oeis::A000170;
use run::queens;

mod run;

fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("queens-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The count's own line on stdout, after a run that succeeded.
fn counted(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// Exit code 2, nothing on stdout, one line on stderr (clap adds only its
/// hints) naming `words`.
fn refused(output: &Output, words: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.is_empty()).collect();
    assert!(lines[0].starts_with("error: ") && lines[1..].iter().all(|line| line.contains("--help")), "{stderr}");
    for word in words {
        assert!(lines[0].contains(word), "{:?} does not mention {word:?}", lines[0]);
    }
}

fn count(n: u32, extra: &[&str], checkpoint: &Path) -> Output {
    let n = n.to_string();
    let mut args = vec!["count", &n, "--checkpoint", checkpoint.to_str().unwrap()];
    args.extend(extra);
    queens(&args)
}

/// A checkpoint with n = 17's header and n = 16's records (or n = 15's and
/// n = 14's, or one part's header and another part's records) is refused
/// at its first record and left as it was: a record is bound to its count,
/// though each of those units is one of the count's too.
#[test]
fn another_counts_records_are_refused() {
    let path = scratch("mixed");
    for (from, to, part) in [(16, 17, None), (14, 15, None), (13, 13, Some(("2/2", "1/2")))] {
        let (extra, header): (Vec<&str>, _) = match part {
            Some((written, read)) => (vec!["--part", read], (format!("part={written}"), format!("part={read}"))),
            None => (Vec::new(), (format!("n={from} "), format!("n={to} "))),
        };
        let written = part.map_or(Vec::new(), |(written, _)| vec!["--part", written]);
        assert!(count(from, &written, &path).status.success());
        let text = std::fs::read_to_string(&path).unwrap();
        let (first, records) = text.split_once('\n').unwrap();
        let mixed = format!("{}\n{records}", first.replace(&header.0, &header.1));
        std::fs::write(&path, &mixed).unwrap();
        refused(&count(to, &extra, &path), &["line 2", "not a record of this count"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), mixed, "n = {to}: a refused file is left as it was");
        std::fs::remove_file(&path).unwrap();
    }
}

/// A checkpoint whose lines end in CRLF says so; a last line cut short (the
/// start of a record) is dropped and said, its unit counted again; a last
/// line without its newline that no record starts with, or longer than any
/// record, is refused and kept.
#[test]
fn line_ends_are_said_not_silently_cut() {
    let path = scratch("ends");
    assert_eq!(counted(&count(12, &[], &path)), A000170[12].to_string());
    let text = std::fs::read_to_string(&path).unwrap();
    let crlf = text.replace('\n', "\r\n");
    std::fs::write(&path, &crlf).unwrap();
    refused(&count(12, &[], &path), &["line 1", "CRLF"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), crlf);
    let (whole, last) = text.trim_end().rsplit_once('\n').unwrap();
    let torn = format!("{whole}\n{}", &last[..last.len() / 2]);
    std::fs::write(&path, &torn).unwrap();
    let output = count(12, &[], &path);
    assert_eq!(counted(&output), A000170[12].to_string());
    let lines = text.lines().count();
    let note = format!("line {lines}, the last, was a record cut short");
    assert!(String::from_utf8_lossy(&output.stderr).contains(&note), "{output:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the unit is counted and recorded again");
    for unended in ["notes, not a record".to_string(), "1".repeat(60), "7".repeat(1 << 20)] {
        let kept = format!("{text}{unended}");
        std::fs::write(&path, &kept).unwrap();
        refused(&count(12, &[], &path), &[&format!("line {}", lines + 1)]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), kept);
    }
    std::fs::remove_file(&path).unwrap();
}
