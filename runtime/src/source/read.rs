//! Reading a file that comes from outside the engine (a content folder, a
//! data folder, a PGN or a script named on the command line): only a regular
//! file, and only up to a size that depends on what the file is. A FIFO
//! would hang the reader until something writes to it, a device like
//! `/dev/zero` never ends, and a file of gigabytes would take the memory of
//! the machine; each is refused in words that name what it is. A symbolic
//! link to a regular file is read as that file.
//!
//! Every file the engine reads from outside goes through [`read`] or
//! [`read_text`], with one of the [`Limit`]s below. YAML that serde_yaml
//! reads (saves, the kept values) is first held to [`check_flow_depth`],
//! which stops a file of nested `[` before the parser spends minutes on it.

use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// The most bytes a kind of file may have, and what it is, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What the file is, in words: `a table's rows`.
    pub what: &'static str,
    pub bytes: u64,
}

const MB: u64 = 1 << 20;

/// A table's rows (`tables/T.csv`, and its translations): the chess game's
/// largest is 4 KB. Loading takes about 11 times a CSV's size in memory, so
/// 16 MB (some 200,000 rows of 80 characters) costs under 200 MB.
pub const TABLE: Limit = Limit { what: "a table's rows", bytes: 16 * MB };
/// A YAML file of the content (game.yaml, a schema, a card, an object type,
/// the scene): the chess game's largest, its scene, is 13 KB.
pub const CONTENT_YAML: Limit = Limit { what: "a YAML file of the content", bytes: 4 * MB };
/// A picture of the content (`art/*.png`): the chess game's boards are 1.6 MB.
pub const IMAGE: Limit = Limit { what: "a picture", bytes: 32 * MB };
/// A font (`art/fonts/*.ttf`): a font of every Chinese character is some 20 MB.
pub const FONT: Limit = Limit { what: "a font", bytes: 32 * MB };
/// Any other file of the content.
pub const CONTENT_OTHER: Limit = Limit { what: "a file of the content", bytes: 4 * MB };
/// A saved game (`saves/SLOT.yaml`): the chess game mid-way is 93 KB. Reading
/// YAML through serde takes some 50 times its size in memory: 8 MB, 400 MB.
pub const SAVE: Limit = Limit { what: "a saved game", bytes: 8 * MB };
/// The kept values (`values.yaml`): a few settings, each key at most 200
/// characters; a megabyte is thousands of them.
pub const VALUES: Limit = Limit { what: "the kept values", bytes: MB };
/// A PGN file (`loadpgn FILE`, `--pgn FILE`): one game, a few kilobytes; the
/// longest possible chess game is under 100 KB of moves.
pub const PGN: Limit = Limit { what: "a PGN file", bytes: MB };
/// A file of driver commands (`--script FILE`).
pub const SCRIPT: Limit = Limit { what: "a script of driver commands", bytes: 4 * MB };

/// How deep `[` and `{` may nest in YAML read by serde_yaml: its parser
/// refuses more than 128 levels anyway, but only after scanning them, in
/// time that grows with the square of the depth (200,000 `[`: minutes).
pub const MAX_FLOW_DEPTH: usize = 128;

/// The limit of a file of a content folder, by what its name says it is.
pub fn content_limit(rel: &Path) -> Limit {
    match rel.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("csv") => TABLE,
        Some("yaml" | "yml") => CONTENT_YAML,
        Some("png" | "jpg" | "jpeg") => IMAGE,
        Some("ttf" | "otf") => FONT,
        _ => CONTENT_OTHER,
    }
}

/// The bytes of the regular file at `path` (a link is followed), which must
/// be at most `limit.bytes` long. A missing file is `NotFound`, as
/// `std::fs::read` says it; anything else that is not a regular file, or a
/// file too large, is an error saying so.
pub fn read(path: &Path, limit: Limit) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > limit.bytes {
        return Err(too_large(len, limit));
    }
    // The length may change while it is read: never more than the limit.
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(limit.bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_large(bytes.len() as u64, limit));
    }
    Ok(bytes)
}

/// [`read`], as UTF-8 text.
pub fn read_text(path: &Path, limit: Limit) -> io::Result<String> {
    String::from_utf8(read(path, limit)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "stream did not contain valid UTF-8"))
}

/// Whether `path` is, or links to, a regular file: what [`read`] would open.
pub fn is_regular(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// Opens `path` for reading when it is a regular file. The file is opened
/// without waiting (`O_NONBLOCK`: a FIFO with no writer would hold `open`
/// itself), then looked at: what was opened is what is checked, so a file
/// swapped for a FIFO between a look and the open is still refused.
fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    #[cfg(not(unix))]
    {
        // Elsewhere a FIFO cannot be opened as a file by its path; look first.
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() {
            return Err(not_regular(&meta));
        }
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(file)
}

fn not_regular(meta: &Metadata) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, format!("it is {}, not a regular file", Kind(meta)))
}

fn too_large(len: u64, limit: Limit) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("it is {}, more than {} may be ({})", Size(len), limit.what, Size(limit.bytes)),
    )
}

/// What a file that is not a regular file is, in words.
struct Kind<'a>(&'a Metadata);

impl fmt::Display for Kind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0.file_type();
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_fifo() {
                return f.write_str("a named pipe (FIFO)");
            }
            if t.is_char_device() || t.is_block_device() {
                return f.write_str("a device");
            }
            if t.is_socket() {
                return f.write_str("a socket");
            }
        }
        if t.is_dir() {
            f.write_str("a folder")
        } else {
            f.write_str("not a file")
        }
    }
}

/// A size in bytes as a person reads it: `812 bytes`, `16 MB`, `1.5 GB`.
struct Size(u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0 as f64;
        let (value, unit) = match self.0 {
            0..1024 => return write!(f, "{} bytes", self.0),
            1024..MB => (n / 1024.0, "KB"),
            MB..0x4000_0000 => (n / MB as f64, "MB"),
            _ => (n / (1u64 << 30) as f64, "GB"),
        };
        if value.fract() == 0.0 {
            write!(f, "{value} {unit}")
        } else {
            write!(f, "{value:.1} {unit}")
        }
    }
}

/// Whether YAML text nests `[` and `{` at most [`MAX_FLOW_DEPTH`] deep; Err
/// says where it goes deeper. One pass, before any parser: quoted texts,
/// comments and block texts (`|`, `>`) are passed over, so a bracket in a
/// text is not counted. It may count a bracket a parser would not (a plain
/// word with a `[` inside a flow); that costs nothing below the limit.
pub fn check_flow_depth(text: &str) -> Result<(), String> {
    let mut depth = 0usize;
    // Inside a quoted text: its quote.
    let mut quote: Option<char> = None;
    // The indentation of the line that began a block text (`key: |`), while its lines go on.
    let mut block_text: Option<usize> = None;
    for (number, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let Some(parent) = block_text {
            if line.trim().is_empty() || indent > parent {
                continue;
            }
            block_text = None;
        }
        // Whether the last character read may come before a value (line start, `: `, `- `, `[`, `,` ...).
        let mut at_value = true;
        let mut chars = line.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if let Some(q) = quote {
                match c {
                    '\\' if q == '"' => {
                        chars.next();
                    }
                    '\'' if q == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') => {
                        chars.next();
                    }
                    _ if c == q => {
                        quote = None;
                        at_value = false;
                    }
                    _ => {}
                }
                continue;
            }
            match c {
                '#' if at_value || line[..i].ends_with([' ', '\t']) => break,
                '\'' | '"' if at_value => quote = Some(c),
                '[' | '{' if at_value || depth > 0 => {
                    depth += 1;
                    if depth > MAX_FLOW_DEPTH {
                        return Err(format!(
                            "line {}, column {}: `[` and `{{` nest more than {MAX_FLOW_DEPTH} deep",
                            number + 1,
                            line[..=i].chars().count()
                        ));
                    }
                    at_value = true;
                    continue;
                }
                ']' | '}' if depth > 0 => depth -= 1,
                '|' | '>' if at_value && depth == 0 => {
                    block_text = Some(indent);
                    break;
                }
                ' ' | '\t' => continue,
                ',' if depth > 0 => {
                    at_value = true;
                    continue;
                }
                ':' | '-' | '?' if chars.peek().is_none_or(|&(_, n)| n == ' ' || n == '\t') => {
                    at_value = true;
                    continue;
                }
                _ => {}
            }
            at_value = false;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(label: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("cardtable-read-{}-{label}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_within_its_limit_is_read_and_a_link_to_one_too() {
        let dir = temp("regular");
        std::fs::write(dir.join("a.csv"), b"name\nx\n").unwrap();
        assert_eq!(read(&dir.join("a.csv"), TABLE).unwrap(), b"name\nx\n");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("a.csv"), dir.join("link.csv")).unwrap();
            assert_eq!(read_text(&dir.join("link.csv"), TABLE).unwrap(), "name\nx\n");
        }
        assert_eq!(read(&dir.join("none"), TABLE).unwrap_err().kind(), io::ErrorKind::NotFound);
        let small = Limit { what: "a small file", bytes: 4 };
        let e = read(&dir.join("a.csv"), small).unwrap_err();
        assert_eq!(e.to_string(), "it is 7 bytes, more than a small file may be (4 bytes)");
        let e = read(&dir, TABLE).unwrap_err();
        assert_eq!(e.to_string(), "it is a folder, not a regular file");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_not_read() {
        let e = read(Path::new("/dev/zero"), VALUES).unwrap_err();
        assert_eq!(e.to_string(), "it is a device, not a regular file");
        assert!(!is_regular(Path::new("/dev/zero")));
    }

    #[test]
    fn sizes_are_written_as_people_read_them() {
        assert_eq!(Size(812).to_string(), "812 bytes");
        assert_eq!(Size(16 * MB).to_string(), "16 MB");
        assert_eq!(Size(1536).to_string(), "1.5 KB");
        assert_eq!(Size(3 << 30).to_string(), "3 GB");
    }

    #[test]
    fn content_files_are_held_to_the_limit_of_their_kind() {
        assert_eq!(content_limit(Path::new("tables/Words.fr.csv")), TABLE);
        assert_eq!(content_limit(Path::new("logic/Find King.yaml")), CONTENT_YAML);
        assert_eq!(content_limit(Path::new("art/fonts/A.TTF")), FONT);
        assert_eq!(content_limit(Path::new("art/board.png")), IMAGE);
        assert_eq!(content_limit(Path::new("README")), CONTENT_OTHER);
    }

    #[test]
    fn flow_nesting_is_counted_outside_texts() {
        let deep = |n: usize| format!("values: {}{}\n", "[".repeat(n), "]".repeat(n));
        assert!(check_flow_depth(&deep(MAX_FLOW_DEPTH)).is_ok());
        let e = check_flow_depth(&deep(MAX_FLOW_DEPTH + 1)).unwrap_err();
        assert_eq!(e, "line 1, column 137: `[` and `{` nest more than 128 deep");
        let opened = format!("a:\n  - {}", "{b: ".repeat(200_000));
        assert!(check_flow_depth(&opened).unwrap_err().starts_with("line 2, column "));
        // Brackets in texts, comments and block texts, and inside plain words, are not nesting.
        let many = "[".repeat(500);
        for text in [
            format!("a: '{many}'\n"),
            format!("a: \"{many}\\\"{many}\"\n"),
            format!("a: 'it''s {many}'\n"),
            format!("a: x # {many}\n"),
            format!("a: |\n  {many}\n  {many}\nb: 1\n"),
            format!("a: x{many}\n"),
            format!("- >-\n    {many}\n- [1, '{many}', {{k: \"{many}\"}}]\n"),
        ] {
            assert_eq!(check_flow_depth(&text), Ok(()), "{text}");
        }
        // After a block text, nesting is counted again.
        let after = format!("a: |\n  x\nb: {}\n", "[".repeat(MAX_FLOW_DEPTH + 1));
        assert!(check_flow_depth(&after).unwrap_err().starts_with("line 3, "));
    }
}
