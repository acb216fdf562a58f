//! Where a content folder's files come from: a folder on disk, a game
//! built into the binary, or a folder made over another (game.yaml's
//! `extends:`, [`Files::Layered`]). The loader and the window read every
//! file through [`Files`], by its path relative to the content folder
//! (`tables/Sides.csv`).

use crate::source::read;
use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// The files of one content folder.
#[derive(Clone, Debug)]
pub enum Files {
    /// A folder on disk.
    Dir(PathBuf),
    /// Files compiled into the binary: each one's path relative to the
    /// content folder (`/` between folders) and its bytes. `label` names the
    /// whole in messages, in place of a folder: `(built-in chess)`.
    Embedded { label: &'static str, files: &'static [(&'static str, &'static [u8])] },
    /// A folder made over others (`extends:`): its layers, the folder itself
    /// first, then its base, its base's base ... Each file is read from the
    /// first layer that holds it; a folder lists what any layer holds.
    Layered(Vec<Layer>),
}

/// One layer of [`Files::Layered`].
#[derive(Clone, Debug)]
pub struct Layer {
    /// Its files: a folder or a built-in game, never layered itself.
    pub files: Files,
    /// How a file of this layer is named in messages, before its relative
    /// path: `` for the folder itself, `../../chess/` for a base folder (the
    /// way there from the folder), `(built-in chess)/` for a built-in game.
    pub prefix: String,
}

/// The games built into the binary, by the name `extends:` gives them
/// (`chess`): the binary fills it ([`register_game`]), the runtime knows none.
static GAMES: Mutex<Vec<(&'static str, Files)>> = Mutex::new(Vec::new());

/// Makes the built-in game `files` known as `name` to `extends: NAME`
/// (again is harmless: the last one counts).
pub fn register_game(name: &'static str, files: Files) {
    let mut games = GAMES.lock().unwrap_or_else(|e| e.into_inner());
    games.retain(|(n, _)| *n != name);
    games.push((name, files));
}

/// The built-in game registered as `name`.
pub fn builtin_game(name: &str) -> Option<Files> {
    let games = GAMES.lock().unwrap_or_else(|e| e.into_inner());
    games.iter().find(|(n, _)| *n == name).map(|(_, f)| f.clone())
}

/// The names of the built-in games, for messages: `chess`.
pub fn builtin_games() -> Vec<&'static str> {
    let games = GAMES.lock().unwrap_or_else(|e| e.into_inner());
    games.iter().map(|(n, _)| *n).collect()
}

impl Files {
    /// Whether there is a content folder here at all.
    pub fn exists(&self) -> bool {
        match self {
            Files::Dir(root) => root.is_dir(),
            Files::Embedded { .. } => true,
            Files::Layered(layers) => layers.first().is_some_and(|l| l.files.exists()),
        }
    }

    /// The layer that holds `rel` (a path relative to the content folder, or
    /// a name [`Files::shown`] gave), and the path within it; for a folder or
    /// a built-in game, itself.
    fn holder<'a>(&'a self, rel: &'a Path) -> (&'a Files, &'a Path) {
        let Files::Layered(layers) = self else { return (self, rel) };
        for layer in layers.iter().filter(|l| !l.prefix.is_empty()) {
            if let Ok(inner) = rel.strip_prefix(&layer.prefix) {
                return (&layer.files, inner);
            }
        }
        match layers.iter().find(|l| l.files.is_file(rel)) {
            Some(layer) => (&layer.files, rel),
            None => (layers.first().map_or(self, |l| &l.files), rel),
        }
    }

    /// The name of the file `rel` in messages: in a layered folder, the
    /// layer's prefix and `rel` (`../../chess/logic/Make Move.yaml`), so
    /// that a mistake or a fault names the file it really is in; else `rel`.
    pub fn shown(&self, rel: &Path) -> PathBuf {
        let Files::Layered(layers) = self else { return rel.to_path_buf() };
        if layers.iter().any(|l| !l.prefix.is_empty() && rel.starts_with(&l.prefix)) {
            return rel.to_path_buf();
        }
        match layers.iter().find(|l| l.files.is_file(rel)) {
            Some(layer) => Path::new(&layer.prefix).join(rel),
            None => rel.to_path_buf(),
        }
    }

    /// Where on the disk the file `rel` is, if it is in a folder: the real
    /// path of the layer that holds it.
    pub fn real_path(&self, rel: &Path) -> Option<PathBuf> {
        match self.holder(rel) {
            (Files::Dir(root), inner) => Some(root.join(inner)),
            _ => None,
        }
    }

    /// The folders on the disk this content is read from, the folder itself
    /// first (for `--watch`): none for a built-in game.
    pub fn folders(&self) -> Vec<PathBuf> {
        match self {
            Files::Dir(root) => vec![root.clone()],
            Files::Embedded { .. } => Vec::new(),
            Files::Layered(layers) => layers.iter().flat_map(|l| l.files.folders()).collect(),
        }
    }

    /// The bytes of the file `rel`. In a folder, only a regular file (or a
    /// link to one) no larger than its kind may be (`read::content_limit`).
    pub fn read(&self, rel: &Path) -> io::Result<Cow<'static, [u8]>> {
        match self {
            Files::Dir(root) => read::read(&root.join(rel), read::content_limit(rel)).map(Cow::Owned),
            Files::Embedded { .. } => self.embedded(rel).map(Cow::Borrowed).ok_or_else(not_built_in),
            Files::Layered(_) => {
                let (files, inner) = self.holder(rel);
                files.read(inner)
            }
        }
    }

    /// The text of the file `rel`, which must be UTF-8 (and, in a folder,
    /// as [`Files::read`] reads it).
    pub fn read_text(&self, rel: &Path) -> io::Result<String> {
        match self {
            Files::Dir(root) => read::read_text(&root.join(rel), read::content_limit(rel)),
            Files::Embedded { .. } => {
                let bytes = self.embedded(rel).ok_or_else(not_built_in)?;
                String::from_utf8(bytes.to_vec())
                    .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "stream did not contain valid UTF-8"))
            }
            Files::Layered(_) => {
                let (files, inner) = self.holder(rel);
                files.read_text(inner)
            }
        }
    }

    /// Whether `rel` is a file.
    pub fn is_file(&self, rel: &Path) -> bool {
        match self {
            Files::Dir(root) => root.join(rel).is_file(),
            Files::Embedded { .. } => self.embedded(rel).is_some(),
            Files::Layered(_) => {
                let (files, inner) = self.holder(rel);
                files.is_file(inner)
            }
        }
    }

    /// What the folder `dir` holds (files and folders), each as a path
    /// relative to the content folder (`logic/Find King.yaml`), in no order.
    pub fn list(&self, dir: &str) -> io::Result<Vec<PathBuf>> {
        match self {
            Files::Dir(root) => Ok(std::fs::read_dir(root.join(dir))?
                .filter_map(|e| e.ok())
                .map(|e| Path::new(dir).join(e.file_name()))
                .collect()),
            Files::Embedded { files, .. } => {
                let prefix = format!("{}/", dir.trim_end_matches('/'));
                let mut names: Vec<PathBuf> = Vec::new();
                for (path, _) in files.iter() {
                    let Some(rest) = path.strip_prefix(&prefix) else { continue };
                    let name = Path::new(dir).join(rest.split('/').next().unwrap_or(rest));
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                if names.is_empty() {
                    return Err(io::Error::new(io::ErrorKind::NotFound, "no such folder in the built-in game"));
                }
                Ok(names)
            }
            Files::Layered(layers) => {
                let mut names: Vec<PathBuf> = Vec::new();
                let mut found = None;
                for layer in layers {
                    match layer.files.list(dir) {
                        Ok(listed) => {
                            found = Some(());
                            names.extend(listed.into_iter().filter(|n| !names.contains(n)).collect::<Vec<_>>());
                        }
                        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                        Err(e) => return Err(e),
                    }
                }
                found
                    .map(|()| names)
                    .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such folder in any layer"))
            }
        }
    }

    /// Names the content folder in messages: its path, or the built-in game's label.
    pub fn display(&self) -> impl fmt::Display + '_ {
        Label(self)
    }

    /// A mistake as a person reads it, its file named under this content
    /// folder: `content/x/tables/Sides.csv:3:1: error: ...`, or
    /// `(built-in chess)/tables/Sides.csv:3:1: ...` (a mistake in no file
    /// names the folder alone).
    pub fn locate(&self, d: &crate::source::diag::Diagnostic) -> String {
        if d.file.as_os_str().is_empty() {
            return format!("{}{d}", self.display());
        }
        // A built-in base's file is named by its label; a base folder's, by
        // the way there from the folder (`../../chess/game.yaml`), made short.
        if d.file.to_str().is_some_and(|f| f.starts_with("(built-in")) {
            return d.to_string();
        }
        let file = normalized(&Path::new(&self.display().to_string()).join(&d.file));
        crate::source::diag::Diagnostic { file, ..d.clone() }.to_string()
    }

    /// Writes every file into `dir`, which must not exist or be empty, and
    /// answers what was written (relative paths). Refuses, writing nothing,
    /// when `dir` holds anything.
    pub fn write_to(&self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        if dir.exists() {
            let empty = dir.is_dir() && std::fs::read_dir(dir)?.next().is_none();
            if !empty {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!("{} already exists and is not an empty folder; nothing was written", dir.display()),
                ));
            }
        }
        let rels = self.all_files()?;
        for rel in &rels {
            let bytes = self.read(rel)?;
            let to = dir.join(rel);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&to, &bytes).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", to.display())))?;
        }
        Ok(rels)
    }

    /// A hash of the folder's rules: every file's relative path and bytes,
    /// in order, but for images, fonts and sounds (no rule lives in them),
    /// as the folder is made up (`extends:` layers included). Any change of
    /// a card, a table, a schema or game.yaml changes it. FNV-1a, 64 bits:
    /// a key for what was worked out from the rules, not a guard against
    /// an adversary.
    pub fn rules_hash(&self) -> io::Result<u64> {
        const MEDIA: &[&str] =
            &["png", "jpg", "jpeg", "gif", "webp", "svg", "ttf", "otf", "woff", "woff2", "wav", "ogg", "mp3", "flac"];
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        for rel in self.all_files()? {
            let ext = rel.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
            if MEDIA.contains(&ext.as_str()) {
                continue;
            }
            let bytes = self.read(&rel)?;
            eat(rel.to_string_lossy().as_bytes());
            eat(&(bytes.len() as u64).to_le_bytes());
            eat(&bytes);
        }
        Ok(h)
    }

    /// Every file, relative, sorted.
    fn all_files(&self) -> io::Result<Vec<PathBuf>> {
        let mut out = Vec::new();
        match self {
            Files::Dir(root) => walk(root, Path::new(""), &mut out)?,
            Files::Embedded { files, .. } => out.extend(files.iter().map(|(p, _)| PathBuf::from(p))),
            Files::Layered(layers) => {
                for layer in layers {
                    out.extend(layer.files.all_files()?);
                }
                out.sort();
                out.dedup();
            }
        }
        out.sort();
        Ok(out)
    }

    fn embedded(&self, rel: &Path) -> Option<&'static [u8]> {
        let Files::Embedded { files, .. } = self else { return None };
        let key = embedded_key(rel)?;
        files.iter().find(|(p, _)| *p == key).map(|(_, b)| *b)
    }
}

/// `rel` as an embedded file's name: its parts joined by `/`, `.` parts
/// dropped; `None` for a path that leaves the folder or is absolute.
fn embedded_key(rel: &Path) -> Option<String> {
    let mut parts = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

/// `path` with its `a/..` parts taken out, as a person would write it
/// (`content/variants/x/../../chess/game.yaml` is `content/chess/game.yaml`).
pub fn normalized(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    if out.is_empty() {
        return PathBuf::from(".");
    }
    out.iter().collect()
}

fn not_built_in() -> io::Error {
    io::Error::new(io::ErrorKind::NotFound, "no such file in the built-in game")
}

fn walk(root: &Path, rel: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(root.join(rel))? {
        let entry = entry?;
        let child = rel.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            walk(root, &child, out)?;
        } else {
            out.push(child);
        }
    }
    Ok(())
}

struct Label<'a>(&'a Files);

impl fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Files::Dir(root) => write!(f, "{}", root.display()),
            Files::Embedded { label, .. } => f.write_str(label),
            Files::Layered(layers) => match layers.first() {
                Some(l) => write!(f, "{}", l.files.display()),
                None => Ok(()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: &[(&str, &[u8])] =
        &[("game.yaml", b"game: x\n"), ("logic/A.yaml", b"a"), ("logic/B.yaml", b"\xff"), ("art/fonts/F.ttf", b"f")];

    fn files() -> Files {
        Files::Embedded { label: "(built-in test)", files: FILES }
    }

    #[test]
    fn embedded_files_are_read_by_their_relative_path() {
        let f = files();
        assert_eq!(&*f.read(Path::new("game.yaml")).unwrap(), b"game: x\n");
        assert_eq!(f.read_text(Path::new("./logic//A.yaml")).unwrap(), "a");
        assert!(f.is_file(Path::new("art/fonts/F.ttf")));
        assert!(!f.is_file(Path::new("art/fonts")));
        assert_eq!(f.read(Path::new("nope.yaml")).unwrap_err().kind(), io::ErrorKind::NotFound);
        assert!(f.read(Path::new("logic/../game.yaml")).is_err(), "no way out of the folder");
        assert_eq!(f.read_text(Path::new("logic/B.yaml")).unwrap_err().kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn an_embedded_folder_lists_its_files_and_folders() {
        let f = files();
        let mut logic = f.list("logic").unwrap();
        logic.sort();
        assert_eq!(logic, [PathBuf::from("logic/A.yaml"), PathBuf::from("logic/B.yaml")]);
        assert_eq!(f.list("art").unwrap(), [PathBuf::from("art/fonts")]);
        assert_eq!(f.list("tables").unwrap_err().kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn messages_name_the_folder_or_the_built_in_game() {
        let d = crate::source::diag::Diagnostic {
            severity: crate::source::diag::Severity::Error,
            file: PathBuf::from("tables/T.csv"),
            line: 3,
            column: 1,
            message: "m".into(),
            source_line: None,
        };
        assert_eq!(files().locate(&d), "(built-in test)/tables/T.csv:3:1: error: m");
        assert_eq!(Files::Dir(PathBuf::from("my/game")).locate(&d), "my/game/tables/T.csv:3:1: error: m");
        let whole = crate::source::diag::Diagnostic { file: PathBuf::new(), line: 0, column: 0, ..d };
        assert_eq!(Files::Dir(PathBuf::from("my/game")).locate(&whole), "my/game: error: m");
    }

    #[test]
    fn a_layered_folder_reads_the_first_layer_that_holds_a_file_and_names_it() {
        const OVER: &[(&str, &[u8])] =
            &[("game.yaml", b"extends: x\n"), ("logic/A.yaml", b"mine"), ("logic/C.yaml", b"c")];
        let top = Files::Embedded { label: "(built-in over)", files: OVER };
        let layered = Files::Layered(vec![
            Layer { files: top, prefix: String::new() },
            Layer { files: files(), prefix: "(built-in test)/".into() },
        ]);
        assert_eq!(layered.read_text(Path::new("logic/A.yaml")).unwrap(), "mine");
        assert_eq!(&*layered.read(Path::new("art/fonts/F.ttf")).unwrap(), b"f");
        let mut logic = layered.list("logic").unwrap();
        logic.sort();
        assert_eq!(logic, ["logic/A.yaml", "logic/B.yaml", "logic/C.yaml"].map(PathBuf::from));
        assert_eq!(layered.shown(Path::new("logic/A.yaml")), Path::new("logic/A.yaml"));
        assert_eq!(layered.shown(Path::new("logic/B.yaml")), Path::new("(built-in test)/logic/B.yaml"));
        assert_eq!(
            &*layered.read(Path::new("(built-in test)/game.yaml")).unwrap(),
            b"game: x\n",
            "a layer by its name"
        );
        assert_eq!(
            normalized(Path::new("content/variants/x/../../chess/game.yaml")),
            Path::new("content/chess/game.yaml")
        );
        assert_eq!(normalized(Path::new("../a/../b/")), Path::new("../b"));
    }
}
