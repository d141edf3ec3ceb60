//! The watcher without a terminal: each key mapped to an [`Action`], and
//! the one place an action changes the watcher ([`App::update`]).

use std::collections::VecDeque;
use std::time::Duration;

use n_queens_steps::chain::{self, Step};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::event::Event;
use super::history::History;
use super::mistakes::Mistake;

/// Speeds, in events a second.
pub const SPEEDS: [u32; 12] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 20000];

/// Events a jump or a switch runs between two frames, so the view stays live on long runs.
const EVENTS_PER_FRAME: u64 = 100_000;

/// The time between two frames while the view moves: about 60 a second.
pub const FRAME: Duration = Duration::from_millis(16);

/// The longest wait for a key while nothing moves.
const IDLE: Duration = Duration::from_millis(500);

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Ends the view.
    Quit,
    /// Plays, or pauses.
    PlayPause,
    /// One event forward, paused.
    Forward,
    /// One event back, paused.
    Back,
    /// To the start, paused.
    Start,
    /// A jump, run a slice per frame.
    Jump(Jump),
    /// One speed up.
    Faster,
    /// One speed down.
    Slower,
    /// The next step of the chain, the first after the last.
    NextStep,
    /// The step of that number on the chain.
    Step(&'static Step),
    /// Any other key: it ends a jump under way where it stands.
    Stop,
}

/// The action of `key`.
pub fn action(key: KeyEvent) -> Action {
    match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Action::Quit,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        KeyCode::Char(' ' | 'p') => Action::PlayPause,
        KeyCode::Right | KeyCode::Char('l') => Action::Forward,
        KeyCode::Left | KeyCode::Char('h') => Action::Back,
        KeyCode::Home | KeyCode::Char('g') => Action::Start,
        KeyCode::End | KeyCode::Char('e') => Action::Jump(Jump::End),
        KeyCode::Char('s') => Action::Jump(Jump::Solution),
        KeyCode::Char('b') => Action::Jump(Jump::Backtrack),
        KeyCode::Char('r') => Action::Jump(Jump::Row),
        KeyCode::Char('+' | '=') | KeyCode::Up => Action::Faster,
        KeyCode::Char('-') | KeyCode::Down => Action::Slower,
        KeyCode::Tab => Action::NextStep,
        KeyCode::Char(digit @ '1'..='9') => {
            chain::watched().nth(digit as usize - '1' as usize).map_or(Action::Stop, Action::Step)
        }
        _ => Action::Stop,
    }
}

/// Where a jump goes.
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
    /// Replaying another step up to the same board: the queens placed and
    /// taken back to reach, and the solutions (at a solution, the same one).
    Switch { moves: u64, solutions: u64 },
}

impl Jump {
    fn stops_at(self, event: &Event) -> bool {
        match self {
            Jump::End | Jump::Switch { .. } => false,
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
    /// Jumps asked for while a jump runs: applied in turn as each one arrives.
    queued: VecDeque<Action>,
    /// Events a jump runs per frame.
    slice: u64,
    /// Events owed to the clock while playing, in millionths.
    owed: u128,
}

impl App {
    /// A paused watcher at the start of the search.
    pub fn new(n: usize, step: &'static Step, mistake: Option<Mistake>) -> App {
        App {
            history: History::new(n, step, mistake),
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

    /// Runs the jump under way for one frame's slice; once it arrives, the actions queued behind it.
    fn run_jump(&mut self) {
        let Some(jump) = self.jump else { return };
        let arrived = match (jump, &mut self.switched) {
            (Jump::Switch { moves, solutions }, Some(history)) => {
                let mut budget = self.slice;
                // A solution comes after the queen that completes it, with no move between.
                let short = |state: &super::state::State| {
                    state.moves < moves || (state.moves == moves && state.solutions < solutions)
                };
                while short(&history.state) && budget > 0 && history.forward() {
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
            if let Some(action) = self.queued.pop_front() {
                self.apply(action);
            }
        }
    }

    /// How long the view waits for a key before its next frame: a frame's
    /// time while it plays or a jump runs, else half a second at most.
    pub fn frame_wait(&self) -> Duration {
        if self.playing || self.jump.is_some() { FRAME } else { IDLE }
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

    /// Does what `action` asks. A jump or a switch asked for during a jump
    /// waits its turn; any other action ends the jump where it stands.
    pub fn update(&mut self, action: Action) {
        if self.jump.is_some() && matches!(action, Action::Jump(_) | Action::NextStep | Action::Step(_)) {
            self.queued.push_back(action);
            return;
        }
        self.queued.clear();
        self.apply(action);
    }

    /// Does what `action` asks, now.
    fn apply(&mut self, action: Action) {
        self.note = None;
        (self.jump, self.switched) = (None, None);
        let history = &mut self.history;
        if matches!(action, Action::Forward | Action::Back | Action::Start) {
            self.playing = false;
        }
        match action {
            Action::Quit => self.quit = true,
            Action::PlayPause => self.playing = !self.playing,
            Action::Forward => _ = history.forward(),
            Action::Back => self.note = (!history.back()).then(|| "at the start".into()),
            Action::Start => history.seek(0),
            Action::Jump(jump) => self.jump = Some(jump),
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::NextStep => {
                let watched: Vec<&'static Step> = chain::watched().collect();
                let at = watched.iter().position(|step| step.name == history.search.step.name);
                self.switch(watched[at.map_or(0, |at| (at + 1) % watched.len())]);
            }
            Action::Step(step) => self.switch(step),
            Action::Stop => {}
        }
        self.run_jump();
    }

    /// Runs `step` from the start, a slice per frame, up to the board shown now.
    fn switch(&mut self, step: &'static Step) {
        let search = &self.history.search;
        if let Some(mistake) = search.mistake {
            self.note = Some(format!("--mistake {} runs {} only", mistake.row().name, search.step.name));
            return;
        }
        if step.name == search.step.name {
            return;
        }
        self.playing = false;
        self.switched = Some(History::new(search.n, step, None));
        let (moves, solutions) = (self.history.state.moves, self.history.state.solutions);
        self.jump = Some(Jump::Switch { moves, solutions });
        self.run_jump();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step of the chain, by name.
    fn step(name: &str) -> &'static Step {
        chain::step(name).expect("a step of the chain")
    }

    /// The action of a key pressed without modifiers.
    fn key(code: KeyCode) -> Action {
        action(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// Presses a key and lets a jump run to its end, as the frames would.
    fn press(app: &mut App, code: KeyCode) {
        app.update(key(code));
        while app.jump.is_some() {
            app.tick(Duration::ZERO);
        }
    }

    #[test]
    fn keys_step_jump_and_switch_at_the_same_board() {
        let mut app = App::new(6, step("board_scan"), None);
        press(&mut app, KeyCode::Char('s'));
        assert_eq!(app.history.state.last, Some(Event::Solution));
        let board = app.history.search.queens().to_vec();
        assert_eq!(board.len(), 6);
        press(&mut app, KeyCode::Char('4'));
        assert_eq!(app.history.search.step.name, "bitmask");
        assert_eq!(app.history.search.queens(), board);
        press(&mut app, KeyCode::Tab);
        assert_eq!(app.history.search.step.name, "board_scan");
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
        app.update(action(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(app.quit);
    }

    #[test]
    fn a_switch_at_a_solution_lands_on_that_solution_and_a_mistake_stays_on_its_step() {
        let mut app = App::new(8, step("board_scan"), None);
        press(&mut app, KeyCode::Char('s'));
        for key in ['2', '3', '4', '1'] {
            press(&mut app, KeyCode::Char(key));
            let state = &app.history.state;
            assert_eq!((state.last, state.solutions), (Some(Event::Solution), 1), "switched with {key}");
        }
        // Between two solutions, the same board: the queen placed or taken back last.
        press(&mut app, KeyCode::Char('b'));
        let (moves, last) = (app.history.state.moves, app.history.state.last);
        press(&mut app, KeyCode::Char('3'));
        assert_eq!((app.history.state.moves, app.history.state.last, app.history.state.solutions), (moves, last, 1));
        let mut app = App::new(4, step("board_scan"), Some(Mistake::FlagsNotCleared));
        press(&mut app, KeyCode::Char('1'));
        assert_eq!(app.history.search.step.name, "three_arrays");
        assert!(app.note.is_some());
    }

    #[test]
    fn jump_keys_pressed_during_a_jump_are_all_applied_in_turn_a_slice_a_frame() {
        let mut app = App::new(8, step("board_scan"), None);
        assert_eq!(app.frame_wait(), IDLE, "paused, nothing moves");
        app.slice = 50; // many frames a jump, as at a large n
        for _ in 0..3 {
            app.update(key(KeyCode::Char('s')));
        }
        assert!(!app.playing && app.jump.is_some(), "still under way after one slice");
        assert_eq!(app.frame_wait(), FRAME, "paused, a jump under way");
        while app.jump.is_some() {
            app.tick(Duration::ZERO);
        }
        assert_eq!(app.history.state.solutions, 3);
        assert_eq!(app.history.state.last, Some(Event::Solution));
        // Any other key ends the jump where it stands, and the keys behind it.
        app.update(key(KeyCode::Char('s')));
        app.update(key(KeyCode::Char('s')));
        let at = app.history.state.events;
        press(&mut app, KeyCode::Right);
        assert_eq!(app.history.state.events, at + 1);
        assert_eq!(app.history.state.solutions, 3);
        assert!(app.jump.is_none());
        press(&mut app, KeyCode::Char(' '));
        assert_eq!(app.frame_wait(), FRAME, "playing");
    }

    #[test]
    fn left_after_end_moves_back() {
        let mut app = App::new(5, step("bitmask"), None);
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
}
