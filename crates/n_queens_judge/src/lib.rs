//! Code compiled and run as an online judge does: a learner's answer, and
//! the workspace's own approach files, each in a program of its own that
//! only hands back its answers, which are judged here against the shared
//! cases.
//!
//! - [`check`]: a learner's exercise, end to end: the cases, the learner's
//!   own tests ([`own_tests`]), the judge-paste check and the judge's Rust
//!   ([`msrv`]). `queens practice` is its user.
//! - [`judge`]: an approach file of the workspace, pasted as a user pastes
//!   it; `tests/judge_paste.rs` pastes every judge-ready file.
//! - Below them: [`program`] (the program around a paste, and the plain
//!   data of its answers), [`reading`] (a learner's text read without
//!   trusting it: what is refused, what is shown), [`runner`] (compiling
//!   and running, bounded), [`session`] (a program asked case by case),
//!   [`fence`] (the layers around a learner's code:
//!   limits, Landlock, no privilege, namespaces, a system-call allowlist),
//!   [`folder`] (a check's own temporary folder) and [`toolchain`].
//! - [`deadline`]: time limits for the tests, and [`caught!`], the child
//!   process test of a deliberate mistake (`tests/mistakes.rs`).

pub mod check;
pub mod deadline;
pub mod fence;
pub mod folder;
pub mod judge;
pub mod msrv;
pub mod own_tests;
pub mod program;
pub mod reading;
pub mod runner;
pub mod session;
pub mod toolchain;

pub use n_queens_steps::Problem;
pub use n_queens_steps::judge::{SOLUTION_LINE, exercise_text, judge_text};

/// The judge's own range, its constraint `1 <= n <= 9`: all a judge-accepted
/// answer is known to handle (it may panic or search without end at n <= 0).
pub const JUDGE_NS: [i32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
