//! Mutated checkpoint files, as a disk, a copy, an editor or another count
//! leaves them (`Change`), opened and resumed: each is refused with a
//! message, and left as it was, or resumes to the exact count. None panics.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use n_queens_cases::mutations::{self, Mutation, mutation, split_lines};
use n_queens_count::counting::Options;
use n_queens_count::quarters::{self, Checkpoint, Job, Part};
use proptest::prelude::*;
use proptest::sample::Index;

/// A path of the test's own in the temporary folder, with no file there
/// yet; the file written there is removed when it is dropped, the test
/// passed or failed.
fn scratch() -> tempfile::TempPath {
    let file = tempfile::Builder::new().prefix("queens-checkpoint-props-").tempfile().unwrap();
    let path = file.into_temp_path();
    std::fs::remove_file(&path).unwrap();
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

/// One change to a checkpoint's text: damage to any text of lines, or one
/// that only a checkpoint can take.
#[derive(Clone, Debug)]
enum Change {
    /// A byte, a line, the line ends, a cut or a tail.
    Text(Mutation),
    /// The header names another n.
    HeaderN(u32),
    /// The header names another part.
    HeaderPart(u32, u32),
    /// A record of another count goes in at a line.
    Foreign(Index, Index, Index),
    /// The records after the first few are another count's, as when a
    /// checkpoint's header is changed to another count's.
    Records(Index, usize),
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        8 => mutation(true).prop_map(Change::Text),
        1 => (0u32..40).prop_map(Change::HeaderN),
        1 => (1u32..5, 1u32..5).prop_map(|(index, of)| Change::HeaderPart(index, of)),
        1 => (any::<Index>(), any::<Index>(), any::<Index>()).prop_map(|(file, from, to)| Change::Foreign(file, from, to)),
        1 => (any::<Index>(), 0usize..8).prop_map(|(file, kept)| Change::Records(file, kept)),
    ]
}

fn apply(text: Vec<u8>, change: &Change) -> Vec<u8> {
    let mut lines = split_lines(&text);
    match change {
        Change::Text(mutation) => mutations::apply(text, mutation),
        Change::HeaderN(n) => header_field(&text, "n=", &n.to_string()),
        Change::HeaderPart(index, of) => header_field(&text, "part=", &format!("{index}/{of}")),
        Change::Foreign(file, from, to) => {
            let others = &files().others;
            let other = split_lines(others[file.index(others.len())].as_bytes());
            let record = other[1 + from.index(other.len() - 1)].clone();
            lines.insert(to.index(lines.len() + 1), record);
            lines.concat()
        }
        Change::Records(file, kept) => {
            let others = &files().others;
            let other = split_lines(others[file.index(others.len())].as_bytes());
            lines.truncate(1 + kept);
            [lines.concat(), other[1..].concat()].concat()
        }
    }
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
        changes in proptest::collection::vec(change(), 1..4),
    ) {
        let (n, part, exact, honest) = &files().counts[which.index(files().counts.len())];
        let text = changes.iter().fold(honest.clone().into_bytes(), apply);
        let path = scratch();
        std::fs::write(&path, &text).unwrap();
        match Checkpoint::open(&path, *n, *part) {
            Err(refusal) => {
                prop_assert!(!refusal.to_string().is_empty());
                prop_assert_eq!(std::fs::read(&path).unwrap(), text, "a refused file is changed: {}", refusal);
            }
            Ok(checkpoint) => {
                prop_assert_eq!(count(*n, *part, checkpoint.finished()), *exact, "{:?}", changes);
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
