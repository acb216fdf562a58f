//! game.yaml's `extends:`: a folder made over another game holds only the
//! files that differ. The chain of bases is followed here, before anything
//! else is read, to a [`Files::Layered`]: the folder first, then its base,
//! its base's base ... (at most [`MAX_BASES`]).
//!
//! `extends: ../../chess` names a folder, relative to the folder whose
//! game.yaml says it; `extends: chess` (a plain word, no `/`, not starting
//! with `.`) names a game built into the binary ([`files::builtin_game`]).

use crate::source::diag::{Diagnostics, Pos};
use crate::source::files::{self, Files, Layer};
use crate::source::yaml;
use std::path::{Path, PathBuf};

/// How many bases a chain of `extends:` may have.
pub const MAX_BASES: usize = 8;

/// The content `files` is, its bases followed: `files` itself when its
/// game.yaml extends nothing (or cannot be read: the load tells why), else
/// the layers. A base that cannot be found, a cycle, a chain too long or a
/// value that is not a name: a mistake at the `extends:` that says it.
pub(super) fn follow(files: Files, d: &mut Diagnostics) -> Files {
    let top = match files {
        Files::Layered(mut layers) if !layers.is_empty() => layers.swap_remove(0).files,
        other => other,
    };
    let mut layers = vec![Layer { files: top, prefix: String::new() }];
    let mut seen: Vec<PathBuf> = layers[0].files.folders().iter().filter_map(|p| p.canonicalize().ok()).collect();
    let mut seen_builtin: Vec<String> = Vec::new();
    while let Some(layer) = layers.last() {
        let Some((value, pos)) = extends_of(&layer.files) else { break };
        let here = Path::new(&layer.prefix).join("game.yaml");
        let mut mistake = |why: String| d.error(&here, pos, why);
        if layers.len() > MAX_BASES {
            mistake(format!("`extends:` goes more than {MAX_BASES} games deep; make a base of fewer steps"));
            break;
        }
        let value = value.trim().to_string();
        if value.is_empty() {
            mistake("`extends:` needs a game: a folder (`../../chess`) or a built-in game's name (`chess`)".into());
            break;
        }
        let is_path = value.contains('/') || value.contains('\\') || value.starts_with('.');
        let base = if is_path {
            let Files::Dir(root) = &layer.files else {
                mistake(format!("a built-in game extends only another built-in game, not the folder `{value}`"));
                break;
            };
            let dir = root.join(&value);
            if !dir.join("game.yaml").is_file() {
                let what = if dir.is_dir() { "a folder without a game.yaml" } else { "no folder" };
                mistake(format!("`extends: {value}` names no game: `{value}` (from this folder) is {what}"));
                break;
            }
            let real = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if seen.contains(&real) {
                mistake(format!("`extends: {value}` makes a cycle: it names a game already in the chain of bases"));
                break;
            }
            seen.push(real);
            let prefix = files::normalized(&Path::new(&layer.prefix).join(&value));
            Layer { files: Files::Dir(files::normalized(&dir)), prefix: format!("{}/", prefix.display()) }
        } else {
            let Some(game) = files::builtin_game(&value) else {
                let known = files::builtin_games();
                let hint = crate::source::suggest::did_you_mean(&value, known.iter().copied());
                let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                mistake(format!(
                    "`extends: {value}` names no built-in game{hint} (built in: {known}); a folder is written as a path, `../{value}`"
                ));
                break;
            };
            if seen_builtin.contains(&value) {
                mistake(format!("`extends: {value}` makes a cycle: it names a game already in the chain of bases"));
                break;
            }
            seen_builtin.push(value.clone());
            let label = game.display().to_string();
            Layer { files: game, prefix: format!("{label}/") }
        };
        layers.push(base);
    }
    if layers.len() == 1 {
        return layers.swap_remove(0).files;
    }
    Files::Layered(layers)
}

/// The `extends:` of the game.yaml of `files`, and where its value is; none
/// when the file cannot be read or says none (its other mistakes are the
/// game.yaml loader's to tell).
fn extends_of(files: &Files) -> Option<(String, Pos)> {
    let text = files.read_text(Path::new("game.yaml")).ok()?;
    let mut quiet = Diagnostics::default();
    let file = yaml::parse(Path::new("game.yaml"), text, &mut quiet)?;
    let node = file.root.as_mapping()?.get_node("extends")?;
    match node.as_scalar() {
        Some(s) => Some((s.as_str().to_string(), yaml::text_start(&file, s))),
        None => Some((String::new(), yaml::pos_of(node))),
    }
}
