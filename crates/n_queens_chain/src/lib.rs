//! The chain of approaches, declared once, in [`steps!`]: each step's name,
//! its number on the practice ladder, the problems that have it (with its
//! idea in each), the step it builds on, and whether it is judge-ready, an
//! exercise of the ladder and shown by `queens watch`; then the approaches
//! past the judge (`steps!(beyond ...)`), each with its problem and idea.
//!
//! Every list that names the steps (the problem crates' modules and
//! `APPROACHES`, their tests, the judge-paste tests, the ladder, the view's
//! checkers), and every list of the approaches past the judge (LeetCode
//! 51's `EXTRAS`, the counters of `n_queens_count`, the docs' tables), hands
//! [`steps!`] a macro of its own, called back with the steps it asked for,
//! so that no list is kept by hand beside another. Adding a step:
//! `docs/adding-a-step.md`.
//!
//! Beside it, [`oeis`]: the known counts every crate checks against, kept
//! here, without dependencies.

#![no_std]

pub mod oeis;

/// Calls a macro with the chain's steps, in order: `steps!([filters] =>
/// callback)` expands to `callback! { step step ... }`; `steps!(beyond
/// [filters] => callback)` to `callback! { approach approach ... }`, the
/// approaches past the judge.
///
/// The filters keep only some steps, each filter in turn: `51` or `52`, the
/// steps of that problem (their `problems` then hold that problem alone);
/// `judge_ready`, the steps whose files paste into the judge; `exercise`,
/// the exercises of the ladder; `watched`, the steps `queens watch` shows.
/// `[]` keeps them all. Past the judge, only `51` and `52`.
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
/// first step, `yes` or `no` for the three flags, and one `problem: idea`
/// pair per problem that has the step (`both: idea` in the manifest). The
/// name comes twice, as an identifier (modules, paths) and as a string
/// (attributes such as `#[path = ...]` take no macro). A callback takes the
/// fields as `{ $($field:tt)* }` and reads each it needs by name, with
/// [`field!`], so that a new field touches no callback.
///
/// An approach past the judge has a signature of its own, so it is no step:
/// not judge-ready, no exercise, not watched. It reaches the callback as
/// `name "name" { problems: [52: "idea"] }`, its one problem and its idea.
///
/// A callback may carry tokens of its own, `callback!(tokens)`: they come
/// first, before the steps (a list made of both lists calls the second
/// with the first as its tokens).
///
/// ```
/// macro_rules! names {
///     ($($name:ident $file:literal { $($field:tt)* })*) => { [$($file),*] };
/// }
/// // The steps of LeetCode 51 that `queens watch` shows: some of 51's steps, in their order.
/// let (watched, steps_51) = (n_queens_chain::steps!([51 watched] => names), n_queens_chain::steps!([51] => names));
/// let mut rest = steps_51.iter();
/// assert!(watched.iter().all(|name| rest.any(|step| step == name)), "{watched:?} among {steps_51:?}");
/// assert_eq!(watched[0], steps_51[0]);
/// // The approaches past the judge are no steps of the chain.
/// let (chain, past) = (n_queens_chain::steps!([] => names), n_queens_chain::steps!(beyond [] => names));
/// assert!(past.iter().all(|name| !chain.contains(name)), "{past:?} beside {chain:?}");
/// ```
#[macro_export]
macro_rules! steps {
    ([$($filter:tt)*] => $($callback:tt)+) => {
        $crate::steps! {@manifest chain [$($filter)*] [$($callback)+]}
    };
    (beyond [$($filter:tt)*] => $($callback:tt)+) => {
        $crate::steps! {@manifest beyond [$($filter)*] [$($callback)+]}
    };
    // The manifest: the chain, in order, then the approaches past the
    // judge. `number` is the step's place on the ladder, 1 to 4 for the
    // judge's chain, `none` past it.
    (@manifest $list:tt $filters:tt $callback:tt) => {
        $crate::steps! {@list $list $filters $callback [
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
        ] [
            // Past the judge: signatures of their own, one problem each.
            parallel "parallel" { problems: [52: "the symmetry search cut into tasks, on every core"] }
            quarters "quarters" { problems: [52: "quarter boards' diagonal patterns joined in bulk, on every core"] }
            construct "construct" {
                problems: [51: "one board for any n without search, O(n), from the explicit construction by n mod 6"]
            }
            streaming "streaming" {
                problems: [51: "every board lazily: construct's board and its symmetric images, \
                    then bitmask with an explicit stack, O(n) memory"]
            }
            unique "unique" {
                problems: [51: "one board per class under the 8 rotations and reflections, the smallest of its class"]
            }
        ]}
    };
    (@list chain $filters:tt $callback:tt [$($step:tt)*] $beyond:tt) => {
        $crate::steps! {@normalize $filters $callback [] $($step)*}
    };
    (@list beyond $filters:tt $callback:tt $chain:tt [$($approach:tt)*]) => {
        $crate::steps! {@beyond $filters $callback [] $($approach)*}
    };
    // The callback, with its own tokens first if it has some.
    (@call [$($callback:ident)::+ !($($tokens:tt)*)] $($step:tt)*) => {
        $($callback)::+! { $($tokens)* $($step)* }
    };
    (@call [$($callback:tt)+] $($step:tt)*) => {
        $($callback)+! { $($step)* }
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
    (@filter [] $callback:tt [] $($step:tt)*) => {
        $crate::steps! {@call $callback $($step)*}
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
    (@filter [judge_ready $($filters:tt)*] $callback:tt [$($kept:tt)*] $name:ident $file:literal {
        number: $number:tt, builds_on: $builds_on:ident, judge_ready: yes, $($fields:tt)* } $($rest:tt)*) => {
        $crate::steps! {@filter [judge_ready $($filters)*] $callback [$($kept)* $name $file {
            number: $number, builds_on: $builds_on, judge_ready: yes, $($fields)* }] $($rest)*}
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
    // Past the judge, the same with `51` and `52` only: every filter
    // applied, one applied, an approach kept, one left out.
    (@beyond [] $callback:tt [] $($approach:tt)*) => {
        $crate::steps! {@call $callback $($approach)*}
    };
    (@beyond [$filter:tt $($filters:tt)*] $callback:tt [$($kept:tt)*]) => {
        $crate::steps! {@beyond [$($filters)*] $callback [] $($kept)*}
    };
    (@beyond [$problem:tt $($filters:tt)*] $callback:tt [$($kept:tt)*]
        $name:ident $file:literal { problems: [$has:tt: $idea:literal] } $($rest:tt)*) => {
        $crate::steps! {@beyond_if $problem $has [$problem $($filters)*] $callback [$($kept)*]
            [$name $file { problems: [$has: $idea] }] $($rest)*}
    };
    (@beyond_if 51 51 $filters:tt $callback:tt [$($kept:tt)*] [$($approach:tt)*] $($rest:tt)*) => {
        $crate::steps! {@beyond $filters $callback [$($kept)* $($approach)*] $($rest)*}
    };
    (@beyond_if 52 52 $filters:tt $callback:tt [$($kept:tt)*] [$($approach:tt)*] $($rest:tt)*) => {
        $crate::steps! {@beyond $filters $callback [$($kept)* $($approach)*] $($rest)*}
    };
    (@beyond_if $problem:tt $has:tt $filters:tt $callback:tt $kept:tt $approach:tt $($rest:tt)*) => {
        $crate::steps! {@beyond $filters $callback $kept $($rest)*}
    };
}

/// Reads the field `NAME` of a step's fields (as a callback of [`steps!`]
/// gets them) and hands its value to a macro: `field!(NAME, then!(ARGS),
/// FIELDS)` expands to `then!(ARGS VALUE)`. With [`flag!`], [`number!`],
/// [`builds_on!`] and [`idea!`] it gives the value as an expression:
///
/// ```
/// macro_rules! numbers {
///     ($($name:ident $file:literal { $($field:tt)* })*) => {
///         [$(n_queens_chain::field!(number, n_queens_chain::number!(), $($field)*)),*]
///     };
/// }
/// // The judge's chain numbered 1, 2, 3, ... in order; every step after it `None`.
/// let numbers = n_queens_chain::steps!([51] => numbers);
/// let numbered = numbers.iter().take_while(|number| number.is_some()).count();
/// assert!(numbers[..numbered].iter().zip(1..).all(|(number, place)| *number == Some(place)), "{numbers:?}");
/// assert!(numbers[numbered..].iter().all(Option::is_none), "{numbers:?}");
/// ```
#[macro_export]
#[rustfmt::skip]
macro_rules! field {
    // The field asked for: its value, to the macro.
    (number, $($then:ident)::+!($($args:tt)*), number: $value:tt $($rest:tt)*) => { $($then)::+!($($args)* $value) };
    (builds_on, $($then:ident)::+!($($args:tt)*), builds_on: $value:tt $($rest:tt)*) => { $($then)::+!($($args)* $value) };
    (judge_ready, $($then:ident)::+!($($args:tt)*), judge_ready: $value:tt $($rest:tt)*) => { $($then)::+!($($args)* $value) };
    (exercise, $($then:ident)::+!($($args:tt)*), exercise: $value:tt $($rest:tt)*) => { $($then)::+!($($args)* $value) };
    (watched, $($then:ident)::+!($($args:tt)*), watched: $value:tt $($rest:tt)*) => { $($then)::+!($($args)* $value) };
    (problems, $($then:ident)::+!($($args:tt)*), problems: $value:tt $($rest:tt)*) => { $($then)::+!($($args)* $value) };
    // Another field first: passed over.
    ($wanted:ident, $($then:ident)::+!($($args:tt)*), $other:ident: $value:tt $(, $($rest:tt)*)?) => {
        $crate::field!($wanted, $($then)::+!($($args)*), $($($rest)*)?)
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

/// The idea of a step that one problem has: from its `problems` once a
/// filter (`51` or `52`) has kept that problem alone.
#[macro_export]
#[rustfmt::skip]
macro_rules! idea {
    ([$problem:tt: $idea:literal]) => { $idea };
}
