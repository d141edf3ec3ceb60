//! The checkpoint file's own tests: what comes back, what is refused.

use super::*;

/// A path `name` of the test's own in the temporary folder, with no file
/// there yet; the file written there is removed when it is dropped, the
/// test passed or failed.
fn scratch(name: &str) -> tempfile::TempPath {
    let file = tempfile::Builder::new().prefix(&format!("queens-checkpoint-{name}-")).tempfile().unwrap();
    let path = file.into_temp_path();
    std::fs::remove_file(&path).unwrap();
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
    assert_eq!(reopened.dropped(), Some(4));
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
    let check = Check::of(&top);
    let (a, b) = (Unit { start: 0, east_rows: 5 }, Unit { start: 2, east_rows: 9 });
    let (first, second) = (check.record(a, 14200), check.record(b, 3));
    let refused = |text: String| {
        std::fs::write(&path, text).unwrap();
        Checkpoint::open(&path, 12, Part::WHOLE).err()
    };
    let changed = first.replacen("14200", "15200", 1);
    assert!(matches!(refused(format!("{top}\n{changed}\n{second}\n")), Some(CheckpointError::Corrupt { line: 2 })));
    let other_count = check.record(a, 15200);
    assert!(matches!(
        refused(format!("{top}\n{first}\n{second}\n{other_count}\n")),
        Some(CheckpointError::Conflict { lines: (2, 4) })
    ));
    assert!(refused(format!("{top}\n{first}\n{first}\n{second}\n")).is_none());
    let kept = Checkpoint::open(&path, 12, Part::WHOLE).unwrap();
    assert_eq!(kept.finished().len(), 2);
    drop(kept);
    assert!(matches!(refused(format!("{top}\n0 5 14200\n")), Some(CheckpointError::Corrupt { line: 2 })));
    for older in ["queens checkpoint:", "queens checkpoint 2:"] {
        let old = top.replace(FORMAT, older);
        assert!(matches!(refused(format!("{old}\n0 5 14200\n")), Some(CheckpointError::OldFormat)), "{older}");
    }
    std::fs::remove_file(&path).unwrap();
}

/// A record is bound to its count: under another n's or part's header
/// (or another version's) its check fails, though its unit is one of
/// the count's.
#[test]
fn another_counts_record_is_refused() {
    let path = scratch("other");
    let unit = Unit { start: 0, east_rows: 5 };
    let part = Part::new(1, 2).unwrap();
    let older = header(12, part).replace(env!("CARGO_PKG_VERSION"), "0.0.0-older");
    for (n, part, from) in
        [(12, part, header(13, part)), (12, part, header(12, Part::new(2, 2).unwrap())), (12, part, older)]
    {
        let record = Check::of(&from).record(unit, 40);
        let text = format!("{}\n{}\n{record}\n", header(n, part), Check::of(&header(n, part)).record(unit, 40));
        std::fs::write(&path, &text).unwrap();
        assert!(matches!(Checkpoint::open(&path, n, part), Err(CheckpointError::Corrupt { line: 3 })), "{from}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "a refused file is left as it was");
    }
    std::fs::remove_file(&path).unwrap();
}

/// CRLF is named, on the header or on a record; a last line without
/// its newline is dropped only if it is the start of a record, and no
/// line is read past the longest record.
#[test]
fn line_ends_are_the_counts_own() {
    let path = scratch("ends");
    let top = header(12, Part::WHOLE);
    let record = Check::of(&top).record(Unit { start: 0, east_rows: 5 }, 40);
    let opened = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let opened = Checkpoint::open(&path, 12, Part::WHOLE);
        (opened, std::fs::read_to_string(&path).unwrap())
    };
    for (text, line) in [(format!("{top}\r\n{record}\r\n"), 1), (format!("{top}\n{record}\r\n"), 2)] {
        let (result, left) = opened(&text);
        assert!(matches!(result, Err(CheckpointError::Crlf { line: at }) if at == line), "{text:?}");
        assert_eq!(left, text);
    }
    let whole = format!("{top}\n{record}\n");
    for torn in ["4", "0 5 40 ab", &record] {
        let (result, left) = opened(&format!("{whole}{torn}"));
        let kept = result.unwrap();
        assert_eq!((kept.dropped(), kept.finished().len()), (Some(3), 1), "{torn:?}");
        assert_eq!(left, whole);
    }
    let long_record = format!("{record}{}", "0".repeat(LONGEST_RECORD));
    for unended in ["notes", "0 5 40 AB", "0 5\t40", &long_record] {
        let text = format!("{whole}{unended}");
        let (result, left) = opened(&text);
        assert!(
            matches!(result, Err(CheckpointError::Unended { line: 3 }) | Err(CheckpointError::Corrupt { line: 3 })),
            "{unended:?}"
        );
        assert_eq!(left, text);
    }
    // A line far longer than any record, ended: refused at its start.
    let long = format!("{whole}{}\n{record}\n", "1".repeat(1 << 20));
    assert!(matches!(opened(&long).0, Err(CheckpointError::Corrupt { line: 3 })));
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
