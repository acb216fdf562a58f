//! What a game hands the player's computer outside itself, and takes from
//! it: the clipboard (a text copied, a text pasted) and documents written
//! into a folder of the player's (a game saved as PGN). The host gives the
//! World its own: the window the system clipboard and the platform's
//! documents folder, the driver a stand-in (its `clipboard` and
//! `documents` commands); where there is none, each use is a notice, never
//! a fault.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// A clipboard: the system's (the window's), the driver's stand-in, or none.
pub trait Clipboard {
    /// The text on the clipboard; Err says why there is none.
    fn get(&self) -> Result<String, String>;
    /// Puts a text on the clipboard; Err says why it could not.
    fn set(&self, text: &str) -> Result<(), String>;
}

/// No clipboard here (a host that gave none).
pub struct NoClipboard;

impl Clipboard for NoClipboard {
    fn get(&self) -> Result<String, String> {
        Err("there is no clipboard here".into())
    }
    fn set(&self, _: &str) -> Result<(), String> {
        Err("there is no clipboard here".into())
    }
}

/// A clipboard in memory: the driver's stand-in for the system's.
#[derive(Default)]
pub struct MemoryClipboard(RefCell<Option<String>>);

impl Clipboard for MemoryClipboard {
    fn get(&self) -> Result<String, String> {
        self.0.borrow().clone().ok_or_else(|| "the clipboard is empty".to_string())
    }
    fn set(&self, text: &str) -> Result<(), String> {
        *self.0.borrow_mut() = Some(text.to_string());
        Ok(())
    }
}

/// The platform's documents folder (`~/Documents`, or what
/// `XDG_DOCUMENTS_DIR` names, on Linux), or None where there is none.
pub fn platform_documents() -> Option<PathBuf> {
    let dirs = directories::UserDirs::new()?;
    dirs.document_dir().map(Path::to_path_buf).or_else(|| Some(dirs.home_dir().join("Documents")))
}

/// The most bytes a paste is taken with (a PGN of a long game is a few
/// thousand): a longer text is refused, not read.
pub const PASTE_MOST: usize = 1 << 20;

/// A text put as a new file into `folder` (made if missing), named `stem`
/// and `ext` (`Cardtable 2026.12.07.pgn`), ` (2)`, ` (3)` ... added rather
/// than write over a file there: written whole to a temporary name, then
/// renamed. Answers the file's path.
pub fn write_document(folder: &Path, stem: &str, ext: &str, text: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("cannot make the folder {}: {e}", folder.display()))?;
    let stem: String = stem.chars().map(|c| if c.is_alphanumeric() || " .-_".contains(c) { c } else { '_' }).collect();
    for n in 1..1000 {
        let name = if n == 1 { format!("{stem}.{ext}") } else { format!("{stem} ({n}).{ext}") };
        let path = folder.join(&name);
        if path.exists() {
            continue;
        }
        let temp = folder.join(format!(".{name}.part"));
        std::fs::write(&temp, text).map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
        // Linked, not renamed, so that a file made there meanwhile is never written over.
        let linked = std::fs::hard_link(&temp, &path);
        let _ = std::fs::remove_file(&temp);
        match linked {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot write {}: {e}", path.display())),
        }
    }
    Err(format!("{} holds 999 files named {stem}: none was written over", folder.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_never_writes_over_a_file() {
        let dir = std::env::temp_dir().join(format!("cardtable-outside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let a = write_document(&dir, "game", "pgn", "one").expect("first");
        let b = write_document(&dir, "game", "pgn", "two").expect("second");
        assert_eq!(a.file_name().and_then(|n| n.to_str()), Some("game.pgn"));
        assert_eq!(b.file_name().and_then(|n| n.to_str()), Some("game (2).pgn"));
        assert_eq!(std::fs::read_to_string(&a).ok().as_deref(), Some("one"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_stand_in_clipboard_keeps_what_was_copied() {
        let c = MemoryClipboard::default();
        assert!(c.get().is_err());
        c.set("8/8 w").expect("set");
        assert_eq!(c.get().as_deref(), Ok("8/8 w"));
        assert!(NoClipboard.set("x").is_err());
    }
}
