//! SIGTERM, SIGINT and SIGHUP while the view is up: caught, so that the loop
//! ends and the terminal is restored (alternate screen off, cursor shown,
//! modes back), then the process ends by the same signal, as it would have.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::low_level;

/// The signal caught, 0 while none.
pub struct Caught {
    signal: Arc<AtomicUsize>,
    ids: Vec<signal_hook::SigId>,
}

impl Caught {
    /// Catches the three signals from now on.
    pub fn register() -> io::Result<Caught> {
        let signal = Arc::new(AtomicUsize::new(0));
        let mut ids = Vec::new();
        for number in [SIGTERM, SIGINT, SIGHUP] {
            ids.push(signal_hook::flag::register_usize(number, Arc::clone(&signal), number as usize)?);
        }
        Ok(Caught { signal, ids })
    }

    /// Whether one of the signals has come.
    pub fn caught(&self) -> bool {
        self.signal.load(Ordering::SeqCst) != 0
    }

    /// Once the terminal is restored: if a signal was caught, runs `undo`,
    /// then ends the process by that signal.
    pub fn end_as_caught(self, undo: fn()) {
        for id in self.ids {
            low_level::unregister(id);
        }
        let number = self.signal.load(Ordering::SeqCst) as i32;
        if number != 0 {
            undo();
            // The default action of the three is to end the process.
            let _ = low_level::emulate_default_handler(number);
            std::process::exit(128 + number);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_is_caught_not_fatal() {
        let caught = Caught::register().expect("registered");
        assert!(!caught.caught());
        low_level::raise(SIGHUP).expect("raised");
        assert!(caught.caught(), "the loop sees it and ends");
        for id in caught.ids {
            low_level::unregister(id);
        }
    }
}
