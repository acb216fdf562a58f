//! game.yaml: the game's name, screen, fonts, Globals, Custom Events, Game
//! States, UI Groups, the code libraries it uses, its result and how it is
//! played (`play:`, resolved later by `play.rs`).

use super::objects::{bool_field, names_list};
use crate::compile::LoadScratch;
use crate::game::{
    EventDef, Game, GlobalDef, GroupKind, InputContext, Key, Limits, ResultGlobals, MAX_COMMANDS_PER_KEY,
    REDUCED_MOTION,
};
use crate::ids::{ContextId, EventId, GlobalId, GroupId};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::files::Files;
use crate::source::values::{color_or_report, typed_value};
use crate::source::yaml::{self, Fields, YamlFile};
use crate::value::{Type, Value};
use marked_yaml::Node;
use std::path::{Path, PathBuf};

/// The maps of game.yaml whose entries a game made over another
/// (`extends:`) adds or replaces by name; any other key replaces the base's.
pub(super) const MERGED_BY_ENTRY: [&str; 7] = ["screen", "fonts", "globals", "events", "groups", "inputs", "limits"];

/// game.yaml, or in a folder made over others, each layer's read over its
/// base's (top-level keys replace; the entries of [`MERGED_BY_ENTRY`] add or
/// replace by name), every node keeping the file it came from
/// (`YamlFile::path_of`).
fn read_game_yaml(files: &Files, d: &mut Diagnostics) -> Option<YamlFile> {
    let rel = Path::new("game.yaml");
    let Files::Layered(layers) = files else { return yaml::load(files, rel, d) };
    let mut parts = Vec::new();
    let mut roots = Vec::new();
    for (i, layer) in layers.iter().enumerate() {
        let path = Path::new(&layer.prefix).join(rel);
        let text = match layer.files.read_text(rel) {
            Ok(t) => t,
            Err(e) => {
                d.error(&path, Pos::default(), format!("cannot read the file: {e}"));
                return None;
            }
        };
        let file = yaml::parse_as(i, &path, text.clone(), d)?;
        roots.push(file.root);
        parts.push((path, text));
    }
    let mut merged = roots.pop()?;
    while let Some(upper) = roots.pop() {
        merged = merge_over(merged, upper);
    }
    let (path, text) = parts.first().cloned()?;
    Some(YamlFile { path, text, root: merged, layers: parts })
}

/// `upper`'s top-level keys over `base`'s.
fn merge_over(base: Node, upper: Node) -> Node {
    let (mut base, upper) = match (base, upper) {
        (Node::Mapping(base), Node::Mapping(upper)) => (base, upper),
        (_, upper) => return upper,
    };
    for (key, value) in upper.iter() {
        let by_entry = MERGED_BY_ENTRY.contains(&key.as_str());
        match (base.remove(key), value) {
            (Some(Node::Mapping(mut under)), Node::Mapping(over)) if by_entry => {
                for (k, v) in over.iter() {
                    under.remove(k);
                    under.insert(k.clone(), v.clone());
                }
                base.insert(key.clone(), Node::Mapping(under));
            }
            _ => {
                base.insert(key.clone(), value.clone());
            }
        }
    }
    Node::Mapping(base)
}

/// Reads game.yaml; false when it could not be read at all (already reported).
pub(super) fn load_game_file(
    game: &mut Game,
    scratch: &mut LoadScratch,
    play: &mut Option<super::play::PlayWritten>,
    d: &mut Diagnostics,
) -> bool {
    let Some(file) = read_game_yaml(&game.files, d) else { return false };
    let Some(f) = Fields::of(&file, &file.root, "the game", d) else { return false };
    f.only(
        &[
            "extends",
            "game",
            "description",
            "screen",
            "pixelsPerMeter",
            "background",
            "fonts",
            "globals",
            "events",
            "states",
            "groups",
            "libraries",
            "inputs",
            "limits",
            "result",
            "play",
        ],
        "game.yaml",
        d,
    );
    if let Some(states) = f.get("states") {
        let rel = file.path_of(states);
        for (name, pos) in names_list(&file, states, d) {
            if game.states.contains(&name) {
                d.error(rel, pos, format!("the Game State `{name}` is listed twice"));
            } else {
                game.states.push(name);
            }
        }
    }
    if let Some(groups) = f.get("groups").and_then(|n| Fields::of(&file, n, "`groups`", d)) {
        read_groups(game, &file, &groups, d);
    }
    if let Some(libraries) = f.get("libraries") {
        let rel = file.path_of(libraries);
        for (name, pos) in names_list(&file, libraries, d) {
            if game.libraries.contains(&name) {
                d.error(rel, pos, format!("the library `{name}` is listed twice"));
            } else if crate::library::find(&name).is_none() {
                d.error(
                    rel,
                    pos,
                    format!("unknown library `{name}`; the libraries the engine knows: {}", crate::library::known()),
                );
            } else if let Some(library) = crate::library::find(&name) {
                game.libraries.push(name);
                scratch.library_places.push((rel.to_path_buf(), pos));
                scratch.library_functions.push(library.functions());
                scratch.library_events.push(library.events());
            }
        }
    }
    if let Some((name, _)) = f.text("game", "game.yaml", d) {
        game.name = name.as_str().to_string();
    }
    if let Some(screen) = f.get("screen").and_then(|n| Fields::of(&file, n, "`screen`", d)) {
        screen.only(&["width", "height", "minScale"], "`screen`", d);
        let w = screen.number("width", d).unwrap_or(960.0);
        let h = screen.number("height", d).unwrap_or(1100.0);
        game.screen = (w as f32, h as f32);
        if let Some(least) = screen.number("minScale", d) {
            if least > 0.0 && least <= 4.0 {
                game.min_scale = Some(least as f32);
            } else if let Some((node, pos)) = screen.opt_text("minScale", d) {
                let path = file.path_of_key(node);
                d.error(path, pos, format!("`minScale` must be more than 0 and at most 4, found `{}`", node.as_str()));
            }
        }
    }
    if let Some(ppm) = f.number("pixelsPerMeter", d) {
        game.pixels_per_meter = ppm as f32;
    }
    if let Some((bg, pos)) = f.opt_text("background", d) {
        game.background = color_or_report(&file, bg, pos, d);
    }
    if let Some(fonts) = f.get("fonts").and_then(|n| Fields::of(&file, n, "`fonts`", d)) {
        fonts.only(&["regular", "bold"], "`fonts`", d);
        for (key, slot) in [("regular", &mut game.fonts.regular), ("bold", &mut game.fonts.bold)] {
            if let Some((path, pos)) = fonts.opt_text(key, d) {
                let p = PathBuf::from(path.as_str());
                if !game.files.is_file(&p) {
                    d.error(file.path_of_key(path), pos, format!("the font file `{}` does not exist", p.display()));
                }
                *slot = Some(p);
            }
        }
    }
    if let Some(globals) = f.get("globals").and_then(|n| Fields::of(&file, n, "`globals`", d)) {
        for (key, node) in globals.map.iter() {
            let Some((ty, value)) = typed_value(&file, node, &mut game.syms, d) else { continue };
            if key.as_str() == REDUCED_MOTION && (ty != Type::Boolean || value != Value::Bool(false)) {
                let why = "is the engine's: a Boolean, false unless the system asks for less motion";
                d.error(file.path_of_key(key), yaml::scalar_pos(key), format!("the Global `{REDUCED_MOTION}` {why}"));
                continue;
            }
            let id = GlobalId(game.globals.len() as u16);
            game.names.globals.insert(key.as_str().to_string(), id);
            game.globals.push(GlobalDef { name: key.as_str().to_string(), ty, value });
        }
    }
    // The Global the system sets, there whether game.yaml declares it or not.
    if !game.names.globals.contains_key(REDUCED_MOTION) {
        game.names.globals.insert(REDUCED_MOTION.to_string(), GlobalId(game.globals.len() as u16));
        game.globals.push(GlobalDef { name: REDUCED_MOTION.into(), ty: Type::Boolean, value: Value::Bool(false) });
    }
    if let Some(events) = f.get("events").and_then(|n| Fields::of(&file, n, "`events`", d)) {
        for (key, _) in events.map.iter() {
            let name = key.as_str().to_string();
            if game.names.events.contains_key(&name) {
                d.error(
                    file.path_of_key(key),
                    yaml::scalar_pos(key),
                    format!("the event `{name}` is declared twice, or is a built-in Event"),
                );
                continue;
            }
            let id = EventId(game.events.len() as u16);
            game.names.events.insert(name.clone(), id);
            game.events.push(EventDef { name });
        }
    }
    if let Some(inputs) = f.get("inputs").and_then(|n| Fields::of(&file, n, "`inputs`", d)) {
        read_inputs(game, &file, &inputs, d);
    }
    if let Some(limits) = f.get("limits").and_then(|n| Fields::of(&file, n, "`limits`", d)) {
        read_limits(&mut game.limits, &limits, d);
    }
    if let Some(result) = f.get("result").and_then(|n| Fields::of(&file, n, "`result`", d)) {
        game.result = read_result(game, &result, d);
    }
    if let Some(p) = f.get("play").and_then(|n| Fields::of(&file, n, "`play`", d)) {
        let at = f.map.keys().find(|k| k.as_str() == "play").map_or(p.pos, yaml::scalar_pos);
        *play = Some(super::play::read(&p, at, d));
    }
    true
}

/// game.yaml's `result: { result: G, reason: H }`: the two Text Globals the
/// cards write the result (`1-0`, `0-1`, `1/2-1/2`, `*`) and its reason to.
fn read_result(game: &Game, f: &Fields, d: &mut Diagnostics) -> Option<ResultGlobals> {
    f.only(&["result", "reason"], "`result`", d);
    // `result:` is replaced whole by a game made over another: its file is
    // the one its first entry came from.
    let path = f.map.keys().next().map_or(f.file.path.clone(), |k| f.file.path_of_key(k).to_path_buf());
    let mut global = |key: &str| -> Option<GlobalId> {
        let (name, pos) = f.text(key, "`result`", d)?;
        let Some(&id) = game.names.globals.get(name.as_str()) else {
            let known = game.globals.iter().map(|g| g.name.as_str());
            let hint = crate::source::suggest::did_you_mean(name.as_str(), known);
            d.error(
                f.file.path_of_key(name),
                pos,
                format!("`result: {key}` names no Global: `{}`{hint}", name.as_str()),
            );
            return None;
        };
        let def = &game.globals[id.0 as usize];
        if def.ty != Type::Text {
            let why = format!("is a {}; the {key} is written as a Text", def.ty.name());
            d.error(
                f.file.path_of_key(name),
                pos,
                format!("`result: {key}` names the Global `{}`, which {why}", def.name),
            );
            return None;
        }
        Some(id)
    };
    let result = global("result");
    let reason = global("reason");
    match (result, reason) {
        (Some(result), Some(reason)) if result == reason => {
            d.error(&path, f.pos, "`result` and `reason` must name two Globals, not the same one");
            None
        }
        (Some(result), Some(reason)) => Some(ResultGlobals { result, reason }),
        _ => None,
    }
}

/// game.yaml's `limits:`: how far the cards may go, each a whole number
/// from 1 to its default (`Limits::DEFAULT`: a game may set less, not
/// more); a bound left out keeps its default.
fn read_limits(limits: &mut Limits, f: &Fields, d: &mut Diagnostics) {
    const KEYS: [&str; 6] = ["steps", "depth", "text", "texts", "cells", "objects"];
    f.only(&KEYS, "`limits`", d);
    let most = Limits::DEFAULT;
    for key in KEYS {
        let Some((node, pos)) = f.opt_text(key, d) else { continue };
        let most = match key {
            "steps" => most.steps,
            "depth" => u64::from(most.depth),
            "text" => most.text as u64,
            "texts" => most.texts as u64,
            "cells" => most.cells as u64,
            _ => most.objects as u64,
        };
        let written = node.as_str().trim();
        let n = match written.parse::<u64>() {
            Ok(n) if (1..=most).contains(&n) => n,
            _ => {
                let why = format!("`limits: {key}` must be a whole number from 1 to {most}, found `{written}`");
                d.error(f.file.path_of_key(node), pos, why);
                continue;
            }
        };
        match key {
            "steps" => limits.steps = n,
            "depth" => limits.depth = n as u32,
            "text" => limits.text = n as usize,
            "texts" => limits.texts = n as usize,
            "cells" => limits.cells = n as usize,
            _ => limits.objects = n as usize,
        }
    }
}

/// game.yaml's `inputs:`: each Input Context, its Commands and their keys.
/// Each Command is an Event of its own name (a Command may be in several
/// contexts); the context named Default is on when a game starts.
fn read_inputs(game: &mut Game, file: &yaml::YamlFile, inputs: &Fields, d: &mut Diagnostics) {
    let mut commands: Vec<EventId> = Vec::new();
    let mut takes = Vec::new();
    for (key, node) in inputs.map.iter() {
        let rel = file.path_of_key(key);
        let name = key.as_str().to_string();
        let id = ContextId(game.inputs.len() as u16);
        if game.names.contexts.insert(name.clone(), id).is_some() {
            d.error(rel, yaml::scalar_pos(key), format!("the Input Context `{name}` is declared twice"));
            continue;
        }
        let mut bindings = Vec::new();
        let (mut presses, mut press_at) = (Vec::new(), Vec::new());
        if let Some(c) = Fields::of(file, node, "an Input Context (its Commands, each with its keys)", d) {
            for (command, keys) in c.map.iter() {
                let cname = command.as_str().to_string();
                let cpos = yaml::scalar_pos(command);
                // `takes keys from: [CONTEXT, ...]`: resolved once every context is read.
                if cname == "takes keys from" {
                    takes.push((id, rel.to_path_buf(), names_list(file, keys, d)));
                    continue;
                }
                // `press NAME: [KEY]`: the key presses the button NAME (checked once the scene is read).
                if let Some(button) = cname.strip_prefix("press ").map(str::trim) {
                    let keys = names_list(file, keys, d);
                    if keys.is_empty() {
                        d.error(rel, cpos, format!("`{cname}` has no key; list them, as `[N]`"));
                    }
                    for (k, pos) in keys {
                        match Key::parse(&k) {
                            None => d.error(rel, pos, format!("unknown key `{k}`; expected {}", Key::known())),
                            Some(key) if presses.iter().any(|(b, n): &(Key, String)| *b == key && n == button) => {
                                d.error(rel, pos, format!("the key `{}` presses `{button}` twice", key.name()))
                            }
                            Some(key) => {
                                presses.push((key, button.to_string()));
                                press_at.push((rel.to_path_buf(), cpos));
                            }
                        }
                    }
                    continue;
                }
                let event = match game.names.events.get(&cname) {
                    Some(&e) if commands.contains(&e) => e,
                    Some(_) => {
                        d.error(rel, cpos, format!("the Command `{cname}` has the name of an Event; give it another"));
                        continue;
                    }
                    None => {
                        let e = EventId(game.events.len() as u16);
                        game.names.events.insert(cname.clone(), e);
                        game.events.push(EventDef { name: cname.clone() });
                        commands.push(e);
                        e
                    }
                };
                let keys = names_list(file, keys, d);
                if keys.is_empty() {
                    d.error(rel, cpos, format!("the Command `{cname}` has no key; list them, as `[Left, Right]`"));
                }
                for (k, pos) in keys {
                    match Key::parse(&k) {
                        None => d.error(rel, pos, format!("unknown key `{k}`; expected {}", Key::known())),
                        Some(key) if bindings.iter().any(|&(b, _)| b == key) => d.error(
                            rel,
                            pos,
                            format!("the key `{}` is bound twice in the Input Context `{name}`", key.name()),
                        ),
                        Some(key) => bindings.push((key, event)),
                    }
                }
            }
        }
        game.inputs.push(InputContext {
            on_at_start: name == "Default",
            name,
            bindings,
            presses,
            press_at,
            takes_from: Vec::new(),
        });
    }
    for (id, rel, names) in takes {
        for (other, pos) in names {
            match game.names.contexts.get(&other) {
                Some(&o) if o != id => game.inputs[id.0 as usize].takes_from.push(o),
                Some(_) => d.error(&rel, pos, format!("the Input Context `{other}` cannot take keys from itself")),
                None => {
                    let known: Vec<&str> = game.inputs.iter().map(|c| c.name.as_str()).collect();
                    d.error(
                        &rel,
                        pos,
                        format!(
                            "`takes keys from` names no Input Context `{other}`; the contexts: {}",
                            known.join(", ")
                        ),
                    )
                }
            }
        }
    }
    // A key sends at most one Command of each context, and a few at most.
    for (key, _) in inputs.map.iter() {
        let Some(&ContextId(i)) = game.names.contexts.get(key.as_str()) else { continue };
        let (earlier, context) = (&game.inputs[..i as usize], &game.inputs[i as usize]);
        let over = context.bindings.iter().map(|&(k, _)| k).find(|&k| {
            earlier.iter().filter(|c| c.bindings.iter().any(|&(b, _)| b == k)).count() >= MAX_COMMANDS_PER_KEY
        });
        if let Some(k) = over {
            let (k, n) = (k.name(), MAX_COMMANDS_PER_KEY);
            d.error(
                file.path_of_key(key),
                yaml::scalar_pos(key),
                format!("the key `{k}` is bound in more than {n} Input Contexts"),
            );
        }
    }
}

/// game.yaml's `groups:`: each UI Group, whether it is shown at the start, and
/// whether it is a menu (`menu: true`), an element of one (`in: MENU`), or
/// a choice (`choice: true`).
fn read_groups(game: &mut Game, file: &yaml::YamlFile, groups: &Fields, d: &mut Diagnostics) {
    let mut elements = Vec::new();
    for (key, node) in groups.map.iter() {
        let (mut visible, mut kind) = (true, GroupKind::Plain);
        if let Some(g) = Fields::of(file, node, "a UI Group", d) {
            g.only(&["visible", "description", "menu", "in", "choice"], "a UI Group", d);
            visible = bool_field(file, &g, "visible", d).unwrap_or(true);
            if bool_field(file, &g, "menu", d).unwrap_or(false) {
                kind = GroupKind::Menu;
            }
            if bool_field(file, &g, "choice", d).unwrap_or(false) {
                match (kind, g.get("in")) {
                    (GroupKind::Plain, None) => kind = GroupKind::Choice,
                    _ => d.error(
                        file.path_of(node),
                        g.pos,
                        "a choice is neither a menu nor an element of one (`choice: true` with `menu: true` or `in:`)",
                    ),
                }
            }
            if let Some((menu, pos)) = g.opt_text("in", d) {
                let rel = file.path_of_key(menu).to_path_buf();
                elements.push((game.groups.len(), menu.as_str().to_string(), rel, pos, kind == GroupKind::Menu));
            }
        }
        game.groups.push((key.as_str().to_string(), visible));
        game.group_kinds.push(kind);
    }
    // `in:` may name a menu written below it.
    for (i, menu, rel, pos, is_menu) in elements {
        let rel = rel.as_path();
        match game.groups.iter().position(|(n, _)| *n == menu) {
            _ if is_menu => d.error(rel, pos, "a menu cannot be an element of another menu (`menu: true` and `in:`)"),
            Some(m) if game.group_kinds[m] == GroupKind::Menu => {
                game.group_kinds[i] = GroupKind::Element(GroupId(m as u16));
            }
            Some(_) => d.error(
                rel,
                pos,
                format!("the UI Group `{menu}` is not a menu; an element is `in:` a group with `menu: true`"),
            ),
            None => d.error(rel, pos, format!("unknown UI Group `{menu}`; declare it in `groups:`")),
        }
    }
}
