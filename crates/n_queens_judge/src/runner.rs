//! Compiling a program and running it, each bounded: the [`Runner`] holds
//! the toolchain, the fence (for a learner's code) and the check's folder.
//!
//! - [`Runner::compile`]: `rustc` under [`COMPILE_LIMITS`] and
//!   [`COMPILE_LIMIT`]; a build past them is ended, with its process group,
//!   and said as such ([`Refused`]).
//! - [`Runner::start`]: the program of [`crate::program`] as a [`Session`]
//!   that answers one case at a time, each under its own time limit.
//! - [`Runner::run`]: any other program (a learner's own tests), to its end.

use std::ffi::OsStr;
use std::fs::File;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use n_queens_process::{Ran, Run};

use crate::Problem;
use crate::fence::{self, Fence, Inside, Layers, Limits};
use crate::folder::Folder;
use crate::session::{RUN_LIMITS, Session};
use crate::toolchain::{self, Toolchain};

/// How long compiling a program may take: a paste compiles in a second; one
/// still compiling is stuck (an `include_str!` of a FIFO, a macro that never ends).
pub const COMPILE_LIMIT: Duration = Duration::from_secs(60);

/// What a compiler may use: enough for any paste many times over.
pub const COMPILE_LIMITS: Limits = Limits { memory: 2 << 30, cpu_seconds: 60, file_size: 256 << 20, more_tasks: 64 };

/// The error of a runner whose check was cancelled ([`Runner::cancelled_by`]).
pub const CANCELLED: &str = "the check was cancelled";

/// Whether this machine links the programs of learners statically, found
/// at the first that is built: `Err` says why not, and they then load the
/// system's libraries.
static LINKING: OnceLock<Result<(), String>> = OnceLock::new();

/// That programs are not linked statically here, in a sentence, once a
/// build has found it ([`LINKING`]).
fn not_static() -> Option<String> {
    LINKING.get()?.as_ref().err().map(|why| format!("not linked statically: {why}"))
}

/// The layers of the fence that a learner's program on this machine runs
/// without, each in a sentence: those the probe through `launcher` found
/// missing ([`fence::status`]), and static linking where a build found it
/// missing; none where every layer holds.
pub fn missing_layers(launcher: &Path) -> Vec<String> {
    let mut missing = fence::status(launcher).missing();
    missing.extend(not_static());
    missing
}

/// The toolchain, the fence and a folder of the check's own.
#[derive(Debug)]
pub struct Runner {
    toolchain: &'static Toolchain,
    /// The binary that enters the fence ([`fence::enter_if_asked`]); `None`
    /// for code of the workspace's own, run as it is.
    launcher: Option<PathBuf>,
    /// The layers of the fence this machine lends.
    layers: Layers,
    folder: Folder,
    /// Whether every child of this process is ended after each run (for a
    /// process that adopts orphans and runs one child at a time).
    end_orphans: bool,
    /// Set when the check is no longer wanted: nothing more is started.
    cancel: Option<Arc<AtomicBool>>,
    /// Where programs are built, kept from one check of the same exercise
    /// to the next ([`Runner::building_in`]); `None`: the check's folder.
    build: Option<Build>,
}

/// A folder kept for the builds of one exercise, held by one runner at a
/// time (its lock), so that rustc's incremental compilation carries over
/// from one save to the next: it needs the same source path, working
/// folder and output from one compile to the next.
#[derive(Debug)]
struct Build {
    path: PathBuf,
    /// Held while the runner lives: the file's lock.
    _lock: File,
}

/// Why a program was not compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The compiler refused it, with this standard error.
    Compiler(String),
    /// It was still compiling after [`COMPILE_LIMIT`].
    TooLong,
    /// The compiler ran out of the memory of [`COMPILE_LIMITS`].
    OutOfMemory,
    /// It could not be written, or the compiler could not be run.
    Failed(String),
}

impl Refused {
    /// What happened, in a sentence, unless the compiler refused it.
    pub fn limit(&self) -> Option<String> {
        match self {
            Refused::Compiler(_) => None,
            Refused::TooLong => Some(format!(
                "the compile took more than {} s and was stopped (a macro or a `const` that never ends, or an \
                 `include_str!` of a file that never ends?)",
                COMPILE_LIMIT.as_secs()
            )),
            Refused::OutOfMemory => Some(format!(
                "the compile ran out of memory (it may use {}): a macro that expands without end, or a `static` \
                 too large?",
                fence::in_words(COMPILE_LIMITS.memory)
            )),
            Refused::Failed(why) => Some(why.clone()),
        }
    }
}

/// How a program is compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// As a learner's tests run: `-C opt-level=1` with overflow checks and
    /// debug assertions, so that an overflow panics where it happens.
    Checked,
    /// As the judge builds a paste: `-O`.
    Judge,
    /// The learner's own tests: `--test`, checked.
    Tests,
}

impl Runner {
    /// A runner for code of the workspace's own: no fence, no limits but time.
    pub fn trusted() -> Result<Runner, String> {
        Runner::new(None)
    }

    /// A runner for a learner's code, fenced through `launcher` (a binary
    /// whose `main` calls [`fence::enter_if_asked`] first), in every layer
    /// this machine lends ([`missing_layers`] says which it does not).
    pub fn untrusted(launcher: PathBuf) -> Result<Runner, String> {
        Runner::new(Some(launcher))
    }

    fn new(launcher: Option<PathBuf>) -> Result<Runner, String> {
        let toolchain = Toolchain::find()?;
        let layers = match &launcher {
            Some(launcher) => fence::status(launcher).clone(),
            None => Layers::none("code of the workspace's own"),
        };
        let folder = Folder::new()?;
        Ok(Runner { toolchain, launcher, layers, folder, end_orphans: false, cancel: None, build: None })
    }

    /// Ends every child of this process after each run, for a process that
    /// adopts orphans (`n_queens_process::adopt_orphans`) and runs one child at a time.
    pub fn ending_orphans(mut self) -> Runner {
        self.end_orphans = true;
        self
    }

    /// Starts nothing more once `cancel` is set: for a check whose file was
    /// saved again meanwhile (its caller ends the processes already started).
    pub fn cancelled_by(mut self, cancel: Arc<AtomicBool>) -> Runner {
        self.cancel = Some(cancel);
        self
    }

    /// Builds in `folder`, kept for the checks of one exercise, with rustc's
    /// incremental compilation: a save's check compiles again only what
    /// changed (the judge's `main` and the standard library's code it uses
    /// are most of a compile). Where the folder cannot be made or another
    /// check holds it, the check builds in its own folder, from scratch.
    pub fn building_in(mut self, folder: PathBuf) -> Runner {
        let held = std::fs::create_dir_all(&folder)
            .and_then(|()| File::create(folder.join(".lock")))
            .ok()
            .filter(|lock| lock.try_lock().is_ok());
        if let Some(lock) = held {
            self.build = Some(Build { path: folder, _lock: lock });
        }
        self
    }

    /// Where programs are built: the exercise's build folder, or the check's own.
    fn build_folder(&self) -> &Path {
        self.build.as_ref().map_or(self.folder(), |build| &build.path)
    }

    /// An error once the check is cancelled ([`Runner::cancelled_by`]).
    fn go_on(&self) -> Result<(), String> {
        match &self.cancel {
            Some(cancel) if cancel.load(Ordering::SeqCst) => Err(CANCELLED.to_string()),
            _ => Ok(()),
        }
    }

    /// The layers of the fence not in force for the programs it runs, each
    /// in a sentence ([`Layers::missing`], and static linking); none where
    /// every layer holds.
    pub fn missing(&self) -> Vec<String> {
        let mut missing = self.layers.missing();
        missing.extend(not_static());
        missing
    }

    /// The check's folder.
    pub fn folder(&self) -> &Path {
        self.folder.path()
    }

    /// The toolchain.
    pub fn toolchain(&self) -> &Toolchain {
        self.toolchain
    }

    /// `program` inside `fence` (or as it is, for trusted code), with `args`.
    fn command(&self, fence: &Fence, program: &Path, args: &[&OsStr]) -> Command {
        match &self.launcher {
            Some(launcher) => fence.command(launcher, &self.layers, program, args),
            None => {
                let mut command = Command::new(program);
                command.args(args).env_clear();
                command
            }
        }
    }

    /// The fence of a compiler: it reads the toolchain and the system's
    /// linker, and writes the folder it builds in alone.
    fn compiler_fence(&self) -> Fence {
        let write = [self.build_folder().to_path_buf(), PathBuf::from("/dev/null")];
        Fence {
            read: self.toolchain.read_paths(),
            write: write.to_vec(),
            limits: COMPILE_LIMITS,
            inside: Inside::Compiler,
        }
    }

    /// Compiles `program` as `name.rs` in the build folder with `rustc
    /// --edition <edition>`, as `profile` says, into the binary `name`: its
    /// path. The compiler's lines go to `echo` as they come. Places are
    /// said from the folder (`name.rs:12:5`); `non_fmt_panics` is an error
    /// (in edition 2018, `assert!(ok, "n = {n}")` prints `{n}` as it stands);
    /// and the lint on a `const` evaluation that runs long cannot be turned
    /// off, so the compile is stopped where rustc says it. The binary is
    /// linked statically, so that it needs no file but itself; where this
    /// machine cannot (no static C library), it is linked as usual and
    /// [`Runner::missing`] says so. In an exercise's build folder
    /// ([`Runner::building_in`]), each program (`name`) compiles
    /// incrementally; a compile whose incremental state breaks rustc is
    /// made again from scratch.
    pub fn compile(
        &self,
        program: &str,
        name: &str,
        edition: &str,
        profile: Profile,
        echo: &mut dyn FnMut(&str),
    ) -> Result<PathBuf, Refused> {
        self.go_on().map_err(Refused::Failed)?;
        let source = self.build_folder().join(format!("{name}.rs"));
        let binary = self.build_folder().join(name);
        std::fs::write(&source, program)
            .map_err(|error| Refused::Failed(format!("writing {}: {error}", source.display())))?;
        let flags: &[&str] = match profile {
            Profile::Checked => &["-C", "opt-level=1", "-C", "overflow-checks=on", "-C", "debug-assertions=on"],
            Profile::Judge => &["-O"],
            Profile::Tests => &["--test", "-C", "opt-level=1", "-C", "overflow-checks=on"],
        };
        let remap = format!("--remap-path-prefix={}/=", self.build_folder().display());
        let args = ["--edition", edition, "--crate-name", "judge", "--color", "never", "-D", "non_fmt_panics"];
        // No debug info, which nothing here reads. From scratch, two codegen
        // units: a program this small then compiles in less processor time
        // than with rustc's default of many, and still on two cores.
        let incremental = self.build.as_ref().map(|build| build.path.join("incremental").join(name));
        let incremental_flag = incremental.as_ref().map(|path| format!("incremental={}", path.display()));
        let quick = match &incremental_flag {
            Some(flag) => ["-C", flag.as_str(), "-C", "strip=debuginfo"],
            None => ["-C", "codegen-units=2", "-C", "strip=debuginfo"],
        };
        let args = [&args[..], flags, &["-F", "long_running_const_eval"], &quick, &[&remap]].concat();
        let link = |statically: bool, echo: &mut dyn FnMut(&str)| {
            let linking: &[&str] = if statically { &["-C", "target-feature=+crt-static"] } else { &[] };
            let mut args: Vec<&OsStr> = args.iter().chain(linking).chain(&["-o"]).map(OsStr::new).collect();
            args.extend([binary.as_os_str(), source.as_os_str()]);
            self.run_compiler(&self.toolchain.rustc, &args, &[], echo)
        };
        let statically = LINKING.get().is_none_or(Result::is_ok);
        let mut ran = link(statically, echo)?;
        if let Some(path) = incremental.filter(|_| {
            !ran.output.status.success()
                && String::from_utf8_lossy(&ran.output.stderr).contains("internal compiler error")
        }) {
            // rustc's incremental state is its own: when it breaks rustc, it goes.
            let _ = std::fs::remove_dir_all(path);
            ran = link(statically, echo)?;
        }
        if ran.output.status.success() {
            let _ = LINKING.set(Ok(()));
            return Ok(binary);
        }
        let stderr = String::from_utf8_lossy(&ran.output.stderr);
        if statically && stderr.contains("error: linking with") {
            // Perhaps no static C library here: linked as usual, said once it works.
            let again = link(false, &mut |_| {})?;
            if again.output.status.success() {
                let why = stderr.lines().find(|line| line.contains("cannot find")).unwrap_or("the linker failed");
                let _ = LINKING.set(Err(format!(
                    "this machine's linker could not link a program statically ({}), so it loads the system's \
                     libraries (with glibc, its static library is in the package glibc-static or libc6-dev)",
                    why.trim()
                )));
                return Ok(binary);
            }
            return Err(refused(&again));
        }
        Err(refused(&ran))
    }

    /// Runs a compiler (`rustc`, `clippy-driver`) with `args` inside the
    /// compiler's fence, in the check's folder, with `env` besides `PATH` and
    /// `TMPDIR`, under [`COMPILE_LIMIT`].
    pub(crate) fn run_compiler(
        &self,
        compiler: &Path,
        args: &[&OsStr],
        env: &[(&str, &str)],
        echo: &mut dyn FnMut(&str),
    ) -> Result<Ran, Refused> {
        let mut command = self.command(&self.compiler_fence(), compiler, args);
        let folder = self.build_folder();
        command.current_dir(folder).env("PATH", "/usr/bin:/bin").env("TMPDIR", folder);
        command.envs(env.iter().copied());
        // Said by rustc after millions of steps of a `const`; `-F` keeps it on.
        let never_ends = |line: &str| line.contains("constant evaluation is taking a long time");
        let run = Run {
            limit: Some(COMPILE_LIMIT),
            own_group: true,
            end_orphans: self.end_orphans,
            stop_at: Some(never_ends),
        };
        let ran = run
            .run(&mut command, &mut |line, is_stderr| {
                if is_stderr {
                    echo(line);
                }
            })
            .map_err(|error| Refused::Failed(format!("running {}: {error}", compiler.display())))?;
        if ran.timed_out {
            return Err(Refused::TooLong);
        }
        Ok(ran)
    }

    /// Runs `binary` with `args` inside the fence of a learner's program,
    /// in an empty folder, with `env` alone, under `limit` (and as much
    /// processor time): what it printed.
    pub fn run(&self, binary: &Path, args: &[&OsStr], env: &[(&str, &str)], limit: Duration) -> Result<Ran, String> {
        self.go_on()?;
        let fence = self.program_fence(limit);
        let mut command = self.command(&fence, binary, args);
        command.current_dir(self.empty_folder()?).envs(env.iter().copied());
        let run = Run { limit: Some(limit), own_group: true, end_orphans: self.end_orphans, ..Run::default() };
        run.run(&mut command, &mut |_, _| {}).map_err(|error| format!("running {}: {error}", binary.display()))
    }

    /// The fence of a learner's program: it reads nothing but itself (and
    /// the system's libraries, where it is not linked statically), writes
    /// nothing, and has `time` of processor time.
    fn program_fence(&self, time: Duration) -> Fence {
        let dynamic = LINKING.get().is_some_and(Result::is_err);
        let read = if dynamic { toolchain::library_paths() } else { Vec::new() };
        let limits = Limits { cpu_seconds: time.as_secs() + 1, ..RUN_LIMITS };
        Fence { read, write: Vec::new(), limits, inside: Inside::Answer { dynamic } }
    }

    /// A folder with nothing in it, where a program runs, as the judge runs a paste.
    fn empty_folder(&self) -> Result<PathBuf, String> {
        let folder = self.folder().join("run");
        std::fs::create_dir_all(&folder).map_err(|error| format!("creating {}: {error}", folder.display()))?;
        Ok(folder)
    }

    /// Starts `binary`, a program of [`crate::program`] for `problem`, as a
    /// session of cases that take `time` in all at most: fenced, with the
    /// channel as its standard input, its standard output thrown away and
    /// its standard error kept in the check's folder.
    pub fn start(&self, binary: &Path, problem: Problem, time: Duration) -> Result<Session, String> {
        self.go_on()?;
        let (channel, theirs) = UnixStream::pair().map_err(|error| format!("opening the channel: {error}"))?;
        let stderr_path = self.folder().join(format!("{}.stderr", file_name(binary)));
        let stderr =
            File::create(&stderr_path).map_err(|error| format!("creating {}: {error}", stderr_path.display()))?;
        let mut command = self.command(&self.program_fence(time), binary, &[]);
        command.current_dir(self.empty_folder()?).process_group(0);
        command.stdin(Stdio::from(std::os::fd::OwnedFd::from(theirs))).stdout(Stdio::null()).stderr(stderr);
        let child =
            n_queens_process::spawn(&mut command).map_err(|error| format!("starting {}: {error}", binary.display()))?;
        Ok(Session::new(child, channel, problem, stderr_path, self.end_orphans))
    }
}

use std::os::unix::process::CommandExt;

/// The file name of `path`, for the files named after a binary.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| "program".to_string(), |name| name.to_string_lossy().into_owned())
}

/// Why a compile that ended badly failed: out of memory, the fence's
/// launcher, or the compiler's refusal.
fn refused(ran: &Ran) -> Refused {
    let stderr = String::from_utf8_lossy(&ran.output.stderr).into_owned();
    if stderr.contains("memory allocation of") || stderr.contains("LLVM ERROR: out of memory") {
        return Refused::OutOfMemory;
    }
    if ran.output.status.code() == Some(fence::LAUNCH_FAILED)
        && let Some(why) = stderr.lines().rev().find_map(|line| line.strip_prefix(fence::FAILED))
    {
        return Refused::Failed(format!("the fence could not start the compiler: {why}"));
    }
    if ran.stopped {
        return Refused::Compiler(format!(
            "{stderr}\n(the build was stopped: a `const` whose evaluation does not end)"
        ));
    }
    Refused::Compiler(stderr)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the ELF file `binary` names a program interpreter (a dynamic
    /// loader, `PT_INTERP`) among its program headers.
    fn has_interpreter(binary: &[u8]) -> bool {
        let number = |at: usize, size: usize| {
            binary[at..at + size].iter().rev().fold(0usize, |value, &byte| value << 8 | usize::from(byte))
        };
        let (headers, size, count) = (number(0x20, 8), number(0x36, 2), number(0x38, 2));
        (0..count).any(|index| number(headers + index * size, 4) == 3)
    }

    /// A learner's program needs no file but itself: it names no dynamic
    /// loader, on this machine, whose C library has its static archive.
    /// An exercise's build folder is one runner's at a time: a second
    /// builds in its own folder meanwhile. The compile keeps rustc's
    /// incremental state there, for the next.
    #[test]
    fn an_exercises_build_folder_is_held_by_one_runner_and_kept_for_the_next() {
        let base = Folder::new().unwrap();
        let build = base.path().join("52-bitmask");
        let first = Runner::trusted().unwrap().building_in(build.clone());
        assert_eq!(first.build_folder(), build);
        let second = Runner::trusted().unwrap().building_in(build.clone());
        assert_eq!(second.build_folder(), second.folder(), "held by the first: the second builds in its own");
        let binary = first.compile("fn main() {}", "answer", "2021", Profile::Checked, &mut |_| {}).unwrap();
        assert_eq!(binary, build.join("answer"));
        assert!(build.join("incremental/answer").is_dir(), "rustc's incremental state is kept");
        drop(first);
        let third = Runner::trusted().unwrap().building_in(build.clone());
        assert_eq!(third.build_folder(), build, "free again once the first is gone");
    }

    #[test]
    fn a_program_is_linked_statically() {
        let runner = Runner::trusted().unwrap();
        let binary = runner.compile("fn main() {}", "alone", "2021", Profile::Judge, &mut |_| {}).unwrap();
        assert_eq!(not_static(), None, "this machine links statically");
        assert!(!has_interpreter(&std::fs::read(&binary).unwrap()));
        let dynamic = std::env::current_exe().unwrap();
        assert!(has_interpreter(&std::fs::read(dynamic).unwrap()), "the test binary itself is not static");
    }

    /// A compiler that ran out of memory is told apart from one that
    /// refused the code, by what Rust's allocator or LLVM says as it aborts.
    #[test]
    fn a_compile_out_of_memory_is_told_by_what_it_says() {
        use std::os::unix::process::ExitStatusExt;
        use std::process::{ExitStatus, Output};
        let ended = |stderr: &str| Ran {
            output: Output { status: ExitStatus::from_raw(libc::SIGABRT), stdout: Vec::new(), stderr: stderr.into() },
            timed_out: false,
            stopped: false,
        };
        for said in ["memory allocation of 2147483648 bytes failed\n", "rustc-LLVM ERROR: out of memory\n"] {
            assert_eq!(refused(&ended(said)), Refused::OutOfMemory, "{said}");
        }
        let error = "error[E0080]: evaluation of `ONES` failed\n";
        assert_eq!(refused(&ended(error)), Refused::Compiler(error.to_string()));
    }
}
