//! The thread of `practice watch` that checks the exercises, one at a
//! time, and what the loop takes from it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

use queens_cli::Failure;

use super::{Checking, Screen, wrap};
use crate::files;
use crate::ladder::Exercise;
use crate::summary::Status;
use crate::{Workspace, status_of};

/// The thread that checks the exercises, one at a time, as `practice test`
/// does: it is sent a [`Job`] and sends back its compiler's lines and its
/// verdict, each with the job's number.
pub(super) struct Checker {
    jobs: Sender<Job>,
    news: Receiver<News>,
}

/// A check to run.
struct Job {
    number: u64,
    exercise: Exercise,
    text: String,
    cancel: Arc<AtomicBool>,
}

/// What the checker's thread says of a job.
enum News {
    /// A line its compiler printed.
    Said(u64, String),
    /// Its verdict: `None` when the file cannot be checked.
    Done(u64, Option<Status>),
    /// The check itself failed (no toolchain, say): why.
    Failed(u64, String),
}

impl Checker {
    pub(super) fn start(workspace: Workspace) -> Checker {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (outbox, news) = mpsc::channel();
        std::thread::spawn(move || {
            for job in inbox {
                let mut echo = |line: &str| {
                    let _ = outbox.send(News::Said(job.number, line.to_string()));
                };
                let checked = status_of(&workspace, job.exercise, &job.text, Some(job.cancel), &mut echo);
                let news = match checked {
                    Ok(status) => News::Done(job.number, Some(status)),
                    Err(Failure::Failed(why) | Failure::Usage(why)) => News::Failed(job.number, why),
                    Err(_) => News::Done(job.number, None),
                };
                let _ = outbox.send(news);
            }
        });
        Checker { jobs, news }
    }

    /// Checks the exercise watched from its text on disk now, after ending
    /// the check still running, if one is; a text not started, or whose
    /// verdict is recorded, is known at once.
    pub(super) fn check(&self, workspace: &Workspace, screen: &mut Screen) {
        self.cancel(screen);
        let exercise = screen.exercise;
        screen.checked = files::read(workspace, exercise).ok();
        // Until the verdict comes, none is known: it would be of another text.
        screen.known[Screen::index(exercise)] = None;
        let Some(text) = screen.checked.clone() else { return };
        if let Some(status) = crate::known(workspace, exercise, &text) {
            self.settle(workspace, screen, Some(status));
            return;
        }
        static NUMBER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let number = NUMBER.fetch_add(1, Ordering::SeqCst);
        let cancel = Arc::new(AtomicBool::new(false));
        let job = Job { number, exercise, text, cancel: cancel.clone() };
        if self.jobs.send(job).is_ok() {
            screen.checking = Some(Checking { number, cancel, said: String::new() });
        }
    }

    /// Shows `status` as the verdict on the exercise watched; at the start,
    /// moves on to the next exercise while this one passes.
    pub(super) fn settle(&self, workspace: &Workspace, screen: &mut Screen, status: Option<Status>) {
        let passes = matches!(status, Some(Status::Pastes(_)));
        screen.known[Screen::index(screen.exercise)] = status;
        screen.scroll = 0;
        if passes {
            screen.hint = None;
        }
        let next = Exercise::all().nth(Screen::index(screen.exercise) + 1);
        match next {
            Some(next) if screen.scanning && passes => {
                screen.exercise = next;
                self.check(workspace, screen);
            }
            _ => screen.scanning = false,
        }
    }

    /// Ends the check running, if one is: nothing more of it starts, and
    /// its processes end now (they are this process's only children).
    pub(super) fn cancel(&self, screen: &mut Screen) {
        if let Some(checking) = screen.checking.take() {
            checking.cancel.store(true, Ordering::SeqCst);
            n_queens_process::end_children(false);
        }
    }

    /// Takes what the checker said since: a line to show, or the verdict of
    /// the check running; news of another check is out of date.
    pub(super) fn news(&self, workspace: &Workspace, screen: &mut Screen) {
        while let Ok(news) = self.news.try_recv() {
            let Some(checking) = screen.checking.as_mut() else { continue };
            match news {
                News::Said(number, line) if number == checking.number => checking.said = line,
                News::Done(number, status) if number == checking.number => {
                    screen.checking = None;
                    self.settle(workspace, screen, status);
                }
                News::Failed(number, why) if number == checking.number => {
                    screen.checking = None;
                    screen.scanning = false;
                    screen.said = wrap(&why);
                }
                _ => {}
            }
        }
    }
}
