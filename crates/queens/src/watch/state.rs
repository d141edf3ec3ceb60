//! The state of a watched search, without a terminal: events in, counters
//! and the last check's reads out ([`State`]); the whole history, forward
//! and back, from checkpoints and replay ([`History`]); and what each key
//! does ([`App`]).

use std::collections::VecDeque;
use std::time::Duration;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::events::{Crash, Event, Mistake, Search, Step};

/// What the events so far add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Events applied.
    pub events: u64,
    /// Queens placed: the nodes of the search tree, the root not counted.
    pub nodes: u64,
    /// The step's check, in its own unit ([`Step::unit`]).
    pub checks: u64,
    /// Queens taken away on the way back.
    pub backtracks: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Queens placed plus queens taken back: where the search stands on
    /// the board, the same in every step.
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

/// Events between two checkpoints: going back one event replays at most this many.
pub const CHECKPOINT_EVERY: u64 = 16_384;

/// A search with its whole history: any earlier event can be returned to,
/// with memory for one checkpoint per [`CHECKPOINT_EVERY`] events.
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
    pub fn new(n: usize, step: Step, mistake: Option<Mistake>) -> History {
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
        if at % CHECKPOINT_EVERY == 0 && at / CHECKPOINT_EVERY == self.checkpoints.len() as u64 {
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

/// Speeds, in events a second.
pub const SPEEDS: [u32; 12] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 20000];

/// Events a jump or a switch runs between two frames, so the view stays live on long runs.
const EVENTS_PER_FRAME: u64 = 100_000;

/// Where a jump key goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    /// To the end of the search.
    End,
    /// To the next solution.
    Solution,
    /// To the next queen taken back.
    Backtrack,
    /// To the next queen placed or taken back.
    Row,
    /// Replaying another step up to the same board: the moves to reach.
    Switch(u64),
}

impl Jump {
    fn stops_at(self, event: &Event) -> bool {
        match self {
            Jump::End | Jump::Switch(_) => false,
            Jump::Solution => *event == Event::Solution,
            Jump::Backtrack => matches!(event, Event::Back { .. }),
            Jump::Row => matches!(event, Event::Place { .. } | Event::Back { .. }),
        }
    }
}

/// The watcher: the history, and how it is played.
#[derive(Clone, Debug)]
pub struct App {
    /// The search and its history.
    pub history: History,
    /// Playing or paused.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// The user asked to quit.
    pub quit: bool,
    /// One line about the last key's effect, if any.
    pub note: Option<String>,
    /// A jump under way, run a slice per frame; a switch replays `switched`.
    pub jump: Option<Jump>,
    switched: Option<History>,
    /// Jump keys pressed while a jump runs: applied in turn as each one arrives.
    queued: VecDeque<KeyEvent>,
    /// Events a jump runs per frame.
    slice: u64,
    /// Events owed to the clock while playing, in millionths.
    owed: u128,
}

impl App {
    /// A paused watcher at the start of the search.
    pub fn new(n: usize, step: Step, mistake: Option<Mistake>) -> App {
        let history = History::new(n, step, mistake);
        App {
            history,
            playing: false,
            speed: 3,
            quit: false,
            note: None,
            jump: None,
            switched: None,
            queued: VecDeque::new(),
            slice: EVENTS_PER_FRAME,
            owed: 0,
        }
    }

    /// Runs the jump under way for one frame's slice; once it arrives, the keys queued behind it.
    fn run_jump(&mut self) {
        let Some(jump) = self.jump else { return };
        let arrived = match (jump, &mut self.switched) {
            (Jump::Switch(moves), Some(history)) => {
                let mut budget = self.slice;
                while history.state.moves < moves && budget > 0 && history.forward() {
                    budget -= 1;
                }
                budget > 0
            }
            _ => self.history.forward_until(|event| jump.stops_at(event), self.slice),
        };
        if arrived {
            self.jump = None;
            if let Some(history) = self.switched.take() {
                self.history = history;
            }
            if let Some(key) = self.queued.pop_front() {
                self.apply(key);
            }
        }
    }

    /// Whether `key` starts a jump or a switch (and so waits behind one under way).
    fn is_jump(key: &KeyEvent) -> bool {
        matches!(key.code, KeyCode::End | KeyCode::Tab | KeyCode::Char('e' | 's' | 'b' | 'r' | '1'..='4'))
    }

    /// Events a second while playing.
    pub fn events_per_second(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// Plays the events that `elapsed` at the current speed is worth.
    pub fn tick(&mut self, elapsed: Duration) {
        self.run_jump();
        if !self.playing || self.jump.is_some() {
            return;
        }
        self.owed += elapsed.as_micros() * u128::from(self.events_per_second());
        while self.owed >= 1_000_000 {
            self.owed -= 1_000_000;
            if !self.history.forward() {
                self.playing = false;
                self.owed = 0;
            }
        }
    }

    /// Does what `key` asks. A jump key pressed during a jump waits its
    /// turn; any other key ends the jump where it stands.
    pub fn key(&mut self, key: KeyEvent) {
        if self.jump.is_some() && Self::is_jump(&key) {
            self.queued.push_back(key);
            return;
        }
        self.queued.clear();
        self.apply(key);
    }

    /// Does what `key` asks, now.
    fn apply(&mut self, key: KeyEvent) {
        self.note = None;
        (self.jump, self.switched) = (None, None);
        let history = &mut self.history;
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => self.quit = true,
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char(' ') | KeyCode::Char('p') => self.playing = !self.playing,
            KeyCode::Right | KeyCode::Char('l') => {
                self.playing = false;
                history.forward();
            }
            KeyCode::Left | KeyCode::Char('h') => {
                self.playing = false;
                if !history.back() {
                    self.note = Some("at the start".into());
                }
            }
            KeyCode::Home | KeyCode::Char('g') => {
                self.playing = false;
                history.seek(0);
            }
            KeyCode::End | KeyCode::Char('e') => self.jump = Some(Jump::End),
            KeyCode::Char('s') => self.jump = Some(Jump::Solution),
            KeyCode::Char('b') => self.jump = Some(Jump::Backtrack),
            KeyCode::Char('r') => self.jump = Some(Jump::Row),
            KeyCode::Char('+') | KeyCode::Char('=') | KeyCode::Up => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
            }
            KeyCode::Char('-') | KeyCode::Down => self.speed = self.speed.saturating_sub(1),
            KeyCode::Tab => {
                let next = history.search.step().next();
                self.switch(next);
            }
            KeyCode::Char(digit @ '1'..='4') => self.switch(Step::ALL[digit as usize - '1' as usize]),
            _ => {}
        }
        self.run_jump();
    }

    /// Runs `step` from the start, a slice per frame, up to as many queens
    /// placed and taken back as now: the board shown now.
    pub fn switch(&mut self, step: Step) {
        let search = &self.history.search;
        if let Some(mistake) = search.mistake() {
            self.note = Some(format!("--mistake {} runs {} only", mistake.name(), search.step().name()));
            return;
        }
        if step == search.step() {
            return;
        }
        self.playing = false;
        self.switched = Some(History::new(search.n(), step, None));
        self.jump = Some(Jump::Switch(self.history.state.moves));
        self.run_jump();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Presses a key and lets a jump run to its end, as the frames would.
    fn press(app: &mut App, code: KeyCode) {
        app.key(KeyEvent::new(code, KeyModifiers::NONE));
        while app.jump.is_some() {
            app.tick(Duration::ZERO);
        }
    }

    #[test]
    fn back_returns_to_every_earlier_state() {
        let mut history = History::new(8, Step::BoardScan, None);
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
        for index in
            (1..=checkpoints).flat_map(|k| [k * CHECKPOINT_EVERY - 1, k * CHECKPOINT_EVERY, k * CHECKPOINT_EVERY + 1])
        {
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

    #[test]
    fn keys_step_jump_and_switch_at_the_same_board() {
        let mut app = App::new(6, Step::BoardScan, None);
        press(&mut app, KeyCode::Char('s'));
        assert_eq!(app.history.state.last, Some(Event::Solution));
        let board = app.history.search.queens().to_vec();
        assert_eq!(board.len(), 6);
        press(&mut app, KeyCode::Char('4'));
        assert_eq!(app.history.search.step(), Step::Bitmask);
        assert_eq!(app.history.search.queens(), board);
        press(&mut app, KeyCode::Tab);
        assert_eq!(app.history.search.step(), Step::BoardScan);
        press(&mut app, KeyCode::Char('b'));
        assert!(matches!(app.history.state.last, Some(Event::Back { .. })));
        let at = app.history.state.events;
        press(&mut app, KeyCode::Left);
        press(&mut app, KeyCode::Right);
        assert_eq!(app.history.state.events, at);
        press(&mut app, KeyCode::Char(' '));
        assert!(app.playing);
        app.tick(Duration::from_secs(1));
        assert_eq!(app.history.state.events, at + u64::from(SPEEDS[3]));
        press(&mut app, KeyCode::Char('+'));
        assert_eq!(app.events_per_second(), SPEEDS[4]);
        app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(app.quit);
    }

    #[test]
    fn jump_keys_pressed_during_a_jump_are_all_applied_in_turn() {
        let mut app = App::new(8, Step::BoardScan, None);
        app.slice = 50; // many frames a jump, as at a large n
        let s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE);
        for _ in 0..3 {
            app.key(s);
        }
        assert!(app.jump.is_some(), "still under way after one slice");
        while app.jump.is_some() {
            app.tick(Duration::ZERO);
        }
        assert_eq!(app.history.state.solutions, 3);
        assert_eq!(app.history.state.last, Some(Event::Solution));
        // Any other key ends the jump where it stands, and the keys behind it.
        app.key(s);
        app.key(s);
        let at = app.history.state.events;
        press(&mut app, KeyCode::Right);
        assert_eq!(app.history.state.events, at + 1);
        assert_eq!(app.history.state.solutions, 3);
        assert!(app.jump.is_none());
    }

    #[test]
    fn left_after_end_moves_back() {
        let mut app = App::new(5, Step::Bitmask, None);
        press(&mut app, KeyCode::End);
        assert!(app.history.done());
        let events = app.history.state.events;
        press(&mut app, KeyCode::Left);
        assert!(!app.history.done());
        assert_eq!(app.history.state.events, events - 1);
        press(&mut app, KeyCode::Right);
        press(&mut app, KeyCode::Right);
        assert!(app.history.done());
    }

    #[test]
    fn a_mistake_stays_on_its_step() {
        let mut app = App::new(4, Step::BoardScan, Some(Mistake::FlagsNotCleared));
        press(&mut app, KeyCode::Char('1'));
        assert_eq!(app.history.search.step(), Step::ThreeArrays);
        assert!(app.note.is_some());
    }
}
