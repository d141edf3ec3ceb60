//! The manifest holds together: the two spellings of each name agree, each
//! step builds on one before it that has its problems, and the filters keep
//! what they say. (Here, not in the crate: a crate cannot call its own
//! exported macros by path from within another of its macros.)

use n_queens_chain::{builds_on, field, flag, steps};

/// Each step: its two spellings of its name, what it builds on, its
/// problems, and whether it is judge-ready.
macro_rules! steps_read {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        [$((
            stringify!($name),
            $file,
            field!(builds_on, builds_on!(), $($field)*),
            field!(problems, problems!(), $($field)*),
            field!(judge_ready, flag!(), $($field)*),
        )),*]
    };
}

/// The problems of a step, as their numbers.
macro_rules! problems {
    ([$($problem:tt: $idea:literal),*]) => { &[$(stringify!($problem)),*] as &[&str] };
}

/// The names of the steps kept.
macro_rules! names {
    ($($name:ident $file:literal { $($field:tt)* })*) => { [$($file),*] };
}

/// The manifest, for messages.
const MANIFEST: &str = "crates/n_queens_chain/src/lib.rs";

type Read = (&'static str, &'static str, Option<&'static str>, &'static [&'static str], bool);

#[test]
fn names_agree_and_each_step_builds_on_an_earlier_one_of_its_problems() {
    let steps: &[Read] = &steps!([] => steps_read);
    for (index, (name, file, builds_on, problems, _)) in steps.iter().enumerate() {
        assert_eq!(name, file, "{MANIFEST}: the two spellings of a step's name differ");
        let Some(base) = builds_on else { continue };
        let earlier = steps[..index].iter().find(|(name, ..)| name == base);
        let Some((_, _, _, base_problems, _)) = earlier else {
            panic!("{MANIFEST}: {name} builds on {base}, not a step before it: declare {name} after {base}")
        };
        for problem in *problems {
            assert!(
                base_problems.contains(problem),
                "{MANIFEST}: {name} is a step of {problem}; {base}, which it builds on, is not: build it on one that is"
            );
        }
    }
    assert_eq!(steps[0].2, None, "{MANIFEST}: the first step builds on none");
}

#[test]
fn the_judge_ready_filter_keeps_the_judge_ready_steps() {
    let steps: &[Read] = &steps!([] => steps_read);
    let judge_ready: Vec<&str> = steps.iter().filter(|step| step.4).map(|step| step.1).collect();
    assert_eq!(steps!([judge_ready] => names).to_vec(), judge_ready);
    let judge_ready_52: Vec<&str> =
        steps.iter().filter(|step| step.4 && step.3.contains(&"52")).map(|step| step.1).collect();
    assert_eq!(steps!([52 judge_ready] => names).to_vec(), judge_ready_52, "two filters, one after the other");
}

/// Each approach past the judge: its two spellings of its name and its
/// problem.
macro_rules! past_read {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        [$((stringify!($name), $file, field!(problems, problem!(), $($field)*))),*]
    };
}

/// The one problem of an approach past the judge, as its number.
macro_rules! problem {
    ([$problem:tt: $idea:literal]) => {
        stringify!($problem)
    };
}

#[test]
fn past_the_judge_names_agree_are_no_steps_and_each_problem_keeps_its_own() {
    let past: &[(&str, &str, &str)] = &steps!(beyond [] => past_read);
    let chain = steps!([] => names);
    for (name, file, _) in past {
        assert_eq!(name, file, "{MANIFEST}: the two spellings of an approach's name differ");
        assert!(!chain.contains(file), "{MANIFEST}: {file} is a step of the chain and past the judge: keep one");
    }
    for (problem, kept) in [("51", &steps!(beyond [51] => names)[..]), ("52", &steps!(beyond [52] => names)[..])] {
        let expected: Vec<&str> =
            past.iter().filter(|approach| approach.2 == problem).map(|approach| approach.1).collect();
        assert_eq!(kept.to_vec(), expected, "past the judge, the approaches of {problem}");
    }
}
