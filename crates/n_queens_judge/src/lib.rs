//! The N-Queens test material that compiles and runs code the way the judge
//! does, kept apart from the shared cases (`n_queens_cases`) so that a
//! first `cargo test -p n_queens_ii` builds none of it.
//!
//! - [`judge`]: cuts an approach file down to what a user pastes into the
//!   judge (the cut is `n_queens_facts`'s, shared with `queens paste`), and
//!   compiles and runs it the way the judge would; [`msrv`] holds a
//!   learner's paste to the judge's Rust 1.58; [`own_tests`] runs the tests
//!   a learner writes in an exercise the same way. This crate's
//!   `tests/judge_paste.rs` pastes every judge-ready approach file.
//! - [`practice`]: the harness of the practice ladder's test targets
//!   (`tests/practice_51/`, `tests/practice_52/`), which prints one JSON
//!   line per case for `queens practice`.
//! - [`deadline`]: time limits for calls and programs that may never end
//!   (a learner's exercise, a deliberate mistake), and [`caught!`], the
//!   child-process test that the shared cases catch a deliberate mistake
//!   (this crate's `tests/mistakes.rs`).

pub mod deadline;
pub mod judge;
pub mod msrv;
pub mod own_tests;
pub mod practice;
