//! `queens`: the N-Queens chain of approaches from the terminal. The
//! commands are the library's (`src/lib.rs`); this runs them.

fn main() -> std::process::ExitCode {
    // `queens practice` runs a learner's code through this same binary,
    // which shuts itself in first (docs/fence.md).
    n_queens_judge::fence::enter_if_asked();
    queens::run()
}
