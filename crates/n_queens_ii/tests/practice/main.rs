//! The practice ladder's test target: the shared cases (`cases.rs`) against
//! one exercise of LeetCode 52, chosen when the target is built.
//!
//! `cargo run --release -- practice test 52 bitmask` builds it with
//! `--cfg exercise="bitmask"`: only the learner's file
//! `crates/n_queens_ii/exercises/bitmask.rs` is compiled, so an exercise that does
//! not build yet never blocks another. Built without that flag (CI, clippy),
//! it holds every starting text of `crates/n_queens_facts/exercises/52/` instead:
//! a change to the cases that an exercise cannot meet fails the build. Those
//! are `todo!()`s, so this target is `test = false`: never run unasked.

#[macro_use]
mod cases;

#[cfg(exercise = "board_scan")]
exercise_tests!(board_scan, "../../exercises/board_scan.rs");
#[cfg(exercise = "column_abs")]
exercise_tests!(column_abs, "../../exercises/column_abs.rs");
#[cfg(exercise = "three_arrays")]
exercise_tests!(three_arrays, "../../exercises/three_arrays.rs");
#[cfg(exercise = "bitmask")]
exercise_tests!(bitmask, "../../exercises/bitmask.rs");
#[cfg(exercise = "mirror")]
exercise_tests!(mirror, "../../exercises/mirror.rs");

// `.` keeps the paths of the exercises relative to this directory.
#[cfg(not(any(
    exercise = "board_scan",
    exercise = "column_abs",
    exercise = "three_arrays",
    exercise = "bitmask",
    exercise = "mirror"
)))]
#[path = "."]
mod starting_texts {
    exercise_tests!(board_scan, "../../../n_queens_facts/exercises/52/board_scan.rs");
    exercise_tests!(column_abs, "../../../n_queens_facts/exercises/52/column_abs.rs");
    exercise_tests!(three_arrays, "../../../n_queens_facts/exercises/52/three_arrays.rs");
    exercise_tests!(bitmask, "../../../n_queens_facts/exercises/52/bitmask.rs");
    exercise_tests!(mirror, "../../../n_queens_facts/exercises/52/mirror.rs");
}
