//! The Rust toolchain that builds a paste: `rustc` and `clippy-driver` from
//! the sysroot of the `rustc` that `RUSTC` names (or the one on `PATH`), so
//! that they run without rustup's proxy, and the fence lets them read the
//! toolchain's folder alone of the home folder.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The toolchain's programs.
#[derive(Clone, Debug)]
pub struct Toolchain {
    /// Its folder: `bin/`, `lib/`.
    pub sysroot: PathBuf,
    /// The compiler.
    pub rustc: PathBuf,
    /// Clippy's compiler driver, for the check against the judge's Rust.
    pub clippy_driver: PathBuf,
}

impl Toolchain {
    /// The toolchain, found once: an error says how to get one.
    pub fn find() -> Result<&'static Toolchain, String> {
        static FOUND: OnceLock<Result<Toolchain, String>> = OnceLock::new();
        FOUND.get_or_init(find).as_ref().map_err(Clone::clone)
    }

    /// The paths the fence lets a compiler read: the toolchain, and where
    /// the system's linker and libraries are, those that exist.
    pub fn read_paths(&self) -> Vec<PathBuf> {
        let system = [
            "/usr/bin",
            "/usr/lib",
            "/usr/lib64",
            "/usr/libexec",
            "/bin",
            "/lib",
            "/lib64",
            "/lib32",
            "/etc/ld.so.cache",
            "/etc/alternatives",
        ];
        existing(system.iter().map(PathBuf::from).chain([self.sysroot.clone()]))
    }
}

/// The paths the fence lets a compiled program read: the system's
/// libraries, which a program of Rust's links to dynamically.
pub fn library_paths() -> Vec<PathBuf> {
    existing(["/usr/lib", "/usr/lib64", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache"].map(PathBuf::from))
}

/// Those of `paths` that exist.
fn existing(paths: impl IntoIterator<Item = PathBuf>) -> Vec<PathBuf> {
    paths.into_iter().filter(|path| path.exists()).collect()
}

fn find() -> Result<Toolchain, String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let shown = Path::new(&rustc).display().to_string();
    let printed = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|error| format!("running {shown}: {error} (a Rust toolchain is needed: https://rustup.rs)"))?;
    if !printed.status.success() {
        return Err(format!("{shown} --print sysroot failed: {}", String::from_utf8_lossy(&printed.stderr).trim()));
    }
    let sysroot = PathBuf::from(String::from_utf8_lossy(&printed.stdout).trim());
    let in_sysroot = |name: &str| sysroot.join("bin").join(name);
    let compiler = in_sysroot("rustc");
    let rustc = if compiler.is_file() { compiler } else { PathBuf::from(&rustc) };
    Ok(Toolchain { clippy_driver: in_sysroot("clippy-driver"), rustc, sysroot })
}
