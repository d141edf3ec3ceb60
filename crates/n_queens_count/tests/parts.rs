//! Parts and checkpoints of `quarters::count_job`, against OEIS A000170:
//! the parts of a count add up to it, and recorded units are not counted
//! again.

use std::collections::BTreeMap;
use std::sync::Mutex;

use n_queens_cases::oeis::A000170;
use n_queens_count::counting::{CountError, Options};
use n_queens_count::quarters::{self, Job, Part, Unit};
use pretty_assertions::assert_eq;
use rstest::rstest;

fn part(n: u32, index: u32, of: u32, threads: usize) -> u64 {
    let job = Job {
        options: Options { threads, progress: None },
        part: Part::new(index, of).expect("a part"),
        ..Job::default()
    };
    quarters::count_job(n, &job).unwrap_or_else(|error| panic!("n = {n}, part {index}/{of}: {error}"))
}

/// The parts `1..=M` add up to the count, for every M, on one or two
/// threads; for n < 4 part 1 holds it all.
#[rstest]
fn the_parts_add_up_to_the_count(#[values(1, 2, 3, 7, 64)] of: u32) {
    for n in (0..=3).chain(8..=16) {
        let threads = 1 + n as usize % 2;
        let parts: Vec<u64> = (1..=of).map(|index| part(n, index, of, threads)).collect();
        assert_eq!(parts.iter().sum::<u64>(), A000170[n as usize], "n = {n}, {of} parts: {parts:?}");
        if of > 1 && n >= 12 {
            assert!(parts.iter().filter(|&&count| count > 0).count() > 1, "n = {n}: {parts:?}");
        }
    }
}

/// The units a count records, fed back as finished, are not counted again,
/// and the count comes out the same; so do half of them.
#[rstest]
fn recorded_units_are_not_counted_again(#[values(12, 13)] n: u32, #[values(1, 2)] threads: usize) {
    let recorded = Mutex::new(BTreeMap::new());
    let record = |unit: Unit, count: u64| assert!(recorded.lock().unwrap().insert(unit, count).is_none());
    let job = Job { options: Options { threads, progress: None }, record: Some(&record), ..Job::default() };
    assert_eq!(quarters::count_job(n, &job), Ok(A000170[n as usize]));
    let all = recorded.into_inner().unwrap();
    assert!(all.len() > 10, "{} units", all.len());
    let half: BTreeMap<Unit, u64> = all.iter().step_by(2).map(|(&unit, &count)| (unit, count)).collect();
    for finished in [&all, &half] {
        let again = Mutex::new(Vec::new());
        let record = |unit: Unit, _: u64| again.lock().unwrap().push(unit);
        let job =
            Job { options: Options { threads, progress: None }, finished, record: Some(&record), ..Job::default() };
        assert_eq!(quarters::count_job(n, &job), Ok(A000170[n as usize]));
        let again = again.into_inner().unwrap();
        assert_eq!(again.len(), all.len() - finished.len());
        assert!(again.iter().all(|unit| !finished.contains_key(unit)));
    }
}

/// The memory limit is the job's: refused below the tables' size, naming it.
#[test]
fn the_memory_limit_is_the_jobs() {
    let job = Job { memory_limit: 1 << 20, ..Job::default() };
    match quarters::count_job(16, &job) {
        Err(CountError::MemoryLimit { n: 16, needed, limit, .. }) => assert!(limit == 1 << 20 && needed > limit),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(quarters::count_job(12, &job), Ok(A000170[12]));
}
