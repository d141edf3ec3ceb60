//! The chain of approaches, declared once, in [`steps!`]: each step's name,
//! its number on the practice ladder, the problems that have it (with its
//! idea in each), the step it builds on, and whether it is judge-ready, an
//! exercise of the ladder and shown by `queens watch`.
//!
//! Every list that names the steps (the problem crates' modules and
//! `APPROACHES`, their tests and practice targets, the ladder, the view's
//! checkers) hands [`steps!`] a macro of its own, called back with the steps
//! it asked for, so that no list is kept by hand beside another. Adding a
//! step: `docs/adding-a-step.md`.
//!
//! Beside it, [`oeis`]: the known counts every crate checks against, kept
//! here, without dependencies.

#![no_std]

pub mod oeis;

/// Calls a macro with the chain's steps, in order: `steps!([filters] =>
/// callback)` expands to `callback! { step step ... }`.
///
/// The filters keep only some steps, each filter in turn: `51` or `52`, the
/// steps of that problem (their `problems` then hold that problem alone);
/// `exercise`, the exercises of the ladder; `watched`, the steps `queens
/// watch` shows. `[]` keeps them all.
///
/// Each step reaches the callback as
///
/// ```text
/// name "name" {
///     number: 4, builds_on: three_arrays, judge_ready: yes, exercise: yes, watched: yes,
///     problems: [51: "idea for 51", 52: "idea for 52"]
/// }
/// ```
///
/// with `number: none` past the judge's chain, `builds_on: none` for the
/// first step, `yes` or `no` for the three flags ([`flag!`]), and one
/// `problem: idea` pair per problem that has the step (`both: idea` in the
/// manifest). The name comes twice, as an identifier (modules, paths) and as
/// a string (attributes such as `#[cfg(exercise = "...")]` take no macro).
///
/// ```
/// macro_rules! names {
///     ($($name:ident $file:literal { $($fields:tt)* })*) => { [$($file),*] };
/// }
/// assert_eq!(n_queens_chain::steps!([51 watched] => names), ["board_scan", "column_abs", "three_arrays", "bitmask"]);
/// ```
#[macro_export]
macro_rules! steps {
    ([$($filter:tt)*] => $($callback:tt)+) => {
        $crate::steps! {@manifest @normalize [$($filter)*] [$($callback)+] []}
    };
    // The manifest: the chain, in order. `number` is the step's place on
    // the ladder, 1 to 4 for the judge's chain, `none` past it.
    (@manifest $($then:tt)*) => {
        $crate::steps! { $($then)*
            board_scan "board_scan" {
                number: 1, builds_on: none, judge_ready: yes, exercise: yes, watched: yes,
                problems: [both: "n×n board; scan the column and both diagonals above each square"]
            }
            column_abs "column_abs" {
                number: 2, builds_on: board_scan, judge_ready: yes, exercise: yes, watched: yes,
                problems: [both: "one column per row; attacked when same column or |Δrow| == |Δcol|"]
            }
            three_arrays "three_arrays" {
                number: 3, builds_on: column_abs, judge_ready: yes, exercise: yes, watched: yes,
                problems: [both: "flags for columns, \"\\\" diagonals and \"/\" anti-diagonals: O(1) check"]
            }
            bitmask "bitmask" {
                number: 4, builds_on: three_arrays, judge_ready: yes, exercise: yes, watched: yes,
                problems: [both: "three integer masks; visit only the free squares, lowest bit first"]
            }
            mirror "mirror" {
                number: none, builds_on: bitmask, judge_ready: yes, exercise: yes, watched: no,
                problems: [
                    51: "bitmask over the left half of the first row; each board also gives its mirror image",
                    52: "left-right mirror: row 0's queen in the left half, count doubled"
                ]
            }
            symmetry "symmetry" {
                number: none, builds_on: mirror, judge_ready: yes, exercise: no, watched: no,
                problems: [52: "all 8 symmetries: one canonical board per class, weighted 8, 4 or 2"]
            }
        }
    };
    // `both: idea` written out as one pair per problem.
    (@normalize $filters:tt $callback:tt [$($done:tt)*]
        $name:ident $file:literal { number: $number:tt, builds_on: $builds_on:ident, judge_ready: $judge_ready:ident, exercise: $exercise:ident, watched: $watched:ident, problems: [both: $idea:literal] } $($rest:tt)*) => {
        $crate::steps! {@normalize $filters $callback [$($done)*
            $name $file { number: $number, builds_on: $builds_on, judge_ready: $judge_ready, exercise: $exercise, watched: $watched, problems: [51: $idea, 52: $idea] }] $($rest)*}
    };
    (@normalize $filters:tt $callback:tt [$($done:tt)*] $name:ident $file:literal $fields:tt $($rest:tt)*) => {
        $crate::steps! {@normalize $filters $callback [$($done)* $name $file $fields] $($rest)*}
    };
    (@normalize $filters:tt $callback:tt [$($done:tt)*]) => {
        $crate::steps! {@filter $filters $callback [] $($done)*}
    };
    // Every filter applied: the callback, with the steps kept.
    (@filter [] [$($callback:tt)+] [] $($step:tt)*) => {
        $($callback)+! { $($step)* }
    };
    // One filter applied to every step: on to the next.
    (@filter [$filter:tt $($filters:tt)*] $callback:tt [$($kept:tt)*]) => {
        $crate::steps! {@filter [$($filters)*] $callback [] $($kept)*}
    };
    (@filter [51 $($filters:tt)*] $callback:tt [$($kept:tt)*] $name:ident $file:literal {
        number: $number:tt, builds_on: $builds_on:ident, judge_ready: $judge_ready:ident, exercise: $exercise:ident, watched: $watched:ident, problems: [51: $idea:literal $(, 52: $other:literal)?] } $($rest:tt)*) => {
        $crate::steps! {@filter [51 $($filters)*] $callback [$($kept)*
            $name $file { number: $number, builds_on: $builds_on, judge_ready: $judge_ready, exercise: $exercise, watched: $watched, problems: [51: $idea] }] $($rest)*}
    };
    (@filter [52 $($filters:tt)*] $callback:tt [$($kept:tt)*] $name:ident $file:literal {
        number: $number:tt, builds_on: $builds_on:ident, judge_ready: $judge_ready:ident, exercise: $exercise:ident, watched: $watched:ident, problems: [$(51: $other:literal,)? 52: $idea:literal] } $($rest:tt)*) => {
        $crate::steps! {@filter [52 $($filters)*] $callback [$($kept)*
            $name $file { number: $number, builds_on: $builds_on, judge_ready: $judge_ready, exercise: $exercise, watched: $watched, problems: [52: $idea] }] $($rest)*}
    };
    (@filter [exercise $($filters:tt)*] $callback:tt [$($kept:tt)*] $name:ident $file:literal {
        number: $number:tt, builds_on: $builds_on:ident, judge_ready: $judge_ready:ident, exercise: yes,
        $($fields:tt)* } $($rest:tt)*) => {
        $crate::steps! {@filter [exercise $($filters)*] $callback [$($kept)* $name $file {
            number: $number, builds_on: $builds_on, judge_ready: $judge_ready, exercise: yes, $($fields)* }] $($rest)*}
    };
    (@filter [watched $($filters:tt)*] $callback:tt [$($kept:tt)*] $name:ident $file:literal {
        number: $number:tt, builds_on: $builds_on:ident, judge_ready: $judge_ready:ident, exercise: $exercise:ident,
        watched: yes, problems: $problems:tt } $($rest:tt)*) => {
        $crate::steps! {@filter [watched $($filters)*] $callback [$($kept)* $name $file {
            number: $number, builds_on: $builds_on, judge_ready: $judge_ready, exercise: $exercise,
            watched: yes, problems: $problems }] $($rest)*}
    };
    // A step the filter does not keep.
    (@filter $filters:tt $callback:tt $kept:tt $name:ident $file:literal $fields:tt $($rest:tt)*) => {
        $crate::steps! {@filter $filters $callback $kept $($rest)*}
    };
}

/// A flag of a step as a `bool`: `yes` is `true`, `no` is `false`.
#[macro_export]
#[rustfmt::skip]
macro_rules! flag {
    (yes) => { true };
    (no) => { false };
}

/// A step's number as an `Option<u8>`: `none` past the judge's chain.
#[macro_export]
#[rustfmt::skip]
macro_rules! number {
    (none) => { None };
    ($number:literal) => { Some($number) };
}

/// What a step builds on, by name, as an `Option<&str>`: `none` for the first.
#[macro_export]
#[rustfmt::skip]
macro_rules! builds_on {
    (none) => { None };
    ($step:ident) => { Some(stringify!($step)) };
}

#[cfg(test)]
mod tests {
    /// Each step: its two spellings of its name, and what it builds on.
    macro_rules! names {
        ($($name:ident $file:literal { number: $number:tt, builds_on: $builds_on:ident, $($field:tt)* })*) => {
            [$((stringify!($name), $file, builds_on!($builds_on))),*]
        };
    }

    /// The two spellings of each name agree, and each step builds on one before it.
    #[test]
    fn names_agree_and_each_step_builds_on_an_earlier_one() {
        let steps: &[(&str, &str, Option<&str>)] = &steps!([] => names);
        for (index, (name, file, builds_on)) in steps.iter().enumerate() {
            assert_eq!(name, file);
            assert!(builds_on.is_none_or(|base| steps[..index].iter().any(|(name, ..)| *name == base)), "{name}");
        }
        assert_eq!(steps[0].2, None, "the first step builds on none");
    }
}
