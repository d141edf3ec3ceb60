//! The folder a check works in, in the temporary folder, outside the
//! workspace: the program's source, its builds, its standard error. It is
//! removed when the check ends ([`Drop`]), when the process is stopped by a
//! signal ([`remove_all`], for the signal's handler), and, should the
//! process have been killed outright, by the next check ([`Folder::new`]
//! removes the folders of processes that are gone).

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// How the folders' names start: `n_queens_judge-<pid>-<k>`.
const PREFIX: &str = "n_queens_judge-";

/// The folders of this process not yet removed.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A folder of one check's own, removed when dropped.
#[derive(Debug)]
pub struct Folder {
    path: PathBuf,
}

impl Folder {
    /// A new empty folder, readable by this user alone, after removing the
    /// folders that processes now gone left behind.
    pub fn new() -> Result<Folder, String> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        remove_stale(&base);
        let me = std::process::id();
        loop {
            let path = base.join(format!("{PREFIX}{me}-{}", COUNT.fetch_add(1, Ordering::Relaxed)));
            let made = std::fs::DirBuilder::new().mode(0o700).create(&path);
            match made {
                Ok(()) => {
                    LIVE.lock().unwrap_or_else(PoisonError::into_inner).push(path.clone());
                    return Ok(Folder { path });
                }
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(error) => return Err(format!("creating a folder in {}: {error}", base.display())),
            }
        }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
        LIVE.lock().unwrap_or_else(PoisonError::into_inner).retain(|path| *path != self.path);
    }
}

/// Removes every folder of this process: for a signal's handler, before the process ends.
pub fn remove_all() {
    let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(PoisonError::into_inner));
    for path in live {
        let _ = std::fs::remove_dir_all(path);
    }
}

/// Removes the folders in `base` of processes that are no longer running.
fn remove_stale(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) =
            name.to_str().and_then(|name| name.strip_prefix(PREFIX)?.split('-').next()?.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    // `remove_all` is tested through the command: a check stopped by a signal leaves nothing.
    fn a_folder_is_removed_when_dropped_and_a_gone_processs_by_the_next() {
        let folder = Folder::new().unwrap();
        let path = folder.path().to_path_buf();
        std::fs::write(path.join("inside"), "x").unwrap();
        drop(folder);
        assert!(!path.exists());
        // No process has this id (above the kernel's largest, 2^22).
        let stale = std::env::temp_dir().join(format!("{PREFIX}4999999-0"));
        std::fs::create_dir_all(stale.join("inside")).unwrap();
        let _folder = Folder::new().unwrap();
        assert!(!stale.exists());
    }
}
