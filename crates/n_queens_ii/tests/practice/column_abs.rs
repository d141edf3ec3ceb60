//! Exercise `column_abs` of LeetCode 52, `exercises/column_abs.rs`, against the shared
//! cases of the judge's range and the judge-paste test (see `cases.rs`).
//!
//! Built and run only when asked for by name, never by the normal test run:
//! `cargo run --release -- practice test 52 column_abs`, which runs
//! `cargo test -p n_queens_ii --test practice_column_abs`.

#[clippy::msrv = "1.58"]
#[path = "../../exercises/column_abs.rs"]
mod exercise;
#[macro_use]
mod cases;

exercise_tests!(column_abs);
