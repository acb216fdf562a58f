//! Card headers: each card's name, parameters, answer, Data Structures and
//! Shared Variables, read before any steps so that cards may name each other
//! in any order.

use super::LoadScratch;
use crate::code::Code;
use crate::game::{
    Component, EventDef, FieldDef, Function, Game, Handler, HandlerMode, Key, Param, SharedDef, StructDef,
};
use crate::ids::{CompId, EventId, FuncId, StructId};
use crate::program::Returns;
use crate::source::diag::{Diagnostics, Pos};
use crate::source::values::typed_value;
use crate::source::yaml::{self, scalar, Fields, YamlFile};
use crate::value::Type;

use marked_yaml::Node;

/// The cards of a folder after their headers are read, before their steps are.
pub struct CardShells<'f> {
    pub(super) cards: Vec<Shell<'f>>,
}

pub(super) enum Shell<'f> {
    Function { id: FuncId, file: &'f YamlFile, steps: Option<&'f Node> },
    Component { id: CompId, file: &'f YamlFile, events: Vec<(EventId, Option<&'f Node>, Pos)> },
}

impl<'f> CardShells<'f> {
    /// Reads each card's name, parameters, answer, structures, Shared
    /// Variables and Events, so that cards can name each other in any order.
    pub fn read(game: &mut Game, files: &'f [YamlFile], scratch: &LoadScratch, d: &mut Diagnostics) -> CardShells<'f> {
        let mut cards = Vec::new();
        for file in files {
            let Some(f) = Fields::of(file, &file.root, "a logic card", d) else { continue };
            if f.get("function").is_some() {
                if let Some(shell) = read_function(game, file, &f, d) {
                    cards.push(shell);
                }
            } else if f.get("component").is_some() {
                if let Some(shell) = read_component(game, file, &f, scratch, d) {
                    cards.push(shell);
                }
            } else {
                d.error(&file.path, f.pos, "a logic card starts with `function: NAME` or `component: NAME`");
            }
        }
        CardShells { cards }
    }
}

pub(super) fn read_function<'f>(
    game: &mut Game,
    file: &'f YamlFile,
    f: &Fields<'f>,
    d: &mut Diagnostics,
) -> Option<Shell<'f>> {
    f.only(&["function", "book", "description", "parameters", "returns", "steps"], "a Function card", d);
    let (name, pos) = f.text("function", "a Function card", d)?;
    let name = name.as_str().to_string();
    if game.names.functions.contains_key(&name) {
        d.error(&file.path, pos, format!("a second Function named `{name}`"));
        return None;
    }
    let mut params = Vec::new();
    if let Some(map) = f.get("parameters").and_then(|n| Fields::of(file, n, "`parameters`", d)) {
        for (key, node) in map.map.iter() {
            let Some((ty, value)) = typed_value(file, node, &mut game.syms, d) else { continue };
            let fields = node.as_mapping();
            let default = fields.and_then(|m| m.get_node("default")).map(|_| value);
            let requires = match fields.and_then(|m| m.get_scalar("requires")) {
                None => None,
                Some(s) => match game.names.structs.get(s.as_str()) {
                    Some(&id) => Some(id),
                    None => {
                        d.error(&file.path, yaml::scalar_pos(s), format!("unknown Data Structure `{}`", s.as_str()));
                        None
                    }
                },
            };
            params.push(Param { name: key.as_str().to_string(), ty, default, requires });
        }
    }
    let returns = match f.opt_text("returns", d) {
        None => Returns::Nothing,
        Some((r, pos)) => match (Type::parse(r.as_str()), game.names.structs.get(r.as_str())) {
            (Some(ty), _) => Returns::Value(ty),
            (None, Some(&s)) => Returns::Struct(s),
            (None, None) => {
                d.error(&file.path, pos, format!("unknown answer type `{}`; expected Number, Text, Boolean, Color, Object or a Data Structure's name", r.as_str()));
                Returns::Nothing
            }
        },
    };
    let id = FuncId(game.functions.len() as u16);
    game.names.functions.insert(name.clone(), id);
    game.functions.push(Function { name, file: file.path.clone(), params, returns, code: Code::default() });
    Some(Shell::Function { id, file, steps: f.get("steps") })
}

pub(super) fn read_component<'f>(
    game: &mut Game,
    file: &'f YamlFile,
    f: &Fields<'f>,
    scratch: &LoadScratch,
    d: &mut Diagnostics,
) -> Option<Shell<'f>> {
    f.only(
        &["component", "book", "description", "structures", "shared variables", "instance variables", "events"],
        "a Logic Component card",
        d,
    );
    let (name, pos) = f.text("component", "a Logic Component card", d)?;
    let name = name.as_str().to_string();
    if game.names.components.contains_key(&name) {
        d.error(&file.path, pos, format!("a second Logic Component named `{name}`"));
        return None;
    }
    let mut structs = Vec::new();
    if let Some(list) = f.get("structures").and_then(|n| n.as_sequence()) {
        for node in list.iter() {
            let Some((s, pos)) = scalar(file, node, "a Data Structure's name", d) else { continue };
            match game.names.structs.get(s.as_str()) {
                Some(&id) => structs.push(id),
                None => d.error(&file.path, pos, format!("unknown Data Structure `{}`", s.as_str())),
            }
        }
    }
    let mut shared = Vec::new();
    if let Some(map) = f.get("shared variables").and_then(|n| Fields::of(file, n, "`shared variables`", d)) {
        for (key, node) in map.map.iter() {
            let Some((ty, _)) = typed_value(file, &strip_value(node), &mut game.syms, d) else { continue };
            let value = match node.as_mapping().and_then(|m| m.get_scalar("value")) {
                Some(v) => crate::source::values::shared_value(
                    &mut game.syms,
                    ty,
                    v.as_str(),
                    file,
                    yaml::text_start(file, v),
                    d,
                ),
                None => ty.zero(),
            };
            shared.push(SharedDef { name: key.as_str().to_string(), ty, value });
        }
    }
    let instance = instance_variables(game, file, f, &name, d);
    let mut events = Vec::new();
    let mut handlers = Vec::new();
    match f.get("events").and_then(|n| n.as_sequence()) {
        Some(list) => {
            for node in list.iter() {
                let Some(ev) = Fields::of(file, node, "an Event", d) else { continue };
                ev.only(&["when", "key", "mode", "steps"], "an Event", d);
                let Some((when, pos)) = ev.text("when", "an Event", d) else { continue };
                let event = game.names.events.get(when.as_str()).copied().or_else(|| timer_event(game, when.as_str()));
                match event {
                    Some(e) => {
                        let mode = ev.opt_text("mode", d).and_then(|(m, at)| {
                            let name = m.as_str().trim();
                            let taken = handlers.iter().any(|h: &Handler| {
                                h.event == e && h.mode.is_some_and(|hm| game.syms.text(hm.name) == name)
                            });
                            if name.is_empty() || taken {
                                let why = if taken { "a second Event Logic variant" } else { "an empty Event Logic variant name" };
                                d.error(&file.path, at, format!("{why} `{name}` of `{}` in this card", when.as_str()));
                                return None;
                            }
                            let first = !handlers.iter().any(|h| h.event == e && h.mode.is_some());
                            Some(HandlerMode { name: game.syms.intern(name), first })
                        });
                        let key = ev.opt_text("key", d);
                        let key = key.and_then(|(k, at)| command_key(game, &file.path, e, k.as_str(), at, d));
                        events.push((e, ev.get("steps"), pos));
                        handlers.push(Handler { event: e, key, code: Code::default(), mode });
                    }
                    // With no game.yaml, every Custom Event is unknown: reported there, once.
                    None if scratch.broken_game_file => {}
                    None => d.error(&file.path, pos, format!(
                        "unknown Event `{}`; expected Created, Mouse Pressed, `timer NAME`, a Custom Event declared in game.yaml's `events:`, or a Command of its `inputs:`",
                        when.as_str()
                    )),
                }
            }
        }
        None => {
            d.error(&file.path, f.pos, "a Logic Component needs `events:`, a list of `- when: EVENT` with their steps")
        }
    }
    let id = CompId(game.components.len() as u16);
    game.names.components.insert(name.clone(), id);
    game.components.push(Component { name, file: file.path.clone(), structs, shared, handlers, instance });
    Some(Shell::Component { id, file, events })
}

/// `instance variables: { line: { type: Number, default: 0 } }`: a value
/// for each Object that carries the component, given by its placement in
/// the scene (`fields: { line: 3 }`) and read as `self.line`. They are the
/// fields of a Data Structure of their own, named after the component
/// (`Show Recorded Move instance variables`), which every object type that
/// carries the component carries too: saved and loaded as any other.
fn instance_variables(
    game: &mut Game,
    file: &YamlFile,
    f: &Fields,
    comp: &str,
    d: &mut Diagnostics,
) -> Option<StructId> {
    let map = f.get("instance variables").and_then(|n| Fields::of(file, n, "`instance variables`", d))?;
    let mut fields = Vec::new();
    for (key, node) in map.map.iter() {
        let Some((ty, default)) = typed_value(file, node, &mut game.syms, d) else { continue };
        let pos = yaml::scalar_pos(key);
        if matches!(ty, Type::Object | Type::ObjectType) {
            d.error(
                &file.path,
                pos,
                format!("the instance variable `{}` cannot hold an Object: the scene gives its value", key.as_str()),
            );
            continue;
        }
        if matches!(key.as_str(), "name" | "transform" | "text") || game.names.slots.contains_key(key.as_str()) {
            d.error(
                &file.path,
                pos,
                format!(
                    "`self.{}` already means something else; give the instance variable another name",
                    key.as_str()
                ),
            );
            continue;
        }
        fields.push(FieldDef { name: key.as_str().to_string(), ty, default, is_object_name: false });
    }
    let name = format!("{comp} instance variables");
    if game.names.structs.contains_key(&name) {
        return None;
    }
    let id = StructId(game.structs.len() as u16);
    game.names.structs.insert(name.clone(), id);
    game.structs.push(StructDef { name, slot: String::new(), fields });
    Some(id)
}

/// `key: K` beside `when: COMMAND`: the handler hears only that one of the
/// Command's keys, which an Input Context of game.yaml binds to it.
fn command_key(game: &Game, path: &std::path::Path, e: EventId, k: &str, pos: Pos, d: &mut Diagnostics) -> Option<Key> {
    let name = &game.events[e.index()].name;
    let mut keys: Vec<Key> = Vec::new();
    for c in &game.inputs {
        for &(key, ev) in &c.bindings {
            if ev == e && !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    if keys.is_empty() {
        d.error(path, pos, format!("`key:` belongs to a Command of game.yaml's `inputs:`; `{name}` is none"));
        return None;
    }
    let key = Key::parse(k);
    match key.filter(|key| keys.contains(key)) {
        Some(key) => Some(key),
        None => {
            let bound: Vec<String> = keys.iter().map(|k| k.name()).collect();
            let what = if key.is_some() { "is not a key of" } else { "is no key of" };
            d.error(path, pos, format!("`{k}` {what} the Command `{name}`; its keys: {}", bound.join(", ")));
            None
        }
    }
}

/// `when: timer NAME`: the Event a timer NAME rings, made when a card first
/// listens to it (`timer` and the name, one space between).
fn timer_event(game: &mut Game, when: &str) -> Option<EventId> {
    let name = when.strip_prefix("timer ")?.trim();
    if name.is_empty() || name.contains(['"', '\'']) {
        return None;
    }
    let full = format!("timer {name}");
    if let Some(&e) = game.names.events.get(&full) {
        return Some(e);
    }
    let e = EventId(game.events.len() as u16);
    game.events.push(EventDef { name: full.clone() });
    game.names.events.insert(full, e);
    Some(e)
}

/// A Shared Variable's declaration without its value (an Object one names a type, read later).
pub(super) fn strip_value(node: &Node) -> Node {
    let mut node = node.clone();
    if let Some(map) = node.as_mapping_mut() {
        map.retain(|k, _| k.as_str() != "value");
    }
    node
}
