//! game.yaml's `play:`: read with game.yaml, resolved once the cards'
//! signatures and the scene are known, each mistake at its place.

use crate::game::{Game, PlayArg, PlayCall, PlayRules, SideRule};
use crate::program::Returns;
use crate::source::diag::{Diagnostics, Pos};
use crate::source::suggest::did_you_mean;
use crate::source::yaml::Fields;
use crate::value::Type;

/// `play:` as written: each key's text and place.
#[derive(Default)]
pub(super) struct PlayWritten {
    keys: Vec<(&'static str, String, Pos)>,
    /// The game.yaml `play:` came from (a base's, in a game made over another).
    file: std::path::PathBuf,
}

impl PlayWritten {
    fn get(&self, key: &str) -> Option<(&str, Pos)> {
        self.keys.iter().find(|(k, _, _)| *k == key).map(|(_, v, p)| (v.as_str(), *p))
    }
}

/// Reads `play:`'s keys; the names are resolved later ([`resolve`]).
/// `at` is where `play:` is written, where a key it lacks is told.
pub(super) fn read(f: &Fields, at: Pos, d: &mut Diagnostics) -> PlayWritten {
    f.only(&PlayRules::KEYS, "`play`", d);
    let file = f.map.keys().next().map_or(f.file.path.clone(), |k| f.file.path_of_key(k).to_path_buf());
    let mut written = PlayWritten { keys: Vec::new(), file };
    for key in PlayRules::KEYS {
        let needed = match key {
            "moves" => "the Function that lists the legal moves",
            "table" => "the table it lists them in",
            "move" => "the Function that makes a move by its name",
            "side" => "the Function or Global that names the Side to move",
            _ => "",
        };
        if f.get(key).is_none() && !needed.is_empty() {
            d.error(&written.file, at, format!("`play` needs a `{key}:` field: {needed}"));
        }
        if let Some((node, pos)) = f.opt_text(key, d) {
            written.keys.push((key, node.as_str().trim().to_string(), pos));
        }
    }
    written
}

/// `play:` resolved against the game: every name found, every Function's
/// parameters and answer fit for what play gives and reads; None (each
/// mistake told) when any is not.
pub(super) fn resolve(game: &mut Game, written: &PlayWritten, d: &mut Diagnostics) -> Option<PlayRules> {
    let rel = written.file.as_path();
    let mut ok = true;
    let object = match written.get("object") {
        None => None,
        Some((name, pos)) => {
            let found = game.scene.iter().position(|p| game.syms.text(p.name) == name);
            if found.is_none() {
                let known = game.scene.iter().map(|p| game.syms.text(p.name));
                let hint = did_you_mean(name, known);
                d.error(rel, pos, format!("`play: object` names no Object of the scene: `{name}`{hint}"));
                ok = false;
            }
            found.map(|i| i as u32)
        }
    };
    let call = |key: &str, answer: Option<Type>, takes_move: bool, d: &mut Diagnostics| -> Option<PlayCall> {
        let (name, pos) = written.get(key)?;
        let Some(&function) = game.names.functions.get(name) else {
            let hint = did_you_mean(name, game.functions.iter().map(|f| f.name.as_str()));
            d.error(rel, pos, format!("`play: {key}` names no Function: `{name}`{hint}"));
            return None;
        };
        let f = &game.functions[function.index()];
        let mut args = Vec::new();
        let mut fits = true;
        for p in &f.params {
            let arg = match p.ty {
                Type::Object => PlayArg::Object,
                Type::Text if takes_move && !args.contains(&PlayArg::Move) => PlayArg::Move,
                _ => {
                    let given = if takes_move {
                        "the Object `play: object` names, and the move's name (a Text)"
                    } else {
                        "the Object `play: object` names"
                    };
                    let why = format!("its parameter `{}` is a {}; play gives only {given}", p.name, p.ty.name());
                    d.error(
                        rel,
                        pos,
                        format!("`play: {key}` names the Function `{name}`, which play cannot call: {why}"),
                    );
                    fits = false;
                    continue;
                }
            };
            if arg == PlayArg::Object {
                match object {
                    None if written.get("object").is_some() => fits = false,
                    None => {
                        let why = format!(
                            "its parameter `{}` is an Object: name the scene's Object it is given with `play: object`",
                            p.name
                        );
                        d.error(rel, pos, format!("`play: {key}` names the Function `{name}`, and {why}"));
                        fits = false;
                    }
                    Some(o) => {
                        let ty = game.scene[o as usize].ty;
                        let carries = |s: crate::ids::StructId| {
                            game.types[ty.0 as usize].struct_offset.get(s.index()).copied().flatten().is_some()
                        };
                        if let Some(s) = p.requires.filter(|&s| !carries(s)) {
                            let why = format!(
                                "its parameter `{}` requires {}, which the Object `play: object` names does not carry",
                                p.name,
                                game.structs[s.index()].name
                            );
                            d.error(rel, pos, format!("`play: {key}` names the Function `{name}`, and {why}"));
                            fits = false;
                        }
                    }
                }
            }
            args.push(arg);
        }
        if takes_move && !args.contains(&PlayArg::Move) {
            d.error(
                rel,
                pos,
                format!("`play: {key}` names the Function `{name}`, which has no Text parameter for the move's name"),
            );
            fits = false;
        }
        if let Some(ty) = answer {
            if f.returns != Returns::Value(ty) {
                d.error(
                    rel,
                    pos,
                    format!("`play: {key}` names the Function `{name}`, which must answer a {}", ty.name()),
                );
                fits = false;
            }
        }
        fits.then_some(PlayCall { function, args })
    };
    let moves = call("moves", None, false, d);
    let play = call("move", None, true, d);
    let evaluate = call("evaluate", Some(Type::Number), false, d);
    let side = match written.get("side") {
        Some((name, pos)) if name.starts_with('$') => {
            let g = &name[1..];
            match game.names.globals.get(g) {
                Some(&id) if game.globals[id.index()].ty == Type::Text => Some(SideRule::Global(id)),
                Some(_) => {
                    d.error(
                        rel,
                        pos,
                        format!("`play: side` names the Global `{g}`, which is no Text: the Side to move is a Text"),
                    );
                    None
                }
                None => {
                    let hint = did_you_mean(g, game.globals.iter().map(|g| g.name.as_str()));
                    d.error(rel, pos, format!("`play: side` names no Global: `{g}`{hint}"));
                    None
                }
            }
        }
        Some(_) => call("side", Some(Type::Text), false, d).map(SideRule::Function),
        None => None,
    };
    let evaluate_bad = written.get("evaluate").is_some() && evaluate.is_none();
    let table = match written.get("table") {
        Some((name, pos)) => match game.names.tables.get(name) {
            Some(&t) => Some(t),
            None => {
                let hint = did_you_mean(name, game.tables.iter().map(|t| t.name.as_str()));
                d.error(rel, pos, format!("`play: table` names no table: `{name}`{hint}"));
                None
            }
        },
        None => None,
    };
    let first = written.get("first").map(|(name, _)| game.syms.intern(name));
    let computer = match written.get("computer") {
        None => None,
        Some((name, pos)) => {
            let found = game.names.components.get(name).copied();
            if found.is_none() {
                let hint = did_you_mean(name, game.names.components.keys().map(|k| k.as_str()));
                d.error(rel, pos, format!("`play: computer` names no Logic Component: `{name}`{hint}"));
                ok = false;
            }
            found
        }
    };
    match (moves, table, play, side) {
        (Some(moves), Some(table), Some(play), Some(side)) if ok && !evaluate_bad => {
            Some(PlayRules { object, moves, table, play, side, evaluate, first, computer })
        }
        _ => None,
    }
}
