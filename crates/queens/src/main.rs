//! `queens`: the N-Queens chain of approaches from the terminal. The
//! commands are the library's (`src/lib.rs`); this runs them.

fn main() -> std::process::ExitCode {
    queens::run()
}
