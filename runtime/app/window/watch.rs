//! The content folder watched (`--watch`): a thread of the `notify` crate
//! tells when each change came; the window's frame asks whether the folder
//! has settled since, and reads it again then.
//!
//! The folder itself may go and come back (an editor or a version control
//! tool that removes it and makes it again, a `mv` of a new copy into its
//! place): its watch goes with it, so the folder is watched again as soon
//! as it is back, and read again once it has settled.

use notify::{EventKind, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// How long the folder must stay still after a change before it is read
/// again: an editor's save is a burst of events (a temporary file, a
/// rename, the file itself), read once.
pub const SETTLE: Duration = Duration::from_millis(200);

/// What the watcher's thread tells.
enum Told {
    /// Something in the folder changed, at this moment.
    Changed(Instant),
    /// The folder itself was removed or moved away, at this moment: its watch is gone.
    Gone(Instant),
}

pub struct Watch {
    dir: PathBuf,
    watcher: notify::RecommendedWatcher,
    told: Receiver<Told>,
    /// When the last change came, while one is waiting to be read.
    last: Option<Instant>,
    /// The folder is gone (or was replaced): it is watched again when it is back.
    gone: bool,
    /// The new files' mistakes, shown until a reload succeeds.
    pub mistakes: Vec<String>,
}

impl Watch {
    pub fn start(dir: &Path) -> Result<Watch, String> {
        let (tx, told) = std::sync::mpsc::channel();
        // The folder as the events name it: as given, and its full path.
        let names = [dir.to_path_buf(), dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())];
        let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let Ok(e) = event else { return };
            let now = Instant::now();
            let itself = e.paths.iter().any(|p| names.contains(p));
            let told = match e.kind {
                EventKind::Remove(_) | EventKind::Modify(notify::event::ModifyKind::Name(_)) if itself => {
                    Told::Gone(now)
                }
                EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => Told::Changed(now),
                _ => return,
            };
            let _ = tx.send(told);
        })
        .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        watcher.watch(dir, RecursiveMode::Recursive).map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        Ok(Watch { dir: dir.to_path_buf(), watcher, told, last: None, gone: false, mistakes: Vec::new() })
    }

    /// Takes what the watcher told; when the folder is gone, looks whether it
    /// is back, and watches it again then (a change to read: its files may
    /// be other files now).
    fn take(&mut self, told: Told) {
        let at = match told {
            Told::Changed(at) => at,
            Told::Gone(at) => {
                self.gone = true;
                at
            }
        };
        self.last = Some(self.last.map_or(at, |last| last.max(at)));
    }

    /// Whether the folder changed and has been still for [`SETTLE`] at
    /// `now`. A folder gone is looked for at each call, and watched again
    /// as soon as it is back.
    pub fn settled(&mut self, now: Instant) -> bool {
        while let Ok(told) = self.told.try_recv() {
            self.take(told);
        }
        // An event may be missed (the folder gone between two looks): the
        // folder itself is looked at too.
        if !self.gone && !self.dir.is_dir() {
            self.gone = true;
            self.last = Some(now);
        }
        if self.gone && self.dir.is_dir() {
            // Its old watch, if the folder was moved away and lives on elsewhere, goes.
            let _ = self.watcher.unwatch(&self.dir);
            if self.watcher.watch(&self.dir, RecursiveMode::Recursive).is_ok() {
                self.gone = false;
                self.last = Some(now);
            }
        }
        match self.last {
            Some(at) if now.saturating_duration_since(at) >= SETTLE => {
                self.last = None;
                true
            }
            _ => false,
        }
    }

    /// How long ago the change waiting to settle came, if one is.
    pub fn waiting(&self) -> Option<Duration> {
        self.last.map(|at| at.elapsed())
    }

    /// Waits up to `most` for the watcher to tell something, and takes it;
    /// whether it told. (The tests' way to wait for the watcher's thread.)
    #[cfg(test)]
    fn wait_told(&mut self, most: Duration) -> bool {
        match self.told.recv_timeout(most) {
            Ok(told) => {
                self.take(told);
                true
            }
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Watch, SETTLE};
    use std::path::PathBuf;
    use std::time::{Duration, Instant};

    /// A folder of its own in the temporary folder, with one file.
    fn folder(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardtable-watch-{}-{label}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.yaml"), "name: A\n").unwrap();
        dir
    }

    /// What the watcher tells within a few seconds (the first thing told
    /// ends the wait; the bound only fails a watcher that tells nothing).
    const MOST: Duration = Duration::from_secs(10);

    /// Drains what the watcher tells until it is quiet for a moment.
    fn drain(w: &mut Watch) {
        while w.wait_told(Duration::from_millis(100)) {}
    }

    #[test]
    fn a_change_is_read_once_the_folder_has_settled() {
        let dir = folder("settle");
        let mut w = Watch::start(&dir).unwrap();
        std::fs::write(dir.join("game.yaml"), "name: B\n").unwrap();
        assert!(w.wait_told(MOST), "the watcher tells of the change");
        let now = Instant::now();
        assert!(!w.settled(now), "not yet settled");
        assert!(w.settled(now + SETTLE * 2), "settled");
        assert!(!w.settled(now + SETTLE * 3), "read once");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The folder removed and made again: it is watched again, read again,
    /// and its edits are seen from then on.
    #[test]
    fn a_folder_removed_and_made_again_is_watched_again() {
        let dir = folder("again");
        let mut w = Watch::start(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(w.wait_told(MOST), "the watcher tells of the removal");
        drain(&mut w);
        let later = Instant::now() + SETTLE * 2;
        assert!(w.settled(later), "the removal is a change to read (the window says the folder is gone)");
        assert!(w.gone);
        assert!(!w.settled(later + SETTLE * 2), "nothing more while it is gone");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.yaml"), "name: C\n").unwrap();
        let back = Instant::now();
        assert!(!w.settled(back), "back: watched again, read once settled");
        assert!(!w.gone);
        assert!(w.settled(back + SETTLE * 2), "read again");
        // An edit of the folder made again is seen.
        drain(&mut w);
        std::fs::write(dir.join("game.yaml"), "name: D\n").unwrap();
        assert!(w.wait_told(MOST), "an edit after the folder came back is told");
        assert!(w.settled(Instant::now() + SETTLE * 2));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Removed and made again between two looks of the window: the
    /// watcher's word that the folder went is enough.
    #[test]
    fn a_folder_replaced_between_two_looks_is_watched_again() {
        let dir = folder("replaced");
        let mut w = Watch::start(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.yaml"), "name: E\n").unwrap();
        assert!(w.wait_told(MOST));
        drain(&mut w);
        assert!(w.gone, "the watcher told that the folder itself went");
        let now = Instant::now();
        assert!(!w.settled(now), "watched again, read once settled");
        assert!(!w.gone, "watched again");
        assert!(w.settled(now + SETTLE * 2));
        std::fs::write(dir.join("game.yaml"), "name: F\n").unwrap();
        assert!(w.wait_told(MOST), "an edit of the new folder is told");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
