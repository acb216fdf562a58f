//! sounds/: every sound of the game, `sounds/NAME.wav`, read and checked at
//! load (`source::wav::read`), so that a Play Sound step names one that
//! plays. A sound that cannot be read or played is a mistake of its file;
//! a file of sounds/ that is no `.wav` is a warning (it is left out), but
//! for its notes (`.md`: CREDITS.md).

use crate::game::{Game, SoundDef};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::wav;
use std::path::Path;

/// The most sounds a game may have.
pub const MOST_SOUNDS: usize = 256;

pub(super) fn load_sounds(game: &mut Game, d: &mut Diagnostics) {
    let mut rels = match game.files.list("sounds") {
        Ok(rels) => rels,
        // No sounds/: a game without sounds.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            d.error(Path::new("sounds"), Pos::default(), format!("cannot list the sounds: {e}"));
            return;
        }
    };
    rels.sort();
    // A sound's mistake is the whole file's; its place, where it begins.
    let start = Pos { line: 1, column: 1 };
    for rel in rels {
        let shown = game.files.shown(&rel);
        let is_wav = rel.extension().is_some_and(|x| x.eq_ignore_ascii_case("wav"));
        if game.files.is_file(&rel) && rel.extension().is_some_and(|x| x.eq_ignore_ascii_case("md")) {
            continue;
        }
        if !game.files.is_file(&rel) || !is_wav {
            d.warning(&shown, Pos::default(), "sounds/ holds `.wav` files only; this is left out");
            continue;
        }
        let name = rel.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        if game.sounds.len() >= MOST_SOUNDS {
            d.error(&shown, start, format!("a game has at most {MOST_SOUNDS} sounds"));
            return;
        }
        match game.files.read(&rel) {
            Err(e) => d.error(&shown, start, format!("cannot read the sound `{name}`: {e}")),
            Ok(bytes) => match wav::read(&bytes) {
                Err(why) => d.error(&shown, start, format!("the sound `{name}` {why}")),
                Ok(w) => game.sounds.push(SoundDef { name, path: rel, seconds: w.seconds() }),
            },
        }
    }
}
