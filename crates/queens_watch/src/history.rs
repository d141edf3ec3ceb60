//! A watched search with its whole history, forward and back.

use n_queens_steps::chain::Step;

use super::event::Event;
use super::mistakes::Mistake;
use super::search::Search;
use super::state::State;

/// Events between two checkpoints: going back one event replays at most this many.
pub const CHECKPOINT_EVERY: u64 = 16_384;

/// A search with its whole history: any earlier event is replayed from the
/// checkpoint before it, one per [`CHECKPOINT_EVERY`] events.
#[derive(Clone, Debug)]
pub struct History {
    /// The search where the view stands.
    pub search: Search,
    /// The state where the view stands.
    pub state: State,
    checkpoints: Vec<(Search, State)>,
}

impl History {
    /// A search at its start.
    pub fn new(n: usize, step: &'static Step, mistake: Option<Mistake>) -> History {
        let search = Search::new(n, step, mistake);
        History { checkpoints: vec![(search.clone(), State::default())], search, state: State::default() }
    }

    /// Whether the search is over.
    pub fn done(&self) -> bool {
        self.state.last == Some(Event::Done)
    }

    /// One event forward; false at the end.
    pub fn forward(&mut self) -> bool {
        if self.done() {
            return false;
        }
        let event = self.search.next_event();
        self.state.apply(event);
        let at = self.state.events;
        if at.is_multiple_of(CHECKPOINT_EVERY) && at / CHECKPOINT_EVERY == self.checkpoints.len() as u64 {
            self.checkpoints.push((self.search.clone(), self.state.clone()));
        }
        event != Event::Done
    }

    /// Goes to event `index` (0: the start), replaying from the checkpoint before it.
    pub fn seek(&mut self, index: u64) {
        let behind = index < self.state.events || self.done();
        if behind || index / CHECKPOINT_EVERY > self.state.events / CHECKPOINT_EVERY {
            let checkpoint = (index / CHECKPOINT_EVERY).min(self.checkpoints.len() as u64 - 1);
            (self.search, self.state) = self.checkpoints[checkpoint as usize].clone();
        }
        while self.state.events < index && self.forward() {}
    }

    /// One event back; false at the start. From the end (which is no event
    /// of its own, and shows the last event's board), to the event before the last.
    pub fn back(&mut self) -> bool {
        let at = self.state.events;
        if at == 0 {
            return false;
        }
        self.seek(at - 1);
        true
    }

    /// Forward until `stop` holds for the event just applied, or the end
    /// (true), or until `budget` events are spent (false).
    pub fn forward_until(&mut self, stop: impl Fn(&Event) -> bool, budget: u64) -> bool {
        for _ in 0..budget {
            if !self.forward() || self.state.last.as_ref().is_some_and(&stop) {
                return true;
            }
        }
        false
    }

    /// Bytes the history holds: the checkpoints, with their vectors.
    pub fn bytes(&self) -> usize {
        let one = |(search, state): &(Search, State)| {
            size_of::<(Search, State)>() + search.heap_bytes() + state.reads.capacity() * size_of::<Event>()
        };
        self.checkpoints.iter().map(one).sum::<usize>() + self.checkpoints.capacity() * size_of::<(Search, State)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use n_queens_steps::chain;

    #[test]
    fn back_returns_to_every_earlier_state() {
        let mut history = History::new(8, chain::step("board_scan").unwrap(), None);
        let mut states = vec![history.state.clone()];
        while history.forward() {
            states.push(history.state.clone());
        }
        let checkpoints = states.len() as u64 / CHECKPOINT_EVERY;
        assert!(checkpoints >= 2, "the run crosses checkpoints");
        // The end is no event of its own: the first step back from it goes
        // to the event before the last, whose board differs.
        assert!(history.done());
        assert!(history.back());
        assert_eq!(history.state, states[states.len() - 2]);
        assert!(!history.search.queens().is_empty(), "the board before the last queen was taken back");
        for expected in states.iter().rev().skip(2).take(100) {
            assert!(history.back());
            assert_eq!(&history.state, expected);
        }
        for index in (1..=checkpoints).flat_map(|k| k * CHECKPOINT_EVERY - 1..=k * CHECKPOINT_EVERY + 1) {
            history.seek(index);
            assert_eq!(history.state, states[index as usize]);
            assert!(history.back());
            assert_eq!(history.state, states[index as usize - 1]);
        }
        history.seek(1);
        assert!(history.back());
        assert_eq!(history.state, states[0]);
        assert!(!history.back());
    }
}
