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
    let quoted = file.text.chars().nth(mark.character()).is_some_and(|c| c == '\'' || c == '"');
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
    diags.add_source(rel, &text);
    let options = marked_yaml::LoaderOptions::default().error_on_duplicate_keys(true);
    match marked_yaml::parse_yaml_with_options(0, &text, options) {
        Ok(root) => Some(YamlFile { path: rel.to_path_buf(), text, root }),
        Err(err) => {
            let (pos, message) = describe_load_error(&err);
            diags.error(rel, pos, message);
            None
        }
    }
}

fn describe_load_error(err: &LoadError) -> (Pos, String) {
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
        LoadError::ScanError(m, e) => (at(m), format!("YAML syntax error: {}", e.info())),
        LoadError::DuplicateKey(d) => (
            d.key.span().start().map(at).unwrap_or_default(),
            format!("YAML: the key `{}` appears twice in one mapping", d.key.as_str()),
        ),
    }
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
                diags.error(&file.path, pos_of(node), format!("expected {what} as a mapping of `key: value` lines"));
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
                    &self.file.path,
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
                diags.error(&self.file.path, pos, format!("`{key}` must be a number, found `{}`", node.as_str()));
                None
            }
        }
    }

    /// A pair of numbers written `[a, b]`.
    pub fn pair(&self, key: &str, diags: &mut Diagnostics) -> Option<(f32, f32)> {
        let node = self.get(key)?;
        let bad = |diags: &mut Diagnostics| {
            diags.error(&self.file.path, pos_of(node), format!("`{key}` must be two numbers, written [a, b]"));
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
            diags.error(&file.path, pos_of(node), format!("{what} must be a single value, not a list or mapping"));
            None
        }
    }
}
