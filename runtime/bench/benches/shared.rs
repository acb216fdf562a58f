//! What the benches share: the chess content and its loading.

use cardtable_runtime::game::Game;
use std::path::{Path, PathBuf};

/// content/chess, from the bench package.
pub fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/chess")
}

/// A content folder's game; its mistakes printed, and a panic, when it does not load.
pub fn load(path: &Path) -> Game {
    cardtable_chess::install();
    match cardtable_runtime::load::load(path) {
        Ok(loaded) => loaded.game,
        Err(mistakes) => {
            for m in &mistakes {
                eprintln!("{m}");
            }
            panic!("{} does not load ({} mistakes)", path.display(), mistakes.len());
        }
    }
}
