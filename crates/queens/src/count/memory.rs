//! `queens count --memory`: the size parsed, the refusal of more than the
//! machine's memory, and the hint a memory refusal gives.

use n_queens_count::counting::CountError;
use n_queens_count::operation;

use crate::common::Failure;

/// Parses `--memory`: bytes, or a size with a unit (K, M, G, T, with or
/// without B or iB: powers of 1024; 1.5G rounds to the byte), more than 0.
pub(super) fn parse_memory(text: &str) -> Result<u64, String> {
    let sizes = parse_size::Config::new().with_binary();
    let bad = || format!("--memory takes a size such as 64G, 1.5T, 512M or 1000000 (bytes); got {text:?}");
    sizes.parse_size(text).ok().filter(|&bytes| bytes > 0).ok_or_else(bad)
}

/// `--memory` more than the machine has is refused: a count planned
/// within it could ask for memory the machine cannot give, and abort. The
/// message names the most it may ask for.
pub(super) fn more_than_machine(asked: u64, machine: u64) -> Failure {
    let at_most = match machine >> 30 {
        0 => format!("{}M", machine >> 20),
        gibibytes => format!("{gibibytes}G"),
    };
    Failure::usage(format!(
        "--memory asks for {asked} bytes, more than this machine has ({machine} bytes, {}); \
         give at most --memory {at_most}",
        gibibytes(machine)
    ))
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
            let machine = match operation::machine_memory() {
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
    }

    /// More memory than the machine has is refused, naming what it has;
    /// as much as it has is not.
    #[test]
    fn memory_past_the_machines_is_refused() {
        let Failure::Usage(message) = more_than_machine(64 << 30, 24 << 30) else { panic!("a usage error") };
        assert!(message.contains("more than this machine has") && message.ends_with("--memory 24G"), "{message}");
        let Failure::Usage(message) = more_than_machine(1 << 30, 900 << 20) else { panic!("a usage error") };
        assert!(message.ends_with("--memory 900M"), "{message}");
    }
}
