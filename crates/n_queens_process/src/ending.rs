//! Ending processes: a child's group once it has ended, the orphans a child
//! leaves (adopted by this process, on Linux), and every child at once when
//! this process is being stopped.

use std::io;
use std::process::{Child, Command};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use rustix::process::{Pid, Signal};

/// Whether this process is ending ([`end_for_good`]): no child starts then.
static ENDING: Mutex<bool> = Mutex::new(false);

/// Starts `command`, the lock held so that [`end_for_good`] ends it too;
/// once this process is ending, waits for the end instead.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    let ending = ENDING.lock().unwrap_or_else(PoisonError::into_inner);
    if *ending {
        drop(ending);
        wait_for_the_end();
    }
    command.spawn()
}

/// What a thread that runs children does once the process is ending: it
/// waits for the end, so that it reports nothing that the ending caused.
fn wait_for_the_end() -> ! {
    loop {
        std::thread::park();
    }
}

/// Waits for the end if this process is ending (`wait_for_the_end`): for
/// a thread that saw its child end, before it reports how.
pub fn wait_if_ending() {
    if *ENDING.lock().unwrap_or_else(PoisonError::into_inner) {
        wait_for_the_end();
    }
}

/// Kills every process still in the group that `leader` leads.
pub(super) fn end_group(leader: u32) {
    if let Some(pid) = i32::try_from(leader).ok().and_then(Pid::from_raw) {
        // A group already empty is no error worth reporting.
        let _ = rustix::process::kill_process_group(pid, Signal::KILL);
    }
}

/// Makes this process adopt the orphans of its descendants, in a group of
/// their own or not, for [`end_children`] to end (Linux; elsewhere it does
/// nothing). For a process that runs one child at a time.
pub fn adopt_orphans() -> io::Result<()> {
    #[cfg(target_os = "linux")]
    rustix::process::set_child_subreaper(Some(rustix::process::getpid()))?;
    Ok(())
}

/// Ends every child of this process, with the group it leads, then the
/// orphans it leaves ([`adopt_orphans`]), until none is running (Linux). With
/// `reap`, waits for each too: only where no thread waits for a child of its own.
pub fn end_children(reap: bool) {
    #[cfg(target_os = "linux")]
    for _ in 0..1000 {
        let children = children();
        if reap {
            for (pid, _) in children.iter().filter(|(_, ended)| *ended) {
                let _ = rustix::process::waitpid(Some(*pid), rustix::process::WaitOptions::NOHANG);
            }
        }
        let running: Vec<Pid> = children.iter().filter(|(_, ended)| !ended).map(|(pid, _)| *pid).collect();
        if running.is_empty() {
            return;
        }
        for pid in running {
            let _ = rustix::process::kill_process_group(pid, Signal::KILL);
            let _ = rustix::process::kill_process(pid, Signal::KILL);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    #[cfg(not(target_os = "linux"))]
    let _ = reap;
}

/// For a process that is being stopped by a signal: no child starts from now
/// on, every child is ended, and a thread that runs a child waits for the
/// end instead of reporting what the ending did to it.
pub fn end_for_good() {
    *ENDING.lock().unwrap_or_else(PoisonError::into_inner) = true;
    end_children(false);
}

/// The children of this process from `/proc`, each with whether it has ended (a zombie).
#[cfg(target_os = "linux")]
fn children() -> Vec<(Pid, bool)> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    let child = |entry: std::fs::DirEntry| {
        let pid: i32 = entry.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
        // `pid (name) state parent ...`, where the name may hold spaces and parentheses.
        let mut fields = stat.rsplit_once(')')?.1.split_whitespace();
        let (state, parent) = (fields.next()?, fields.next()?.parse::<u32>().ok()?);
        if parent != me {
            return None;
        }
        Some((Pid::from_raw(pid)?, state == "Z"))
    };
    entries.flatten().filter_map(child).collect()
}
