//! Content mistakes: where they are and what was expected, all collected.

use std::cell::OnceCell;
use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// One mistake in a content folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The file, relative to the content folder.
    pub file: PathBuf,
    /// 1-based; 0 when the mistake is the whole file.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    pub message: String,
    /// The offending line of the file, shown under the message.
    pub source_line: Option<String>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        write!(f, ": {kind}: {}", self.message)?;
        if let Some(src) = &self.source_line {
            let gutter = format!("{} | ", self.line);
            let (src, column) = excerpt(src, self.column);
            write!(f, "\n{gutter}{src}\n{}^", " ".repeat(gutter.len() + column.saturating_sub(1)))?;
        }
        Ok(())
    }
}

/// The longest source line shown whole under a message (the chess game's
/// longest is under 900 characters).
const WHOLE_LINE: usize = 1000;
/// How much of a longer line is shown, around the column: a file of one
/// line of megabytes (`[[[[...`) is not printed whole.
const AROUND: usize = 120;

/// The part of a source line to show, and the column in it: the whole line,
/// or [`AROUND`] characters either side of the column, cut ends marked `…`.
fn excerpt(src: &str, column: usize) -> (std::borrow::Cow<'_, str>, usize) {
    let len = src.chars().count();
    if len <= WHOLE_LINE {
        return (src.into(), column);
    }
    let start = column.saturating_sub(AROUND + 1).min(len);
    let end = (column + AROUND).min(len);
    let mut shown: String = if start > 0 { "…".into() } else { String::new() };
    shown.extend(src.chars().skip(start).take(end - start));
    if end < len {
        shown.push('…');
    }
    (shown.into(), column - start + usize::from(start > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_shown_around_its_column() {
        let d = |line: String, column| Diagnostic {
            severity: Severity::Error,
            file: "game.yaml".into(),
            line: 2,
            column,
            message: "m".into(),
            source_line: Some(line),
        };
        let short = d("x: [1, 2]".into(), 4).to_string();
        assert_eq!(short, "game.yaml:2:4: error: m\n2 | x: [1, 2]\n       ^");
        let long = format!("x: {}", "[".repeat(200_000));
        let shown = d(long, 1000).to_string();
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[1], format!("2 | …{}…", "[".repeat(241)));
        assert_eq!(lines[2].len(), 4 + 121 + 1, "the caret under column 1000: {}", lines[2]);
        let start = d(format!("x{}", "y".repeat(5000)), 1).to_string();
        assert!(start.lines().nth(1).unwrap().ends_with("yyy…") && start.ends_with("\n    ^"), "{start}");
    }
}

/// A place in a content file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// Collects every mistake of a load, so that all are reported at once.
#[derive(Default, Debug)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
    /// Each file's text, kept to show the offending line.
    sources: Vec<Source>,
}

/// A file's text, and where each of its lines starts, found the first time
/// a line of it is shown: a mistake on each of a table's 100,000 rows reads
/// the table once, not once a row.
#[derive(Debug)]
struct Source {
    file: PathBuf,
    text: String,
    starts: OnceCell<Vec<usize>>,
}

impl Diagnostics {
    pub fn add_source(&mut self, file: &Path, text: &str) {
        self.sources.push(Source { file: file.to_path_buf(), text: text.to_string(), starts: OnceCell::new() });
    }

    /// The line `line` (1-based) of `file`, as `text.lines().nth(line - 1)` gives it.
    fn line_of(&self, file: &Path, line: usize) -> Option<String> {
        let source = self.sources.iter().find(|s| s.file == file)?;
        let starts = source.starts.get_or_init(|| line_starts(&source.text));
        let start = *starts.get(line.checked_sub(1)?)?;
        source.text[start..].lines().next().map(|l| l.to_string())
    }

    pub fn error(&mut self, file: &Path, pos: Pos, message: impl Into<String>) {
        self.push(Severity::Error, file, pos, message.into());
    }

    pub fn warning(&mut self, file: &Path, pos: Pos, message: impl Into<String>) {
        self.push(Severity::Warning, file, pos, message.into());
    }

    fn push(&mut self, severity: Severity, file: &Path, pos: Pos, message: String) {
        let source_line = if pos.line > 0 { self.line_of(file, pos.line) } else { None };
        self.list.push(Diagnostic {
            severity,
            file: file.to_path_buf(),
            line: pos.line,
            column: pos.column,
            message,
            source_line,
        });
    }

    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity == Severity::Error)
    }

    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.list.iter().filter(|d| d.severity == Severity::Error)
    }
}

/// Where each line of `text` starts: 0, and the byte after each `\n`.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1)).collect()
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn a_line_is_shown_as_lines_gives_it() {
        for text in ["", "a", "a\n", "a\r\nb\r\n", "a\n\nb", "a\n\n", "\n", "x\ry\nz\r", "é\nñ\n\r\n"] {
            let mut d = Diagnostics::default();
            d.add_source(Path::new("t.csv"), text);
            for line in 1..=6 {
                assert_eq!(
                    d.line_of(Path::new("t.csv"), line),
                    text.lines().nth(line - 1).map(String::from),
                    "{text:?} {line}"
                );
            }
            assert_eq!(d.line_of(Path::new("t.csv"), 0), None);
        }
    }

    #[test]
    fn a_mistake_on_every_line_of_a_long_file_reads_it_once() {
        // Each line found by its start, not by reading the file from its top:
        // 200,000 mistakes, one a line, as a table of 200,000 rows a language lacks.
        let text: String = (0..200_000).map(|i| format!("K{i},1\n")).collect();
        let mut d = Diagnostics::default();
        d.add_source(Path::new("t.csv"), &text);
        for line in 1..=200_000 {
            d.warning(Path::new("t.csv"), Pos { line, column: 1 }, "m");
        }
        assert_eq!(d.list[199_999].source_line.as_deref(), Some("K199999,1"));
        let starts = d.sources[0].starts.get().map(Vec::len);
        assert_eq!(starts, Some(200_001), "the line starts are found once and kept");
    }
}
