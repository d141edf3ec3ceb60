//! The fence around code that is not ours: a learner's answer, and the
//! compiler that builds it (whose `include_str!` reads files). Linux only.
//!
//! A fenced program is started through a launcher: a binary of ours that,
//! given [`ENTER`] as its first argument ([`enter_if_asked`]), sets the
//! limits of [`Limits`] on itself, shuts itself in with Landlock (the
//! `landlock` crate: unprivileged, per process, inherited by every process
//! it starts), and then `exec`s the program, which starts inside. So no
//! instruction of the program runs outside the fence. Inside:
//!
//! - only the paths of [`Fence::read`] can be read (and executed), and only
//!   those of [`Fence::write`] written: no file of the workspace or of the
//!   home folder, no `/proc` (so no other process's memory), no `/tmp`;
//! - no signal reaches a process outside, no abstract socket outside is
//!   reached, and no TCP connection is made (where the kernel's Landlock
//!   has these, from ABI 4 and 6);
//! - address space, processor time, file size and the number of tasks of
//!   the user are limited, and no core file is written.
//!
//! Where the kernel has no Landlock, [`status`] says so, and the caller runs
//! the program with its limits alone and says "not fenced" ([`Fenced`]).

use std::ffi::{OsStr, OsString};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The first argument that makes a launcher enter the fence.
pub const ENTER: &str = "__fence";

/// The exit code of a launcher that could not fence or start the program,
/// as `env` and `timeout` use 125 for their own failures; its reason is the
/// last line of its standard error, after [`FAILED`].
pub const LAUNCH_FAILED: i32 = 125;

/// How the launcher's own failure starts on standard error.
pub const FAILED: &str = "fence: ";

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
    /// How many more tasks (processes and threads) the user may have than
    /// it has now (`RLIMIT_NPROC`, which counts all of the user's tasks; the
    /// kernel holds root to none).
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

/// A fence: what may be read and written inside, and the limits.
#[derive(Clone, Debug)]
pub struct Fence {
    /// Paths (files or folders, with all below them) that may be read and executed.
    pub read: Vec<PathBuf>,
    /// Paths that may be read, executed and written.
    pub write: Vec<PathBuf>,
    /// The limits.
    pub limits: Limits,
}

/// Whether a run was fenced: `Err` says why not.
pub type Fenced = Result<(), String>;

impl Fence {
    /// The command that runs `program` with `args` inside this fence,
    /// started by `launcher`, with Landlock when `fenced` is `Ok`. Its
    /// environment is empty; the caller adds what the program needs.
    pub fn command(&self, launcher: &Path, fenced: &Fenced, program: &Path, args: &[&OsStr]) -> Command {
        let mut command = Command::new(launcher);
        command.arg(ENTER);
        if fenced.is_ok() {
            command.arg("--landlock");
        }
        let Limits { memory, cpu_seconds, file_size, more_tasks } = self.limits;
        command.args(["--memory", &memory.to_string(), "--cpu", &cpu_seconds.to_string()]);
        command.args(["--file-size", &file_size.to_string()]);
        if let Some(tasks) = user_tasks().map(|count| count + more_tasks) {
            command.args(["--tasks", &tasks.to_string()]);
        }
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

/// Whether programs can be fenced on this machine, found once by a probe
/// through `launcher` (which applies the fence with no rules and says what
/// Landlock enforced): `Err` says why not.
pub fn status(launcher: &Path) -> &'static Fenced {
    static STATUS: OnceLock<Fenced> = OnceLock::new();
    STATUS.get_or_init(|| {
        let output = Command::new(launcher).args([ENTER, "--probe"]).env_clear().output();
        let output = output.map_err(|error| format!("the fence's launcher could not start: {error}"))?;
        let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
        if output.status.success() && said == "fenced" {
            return Ok(());
        }
        let stderr = String::from_utf8_lossy(&output.stderr);
        let why = said.strip_prefix("not fenced: ").map(str::to_string);
        Err(why.unwrap_or_else(|| format!("the fence's probe failed: {}", stderr.trim())))
    })
}

/// The number of tasks (threads) of this process's user now, from `/proc`;
/// `None` when it cannot be read. What `RLIMIT_NPROC` counts.
fn user_tasks() -> Option<u64> {
    let me = rustix::process::getuid().as_raw();
    let mut tasks = 0;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else { continue };
        let field = |name: &str| status.lines().find_map(|line| line.strip_prefix(name)).map(str::trim);
        let uid = field("Uid:").and_then(|uids| uids.split_whitespace().next()?.parse::<u32>().ok());
        if uid == Some(me) {
            tasks += field("Threads:").and_then(|count| count.parse::<u64>().ok()).unwrap_or(1);
        }
    }
    (tasks > 0).then_some(tasks)
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
    let failed = match enter(&args) {
        Ok(never) => match never {},
        Err(why) => why,
    };
    eprintln!("{FAILED}{failed}");
    std::process::exit(LAUNCH_FAILED)
}

/// An outcome that cannot be: what `exec` returns when it works.
enum Never {}

/// Parses the launcher's arguments, sets the limits, applies Landlock and
/// `exec`s the program; or says why it could not.
fn enter(args: &[OsString]) -> Result<Never, String> {
    let mut landlock = false;
    let (mut read, mut write) = (Vec::new(), Vec::new());
    let mut limits: Vec<(rustix::process::Resource, u64)> = vec![(rustix::process::Resource::Core, 0)];
    let mut args = args.iter();
    let number = |value: Option<&OsString>| -> Result<u64, String> {
        let value = value.and_then(|value| value.to_str()).ok_or("a number is missing")?;
        value.parse().map_err(|_| format!("{value:?} is not a number"))
    };
    loop {
        let Some(arg) = args.next() else { return Err("no program to start".to_string()) };
        match arg.to_str() {
            Some("--probe") => probe(),
            Some("--landlock") => landlock = true,
            Some("--memory") => limits.push((rustix::process::Resource::As, number(args.next())?)),
            Some("--cpu") => limits.push((rustix::process::Resource::Cpu, number(args.next())?)),
            Some("--file-size") => limits.push((rustix::process::Resource::Fsize, number(args.next())?)),
            Some("--tasks") => limits.push((rustix::process::Resource::Nproc, number(args.next())?)),
            Some("--read") => read.push(PathBuf::from(args.next().ok_or("--read takes a path")?)),
            Some("--write") => write.push(PathBuf::from(args.next().ok_or("--write takes a path")?)),
            Some("--") => break,
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    let program = args.next().ok_or("no program to start")?;
    for (resource, limit) in limits {
        // Processor time: the soft limit sends SIGXCPU, the hard one a second later SIGKILL.
        let hard = if resource == rustix::process::Resource::Cpu { limit + 1 } else { limit };
        let rlimit = rustix::process::Rlimit { current: Some(limit), maximum: Some(hard) };
        rustix::process::setrlimit(resource, rlimit).map_err(|error| format!("setting {resource:?}: {error}"))?;
    }
    if landlock {
        let enforced = restrict(&read, &write)?;
        if enforced == landlock::RulesetStatus::NotEnforced {
            return Err("Landlock enforced nothing".to_string());
        }
    }
    let error = Command::new(program).args(args).exec();
    Err(format!("starting {}: {error}", Path::new(program).display()))
}

/// The Landlock ABI whose rights the fence asks for: the kernel gives what
/// it has of them (best effort), which [`restrict`]'s status reports.
const ABI: landlock::ABI = landlock::ABI::V6;

/// Shuts this process in: reading and executing only `read` and `write`,
/// writing only `write`; no signal or abstract socket outside; no TCP.
fn restrict(read: &[PathBuf], write: &[PathBuf]) -> Result<landlock::RulesetStatus, String> {
    use landlock::{Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, path_beneath_rules};
    let failed = |error: landlock::RulesetError| format!("Landlock: {error}");
    let status = Ruleset::default()
        .handle_access(AccessFs::from_all(ABI))
        .and_then(|ruleset| ruleset.handle_access(AccessNet::from_all(ABI)))
        .and_then(|ruleset| ruleset.scope(Scope::from_all(ABI)))
        .and_then(|ruleset| ruleset.create())
        .and_then(|ruleset| ruleset.add_rules(path_beneath_rules(read, AccessFs::from_read(ABI))))
        .and_then(|ruleset| ruleset.add_rules(path_beneath_rules(write, AccessFs::from_all(ABI))))
        .and_then(|ruleset| ruleset.restrict_self())
        .map_err(failed)?;
    Ok(status.ruleset)
}

/// `--probe`: applies the fence with no rules, says on standard output
/// whether Landlock enforced it (`fenced`, or `not fenced: why`), and exits.
fn probe() -> ! {
    match restrict(&[], &[]) {
        Ok(landlock::RulesetStatus::NotEnforced) => {
            println!("not fenced: this kernel has no Landlock (Linux 5.13 or newer, with Landlock enabled)");
        }
        Ok(_) => println!("fenced"),
        Err(why) => println!("not fenced: {why}"),
    }
    std::process::exit(0)
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
    fn this_user_has_tasks() {
        assert!(user_tasks().is_some_and(|tasks| tasks >= 1));
    }
}
