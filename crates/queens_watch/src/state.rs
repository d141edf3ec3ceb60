//! What the events of a watched search add up to: counters and the last check's reads.

use super::event::Event;
use super::mistakes::Crash;

/// What the events so far add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Events applied.
    pub events: u64,
    /// Queens placed: the nodes of the search tree, the root not counted.
    pub nodes: u64,
    /// The step's check, in its own unit (its step's `check_unit`).
    pub checks: u64,
    /// Queens taken away on the way back.
    pub backtracks: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Queens placed plus queens taken back: where the search stands, the same in every step.
    pub moves: u64,
    /// The last event.
    pub last: Option<Event>,
    /// The square being tried (steps 1 to 3) and the reads of its check so far.
    pub tried: Option<(usize, usize)>,
    /// The reads of the current check, or step 4's sub-steps of the row.
    pub reads: Vec<Event>,
    /// How a mistake's run ended, once it has.
    pub crash: Option<Crash>,
}

impl State {
    /// The event whose line the source shows: the last one, or at the end of
    /// a run that a mistake crashed, the crash.
    pub fn running(&self) -> Option<Event> {
        match (self.last, self.crash) {
            (Some(Event::Done), Some(crash)) => Some(Event::Crash(crash)),
            (last, _) => last,
        }
    }

    /// Adds one event.
    pub fn apply(&mut self, event: Event) {
        self.events += 1;
        self.last = Some(event);
        match event {
            Event::Try { row, col } => {
                self.tried = Some((row, col));
                self.reads.clear();
            }
            Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. } => {
                self.checks += 1;
                self.reads.push(event);
            }
            Event::Masks { .. } => {
                self.checks += 1;
                self.tried = None;
                self.reads.clear();
                self.reads.push(event);
            }
            Event::Lowest { .. } | Event::Cleared { .. } => self.reads.push(event),
            Event::Place { .. } => {
                self.nodes += 1;
                self.moves += 1;
            }
            Event::Back { .. } => {
                self.backtracks += 1;
                self.moves += 1;
                self.tried = None;
                self.reads.clear();
            }
            Event::Solution => self.solutions += 1,
            Event::Crash(crash) => self.crash = Some(crash),
            Event::Done => self.events -= 1, // the end is not an event of its own
        }
    }
}
