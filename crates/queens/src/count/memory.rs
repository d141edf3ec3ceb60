//! `queens count --memory`: the size parsed, checked against the machine's
//! memory, its default, and the hint a memory refusal gives.

use n_queens_count::counting::CountError;
use n_queens_count::quarters;

use crate::common::Failure;

/// Parses `--memory`: bytes, or a size with a unit (K, M, G, T, with or
/// without B or iB: powers of 1024; 1.5G rounds to the byte), more than 0.
pub(super) fn parse_memory(text: &str) -> Result<u64, String> {
    let sizes = parse_size::Config::new().with_binary();
    let bad = || format!("--memory takes a size such as 64G, 1.5T, 512M or 1000000 (bytes); got {text:?}");
    sizes.parse_size(text).ok().filter(|&bytes| bytes > 0).ok_or_else(bad)
}

/// The machine's memory in bytes, where the system tells it (`MemTotal` in
/// Linux's `/proc/meminfo`).
pub(super) fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The memory limit when `--memory` is left out: the smaller of
/// [`quarters::MEMORY_LIMIT`] and half of the machine's memory (elsewhere
/// than Linux, the constant).
pub(super) fn default_memory() -> u64 {
    machine_memory().map_or(quarters::MEMORY_LIMIT, |total| (total / 2).min(quarters::MEMORY_LIMIT))
}

/// `--memory` more than the machine has is refused: a count planned
/// within it could ask for memory the machine cannot give, and abort.
pub(super) fn check_machine(asked: Option<u64>, machine: Option<u64>) -> Result<(), Failure> {
    match (asked, machine) {
        (Some(asked), Some(machine)) if asked > machine => {
            let at_most = match machine >> 30 {
                0 => format!("{}M", machine >> 20),
                gibibytes => format!("{gibibytes}G"),
            };
            Err(Failure::usage(format!(
                "--memory asks for {asked} bytes, more than this machine has ({machine} bytes, {}); \
                 give at most --memory {at_most}",
                gibibytes(machine)
            )))
        }
        _ => Ok(()),
    }
}

/// A memory refusal names the flag that raises the limit and a size that
/// would do, and says so when the machine has less.
pub(super) fn memory_hint(error: CountError, asked: bool) -> Failure {
    match error {
        CountError::MemoryLimit { needed, .. } => {
            let enough = match needed.div_ceil(1 << 30) {
                1 => format!("{}M", needed.div_ceil(1 << 20)),
                gibibytes => format!("{gibibytes}G"),
            };
            let default = if asked { "" } else { " (the default: the smaller of 8G and half the RAM)" };
            let machine = match machine_memory() {
                Some(machine) if needed > machine => format!(", but this machine has {}", gibibytes(machine)),
                _ => String::new(),
            };
            Failure::usage(format!("{error}{default}; --memory {enough} would allow it{machine}"))
        }
        other => Failure::refused(other),
    }
}

/// `bytes` in GiB, for messages.
fn gibibytes(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_bytes_or_powers_of_1024() {
        assert_eq!(parse_memory("64G"), Ok(64 << 30));
        assert_eq!(parse_memory("512m"), Ok(512 << 20));
        assert_eq!(parse_memory("3K"), Ok(3 << 10));
        assert_eq!(parse_memory("2T"), Ok(2 << 40));
        assert_eq!(parse_memory("1GB"), Ok(1 << 30));
        assert_eq!(parse_memory("1GiB"), Ok(1 << 30));
        assert_eq!(parse_memory("1.5G"), Ok(3 << 29));
        assert_eq!(parse_memory("1000000"), Ok(1_000_000));
        for bad in ["", "G", "0", "0G", "0.4", "1,5G", "-1", "1GQ", "16777216T", "99999999999999999999"] {
            assert!(parse_memory(bad).is_err(), "{bad}");
        }
        let default = default_memory();
        assert!(default > 0 && default <= quarters::MEMORY_LIMIT, "{default}");
    }

    /// More memory than the machine has is refused, naming what it has;
    /// as much as it has is not.
    #[test]
    fn memory_past_the_machines_is_refused() {
        let Err(Failure::Usage(message)) = check_machine(Some(64 << 30), Some(24 << 30)) else { panic!("refused") };
        assert!(message.contains("more than this machine has") && message.ends_with("--memory 24G"), "{message}");
        let Err(Failure::Usage(message)) = check_machine(Some(1 << 30), Some(900 << 20)) else { panic!("refused") };
        assert!(message.ends_with("--memory 900M"), "{message}");
        assert!(check_machine(Some(24 << 30), Some(24 << 30)).is_ok());
        assert!(check_machine(None, Some(1)).is_ok() && check_machine(Some(u64::MAX), None).is_ok());
    }
}
