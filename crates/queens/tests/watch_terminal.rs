//! End-to-end: `queens watch` in a real terminal, a tmux pane, ended by
//! SIGTERM, SIGINT or SIGHUP: the terminal is given back as it was (the
//! alternate screen left, the cursor shown, the tty's modes restored), and
//! the process ends by the signal. Needs tmux; without it the test says so
//! and checks nothing.

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

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
fn a_signal_gives_the_terminal_back() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the terminal is not checked");
        return;
    }
    let dir = std::env::temp_dir().join(format!("queens-watch-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let binary = env!("CARGO_BIN_EXE_queens");
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        let session = format!("queens-watch-{}-{signal}", std::process::id());
        let file = |name: &str| dir.join(format!("{signal}-{name}"));
        let read = |name: &str| std::fs::read_to_string(file(name)).unwrap_or_default();
        // The inner shell writes its pid, then becomes the watcher (exec).
        let script = format!(
            "stty -g > {before}; sh -c 'echo $$ > {pid}; exec {binary} watch 6' ; echo $? > {status}; stty -g > {after}; sleep 30",
            before = file("before").display(),
            pid = file("pid").display(),
            status = file("status").display(),
            after = file("after").display(),
        );
        let socket = format!("-L{session}");
        tmux(&[&socket, "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
        wait_for("the view", || tmux(&[&socket, "display", "-p", "-t", &session, "#{alternate_on}"]) == "1");
        let pid = read("pid").trim().to_string();
        let killed = Command::new("kill").args([&format!("-{signal}"), &pid]).status().expect("kill runs");
        assert!(killed.success());
        wait_for("the shell after it", || Path::new(&file("after")).exists() && !read("after").is_empty());
        let state = tmux(&[&socket, "display", "-p", "-t", &session, "#{alternate_on} #{cursor_flag}"]);
        tmux(&[&socket, "kill-server"]);
        assert_eq!(state, "0 1", "SIG{signal}: the alternate screen is left and the cursor shown");
        assert_eq!(read("before"), read("after"), "SIG{signal}: the tty's modes are back");
        assert_eq!(read("status").trim(), (128 + number).to_string(), "SIG{signal}: ended by the signal");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_window_ends_the_view() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: the terminal is not checked");
        return;
    }
    let session = format!("queens-watch-{}-closed", std::process::id());
    let pid_file = std::env::temp_dir().join(format!("{session}-pid"));
    let binary = env!("CARGO_BIN_EXE_queens");
    let script = format!("sh -c 'echo $$ > {pid}; exec {binary} watch 6'", pid = pid_file.display());
    let socket = format!("-L{session}");
    tmux(&[&socket, "new-session", "-d", "-s", &session, "-x", "80", "-y", "24", &script]);
    wait_for("the view", || tmux(&[&socket, "display", "-p", "-t", &session, "#{alternate_on}"]) == "1");
    let pid = std::fs::read_to_string(&pid_file).expect("the pid").trim().to_string();
    // The window closes: its terminal hangs up under the view.
    tmux(&[&socket, "kill-server"]);
    let gone = || !Path::new(&format!("/proc/{pid}")).exists();
    let start = Instant::now();
    while !gone() && start.elapsed() < Duration::from_secs(10) {
        sleep(Duration::from_millis(50));
    }
    if !gone() {
        let _ = Command::new("kill").args(["-KILL", &pid]).status();
    }
    let _ = std::fs::remove_file(&pid_file);
    assert!(gone(), "the view ends when its terminal hangs up, instead of reading it for ever");
}
