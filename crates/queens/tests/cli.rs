//! End-to-end: the built `queens` binary, run as a user runs it, for every
//! subcommand and every error path; what needs no process of its own (an
//! answer alone, a refusal's words) calls the library instead, through
//! `queens::run_command`. Expected values come from the shared
//! cases (OEIS tables, the boards data, the independent validator, the
//! judge-paste harness), never from the binary itself.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use n_queens_cases::validate::check_columns;
use n_queens_cases::{expected_boards, expected_count, oeis};
use n_queens_judge::Problem;
use n_queens_judge::deadline::call_with_deadline;
use n_queens_judge::judge::{HARNESS_NS, answers, expected_answers};
use pretty_assertions::assert_eq as assert_same;
use run::{
    DEADLINE, parse_columns, part_line, practice_workspace, queens, queens_within_deadline, refused, scratch, stdout_of,
};

mod run;

/// The first line `queens` writes to stdout, read while it keeps running,
/// within the [`DEADLINE`] (the workspace's deadline runner); then it is
/// killed.
fn first_line_while_running(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the queens binary runs");
    let stdout = child.stdout.take().unwrap();
    let too_slow = || format!("queens {args:?} wrote no line within {DEADLINE:?}");
    let line = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        call_with_deadline("first line", DEADLINE, too_slow, move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            line
        })
    }));
    child.kill().unwrap();
    child.wait().unwrap();
    line.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// The width everything the command prints by default fits in.
const WIDTH: usize = 80;

/// How the command is run right after the README's set-up.
const RUN: &str = "cargo run --release --";

/// The widest line of `text`, in characters (each of the command's
/// characters, `µ`, `×` and the box drawing included, takes one column).
fn widest(text: &str) -> usize {
    text.lines().map(|line| line.chars().count()).max().unwrap_or(0)
}

/// Runs the command `args` name in this process, through the library
/// (`queens::run_command`), and checks it succeeded; returns its answer.
fn answer_of(args: &[&str]) -> String {
    let mut out = Vec::new();
    if let Err(failure) = queens::run_command(args, &mut out) {
        panic!("queens {args:?} failed: {failure:?}");
    }
    String::from_utf8(out).expect("UTF-8 output")
}

/// Runs the command `args` name in this process, as [`answer_of`] does,
/// and checks it refused the arguments with a message that names
/// `mentions`; returns the message.
fn usage_of(args: &[&str], mentions: &[&str]) -> String {
    let message = match queens::run_command(args, &mut Vec::new()) {
        Err(queens::common::Failure::Usage(message)) => message,
        other => panic!("queens {args:?}: not refused: {other:?}"),
    };
    for word in mentions {
        assert!(message.contains(word), "queens {args:?}: {message:?} does not mention {word:?}");
    }
    message
}

/// Boards written in `--format rows`: blank lines between boards.
fn parse_rows(text: &str) -> Vec<Vec<String>> {
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.lines().map(String::from).collect())
        .collect()
}

mod tour {
    use super::*;

    /// Every approach of both problems, LeetCode 51's first.
    fn approach_names() -> Vec<&'static str> {
        n_queens::APPROACHES.iter().map(|a| a.name).chain(n_queens_count::APPROACHES.iter().map(|a| a.name)).collect()
    }

    #[test]
    fn no_arguments_is_the_tour_of_12() {
        let out = stdout_of(&[]);
        let tour_12 = stdout_of(&["tour", "12"]);
        assert_same!(out.lines().next(), tour_12.lines().next(), "the same tour");
        assert!(!out.contains("too small to compare"), "n = 12 is timed without a caveat:\n{out}");
        let known = expected_count(12).unwrap().to_string();
        for approach in approach_names() {
            let line =
                out.lines().find(|line| line.starts_with(approach)).unwrap_or_else(|| panic!("no {approach} line"));
            assert!(line.contains(&known), "{line}");
            assert!(!line.contains('!'), "an answer differs from OEIS: {line}");
        }
        assert!(out.contains("+-------------------------+"), "a 12×12 board is drawn:\n{out}");
        assert!(widest(&out) <= WIDTH, "{} columns:\n{out}", widest(&out));
        assert!(out.lines().count() <= 40, "fits on one screen");
    }

    #[test]
    fn refuses_sizes_it_cannot_time() {
        refused(&["tour", "13"], &["n <= 12", &format!("{RUN} count 13"), "compare"]);
        assert_same!(stdout_of(&["count", "13"]), format!("{}\n", oeis::A000170[13]));
    }

    /// The tour suggests `count N` only where `count` takes that n: n = 25
    /// needs more memory than the fastest counter plans for on small
    /// machines. Whether it takes it is asked of the count's plan, as the
    /// count asks before it counts: run, it would count for years, and a
    /// refusal near the limit takes long to plan, so no deadline could tell
    /// the two apart on a busy machine.
    #[test]
    fn suggests_count_only_where_it_counts() {
        use n_queens_count::operation::{self, Request};
        let message = refused(&["tour", "25"], &["n <= 12", "compare"]);
        let plan = operation::plan(&Request { n: 25, ..Request::default() }).expect("n = 25 is in range");
        let counts = plan.memory(None).is_none_or(|memory| memory.is_ok());
        assert_same!(message.contains("count 25"), counts, "{message}");
    }

    /// Below n = 12 the tour says its times are too small to compare; every
    /// cell of the table ends in the column where its heading ends, the "-"
    /// of an approach a problem lacks included; the board drawn is a
    /// solution; the tour fits 80 columns. "Where next" names commands that
    /// work right after the README's set-up, the practice ladder and the
    /// docs' index; none of them a bare `queens`, which is not on the PATH.
    #[test]
    fn a_small_tour_is_a_table_a_board_and_where_next() {
        let out = stdout_of(&["tour", "6"]);
        let (_, next) = out.split_once("Where next").expect("a Where next");
        for named in ["list", "practice list", "paste 52 bitmask", "diff 52 bitmask"] {
            assert!(next.contains(&format!("{RUN} {named}")), "{named}:\n{next}");
        }
        assert!(next.contains("docs/README.md"), "{next}");
        assert!(!out.lines().any(|line| line.trim_start().starts_with("queens ")), "a bare queens:\n{out}");
        assert!(!out.contains("(queens "), "a bare queens:\n{out}");
        assert!(out.lines().nth(2).unwrap().contains("too small to compare"), "{out}");
        assert!(widest(&out) <= WIDTH, "{} columns:\n{out}", widest(&out));
        let rows: Vec<String> =
            out.lines().filter(|line| line.starts_with("| ")).map(|line| line.replace(['|', ' '], "")).collect();
        assert_same!(rows.len(), 6);
        n_queens_cases::validate::check_board(6, &rows).unwrap();
        let header = out.lines().find(|line| line.starts_with("approach")).expect("a header");
        let heading_ends: Vec<usize> = cells(header).into_iter().map(|(_, end)| end).collect();
        let names = approach_names();
        let rows: Vec<&str> =
            out.lines().filter(|line| names.iter().any(|name| line.starts_with(&format!("{name} ")))).collect();
        assert!(
            rows.iter().any(|row| row.contains(" - ") || row.ends_with(" -")),
            "a problem without the approach:\n{out}"
        );
        for row in rows {
            for (cell, end) in &cells(row)[1..] {
                assert!(
                    heading_ends.contains(end),
                    "{cell:?} ends in column {end}, under no heading:\n{header}\n{row}"
                );
            }
        }
    }

    /// The cells of a table line, split at runs of two spaces or more, each
    /// with the column after its last character.
    fn cells(line: &str) -> Vec<(String, usize)> {
        let chars: Vec<char> = line.chars().collect();
        let mut cells = Vec::new();
        let mut start = None;
        for index in 0..=chars.len() {
            let gap = index == chars.len() || (chars[index] == ' ' && chars.get(index + 1).is_none_or(|&c| c == ' '));
            match (start, gap) {
                (None, false) if chars[index] != ' ' => start = Some(index),
                (Some(from), true) => {
                    cells.push((chars[from..index].iter().collect(), index));
                    start = None;
                }
                _ => {}
            }
        }
        cells
    }

    /// One board, not "1 boards"; and a tour of n = 1 draws it.
    #[test]
    fn one_board_is_singular() {
        let out = stdout_of(&["tour", "1"]);
        assert!(out.lines().next().unwrap().contains(": 1 board (OEIS"), "{out}");
        assert!(!out.contains("1 boards"), "{out}");
    }
}

mod boards {
    use super::*;

    #[test]
    fn every_approach_gives_exactly_the_judge_boards() {
        let names = n_queens::APPROACHES.iter().map(|a| a.name).chain(["streaming"]);
        for name in names {
            let out = answer_of(&["boards", "6", "--format", "rows", "--approach", name]);
            let boards = parse_rows(&out);
            assert_same!(n_queens_cases::sorted(boards.clone()), expected_boards(6).unwrap(), "{name}");
            // Nothing else: each board's rows, then a blank line.
            assert_same!(out, boards.iter().map(|board| board.join("\n") + "\n\n").collect::<String>());
        }
    }

    #[test]
    fn construct_gives_one_board_of_a_million_queens() {
        let out = stdout_of(&["boards", "1000000", "--approach", "construct", "--format", "columns"]);
        let boards = parse_columns(&out);
        assert_same!(boards.len(), 1);
        assert_same!(boards[0].len(), 1_000_000);
        check_columns(&boards[0]).unwrap();
    }

    #[test]
    fn unique_gives_one_board_per_class() {
        for approach in ["streaming", "bitmask"] {
            let out = answer_of(&["boards", "8", "--unique", "--format", "columns", "--approach", approach]);
            let boards = parse_columns(&out);
            assert_same!(boards.len() as u64, oeis::A002562[8], "{approach}");
            boards.iter().for_each(|board| check_columns(board).unwrap());
        }
    }

    #[test]
    fn board_format_draws_a_grid() {
        let out = answer_of(&["boards", "4", "--limit", "1", "--ascii"]);
        assert_same!(out, "+---------+\n| . Q . . |\n| . . . Q |\n| Q . . . |\n| . . Q . |\n+---------+\n\n");
        let unicode =
            Command::new(env!("CARGO_BIN_EXE_queens")).args(["boards", "1"]).env("LC_ALL", "C.UTF-8").output().unwrap();
        assert_same!(String::from_utf8(unicode.stdout).unwrap(), "┌───┐\n│ ♛ │\n└───┘\n\n");
    }

    #[test]
    fn no_board_for_three() {
        let output = queens(&["boards", "3"]);
        assert!(output.status.success());
        assert!(output.stdout.is_empty());
        assert!(String::from_utf8_lossy(&output.stderr).contains("no solution"));
    }

    #[test]
    fn a_closed_pipe_ends_quietly() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(["boards", "30", "--format", "columns"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap(); // then drop: closes the pipe
        let output = child.wait_with_output().unwrap();
        check_columns(&parse_columns(&first)[0]).unwrap();
        assert!(output.status.success());
        assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    }

    #[test]
    fn refuses_wrong_arguments() {
        refused(&["boards", "eight"], &["whole number"]);
        refused(&["boards", "-3"], &["0 or more"]);
        refused(&["boards", "8", "--limit", "0"], &["--limit", "1 or more", "leave it out"]);
        refused(&["boards", "8", "--limit", "-1"], &["--limit", "whole number"]);
        refused(&["boards", "8", "--limit", "18446744073709551616"], &["--limit", "too large"]);
        refused(&["boards", "8", "--approach", "nope"], &["nope", "board_scan", "bitmask", "construct"]);
        // The command stops at 14; the function itself answers 15, as the README says.
        refused(&["boards", "15", "--approach", "bitmask"], &["n <= 14", "answers n <= 15"]);
        refused(&["boards", "8", "--limit", "-x"], &["--limit", "whole number", "-x"]);
        refused(&["boards", "65", "--format", "columns"], &["n <= 64"]);
        refused(&["boards", "1001", "--format", "rows", "--approach", "construct"], &["--format rows", "1000"]);
        refused(&["boards", "100000001", "--format", "columns", "--approach", "construct"], &["100000000"]);
        refused(&["boards", "8", "--format", "grid"], &["grid"]);
        refused(&["boards", "8", "--approach", "construct", "--unique"], &["construct", "one per class"]);
    }

    /// Past the grid's 64 columns the message names a source and a format
    /// that do write that n, and that command works.
    #[test]
    fn past_the_grid_the_message_points_to_what_works() {
        let further = n_queens::BoardSource::all().find(|source| source.max_n() >= 65).unwrap().name();
        let message = refused(&["boards", "65"], &["--format board", "64", further, "--format columns"]);
        let suggested = message.split(&format!("{RUN} ")).last().unwrap();
        let args: Vec<&str> = suggested.split_whitespace().collect();
        let boards = parse_columns(&stdout_of(&args));
        assert_same!(boards[0].len(), 65);
        check_columns(&boards[0]).unwrap();
    }

    /// `--limit K` returns once the K-th board is written, without asking
    /// the stream for one more: for these n the next board is a long search
    /// away.
    #[test]
    fn a_limit_returns_as_soon_as_the_last_board_is_written() {
        for n in [41, 43, 47, 49, 53, 55, 59, 61, 64] {
            let output = queens_within_deadline(&["boards", &n.to_string(), "--limit", "1", "--format", "columns"]);
            assert!(output.status.success(), "n = {n}: {}", String::from_utf8_lossy(&output.stderr));
            let boards = parse_columns(&String::from_utf8(output.stdout).unwrap());
            assert_same!((boards.len(), boards[0].len()), (1, n), "n = {n}");
            check_columns(&boards[0]).unwrap();
        }
    }

    /// Each board is written out as it is found, not when the output buffer
    /// fills: the first board of n = 47 arrives while the search goes on.
    #[test]
    fn each_board_reaches_the_reader_as_it_is_found() {
        let first = first_line_while_running(&["boards", "47", "--format", "columns"]);
        let board = &parse_columns(&first)[0];
        assert_same!(board.len(), 47);
        check_columns(board).unwrap();
    }

    /// `--unique` with a small limit answers at once for large n too, with
    /// boards of different classes, each the smallest of its class.
    #[test]
    fn unique_answers_at_once_for_large_n() {
        for args in [
            &["boards", "40", "--unique", "--limit", "2"][..],
            &["boards", "40", "--approach", "unique", "--limit", "2"],
        ] {
            let args = [args, &["--format", "columns"]].concat();
            let output = queens_within_deadline(&args);
            assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
            let boards = parse_columns(&String::from_utf8(output.stdout).unwrap());
            assert_same!(boards.len(), 2, "{args:?}");
            let classes: Vec<Vec<n_queens::Board>> = boards
                .iter()
                .map(|columns| {
                    check_columns(columns).unwrap();
                    let board = n_queens::Board::new(columns.iter().map(|&col| col as u32).collect());
                    n_queens::unique::class_of(&board)
                })
                .collect();
            assert!(classes[0] != classes[1], "{args:?}: two boards of one class");
            for (columns, class) in boards.iter().zip(&classes) {
                assert_same!(class[0].columns().iter().map(|&col| col as usize).collect::<Vec<_>>(), *columns);
            }
        }
    }

    /// Counts and class sizes are for a person at a terminal: a script
    /// reading stdout and stderr gets the boards alone.
    #[test]
    fn without_a_terminal_no_counts() {
        for args in [&["boards", "8", "--limit", "2"][..], &["boards", "8", "--unique"]] {
            let output = queens(args);
            assert!(output.status.success(), "{args:?}");
            assert_same!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
        }
    }

    /// A leading `+` is taken for every number, as for n.
    #[test]
    fn a_plus_sign_is_taken() {
        let boards = parse_columns(&stdout_of(&["boards", "+8", "--limit", "+3", "--format", "columns"]));
        assert_same!(boards.len(), 3);
        assert_same!(stdout_of(&["count", "+8", "--threads", "+2"]), "92\n");
    }

    /// A name with control characters reaches the terminal escaped.
    #[test]
    fn control_characters_are_escaped() {
        for subcommand in ["boards", "count"] {
            let message = refused(&[subcommand, "8", "--approach", "bit\u{1b}[2Jmask\u{7}"], &["\\u{1b}[2Jmask\\u{7}"]);
            assert!(!message.chars().any(char::is_control), "{message:?}");
        }
    }

    /// The help says how far each source goes, as this command writes it.
    #[test]
    fn the_help_says_every_range() {
        let help = stdout_of(&["boards", "--help"]);
        // As one line: clap wraps the help to the terminal.
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(!help.contains("any n"), "{help}");
        assert!(help.contains("construct: one board, without search, n <= 100,000,000"), "{help}");
        // Where a second board (or class) is a long search away.
        assert!(help.contains("n = 43, 47, 49, 53, 55, 59 and 61"), "{help}");
    }
}

mod count {
    use super::*;

    #[test]
    fn every_approach_counts_against_oeis() {
        for approach in n_queens_count::APPROACHES {
            for n in [0, 1, 3, 9, 11] {
                let out = stdout_of(&["count", &n.to_string(), "--approach", approach.name, "--threads", "1"]);
                assert_same!(out, format!("{}\n", expected_count(n).unwrap()), "{} n = {n}", approach.name);
            }
        }
    }

    /// Past the judge's n, in 64 bits; and one board per class.
    #[test]
    fn the_default_counts_against_oeis() {
        assert_same!(stdout_of(&["count", "15", "--threads", "2"]), format!("{}\n", oeis::A000170[15]));
        assert_same!(stdout_of(&["count", "10", "--unique"]), format!("{}\n", oeis::A002562[10]));
    }

    /// A thread count is user input: where the system refuses threads, the
    /// count goes on with the threads it has, down to the calling one. Here
    /// every thread is refused without starving the process: each asks for
    /// a terabyte of stack (`RUST_MIN_STACK`) under a gigabyte of address
    /// space (`ulimit -v`).
    #[test]
    #[cfg(target_os = "linux")]
    fn threads_the_system_refuses_are_no_error() {
        for approach in n_queens_count::APPROACHES.iter().filter(|approach| approach.threads) {
            let output = Command::new("sh")
                .args(["-c", "ulimit -v 1000000 && exec \"$0\" \"$@\""])
                .arg(env!("CARGO_BIN_EXE_queens"))
                .args(["count", "12", "--approach", approach.name, "--threads", "100000"])
                .env("RUST_MIN_STACK", "1000000000000")
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_same!(output.status.code(), Some(0), "{}: {stderr}", approach.name);
            assert_same!(String::from_utf8(output.stdout).unwrap(), format!("{}\n", oeis::A000170[12]));
            assert!(stderr.is_empty(), "{}: {stderr}", approach.name);
        }
    }

    #[test]
    fn refuses_wrong_arguments() {
        refused(&["count", "x"], &["whole number"]);
        refused(&["count", "-1"], &["0 or more"]);
        refused(&["count", "99999999999"], &["too large"]);
        refused(&["count", "8", "--approach", "fastest"], &["fastest", "board_scan", "bitmask"]);
        refused(&["count", "19", "--approach", "bitmask"], &["19", "bitmask", "18"]);
        refused(&["count", "33"], &["33", "32"]);
        refused(&["count", "8", "--approach", "bitmask", "--unique"], &["bitmask", "unique"]);
        refused(&["count", "8", "--threads", "many"], &["--threads", "whole number", "many"]);
        refused(&["count", "8", "--threads", "-1"], &["--threads", "whole number"]);
        refused(&["count", "8", "--threads", "-inf"], &["--threads", "whole number", "-inf"]);
    }

    /// `--threads` where the approach counts on one thread is refused, with
    /// the approaches that use threads; one thread suits every approach, and
    /// 0, which means "left out", too.
    #[test]
    fn threads_are_refused_where_they_do_nothing() {
        let threaded: Vec<&str> = n_queens_count::APPROACHES.iter().filter(|a| a.threads).map(|a| a.name).collect();
        for approach in n_queens_count::APPROACHES.iter().filter(|approach| !approach.threads) {
            refused(
                &["count", "8", "--approach", approach.name, "--threads", "4"],
                &[&[approach.name][..], &threaded].concat(),
            );
            for threads in ["0", "1"] {
                assert_same!(stdout_of(&["count", "8", "--approach", approach.name, "--threads", threads]), "92\n");
            }
        }
    }

    /// Without a terminal, a count, a long one too, writes nothing but its
    /// answer, a plain number: no estimate, no progress, no announcement.
    #[test]
    fn a_script_gets_the_count_alone() {
        let first = n_queens_count::APPROACHES[0].name; // the slowest, the first step
        for (args, n) in [(&["count", "8"][..], 8), (&["count", "12", "--approach", first], 12)] {
            let output = queens(args);
            assert!(output.status.success());
            assert_same!(String::from_utf8(output.stdout).unwrap(), format!("{}\n", oeis::A000170[n]));
            assert_same!(String::from_utf8(output.stderr).unwrap(), "");
        }
    }

    /// A failed write of the answer is an error, said on stderr: a count,
    /// the help and the version, and a practice exercise's "not started"
    /// (in a scratch workspace: no test touches a learner's files).
    #[test]
    #[cfg(target_os = "linux")]
    fn a_failed_write_is_an_error() {
        let workspace = practice_workspace("failed-write");
        let parts = scratch("parts");
        std::fs::write(&parts, part_line("n=8 part=1/1 count=92")).unwrap();
        let asked: [&[&str]; 16] = [
            &["count", "8"],
            &["count", "8", "--part", "1/2"],
            &["count", "9", "--plan"],
            &["--help"],
            &["--version"],
            &["count", "--help"],
            &["practice", "test", "52", "bitmask"],
            &["practice", "list"],
            &["tour", "6"],
            &["boards", "6"],
            &["compare", "--max-n", "9"],
            &["paste", "52", "bitmask"],
            &["list"],
            &["sum", parts.to_str().unwrap()],
            &["watch", "4", "--trace", "--limit", "3"],
            &[],
        ];
        for args in asked {
            let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
            let mut command = Command::new(env!("CARGO_BIN_EXE_queens"));
            let output = command.args(args).current_dir(&workspace).stdout(full).output().unwrap();
            assert_same!(output.status.code(), Some(1), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.starts_with("error: writing the output"), "{args:?}: {stderr}");
            assert_same!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        }
        std::fs::remove_file(&parts).unwrap();
        std::fs::remove_dir_all(&workspace).unwrap();
    }

    /// A stdout closed before the start (`>&-`) reaches the command as
    /// /dev/null opened read-write: Rust's runtime opens it so before
    /// `main`. Python's `subprocess.DEVNULL` and Node's `'ignore'` hand over
    /// the same, to discard the output, so it is taken as that: the answer
    /// is written, and nothing fails.
    #[test]
    #[cfg(target_os = "linux")]
    fn stdout_discarded_read_write_is_no_error() {
        for args in [&["count", "8"][..], &["list"], &["boards", "6", "--limit", "1"]] {
            let null = std::fs::OpenOptions::new().read(true).write(true).open("/dev/null").unwrap();
            let output = Command::new(env!("CARGO_BIN_EXE_queens")).args(args).stdout(null).output().unwrap();
            assert_same!(output.status.code(), Some(0), "{args:?}: {output:?}");
            let closed = Command::new("sh")
                .args(["-c", "exec \"$0\" \"$@\" >&-"])
                .arg(env!("CARGO_BIN_EXE_queens"))
                .args(args)
                .output()
                .unwrap();
            assert_same!(closed.status.code(), output.status.code(), "{args:?}: {closed:?}");
        }
    }
}

mod compare {
    use super::*;

    #[test]
    fn times_every_approach_and_ends() {
        let out = stdout_of(&["compare", "--max-n", "8", "--budget", "0.05", "--wide"]);
        let header = out.lines().find(|line| line.trim_start().starts_with("n ")).expect("a header");
        let above = out.lines().take_while(|line| !line.trim_start().starts_with("n ")).last().unwrap();
        for approach in n_queens_count::APPROACHES {
            let (first, second) = approach.name.split_once('_').map_or(("", approach.name), |(a, b)| (a, b));
            assert!(header.contains(second) && above.contains(first), "{above}\n{header}");
        }
        assert!(out.lines().any(|line| line.trim_start().starts_with("8 ")), "{out}");
        assert!(out.contains("1.00×"), "bitmask against itself:\n{out}");
    }

    /// By default the table fits 80 columns, for either problem, and the
    /// budget reads as a duration; a leading `+` is taken, as for n.
    #[test]
    fn fits_80_columns() {
        for problem in ["51", "52"] {
            let out = stdout_of(&["compare", "--problem", problem, "--max-n", "+7", "--budget", "+0.001"]);
            assert!(widest(&out) <= WIDTH, "{} columns:\n{out}", widest(&out));
            assert!(!out.contains('×'), "times only, without --wide:\n{out}");
            assert!(out.contains("1.00 ms"), "the budget as a duration:\n{out}");
        }
    }

    #[test]
    fn markdown_is_a_table() {
        let out = stdout_of(&["compare", "--problem", "51", "--max-n", "7", "--budget", "0.05", "--markdown"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_same!(lines.len(), 4, "header, rule, n = 6 and 7:\n{out}");
        assert!(lines.iter().all(|line| line.starts_with('|') && line.ends_with('|')));
        let columns = n_queens::APPROACHES.len() + 1;
        assert!(lines.iter().all(|line| line.matches('|').count() == columns + 1), "{out}");
    }

    #[test]
    fn refuses_wrong_arguments() {
        refused(&["compare", "--problem", "50"], &["50"]);
        refused(&["compare", "--budget", "0"], &["--budget"]);
        refused(&["compare", "--budget", "soon"], &["--budget"]);
        refused(&["compare", "--budget", "1e-300"], &["--budget", "0.001", "3600"]);
        refused(&["compare", "--budget", "1e300"], &["--budget"]);
        refused(&["compare", "--budget", "-1"], &["--budget", "0.001", "3600"]);
        refused(&["compare", "--max-n", "3"], &["--max-n", "6"]);
        // Not taken for an option: a value, and refused as one.
        let message = refused(&["compare", "--budget", "-inf"], &["--budget", "0.001", "3600", "-inf"]);
        assert!(!message.contains("unexpected argument"), "{message}");
    }
}

mod paste {
    use super::*;

    /// What `queens paste` prints compiles in the judge-paste harness and
    /// answers every harness case.
    #[test]
    fn bitmask_52_compiles_as_the_judge_builds_it() {
        let pasted = answer_of(&["paste", "52", "bitmask"]);
        let given = answers(Problem::NQueensII, &pasted, "2021", "paste_52_bitmask", &HARNESS_NS).unwrap();
        assert_same!(given, expected_answers(Problem::NQueensII, &HARNESS_NS));
    }

    #[test]
    fn prints_exactly_the_judge_text() {
        for approach in n_queens::APPROACHES.iter().filter(|a| a.judge_ready) {
            let text = n_queens_judge::judge_text(approach.source).unwrap();
            assert_same!(answer_of(&["paste", "51", approach.name]), format!("{text}\n"));
        }
        for approach in n_queens_count::APPROACHES.iter().filter(|a| a.judge_ready) {
            let text = n_queens_judge::judge_text(approach.source).unwrap();
            assert_same!(answer_of(&["paste", "52", approach.name]), format!("{text}\n"));
        }
    }

    #[test]
    fn refuses_what_is_not_judge_ready() {
        for approach in n_queens_count::APPROACHES.iter().filter(|a| !a.judge_ready) {
            usage_of(&["paste", "52", approach.name], &[approach.name, "not judge-ready"]);
        }
        for extra in n_queens::EXTRAS {
            usage_of(&["paste", "51", extra.name], &[extra.name, "not judge-ready"]);
        }
        refused(&["paste", "52", "nope"], &["nope", "bitmask"]);
        refused(&["paste", "53", "bitmask"], &["53"]);
    }

    /// A name of the other problem's approaches says which problem has it.
    #[test]
    fn names_the_problem_that_has_the_approach() {
        usage_of(&["paste", "51", "symmetry"], &["symmetry", "LeetCode 52", &format!("{RUN} paste 52 symmetry")]);
        usage_of(&["paste", "52", "construct"], &["construct", "LeetCode 51", "not judge-ready"]);
    }
}

#[test]
fn list_names_every_approach_in_order() {
    let out = stdout_of(&["list"]);
    assert!(widest(&out) <= WIDTH, "{} columns:\n{out}", widest(&out));
    let (part_51, part_52) = out.split_once("LeetCode 52").expect("both problems");
    let positions = |part: &str, names: Vec<&str>| {
        names.iter().map(|name| part.find(&format!(" {name} ")).unwrap()).collect::<Vec<_>>()
    };
    let in_51 = positions(part_51, n_queens::APPROACHES.iter().map(|a| a.name).collect());
    let in_52 = positions(part_52, n_queens_count::APPROACHES.iter().map(|a| a.name).collect());
    assert!(in_51.is_sorted() && in_52.is_sorted(), "chain order:\n{out}");
    // Each entry's number is the manifest's, and none past the judge's chain.
    for (part, names) in [
        (part_51, n_queens::APPROACHES.iter().map(|a| a.name).collect::<Vec<_>>()),
        (part_52, n_queens_count::APPROACHES.iter().map(|a| a.name).collect()),
    ] {
        for name in names {
            let line = part.lines().find(|line| line.contains(&format!(" {name} "))).unwrap();
            let number = n_queens_steps::chain::step(name).and_then(|step| step.number);
            let shown = line.split_whitespace().next().unwrap();
            assert_same!(shown.strip_suffix('.').and_then(|number| number.parse().ok()), number, "{line}");
        }
    }
    let lines: Vec<&str> = part_52.lines().collect();
    for approach in n_queens_count::APPROACHES {
        let at = lines.iter().position(|line| line.contains(&format!(" {} ", approach.name))).unwrap();
        let ready = if approach.judge_ready { " judge-ready" } else { "not judge-ready" };
        assert!(lines[at].contains(ready), "{}", lines[at]);
        assert!(lines[at].contains(&format!("n <= {}", approach.max_n)), "{}", lines[at]);
        assert_eq!(lines[at].contains("as memory allows"), approach.units.is_some(), "{}", lines[at]);
        // The idea, on the lines below, indented.
        let idea: Vec<&str> =
            lines[at + 1..].iter().take_while(|line| line.starts_with("        ")).map(|line| line.trim()).collect();
        assert_same!(idea.join(" "), approach.idea);
    }
}

/// A message on stderr when stderr is a closed pipe (`queens boards 3
/// 2>&1 >/dev/null | true`) is lost, but nothing panics or aborts: the exit
/// code is the one the command would give.
#[test]
fn a_closed_stderr_never_aborts() {
    let cases: [(&[&str], i32); 5] = [
        (&["boards", "3"], 0),
        (&["boards", "-3"], 2),
        (&["boards", "eight"], 2),
        (&["count", "8", "--approach", "nope"], 2),
        (&["paste", "52", "nope"], 2),
    ];
    for (args, code) in cases {
        // A pipe whose reading end is closed before queens starts: the
        // stdin of a process that has already exited without reading it.
        let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
        let closed_pipe = reader.stdin.take().unwrap();
        reader.wait().unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(closed_pipe))
            .output()
            .unwrap();
        assert_same!(output.status.code(), Some(code), "queens {args:?}: {:?}", output.status);
    }
}

/// Every help, short (`-h`) and long (`--help`), fits 80 columns: clap
/// wraps it (to the terminal's width, at most 80).
#[test]
fn every_help_fits_80_columns() {
    let commands = ["", "tour", "boards", "count", "compare", "paste", "diff", "list", "practice"].map(String::from);
    let practice = ["list", "test", "hint", "reset"].map(|subcommand| format!("practice {subcommand}"));
    for command in commands.iter().chain(&practice) {
        for flag in ["-h", "--help"] {
            let help = stdout_of(&command.split_whitespace().chain([flag]).collect::<Vec<_>>());
            assert!(widest(&help) <= WIDTH, "queens {command} {flag}: {} columns\n{help}", widest(&help));
        }
    }
}

/// The help names commands that work right after the README's set-up, the
/// practice ladder and the docs' index, never a bare `queens`.
#[test]
fn help_and_version_exit_zero() {
    let help = stdout_of(&["--help"]);
    assert!(help.contains(&format!("{RUN} paste 52 bitmask")) && help.contains("docs/README.md"), "{help}");
    assert!(help.contains("practice"), "{help}");
    assert!(!help.lines().any(|line| line.trim_start().starts_with("queens ")), "a bare queens:\n{help}");
    assert!(stdout_of(&["--version"]).starts_with("queens "));
    refused(&["frobnicate"], &["frobnicate"]);
}

mod practice {
    use super::*;

    #[test]
    // A hint shown is recorded in the workspace, so the hints themselves are
    // tested in the practice tests' scratch copy; refusals record nothing.
    fn a_hint_out_of_range_is_refused() {
        refused(&["practice", "hint", "51", "three_arrays", "9"], &["hint"]);
        refused(&["practice", "hint", "51", "three_arrays", "-1"], &["hint", "whole number"]);
        let exercises: Vec<&str> = n_queens_steps::chain::ladder().map(|step| step.name).collect();
        let exercises = exercises.join(", ");
        refused(&["practice", "test", "52", "nope"], &["nope", "no step", &exercises]);
        // A step of the chain that is no exercise (the chain's first such) is refused with why.
        if let Some(step) = n_queens_steps::chain::STEPS.iter().find(|step| step.exercises.is_empty()) {
            let problem = step.problems[0].number();
            refused(&["practice", "test", problem, step.name], &[step.name, "no exercise", &exercises]);
        }
    }
}

/// `queens watch` takes only the steps the chain's registry marks as
/// watched, and lists them when it refuses another (the first step of the
/// chain that the view does not show).
#[test]
fn watch_refuses_a_step_it_does_not_show() {
    let watched: Vec<&str> = n_queens_steps::chain::watched().map(|step| step.name).collect();
    let shown = format!("the steps it shows: {}", watched.join(", "));
    let step = n_queens_steps::chain::STEPS.iter().find(|step| step.check_unit.is_none()).expect("a step not shown");
    refused(
        &["watch", "4", "--trace", "--approach", step.name],
        &[&format!("{} is a step of the chain that queens watch does not show", step.name), &shown],
    );
    refused(&["watch", "4", "--trace", "--approach", "nope"], &["there is no step \"nope\"", &shown]);
    let help = stdout_of(&["watch", "--help"]);
    assert!(help.contains("bitmask") && help.contains("4: three integer masks"), "{help}");
}
