//! A trace of what a command ran, for the driver's `trace [OPTIONS]
//! COMMAND` (JSON) and `cardtable trace [FOLDER] --script FILE` (indented
//! text): its options read, and a [`Trace`] the cards filled in
//! (`world/trace.rs`, `exec/trace.rs`) named, entry by entry.

use crate::game::{CardRef, Game};
use crate::json::Json;
use crate::program::Returns;
use crate::source::suggest::nearest;
use crate::value::{Shown, Value};
use crate::world::{Entry, Named, Read, Trace, TraceFilter, Traced, TracedCard, World};

/// How many entries a trace keeps unless `limit=N` says otherwise: a click
/// of the chess game runs a few thousand steps.
pub const DEFAULT_LIMIT: usize = 10_000;
/// The most entries a trace keeps (`limit=N`): each is some 80 bytes.
pub const MAX_LIMIT: usize = 1_000_000;

/// How many of the Objects that heard an Event the text names (the JSON names all).
const HEARD_SHOWN: usize = 8;

/// The options a trace takes before its command, as `help` and errors name them.
pub const OPTIONS: &str = "limit=N, card=NAME, table=NAME, depth=N (a name with spaces in double quotes: \
                           card=\"Drop Move If Unsafe\")";

/// Reads `[limit=N] [card=NAME] [table=NAME] [depth=N] COMMAND`: the
/// filter, and the command. Err names every option that is wrong.
pub fn parse<'l>(game: &Game, line: &'l str) -> Result<(TraceFilter, &'l str), String> {
    let mut filter = TraceFilter { limit: DEFAULT_LIMIT, card: None, table: None, depth: None };
    let mut rest = line.trim();
    let mut wrong = Vec::new();
    while let Some((key, after)) = rest.split_once('=') {
        if key.contains(char::is_whitespace) || !matches!(key, "limit" | "card" | "table" | "depth") {
            if !key.contains(char::is_whitespace) {
                wrong.push(format!("unknown option `{key}`; a trace takes {OPTIONS}"));
            }
            break;
        }
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => match quoted.split_once('"') {
                Some((value, next)) => (value, next),
                None => {
                    wrong.push(format!("`{key}=`: a closing `\"` is missing"));
                    (quoted, "")
                }
            },
            None => after.split_once(char::is_whitespace).unwrap_or((after, "")),
        };
        rest = next.trim_start();
        match key {
            "limit" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_LIMIT).contains(&n) => filter.limit = n,
                _ => wrong.push(format!("`limit` is 1 to {MAX_LIMIT} entries, found `{value}`")),
            },
            "depth" => match value.parse::<u16>() {
                Ok(n) => filter.depth = Some(n),
                _ => wrong.push(format!("`depth` is a whole number from 0, found `{value}`")),
            },
            "card" => match card_named(game, value) {
                Ok(card) => filter.card = Some(card),
                Err(why) => wrong.push(why),
            },
            _ => match game.names.tables.get(value) {
                Some(&t) => filter.table = Some(t),
                None => wrong.push(unknown("table", value, game.tables.iter().map(|t| t.name.as_str()))),
            },
        }
    }
    if rest.is_empty() && wrong.is_empty() {
        wrong.push(format!("usage: trace [{OPTIONS}] COMMAND (trace click e2)"));
    }
    if !wrong.is_empty() {
        return Err(wrong.join("; "));
    }
    Ok((filter, rest))
}

/// A Function or a Logic Component, by its name.
fn card_named(game: &Game, name: &str) -> Result<TracedCard, String> {
    if let Some(&f) = game.names.functions.get(name) {
        return Ok(TracedCard::Function(f));
    }
    if let Some(&c) = game.names.components.get(name) {
        return Ok(TracedCard::Component(c));
    }
    let cards = game.functions.iter().map(|f| f.name.as_str()).chain(game.components.iter().map(|c| c.name.as_str()));
    Err(unknown("Function or Logic Component", name, cards))
}

fn unknown<'a>(what: &str, name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    match nearest(name, known).as_slice() {
        [] => format!("no {what} is named `{name}`"),
        near => format!("no {what} is named `{name}` (did you mean `{}`?)", near.join("` or `")),
    }
}

/// A value as the driver's answers show it.
pub fn value_json(world: &World, v: Value) -> Json {
    match v {
        Value::None => Json::Null,
        Value::Num(n) => Json::Num(n),
        Value::Bool(b) => Json::Bool(b),
        Value::Text(s) => Json::Str(world.syms.text(s).into()),
        Value::Obj(id) => Json::obj(vec![(
            "object",
            Json::Str(world.objects.get(id.0 as usize).map_or(String::new(), |o| world.syms.text(o.name).into())),
        )]),
        other => Json::Str(Shown(other, &world.syms).to_string()),
    }
}

/// A value as the text of a trace shows it: a Text in double quotes, an
/// Object as NAME/TYPE.
pub fn value_text(world: &World, v: Value) -> String {
    match v {
        Value::None => "nothing".into(),
        Value::Text(s) => format!("{:?}", world.syms.text(s)),
        Value::Obj(id) => object_text(
            world,
            Named { id, name: world.objects.get(id.0 as usize).map_or(crate::value::EMPTY, |o| o.name) },
        ),
        other => Shown(other, &world.syms).to_string(),
    }
}

/// An Object as `NAME/TYPE`, as `get` takes it (`e2/Square`).
pub fn object_text(world: &World, o: Named) -> String {
    let ty = world.objects.get(o.id.0 as usize).and_then(|ob| world.game.types.get(ob.ty.0 as usize));
    format!("{}/{}", world.syms.text(o.name), ty.map_or("?", |t| t.name.as_str()))
}

/// `FILE:LINE`, the file's path with `/` on every system.
fn file_line(file: &std::path::Path, line: u32) -> String {
    let parts: Vec<String> = file.components().map(|c| c.as_os_str().to_string_lossy().into()).collect();
    format!("{}:{line}", parts.join("/"))
}

/// A step's card, number, action, what it says and where it is.
struct StepOf<'g> {
    card: String,
    step: u16,
    action: &'g str,
    said: &'g str,
    at: String,
}

fn step_of(game: &Game, site: u32) -> StepOf<'_> {
    let Some(s) = game.sites.get(site as usize) else {
        return StepOf { card: "?".into(), step: 0, action: "?", said: "", at: String::new() };
    };
    let file = match s.card {
        CardRef::Function(f) => game.functions.get(f.index()).map(|f| f.file.as_path()),
        CardRef::Component(c, _) => game.components.get(c.index()).map(|c| c.file.as_path()),
        CardRef::Loose => None,
    };
    let at = file.map_or_else(|| format!("driver:{}", s.line), |f| file_line(f, s.line));
    StepOf { card: game.card_name(s.card), step: s.step, action: s.action, said: &s.said, at }
}

/// A Function's answer, as `call` shows it: one value, or its fields.
fn answer_json(world: &World, returns: Returns, answer: &[Value]) -> Option<Json> {
    match returns {
        Returns::Nothing => None,
        Returns::Value(_) => answer.first().map(|v| value_json(world, *v)),
        Returns::Struct(s) => Some(Json::Obj(
            world.game.structs[s.index()]
                .fields
                .iter()
                .zip(answer)
                .map(|(f, v)| (f.name.clone(), value_json(world, *v)))
                .collect(),
        )),
    }
}

/// The text of a Function's answer.
fn answer_text(world: &World, returns: Returns, answer: &[Value]) -> Option<String> {
    match returns {
        Returns::Nothing => None,
        Returns::Value(_) => answer.first().map(|v| value_text(world, *v)),
        Returns::Struct(s) => {
            let fields = world.game.structs[s.index()].fields.iter().zip(answer);
            let each: Vec<String> = fields.map(|(f, v)| format!("{}: {}", f.name, value_text(world, *v))).collect();
            Some(format!("{{{}}}", each.join(", ")))
        }
    }
}

/// A handler's Component, Event and `FILE:LINE`.
fn handler_of(world: &World, trace: &Trace, component: crate::ids::CompId, handler: u16) -> (String, String, String) {
    let game = &world.game;
    let Some(c) = game.components.get(component.index()) else { return ("?".into(), "?".into(), String::new()) };
    let event = c.handlers.get(handler as usize).and_then(|h| game.events.get(h.event.index()));
    let line = trace.trees.handlers.get(component.index()).and_then(|h| h.get(handler as usize)).map_or(0, |t| t.line);
    (c.name.clone(), event.map_or("?".into(), |e| e.name.clone()), file_line(&c.file, line))
}

/// A Function's name and `FILE:LINE`.
fn function_of(world: &World, trace: &Trace, f: crate::ids::FuncId) -> (String, String) {
    let Some(func) = world.game.functions.get(f.index()) else { return ("?".into(), String::new()) };
    let line = trace.trees.functions.get(f.index()).map_or(0, |t| t.line);
    (func.name.clone(), file_line(&func.file, line))
}

/// A table's row and column, by name.
fn cell_of(world: &World, table: crate::ids::TableId, column: crate::ids::ColumnId) -> (String, String) {
    let def = world.game.tables.get(table.index());
    let column = def.and_then(|d| d.columns.get(column.index())).map_or("?", |c| c.name.as_str());
    (def.map_or("?".into(), |d| d.name.clone()), column.into())
}

/// `slot.field` of a Data Structure.
fn field_of(world: &World, s: crate::ids::StructId, f: u16) -> String {
    let def = world.game.structs.get(s.index());
    let field = def.and_then(|d| d.fields.get(f as usize)).map_or("?", |f| f.name.as_str());
    format!("{}.{field}", def.map_or("?", |d| d.slot.as_str()))
}

/// Every entry of `trace` as JSON, in order (docs/driver.md, `trace`).
pub fn entries_json(world: &World, trace: &Trace) -> Json {
    Json::Arr(trace.entries.iter().map(|e| entry_json(world, trace, e)).collect())
}

fn entry_json(world: &World, trace: &Trace, entry: &Entry) -> Json {
    let game = &world.game;
    let mut pairs: Vec<(&str, Json)> = vec![("depth", Json::Num(f64::from(entry.depth)))];
    let v = |x: Value| value_json(world, x);
    let obj = |o: Named| Json::Str(object_text(world, o));
    let step = |pairs: &mut Vec<(&str, Json)>, site: u32| {
        let s = step_of(game, site);
        pairs.push(("card", Json::Str(s.card)));
        pairs.push(("step", Json::Num(f64::from(s.step))));
        pairs.push(("do", Json::Str(s.action.into())));
        pairs.push(("said", Json::Str(s.said.into())));
        pairs.push(("at", Json::Str(s.at)));
    };
    match &entry.what {
        Traced::Event { event, sender, heard } => {
            pairs.push(("event", Json::Str(game.events.get(event.index()).map_or("?".into(), |e| e.name.clone()))));
            pairs.push(("sender", sender.map_or(Json::Null, obj)));
            pairs.push(("heard", Json::Arr(heard.iter().map(|o| obj(*o)).collect())));
        }
        Traced::Handler { component, handler, object } => {
            let (name, event, at) = handler_of(world, trace, *component, *handler);
            pairs.push(("handler", Json::Str(name)));
            pairs.push(("when", Json::Str(event)));
            pairs.push(("object", obj(*object)));
            pairs.push(("at", Json::Str(at)));
        }
        Traced::Function { function, args, answer } => {
            let (name, at) = function_of(world, trace, *function);
            let func = game.functions.get(function.index());
            let params = func.map_or(&[][..], |f| &f.params[..]);
            let with = params.iter().zip(args).map(|(p, a)| (p.name.clone(), v(*a))).collect();
            pairs.push(("function", Json::Str(name)));
            pairs.push(("with", Json::Obj(with)));
            pairs.push(("at", Json::Str(at)));
            if let (Some(func), Some(answer)) = (func, answer) {
                if let Some(a) = answer_json(world, func.returns, answer) {
                    pairs.push(("answer", a));
                }
            }
        }
        Traced::Step { site, value } => {
            step(&mut pairs, *site);
            if let Some(x) = value {
                pairs.push(("value", v(*x)));
            }
        }
        Traced::Condition { site, value } => {
            step(&mut pairs, *site);
            pairs.push(("value", Json::Bool(*value)));
        }
        Traced::Cell { site, table, row, column, old, new } => {
            step(&mut pairs, *site);
            let (table, column) = cell_of(world, *table, *column);
            pairs.push(("table", Json::Str(table)));
            pairs.push(("row", Json::Str(world.syms.text(*row).into())));
            pairs.push(("column", Json::Str(column)));
            pairs.push(("old", v(*old)));
            pairs.push(("new", v(*new)));
        }
        Traced::Field { site, object, structure, field, old, new } => {
            step(&mut pairs, *site);
            pairs.push(("object", obj(*object)));
            pairs.push(("field", Json::Str(field_of(world, *structure, *field))));
            pairs.push(("old", v(*old)));
            pairs.push(("new", v(*new)));
        }
        Traced::Global { site, global, old, new } => {
            step(&mut pairs, *site);
            let name = game.globals.get(global.index()).map_or("?".into(), |g| g.name.clone());
            pairs.push(("global", Json::Str(name)));
            pairs.push(("old", v(*old)));
            pairs.push(("new", v(*new)));
        }
        Traced::Row { site, table, row, remove, existed } => {
            step(&mut pairs, *site);
            pairs.push(("table", Json::Str(game.tables.get(table.index()).map_or("?".into(), |t| t.name.clone()))));
            pairs.push(("row", Json::Str(world.syms.text(*row).into())));
            pairs.push((if *remove { "removed" } else { "added" }, Json::Bool(*remove == *existed)));
        }
        Traced::Reset { site, table } => {
            step(&mut pairs, *site);
            pairs.push(("table", Json::Str(game.tables.get(table.index()).map_or("?".into(), |t| t.name.clone()))));
        }
        Traced::Read { site, read } => {
            step(&mut pairs, *site);
            match *read {
                Read::Cell { table, row, column, value } => {
                    let (table, column) = cell_of(world, table, column);
                    pairs.push(("read", Json::Str("cell".into())));
                    pairs.push(("table", Json::Str(table)));
                    pairs.push(("row", Json::Str(row_text(world, row))));
                    pairs.push(("column", Json::Str(column)));
                    pairs.push(("value", v(value)));
                }
                Read::Field { object, structure, field, value } => {
                    pairs.push(("read", Json::Str("field".into())));
                    pairs.push(("object", obj(object)));
                    pairs.push(("field", Json::Str(field_of(world, structure, field))));
                    pairs.push(("value", v(value)));
                }
                Read::Find { table, column, sought, found } => {
                    let (table, column) = cell_of(world, table, column);
                    pairs.push(("read", Json::Str("find".into())));
                    pairs.push(("table", Json::Str(table)));
                    pairs.push(("column", Json::Str(column)));
                    pairs.push(("sought", v(sought)));
                    pairs.push(("found", Json::Num(found)));
                }
            }
        }
        Traced::Fault { text } => pairs.push(("fault", Json::Str(text.clone()))),
    }
    Json::obj(pairs)
}

/// The trace as indented text, two spaces a level, each line after
/// `indent` levels (the command's line is above them).
pub fn text(world: &World, trace: &Trace, indent: usize) -> String {
    let mut out = String::new();
    for entry in &trace.entries {
        out.push_str(&"  ".repeat(indent + entry.depth as usize));
        out.push_str(&entry_text(world, trace, entry));
        out.push('\n');
    }
    if trace.left_out > 0 {
        let n = trace.left_out;
        out.push_str(&"  ".repeat(indent));
        out.push_str(&format!(
            "... and {n} more entr{} past the limit of {}\n",
            if n == 1 { "y" } else { "ies" },
            trace.filter.limit
        ));
    }
    out
}

fn entry_text(world: &World, trace: &Trace, entry: &Entry) -> String {
    let game = &world.game;
    let v = |x: Value| value_text(world, x);
    let step = |site: u32| {
        let s = step_of(game, site);
        let said = if s.said.is_empty() { String::new() } else { format!(" {}", s.said) };
        (format!("{}{said}", s.action), s.at)
    };
    match &entry.what {
        Traced::Event { event, sender, heard } => {
            let name = game.events.get(event.index()).map_or("?", |e| e.name.as_str());
            let from = sender.map_or(String::new(), |s| format!(" from {}", object_text(world, s)));
            // A line a person reads: the chess game's positionChanged has hundreds of listeners.
            let mut named: Vec<String> = heard.iter().take(HEARD_SHOWN).map(|o| object_text(world, *o)).collect();
            if heard.len() > HEARD_SHOWN {
                named.push(format!("and {} more", heard.len() - HEARD_SHOWN));
            }
            let heard = if named.is_empty() { "nobody".into() } else { named.join(", ") };
            format!("Event {name}{from}, heard by {heard}")
        }
        Traced::Handler { component, handler, object } => {
            let (name, event, at) = handler_of(world, trace, *component, *handler);
            format!("{name} ({event}) on {} ({at})", object_text(world, *object))
        }
        Traced::Function { function, args, answer } => {
            let (name, at) = function_of(world, trace, *function);
            let func = game.functions.get(function.index());
            let params = func.map_or(&[][..], |f| &f.params[..]);
            let with: Vec<String> = params.iter().zip(args).map(|(p, a)| format!("{}: {}", p.name, v(*a))).collect();
            let answer = match (func, answer) {
                (Some(func), Some(answer)) => answer_text(world, func.returns, answer).map(|a| format!(" -> {a}")),
                _ => None,
            };
            format!("{name}({}) ({at}){}", with.join(", "), answer.unwrap_or_default())
        }
        Traced::Step { site, value } => {
            let (what, at) = step(*site);
            let value = value.map_or(String::new(), |x| format!(" = {}", v(x)));
            format!("{what}{value} ({at})")
        }
        Traced::Condition { site, value } => {
            let (what, at) = step(*site);
            format!("{what} -> {value} ({at})")
        }
        Traced::Cell { site, table, row, column, old, new } => {
            let (_, at) = step(*site);
            let (table, column) = cell_of(world, *table, *column);
            format!("set data cell {table}[{}].{column}: {} -> {} ({at})", world.syms.text(*row), v(*old), v(*new))
        }
        Traced::Field { site, object, structure, field, old, new } => {
            let (_, at) = step(*site);
            let field = field_of(world, *structure, *field);
            format!("set {}.{field}: {} -> {} ({at})", object_text(world, *object), v(*old), v(*new))
        }
        Traced::Global { site, global, old, new } => {
            let (_, at) = step(*site);
            let name = game.globals.get(global.index()).map_or("?", |g| g.name.as_str());
            format!("set ${name}: {} -> {} ({at})", v(*old), v(*new))
        }
        Traced::Row { site, table, row, remove, existed } => {
            let (_, at) = step(*site);
            let table = game.tables.get(table.index()).map_or("?", |t| t.name.as_str());
            let what = match (remove, existed) {
                (false, false) => "added",
                (false, true) => "already there",
                (true, true) => "removed",
                (true, false) => "was not there",
            };
            format!("control row {table}[{}]: {what} ({at})", world.syms.text(*row))
        }
        Traced::Reset { site, table } => {
            let (_, at) = step(*site);
            format!("reset table {} ({at})", game.tables.get(table.index()).map_or("?", |t| t.name.as_str()))
        }
        Traced::Read { site, read } => {
            let (_, at) = step(*site);
            match *read {
                Read::Cell { table, row, column, value } => {
                    let (table, column) = cell_of(world, table, column);
                    format!("read {table}[{}].{column} = {} ({at})", row_text(world, row), v(value))
                }
                Read::Field { object, structure, field, value } => {
                    let field = field_of(world, structure, field);
                    format!("read {}.{field} = {} ({at})", object_text(world, object), v(value))
                }
                Read::Find { table, column, sought, found } => {
                    let (table, column) = cell_of(world, table, column);
                    let found = if found < 0.0 { "no row".to_string() } else { format!("row {found}") };
                    format!("find {table} where {column} = {}: {found} ({at})", v(sought))
                }
            }
        }
        Traced::Fault { text } => format!("fault: {text}"),
    }
}

/// A row as a read names it: its name, or the number or value the
/// expression gave when there is no such row.
fn row_text(world: &World, row: Value) -> String {
    match row {
        Value::Text(s) => world.syms.text(s).into(),
        other => Shown(other, &world.syms).to_string(),
    }
}
