//! Helpers shared by the integration tests: where the chess content is, and
//! throw-away copies of it that a test may change.

#![allow(dead_code)] // each test crate uses a different part of this module

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use cardtable::driver::Driver;
use cardtable::game::Game;

/// The top of the checkout (the `cardtable` package).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The chess game of the book, as committed.
pub fn chess_dir() -> PathBuf {
    root().join("content/chess")
}

/// Loads a content folder, panicking with every mistake when it does not load.
pub fn load_game(dir: &Path) -> Rc<Game> {
    match cardtable::load::load(dir) {
        Ok(loaded) => Rc::new(loaded.game),
        Err(diags) => {
            let all: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
            panic!("{} does not load:\n{}", dir.display(), all.join("\n"))
        }
    }
}

/// A fresh Driver over the committed chess content.
pub fn chess_driver() -> Driver {
    Driver::new(load_game(&chess_dir()))
}

/// A copy of a content folder in the system's temp folder, removed when dropped.
pub struct TempContent {
    pub dir: PathBuf,
}

impl TempContent {
    /// Copies `content/chess` into a new folder whose name holds `label`, the
    /// process id and a counter, so parallel tests never share one.
    pub fn chess(label: &str) -> TempContent {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let safe: String = label.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let dir = std::env::temp_dir().join(format!("cardtable-test-{}-{n}-{safe}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir).expect("remove an old temp copy");
        }
        copy_dir(&chess_dir(), &dir).expect("copy content/chess");
        TempContent { dir }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.path(rel), text).unwrap_or_else(|e| panic!("write {rel}: {e}"))
    }

    /// Replaces the one occurrence of `from` in the file by `to`; panics when
    /// `from` is not there exactly once (a stale test, not a finding).
    pub fn replace_once(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        let count = text.matches(from).count();
        assert_eq!(count, 1, "{rel}: `{from}` should occur exactly once, found {count} times");
        self.write(rel, &text.replacen(from, to, 1));
    }
}

impl Drop for TempContent {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
