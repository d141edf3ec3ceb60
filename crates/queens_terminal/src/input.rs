//! The terminal's input, as the full-screen views wait on it: on standard
//! input itself, so that a terminal that hangs up ends the view.

use std::io;
use std::time::{Duration, Instant};

use ratatui::crossterm::event as term;

/// What the terminal has for the view within a wait.
pub enum Input {
    /// An event is ready to read.
    Ready,
    /// None came.
    None,
    /// The terminal is gone (its window closed): nothing will come again.
    HungUp,
}

/// Waits up to `wait` for the terminal's input. The wait is on standard
/// input itself, a tenth of a second at a time, and crossterm is asked only
/// after it, with no wait: on a terminal that has hung up, crossterm's own
/// wait reads the end of input again and again and never returns.
pub fn within(wait: Duration) -> io::Result<Input> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now()).min(Duration::from_millis(100));
        let stdin = io::stdin();
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        let timeout = Timespec { tv_sec: 0, tv_nsec: left.as_nanos() as i64 };
        match poll(&mut fds, Some(&timeout)) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(error) => return Err(error.into()),
        }
        if fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
            return Ok(Input::HungUp);
        }
        // Keys, and resizes, which come through crossterm's own signal pipe.
        if term::poll(Duration::ZERO)? {
            return Ok(Input::Ready);
        }
        if Instant::now() >= deadline {
            return Ok(Input::None);
        }
    }
}
