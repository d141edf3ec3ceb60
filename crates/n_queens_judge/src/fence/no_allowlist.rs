//! No system-call allowlist: on a processor other than x86-64 and AArch64,
//! for which the fence's list is not written. The other layers hold, and
//! the verdict says that this one is missing.

/// Whether a refused call raises `SIGSYS`: no call is refused here.
pub const TRAPS: bool = false;

/// What a refusal without a word tried to do: none happens here.
pub const SILENT: &str = "make a system call the fence refuses";

/// Says that there is no allowlist for this processor.
pub fn install(_program: i32, _pid: i32, _loading: bool) -> Result<(), String> {
    Err("the fence has no system-call allowlist for this processor (only x86-64 and AArch64)".to_string())
}

/// What a refused call tried to do: none is refused here.
pub fn kind(_number: i64) -> &'static str {
    SILENT
}
