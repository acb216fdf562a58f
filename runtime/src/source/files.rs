//! Where a content folder's files come from: a folder on disk, or a game
//! built into the binary. The loader and the window read every file through
//! [`Files`], by its path relative to the content folder (`tables/Sides.csv`).

use crate::source::read;
use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The files of one content folder.
#[derive(Clone, Debug)]
pub enum Files {
    /// A folder on disk.
    Dir(PathBuf),
    /// Files compiled into the binary: each one's path relative to the
    /// content folder (`/` between folders) and its bytes. `label` names the
    /// whole in messages, in place of a folder: `(built-in chess)`.
    Embedded { label: &'static str, files: &'static [(&'static str, &'static [u8])] },
}

impl Files {
    /// Whether there is a content folder here at all.
    pub fn exists(&self) -> bool {
        match self {
            Files::Dir(root) => root.is_dir(),
            Files::Embedded { .. } => true,
        }
    }

    /// The bytes of the file `rel`. In a folder, only a regular file (or a
    /// link to one) no larger than its kind may be (`read::content_limit`).
    pub fn read(&self, rel: &Path) -> io::Result<Cow<'static, [u8]>> {
        match self {
            Files::Dir(root) => read::read(&root.join(rel), read::content_limit(rel)).map(Cow::Owned),
            Files::Embedded { .. } => self.embedded(rel).map(Cow::Borrowed).ok_or_else(not_built_in),
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
        }
    }

    /// Whether `rel` is a file.
    pub fn is_file(&self, rel: &Path) -> bool {
        match self {
            Files::Dir(root) => root.join(rel).is_file(),
            Files::Embedded { .. } => self.embedded(rel).is_some(),
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
            format!("{}{d}", self.display())
        } else {
            format!("{}/{d}", self.display())
        }
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

    /// Every file, relative, sorted.
    fn all_files(&self) -> io::Result<Vec<PathBuf>> {
        let mut out = Vec::new();
        match self {
            Files::Dir(root) => walk(root, Path::new(""), &mut out)?,
            Files::Embedded { files, .. } => out.extend(files.iter().map(|(p, _)| PathBuf::from(p))),
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
}
