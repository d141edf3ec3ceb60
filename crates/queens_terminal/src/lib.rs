//! The full screen that `queens watch` and `queens practice watch` draw on,
//! written once ([`FullScreen`]): entered (raw mode, the alternate screen),
//! left with the terminal as it was, however the view ends, and its input
//! waited on ([`FullScreen::input_within`]).
//!
//! - A key or a hung-up terminal ends the view's loop, which leaves the
//!   screen ([`FullScreen::leave`]).
//! - SIGTERM, SIGINT and SIGHUP are caught while the screen is up
//!   (`signals.rs`): the loop sees [`FullScreen::caught`] and ends, the
//!   screen is left, what the caller must undo is undone, and the process
//!   ends by the same signal, as it would have.
//! - A panic leaves the screen first (ratatui's hook), then is told.

use std::io;
use std::time::Duration;

pub use input::Input;
use ratatui::DefaultTerminal;

mod input;
mod signals;

/// The terminal in full-screen mode, until [`FullScreen::leave`].
pub struct FullScreen {
    terminal: DefaultTerminal,
    signals: signals::Caught,
}

impl FullScreen {
    /// Catches the signals, then enters raw mode and the alternate screen.
    pub fn enter() -> io::Result<FullScreen> {
        let signals = signals::Caught::register()?;
        let terminal = ratatui::try_init()?;
        Ok(FullScreen { terminal, signals })
    }

    /// What the view draws on.
    pub fn terminal(&mut self) -> &mut DefaultTerminal {
        &mut self.terminal
    }

    /// Whether SIGTERM, SIGINT or SIGHUP has come: the view's loop ends.
    pub fn caught(&self) -> bool {
        self.signals.caught()
    }

    /// Waits up to `wait` for the terminal's input (`input.rs`).
    pub fn input_within(&self, wait: Duration) -> io::Result<Input> {
        input::within(wait)
    }

    /// Leaves the full screen, the terminal as it was: the alternate screen
    /// cleared first (tmux, leaving it at another size than the one it was
    /// entered at, carries rows of what it holds onto the normal screen),
    /// the cursor shown, raw mode off. Then, if a signal ended the view,
    /// `undo` runs and the process ends by that signal.
    pub fn leave(mut self, undo: fn()) {
        let _ = self.terminal.clear();
        let _ = self.terminal.show_cursor();
        drop(self.terminal);
        ratatui::restore();
        self.signals.end_as_caught(undo);
    }
}
