//! The judge's Rust 1.58: a paste that this workspace's newer compiler
//! builds may still need more. Clippy's `incompatible_msrv` lint names a std
//! item newer than that (`abs_diff`, 1.60); clippy has no lint for syntax,
//! so the tokens are read for `let ... else` (1.65,
//! [`crate::reading::let_else`]). Other newer syntax is not caught, as
//! `docs/try-it-yourself.md` says.

use std::ffi::OsStr;

use crate::program::line_and_column;
use crate::runner::{Refused, Runner};

/// The Rust of the judge.
pub const JUDGE_RUST: &str = "1.58";

/// Checks `program`, already compiled by `runner` as `name.rs` in its
/// folder with `rustc --edition <edition>`, for what the judge's Rust
/// lacks; `place` names a line of `program` as the learner knows it. The
/// error names every item found, with its Rust version and place, in one
/// line. Clippy runs inside the compiler's fence, as rustc does.
pub fn newer_than_the_judge(
    runner: &Runner,
    program: &str,
    edition: &str,
    name: &str,
    place: &dyn Fn(usize) -> String,
) -> Result<(), String> {
    let mut newer: Vec<String> = crate::reading::let_else(program)
        .iter()
        .map(|name| format!("`let ... else` is Rust 1.65 (in `{name}`)"))
        .collect();
    // The std items newer than the judge's Rust, by clippy's `incompatible_msrv`.
    let let_else = newer.len();
    let clippy = &runner.toolchain().clippy_driver;
    let metadata = format!("{name}.rmeta");
    let source = format!("{name}.rs");
    let args =
        ["--edition", edition, "--crate-name", "judge", "--crate-type", "bin", "--emit=metadata", "-o", &metadata];
    let args = [&args[..], &["-A", "clippy::all", "-D", "clippy::incompatible_msrv", &source]].concat();
    let args: Vec<&OsStr> = args.into_iter().map(OsStr::new).collect();
    // Clippy takes the minimum version from cargo's variable for it.
    let checked = runner.run_compiler(clippy, &args, &[("CARGO_PKG_RUST_VERSION", JUDGE_RUST)], &mut |_| {});
    let checked = checked.map_err(|refused| match refused {
        Refused::Failed(error) => format!(
            "the check for Rust {JUDGE_RUST} needs clippy (`rustup component add clippy`): {}: {error}",
            clippy.display()
        ),
        other => format!("the check for Rust {JUDGE_RUST} failed: {}", other.limit().unwrap_or_default()),
    })?;
    let stderr = String::from_utf8_lossy(&checked.output.stderr);
    let lines: Vec<&str> = program.lines().collect();
    let mut stderr_lines = stderr.lines();
    while let Some(line) = stderr_lines.next() {
        let Some(since) = line.strip_prefix("error: current MSRV").and_then(|rest| rest.split_once("stable since `"))
        else {
            continue;
        };
        let version = since.1.trim_end_matches('`');
        let version = version.strip_suffix(".0").unwrap_or(version);
        let at = stderr_lines.by_ref().find_map(|line| line.trim_start().strip_prefix("--> "));
        let Some((line, column)) = at.and_then(line_and_column) else { continue };
        let text = lines.get(line - 1).copied().unwrap_or_default();
        let item: String =
            text.chars().skip(column - 1).take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        newer.push(format!("`{item}` is Rust {version} ({}:{column})", place(line)));
    }
    if newer.len() == let_else && !checked.output.status.success() {
        let first = stderr.lines().find(|line| line.starts_with("error")).unwrap_or("no message");
        return Err(format!("the check for Rust {JUDGE_RUST} failed: {first}"));
    }
    if newer.is_empty() {
        return Ok(());
    }
    Err(format!("needs a newer Rust than the judge's {JUDGE_RUST}: {}", newer.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std_items_and_let_else_newer_than_the_judge_are_named() {
        let runner = Runner::trusted().unwrap();
        let program = "fn main() {\n    let Some(n) = std::env::args().nth(5) else { return };\n    \
                       let d = 3u32.abs_diff(n.len() as u32);\n    \
                       println!(\"{}\", Some(d).is_some_and(|d| d > 1));\n}\n";
        std::fs::write(runner.folder().join("newer.rs"), program).unwrap();
        let place = |line: usize| format!("x.rs:{line}");
        let newer = newer_than_the_judge(&runner, program, "2021", "newer", &place).unwrap_err();
        assert!(
            newer.starts_with("needs a newer Rust than the judge's 1.58: `let ... else` is Rust 1.65 (in `main`)"),
            "{newer}"
        );
        assert!(newer.contains("`abs_diff` is Rust 1.60 (x.rs:3:18)"), "{newer}");
        assert!(newer.contains("`is_some_and` is Rust 1.70 (x.rs:4:28)"), "{newer}");
        let old = "fn main() {\n    let d = (3i64 - 5).unsigned_abs();\n    println!(\"{}\", d);\n}\n";
        std::fs::write(runner.folder().join("old.rs"), old).unwrap();
        assert_eq!(newer_than_the_judge(&runner, old, "2018", "old", &place), Ok(()));
    }
}
