//! The launcher: the process that shuts itself in and then becomes the
//! program ([`enter`]), and the probe that finds which layers this machine
//! lends ([`probe`]).
//!
//! A compiler is started in one step: limits, Landlock, `exec`. A
//! learner's program, in the namespaces, in three processes:
//!
//! 1. this launcher makes the new namespaces, then starts a holder and the
//!    next launcher in them, and waits for that one: so it reads how the
//!    program ended (its exit code or its signal) and ends the same way;
//!    once it has, the holder is ended, and with it everything left in
//!    the namespaces;
//! 2. the holder is process 1 of the new pid namespace (which the kernel
//!    shields from most signals, even its own `abort`: so the program is
//!    never process 1, and its signals mean what they say);
//! 3. the next launcher fences itself ([`fence_and_start`]) and starts the
//!    program.
//!
//! Without namespaces, step 3 alone. Every step is single-threaded, which
//! changing the user of a process thread by thread needs.

use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::Command;

use rustix::process::{Gid, Resource, Uid};

use super::{ENTER, NOBODY, allowlist};

/// The probe's name for Landlock, on its line of output.
pub(super) const LANDLOCK: &str = "landlock";
/// The probe's name for the system-call allowlist.
pub(super) const ALLOWLIST: &str = "allowlist";
/// The probe's name for running without privilege.
pub(super) const UNPRIVILEGED: &str = "unprivileged";
/// The probe's name for the namespaces.
pub(super) const NAMESPACES: &str = "namespaces";

/// An outcome that cannot be: what `exec` returns when it works.
pub(crate) enum Never {}

/// What the launcher was asked to do, from its arguments.
#[derive(Clone, Debug, Default)]
struct Launch {
    /// `--probe`: say which layers hold, and start nothing.
    probe: bool,
    /// `--hold`: be process 1 of new namespaces until ended.
    hold: bool,
    landlock: bool,
    /// A learner's program: copied, started from a descriptor, every layer.
    answer: bool,
    allowlist: bool,
    unprivileged: bool,
    namespaces: bool,
    dynamic: bool,
    limits: Vec<(&'static str, u64)>,
    read: Vec<PathBuf>,
    write: Vec<PathBuf>,
    program: OsString,
    args: Vec<OsString>,
}

/// The flags that switch a layer on, with their fields.
const FLAGS: [&str; 8] =
    ["--probe", "--hold", "--landlock", "--answer", "--allowlist", "--unprivileged", "--namespaces", "--dynamic"];

/// The limits' flags.
const LIMITS: [&str; 4] = ["--memory", "--cpu", "--file-size", "--more-tasks"];

impl Launch {
    fn parse(args: &[OsString]) -> Result<Launch, String> {
        let mut launch = Launch::default();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let arg = arg.to_str().ok_or_else(|| format!("unknown argument {arg:?}"))?;
            if let Some(on) = launch.flag(arg) {
                *on = true;
                if launch.probe || launch.hold {
                    return Ok(launch);
                }
                continue;
            }
            let mut value = || args.next().ok_or_else(|| format!("{arg} takes a value"));
            match arg {
                "--read" => launch.read.push(PathBuf::from(value()?)),
                "--write" => launch.write.push(PathBuf::from(value()?)),
                "--" => break,
                _ => match LIMITS.iter().find(|&&limit| limit == arg) {
                    Some(&limit) => {
                        let value = value()?.to_string_lossy().into_owned();
                        let number = value.parse().map_err(|_| format!("{value:?} is not a number"))?;
                        launch.limits.push((limit, number));
                    }
                    None => return Err(format!("unknown argument {arg:?}")),
                },
            }
        }
        launch.program = args.next().ok_or("no program to start")?.clone();
        launch.args = args.cloned().collect();
        Ok(launch)
    }

    /// The field of the flag `name`.
    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        let fields = [
            &mut self.probe,
            &mut self.hold,
            &mut self.landlock,
            &mut self.answer,
            &mut self.allowlist,
            &mut self.unprivileged,
            &mut self.namespaces,
            &mut self.dynamic,
        ];
        FLAGS.iter().zip(fields).find(|(flag, _)| **flag == name).map(|(_, field)| field)
    }

    /// The arguments that ask for this launch again ([`Launch::parse`]'s).
    fn args(&self) -> Vec<OsString> {
        let mut copy = self.clone();
        let mut args: Vec<OsString> = vec![ENTER.into()];
        for flag in FLAGS {
            if *copy.flag(flag).expect("a flag") {
                args.push(flag.into());
            }
        }
        for (limit, value) in &self.limits {
            args.extend([OsString::from(limit), value.to_string().into()]);
        }
        for (flag, paths) in [("--read", &self.read), ("--write", &self.write)] {
            for path in paths {
                args.extend([OsString::from(flag), path.into()]);
            }
        }
        args.extend([OsString::from("--"), self.program.clone()]);
        args.extend(self.args.iter().cloned());
        args
    }
}

/// Parses the launcher's arguments and does what they ask: shuts this
/// process in and `exec`s the program; or says why it could not.
pub(super) fn enter(args: &[OsString]) -> Result<Never, String> {
    let launch = Launch::parse(args)?;
    if launch.probe {
        probe();
    }
    if launch.hold {
        hold();
    }
    if launch.namespaces {
        return in_namespaces(&launch);
    }
    fence_and_start(&launch)
}

/// Whether this process runs as root.
fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// The namespaces a learner's program gets: its own processes, network,
/// mounts and inter-process communication; and, for a user without
/// privilege (who needs it to make the others), its own user namespace.
fn unshare() -> Result<(), String> {
    use nix::sched::CloneFlags;
    let root = is_root();
    let mut flags = CloneFlags::CLONE_NEWPID | CloneFlags::CLONE_NEWNET | CloneFlags::CLONE_NEWNS;
    flags |= CloneFlags::CLONE_NEWIPC;
    if !root {
        flags |= CloneFlags::CLONE_NEWUSER;
    }
    let (uid, gid) = (rustix::process::getuid().as_raw(), rustix::process::getgid().as_raw());
    nix::sched::unshare(flags).map_err(|error| format!("the kernel refused new namespaces ({error})"))?;
    if !root {
        // The same user and group inside as outside, and no change of groups.
        let write = |file: &str, text: String| {
            std::fs::write(format!("/proc/self/{file}"), text).map_err(|error| format!("writing {file}: {error}"))
        };
        write("setgroups", "deny".to_string())?;
        write("uid_map", format!("{uid} {uid} 1"))?;
        write("gid_map", format!("{gid} {gid} 1"))?;
    }
    Ok(())
}

/// Step 1: makes the namespaces, starts the holder and then the next
/// launcher in them, and ends as the program ended.
fn in_namespaces(launch: &Launch) -> Result<Never, String> {
    unshare()?;
    let this = std::env::current_exe().map_err(|error| format!("finding the launcher's own path: {error}"))?;
    let mut holder = Command::new(&this)
        .args([ENTER, "--hold"])
        .stdin(std::process::Stdio::null())
        .spawn()
        .map_err(|error| format!("starting the namespaces' first process: {error}"))?;
    let next = Launch { namespaces: false, ..launch.clone() };
    let ended = Command::new(&this).args(next.args()).status();
    // Whatever the program left running in its namespaces ends with the holder.
    let _ = holder.kill();
    let _ = holder.wait();
    let status = ended.map_err(|error| format!("starting the fenced launcher: {error}"))?;
    match (status.code(), status.signal()) {
        (Some(code), _) => std::process::exit(code),
        (_, signal) => {
            let signal = signal.unwrap_or(libc::SIGKILL);
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal)
        }
    }
}

/// Step 2: process 1 of the new namespaces, which only waits to be ended
/// (by step 1, or with it: its parent's death ends it).
fn hold() -> ! {
    let _ = rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL));
    loop {
        std::thread::park();
    }
}

/// The number of tasks (threads) of user `uid` now, from `/proc`; `None`
/// when it cannot be read. What `RLIMIT_NPROC` counts.
fn user_tasks(uid: u32) -> Option<u64> {
    let mut tasks = 0;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else { continue };
        let field = |name: &str| status.lines().find_map(|line| line.strip_prefix(name)).map(str::trim);
        let real = field("Uid:").and_then(|uids| uids.split_whitespace().next()?.parse::<u32>().ok());
        if real == Some(uid) {
            tasks += field("Threads:").and_then(|count| count.parse::<u64>().ok()).unwrap_or(1);
        }
    }
    Some(tasks)
}

/// Sets the limits on this process: each as asked, the tasks as the user
/// it will run as has now plus those asked for; and no core file.
fn set_limits(launch: &Launch, uid: u32) -> Result<(), String> {
    let mut limits = vec![(Resource::Core, 0)];
    for &(limit, value) in &launch.limits {
        let resource = match limit {
            "--memory" => Resource::As,
            "--cpu" => Resource::Cpu,
            "--file-size" => Resource::Fsize,
            _ => match user_tasks(uid) {
                Some(tasks) => {
                    limits.push((Resource::Nproc, tasks + value));
                    continue;
                }
                None => continue,
            },
        };
        limits.push((resource, value));
    }
    for (resource, limit) in limits {
        // Processor time: the soft limit sends SIGXCPU, the hard one a second later SIGKILL.
        let hard = if resource == Resource::Cpu { limit + 1 } else { limit };
        let rlimit = rustix::process::Rlimit { current: Some(limit), maximum: Some(hard) };
        rustix::process::setrlimit(resource, rlimit).map_err(|error| format!("setting {resource:?}: {error}"))?;
    }
    Ok(())
}

/// A copy of `program` that no path leads to, open to be started: so the
/// program cannot start itself again by a path, and Landlock's rule for
/// it is its copy's alone.
fn copy_of(program: &Path) -> Result<File, String> {
    let name = program.file_name().map_or_else(|| "program".into(), OsStr::to_os_string);
    let mut copy_name = name;
    copy_name.push(format!(".{}", std::process::id()));
    let copy = program.with_file_name(copy_name);
    let failed = |error: std::io::Error| format!("copying {} to start it: {error}", program.display());
    std::fs::copy(program, &copy).map_err(failed)?;
    // Readable and runnable by whoever it runs as (`nobody`, when started as root).
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o555)).map_err(failed)?;
    let file = File::open(&copy).map_err(failed);
    let _ = std::fs::remove_file(&copy);
    file
}

/// Runs as `nobody`, with no supplementary group and so no capability
/// left (the kernel drops them when every user id leaves root). The calls
/// change this thread's credentials alone: the launcher has no other.
fn give_up_root() -> Result<(), String> {
    let failed = |what: &str, error: rustix::io::Errno| format!("giving up root ({what}): {error}");
    let (gid, uid) = (Gid::from_raw(NOBODY), Uid::from_raw(NOBODY));
    rustix::thread::set_thread_groups(&[]).map_err(|error| failed("groups", error))?;
    rustix::thread::set_thread_res_gid(gid, gid, gid).map_err(|error| failed("group", error))?;
    rustix::thread::set_thread_res_uid(uid, uid, uid).map_err(|error| failed("user", error))?;
    let capabilities = rustix::thread::capabilities(None).map_err(|error| failed("capabilities", error))?;
    if is_root() || !capabilities.permitted.is_empty() || !capabilities.effective.is_empty() {
        return Err("giving up root: it is still privileged".to_string());
    }
    Ok(())
}

/// The Landlock ABI whose rights the fence asks for: the kernel gives what
/// it has of them (best effort), which [`restrict`]'s status reports.
const ABI: landlock::ABI = landlock::ABI::V6;

/// Shuts this process in: reading and executing only `read`, `write` and
/// the file `program`; writing only `write`; no signal or abstract socket
/// outside; no TCP.
fn restrict(read: &[PathBuf], write: &[PathBuf], program: Option<&File>) -> Result<landlock::RulesetStatus, String> {
    use landlock::{
        Access, AccessFs, AccessNet, PathBeneath, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, path_beneath_rules,
    };
    let failed = |error: landlock::RulesetError| format!("Landlock: {error}");
    let mut ruleset = Ruleset::default()
        .handle_access(AccessFs::from_all(ABI))
        .and_then(|ruleset| ruleset.handle_access(AccessNet::from_all(ABI)))
        .and_then(|ruleset| ruleset.scope(Scope::from_all(ABI)))
        .and_then(|ruleset| ruleset.create())
        .and_then(|ruleset| ruleset.add_rules(path_beneath_rules(read, AccessFs::from_read(ABI))))
        .and_then(|ruleset| ruleset.add_rules(path_beneath_rules(write, AccessFs::from_all(ABI))))
        .map_err(failed)?;
    if let Some(program) = program {
        let rights = AccessFs::from_read(ABI) & AccessFs::from_file(ABI);
        ruleset = ruleset.add_rule(PathBeneath::new(program, rights)).map_err(failed)?;
    }
    let status = ruleset.restrict_self().map_err(failed)?;
    Ok(status.ruleset)
}

/// Step 3, or the only one: sets the limits, copies a learner's program,
/// gives up root, applies Landlock and the allowlist, and starts the program.
fn fence_and_start(launch: &Launch) -> Result<Never, String> {
    let root = is_root();
    let uid = if root && launch.unprivileged { NOBODY } else { rustix::process::getuid().as_raw() };
    let program = Path::new(&launch.program);
    // Copied before the limits, whose file size is the program's, not its launcher's.
    let copy = if launch.answer { Some(copy_of(program)?) } else { None };
    set_limits(launch, uid)?;
    if launch.answer {
        if root && launch.unprivileged {
            give_up_root()?;
        }
        // Set after the change of user, which clears it: the program ends with its launcher.
        rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL))
            .map_err(|error| format!("tying the program to its launcher: {error}"))?;
        rustix::thread::set_no_new_privs(true).map_err(|error| format!("no_new_privs: {error}"))?;
    }
    if launch.landlock {
        let enforced = restrict(&launch.read, &launch.write, copy.as_ref())?;
        if enforced == landlock::RulesetStatus::NotEnforced {
            return Err("Landlock enforced nothing".to_string());
        }
    }
    let Some(copy) = copy else {
        let error = Command::new(program).args(&launch.args).exec();
        return Err(format!("starting {}: {error}", program.display()));
    };
    let c_string = |text: &OsStr| CString::new(text.as_bytes()).map_err(|_| format!("{text:?} holds a zero byte"));
    let mut args = vec![c_string(program.as_os_str())?];
    for arg in &launch.args {
        args.push(c_string(arg)?);
    }
    let mut env = Vec::new();
    for (name, value) in std::env::vars_os() {
        let mut pair = name;
        pair.push("=");
        pair.push(value);
        env.push(c_string(&pair)?);
    }
    if launch.allowlist {
        allowlist::install(copy.as_raw_fd(), rustix::process::getpid().as_raw_nonzero().get(), launch.dynamic)?;
    }
    let error = nix::unistd::fexecve(&copy, &args, &env).unwrap_err();
    Err(format!("starting {}: {error}", program.display()))
}

/// `--probe`: tries each layer in this process as a learner's program
/// gets them, in the same order, says on standard output which held
/// (`landlock: held`, or `landlock: why not`), and ends.
fn probe() -> ! {
    let said = |held: Result<(), String>| held.err().unwrap_or_else(|| "held".to_string());
    let namespaces = said(unshare());
    let unprivileged = said(if is_root() { give_up_root() } else { Ok(()) });
    let landlock = said(match restrict(&[], &[], None) {
        Ok(landlock::RulesetStatus::NotEnforced) => {
            Err("this kernel has no Landlock (Linux 5.13 or newer, with Landlock enabled)".to_string())
        }
        Ok(_) => Ok(()),
        Err(why) => Err(why),
    });
    let allowlist = said(allowlist::install(-1, rustix::process::getpid().as_raw_nonzero().get(), false));
    println!(
        "{NAMESPACES}: {namespaces}\n{UNPRIVILEGED}: {unprivileged}\n{LANDLOCK}: {landlock}\n{ALLOWLIST}: {allowlist}"
    );
    std::process::exit(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_launch_reads_back_from_its_own_arguments() {
        let args: Vec<OsString> =
            ["--landlock", "--answer", "--allowlist", "--memory", "5", "--read", "/a b", "--", "/p", "-x"]
                .map(OsString::from)
                .to_vec();
        let launch = Launch::parse(&args).unwrap();
        assert!(launch.landlock && launch.answer && launch.allowlist && !launch.namespaces && !launch.dynamic);
        assert_eq!(launch.limits, vec![("--memory", 5)]);
        let again = launch.args();
        assert_eq!(again[0], ENTER);
        assert_eq!(&again[1..], &args[..]);
        assert!(Launch::parse(&["--memory".into(), "x".into()]).is_err());
        assert!(Launch::parse(&["--landlock".into()]).is_err(), "no program");
    }

    #[test]
    fn this_user_has_tasks() {
        assert!(user_tasks(rustix::process::getuid().as_raw()).is_some_and(|tasks| tasks >= 1));
    }
}
