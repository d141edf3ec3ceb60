//! End-to-end: `queens watch` in a real terminal, a tmux pane, ended by a
//! signal or a closed window: the terminal is given back as it was, and the
//! process ends. And the screens at 80×24 pinned in `tests/screens/`, as text
//! with `NO_COLOR=1` (`NAME.txt`) and with colours (`NAME.ansi`, compared where
//! tmux is the version they were taken with); `QUEENS_PIN_SCREENS=1` writes
//! them anew. Needs tmux; without it the tests say so and check nothing.

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use tmux::Tmux;

mod tmux;

fn tmux(args: &[&str]) -> String {
    let output = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// Waits up to ten seconds for `ready`.
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < Duration::from_secs(10), "waited too long for {what}");
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_signal_gives_the_terminal_back_and_a_closed_window_ends_the_view() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the terminal is not checked");
        return;
    }
    let binary = env!("CARGO_BIN_EXE_queens");
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        let session = format!("queens-watch-{}-{signal}", std::process::id());
        let server = Tmux::new();
        let file = |name: &str| server.folder().join(format!("{signal}-{name}"));
        let read = |name: &str| std::fs::read_to_string(file(name)).unwrap_or_default();
        // The inner shell writes its pid, then becomes the watcher (exec).
        let script = format!(
            "stty -g > {before}; sh -c 'echo $$ > {pid}; exec {binary} watch 6' ; echo $? > {status}; stty -g > {after}; sleep 30",
            before = file("before").display(),
            pid = file("pid").display(),
            status = file("status").display(),
            after = file("after").display(),
        );
        let socket = server.socket();
        tmux(&[socket, "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
        wait_for("the view", || tmux(&[socket, "display", "-p", "-t", &session, "#{alternate_on}"]) == "1");
        let pid = read("pid").trim().to_string();
        let killed = Command::new("kill").args([&format!("-{signal}"), &pid]).status().expect("kill runs");
        assert!(killed.success());
        wait_for("the shell after it", || Path::new(&file("after")).exists() && !read("after").is_empty());
        let state = tmux(&[socket, "display", "-p", "-t", &session, "#{alternate_on} #{cursor_flag}"]);
        tmux(&[socket, "kill-server"]);
        assert_eq!(state, "0 1", "SIG{signal}: the alternate screen is left and the cursor shown");
        assert_eq!(read("before"), read("after"), "SIG{signal}: the tty's modes are back");
        assert_eq!(read("status").trim(), (128 + number).to_string(), "SIG{signal}: ended by the signal");
    }
    // A closed window: its terminal hangs up under the view.
    let session = format!("queens-watch-{}-closed", std::process::id());
    let server = Tmux::new();
    let pid_file = server.folder().join("closed-pid");
    let script = format!("sh -c 'echo $$ > {pid}; exec {binary} watch 6'", pid = pid_file.display());
    let socket = server.socket();
    tmux(&[socket, "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
    wait_for("the view", || tmux(&[socket, "display", "-p", "-t", &session, "#{alternate_on}"]) == "1");
    let pid = std::fs::read_to_string(&pid_file).expect("the pid").trim().to_string();
    tmux(&[socket, "kill-server"]);
    let gone = || !Path::new(&format!("/proc/{pid}")).exists();
    let start = Instant::now();
    while !gone() && start.elapsed() < Duration::from_secs(10) {
        sleep(Duration::from_millis(50));
    }
    if !gone() {
        let _ = Command::new("kill").args(["-KILL", &pid]).status();
    }
    assert!(gone(), "the view ends when its terminal hangs up, instead of reading it for ever");
}

/// A tmux server of a test's own leaves nothing behind: dropped, its server
/// is ended, and its socket and folder are gone (its `Drop` checks as much
/// after every test here).
#[test]
fn a_tmux_server_of_a_test_leaves_nothing_behind() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: nothing is left to check");
        return;
    }
    let server = Tmux::new();
    let (folder, socket) = (server.folder().to_path_buf(), server.socket().to_string());
    server.run(&["new-session", "-d", "-s", "left", "-x", "80", "-y", "24", "sleep 60"]);
    assert!(server.run(&["list-sessions"]).starts_with("left:"), "the server runs");
    let path = socket.strip_prefix("-S").expect("a socket's path");
    assert!(Path::new(path).exists() && Path::new(path).starts_with(&folder), "{socket}");
    drop(server);
    assert!(!folder.exists(), "{} is left behind", folder.display());
    let asked = Command::new("tmux").args([socket.as_str(), "list-sessions"]).output().expect("tmux runs");
    assert!(!asked.status.success(), "the server still answers on {socket}");
}

#[test]
fn after_a_resize_q_gives_the_normal_screen_back_clean() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the terminal is not checked");
        return;
    }
    let binary = env!("CARGO_BIN_EXE_queens");
    // Taller and wider, wider only, and much larger: each left 7 rows or a cut line of the view behind.
    for (width, height) in [(100, 30), (90, 24), (120, 40)] {
        let session = format!("queens-resize-{}-{width}x{height}", std::process::id());
        let server = Tmux::new();
        let socket = server.socket();
        let script =
            format!("echo the shell, before the view; {binary} watch 6; echo the shell, after the view; sleep 30");
        tmux(&[socket, "-u", "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
        let capture = || tmux(&[socket, "capture-pane", "-p", "-t", &session]);
        wait_for("the view", || tmux(&[socket, "display", "-p", "-t", &session, "#{alternate_on}"]) == "1");
        wait_for("the view at 80×24", || capture().ends_with("q quit"));
        tmux(&[socket, "resize-window", "-t", &session, "-x", &width.to_string(), "-y", &height.to_string()]);
        // Drawn again at the new size: the keys on its last row.
        let size = format!("{width} {height}");
        wait_for("the new size", || {
            tmux(&[socket, "display", "-p", "-t", &session, "#{pane_width} #{pane_height}"]) == size
        });
        wait_for("the view at the new size", || {
            let screen = tmux(&[socket, "capture-pane", "-p", "-t", &session, "-J"]);
            screen.lines().count() == height && screen.ends_with("q quit")
        });
        tmux(&[socket, "send-keys", "-t", &session, "q"]);
        wait_for("the shell after the view", || capture().contains("after the view"));
        let state = tmux(&[socket, "display", "-p", "-t", &session, "#{alternate_on} #{history_size}"]);
        let normal = capture();
        tmux(&[socket, "kill-server"]);
        assert_eq!(state, "0 0", "{width}×{height}: the alternate screen is left, and nothing went to the history");
        let lines: Vec<&str> = normal.lines().filter(|line| !line.trim().is_empty()).collect();
        assert_eq!(
            lines,
            ["the shell, before the view", "the shell, after the view"],
            "{width}×{height}: the normal screen holds the shell's lines, nothing of the view:\n{normal}"
        );
    }
}

/// The screens pinned: a name, the arguments of `watch`, the keys pressed
/// (as tmux's `send-keys` takes them), and what the status line then says.
const SCREENS: [(&str, &str, &[&str], &str); 13] = [
    ("start", "6", &[], "event 0 · paused"),
    // Row 2: columns 0 to 3 blocked, 4 tried and cleared, 5 still free.
    ("bitmask-24-back", "6 --approach bitmask", &["-N", "24", "Right"], "event 24 · back (2, 4)"),
    // Two flags read for (1, 1), the second one taken.
    ("three_arrays-10-refused", "6 --approach three_arrays", &["-N", "10", "Right"], "event 10 · refused (1, 1)"),
    // `is_safe(5, 5)`'s ten reads, the last a queen on the diagonal: the `if` that refuses.
    ("board_scan-96-refused", "6", &["-N", "96", "Right"], "event 96 · refused (5, 5)"),
    ("board_scan-97-back", "6", &["-N", "97", "Right"], "event 97 · back (4, 3)"),
    ("column_abs-67-back", "6 --approach column_abs", &["-N", "67", "Right"], "event 67 · back (4, 3)"),
    ("bitmask-25-lowest", "6 --approach bitmask", &["-N", "25", "Right"], "event 25 · lowest (2, 5)"),
    ("bitmask-26-cleared", "6 --approach bitmask", &["-N", "26", "Right"], "event 26 · cleared (2, 5)"),
    ("three_arrays-5-place", "6 --approach three_arrays", &["-N", "5", "Right"], "event 5 · place (0, 0)"),
    ("switch-at-a-solution", "6", &["s", "4"], "· solution 1 ·"),
    ("and-instead-of-or-end", "6 --mistake and-instead-of-or", &["End"], "crash: stack overflow · done"),
    ("diagonal-without-offset-end", "6 --mistake diagonal-without-offset", &["End"], "crash: panic · done"),
    ("flags-not-cleared-back", "6 --mistake flags-not-cleared", &["b"], "back (4, 3)"),
];

/// The screen of `watch ARGS` at 80×24 after `keys`, once the status line
/// says `status` and the screen stands still: as text (`NO_COLOR=1`), as
/// tmux writes it with its attributes then, and with colours.
fn screens(name: &str, args: &str, keys: &[&str], status: &str) -> [String; 3] {
    let binary = env!("CARGO_BIN_EXE_queens");
    let run = |no_colour: bool, escapes: bool| {
        // A server of its own each time: one just killed may still be going.
        let session = format!("queens-screen-{}-{name}-{no_colour}-{escapes}", std::process::id());
        let server = Tmux::new();
        let socket = server.socket();
        let colour = if no_colour { "NO_COLOR=1 " } else { "" };
        let script = format!("exec env {colour}{binary} watch {args}");
        tmux(&[socket, "-u", "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
        wait_for("the view", || tmux(&[socket, "display", "-p", "-t", &session, "#{alternate_on}"]) == "1");
        if !keys.is_empty() {
            tmux(&[&[socket, "send-keys", "-t", &session][..], keys].concat());
        }
        let capture = || {
            let mut args = vec![socket, "capture-pane", "-p", "-t", &session];
            args.extend(escapes.then_some("-e"));
            let output = Command::new("tmux").args(&args).output().expect("tmux runs");
            String::from_utf8_lossy(&output.stdout).into_owned()
        };
        wait_for(status, || capture().contains(status));
        // Still: the same twice, a tenth of a second apart.
        let mut screen = capture();
        loop {
            sleep(Duration::from_millis(100));
            let again = capture();
            if again == screen {
                break;
            }
            screen = again;
        }
        tmux(&[socket, "kill-server"]);
        screen
    };
    [run(true, false), run(true, true), run(false, true)]
}

#[test]
fn without_colour_each_mark_keeps_its_symbol_at_80_by_24() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the marks are not checked");
        return;
    }
    // The screen's rows with NO_COLOR=1, and with colours (tmux's escapes kept).
    let rows = |name: &str, args: &str, keys: &[&str], status: &str| {
        let [text, _, colours] = screens(name, args, keys, status);
        (text.lines().map(String::from).collect::<Vec<_>>(), colours)
    };
    // The squares still in bitmask's `free`: `○`, said beside the board.
    let (text, colours) = rows("free", "6 --approach bitmask", &["-N", "24", "Right"], "event 24 · back (2, 4)");
    let all = text.join("\n");
    assert!(text[4].starts_with("│ 2  | / | \\ · ○ "), "column 5 is free, column 4 is not:\n{all}");
    assert!(text[2].contains("○ free"), "{all}");
    // Green in the foreground, as tmux writes it (a 256-colour index, or the 8-colour code).
    let green = colours.contains("[38;5;2m ○") || colours.contains("[32m ○");
    assert!(green, "and in green, with colours:\n{colours}");
    // Mistake mode's wrong line: `✗` before its code, as before the mistake's name.
    let (text, _) = rows("wrong", "6 --mistake flags-not-cleared", &["b"], "back (4, 3)");
    let all = text.join("\n");
    let first = text.iter().position(|row| row.contains("││▶ 92 ✗           // Wrong:")).expect(&all);
    // Each row of the wrapped line carries both marks, not its first only.
    assert!(text[first + 1].contains("││▶ ✗ "), "{all}");
    assert!(text.iter().any(|row| row.starts_with("✗ mistake 5 flags-not-cleared: ")), "{all}");
    // The flags three_arrays reads: between brackets, the legend beside the board says so.
    let (text, _) = rows("flags", "6 --approach three_arrays", &["-N", "10", "Right"], "event 10 · refused (1, 1)");
    let all = text.join("\n");
    assert!(text.iter().any(|row| row.starts_with("│columns         1[0]0 0 0 0 ")), "{all}");
    assert!(text.iter().any(|row| row.starts_with("│diagonals       0 0 0 0 0[1]0 0 0 0 0 ")), "{all}");
    assert!(text.iter().any(|row| row.starts_with("│anti_diagonals  1 0 0 0 0 0 0 0 0 0 0 ")), "not read: {all}");
    assert!(text[3].contains("[1] a flag read,") && text[4].contains("set or cleared"), "{all}");
}

#[test]
fn the_screens_at_80_by_24_are_the_ones_pinned() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the screens are not checked");
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/screens");
    let version = tmux(&["-V"]);
    let pin = std::env::var_os("QUEENS_PIN_SCREENS").is_some();
    if pin {
        std::fs::create_dir_all(&dir).expect("tests/screens");
        std::fs::write(dir.join("TMUX_VERSION"), format!("{version}\n")).expect("written");
    }
    let pinned_version = std::fs::read_to_string(dir.join("TMUX_VERSION")).unwrap_or_default();
    let same_tmux = pinned_version.trim() == version;
    if !same_tmux {
        eprintln!("{version}, not {}: the colours are not compared", pinned_version.trim());
    }
    for (name, args, keys, status) in SCREENS {
        let [text, attributes, colours] = screens(name, args, keys, status);
        // Without colour: no colour at all (bold and dim stay).
        let sgr: Vec<&str> = attributes.split("\u{1b}[").skip(1).filter_map(|piece| piece.split('m').next()).collect();
        let coloured = sgr.iter().flat_map(|codes| codes.split(';')).any(|code| {
            code.parse::<u32>()
                .is_ok_and(|code| (30..=37).contains(&code) || (40..=47).contains(&code) || code == 38 || code == 48)
        });
        assert!(!coloured, "{name}: NO_COLOR=1 shows colour: {sgr:?}");
        // Without colour, each queen of the board and of its legend is still bold.
        for line in attributes.lines() {
            let left = line.split("││").next().unwrap_or_default();
            let (mut bold, mut chars) = (false, left.chars());
            while let Some(c) = chars.next() {
                match c {
                    '\u{1b}' => {
                        let sequence: String = chars.by_ref().take_while(|c| *c != 'm').collect();
                        for code in sequence.trim_start_matches('[').split(';') {
                            match code {
                                "" | "0" | "22" => bold = false,
                                "1" => bold = true,
                                _ => {}
                            }
                        }
                    }
                    'Q' => assert!(bold, "{name}: a queen not bold without colour: {line:?}"),
                    _ => {}
                }
            }
        }
        let (text_file, colour_file) = (dir.join(format!("{name}.txt")), dir.join(format!("{name}.ansi")));
        if pin {
            std::fs::write(&text_file, &text).expect("written");
            std::fs::write(&colour_file, &colours).expect("written");
            continue;
        }
        let pinned = std::fs::read_to_string(&text_file).unwrap_or_default();
        assert!(text == pinned, "{name} (NO_COLOR=1) differs from {}:\n{text}", text_file.display());
        if same_tmux {
            let pinned = std::fs::read_to_string(&colour_file).unwrap_or_default();
            assert!(colours == pinned, "{name} (colours) differs from {}:\n{colours}", colour_file.display());
        }
    }
}
