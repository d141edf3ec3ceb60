//! Each row of docs/fence.md, tried by a hostile answer through the real
//! command: every attack the fence keeps out, each against a listener, a
//! file or a target that the test itself makes and removes. The answers
//! return the right counts only where every attempt failed, so a pass says
//! the fence held, and the test then checks its own side (nothing reached
//! the listener, the file is as it was).

use std::io::Read;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::flat;
use crate::scratch::Scratch;
use crate::verdicts::{answer_bitmask, assert_passes_and_pastes, printed, right_answer_doing, succeeds};

/// What `queens __fence --probe` says of each layer: `(layer, "held" or why not)`.
fn layers() -> Vec<(String, String)> {
    let output = Command::new(env!("CARGO_BIN_EXE_queens")).args(["__fence", "--probe"]).output().unwrap();
    let said = String::from_utf8_lossy(&output.stdout).into_owned();
    said.lines().filter_map(|line| line.split_once(": ")).map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// Whether the probe found `layer` held.
pub(crate) fn holds(layer: &str) -> bool {
    layers().iter().any(|(name, said)| name == layer && said == "held")
}

/// Runs `practice test 52 bitmask`, which must not pass: its standard output, in one line.
fn fails(scratch: &Scratch) -> String {
    let output = scratch.queens(&["practice", "test", "52", "bitmask"]);
    let (stdout, stderr) = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    flat(&stdout)
}

/// A socket of every family, to a listener of the test's own on loopback
/// (TCP, multipath TCP where the kernel has it, UDP, a UNIX socket at a
/// path, an abstract one): the answer's every attempt fails, and nothing
/// reaches any listener. The answer uses the C library where std has no
/// word for the family, as a hostile answer would.
#[test]
fn no_socket_of_any_family_reaches_a_listener() {
    use std::net::{TcpListener, UdpSocket};
    use std::os::unix::net::UnixListener;
    let scratch = Scratch::take();
    let tcp = TcpListener::bind("127.0.0.1:0").unwrap();
    let udp = UdpSocket::bind("127.0.0.1:0").unwrap();
    let path = scratch.root.parent().unwrap().join("listener.sock");
    let unix = UnixListener::bind(&path).unwrap();
    let abstract_name = format!("n_queens_fence_test_{}", std::process::id());
    let abstract_address = <std::os::unix::net::SocketAddr as std::os::linux::net::SocketAddrExt>::from_abstract_name(
        abstract_name.as_bytes(),
    )
    .unwrap();
    let abstract_listener = UnixListener::bind_addr(&abstract_address).unwrap();
    let mptcp = multipath_tcp_listener();
    let mptcp_port = mptcp.as_ref().map_or(0, |listener| listener.local_addr().unwrap().port());
    let attempt = format!(
        r#"        #[repr(C)]
        struct Unix {{
            family: u16,
            path: [u8; 108],
        }}
        extern "C" {{
            fn socket(domain: i32, kind: i32, protocol: i32) -> i32;
            fn connect(fd: i32, address: *const Unix, length: u32) -> i32;
        }}
        if n == 1 {{
            let mut reached = std::net::TcpStream::connect("{tcp}").is_ok();
            reached |= std::net::TcpStream::connect("127.0.0.1:{mptcp_port}").is_ok();
            if let Ok(udp) = std::net::UdpSocket::bind("127.0.0.1:0") {{
                reached |= udp.send_to(b"x", "{udp}").is_ok();
            }}
            reached |= std::os::unix::net::UnixStream::connect({path:?}).is_ok();
            let mut address = Unix {{ family: 1, path: [0; 108] }};
            address.path[1..1 + {length}].copy_from_slice(b"{abstract_name}");
            let fd = unsafe {{ socket(1, 1, 0) }};
            reached |= fd >= 0 && unsafe {{ connect(fd, &address, 3 + {length}) }} == 0;
            // Multipath TCP, whose protocol number is 262.
            reached |= unsafe {{ socket(2, 1, 262) }} >= 0;
            if reached {{
                return -1;
            }}
        }}"#,
        tcp = tcp.local_addr().unwrap(),
        udp = udp.local_addr().unwrap(),
        path = path.display().to_string(),
        length = abstract_name.len(),
    );
    answer_bitmask(&scratch, &right_answer_doing(&attempt));
    assert_passes_and_pastes(&scratch);
    for listener in [&tcp].into_iter().chain(mptcp.as_ref()) {
        listener.set_nonblocking(true).unwrap();
        assert!(listener.accept().is_err(), "a TCP connection came");
    }
    udp.set_nonblocking(true).unwrap();
    assert!(udp.recv(&mut [0; 8]).is_err(), "a datagram came");
    for listener in [&unix, &abstract_listener] {
        listener.set_nonblocking(true).unwrap();
        assert!(listener.accept().is_err(), "a UNIX connection came");
    }
    if mptcp.is_none() {
        eprintln!("multipath TCP: this kernel has none, so only its socket was tried");
    }
}

/// A TCP listener on loopback whose protocol is multipath TCP, where the kernel has it.
fn multipath_tcp_listener() -> Option<std::net::TcpListener> {
    use rustix::net::{AddressFamily, Protocol, SocketType};
    let protocol = Protocol::from_raw(std::num::NonZeroU32::new(262)?);
    let fd = rustix::net::socket(AddressFamily::INET, SocketType::STREAM, Some(protocol)).ok()?;
    let listener = std::net::TcpListener::from(fd);
    let address = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    rustix::net::bind(&listener, &address).ok()?;
    rustix::net::listen(&listener, 8).ok()?;
    Some(listener)
}

/// A terminal multiplexer's server, started by the test with a socket in
/// the scratch folder: the answer cannot connect to it (where a shell
/// outside the fence would be one command away), and the server has no
/// client and no second window after the check.
#[test]
fn a_terminal_multiplexers_socket_is_out_of_reach() {
    let scratch = Scratch::take();
    let socket = scratch.root.parent().unwrap().join("tmux.sock");
    let tmux = |args: &[&str]| Command::new("tmux").arg("-S").arg(&socket).args(args).output().unwrap();
    assert!(tmux(&["new-session", "-d", "-x", "80", "-y", "24", "sleep 600"]).status.success());
    let attempt = format!(
        r#"        if n == 1 {{
            use std::io::Write;
            if let Ok(mut server) = std::os::unix::net::UnixStream::connect({:?}) {{
                let _ = server.write_all(b"new-window");
                return -1;
            }}
        }}"#,
        socket.display().to_string()
    );
    answer_bitmask(&scratch, &right_answer_doing(&attempt));
    let passed = scratch.queens(&["practice", "test", "52", "bitmask"]);
    let windows = String::from_utf8_lossy(&tmux(&["list-windows", "-a"]).stdout).lines().count();
    let clients = String::from_utf8_lossy(&tmux(&["list-clients"]).stdout).lines().count();
    tmux(&["kill-server"]);
    let (stdout, stderr) = printed(&passed);
    assert!(passed.status.success(), "{stdout}\n{stderr}");
    assert_eq!((windows, clients), (1, 0), "the server saw the answer");
}

/// Every change of a file's metadata that Landlock does not govern (mode,
/// owner, times, extended attributes, size, name), tried through the C
/// library on a file of the scratch workspace: each fails, and the file's
/// mode, owner, size and time are as they were.
#[test]
fn no_metadata_of_a_file_changes() {
    let scratch = Scratch::take();
    let target = scratch.root.join("Cargo.toml");
    let before = std::fs::metadata(&target).unwrap();
    let attempt = format!(
        r#"        #[repr(C)]
        struct Time {{
            seconds: i64,
            nanoseconds: i64,
        }}
        extern "C" {{
            fn chmod(path: *const u8, mode: u32) -> i32;
            fn chown(path: *const u8, owner: u32, group: u32) -> i32;
            fn utimensat(dir: i32, path: *const u8, times: *const Time, flags: i32) -> i32;
            fn setxattr(path: *const u8, name: *const u8, value: *const u8, size: usize, flags: i32) -> i32;
            fn truncate(path: *const u8, length: i64) -> i32;
            fn rename(from: *const u8, to: *const u8) -> i32;
        }}
        if n == 1 {{
            let path = b"{path}\0".as_ptr();
            let times = [Time {{ seconds: 0, nanoseconds: 0 }}, Time {{ seconds: 0, nanoseconds: 0 }}];
            let done = unsafe {{
                [
                    chmod(path, 0o777),
                    chown(path, 12345, 12345),
                    utimensat(-100, path, times.as_ptr(), 0),
                    setxattr(path, b"user.answer\0".as_ptr(), b"x".as_ptr(), 1, 0),
                    truncate(path, 0),
                    rename(path, b"{path}.moved\0".as_ptr()),
                ]
            }};
            if done.iter().any(|&result| result == 0) {{
                return -1;
            }}
        }}"#,
        path = target.display()
    );
    answer_bitmask(&scratch, &right_answer_doing(&attempt));
    assert_passes_and_pastes(&scratch);
    let after = std::fs::metadata(&target).unwrap();
    let seen = |metadata: &std::fs::Metadata| {
        (metadata.permissions().mode(), metadata.uid(), metadata.gid(), metadata.len(), metadata.mtime())
    };
    assert_eq!(seen(&before), seen(&after));
}

/// The size of a data file is no way in: a `stat` is refused like an open,
/// and the verdict says what the answer tried.
#[test]
fn a_file_cannot_be_read_by_its_size() {
    let scratch = Scratch::take();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../n_queens_cases/data/boards_4.txt");
    assert!(data.is_file());
    let answer = format!(
        "impl Solution {{\n    pub fn total_n_queens(n: i32) -> i32 {{\n        \
         std::fs::metadata({:?}).unwrap().len() as i32 * 0 + n\n    }}\n}}",
        data.display().to_string()
    );
    answer_bitmask(&scratch, &answer);
    let stdout = fails(&scratch);
    assert!(stdout.contains("n = 1: panicked at crates/n_queens_ii/exercises/bitmask.rs:"), "{stdout}");
    assert!(stdout.contains("It tried to look up a path (open a file, read its size or list a folder)"), "{stdout}");
}

/// The system's dynamic loader and C library, as programs: the answer can
/// neither start them (by `Command`, or by `execve` itself) nor read them,
/// and it needs neither, linked statically.
#[test]
fn the_systems_libraries_cannot_be_run_or_read() {
    let scratch = Scratch::take();
    let libraries: Vec<PathBuf> =
        ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1", "/lib/x86_64-linux-gnu/libc.so.6"]
            .iter()
            .map(PathBuf::from)
            .filter(|path| path.exists())
            .collect();
    assert!(!libraries.is_empty(), "no loader to try here");
    let tries: String = libraries
        .iter()
        .map(|path| {
            let path = path.display();
            format!(
                "            reached |= std::process::Command::new(\"{path}\").arg(\"--version\").output().is_ok();\n            \
                 reached |= std::fs::read(\"{path}\").is_ok();\n            \
                 let argv = [b\"{path}\\0\".as_ptr(), std::ptr::null()];\n            \
                 reached |= unsafe {{ execve(argv[0], argv.as_ptr(), [std::ptr::null()].as_ptr()) }} == 0;\n"
            )
        })
        .collect();
    let attempt = format!(
        "        extern \"C\" {{\n            fn execve(path: *const u8, argv: *const *const u8, envp: *const *const u8) -> i32;\n        }}\n        \
         if n == 1 {{\n            let mut reached = false;\n{tries}            if reached {{\n                return -1;\n            }}\n        }}"
    );
    answer_bitmask(&scratch, &right_answer_doing(&attempt));
    assert_passes_and_pastes(&scratch);
}

/// As root, an answer can load no eBPF program (one such killed the
/// command, another read its memory): the call is refused, and the
/// command lives to give its verdict.
#[test]
fn ebpf_is_refused() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped: eBPF needs root, and these tests run as an ordinary user");
        return;
    }
    let scratch = Scratch::take();
    // BPF_PROG_LOAD (5) of one instruction, `exit`, as a socket filter (1).
    let attempt = r#"        #[repr(C)]
        struct Load {
            kind: u32,
            count: u32,
            instructions: u64,
            license: u64,
            rest: [u64; 14],
        }
        extern "C" {
            fn syscall(number: i64, ...) -> i64;
        }
        if n == 1 {
            let exit: [u64; 2] = [0xb7, 0x95];
            let load = Load { kind: 1, count: 2, instructions: exit.as_ptr() as u64, license: b"GPL\0".as_ptr() as u64, rest: [0; 14] };
            if unsafe { syscall(321, 5i64, &load as *const Load, std::mem::size_of::<Load>()) } >= 0 {
                return -1;
            }
        }"#;
    answer_bitmask(&scratch, &right_answer_doing(attempt));
    assert_passes_and_pastes(&scratch);
}

/// A fork bomb, run only where its bound is proven first: the allowlist
/// refuses every new process, or the task limit holds (the answer does not
/// run as root, whom the kernel exempts). None of its forks succeeds.
#[test]
fn a_fork_bomb_is_bounded() {
    // Unprivileged: not root, or root given up for `nobody`, so the task limit holds.
    if !(holds("allowlist") || holds("unprivileged")) {
        eprintln!("skipped: no bound on new processes is proven here ({:?})", layers());
        return;
    }
    let scratch = Scratch::take();
    let bomb = r#"        extern "C" {
            fn fork() -> i32;
        }
        if n == 1 {
            let mut forked = 0;
            for _ in 0..10_000 {
                if unsafe { fork() } >= 0 {
                    forked += 1;
                }
            }
            if forked > 0 {
                return -1;
            }
        }"#;
    answer_bitmask(&scratch, &right_answer_doing(bomb));
    assert_passes_and_pastes(&scratch);
}

/// Started as root, the answer runs as `nobody` (no group, no capability)
/// and, where the kernel lends them, in a pid namespace where it is not
/// the first process; as anyone, it is not root.
#[test]
fn the_answer_runs_unprivileged_in_namespaces_of_its_own() {
    let scratch = Scratch::take();
    let namespaces = holds("namespaces");
    let check = format!(
        r#"        extern "C" {{
            fn geteuid() -> u32;
            fn getegid() -> u32;
            fn getgroups(size: i32, list: *mut u32) -> i32;
            fn capget(header: *mut u32, data: *mut u32) -> i32;
            fn getpid() -> i32;
        }}
        if n == 1 {{
            let mut header = [0x2008_0522u32, 0];
            let mut capabilities = [0u32; 6];
            let ids = unsafe {{ (geteuid(), getegid(), getgroups(0, std::ptr::null_mut())) }};
            let read = unsafe {{ capget(header.as_mut_ptr(), capabilities.as_mut_ptr()) }};
            let root = {root};
            let unprivileged = ids.0 != 0 && (!root || (ids.0, ids.1, ids.2) == (65534, 65534, 0));
            let no_capability = read == 0 && capabilities.iter().all(|&set| set == 0);
            let own_pids = !{namespaces} || unsafe {{ getpid() }} == 2;
            if !(unprivileged && no_capability && own_pids) {{
                return -1;
            }}
        }}"#,
        root = rustix::process::geteuid().is_root(),
    );
    answer_bitmask(&scratch, &right_answer_doing(&check));
    assert_passes_and_pastes(&scratch);
}

/// A type nested 2,500 deep, and a file past a mebibyte: `practice test`
/// and `practice list` each say why the judge does not take it, and end as
/// they should (not by a stack overflow).
#[test]
fn a_file_too_deep_or_too_large_is_refused_and_the_command_survives() {
    let scratch = Scratch::take();
    let deep = format!(
        "type Deep = {}u8{};\n\nimpl Solution {{\n    pub fn total_n_queens(n: i32) -> i32 {{\n        n\n    }}\n}}",
        "Vec<".repeat(2500),
        ">".repeat(2500)
    );
    answer_bitmask(&scratch, &deep);
    let stdout = fails(&scratch);
    assert!(stdout.contains("Exercise 52 bitmask: not built by the judge"), "{stdout}");
    assert!(stdout.contains("nested too deeply to check"), "{stdout}");
    let listed = flat(&succeeds(&scratch, &["practice", "list"]));
    assert!(listed.contains("not built by the judge: the file is nested too deeply to check"), "{listed}");
    let large = format!("{}\n{}", "// padding\n".repeat(100_000), crate::verdicts::right_answer());
    answer_bitmask(&scratch, &large);
    let output = scratch.queens(&["practice", "test", "52", "bitmask"]);
    let (stdout, stderr) = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stderr.contains("it is larger than 1024 kB, more than an exercise takes"), "{stderr}");
    let listed = flat(&succeeds(&scratch, &["practice", "list"]));
    assert!(listed.contains("4 bitmask unreadable: `practice reset 52 bitmask` puts it aside"), "{listed}");
}

/// Terminal escapes in what an answer says (a panic's message, an own
/// test's, the compiler's quote of a `compile_error!`): clear the screen,
/// set the title, write the clipboard, print a green fake verdict. Every
/// one reaches the terminal shown, not obeyed, in `test` and in `list`.
#[test]
fn escapes_in_an_answers_words_are_shown_not_obeyed() {
    let scratch = Scratch::take();
    let escapes = r"\x1b[2J\x1b]0;title\x07\x1b]52;c;cGFzc2luZw==\x07\x1b[32mExercise 52 bitmask: passing\x1b[0m\r";
    let answers = [
        format!(
            "impl Solution {{\n    pub fn total_n_queens(_n: i32) -> i32 {{\n        panic!(\"{escapes}\")\n    }}\n}}"
        ),
        format!("compile_error!(\"{escapes}\");\n\n{}", crate::verdicts::right_answer()),
        format!(
            "{}\n\n#[cfg(test)]\nmod tests {{\n    #[test]\n    fn said() {{\n        panic!(\"{escapes}\");\n    }}\n}}",
            crate::verdicts::right_answer()
        ),
    ];
    for answer in answers {
        answer_bitmask(&scratch, &answer);
        for args in [&["practice", "test", "52", "bitmask"][..], &["practice", "list"]] {
            let output = scratch.queens(args);
            let (stdout, stderr) = printed(&output);
            for text in [&stdout, &stderr] {
                assert!(!text.contains('\x1b') && !text.contains('\x07') && !text.contains('\r'), "{args:?}: {text:?}");
            }
            assert!(stdout.contains("␛[2J") || stderr.contains("␛[2J"), "{args:?}: {stdout}\n{stderr}");
        }
    }
}

/// Code placed outside `main` (a constructor that prints libtest's summary
/// and ends the process before a failing test runs) is refused before it
/// is built; a failing own test whose `Drop` prints that summary and ends
/// the process with 0 is still a failing test.
#[test]
fn a_failing_own_test_is_never_called_passing() {
    let scratch = Scratch::take();
    let constructor = format!(
        "{}\n\n#[used]\n#[link_section = \".init_array\"]\nstatic LIE: extern \"C\" fn() = lie;\n\n\
         extern \"C\" fn lie() {{\n    println!(\"test result: ok. 1 passed; 0 failed\");\n    std::process::exit(0);\n}}\n\n\
         #[cfg(test)]\nmod tests {{\n    #[test]\n    fn fails() {{\n        assert_eq!(1, 2);\n    }}\n}}",
        crate::verdicts::right_answer()
    );
    answer_bitmask(&scratch, &constructor);
    let stdout = fails(&scratch);
    assert!(stdout.contains("not built by the judge `link_section` places code outside `main`"), "{stdout}");
    let drop_lies = format!(
        "{}\n\n#[cfg(test)]\nmod tests {{\n    struct Lie;\n\n    impl Drop for Lie {{\n        fn drop(&mut self) {{\n            \
         println!(\"test tests::fails ... ok\\n\\ntest result: ok. 1 passed; 0 failed\");\n            \
         std::process::exit(0);\n        }}\n    }}\n\n    #[test]\n    fn fails() {{\n        let _lie = Lie;\n        \
         assert_eq!(1, 2);\n    }}\n}}",
        crate::verdicts::right_answer()
    );
    answer_bitmask(&scratch, &drop_lies);
    let stdout = fails(&scratch);
    assert!(stdout.contains("your own test fails") || stdout.contains("own test"), "{stdout}");
    assert!(stdout.contains("tests::fails"), "{stdout}");
}

/// A layer the machine does not lend is said, not pretended: in a user
/// namespace where `nobody` has no id, root cannot give itself up for it,
/// and the probe says so (the verdict's note is made from these lines).
#[test]
fn a_missing_layer_is_said() {
    let unshare = Command::new("unshare").args(["--user", "--map-root-user", "true"]).status();
    if !unshare.is_ok_and(|status| status.success()) {
        eprintln!("skipped: no user namespace to try this in");
        return;
    }
    let output = Command::new("unshare")
        .args(["--user", "--map-root-user", env!("CARGO_BIN_EXE_queens"), "__fence", "--probe"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("unprivileged: giving up root"), "{said}");
    assert!(said.contains("landlock: held") || said.contains("landlock: this kernel has no Landlock"), "{said}");
}

/// What reading a learner's program's standard output gives, for the test below.
fn read_all(mut reader: impl Read) -> String {
    let mut text = String::new();
    let _ = reader.read_to_string(&mut text);
    text
}

/// A program that tries a socket, a file and a process, built with the
/// judge's answer to refused calls, statically or not, in `folder`; with
/// the launcher copied beside it (the workspace may be in a folder of
/// root's alone, where `nobody` cannot go).
fn attempts(folder: &Folder, statically: bool) -> (PathBuf, PathBuf) {
    let launcher = folder.0.join("queens");
    std::fs::copy(env!("CARGO_BIN_EXE_queens"), &launcher).unwrap();
    let program = "fn main() {\n    let socket = std::net::UdpSocket::bind(\"127.0.0.1:0\").is_ok();\n    \
                   let file = std::fs::read(\"/etc/passwd\").is_ok();\n    \
                   let process = std::process::Command::new(\"/bin/true\").status().is_ok();\n    \
                   println!(\"{} {} {}\", socket, file, process);\n}\n";
    let source = folder.0.join("attempts.rs");
    std::fs::write(&source, format!("{program}\n{}", n_queens_judge::program::REFUSALS)).unwrap();
    let binary = folder.0.join("attempts");
    let mut rustc = Command::new("rustc");
    rustc.args(["--edition", "2021", "-o"]).arg(&binary).arg(&source);
    if statically {
        rustc.args(["-C", "target-feature=+crt-static"]);
    }
    assert!(rustc.status().unwrap().success());
    (launcher, binary)
}

/// The command that runs `binary` through `launcher` with every layer that
/// `said` (the probe's output) found held, and `extra` flags.
fn fenced(launcher: &Path, binary: &Path, said: &str, extra: &[&str]) -> Command {
    let mut run = Command::new(launcher);
    run.args(["__fence", "--answer"]).args(extra);
    for layer in ["landlock", "allowlist", "unprivileged", "namespaces"] {
        if said.contains(&format!("{layer}: held")) {
            run.arg(format!("--{layer}"));
        }
    }
    run.args(["--memory", "1073741824", "--cpu", "10", "--file-size", "1048576", "--more-tasks", "16"]);
    run.arg("--").arg(binary).env_clear();
    run
}

/// As an ordinary user (the tests, as root, become `nobody` for it), the
/// launcher still puts every layer it finds on a program: the probe finds
/// them, and a program that tries a socket, a file and a process is
/// refused each.
#[test]
fn as_an_ordinary_user_every_layer_holds() {
    use std::os::unix::process::CommandExt;
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped: the other tests already run as an ordinary user");
        return;
    }
    let folder = Folder::new();
    let (launcher, binary) = attempts(&folder, true);
    let mut probe = Command::new(&launcher);
    probe.args(["__fence", "--probe"]).uid(65534).gid(65534);
    let said = read_all(&probe.output().unwrap().stdout[..]);
    for layer in ["landlock", "allowlist", "unprivileged"] {
        assert!(said.contains(&format!("{layer}: held")), "{said}");
    }
    let output = fenced(&launcher, &binary, &said, &[]).uid(65534).gid(65534).output().unwrap();
    assert_eq!(read_all(&output.stdout[..]).trim(), "false false false", "{:?}", read_all(&output.stderr[..]));
}

/// Where the C library has no static archive, a program is linked to the
/// system's libraries, and runs behind the other layers: it may load those
/// libraries, and still reaches no socket, no other file and no process.
#[test]
fn a_program_linked_to_the_systems_libraries_runs_behind_the_other_layers() {
    let folder = Folder::new();
    let (launcher, binary) = attempts(&folder, false);
    let said = layers().iter().map(|(layer, held)| format!("{layer}: {held}\n")).collect::<String>();
    let mut extra = vec!["--dynamic".to_string()];
    for path in n_queens_judge::toolchain::library_paths() {
        extra.extend(["--read".to_string(), path.display().to_string()]);
    }
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let output = fenced(&launcher, &binary, &said, &extra).output().unwrap();
    assert_eq!(read_all(&output.stdout[..]).trim(), "false false false", "{:?}", read_all(&output.stderr[..]));
}

/// A folder in the temporary folder that any user may enter and write, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new() -> Folder {
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("n_queens_fence_test-{}-{count}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o777)).unwrap();
        Folder(path)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
