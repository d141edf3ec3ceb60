//! End-to-end: `queens boards N --limit K` for the n whose search past the
//! first boards is long: those come at once, the constructed board turned
//! and reflected (turned here, square by square, to check), and on a
//! terminal (a tmux pane) stderr says so before the long search starts.

use std::collections::HashSet;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use n_queens_cases::validate::check_columns;
use pretty_assertions::assert_eq;
use run::{DEADLINE, parse_columns, queens_within_deadline};
use tmux::Tmux;

mod run;
mod tmux;

/// The n of `queens boards --help` whose board after the first ones is a
/// long search away.
const FAR: [u32; 7] = [43, 47, 49, 53, 55, 59, 61];

/// The board's 8 images under the symmetries of the square, distinct ones
/// once: the quarter turns of it and of its mirror image, queen by queen.
fn turned_and_reflected(columns: &[usize]) -> HashSet<Vec<usize>> {
    let n = columns.len();
    // The queens as (row, col) squares, back to one column per row.
    let board = |squares: Vec<(usize, usize)>| {
        let mut columns = vec![usize::MAX; n];
        squares.into_iter().for_each(|(row, col)| columns[row] = col);
        columns
    };
    // A quarter turn clockwise: the top row becomes the right column.
    let turn = |columns: &[usize]| board(columns.iter().enumerate().map(|(row, &col)| (col, n - 1 - row)).collect());
    let mirror: Vec<usize> = columns.iter().map(|&col| n - 1 - col).collect();
    let mut images = HashSet::new();
    for start in [columns.to_vec(), mirror] {
        let mut image = start;
        for _ in 0..4 {
            image = turn(&image);
            images.insert(image.clone());
        }
    }
    images
}

/// Three boards of each such n, at once: each a solution of that n, no two
/// alike, and nothing on stderr, which is no terminal here.
#[test]
fn three_boards_of_a_large_n_come_at_once() {
    for n in FAR {
        let output = queens_within_deadline(&["boards", &n.to_string(), "--limit", "3", "--format", "columns"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "n = {n}: {stderr}");
        assert_eq!(stderr, "", "n = {n}: a script gets the boards alone");
        let boards = parse_columns(&String::from_utf8(output.stdout).unwrap());
        assert_eq!(boards.len(), 3, "n = {n}");
        for board in &boards {
            assert_eq!(board.len(), n as usize);
            check_columns(board).unwrap_or_else(|error| panic!("n = {n}: {error}"));
        }
        assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 3, "n = {n}: a board came twice");
    }
}

/// The 8 boards of n = 59 that need no search are the first one's images
/// under the 8 symmetries of the square, each once.
#[test]
fn the_first_eight_are_the_first_board_turned_and_reflected() {
    let output = queens_within_deadline(&["boards", "59", "--limit", "8", "--format", "columns"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let boards = parse_columns(&String::from_utf8(output.stdout).unwrap());
    let given: HashSet<Vec<usize>> = boards.iter().cloned().collect();
    assert_eq!((boards.len(), given.len()), (8, 8), "8 boards, none twice");
    boards.iter().for_each(|board| check_columns(board).unwrap());
    assert_eq!(given, turned_and_reflected(&boards[0]));
}

fn tmux(args: &[&str]) -> String {
    let output = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&output.stdout).to_string()
}

/// What an 80×24 tmux pane shows of `queens args`, its scrollback
/// included and its wrapped lines joined, once `ready` holds of it (before
/// [`DEADLINE`], a guard against a hang); the pane's process is then ended.
/// `None` without tmux.
fn on_a_terminal(name: &str, args: &str, ready: impl Fn(&str) -> bool) -> Option<String> {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the terminal is not checked");
        return None;
    }
    let session = format!("queens-boards-{}-{name}", std::process::id());
    let server = Tmux::new();
    let socket = server.socket();
    let binary = env!("CARGO_BIN_EXE_queens");
    // The pane stays after the command, for the capture.
    let script = format!("LC_ALL=C {binary} {args}; sleep 30");
    tmux(&[socket, "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
    let capture = || tmux(&[socket, "capture-pane", "-p", "-J", "-S", "-", "-t", &session]);
    let start = Instant::now();
    let mut screen = capture();
    while !ready(&screen) && start.elapsed() < DEADLINE {
        sleep(Duration::from_millis(50));
        screen = capture();
    }
    tmux(&[socket, "kill-server"]); // the pane's search ends with it
    assert!(ready(&screen), "queens {args}: waited too long; the pane shows:\n{screen}");
    Some(screen)
}

/// Asked for more than the boards at hand, a terminal is told, before the
/// search starts, that the next one may take long; asked for no more,
/// nothing is said of a search.
#[test]
fn a_terminal_is_told_when_the_next_board_may_take_long() {
    let warning = "the next board needs a search that may take long";
    let Some(screen) = on_a_terminal("more", "boards 59 --limit 9 --format columns", |screen| screen.contains(warning))
    else {
        return;
    };
    let lines: Vec<&str> = screen.lines().filter(|line| !line.trim().is_empty()).collect();
    let at = lines.iter().position(|line| line.contains(warning)).unwrap();
    assert_eq!(at, 8, "after the 8 boards at hand:\n{screen}");
    for board in parse_columns(&lines[..at].join("\n")) {
        check_columns(&board).unwrap();
    }
    assert!(lines[at].contains("n = 59") && lines[at].contains("Ctrl-C"), "{screen}");
    assert!(lines[at].chars().count() <= 80, "{screen}");

    let done = "8 boards for n = 59";
    let Some(screen) = on_a_terminal("enough", "boards 59 --limit 8 --format columns", |screen| screen.contains(done))
    else {
        return;
    };
    assert!(!screen.contains("search"), "nothing more is asked:\n{screen}");
}
