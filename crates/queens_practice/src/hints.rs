//! How many hints of each exercise the learner has seen, so that `practice
//! hint` with no number and `h` in `practice watch` show the next one. The
//! record is `crates/<crate>/exercises/.hints`, beside the learner's files
//! (ignored by git, left alone by `reset`), one `bitmask 2` line per
//! exercise seen; each new version is written to a file of its own and
//! renamed over the old. A record not in that form is refused with a
//! message that says how to start over, never read as zero.

use std::collections::BTreeMap;
use std::fs;
use std::io::ErrorKind;

use n_queens_steps::chain;

use super::Workspace;
use super::ladder::Exercise;
use queens_cli::Problem;

/// The record's name, in the folder of a problem's exercises.
const NAME: &str = ".hints";

/// The largest record that is read: a few lines per exercise.
const LARGEST: u64 = 64 * 1024;

/// Where the record of `problem` is, from the workspace root.
fn relative(problem: Problem) -> String {
    format!("crates/{}/exercises/{NAME}", problem.crate_name())
}

/// How many hints of each exercise of one problem were shown, by step name.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Shown {
    seen: BTreeMap<String, usize>,
}

impl Shown {
    /// Reads the record of `problem`; none yet is an empty one.
    pub fn read(workspace: &Workspace, problem: Problem) -> Result<Shown, String> {
        let relative = relative(problem);
        let (path, shown) = (workspace.root.join(&relative), workspace.show(&relative));
        let text = match fs::symlink_metadata(&path) {
            Err(error) if error.kind() == ErrorKind::NotFound => return Ok(Shown::default()),
            Err(error) => return Err(format!("reading {shown}: {error}")),
            Ok(metadata) if !metadata.is_file() => {
                return Err(format!("{shown} is not a regular file: remove it (`rm {shown}`), then run this again"));
            }
            Ok(metadata) if metadata.len() > LARGEST => {
                return Err(format!("{shown} is larger than a record of hints: {}", start_over(&shown)));
            }
            Ok(_) => fs::read(&path).map_err(|error| format!("reading {shown}: {error}"))?,
        };
        let text = String::from_utf8(text).map_err(|_| format!("{shown} is not text: {}", start_over(&shown)))?;
        Shown::parse(&text).map_err(|why| format!("{shown}, {why}: {}", start_over(&shown)))
    }

    /// The record from its text: one `STEP COUNT` line per exercise.
    fn parse(text: &str) -> Result<Shown, String> {
        let mut seen = BTreeMap::new();
        for (index, line) in text.lines().enumerate() {
            let bad = || format!("line {}, is not `STEP COUNT` ({line:?})", index + 1);
            let mut words = line.split(' ');
            let (Some(step), Some(count), None) = (words.next(), words.next(), words.next()) else {
                return Err(bad());
            };
            let count: usize = count.parse().map_err(|_| bad())?;
            if chain::step(step).is_none() || seen.insert(step.to_string(), count).is_some() {
                return Err(bad());
            }
        }
        Ok(Shown { seen })
    }

    /// How many hints of `exercise` were shown.
    pub fn count(&self, exercise: Exercise) -> usize {
        self.seen.get(exercise.step.name).copied().unwrap_or(0)
    }

    /// The hint to show next, from 1: the one after the last shown, or the last again.
    pub fn next(&self, exercise: Exercise) -> usize {
        (self.count(exercise) + 1).min(exercise.hints().len())
    }

    /// Records that hint `number` of `exercise` (and so every hint before it)
    /// was shown, in a new file renamed over the old one.
    pub fn record(&mut self, workspace: &Workspace, exercise: Exercise, number: usize) -> Result<(), String> {
        if number <= self.count(exercise) {
            return Ok(());
        }
        self.seen.insert(exercise.step.name.to_string(), number);
        let text: String = self.seen.iter().map(|(step, count)| format!("{step} {count}\n")).collect();
        let relative = relative(exercise.problem);
        let (path, shown) = (workspace.root.join(&relative), workspace.show(&relative));
        let fresh = path.with_file_name(format!("{NAME}.new"));
        fs::create_dir_all(path.parent().expect("a file in a folder"))
            .and_then(|()| fs::write(&fresh, text))
            .and_then(|()| fs::rename(&fresh, &path))
            .map_err(|error| {
                let _ = fs::remove_file(&fresh);
                format!("recording the hints seen in {shown}: {error}")
            })
    }
}

/// What to do about a record that cannot be read.
fn start_over(shown: &str) -> String {
    format!("remove it (`rm {shown}`) to count the hints seen from the first again")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_hint_advances_and_stays_at_the_last() {
        let (workspace, bitmask) = (Workspace::scratch("advance"), Exercise::bitmask_52());
        let mut shown = Shown::read(&workspace, Problem::NQueensII).unwrap();
        assert_eq!(shown.next(bitmask), 1);
        for expected in [2, 3, 3] {
            let number = shown.next(bitmask);
            shown.record(&workspace, bitmask, number).unwrap();
            let again = Shown::read(&workspace, Problem::NQueensII).unwrap();
            assert_eq!(again.next(bitmask), expected, "read back from the file");
            shown = again;
        }
        let other = Exercise { problem: Problem::NQueensII, step: chain::step("board_scan").unwrap() };
        assert_eq!(shown.next(other), 1, "counted per exercise");
    }

    #[test]
    fn a_corrupt_record_is_refused_and_a_failed_write_keeps_the_old_one() {
        let workspace = Workspace::scratch("corrupt");
        let path = workspace.root.join(relative(Problem::NQueensII));
        for text in ["bitmask two\n", "nothing 1\n", "bitmask 1\nbitmask 2\n", "bitmask 1 2\n"] {
            fs::write(&path, text).unwrap();
            let why = Shown::read(&workspace, Problem::NQueensII).unwrap_err();
            assert!(why.contains("is not `STEP COUNT`") && why.contains("remove it"), "{why}");
        }
        fs::write(&path, "bitmask 1\n").unwrap();
        let mut shown = Shown::read(&workspace, Problem::NQueensII).unwrap();
        // The new version cannot be written where it goes: a folder is in its way.
        fs::create_dir_all(path.with_file_name(".hints.new/in_the_way")).unwrap();
        assert!(shown.record(&workspace, Exercise::bitmask_52(), 2).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "bitmask 1\n", "what was recorded is kept");
    }
}
