//! A folder store's writer: one thread that does the disk work of saving, so
//! that the frame (or the driver's command) that saves never waits on the
//! disk. The frame hands it what to write (a save as it was made, a file's
//! bytes, a file to remove); the thread makes the text (serde_yaml) and
//! writes it atomically (a new file, synced, renamed over the old one).
//!
//! - Read-your-writes: what is handed over and not yet written (or being
//!   written) is kept, the latest for each file, and the store reads it
//!   before the disk ([`Writer::latest`]).
//! - Order and coalescing: one thread, and one waiting job a file; a newer
//!   job of a file replaces the one waiting (not the one being written), so
//!   a file's versions reach the disk in order, and the newest is written
//!   last. A removal (`forget saved game`) is a job too: it replaces a
//!   waiting write of that file.
//! - A failure (disk full, the folder gone) becomes a notice in words,
//!   taken by the World on the next frame or driver command
//!   ([`Writer::take_failures`]).
//! - No panic reaches the frame: a job that panics is a failure; when the
//!   thread cannot be started or is gone, the jobs are done on the caller's
//!   thread, as they were before there was a writer.
//! - [`Writer::flush`] waits until every job handed over is done; dropping
//!   the writer flushes and ends the thread, so a process that ends
//!   normally leaves the newest of everything on the disk.

use super::{sync_dir, write_atomic, SaveFile, SAVES, VALUES};
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// What is to be done to one file of the folder.
#[derive(Clone)]
pub(crate) enum Job {
    /// A save as it was made: its text is made on the writer's thread.
    Save(Arc<SaveFile>),
    /// A file's bytes (`values.yaml`).
    Bytes(Arc<[u8]>),
    /// The file removed (a save forgotten).
    Remove,
}

/// The jobs, shared by the store's thread and the writer's.
#[derive(Default)]
struct Queue {
    /// The job waiting for each file: the newest handed over, not started.
    waiting: HashMap<String, Job>,
    /// The files with a job waiting, oldest first.
    order: VecDeque<String>,
    /// The job being done, and its file.
    busy: Option<(String, Job)>,
    /// What went wrong, in words, until taken.
    failures: Vec<String>,
    /// How the last job done of each file went (Err: its failure's words),
    /// for one who waits for that file ([`Writer::settle`]).
    outcomes: HashMap<String, Result<(), String>>,
    /// The last failure told, until a job succeeds: the same words again
    /// (every Turn's save into a folder that is gone) are told once.
    last_failure: Option<String>,
    /// The writer is being dropped: the thread ends once nothing waits.
    stop: bool,
    /// Tests only: the thread takes no job while set.
    #[cfg(test)]
    held: bool,
    /// Tests only: how many jobs were done.
    #[cfg(test)]
    done: usize,
    /// Tests only: the thread panics, holding the lock, as it next looks.
    #[cfg(test)]
    die: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Told when a job is handed over, or the writer stops.
    work: Condvar,
    /// Told when a job is done.
    done: Condvar,
}

impl Shared {
    /// The queue, even if a thread panicked holding it (it is left whole:
    /// no job runs under the lock).
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

pub(crate) struct Writer {
    dir: PathBuf,
    shared: Arc<Shared>,
    /// The thread, once started (at the first job).
    thread: RefCell<Option<JoinHandle<()>>>,
    /// The folder's lock (`Store::folder`), held while this writer lives:
    /// dropped after the last job is written.
    _lock: Option<std::fs::File>,
}

impl Writer {
    /// A writer into `dir`, holding its lock if it was taken; its thread
    /// starts with the first job.
    pub(crate) fn new(dir: PathBuf, lock: Option<std::fs::File>) -> Writer {
        let shared =
            Arc::new(Shared { queue: Mutex::new(Queue::default()), work: Condvar::new(), done: Condvar::new() });
        Writer { dir, shared, thread: RefCell::new(None), _lock: lock }
    }

    /// Hands a job over to the thread: it replaces the job waiting for that
    /// file, if any. Where there is no thread (it could not be started, or
    /// is gone), the job is done now and Err says, in words, how it failed.
    pub(crate) fn put(&self, name: &str, job: Job) -> Result<(), String> {
        if !self.running() {
            // Whatever still waits goes first: a file's versions stay in order.
            self.drain_here();
            return run(&self.dir, name, &job);
        }
        let mut q = self.shared.lock();
        if q.waiting.insert(name.to_string(), job).is_none() {
            q.order.push_back(name.to_string());
        }
        drop(q);
        self.shared.work.notify_one();
        Ok(())
    }

    /// The newest job handed over for a file and not yet done (waiting, or
    /// being done): what the file is about to be.
    pub(crate) fn latest(&self, name: &str) -> Option<Job> {
        let q = self.shared.lock();
        if let Some(job) = q.waiting.get(name) {
            return Some(job.clone());
        }
        q.busy.as_ref().filter(|(n, _)| n == name).map(|(_, job)| job.clone())
    }

    /// Whether a job is waiting or being done.
    pub(crate) fn busy(&self) -> bool {
        let q = self.shared.lock();
        !q.order.is_empty() || q.busy.is_some()
    }

    /// Waits until the file `name` has no job waiting nor being done, and
    /// answers how its last job went: the driver's `save` answers once its
    /// save is on the disk (written, synced, renamed). A failure answered
    /// here is not told again among the failures.
    pub(crate) fn settle(&self, name: &str) -> Result<(), String> {
        loop {
            if !self.running() {
                self.drain_here();
                break;
            }
            let q = self.shared.lock();
            if !q.waiting.contains_key(name) && q.busy.as_ref().is_none_or(|(n, _)| n != name) {
                break;
            }
            // A bounded wait: a thread that ended meanwhile is seen above.
            let _ = self.shared.done.wait_timeout(q, Duration::from_millis(50));
        }
        let mut q = self.shared.lock();
        match q.outcomes.get(name).cloned() {
            Some(Err(why)) => {
                q.failures.retain(|f| *f != why);
                Err(why)
            }
            _ => Ok(()),
        }
    }

    /// What went wrong since last asked, each in words for the player.
    pub(crate) fn take_failures(&self) -> Vec<String> {
        std::mem::take(&mut self.shared.lock().failures)
    }

    /// Waits until every job handed over so far is done (on the caller's
    /// thread if the writer's is gone).
    pub(crate) fn flush(&self) {
        loop {
            if !self.running() {
                self.drain_here();
                return;
            }
            let q = self.shared.lock();
            if q.order.is_empty() && q.busy.is_none() {
                return;
            }
            // A bounded wait: a thread that ended meanwhile is seen above.
            let _ = self.shared.done.wait_timeout(q, Duration::from_millis(50));
        }
    }

    /// A handle that waits for the jobs from any thread ([`Flusher::flush`]).
    pub(crate) fn flusher(&self) -> Flusher {
        Flusher(self.shared.clone())
    }

    /// Whether the thread runs, starting it if it never did.
    fn running(&self) -> bool {
        let mut thread = self.thread.borrow_mut();
        match &*thread {
            Some(handle) => !handle.is_finished(),
            None => {
                let shared = self.shared.clone();
                let dir = self.dir.clone();
                let spawned =
                    std::thread::Builder::new().name("cardtable-saver".into()).spawn(move || work(&shared, &dir));
                match spawned {
                    Ok(handle) => {
                        *thread = Some(handle);
                        true
                    }
                    Err(_) => false,
                }
            }
        }
    }

    /// Does every waiting job on this thread (the writer's is gone).
    fn drain_here(&self) {
        loop {
            let mut q = self.shared.lock();
            let Some((name, job)) = next_job(&mut q) else { return };
            drop(q);
            let result = run(&self.dir, &name, &job);
            let mut q = self.shared.lock();
            q.busy = None;
            done(&mut q, name, result);
        }
    }

    /// Tests only: while held, the thread starts no job.
    #[cfg(test)]
    pub(crate) fn hold(&self, held: bool) {
        self.running();
        self.shared.lock().held = held;
        self.shared.work.notify_one();
    }

    /// Tests only: the thread dies (a panic, the lock held: it is left
    /// poisoned); answers once it is gone.
    #[cfg(test)]
    pub(crate) fn kill(&self) {
        self.running();
        self.shared.lock().die = true;
        self.shared.work.notify_one();
        while self.thread.borrow().as_ref().is_some_and(|h| !h.is_finished()) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Tests only: how many jobs the thread has done.
    #[cfg(test)]
    pub(crate) fn jobs_done(&self) -> usize {
        self.shared.lock().done
    }
}

/// Waits for a folder's writer from any thread (`Store::flusher`): the
/// binary's end by a signal, when the game's own thread cannot end in order.
#[derive(Clone)]
pub struct Flusher(Arc<Shared>);

impl Flusher {
    /// Waits, at most `most`, until every job handed over so far is done;
    /// whether they are. (A job is handed over only while the writer's
    /// thread runs: else the one who hands it over does it at once.)
    pub fn flush(&self, most: Duration) -> bool {
        let until = std::time::Instant::now() + most;
        let mut q = self.0.lock();
        loop {
            if q.order.is_empty() && q.busy.is_none() {
                return true;
            }
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            q = self
                .0
                .done
                .wait_timeout(q, left.min(Duration::from_millis(50)))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

impl Drop for Writer {
    /// Writes what waits, then ends the thread.
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.work.notify_one();
        if let Some(handle) = self.thread.get_mut().take() {
            let _ = handle.join();
        }
        // Anything the thread left (it could not run): done here.
        self.drain_here();
    }
}

/// The writer's thread: each job in turn, until the writer stops and nothing waits.
fn work(shared: &Shared, dir: &Path) {
    loop {
        let mut q = shared.lock();
        let (name, job) = loop {
            #[cfg(test)]
            if q.die {
                panic!("the writer's thread dies (a test)");
            }
            #[cfg(test)]
            let held = q.held && !q.stop;
            #[cfg(not(test))]
            let held = false;
            if !held {
                if let Some(next) = next_job(&mut q) {
                    break next;
                }
                if q.stop {
                    return;
                }
            }
            q = shared.work.wait(q).unwrap_or_else(PoisonError::into_inner);
        };
        drop(q);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(dir, &name, &job)))
            .unwrap_or_else(|_| Err(failure_words(dir, &name, &job, "the writer stopped unexpectedly")));
        let mut q = shared.lock();
        q.busy = None;
        #[cfg(test)]
        {
            q.done += 1;
        }
        done(&mut q, name, result);
        drop(q);
        shared.done.notify_all();
    }
}

/// The oldest waiting job, now being done.
fn next_job(q: &mut Queue) -> Option<(String, Job)> {
    let name = q.order.pop_front()?;
    let job = q.waiting.remove(&name)?;
    q.busy = Some((name.clone(), job.clone()));
    Some((name, job))
}

/// A job's outcome, kept as its file's last: a failure is kept to tell,
/// unless it is the one told last and no job has succeeded since.
fn done(q: &mut Queue, name: String, result: Result<(), String>) {
    q.outcomes.insert(name, result.clone());
    match result {
        Ok(()) => q.last_failure = None,
        Err(why) if q.last_failure.as_ref() == Some(&why) => {}
        Err(why) => {
            q.last_failure = Some(why.clone());
            q.failures.push(why);
        }
    }
}

/// Does one job. Err: the notice for the player.
fn run(dir: &Path, name: &str, job: &Job) -> Result<(), String> {
    let path = dir.join(name);
    let done = match job {
        Job::Save(save) => match save.to_yaml() {
            Ok(text) => write_atomic(&path, text.as_bytes()),
            Err(why) => return Err(failure_words(dir, name, job, &why)),
        },
        Job::Bytes(bytes) => write_atomic(&path, bytes),
        Job::Remove => match std::fs::remove_file(&path) {
            Ok(()) => {
                if let Some(parent) = path.parent() {
                    sync_dir(parent);
                }
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
        },
    };
    done.map_err(|e| failure_words(dir, name, job, &e.to_string()))
}

/// What the player is told when a job failed, as the steps told it when
/// they wrote the files themselves.
fn failure_words(dir: &Path, name: &str, job: &Job, why: &str) -> String {
    let why = format!("{}: {why}", dir.join(name).display());
    let slot = name.strip_prefix(SAVES).and_then(|n| n.strip_prefix('/')).and_then(|n| n.strip_suffix(".yaml"));
    match (job, slot) {
        (Job::Remove, Some(slot)) => format!("The saved game `{slot}` could not be forgotten ({why})."),
        (Job::Remove, None) => format!("The file {} could not be removed ({why}).", dir.join(name).display()),
        (_, Some(_)) => format!("The game could not be saved ({why})."),
        (_, None) if name == VALUES => format!("A setting could not be kept on this computer ({why})."),
        (_, None) => format!("The file {} could not be written ({why}).", dir.join(name).display()),
    }
}
