//! The fence around code that is not ours: a learner's answer, and the
//! compiler that builds it (whose `include_str!` reads files). Linux only.
//!
//! A fenced program is started through a launcher: a binary of ours that,
//! given [`ENTER`] as its first argument ([`enter_if_asked`]), shuts itself
//! in and then starts the program, so that no instruction of the program
//! runs outside. The fence is made of layers, as an online judge's sandbox
//! is (IOI's isolate, Google's nsjail), each enough to stop some attacks
//! alone and none trusted alone:
//!
//! - **Limits** ([`Limits`]): address space, processor time, file size, the
//!   user's tasks; no core file.
//! - **Landlock** (the `landlock` crate): only the paths of [`Fence::read`]
//!   can be read (and executed), and those of [`Fence::write`] written; no
//!   signal or abstract socket reaches outside; no TCP connection.
//!
//! A learner's program ([`Inside::Answer`]) has four more:
//!
//! - **No privilege**: started as root, it runs as `nobody` (no group, no
//!   capability); as anyone, with `no_new_privs`.
//! - **Namespaces** (user, pid, net, mount, ipc), where the kernel lends
//!   them: it sees no other process and no network, and whatever it leaves
//!   running ends when it does.
//! - **A system-call allowlist** (seccomp, [`allowlist`]): memory, threads,
//!   time, its own signals, reading and writing the descriptors it was
//!   given; no socket, no new process, no path looked up.
//! - **Nothing outside itself**: linked statically, it needs no file but its
//!   own binary, which it is started from by a descriptor to a copy that no
//!   path leads to.
//!
//! Which layers this machine lends is found once by a probe ([`status`]);
//! a layer it lacks is left out and said ([`Layers::missing`]), never
//! pretended. The launcher itself is in `fence/launch.rs`.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

#[cfg_attr(not(any(target_arch = "x86_64", target_arch = "aarch64")), path = "fence/no_allowlist.rs")]
pub mod allowlist;
mod launch;

/// The first argument that makes a launcher enter the fence.
pub const ENTER: &str = "__fence";

/// The exit code of a launcher that could not fence or start the program,
/// as `env` and `timeout` use 125 for their own failures; its reason is the
/// last line of its standard error, after [`FAILED`].
pub const LAUNCH_FAILED: i32 = 125;

/// How the launcher's own failure starts on standard error.
pub const FAILED: &str = "fence: ";

/// The user and group a learner's program runs as when started as root:
/// `nobody` and `nogroup` (the kernel's overflow ids).
pub const NOBODY: u32 = 65534;

/// What a process inside the fence may use, each the same for the process
/// and every process it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Address space, in bytes (`RLIMIT_AS`): an allocation past it fails.
    pub memory: u64,
    /// Processor time, in seconds (`RLIMIT_CPU`): `SIGXCPU` past it, then `SIGKILL`.
    pub cpu_seconds: u64,
    /// The largest file it may write, in bytes (`RLIMIT_FSIZE`): `SIGXFSZ` past it.
    pub file_size: u64,
    /// How many more tasks (processes and threads) its user may have than
    /// that user has now (`RLIMIT_NPROC`, which counts all of the user's
    /// tasks; the kernel holds root to none, which is one reason a learner's
    /// program does not run as root).
    pub more_tasks: u64,
}

/// `1 GiB`, `2 GiB`, `512 MiB`: a limit in words.
pub fn in_words(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes.is_multiple_of(1 << 30) {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

/// What runs inside a fence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inside {
    /// A compiler: it starts the linker and reads the toolchain, so it has
    /// the limits and Landlock alone.
    Compiler,
    /// A learner's program, behind every layer. `dynamic`: it is linked to
    /// the system's libraries (where the static C library is missing), so
    /// it may open and map them.
    Answer {
        /// Whether it loads the system's libraries.
        dynamic: bool,
    },
}

/// A fence: what may be read and written inside, the limits, and what runs.
#[derive(Clone, Debug)]
pub struct Fence {
    /// Paths (files or folders, with all below them) that may be read and executed.
    pub read: Vec<PathBuf>,
    /// Paths that may be read, executed and written.
    pub write: Vec<PathBuf>,
    /// The limits.
    pub limits: Limits,
    /// What runs inside.
    pub inside: Inside,
}

/// Whether one layer of the fence holds: `Err` says why not.
pub type Fenced = Result<(), String>;

/// The layers of the fence that this machine lends, beyond the limits,
/// which every Linux has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Landlock: no file but those allowed.
    pub landlock: Fenced,
    /// The system-call allowlist (seccomp).
    pub allowlist: Fenced,
    /// Running without privilege: as `nobody` when started as root.
    pub unprivileged: Fenced,
    /// New user, pid, net, mount and ipc namespaces.
    pub namespaces: Fenced,
}

impl Layers {
    /// None: code of the workspace's own, which runs as it is.
    pub fn none(why: &str) -> Layers {
        let no = || Err(why.to_string());
        Layers { landlock: no(), allowlist: no(), unprivileged: no(), namespaces: no() }
    }

    /// The layers not in force, each in a sentence (`not fenced by Landlock:
    /// this kernel has no Landlock`); none when all hold.
    pub fn missing(&self) -> Vec<String> {
        let layers = [
            ("not fenced by Landlock", &self.landlock),
            ("no system-call allowlist", &self.allowlist),
            ("not unprivileged", &self.unprivileged),
            ("no namespaces", &self.namespaces),
        ];
        layers.iter().filter_map(|(layer, held)| held.as_ref().err().map(|why| format!("{layer}: {why}"))).collect()
    }
}

impl Fence {
    /// The command that runs `program` with `args` inside this fence,
    /// started by `launcher`, with the `layers` this machine lends. Its
    /// environment is empty; the caller adds what the program needs.
    pub fn command(&self, launcher: &Path, layers: &Layers, program: &Path, args: &[&OsStr]) -> Command {
        let mut command = Command::new(launcher);
        command.arg(ENTER);
        if layers.landlock.is_ok() {
            command.arg("--landlock");
        }
        if let Inside::Answer { dynamic } = self.inside {
            command.arg("--answer");
            let flags = [
                (layers.allowlist.is_ok(), "--allowlist"),
                (layers.unprivileged.is_ok(), "--unprivileged"),
                (layers.namespaces.is_ok(), "--namespaces"),
                (dynamic, "--dynamic"),
            ];
            command.args(flags.iter().filter(|(on, _)| *on).map(|(_, flag)| flag));
        }
        let Limits { memory, cpu_seconds, file_size, more_tasks } = self.limits;
        command.args(["--memory", &memory.to_string(), "--cpu", &cpu_seconds.to_string()]);
        command.args(["--file-size", &file_size.to_string(), "--more-tasks", &more_tasks.to_string()]);
        for path in &self.read {
            command.arg("--read").arg(path);
        }
        for path in &self.write {
            command.arg("--write").arg(path);
        }
        command.arg("--").arg(program).args(args).env_clear();
        command
    }
}

/// The layers this machine lends, found once by a probe through `launcher`,
/// which tries each as a learner's program would be fenced and says which held.
pub fn status(launcher: &Path) -> &'static Layers {
    static STATUS: OnceLock<Layers> = OnceLock::new();
    STATUS.get_or_init(|| {
        let output = Command::new(launcher).args([ENTER, "--probe"]).env_clear().output();
        let output = match output {
            Ok(output) => output,
            Err(error) => return Layers::none(&format!("the fence's launcher could not start: {error}")),
        };
        let said = String::from_utf8_lossy(&output.stdout);
        let layer = |name: &str| -> Fenced {
            let line = said.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(": "));
            match line {
                Some("held") => Ok(()),
                Some(why) => Err(why.to_string()),
                None => Err(format!(
                    "the fence's probe did not say ({})",
                    String::from_utf8_lossy(&output.stderr).trim().lines().last().unwrap_or("no message")
                )),
            }
        };
        Layers {
            landlock: layer(launch::LANDLOCK),
            allowlist: layer(launch::ALLOWLIST),
            unprivileged: layer(launch::UNPRIVILEGED),
            namespaces: layer(launch::NAMESPACES),
        }
    })
}

/// In a launcher's `main`, before anything else: when the first argument
/// is [`ENTER`], enters the fence and starts the program, and never
/// returns; otherwise returns at once.
pub fn enter_if_asked() {
    let mut args = std::env::args_os().skip(1);
    if args.next().as_deref() != Some(OsStr::new(ENTER)) {
        return;
    }
    let args: Vec<OsString> = args.collect();
    let failed = match launch::enter(&args) {
        Ok(never) => match never {},
        Err(why) => why,
    };
    eprintln!("{FAILED}{failed}");
    std::process::exit(LAUNCH_FAILED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_in_words() {
        assert_eq!(in_words(2 << 30), "2 GiB");
        assert_eq!(in_words(512 << 20), "512 MiB");
    }

    #[test]
    fn missing_layers_are_each_said_with_why() {
        let mut layers = Layers::none("x");
        assert_eq!(layers.missing().len(), 4);
        layers =
            Layers { landlock: Ok(()), allowlist: Ok(()), unprivileged: Ok(()), namespaces: Err("refused".into()) };
        assert_eq!(layers.missing(), vec!["no namespaces: refused".to_string()]);
    }
}
