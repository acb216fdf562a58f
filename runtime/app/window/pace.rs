//! How often the window draws: at most a frame every 1/60 s, frames one
//! after the other only while something on screen changes, else none until
//! input comes; while it watches its folder, how long an idle window sleeps
//! between its looks for changes.

use super::watch::{Watch, SETTLE};
use std::time::{Duration, Instant};

/// A frame at most every 1/60 s: the window never spins a core.
pub const FRAME: Duration = Duration::from_micros(16_667);

/// While watching, how often an idle window looks for changes: each look
/// draws a frame (the watcher's thread cannot wake a window blocked waiting
/// for input on X11), and a click waits for the look to end. Ten a second
/// while the player plays (a click or a key in the last [`PLAYING`]), so
/// that a click waits at most a tenth of a second; four a second once the
/// window is left alone (the player is in an editor): each look draws a
/// frame, as a frame of play does (measured before the game screen was kept
/// in a texture, `canvas.rs`: under Xvfb's software renderer, a debug
/// build, 20 s idle: 24 to 32% of a core at ten a second, 14% at four; a
/// look now copies the texture and redraws nothing that did not change,
/// not measured again). A change waits no longer
/// for it (0.37 to 0.46 s from a file written to `reloaded`, against 0.52
/// to 0.53 s at ten a second): its settling is counted from when it was
/// made, not from when it was seen, and a window that has seen one looks
/// again as soon as it has settled. Only with `--watch`.
const WATCH_POLL: Duration = Duration::from_millis(100);
/// How often a window left alone looks for changes (see [`WATCH_POLL`]).
const WATCH_POLL_IDLE: Duration = Duration::from_millis(250);
/// How long after the last click or key a window counts as played.
const PLAYING: Duration = Duration::from_secs(5);
/// Set to a number of seconds in the environment, the window counts as
/// played for that long after a click or a key instead of [`PLAYING`]: the
/// window tests leave it alone for a fraction of a second, not five.
const IDLE_AFTER: &str = "CARDTABLE_IDLE_AFTER";

/// How long an idle window waits before it looks again, the last click or
/// key at `played`, a window counting as played for `playing`: see [`next_look`].
pub fn next_look_of(watch: &Watch, played: Instant, playing: Duration) -> Duration {
    next_look(watch.waiting(), played.elapsed(), playing)
}

/// How long an idle window waits before it looks for changes again, given
/// how long ago a change waiting to settle came (if one is) and how long
/// ago the last click or key was: until the change has settled (a
/// millisecond at the least), at most [`WATCH_POLL`]; else [`WATCH_POLL`]
/// while the window is played (for `playing` after a click or a key:
/// [`PLAYING`]), [`WATCH_POLL_IDLE`] once it is left alone.
fn next_look(change: Option<Duration>, since_played: Duration, playing: Duration) -> Duration {
    match change {
        Some(ago) => SETTLE.saturating_sub(ago).clamp(Duration::from_millis(1), WATCH_POLL),
        None if since_played < playing => WATCH_POLL,
        None => WATCH_POLL_IDLE,
    }
}

/// How long after a click or a key the window counts as played: [`PLAYING`],
/// or the seconds [`IDLE_AFTER`] gives.
pub fn playing() -> Duration {
    std::env::var(IDLE_AFTER)
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .unwrap_or(PLAYING)
}

#[cfg(test)]
mod tests {
    use super::{next_look, PLAYING, SETTLE, WATCH_POLL, WATCH_POLL_IDLE};
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn an_idle_window_looks_for_changes_less_often_once_left_alone() {
        assert_eq!(next_look(None, ms(0), PLAYING), WATCH_POLL);
        assert_eq!(next_look(None, PLAYING - ms(1), PLAYING), WATCH_POLL);
        assert_eq!(next_look(None, PLAYING, PLAYING), WATCH_POLL_IDLE);
        assert_eq!(next_look(None, ms(100), ms(100)), WATCH_POLL_IDLE, "idle sooner when told");
        assert!(WATCH_POLL_IDLE > WATCH_POLL && WATCH_POLL_IDLE <= SETTLE + ms(50), "{WATCH_POLL_IDLE:?}");
    }

    #[test]
    fn a_window_that_saw_a_change_looks_again_when_it_has_settled() {
        // Seen at once: it waits the whole settling, no more than a look.
        assert_eq!(next_look(Some(ms(0)), PLAYING * 2, PLAYING), WATCH_POLL.min(SETTLE));
        // Seen late (the window was left alone): only what is left of the settling.
        assert_eq!(next_look(Some(SETTLE - ms(30)), PLAYING * 2, PLAYING), ms(30));
        // Settled already (a change that came as the frame looked): at once.
        assert_eq!(next_look(Some(SETTLE + ms(5)), PLAYING * 2, PLAYING), ms(1));
    }
}
