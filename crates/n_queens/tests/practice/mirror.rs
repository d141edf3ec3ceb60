//! Exercise `mirror` of LeetCode 51, `exercises/mirror.rs`, against the shared
//! cases of the judge's range and the judge-paste test (see `cases.rs`).
//!
//! Built and run only when asked for by name, never by the normal test run:
//! `cargo run --release -- practice test 51 mirror`, which runs
//! `cargo test -p n_queens --test practice_mirror`.

#[clippy::msrv = "1.58"]
#[path = "../../exercises/mirror.rs"]
mod exercise;
#[macro_use]
mod cases;

exercise_tests!(mirror);
