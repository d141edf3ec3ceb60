//! Mutated checkpoint files, as a disk, a copy, an editor or another count
//! leaves them (`Mutation`), opened and resumed: each is refused with a
//! message, and left as it was, or resumes to the exact count. None panics.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use n_queens_count::counting::Options;
use n_queens_count::quarters::{self, Checkpoint, Job, Part};
use proptest::prelude::*;
use proptest::sample::Index;

fn scratch() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let at = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("queens-checkpoint-props-{}-{at}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The count of `part` of `n`, on one thread, with the units in `finished`
/// taken as counted.
fn count(n: u32, part: Part, finished: &BTreeMap<quarters::Unit, u64>) -> u64 {
    let job = Job { options: Options { threads: 1, progress: None }, part, finished, ..Job::default() };
    quarters::count_job(n, &job).expect("a small count")
}

/// The checkpoint file a whole count of `part` of `n` writes, as text.
fn written(n: u32, part: Part) -> String {
    let path = scratch();
    let checkpoint = Checkpoint::open(&path, n, part).unwrap();
    let record = |unit, count| checkpoint.record(unit, count).unwrap();
    let job = Job { options: Options { threads: 1, progress: None }, part, record: Some(&record), ..Job::default() };
    quarters::count_job(n, &job).unwrap();
    drop(checkpoint);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    text
}

/// The counts the files are resumed for, each with its exact count and
/// its file; and files of other counts, whose records are mixed in.
struct Files {
    counts: Vec<(u32, Part, u64, String)>,
    others: Vec<String>,
}

fn files() -> &'static Files {
    static FILES: OnceLock<Files> = OnceLock::new();
    FILES.get_or_init(|| {
        let counts = [(12, Part::WHOLE), (13, Part::WHOLE), (13, Part::new(2, 3).unwrap())]
            .into_iter()
            .map(|(n, part)| (n, part, count(n, part, &BTreeMap::new()), written(n, part)))
            .collect();
        let (half, third) = (Part::new(1, 2).unwrap(), Part::new(1, 3).unwrap());
        let others =
            [(11, Part::WHOLE), (12, Part::WHOLE), (13, Part::WHOLE), (14, Part::WHOLE), (12, half), (13, third)];
        Files { counts, others: others.iter().map(|&(n, part)| written(n, part)).collect() }
    })
}

/// One change to a file's text.
#[derive(Clone, Debug)]
enum Mutation {
    /// A byte becomes another.
    Byte(Index, u8),
    /// A digit becomes another digit.
    Digit(Index, u8),
    DropLine(Index),
    RepeatLine(Index),
    SwapLines(Index, Index),
    /// The header names another n.
    HeaderN(u32),
    /// The header names another part.
    HeaderPart(u32, u32),
    /// A record of another count goes in at a line.
    Foreign(Index, Index, Index),
    /// The records after the first few are another count's, as when a
    /// checkpoint's header is changed to another count's.
    Records(Index, usize),
    /// A line, or every line, ends in CRLF.
    Crlf(Option<Index>),
    /// The file is cut at a byte.
    Cut(Index),
    /// Bytes added at the end, without a newline.
    Tail(Vec<u8>),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Byte(at, byte)),
        (any::<Index>(), b'0'..=b'9').prop_map(|(at, digit)| Mutation::Digit(at, digit)),
        any::<Index>().prop_map(Mutation::DropLine),
        any::<Index>().prop_map(Mutation::RepeatLine),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (0u32..40).prop_map(Mutation::HeaderN),
        (1u32..5, 1u32..5).prop_map(|(index, of)| Mutation::HeaderPart(index, of)),
        (any::<Index>(), any::<Index>(), any::<Index>()).prop_map(|(file, from, to)| Mutation::Foreign(file, from, to)),
        (any::<Index>(), 0usize..8).prop_map(|(file, kept)| Mutation::Records(file, kept)),
        proptest::option::of(any::<Index>()).prop_map(Mutation::Crlf),
        any::<Index>().prop_map(Mutation::Cut),
        proptest::collection::vec(prop_oneof![Just(b' '), b'0'..=b'9', b'a'..=b'f', any::<u8>()], 1..80)
            .prop_map(Mutation::Tail),
    ]
}

/// The file's lines, each with its newline (the last one may have none).
fn split_lines(text: &[u8]) -> Vec<Vec<u8>> {
    text.split_inclusive(|&byte| byte == b'\n').map(<[u8]>::to_vec).collect()
}

fn apply(text: Vec<u8>, mutation: &Mutation) -> Vec<u8> {
    let mut text = text;
    let mut lines = split_lines(&text);
    match mutation {
        Mutation::Byte(at, byte) if !text.is_empty() => {
            let at = at.index(text.len());
            text[at] = *byte;
        }
        Mutation::Digit(at, digit) => {
            let digits: Vec<usize> = (0..text.len()).filter(|&i| text[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                text[digits[at.index(digits.len())]] = *digit;
            }
        }
        Mutation::DropLine(at) if !lines.is_empty() => {
            lines.remove(at.index(lines.len()));
            text = lines.concat();
        }
        Mutation::RepeatLine(at) if !lines.is_empty() => {
            let at = at.index(lines.len());
            lines.insert(at, lines[at].clone());
            text = lines.concat();
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => {
            let len = lines.len();
            lines.swap(a.index(len), b.index(len));
            text = lines.concat();
        }
        Mutation::HeaderN(n) => text = header_field(&text, "n=", &n.to_string()),
        Mutation::HeaderPart(index, of) => text = header_field(&text, "part=", &format!("{index}/{of}")),
        Mutation::Foreign(file, from, to) => {
            let others = &files().others;
            let other = split_lines(others[file.index(others.len())].as_bytes());
            let record = other[1 + from.index(other.len() - 1)].clone();
            lines.insert(to.index(lines.len() + 1), record);
            text = lines.concat();
        }
        Mutation::Records(file, kept) => {
            let others = &files().others;
            let other = split_lines(others[file.index(others.len())].as_bytes());
            lines.truncate(1 + kept);
            text = [lines.concat(), other[1..].concat()].concat();
        }
        Mutation::Crlf(None) => text = String::from_utf8_lossy(&text).replace('\n', "\r\n").into_bytes(),
        Mutation::Crlf(Some(at)) if !lines.is_empty() => {
            let len = lines.len();
            let line = &mut lines[at.index(len)];
            if line.pop() == Some(b'\n') {
                line.extend(b"\r\n");
            }
            text = lines.concat();
        }
        Mutation::Cut(at) => text.truncate(at.index(text.len() + 1)),
        Mutation::Tail(bytes) => text.extend(bytes.iter().filter(|&&byte| byte != b'\n')),
        _ => {}
    }
    text
}

/// The header's field after `key` (`n=`, `part=`) set to `value`.
fn header_field(text: &[u8], key: &str, value: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(text);
    let (header, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let changed: Vec<String> = header
        .split(' ')
        .map(|field| if field.starts_with(key) { format!("{key}{value}") } else { field.to_string() })
        .collect();
    format!("{}\n{rest}", changed.join(" ")).into_bytes()
}

proptest! {
    /// A mutated file is refused, with a message and left as it was, or
    /// resumes to the exact count; a file it accepts it leaves whole.
    #[test]
    fn a_mutated_checkpoint_is_refused_or_exact(
        which in any::<Index>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let (n, part, exact, honest) = &files().counts[which.index(files().counts.len())];
        let text = mutations.iter().fold(honest.clone().into_bytes(), apply);
        let path = scratch();
        std::fs::write(&path, &text).unwrap();
        match Checkpoint::open(&path, *n, *part) {
            Err(refusal) => {
                prop_assert!(!refusal.to_string().is_empty());
                prop_assert_eq!(std::fs::read(&path).unwrap(), text, "a refused file is changed: {}", refusal);
            }
            Ok(checkpoint) => {
                prop_assert_eq!(count(*n, *part, checkpoint.finished()), *exact, "{:?}", mutations);
                drop(checkpoint);
                let left = std::fs::read(&path).unwrap();
                prop_assert!(left.is_empty() || left.ends_with(b"\n"), "{:?}", String::from_utf8_lossy(&left));
            }
        }
        std::fs::remove_file(&path).unwrap();
    }
}

/// The honest files themselves resume to their counts, from every record.
#[test]
fn an_honest_checkpoint_resumes_exactly() {
    for (n, part, exact, honest) in &files().counts {
        let path = scratch();
        std::fs::write(&path, honest).unwrap();
        let checkpoint = Checkpoint::open(&path, *n, *part).unwrap();
        assert_eq!(checkpoint.finished().len(), honest.lines().count() - 1);
        assert_eq!(count(*n, *part, checkpoint.finished()), *exact);
        drop(checkpoint);
        std::fs::remove_file(&path).unwrap();
    }
}
