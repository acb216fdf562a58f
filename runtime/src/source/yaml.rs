//! Reading content YAML with the position of every value, so that each
//! mistake can name its line and column.

use crate::source::diag::{Diagnostics, Pos};
use crate::source::files::Files;
use marked_yaml::types::{MarkedMappingNode, MarkedScalarNode};
use marked_yaml::{LoadError, Node};
use std::path::{Path, PathBuf};

/// A YAML file of the content folder, parsed, with its path for messages.
pub struct YamlFile {
    pub path: PathBuf,
    pub text: String,
    pub root: Node,
    /// A file read over others (game.yaml over its bases'): each part's path
    /// and text, by the source number its nodes' marks carry. Empty: every
    /// node is `path`'s.
    pub layers: Vec<(PathBuf, String)>,
}

impl YamlFile {
    /// The file a node at `span` was read from, and its text.
    fn layer(&self, span: &marked_yaml::Span) -> (&Path, &str) {
        let source = span.start().map_or(0, |m| m.source());
        match self.layers.get(source) {
            Some((path, text)) => (path, text),
            None => (&self.path, &self.text),
        }
    }

    /// The file `node` was read from: `path`, or in a file read over
    /// others, the one that holds it.
    pub fn path_of(&self, node: &Node) -> &Path {
        self.layer(node.span()).0
    }

    /// [`YamlFile::path_of`] for a key.
    pub fn path_of_key(&self, key: &MarkedScalarNode) -> &Path {
        self.layer(key.span()).0
    }
}

pub fn pos_of(node: &Node) -> Pos {
    node.span().start().map(|m| Pos { line: m.line(), column: m.column() }).unwrap_or_default()
}

pub fn scalar_pos(node: &MarkedScalarNode) -> Pos {
    node.span().start().map(|m| Pos { line: m.line(), column: m.column() }).unwrap_or_default()
}

/// Where the text of a scalar starts: after its opening quote, if it has one.
pub fn text_start(file: &YamlFile, node: &MarkedScalarNode) -> Pos {
    let Some(mark) = node.span().start() else { return Pos::default() };
    let quoted = file.layer(node.span()).1.chars().nth(mark.character()).is_some_and(|c| c == '\'' || c == '"');
    Pos { line: mark.line(), column: mark.column() + usize::from(quoted) }
}

/// Reads and parses `rel` of the content folder. A missing file or a syntax
/// error is reported, and `None` returned.
pub fn load(files: &Files, rel: &Path, diags: &mut Diagnostics) -> Option<YamlFile> {
    let text = match files.read_text(rel) {
        Ok(t) => t,
        Err(e) => {
            diags.error(rel, Pos::default(), format!("cannot read the file: {e}"));
            return None;
        }
    };
    parse(rel, text, diags)
}

/// Parses YAML text that came from `rel`.
pub fn parse(rel: &Path, text: String, diags: &mut Diagnostics) -> Option<YamlFile> {
    parse_as(0, rel, text, diags)
}

/// [`parse`], the marks of its nodes carrying `source` (a layer's number,
/// [`YamlFile::layers`]).
pub fn parse_as(source: usize, rel: &Path, text: String, diags: &mut Diagnostics) -> Option<YamlFile> {
    diags.add_source(rel, &text);
    let options = marked_yaml::LoaderOptions::default().error_on_duplicate_keys(true);
    match marked_yaml::parse_yaml_with_options(source, &text, options) {
        Ok(root) => Some(YamlFile { path: rel.to_path_buf(), text, root, layers: Vec::new() }),
        Err(err) => {
            let (pos, message) = describe_load_error(&err, &text);
            diags.error(rel, pos, message);
            None
        }
    }
}

fn describe_load_error(err: &LoadError, text: &str) -> (Pos, String) {
    let at = |m: &marked_yaml::Marker| Pos { line: m.line(), column: m.column() };
    match err {
        LoadError::TopLevelMustBeMapping(m) => {
            (at(m), "YAML: expected a mapping (`key: value` lines) at the top of the file".into())
        }
        LoadError::TopLevelMustBeSequence(m) => (at(m), "YAML: expected a list at the top of the file".into()),
        LoadError::UnexpectedAnchor(m) => (at(m), "YAML: anchors (&name) are not supported in content".into()),
        LoadError::MappingKeyMustBeScalar(m) => (at(m), "YAML: a key must be a plain word or text".into()),
        LoadError::UnexpectedTag(m) => {
            (at(m), "YAML: tags (!name) are not supported in content; quote a value that starts with `!`".into())
        }
        LoadError::ScanError(m, e) => place_syntax_error(text, at(m), e.info()),
        LoadError::DuplicateKey(d) => (
            d.key.span().start().map(at).unwrap_or_default(),
            format!("YAML: the key `{}` appears twice in one mapping", d.key.as_str()),
        ),
    }
}

/// Where a YAML syntax error is, and what it is, in words. The scanner
/// reports where it gave up, which is often a line or more after the
/// mistake: a `[` never closed is noticed where the next key starts, a line
/// without its `:` where the next line starts, a tab in the indentation
/// somewhere after it. Those three are looked for before the place the
/// scanner gave; anything else is reported where the scanner says.
fn place_syntax_error(text: &str, at: Pos, info: &str) -> (Pos, String) {
    let found = scan_to(text, at);
    // A tab the scanner found may be on a line after the scalar it was reading.
    let tab_after = || {
        text.lines().enumerate().skip(at.line.saturating_sub(1)).find_map(|(n, line)| {
            let content = line.trim_start();
            let lead = &line[..line.len() - content.len()];
            let i = lead.find('\t').filter(|_| !content.is_empty())?;
            Some(Pos { line: n + 1, column: lead[..i].chars().count() + 1 })
        })
    };
    if let Some(tab) = found.tab.or_else(|| if info.contains("found a tab") { tab_after() } else { None }) {
        return (tab, "YAML syntax error: a tab in the indentation; indent with spaces".into());
    }
    let indent_at =
        text.lines().nth(at.line.saturating_sub(1)).map_or(0, |l| l.chars().take_while(|&c| c == ' ').count());
    if let Some(open) = found.open.last().filter(|o| o.pos.line < at.line && indent_at <= o.indent) {
        let (what, close) = if open.ch == '[' { ("list", ']') } else { ("mapping", '}') };
        return (
            open.pos,
            format!("YAML syntax error: this `{}` is never closed; end the {what} with `{close}`", open.ch),
        );
    }
    if info.starts_with("simple key expect") {
        if let Some(pos) = found.last_content.filter(|p| p.line < at.line) {
            return (
                pos,
                "YAML syntax error: this line has no `:`; expected `key: value` (or `- item` in a list)".into(),
            );
        }
    }
    (at, format!("YAML syntax error: {info}"))
}

/// Where a line's first key or value starts, after its spaces and any
/// `- ` of a list: a flow collection opened on the line may go on over the
/// lines below only if they are indented further.
fn indentation(line: &str) -> usize {
    let mut n = 0;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' => n += 1,
            '-' if chars.peek().is_some_and(|&c| c == ' ') => n += 1,
            _ => break,
        }
    }
    n
}

/// A `[` or `{` not yet closed.
struct FlowOpen {
    ch: char,
    pos: Pos,
    /// Where its line's first key starts (see [`indentation`]).
    indent: usize,
}

/// What [`scan_to`] saw before the place a parse gave up.
#[derive(Default)]
struct Scanned {
    open: Vec<FlowOpen>,
    /// The first line indented with a tab.
    tab: Option<Pos>,
    /// Where the last line with something in it (not a comment) starts.
    last_content: Option<Pos>,
}

/// Reads YAML text up to `stop` as far as needed to find unclosed flow
/// collections, tab indentation and the last line with content: quotes,
/// comments and block scalars (`|`, `>`) are skipped. Only for placing a
/// syntax error the parser already found: it checks nothing else.
fn scan_to(text: &str, stop: Pos) -> Scanned {
    let mut out = Scanned::default();
    let mut quote: Option<char> = None;
    // Inside a block scalar: the indentation of the line that started it.
    let mut block: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        if n > stop.line {
            break;
        }
        let indent = indentation(line);
        let content = line.trim_start();
        if let Some(parent) = block {
            if content.is_empty() || indent > parent {
                continue;
            }
            block = None;
        }
        if quote.is_none() && out.open.is_empty() && !content.is_empty() && !content.starts_with('#') {
            let lead = &line[..line.len() - content.len()];
            if let (Some(i), None) = (lead.find('\t'), out.tab) {
                out.tab = Some(Pos { line: n, column: lead[..i].chars().count() + 1 });
            }
            if n < stop.line {
                out.last_content = Some(Pos { line: n, column: lead.chars().count() + 1 });
            }
        }
        let chars: Vec<char> = line.chars().collect();
        let mut value_start = true;
        let mut i = 0;
        while i < chars.len() {
            if n == stop.line && i + 1 >= stop.column {
                break;
            }
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            let ends = |c: Option<char>| c.is_none_or(|c| c == ' ' || c == '\t');
            if let Some(q) = quote {
                // `\"` in double quotes, `''` in single quotes: a quote that does not close.
                let escaped = (c == '\\' && q == '"') || (c == q && q == '\'' && next == Some('\''));
                if escaped {
                    i += 1;
                } else if c == q {
                    quote = None;
                    value_start = false;
                }
                i += 1;
                continue;
            }
            let in_flow = !out.open.is_empty();
            match c {
                ' ' | '\t' => {
                    i += 1;
                    continue;
                }
                '#' if i == 0 || matches!(chars[i - 1], ' ' | '\t') => break,
                '\'' | '"' if value_start => quote = Some(c),
                '[' | '{' if value_start || in_flow => {
                    out.open.push(FlowOpen { ch: c, pos: Pos { line: n, column: i + 1 }, indent });
                }
                ']' | '}' if in_flow => {
                    out.open.pop();
                }
                '|' | '>' if value_start && !in_flow => {
                    let rest: String = chars[i + 1..].iter().collect();
                    let rest = rest.split(" #").next().unwrap_or("").trim();
                    if rest.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '+') {
                        block = Some(indent);
                        break;
                    }
                }
                _ => {}
            }
            value_start = match c {
                '-' => value_start && ends(next),
                ':' => ends(next) || in_flow,
                '[' | '{' | ',' => in_flow || value_start,
                _ => false,
            };
            i += 1;
        }
    }
    out
}

/// Reads the fields of one mapping, reporting keys it does not know.
pub struct Fields<'a> {
    pub file: &'a YamlFile,
    pub map: &'a MarkedMappingNode,
    pub pos: Pos,
}

impl<'a> Fields<'a> {
    /// The mapping at `node`, or a mistake saying what `what` should be.
    pub fn of(file: &'a YamlFile, node: &'a Node, what: &str, diags: &mut Diagnostics) -> Option<Fields<'a>> {
        match node.as_mapping() {
            Some(map) => Some(Fields { file, map, pos: pos_of(node) }),
            None => {
                diags.error(
                    file.path_of(node),
                    pos_of(node),
                    format!("expected {what} as a mapping of `key: value` lines"),
                );
                None
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&'a Node> {
        self.map.get_node(key)
    }

    /// Reports every key that is not one of `known`.
    pub fn only(&self, known: &[&str], what: &str, diags: &mut Diagnostics) {
        for key in self.map.keys() {
            if !known.contains(&key.as_str()) {
                diags.error(
                    self.file.path_of_key(key),
                    scalar_pos(key),
                    format!("unknown field `{}` in {what}; expected one of: {}", key.as_str(), known.join(", ")),
                );
            }
        }
    }

    /// A text field (any scalar). Reports it when missing or not a scalar.
    pub fn text(&self, key: &str, what: &str, diags: &mut Diagnostics) -> Option<(&'a MarkedScalarNode, Pos)> {
        match self.get(key) {
            None => {
                diags.error(&self.file.path, self.pos, format!("{what} needs a `{key}:` field"));
                None
            }
            Some(node) => scalar(self.file, node, &format!("`{key}`"), diags),
        }
    }

    pub fn opt_text(&self, key: &str, diags: &mut Diagnostics) -> Option<(&'a MarkedScalarNode, Pos)> {
        self.get(key).and_then(|node| scalar(self.file, node, &format!("`{key}`"), diags))
    }

    pub fn number(&self, key: &str, diags: &mut Diagnostics) -> Option<f64> {
        let (node, pos) = self.opt_text(key, diags)?;
        match node.as_str().trim().parse::<f64>() {
            Ok(n) if n.is_finite() => Some(n),
            _ => {
                let path = self.file.path_of_key(node);
                diags.error(path, pos, format!("`{key}` must be a number, found `{}`", node.as_str()));
                None
            }
        }
    }

    /// A pair of numbers written `[a, b]`.
    pub fn pair(&self, key: &str, diags: &mut Diagnostics) -> Option<(f32, f32)> {
        let node = self.get(key)?;
        let bad = |diags: &mut Diagnostics| {
            diags.error(self.file.path_of(node), pos_of(node), format!("`{key}` must be two numbers, written [a, b]"));
            None
        };
        let Some(seq) = node.as_sequence() else { return bad(diags) };
        let nums: Vec<f32> = seq.iter().filter_map(|n| n.as_scalar()?.as_str().trim().parse::<f32>().ok()).collect();
        match nums[..] {
            [a, b] if seq.len() == 2 && a.is_finite() && b.is_finite() => Some((a, b)),
            _ => bad(diags),
        }
    }
}

pub fn scalar<'a>(
    file: &YamlFile,
    node: &'a Node,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<(&'a MarkedScalarNode, Pos)> {
    match node.as_scalar() {
        Some(s) => Some((s, text_start(file, s))),
        None => {
            diags.error(
                file.path_of(node),
                pos_of(node),
                format!("{what} must be a single value, not a list or mapping"),
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one mistake `text` gives: line, column, message.
    fn mistake(text: &str) -> (usize, usize, String) {
        let mut d = Diagnostics::default();
        assert!(parse(Path::new("card.yaml"), text.to_string(), &mut d).is_none(), "{text}");
        assert_eq!(d.list.len(), 1, "{:?}", d.list);
        (d.list[0].line, d.list[0].column, d.list[0].message.clone())
    }

    const NEVER_CLOSED: &str = "YAML syntax error: this `[` is never closed; end the list with `]`";

    #[test]
    fn a_flow_list_never_closed_is_reported_where_it_opens() {
        let text = "function: F\nparameters:\n  side: [Text\nreturns: Text\nsteps: []\n";
        assert_eq!(mistake(text), (3, 9, NEVER_CLOSED.into()));
        // In a list item, and a mapping.
        let text = "events:\n  - when: [Mouse Pressed\n    steps:\n      - set alpha: 1\n";
        assert_eq!(mistake(text), (2, 11, NEVER_CLOSED.into()));
        let text = "a: 1\nb: {type: Text\nc: 2\n";
        let (line, column, message) = mistake(text);
        assert_eq!((line, column), (2, 4));
        assert_eq!(message, "YAML syntax error: this `{` is never closed; end the mapping with `}`");
    }

    #[test]
    fn brackets_in_quotes_comments_and_block_texts_are_not_lists() {
        // Each has a `[` that opens nothing, then a line without its `:`.
        for text in [
            "a: ['[', 1]\nb: [\"{\", 2]\nc\nd: 1\n",
            "a: [1, # [\n  2]\nc\nd: 1\n",
            "description: >\n  [x\n  more [\nc\nd: 1\n",
            "a: x[1]\nc\nd: 1\n",
        ] {
            let (line, _, message) = mistake(text);
            assert!(message.contains("this line has no `:`"), "{text}: {message}");
            assert_eq!(text.lines().nth(line - 1), Some("c"), "{text}");
        }
    }

    #[test]
    fn a_list_over_several_lines_then_a_mistake_is_the_mistake() {
        let text = "a: [x,\n    y]\nb: : c\n";
        let (line, column, message) = mistake(text);
        assert_eq!((line, column), (3, 4), "{message}");
        assert!(!message.contains("never closed"), "{message}");
    }

    #[test]
    fn a_line_without_its_colon_is_reported_on_that_line() {
        let text = "function: F\nreturns Text\nsteps:\n  - return: 1\n";
        assert_eq!(
            mistake(text),
            (2, 1, "YAML syntax error: this line has no `:`; expected `key: value` (or `- item` in a list)".into())
        );
    }

    #[test]
    fn a_tab_in_the_indentation_is_reported_at_the_tab() {
        let text = "steps:\n  - declare: x\n\ttype: Text\n  - return: x\n";
        assert_eq!(mistake(text), (3, 1, "YAML syntax error: a tab in the indentation; indent with spaces".into()));
    }

    #[test]
    fn other_syntax_errors_stay_where_the_scanner_found_them() {
        let text = "parameters:\n  side: Text: x\nreturns: Text\n";
        assert_eq!(mistake(text), (2, 13, "YAML syntax error: mapping values are not allowed in this context".into()));
    }
}
