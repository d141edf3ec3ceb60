//! End-to-end: `queens watch --trace`, through the built binary, held
//! against the steps' own code, each other, counts made here another way,
//! and docs/common-mistakes.md. The pictures: watch_pictures.rs; the
//! terminal: watch_terminal.rs.

use n_queens_cases::expected_count;
use n_queens_cases::validate::check_columns;
use n_queens_steps::mistakes::{MISTAKES, Signature};
use run::{queens, refused_with};

mod run;

/// Each watched step's name, its boards (LeetCode 51) or its count (52).
macro_rules! watched {
    ($($name:ident $file:literal { $($field:tt)* })*) => { [$($file),*] };
}
macro_rules! boards {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        |step: &str, n| match step {
            $($file => n_queens::$name::Solution::solve_n_queens(n),)*
            _ => panic!("{step} is not a watched step of LeetCode 51"),
        }
    };
}
macro_rules! count {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        |step: &str, n| match step {
            $($file => n_queens_ii::$name::Solution::total_n_queens(n),)*
            _ => panic!("{step} is not a watched step of LeetCode 52"),
        }
    };
}

const STEPS: &[&str] = &n_queens_chain::steps!([watched] => watched);

/// A finished trace, read back.
struct Trace {
    lines: Vec<String>,
    /// The `place` and `back` lines, in order.
    moves: Vec<String>,
    /// Each solution's columns.
    solutions: Vec<Vec<usize>>,
    /// The `end` line's numbers, by name.
    end: Vec<(String, u64)>,
}

impl Trace {
    fn of(n: usize, args: &[&str]) -> Trace {
        let n_text = n.to_string();
        let all = [&["watch", &n_text, "--trace"][..], args].concat();
        let output = queens(&all);
        assert!(output.status.success(), "{all:?}: {}", String::from_utf8_lossy(&output.stderr));
        let lines: Vec<String> = String::from_utf8(output.stdout).expect("UTF-8").lines().map(String::from).collect();
        let moves =
            lines.iter().filter(|line| line.starts_with("place ") || line.starts_with("back ")).cloned().collect();
        let solutions = lines
            .iter()
            .filter_map(|line| line.strip_prefix("solution"))
            .map(|columns| columns.split_whitespace().map(|col| col.parse().expect("a column")).collect())
            .collect();
        let end_line = lines.last().and_then(|line| line.strip_prefix("end ")).expect("an end line").to_string();
        let words: Vec<&str> = end_line.split_whitespace().collect();
        let end = words.chunks(2).map(|pair| (pair[0].to_string(), pair[1].parse().expect("a number"))).collect();
        Trace { lines, moves, solutions, end }
    }

    fn end(&self, name: &str) -> u64 {
        self.end.iter().find(|(key, _)| key == name).map(|(_, value)| *value).expect("the counter")
    }

    fn count(&self, prefix: &str) -> usize {
        self.lines.iter().filter(|line| line.starts_with(prefix)).count()
    }
}

/// The number of boards, from OEIS A000170.
fn a000170(n: usize) -> u64 {
    expected_count(n as i32).expect("known up to n = 27")
}

#[test]
fn every_step_is_the_steps_own_search() {
    // Each step's boards (LeetCode 51) and count (52), from its own code.
    let boards = n_queens_chain::steps!([watched 51] => boards);
    let count = n_queens_chain::steps!([watched 52] => count);
    // The judge's strings of a board given by its columns.
    let draw = |columns: &Vec<usize>| -> Vec<String> {
        columns.iter().map(|&col| (0..columns.len()).map(|c| if c == col { 'Q' } else { '.' }).collect()).collect()
    };
    for n in 1..=8 {
        let traces: Vec<Trace> = STEPS.iter().map(|step| Trace::of(n, &["--approach", step])).collect();
        for (step, trace) in STEPS.iter().zip(&traces) {
            let drawn: Vec<Vec<String>> = trace.solutions.iter().map(draw).collect();
            assert_eq!(drawn, boards(step, n as i32), "{step} n = {n}: the same boards in the same order");
            assert_eq!(trace.solutions.len() as i32, count(step, n as i32), "{step} n = {n}");
            assert_eq!(trace.solutions.len() as u64, a000170(n), "{step} n = {n}");
            assert_eq!(trace.end("solutions"), a000170(n));
            assert_eq!(trace.end("nodes"), trace.count("place ") as u64);
            assert_eq!(trace.end("backtracks"), trace.count("back ") as u64);
            assert_eq!(trace.moves, traces[0].moves, "{step} n = {n}: one search for every step");
        }
        if n == 8 {
            assert_eq!(traces[0].end("nodes"), 2056, "the 2,057 nodes of the tree, the root not counted");
        }
    }
}

/// The reads of each step's check, counted from the geometry of the queens
/// above: how far along each ray the first queen is, not by walking.
#[derive(Default, Debug, PartialEq)]
struct Reads {
    squares: u64,
    comparisons: u64,
    flags: u64,
    calls: u64,
}

fn count_reads(n: usize, queens: &mut Vec<usize>, reads: &mut Reads) {
    let row = queens.len();
    if row == n {
        return;
    }
    reads.calls += 1; // one `free` per call that is not a solution
    for col in 0..n {
        // The rays are scanned in order; each stops at its first queen.
        let nearest_on = |on: &dyn Fn(usize, usize) -> bool, from_top: bool| {
            let rows: Vec<usize> = (0..row).filter(|&r| on(r, queens[r])).collect();
            if from_top { rows.first().copied() } else { rows.last().copied() }
        };
        let column = nearest_on(&|_, c| c == col, true);
        let diagonal = nearest_on(&|r, c| c + row == col + r, false);
        let anti = nearest_on(&|r, c| c + r == col + row, false);
        let up_left = row.min(col) as u64;
        let up_right = row.min(n - 1 - col) as u64;
        reads.squares += match (column, diagonal, anti) {
            (Some(r), _, _) => r as u64 + 1,
            (None, Some(r), _) => row as u64 + (row - r) as u64,
            (None, None, Some(r)) => row as u64 + up_left + (row - r) as u64,
            (None, None, None) => row as u64 + up_left + up_right,
        };
        let first_attacker = (0..row).find(|&r| queens[r] == col || queens[r].abs_diff(col) == row - r);
        reads.comparisons += first_attacker.map_or(row, |r| r + 1) as u64;
        // The flags read up to the first taken one: the column's, the diagonal's, the anti-diagonal's.
        reads.flags += [column, diagonal].iter().position(Option::is_some).map_or(3, |at| at as u64 + 1);
        if first_attacker.is_none() {
            queens.push(col);
            count_reads(n, queens, reads);
            queens.pop();
        }
    }
}

#[test]
fn each_check_counter_is_its_reads_counted_another_way() {
    for n in 1..=8 {
        let mut reads = Reads::default();
        count_reads(n, &mut Vec::new(), &mut reads);
        for step in STEPS {
            let (expected, line) = match *step {
                "board_scan" => (reads.squares, "scan "),
                "column_abs" => (reads.comparisons, "compare "),
                "three_arrays" => (reads.flags, "flag "),
                "bitmask" => (reads.calls, "masks "),
                other => panic!("{other}: its reads are not counted here yet"),
            };
            let trace = Trace::of(n, &["--approach", step]);
            assert_eq!(trace.end("checks"), expected, "{step} n = {n}");
            assert_eq!(trace.count(line) as u64, expected, "{step} n = {n}: one line per read");
        }
    }
}

/// Each mistake, watched, goes wrong where and as its row of the shared table
/// says (the row the mistake tests hold its compiled code to, and the page
/// quotes): right by luck below its n, and there its signature, with no
/// real solution among its "solutions". One first caught below n = 1, where
/// watch starts, is right for every n watched.
#[test]
fn every_mistake_goes_wrong_where_the_page_says() {
    for mistake in &MISTAKES {
        let (name, wrong) = (mistake.name, mistake.n >= 1);
        let caught = if wrong { mistake.n as usize } else { 8 };
        for n in 1..caught.min(8) {
            let trace = Trace::of(n, &["--mistake", name]);
            assert_eq!(trace.end("solutions"), a000170(n), "{name} n = {n}: right by luck");
            assert_eq!(trace.count("crash "), 0, "{name} n = {n}");
        }
        let n = caught.min(8);
        let trace = Trace::of(n, &["--mistake", name]);
        let crash = trace.lines.iter().find_map(|line| line.strip_prefix("crash "));
        match mistake.signature {
            _ if !wrong => assert_eq!(trace.end("solutions"), a000170(n), "{name} n = {n}"),
            Signature::Returns(count) => {
                assert_eq!(trace.end("solutions") as i64, count, "{name} n = {n}");
                assert_eq!(crash, None, "{name} n = {n}");
            }
            Signature::Panics(_) | Signature::StackOverflow => {
                let message = crash.unwrap_or_else(|| panic!("{name} n = {n}: no crash"));
                let said = match mistake.signature {
                    // Rust's whole message: the vector and the index are the row's n.
                    Signature::Panics("index out of bounds") => {
                        format!("index out of bounds: the len is {n} but the index is {n}")
                    }
                    Signature::Panics(message) => message.to_string(),
                    _ => "stack overflow".to_string(),
                };
                assert_eq!(message, said, "{name} n = {n}");
                let at = trace.lines.iter().position(|line| line.starts_with("crash ")).expect("a crash");
                assert_eq!(at, trace.lines.len() - 2, "{name}: nothing runs after the crash but the end line");
            }
        }
        for columns in &trace.solutions {
            // A board of n queens, each on it, none attacked: a "solution" of
            // fewer queens (one row early) is none.
            let valid = columns.len() == n && columns.iter().all(|&col| col < n) && check_columns(columns).is_ok();
            assert!(!wrong || !valid, "{name} n = {n}: {columns:?} is a real solution");
        }
    }
}

#[test]
fn the_page_says_where_diagonal_without_offset_panics_at_n_4() {
    let trace = Trace::of(4, &["--mistake", "diagonal-without-offset"]);
    let crash = trace.lines.iter().position(|line| line.starts_with("crash ")).expect("a crash");
    let tried = trace.lines[..crash].iter().rev().find_map(|line| line.strip_prefix("try ")).expect("a square tried");
    let (row, col) = tried.split_once(' ').expect("a row and a column");
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/watch.md")).expect("the page");
    let line = page.lines().find(|line| line.starts_with("| `diagonal-without-offset` |")).expect("its row");
    assert!(line.contains(&format!("panics at ({row}, {col}): attempt to subtract with overflow")), "{line}");
}

#[test]
fn a_mistake_takes_its_own_approach_and_limit_stops_after_k_events() {
    let own = queens(&["watch", "4", "--trace", "--mistake", "flags-not-cleared", "--approach", "three_arrays"]);
    assert!(own.status.success(), "{}", String::from_utf8_lossy(&own.stderr));
    assert!(String::from_utf8_lossy(&own.stdout).contains("flag "), "step 3's reads");
    let output = queens(&["watch", "8", "--trace", "--limit", "5"]);
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 5);
}

#[test]
fn without_a_terminal_out_of_range_or_a_mistake_off_its_step_one_line_and_exit_2() {
    for (args, says) in [
        (&["watch", "5"][..], "--trace writes the same events"),
        (&["watch", "13", "--trace"], "run for hours"),
        // Too small, not too long.
        (&["watch", "0", "--trace"], "a board needs a row to watch"),
        (&["watch", "5", "--limit", "3"], "add --trace"),
        (&["watch", "4", "--trace", "--svg", "x.svg"], "choose one"),
        (
            &["watch", "4", "--trace", "--mistake", "flags-not-cleared", "--approach", "bitmask"],
            "of three_arrays, not of bitmask",
        ),
        (&["watch", "4", "--trace", "--mistake", "offset-n", "--problem", "51"], "drop --problem 51"),
    ] {
        let output = queens(args);
        refused_with(&output, &[says]);
        assert_eq!(output.stderr.split(|&byte| byte == b'\n').filter(|line| !line.is_empty()).count(), 1, "{args:?}");
    }
    // A negative --limit gets the option's own message, not clap's `-- -1` tip (which does not work).
    let negative = queens(&["watch", "5", "--trace", "--limit", "-1"]);
    assert_eq!(negative.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&negative.stderr);
    assert!(stderr.contains("--limit must be") && !stderr.contains("'-- -1'"), "{stderr}");
}

#[test]
fn help_gives_the_trace_format() {
    let help = String::from_utf8(queens(&["watch", "--help"]).stdout).expect("UTF-8");
    for line in ["place ROW COL", "back ROW COL", "solution C0 .. Cn-1"] {
        assert!(help.contains(line), "{help}");
    }
}
