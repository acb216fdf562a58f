//! The signals that ask the binary to end (SIGTERM, SIGINT, SIGHUP), in the
//! window, `drive` and `trace`: the game ends as when it ends by itself, its
//! engines told `quit` then killed whole, the saves handed to the store's
//! writer on the disk, the data folder's lock let go; then the process
//! ends by the same signal, as a program that did not catch it would.
//!
//! The signals are blocked in every thread ([`watch`], first thing, before
//! any thread is started) and taken by a thread of their own with
//! `sigwait`: no signal handler runs, so nothing is restricted to what a
//! handler may do. That thread notes the signal ([`asked`]) and wakes the
//! game's thread ([`on_signal`]: `drive`'s wait for its next line), which
//! ends the game in order ([`begin_end`], then [`end_as_asked`]). Where the
//! game's thread cannot (the window asleep until the windowing system has
//! an event, which no other thread can make; or a command still running
//! after [`ORDERLY_WAIT`]), or a second signal comes, this thread ends
//! what must be ended itself: every engine
//! ([`cardtable_chess::process::end_all`]) and every store's writer
//! flushed ([`keep_flushed`]), then the process, by the signal.
//!
//! Linux only; elsewhere the signals keep their default action.

use cardtable_runtime::save::Flusher;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// How long the game's thread has to begin its end in order, once a
/// signal came, before the signals' thread ends what must be ended.
pub const ORDERLY_WAIT: Duration = Duration::from_secs(1);
/// How long the game's end in order may take, once begun.
pub const ORDERLY_MOST: Duration = Duration::from_secs(15);
/// How long a store's writer is waited for in the end by the signals' thread.
const FLUSH_MOST: Duration = Duration::from_secs(10);

/// No signal came.
const RUNNING: u8 = 0;
/// A signal came; nobody has begun to end the game.
const ASKED: u8 = 1;
/// The game's thread ends the game in order.
const ORDERLY: u8 = 2;
/// The signals' thread ends what must be ended.
const BY_SIGNALS: u8 = 3;

static STATE: AtomicU8 = AtomicU8::new(RUNNING);
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// The game's thread waits for an event of the windowing system, which
/// nothing else makes it stop waiting for.
static ASLEEP: AtomicBool = AtomicBool::new(false);

type Waker = Box<dyn Fn() + Send>;
static WAKERS: Mutex<Vec<Waker>> = Mutex::new(Vec::new());
static FLUSHERS: Mutex<Vec<Flusher>> = Mutex::new(Vec::new());

/// Takes SIGTERM, SIGINT and SIGHUP from now on: blocked in this thread
/// (and so in every thread it starts afterwards: call it before any) and
/// waited for by a thread of their own. (A program started later gets an
/// empty mask: `std::process::Command` resets it.)
pub fn watch() {
    #[cfg(target_os = "linux")]
    linux::watch();
}

/// Calls `wake` once a signal comes, on the signals' thread (it must not
/// wait long).
pub fn on_signal(wake: Waker) {
    WAKERS.lock().unwrap_or_else(PoisonError::into_inner).push(wake);
}

/// A store's writer, flushed by the signals' thread when it ends the game.
pub fn keep_flushed(flusher: Option<Flusher>) {
    if let Some(f) = flusher {
        FLUSHERS.lock().unwrap_or_else(PoisonError::into_inner).push(f);
    }
}

/// The signal that came, if one did.
pub fn asked() -> Option<i32> {
    (STATE.load(Ordering::SeqCst) != RUNNING).then(|| SIGNAL.load(Ordering::SeqCst))
}

/// Whether the game's thread is to end the game in order now (true once:
/// the caller ends it, then calls [`end_as_asked`]); false when the
/// signals' thread ends it, and the caller is to do nothing more.
pub fn begin_end() -> bool {
    STATE.compare_exchange(ASKED, ORDERLY, Ordering::SeqCst, Ordering::SeqCst).is_ok()
}

/// Says that the game's thread is about to wait for the windowing system
/// (true) or runs again (false).
pub fn asleep(asleep: bool) {
    ASLEEP.store(asleep, Ordering::SeqCst);
}

/// After the game ended in order: when a signal ended it, the process ends
/// by that signal (its default action), else this returns.
pub fn end_as_asked() {
    if let Some(signal) = asked() {
        #[cfg(target_os = "linux")]
        linux::die_by(signal);
        #[cfg(not(target_os = "linux"))]
        std::process::exit(128 + signal);
    }
}

/// The signal's name, for the line said on stderr.
fn name(signal: i32) -> String {
    #[cfg(target_os = "linux")]
    {
        match signal {
            libc::SIGTERM => return "SIGTERM".into(),
            libc::SIGINT => return "SIGINT".into(),
            libc::SIGHUP => return "SIGHUP".into(),
            _ => {}
        }
    }
    format!("signal {signal}")
}

#[cfg(target_os = "linux")]
mod linux {
    use super::*;
    use std::time::Instant;

    /// SIGTERM, SIGINT and SIGHUP.
    fn set() -> libc::sigset_t {
        // SAFETY: sigemptyset and sigaddset write only into `set`, ours.
        unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            for s in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
                libc::sigaddset(&mut set, s);
            }
            set
        }
    }

    pub fn watch() {
        let set = set();
        // SAFETY: pthread_sigmask reads `set` and changes this thread's mask.
        let blocked = unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) } == 0;
        if !blocked {
            return;
        }
        let spawned = std::thread::Builder::new().name("signals".into()).spawn(move || wait_for_signals(set));
        if spawned.is_err() {
            // No thread to take them: the signals keep their default action.
            // SAFETY: as above.
            unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut()) };
        }
    }

    /// The next signal of `set`, waiting at most `most` (None: none came).
    fn next_signal(set: &libc::sigset_t, most: Option<Duration>) -> Option<i32> {
        loop {
            // SAFETY: sigtimedwait and sigwait read `set` and write only
            // into `info` and `signal`, ours; the signals are blocked here.
            let got = unsafe {
                match most {
                    Some(d) => {
                        let t = libc::timespec { tv_sec: d.as_secs() as libc::time_t, tv_nsec: d.subsec_nanos() as _ };
                        let mut info: libc::siginfo_t = std::mem::zeroed();
                        libc::sigtimedwait(set, &mut info, &t)
                    }
                    None => {
                        let mut signal = 0;
                        if libc::sigwait(set, &mut signal) == 0 {
                            signal
                        } else {
                            -1
                        }
                    }
                }
            };
            if got > 0 {
                return Some(got);
            }
            if most.is_some() {
                // Timed out (or interrupted: the caller looks again).
                return None;
            }
        }
    }

    /// The signals' thread.
    fn wait_for_signals(set: libc::sigset_t) {
        let Some(signal) = next_signal(&set, None) else { return };
        SIGNAL.store(signal, Ordering::SeqCst);
        STATE.store(ASKED, Ordering::SeqCst);
        eprintln!("cardtable: {} received; ending the game", name(signal));
        for wake in WAKERS.lock().unwrap_or_else(PoisonError::into_inner).iter() {
            wake();
        }
        let came = Instant::now();
        let mut begun: Option<Instant> = None;
        loop {
            let state = STATE.load(Ordering::SeqCst);
            if state == ORDERLY {
                let at = *begun.get_or_insert_with(Instant::now);
                if at.elapsed() >= ORDERLY_MOST {
                    break;
                }
            } else if (ASLEEP.load(Ordering::SeqCst) || came.elapsed() >= ORDERLY_WAIT)
                && STATE.compare_exchange(ASKED, BY_SIGNALS, Ordering::SeqCst, Ordering::SeqCst).is_ok()
            {
                break;
            }
            if let Some(again) = next_signal(&set, Some(Duration::from_millis(20))) {
                eprintln!("cardtable: {} received again; ending at once", name(again));
                break;
            }
        }
        STATE.store(BY_SIGNALS, Ordering::SeqCst);
        cardtable_chess::process::end_all();
        for f in FLUSHERS.lock().unwrap_or_else(PoisonError::into_inner).iter() {
            f.flush(FLUSH_MOST);
        }
        die_by(signal);
    }

    /// Ends the process by `signal`'s default action (it is not caught).
    pub fn die_by(signal: i32) -> ! {
        // (Standard output is not flushed here: `drive` flushes each answer,
        // and its thread may hold it.)
        // SAFETY: signal, sigaddset, pthread_sigmask and raise take plain
        // values and a set of ours; SIG_DFL installs no handler.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            let mut one: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut one);
            libc::sigaddset(&mut one, signal);
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &one, std::ptr::null_mut());
            libc::raise(signal);
        }
        // Its default action ends the process; should it not have:
        std::process::exit(128 + signal)
    }
}
