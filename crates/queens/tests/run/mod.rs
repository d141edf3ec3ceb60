//! Running the built `queens` binary as the end-to-end tests run it.

use std::process::{Command, Output, Stdio};

/// Runs `queens` with `args`, stdin closed and stdout and stderr captured
/// (so neither is a terminal), in the ASCII locale.
pub fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .expect("the queens binary runs")
}
