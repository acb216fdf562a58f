//! The content folder watched (`--watch`): a thread of the `notify` crate
//! tells when each change came; the window's frame asks whether the folder
//! has settled since, and reads it again then.
//!
//! What is watched is what the path means, looked at again at each look:
//! the folder it names now (links followed: its canonical path, watched
//! whole), and the folder that holds the path's last name (that entry
//! alone), where a link is re-pointed (`ln -sfn B LINK`), or a folder
//! replaced by a link, a file or another folder. When the path names
//! another folder than before (or none), the old one is no longer watched,
//! the new one is, and the content is read again; events of a folder no
//! longer named are dropped. The folder itself may go and come back (an
//! editor or a version control tool that removes it and makes it again, a
//! `mv` of a new copy into its place): its watch goes with it, so it is
//! watched again as soon as it is back, and read again once it has settled.

use notify::{EventKind, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// How long the folder must stay still after a change before it is read
/// again: an editor's save is a burst of events (a temporary file, a
/// rename, the file itself), read once.
pub const SETTLE: Duration = Duration::from_millis(200);

/// What the watcher's thread tells: something changed at this moment, at
/// these paths; `away` when it was a removal or a rename (of the folder
/// itself, its watch is gone).
struct Told {
    at: Instant,
    away: bool,
    paths: Vec<PathBuf>,
}

pub struct Watch {
    /// The path as given, made absolute (not resolved: a link stays a link).
    dir: PathBuf,
    watcher: notify::RecommendedWatcher,
    told: Receiver<Told>,
    /// The folder `dir` named at the last look (its canonical path); None:
    /// it named no folder.
    seen: Option<PathBuf>,
    /// The folder watched whole (the one `seen`, once its watch is made).
    target: Option<PathBuf>,
    /// The watcher told that the folder itself went (removed, or moved
    /// away): it is watched again at the next look.
    lost: bool,
    /// When the last change came, while one is waiting to be read.
    last: Option<Instant>,
    /// The new files' mistakes, shown until a reload succeeds.
    pub mistakes: Vec<String>,
    /// The folders of the games it is made over (`extends:`), by their
    /// canonical paths, each watched whole: a change in a base is read too.
    bases: Vec<PathBuf>,
}

/// The folder `dir` names now, links followed; None when it names none.
fn resolve(dir: &Path) -> Option<PathBuf> {
    dir.canonicalize().ok().filter(|p| p.is_dir())
}

impl Watch {
    pub fn start(dir: &Path) -> Result<Watch, String> {
        let (tx, told) = std::sync::mpsc::channel();
        let cannot = |e: &dyn std::fmt::Display| format!("cannot watch {}: {e}", dir.display());
        let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let Ok(e) = event else { return };
            let away = match e.kind {
                EventKind::Remove(_) | EventKind::Modify(notify::event::ModifyKind::Name(_)) => true,
                EventKind::Create(_) | EventKind::Modify(_) => false,
                _ => return,
            };
            let _ = tx.send(Told { at: Instant::now(), away, paths: e.paths });
        })
        .map_err(|e| cannot(&e))?;
        let absolute = std::path::absolute(dir).map_err(|e| cannot(&e))?;
        let seen = resolve(&absolute);
        let target = seen.clone().ok_or_else(|| cannot(&"it is not a folder"))?;
        watcher.watch(&target, RecursiveMode::Recursive).map_err(|e| cannot(&e))?;
        // Where the path's own folder cannot be watched (the root, no
        // permission), a re-pointed link is still seen at the next look.
        if let Some(parent) = absolute.parent() {
            let _ = watcher.watch(parent, RecursiveMode::NonRecursive);
        }
        Ok(Watch {
            dir: absolute,
            watcher,
            told,
            seen,
            target: Some(target),
            lost: false,
            last: None,
            mistakes: Vec::new(),
            bases: Vec::new(),
        })
    }

    /// Watches, besides, each folder of `bases` whole (the folders a game
    /// made over others is read from, `Files::folders`): a file saved in a
    /// base is read again as one saved in the folder. A base is watched
    /// where it was when the game started.
    pub fn also(&mut self, bases: &[PathBuf]) -> Result<(), String> {
        for base in bases {
            let real = base.canonicalize().map_err(|e| format!("cannot watch {}: {e}", base.display()))?;
            if self.target.as_ref() == Some(&real) || self.bases.contains(&real) {
                continue;
            }
            self.watcher
                .watch(&real, RecursiveMode::Recursive)
                .map_err(|e| format!("cannot watch {}: {e}", base.display()))?;
            self.bases.push(real);
        }
        Ok(())
    }

    /// Takes what the watcher told, when it is of the path's folder (or the
    /// path itself): a change to read; the folder itself gone, watched
    /// again at the next look. Whether it was.
    fn take(&mut self, told: Told) -> bool {
        let itself = |p: &PathBuf| *p == self.dir || self.target.as_ref() == Some(p);
        let on_itself = told.paths.iter().any(itself);
        let inside = told.paths.iter().any(|p| {
            self.target.as_ref().is_some_and(|t| p.starts_with(t)) || self.bases.iter().any(|b| p.starts_with(b))
        });
        // (Of the folder that holds the path, only the path's own entry is
        // the game's: `on_itself`.)
        if !(on_itself || inside) {
            return false;
        }
        if on_itself && told.away {
            self.lost = true;
        }
        self.last = Some(self.last.map_or(told.at, |last| last.max(told.at)));
        true
    }

    /// Whether the path names a folder that is not watched (yet): it was
    /// removed, or is no folder now.
    #[cfg(test)]
    fn gone(&self) -> bool {
        self.target.is_none()
    }

    /// Whether the folder changed and has been still for [`SETTLE`] at
    /// `now`. The path is resolved again at each call: the folder it names
    /// now is watched (and read again) as soon as it is another, or back.
    pub fn settled(&mut self, now: Instant) -> bool {
        while let Ok(told) = self.told.try_recv() {
            let _ = self.take(told);
        }
        // An event may be missed (the folder gone between two looks, a link
        // re-pointed): the path itself is looked at too.
        let resolved = resolve(&self.dir);
        if std::mem::take(&mut self.lost) || resolved != self.seen || (self.target.is_none() && resolved.is_some()) {
            let other = resolved != self.seen;
            // Its old watch goes, also where the folder lives on elsewhere
            // (moved away, or a link no longer to it).
            if let Some(old) = self.target.take() {
                let _ = self.watcher.unwatch(&old);
            }
            if let Some(new) = &resolved {
                if self.watcher.watch(new, RecursiveMode::Recursive).is_ok() {
                    self.target = Some(new.clone());
                }
            }
            if other || self.target.is_some() {
                self.last.get_or_insert(now);
            }
            self.seen = resolved;
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

    /// Waits up to `most` for the watcher to tell something of the game's
    /// folder, and takes it (what it tells of the other entries of the
    /// folder that holds it is dropped); whether it told. (The tests' way
    /// to wait for the watcher's thread.)
    #[cfg(test)]
    fn wait_told(&mut self, most: Duration) -> bool {
        let until = Instant::now() + most;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.told.recv_timeout(left) {
                Ok(told) => {
                    if self.take(told) {
                        return true;
                    }
                }
                Err(_) => return false,
            }
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

    /// A folder made over another (`extends:`): a file saved in the base's
    /// folder is read again as one saved in the folder.
    #[test]
    fn a_change_in_a_base_is_read_too() {
        let (dir, base) = (folder("over"), folder("base"));
        let mut w = Watch::start(&dir).unwrap();
        w.also(std::slice::from_ref(&base)).unwrap();
        drain(&mut w);
        std::fs::write(base.join("game.yaml"), "name: B\n").unwrap();
        assert!(w.wait_told(MOST), "the watcher tells of the base's change");
        assert!(w.settled(Instant::now() + SETTLE * 2), "read again");
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&base);
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
        assert!(w.gone());
        assert!(!w.settled(later + SETTLE * 2), "nothing more while it is gone");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.yaml"), "name: C\n").unwrap();
        let back = Instant::now();
        assert!(!w.settled(back), "back: watched again, read once settled");
        assert!(!w.gone());
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
        assert!(w.lost, "the watcher told that the folder itself went");
        let now = Instant::now();
        assert!(!w.settled(now), "watched again, read once settled");
        assert!(!w.gone(), "watched again");
        assert!(w.settled(now + SETTLE * 2));
        std::fs::write(dir.join("game.yaml"), "name: F\n").unwrap();
        assert!(w.wait_told(MOST), "an edit of the new folder is told");
        let _ = std::fs::remove_dir_all(&dir);
    }
    /// A link re-pointed (`ln -sfn B LINK`, a new link renamed over the
    /// old): the folder it names now is watched (and read again) from the
    /// next look; the old one's edits are not the game's any more, the new
    /// one's are.
    #[cfg(unix)]
    #[test]
    fn a_link_re_pointed_is_followed() {
        let (a, b) = (folder("link-a"), folder("link-b"));
        let link = a.with_extension("link");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&a, &link).unwrap();
        let mut w = Watch::start(&link).unwrap();
        assert_eq!(w.target, Some(a.canonicalize().unwrap()));
        let new = a.with_extension("link-new");
        let _ = std::fs::remove_file(&new);
        std::os::unix::fs::symlink(&b, &new).unwrap();
        std::fs::rename(&new, &link).unwrap();
        drain(&mut w);
        assert!(w.settled(Instant::now() + SETTLE * 2), "the link re-pointed is a change to read");
        assert_eq!(w.target, Some(b.canonicalize().unwrap()), "the new folder is watched");
        std::fs::write(a.join("game.yaml"), "name: G\n").unwrap();
        drain(&mut w);
        assert!(w.waiting().is_none(), "an edit of the old folder is not the game's");
        std::fs::write(b.join("game.yaml"), "name: H\n").unwrap();
        assert!(w.wait_told(MOST));
        drain(&mut w);
        assert!(w.waiting().is_some(), "an edit of the new folder is read");
        let _ = std::fs::remove_file(&link);
        for d in [a, b] {
            let _ = std::fs::remove_dir_all(&d);
        }
    }

    /// The folder replaced by a link to another, and that by a file, then a
    /// folder: each time the path names another folder (or none) it is a
    /// change to read, and the folder it names is the one watched.
    #[cfg(unix)]
    #[test]
    fn a_folder_replaced_by_a_link_then_a_file_then_a_folder_is_followed() {
        let (a, b) = (folder("swap-a"), folder("swap-b"));
        let mut w = Watch::start(&a).unwrap();
        std::fs::remove_dir_all(&a).unwrap();
        std::os::unix::fs::symlink(&b, &a).unwrap();
        drain(&mut w);
        assert!(w.settled(Instant::now() + SETTLE * 2));
        assert_eq!(w.target, Some(b.canonicalize().unwrap()), "the link's folder is watched");
        std::fs::remove_file(&a).unwrap();
        std::fs::write(&a, "a file\n").unwrap();
        drain(&mut w);
        assert!(w.settled(Instant::now() + SETTLE * 2), "a file in its place: a change (the folder is gone)");
        assert!(w.gone());
        std::fs::remove_file(&a).unwrap();
        std::fs::create_dir(&a).unwrap();
        std::fs::write(a.join("game.yaml"), "name: I\n").unwrap();
        drain(&mut w);
        assert!(w.settled(Instant::now() + SETTLE * 2), "a folder again: read again");
        assert_eq!(w.target, Some(a.canonicalize().unwrap()));
        std::fs::write(a.join("game.yaml"), "name: J\n").unwrap();
        assert!(w.wait_told(MOST), "an edit of the new folder is told");
        for d in [a, b] {
            let _ = std::fs::remove_dir_all(&d);
        }
    }
}
