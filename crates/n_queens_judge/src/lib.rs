//! The N-Queens test material that compiles and runs code the way the judge
//! does, kept apart from the shared cases (`n_queens_cases`) so that a
//! first `cargo test -p n_queens_ii` builds none of it.
//!
//! - [`judge`]: a paste compiled and run as the judge would ([`msrv`] holds
//!   it to the judge's Rust 1.58; [`own_tests`] runs a learner's own tests
//!   the same way); `tests/judge_paste.rs` pastes every judge-ready file.
//! - [`practice`]: the harness of the practice ladder's test targets.
//! - [`deadline`]: time limits for code that may never end, and [`caught!`],
//!   the child-process test of a deliberate mistake (`tests/mistakes.rs`).

pub mod deadline;
pub mod judge;
pub mod msrv;
pub mod own_tests;
pub mod practice;
