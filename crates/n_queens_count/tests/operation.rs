//! The count operation (`n_queens_count::operation`) as a command calls it:
//! what it refuses follows what the registry declares of each approach
//! (threads, units), never a name; its runs count as OEIS says, tell their
//! progress, record and resume a checkpoint, and add up by parts.

use std::path::PathBuf;
use std::sync::Mutex;

use n_queens_cases::oeis::{A000170, A002562};
use n_queens_count::APPROACHES;
use n_queens_count::operation::{self, PlanError, Progress, Quiet, Request, UnitsOnly};
use n_queens_count::quarters::Part;
use pretty_assertions::assert_eq;

/// A file not there yet, in a temporary folder of its own that is removed
/// with the value, on every exit path (a failing test's too).
struct Scratch {
    path: PathBuf,
    _folder: tempfile::TempDir,
}

fn scratch() -> Scratch {
    let folder = tempfile::Builder::new().prefix("queens-operation-").tempdir().expect("a temporary folder");
    Scratch { path: folder.path().join("checkpoint"), _folder: folder }
}

/// Every call a run makes to its [`Progress`], in order.
#[derive(Default)]
struct Told {
    tasks: Mutex<Vec<(u64, u64)>>,
    passes: Mutex<Vec<(usize, usize)>>,
}

impl Progress for Told {
    fn tasks(&self, done: u64, total: u64) {
        self.tasks.lock().unwrap().push((done, total));
    }

    fn pass(&self, number: usize, passes: usize) {
        self.passes.lock().unwrap().push((number, passes));
    }
}

/// The approaches that count in units, by what the registry declares.
fn in_units() -> impl Iterator<Item = &'static n_queens_count::Approach> {
    APPROACHES.iter().filter(|approach| approach.units.is_some())
}

/// A part, a checkpoint and a memory limit are planned for exactly the
/// approaches that count in units, and refused for the others, naming
/// what was asked; more than one thread for exactly those that use threads.
#[test]
fn what_a_plan_refuses_follows_the_registry() {
    let scratch = scratch();
    let path = &scratch.path;
    let half = Part::new(1, 2);
    for approach in APPROACHES {
        let name = Some(approach.name);
        let asks: [(UnitsOnly, Request); 3] = [
            (UnitsOnly::Part, Request { n: 8, approach: name, part: half, ..Request::default() }),
            (UnitsOnly::Checkpoint, Request { n: 8, approach: name, checkpoint: Some(path), ..Request::default() }),
            (
                UnitsOnly::MemoryLimit,
                Request { n: 8, approach: name, memory_limit: Some(1 << 30), ..Request::default() },
            ),
        ];
        for (asked, request) in asks {
            match (operation::plan(&request), approach.units.is_some()) {
                (Ok(_), true) => {}
                (Err(PlanError::UnitsOnly { asked: refused, .. }), false) => {
                    assert_eq!(refused, asked, "{}", approach.name);
                }
                (other, _) => panic!("{}, {asked:?}: {other:?}", approach.name),
            }
            let _ = std::fs::remove_file(path);
        }
        let threaded = operation::plan(&Request { n: 8, approach: name, threads: Some(2), ..Request::default() });
        match (threaded, approach.threads) {
            (Ok(_), true) => {}
            (Err(PlanError::Threads { threads: 2, .. }), false) => {}
            (other, _) => panic!("{}, 2 threads: {other:?}", approach.name),
        }
    }
    assert!(in_units().next().is_some(), "an approach counts in units");
}

/// Each approach's run counts every board (and every class, where it
/// counts them) as OEIS says; with no approach named, the fastest does.
#[test]
fn every_run_counts_as_oeis_says() {
    for n in [0, 1, 4, 9, 11] {
        for approach in APPROACHES {
            for unique in [false, true].into_iter().filter(|&unique| !unique || approach.counts_unique) {
                let request = Request { n, approach: Some(approach.name), unique, ..Request::default() };
                let counted = operation::plan(&request).unwrap().run(&Quiet).unwrap();
                let known = if unique { A002562[n as usize] } else { A000170[n as usize] };
                assert_eq!(counted, known, "{}, n = {n}, unique: {unique}", approach.name);
            }
        }
        for unique in [false, true] {
            let plan = operation::plan(&Request { n, unique, ..Request::default() }).unwrap();
            assert_eq!(plan.run(&Quiet).unwrap(), if unique { A002562[n as usize] } else { A000170[n as usize] });
        }
    }
}

/// A run tells its tasks from 0 to all of them, and each of its passes in
/// order, as many as its memory plan says: so that a bar can be drawn.
#[test]
fn a_run_tells_its_tasks_and_its_passes() {
    for approach in APPROACHES.iter().filter(|approach| approach.threads) {
        let told = Told::default();
        let request = Request { n: 12, approach: Some(approach.name), threads: Some(2), ..Request::default() };
        operation::plan(&request).unwrap().run(&told).unwrap();
        let tasks = told.tasks.into_inner().unwrap();
        let total =
            tasks.first().map(|&(_, total)| total).unwrap_or_else(|| panic!("{}: no tasks told", approach.name));
        assert_eq!(tasks[0], (0, total), "{}: 0 done first", approach.name);
        let mut done: Vec<u64> = tasks.iter().map(|&(done, _)| done).collect();
        done.sort_unstable();
        assert_eq!(done, (0..=total).collect::<Vec<_>>(), "{}: each task told once", approach.name);
    }
    // Limits that leave one pass and that cut the count into several.
    let mut several = false;
    for approach in in_units() {
        for memory_limit in [1 << 30, 24 << 20, 8 << 20, 4 << 20] {
            let request = Request {
                n: 16,
                approach: Some(approach.name),
                threads: Some(1),
                memory_limit: Some(memory_limit),
                ..Request::default()
            };
            let plan = operation::plan(&request).unwrap();
            let Some(Ok(memory)) = plan.memory(None) else { continue };
            let told = Told::default();
            assert_eq!(plan.run(&told).unwrap(), A000170[16]);
            let passes = told.passes.into_inner().unwrap();
            let expected: Vec<(usize, usize)> = (1..=memory.passes).map(|number| (number, memory.passes)).collect();
            assert_eq!(passes, expected, "{} within {memory_limit} bytes", approach.name);
            several |= memory.passes > 1;
        }
    }
    assert!(several, "a limit cuts the count into passes");
}

/// An observer that does not follow the tasks is never told them: the
/// count's threads then keep no tally of them.
#[test]
fn tasks_are_told_only_to_an_observer_that_follows_them() {
    struct Untold;
    impl Progress for Untold {
        fn tasks(&self, done: u64, total: u64) {
            panic!("told {done} of {total} tasks, which it does not follow");
        }

        fn follows_tasks(&self) -> bool {
            false
        }
    }
    for approach in APPROACHES.iter().filter(|approach| approach.threads) {
        let request = Request { n: 12, approach: Some(approach.name), threads: Some(2), ..Request::default() };
        assert_eq!(operation::plan(&request).unwrap().run(&Untold).unwrap(), A000170[12], "{}", approach.name);
    }
}

/// A run records each unit in its checkpoint file; a plan on the same file
/// holds them, and its run counts none again and gives the same count.
#[test]
fn a_checkpoint_is_recorded_and_resumed() {
    for approach in in_units() {
        let scratch = scratch();
        let path = &scratch.path;
        let request = Request { n: 13, approach: Some(approach.name), checkpoint: Some(path), ..Request::default() };
        let first = operation::plan(&request).unwrap();
        assert!(first.finished().is_empty(), "a new file holds nothing");
        assert_eq!(first.run(&Quiet).unwrap(), A000170[13]);
        drop(first);
        let again = operation::plan(&request).unwrap();
        assert!(!again.finished().is_empty(), "{}: the units recorded", approach.name);
        let told = Told::default();
        assert_eq!(again.run(&told).unwrap(), A000170[13]);
        let tasks = told.tasks.into_inner().unwrap();
        assert!(tasks.iter().all(|&(_, total)| total == 0), "{}: counted again: {tasks:?}", approach.name);
        drop(again);
    }
}

/// The parts of a count add up to it; a part's speed-up counts the parts.
#[test]
fn parts_add_up_to_the_count() {
    for approach in in_units() {
        for of in [1, 3] {
            let sum: u64 = (1..=of)
                .map(|index| {
                    let part = Part::new(index, of);
                    let request =
                        Request { n: 12, approach: Some(approach.name), threads: Some(1), part, ..Request::default() };
                    let plan = operation::plan(&request).unwrap();
                    assert_eq!(plan.speedup(), f64::from(of), "{}, part {index}/{of}", approach.name);
                    plan.run(&Quiet).unwrap()
                })
                .sum();
            assert_eq!(sum, A000170[12], "{}: {of} parts", approach.name);
        }
    }
}

/// A smaller count of a plan counts that n whole, on one thread; none is
/// larger than the plan's.
#[test]
fn a_smaller_count_counts_that_n() {
    let scratch = scratch();
    let path = &scratch.path;
    for approach in APPROACHES {
        let checkpoint = approach.units.is_some().then_some(path.as_path());
        let request = Request { n: 10, approach: Some(approach.name), checkpoint, ..Request::default() };
        let plan = operation::plan(&request).unwrap();
        for k in 0..=10 {
            let smaller = plan.smaller(k).unwrap();
            assert!(smaller.checkpoint().is_none() && smaller.speedup() == 1.0, "{}", approach.name);
            assert_eq!(smaller.run(&Quiet).unwrap(), A000170[k as usize], "{}, k = {k}", approach.name);
        }
        assert!(plan.smaller(11).is_none(), "{}", approach.name);
        drop(plan);
        let _ = std::fs::remove_file(path);
    }
}

/// A memory limit past the machine's memory is refused, and so is a name
/// no approach has; the refusals name the limit and the names.
#[test]
fn bad_requests_are_refused_with_what_was_wrong() {
    let approach = in_units().next().map(|approach| approach.name);
    let past = Request { n: 8, approach, memory_limit: Some(u64::MAX), ..Request::default() };
    match (operation::plan(&past), operation::machine_memory()) {
        (Err(PlanError::MoreThanMachine { asked: u64::MAX, machine }), Some(known)) => assert_eq!(machine, known),
        (Ok(_), None) => {}
        (other, machine) => panic!("{other:?}, with a machine of {machine:?} bytes"),
    }
    let unknown = operation::plan(&Request { n: 8, approach: Some("nope"), ..Request::default() }).unwrap_err();
    let message = unknown.to_string();
    assert!(message.contains("nope") && APPROACHES.iter().all(|approach| message.contains(approach.name)), "{message}");
    let default = operation::default_memory_limit();
    assert!(default > 0 && default <= n_queens_count::quarters::MEMORY_LIMIT, "{default}");
}
