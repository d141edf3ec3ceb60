//! Exercise `three_arrays` of LeetCode 51, `exercises/three_arrays.rs`, against the shared
//! cases of the judge's range and the judge-paste test (see `cases.rs`).
//!
//! Built and run only when asked for by name, never by the normal test run:
//! `cargo run --release -- practice test 51 three_arrays`, which runs
//! `cargo test -p n_queens --test practice_three_arrays`.

#[clippy::msrv = "1.58"]
#[path = "../../exercises/three_arrays.rs"]
mod exercise;
#[macro_use]
mod cases;

exercise_tests!(three_arrays);
