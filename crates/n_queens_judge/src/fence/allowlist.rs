//! The system calls a learner's program may make: those of a std program
//! that computes and answers on the descriptors it was given (memory,
//! threads, futexes, time, its own signals, reading and writing), and
//! nothing else. The kernel enforces the list with seccomp-bpf, built by
//! `seccompiler` (rust-vmm's, which Firecracker installs the same way):
//! [`install`] puts it on the launcher just before it starts the program, so
//! it holds from the program's first instruction, and [`kind`] names what a
//! refused call tried to do.
//!
//! A refused call fails. On x86-64 it raises `SIGSYS`, whose handler in the
//! judge's program (`crate::program::REFUSALS`) makes it fail with `EPERM`
//! and says its number on standard error, so that a verdict can say what
//! the answer tried; elsewhere it fails with `EPERM` at once. Three calls
//! fail with an error of their own instead, without the signal: a thread
//! started by `clone3` (`ENOSYS`, so that the C library starts it with
//! `clone`, whose flags the filter can read), a process started by
//! `posix_spawn` (`EPERM`: the C library blocks every signal around its
//! `clone`, and a `SIGSYS` that cannot be handled would end the process),
//! and `readlink`, which the C library calls before the handler is in
//! place. Where one of those ends an answer, [`SILENT`] names them.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule, TargetArch,
};

/// The calls allowed as they are.
const ALLOWED: &[i64] = &[
    // Reading and writing the descriptors it was given (the channel,
    // standard output and error), and closing them.
    libc::SYS_read,
    libc::SYS_write,
    libc::SYS_readv,
    libc::SYS_writev,
    libc::SYS_close,
    libc::SYS_ppoll,
    // Memory.
    libc::SYS_brk,
    libc::SYS_mmap,
    libc::SYS_munmap,
    libc::SYS_mremap,
    libc::SYS_mprotect,
    libc::SYS_madvise,
    // Threads and their waits (`clone` itself is read by its flags below).
    libc::SYS_futex,
    libc::SYS_set_robust_list,
    libc::SYS_set_tid_address,
    libc::SYS_rseq,
    libc::SYS_sched_yield,
    libc::SYS_sched_getaffinity,
    libc::SYS_gettid,
    libc::SYS_getpid,
    // Its own signals: handlers, masks, the alternate stack of a stack overflow.
    libc::SYS_rt_sigaction,
    libc::SYS_rt_sigprocmask,
    libc::SYS_rt_sigreturn,
    libc::SYS_sigaltstack,
    libc::SYS_restart_syscall,
    // Time and randomness (a `HashMap`'s keys).
    libc::SYS_clock_gettime,
    libc::SYS_clock_getres,
    libc::SYS_clock_nanosleep,
    libc::SYS_nanosleep,
    libc::SYS_gettimeofday,
    libc::SYS_getrandom,
    // Who it runs as, read but not changed.
    libc::SYS_getuid,
    libc::SYS_geteuid,
    libc::SYS_getgid,
    libc::SYS_getegid,
    libc::SYS_getgroups,
    libc::SYS_capget,
    // Ending.
    libc::SYS_exit,
    libc::SYS_exit_group,
];

/// The calls of x86-64 alone that a std program makes: its thread pointer
/// (`arch_prctl`) and the check of its standard descriptors at start (`poll`).
#[cfg(target_arch = "x86_64")]
const ALLOWED_HERE: &[i64] = &[libc::SYS_arch_prctl, libc::SYS_poll];
#[cfg(not(target_arch = "x86_64"))]
const ALLOWED_HERE: &[i64] = &[];

/// What a program linked to the system's libraries needs besides, to load
/// them: opening, reading and mapping them (Landlock still allows only them).
#[cfg(target_arch = "x86_64")]
const LOADING: &[i64] = &[
    libc::SYS_openat,
    libc::SYS_open,
    libc::SYS_newfstatat,
    libc::SYS_fstat,
    libc::SYS_pread64,
    libc::SYS_access,
    libc::SYS_readlink,
];
#[cfg(not(target_arch = "x86_64"))]
const LOADING: &[i64] = &[
    libc::SYS_openat,
    libc::SYS_newfstatat,
    libc::SYS_fstat,
    libc::SYS_pread64,
    libc::SYS_faccessat,
    libc::SYS_readlinkat,
];

/// `readlink` of `/proc/self/exe`, which the C library of a static program
/// makes before anything of the program runs.
#[cfg(target_arch = "x86_64")]
const READLINK: i64 = libc::SYS_readlink;
#[cfg(not(target_arch = "x86_64"))]
const READLINK: i64 = libc::SYS_readlinkat;

/// The architecture the filters are built for.
#[cfg(target_arch = "x86_64")]
const ARCH: TargetArch = TargetArch::x86_64;
#[cfg(target_arch = "aarch64")]
const ARCH: TargetArch = TargetArch::aarch64;

/// Whether a refused call raises `SIGSYS` for the judge's program to
/// answer with `EPERM` and name (x86-64), or fails with `EPERM` at once.
pub const TRAPS: bool = cfg!(target_arch = "x86_64");

/// An `int` argument (its low 32 bits) equal to `value`.
fn int(arg: u8, value: i32) -> SeccompCondition {
    SeccompCondition::new(arg, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, u64::from(value as u32)).expect("a condition")
}

/// A `long` or pointer argument equal to `value`.
fn long(arg: u8, value: u64) -> SeccompCondition {
    SeccompCondition::new(arg, SeccompCmpArgLen::Qword, SeccompCmpOp::Eq, value).expect("a condition")
}

/// One rule of several conditions, all of which must hold.
fn all(conditions: Vec<SeccompCondition>) -> SeccompRule {
    SeccompRule::new(conditions).expect("a rule with conditions")
}

/// `clone` with `flag` set in its flags (its first argument), or not.
fn clone_with(flag: i32, set: bool) -> SeccompRule {
    let flag = flag as u64;
    let op = SeccompCmpOp::MaskedEq(flag);
    all(vec![SeccompCondition::new(0, SeccompCmpArgLen::Qword, op, if set { flag } else { 0 }).expect("a mask")])
}

/// A filter of `rules` that does `action` where a rule matches, and
/// `otherwise` elsewhere.
fn filter(rules: BTreeMap<i64, Vec<SeccompRule>>, otherwise: SeccompAction, action: SeccompAction) -> BpfProgram {
    let filter = SeccompFilter::new(rules, otherwise, action, ARCH).expect("a valid filter");
    filter.try_into().expect("a filter that compiles")
}

/// Installs the allowlist on this process, which is about to start the
/// program: `program` is the descriptor of the program's file, which the
/// start alone (`execveat` of it, with `AT_EMPTY_PATH`) may use, once, and
/// `pid` this process's id, the only one its signals may reach. `loading`
/// adds what a program linked to the system's libraries needs to load them.
pub fn install(program: i32, pid: i32, loading: bool) -> Result<(), String> {
    let mut allowed: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    let extra: &[i64] = if loading { LOADING } else { &[] };
    for &call in ALLOWED.iter().chain(ALLOWED_HERE).chain(extra).chain([&READLINK, &libc::SYS_clone3]) {
        allowed.insert(call, Vec::new());
    }
    // A thread; and a process for `posix_spawn` (`CLONE_VFORK`), whose
    // refusal the second filter answers, since the C library blocks every
    // signal around it. A `fork` is refused here.
    allowed.insert(libc::SYS_clone, vec![clone_with(libc::CLONE_THREAD, true), clone_with(libc::CLONE_VFORK, true)]);
    allowed.insert(libc::SYS_tgkill, vec![all(vec![int(0, pid)])]);
    // A descriptor's flags, and a copy of one (`try_clone`): `F_GETFD`, `F_SETFD`, `F_GETFL`, `F_DUPFD_CLOEXEC`.
    let fcntl = [libc::F_GETFD, libc::F_SETFD, libc::F_GETFL, libc::F_DUPFD_CLOEXEC];
    allowed.insert(libc::SYS_fcntl, fcntl.iter().map(|&command| all(vec![int(1, command)])).collect());
    // A thread's name, and reading (not setting) a limit.
    allowed.insert(libc::SYS_prctl, vec![all(vec![int(0, libc::PR_SET_NAME)])]);
    allowed.insert(libc::SYS_prlimit64, vec![all(vec![int(0, 0), long(2, 0)])]);
    // Whether a descriptor is a terminal (`TCGETS`): the test harness asks.
    allowed.insert(libc::SYS_ioctl, vec![all(vec![long(1, libc::TCGETS)])]);
    allowed.insert(libc::SYS_execveat, vec![all(vec![int(0, program), int(4, libc::AT_EMPTY_PATH)])]);
    let refused = if TRAPS { SeccompAction::Trap } else { SeccompAction::Errno(libc::EPERM as u32) };
    let allowlist = filter(allowed, refused, SeccompAction::Allow);
    let mut no_process: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    no_process.insert(libc::SYS_clone, vec![clone_with(libc::CLONE_THREAD, false)]);
    if !loading {
        no_process.insert(READLINK, Vec::new());
    }
    let no_process = filter(no_process, SeccompAction::Allow, SeccompAction::Errno(libc::EPERM as u32));
    let no_clone3 = filter(BTreeMap::from([(libc::SYS_clone3, Vec::new())]), SeccompAction::Allow, {
        SeccompAction::Errno(libc::ENOSYS as u32)
    });
    // The kernel runs every filter and takes the strictest answer.
    for program in [&no_clone3, &no_process, &allowlist] {
        seccompiler::apply_filter(program).map_err(|error| format!("the system-call allowlist: {error}"))?;
    }
    Ok(())
}

/// What a refused call `number` tried to do, as a verdict says it after
/// "it tried to".
pub fn kind(number: i64) -> &'static str {
    KINDS.iter().find(|(_, calls)| calls.contains(&number)).map_or(OTHER, |(kind, _)| kind)
}

/// What a refusal that [`crate::program::REFUSALS`] could not say tried to
/// do, as [`kind`] says it: the calls refused with `EPERM` at once.
pub const SILENT: &str = "start another program, or to read a link";

/// What [`kind`] says of a call no kind names.
const OTHER: &str = "make a system call that a program which only computes has no need of";

/// The refused calls by kind (the architecture's own calls where it has them).
const KINDS: &[(&str, &[i64])] = &[
    (
        "open a network socket",
        &[
            libc::SYS_socket,
            libc::SYS_socketpair,
            libc::SYS_connect,
            libc::SYS_bind,
            libc::SYS_listen,
            libc::SYS_accept,
            libc::SYS_accept4,
            libc::SYS_sendto,
            libc::SYS_sendmsg,
            libc::SYS_sendmmsg,
            libc::SYS_recvfrom,
            libc::SYS_recvmsg,
            libc::SYS_recvmmsg,
            libc::SYS_setsockopt,
            libc::SYS_getsockopt,
            libc::SYS_shutdown,
        ],
    ),
    ("start another program", &[libc::SYS_execve, libc::SYS_execveat]),
    ("start a new process", &[libc::SYS_clone, libc::SYS_clone3, FORK, VFORK]),
    ("load an eBPF program or watch the kernel", &[libc::SYS_bpf, libc::SYS_perf_event_open]),
    (
        "reach another process",
        &[
            libc::SYS_ptrace,
            libc::SYS_process_vm_readv,
            libc::SYS_process_vm_writev,
            libc::SYS_kcmp,
            libc::SYS_pidfd_open,
            libc::SYS_pidfd_getfd,
            libc::SYS_pidfd_send_signal,
            libc::SYS_kill,
            libc::SYS_tkill,
            libc::SYS_tgkill,
            libc::SYS_rt_sigqueueinfo,
            libc::SYS_rt_tgsigqueueinfo,
        ],
    ),
    (
        "change a file (its mode, owner, times, attributes or name)",
        &[
            libc::SYS_fchmod,
            libc::SYS_fchmodat,
            FCHMODAT2,
            libc::SYS_fchown,
            libc::SYS_fchownat,
            libc::SYS_utimensat,
            libc::SYS_setxattr,
            libc::SYS_lsetxattr,
            libc::SYS_fsetxattr,
            libc::SYS_removexattr,
            libc::SYS_lremovexattr,
            libc::SYS_fremovexattr,
            libc::SYS_truncate,
            libc::SYS_ftruncate,
            libc::SYS_fallocate,
            RENAMEAT,
            libc::SYS_renameat2,
            libc::SYS_linkat,
            libc::SYS_symlinkat,
            libc::SYS_unlinkat,
            libc::SYS_mkdirat,
            libc::SYS_mknodat,
            CHMOD,
            CHOWN,
            LCHOWN,
            UTIMES,
            RENAME,
            UNLINK,
            MKDIR,
            RMDIR,
        ],
    ),
    (
        "look up a path (open a file, read its size or list a folder)",
        &[
            libc::SYS_openat,
            libc::SYS_openat2,
            libc::SYS_newfstatat,
            libc::SYS_statx,
            libc::SYS_faccessat,
            libc::SYS_faccessat2,
            libc::SYS_readlinkat,
            libc::SYS_getdents64,
            libc::SYS_chdir,
            libc::SYS_fchdir,
            libc::SYS_getcwd,
            libc::SYS_statfs,
            libc::SYS_fstat,
            libc::SYS_getxattr,
            libc::SYS_lgetxattr,
            libc::SYS_listxattr,
            libc::SYS_inotify_add_watch,
            libc::SYS_name_to_handle_at,
            libc::SYS_open_by_handle_at,
            OPEN,
            STAT,
            LSTAT,
            ACCESS,
        ],
    ),
    (
        "change the system (mount, reboot, its name, its clock, a kernel module)",
        &[
            libc::SYS_mount,
            libc::SYS_umount2,
            libc::SYS_pivot_root,
            libc::SYS_chroot,
            libc::SYS_reboot,
            libc::SYS_sethostname,
            libc::SYS_setdomainname,
            libc::SYS_init_module,
            libc::SYS_finit_module,
            libc::SYS_delete_module,
            libc::SYS_kexec_load,
            libc::SYS_kexec_file_load,
            libc::SYS_swapon,
            libc::SYS_swapoff,
            libc::SYS_settimeofday,
            libc::SYS_clock_settime,
            libc::SYS_adjtimex,
            libc::SYS_acct,
            libc::SYS_setns,
            libc::SYS_unshare,
            libc::SYS_keyctl,
            libc::SYS_add_key,
            libc::SYS_request_key,
            libc::SYS_syslog,
        ],
    ),
    (
        "change who it runs as or what it may do",
        &[
            libc::SYS_setuid,
            libc::SYS_setgid,
            libc::SYS_setreuid,
            libc::SYS_setregid,
            libc::SYS_setresuid,
            libc::SYS_setresgid,
            libc::SYS_setgroups,
            libc::SYS_capset,
            libc::SYS_prctl,
            libc::SYS_prlimit64,
            libc::SYS_seccomp,
            libc::SYS_landlock_create_ruleset,
            libc::SYS_landlock_add_rule,
            libc::SYS_landlock_restrict_self,
        ],
    ),
];

/// The calls of x86-64 that later architectures dropped for their `*at`
/// forms: their numbers there, and elsewhere a number no call has.
#[cfg(target_arch = "x86_64")]
mod legacy {
    pub const FCHMODAT2: i64 = libc::SYS_fchmodat2;
    pub const RENAMEAT: i64 = libc::SYS_renameat;
    pub const FORK: i64 = libc::SYS_fork;
    pub const VFORK: i64 = libc::SYS_vfork;
    pub const CHMOD: i64 = libc::SYS_chmod;
    pub const CHOWN: i64 = libc::SYS_chown;
    pub const LCHOWN: i64 = libc::SYS_lchown;
    pub const UTIMES: i64 = libc::SYS_utimes;
    pub const RENAME: i64 = libc::SYS_rename;
    pub const UNLINK: i64 = libc::SYS_unlink;
    pub const MKDIR: i64 = libc::SYS_mkdir;
    pub const RMDIR: i64 = libc::SYS_rmdir;
    pub const OPEN: i64 = libc::SYS_open;
    pub const STAT: i64 = libc::SYS_stat;
    pub const LSTAT: i64 = libc::SYS_lstat;
    pub const ACCESS: i64 = libc::SYS_access;
}
#[cfg(not(target_arch = "x86_64"))]
mod legacy {
    pub const FCHMODAT2: i64 = -1;
    pub const RENAMEAT: i64 = -1;
    pub const FORK: i64 = -1;
    pub const VFORK: i64 = -1;
    pub const CHMOD: i64 = -1;
    pub const CHOWN: i64 = -1;
    pub const LCHOWN: i64 = -1;
    pub const UTIMES: i64 = -1;
    pub const RENAME: i64 = -1;
    pub const UNLINK: i64 = -1;
    pub const MKDIR: i64 = -1;
    pub const RMDIR: i64 = -1;
    pub const OPEN: i64 = -1;
    pub const STAT: i64 = -1;
    pub const LSTAT: i64 = -1;
    pub const ACCESS: i64 = -1;
}
use legacy::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refused_kind_is_named_and_no_allowed_call_is_in_a_kind() {
        assert_eq!(kind(libc::SYS_socket), "open a network socket");
        assert_eq!(kind(libc::SYS_bpf), "load an eBPF program or watch the kernel");
        assert_eq!(kind(libc::SYS_fchmodat), "change a file (its mode, owner, times, attributes or name)");
        assert_eq!(kind(libc::SYS_openat), "look up a path (open a file, read its size or list a folder)");
        assert_eq!(kind(100_000), OTHER);
        for call in ALLOWED.iter().chain(ALLOWED_HERE) {
            assert_eq!(kind(*call), OTHER, "{call} is allowed, so no kind of refusal names it");
        }
    }
}
