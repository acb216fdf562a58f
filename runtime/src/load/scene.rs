//! The scene: where each Object starts.

use super::objects::sorted_keys;
use crate::compile::LoadScratch;
use crate::game::{Game, Placement};
use crate::ids::{GroupId, TypeId};
use crate::source::diag::Diagnostics;
use crate::source::yaml::{self, Fields};
use crate::value::{Type, Value};
use std::path::Path;

pub(super) fn load_scene(game: &mut Game, scratch: &LoadScratch, d: &mut Diagnostics) {
    let rel = Path::new("scene.yaml");
    let Some(file) = yaml::load(&game.files, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "the scene", d) else { return };
    f.only(&["scene", "description"], "scene.yaml", d);
    let Some(list) = f.get("scene").and_then(|n| n.as_sequence()) else {
        return d.error(rel, f.pos, "scene.yaml needs `scene:` with a list of placements");
    };
    for node in list.iter() {
        let Some(p) = Fields::of(&file, node, "a placement", d) else { continue };
        p.only(&["object", "name", "x", "y", "anchor", "group", "fields", "repeat"], "a placement", d);
        let group =
            p.opt_text("group", d).and_then(|(g, pos)| match game.groups.iter().position(|(n, _)| n == g.as_str()) {
                Some(i) => Some(GroupId(i as u16)),
                None => {
                    if !scratch.broken_game_file {
                        d.error(
                            rel,
                            pos,
                            format!("unknown UI Group `{}`; declare it in game.yaml's `groups:`", g.as_str()),
                        );
                    }
                    None
                }
            });
        let Some((ty_name, pos)) = p.text("object", "a placement", d) else { continue };
        let Some(&ty) = game.names.types.get(ty_name.as_str()) else {
            // An object type whose file did not load is reported once, where it is broken.
            if scratch.broken_types.contains(ty_name.as_str()) {
                continue;
            }
            d.error(
                rel,
                pos,
                format!(
                    "unknown object type `{}`; expected one of: {}",
                    ty_name.as_str(),
                    sorted_keys(&game.names.types)
                ),
            );
            continue;
        };
        let name = p.opt_text("name", d).map_or("", |(n, _)| n.as_str());
        let anchor = match p.opt_text("anchor", d) {
            None => (0.0, 0.0),
            Some((a, pos)) => parse_anchor(a.as_str()).unwrap_or_else(|| {
                d.error(
                    rel,
                    pos,
                    format!(
                        "unknown anchor `{}`; expected e.g. `bottom center`, `top left`, `middle right`",
                        a.as_str()
                    ),
                );
                (0.0, 0.0)
            }),
        };
        let fields = match p.get("fields").and_then(|n| Fields::of(&file, n, "`fields`", d)) {
            Some(f) => placement_fields(game, scratch, ty, &f, d),
            None => Vec::new(),
        };
        let (x, y) = (p.number("x", d).unwrap_or(0.0) as f32, p.number("y", d).unwrap_or(0.0) as f32);
        let repeat = match p.get("repeat") {
            None => Some(Repeat { count: 1, step: (0.0, 0.0), index: None }),
            Some(n) => Fields::of(&file, n, "`repeat`", d).and_then(|r| read_repeat(game, ty, &r, d)),
        };
        let Some(repeat) = repeat else { continue };
        let repeated = p.get("repeat").is_some();
        for k in 0..repeat.count {
            let mut fields = fields.clone();
            if let Some(at) = repeat.index {
                fields.retain(|(i, _)| *i != at);
                fields.push((at, Value::Num(k as f64)));
            }
            let name = if repeated && !name.is_empty() { format!("{name} {k}") } else { name.to_string() };
            game.scene.push(Placement {
                ty,
                name: game.syms.intern(&name),
                x: x + repeat.step.0 * k as f32,
                y: y + repeat.step.1 * k as f32,
                anchor,
                group,
                fields,
            });
        }
    }
}

/// A placement's `fields: { slot.field: value, name: value, ... }`: values
/// for its Object's Data Structure fields (`panelOption.option: White`) and
/// for its Logic Components' instance variables (`line: 3`), each read as
/// its type; as (the field's index in the Object's fields, value).
fn placement_fields(
    game: &mut Game,
    scratch: &LoadScratch,
    ty: TypeId,
    f: &Fields,
    d: &mut Diagnostics,
) -> Vec<(u16, Value)> {
    let rel = Path::new("scene.yaml");
    let mut out = Vec::new();
    for (key, node) in f.map.iter() {
        let pos = yaml::scalar_pos(key);
        let (offset, ty_of_field) = match field_of(game, ty, key.as_str()) {
            Ok(found) => found,
            Err(message) => {
                d.error(rel, pos, message);
                continue;
            }
        };
        let Some((text, vpos)) = yaml::scalar(f.file, node, "a field's value", d) else { continue };
        match crate::source::values::cell_value(ty_of_field, text.as_str(), &mut game.syms) {
            Some(v) => {
                // A field that names rows of a table (`refers to:`): the value names one.
                if let Some(&refers) = struct_field(game, ty, key.as_str()).and_then(|at| scratch.field_refers.get(&at))
                {
                    super::references::check_field_value(game, scratch, refers, key.as_str(), v, (rel, vpos), d);
                }
                out.push((offset, v))
            }
            None => d.error(
                rel,
                vpos,
                format!(
                    "`{}` does not fit the field `{}`: expected {}",
                    text.as_str(),
                    key.as_str(),
                    crate::source::values::type_words(ty_of_field)
                ),
            ),
        }
    }
    out
}

/// The Data Structure field `slot.field` names, as (structure, field), when
/// the object type carries that structure.
fn struct_field(game: &Game, ty: TypeId, key: &str) -> Option<(u16, u16)> {
    let (slot, field) = key.split_once('.')?;
    let s = game.names.slots.get(slot).copied().filter(|s| game.types[ty.0 as usize].structs.contains(s))?;
    let i = game.structs[s.index()].fields.iter().position(|fd| fd.name == field)?;
    Some((s.0, i as u16))
}

/// Where a placement writes `key` in its Object's fields, and its type: a
/// Data Structure field (`panelOption.option`), or an instance variable of
/// one of the type's Logic Components (`line`).
fn field_of(game: &Game, ty: TypeId, key: &str) -> Result<(u16, Type), String> {
    let t = &game.types[ty.0 as usize];
    let Some((slot, field)) = key.split_once('.') else {
        // A bare name: an instance variable of one of its Logic Components.
        let found = t.attachments.iter().find_map(|a| {
            let s = game.components[a.component.index()].instance?;
            let i = game.structs[s.index()].fields.iter().position(|fd| fd.name == key)?;
            Some((s, i))
        });
        let Some((s, i)) = found else {
            return Err(format!(
                "`{key}`: name a field as `structure.field`, e.g. `panelOption.option`, or an instance variable of one of the Logic Components of `{}`",
                t.name
            ));
        };
        let offset = t.struct_offset[s.index()].unwrap_or(0) as usize + i;
        return Ok((offset as u16, game.structs[s.index()].fields[i].ty));
    };
    let carried: Vec<&str> = t.structs.iter().map(|s| game.structs[s.index()].slot.as_str()).collect();
    let Some(s) = game.names.slots.get(slot).copied().filter(|s| t.structs.contains(s)) else {
        let carries = if carried.is_empty() { "no Data Structure".to_string() } else { carried.join(", ") };
        return Err(format!("the object type `{}` has no `{slot}`; it carries: {carries}", t.name));
    };
    let def = &game.structs[s.index()];
    let Some(i) = def.fields.iter().position(|fd| fd.name == field) else {
        let known: Vec<&str> = def.fields.iter().map(|fd| fd.name.as_str()).collect();
        return Err(format!("the {} has no field `{field}`; its fields are: {}", def.name, known.join(", ")));
    };
    let fd = &def.fields[i];
    if fd.is_object_name {
        return Err(format!("`{key}` is the Object's name: give it as `name:`"));
    }
    if matches!(fd.ty, Type::Object | Type::ObjectType) {
        return Err(format!("`{key}` holds an Object, which the scene cannot give"));
    }
    Ok(((t.struct_offset[s.index()].unwrap_or(0) as usize + i) as u16, fd.ty))
}

/// A placement's `repeat: { count: N, step: [DX, DY], index: FIELD }`: N
/// Objects, each DX, DY on from the one before, the k-th (from 0) named
/// `NAME k` and given k in FIELD (a field or an instance variable, a Number).
struct Repeat {
    count: usize,
    step: (f32, f32),
    index: Option<u16>,
}

fn read_repeat(game: &Game, ty: TypeId, f: &Fields, d: &mut Diagnostics) -> Option<Repeat> {
    let rel = Path::new("scene.yaml");
    f.only(&["count", "step", "index"], "`repeat`", d);
    let count = f.number("count", d)?;
    if !((1.0..=1000.0).contains(&count) && count.fract() == 0.0) {
        d.error(rel, f.pos, format!("`count: {count}`: a repeated placement is made 1 to 1000 times"));
        return None;
    }
    let index = match f.opt_text("index", d) {
        None => None,
        Some((key, pos)) => match field_of(game, ty, key.as_str()) {
            Ok((offset, Type::Number)) => Some(offset),
            Ok((_, other)) => {
                d.error(rel, pos, format!("`index: {}` is a {}; the index is a Number", key.as_str(), other.name()));
                None
            }
            Err(message) => {
                d.error(rel, pos, message);
                None
            }
        },
    };
    Some(Repeat { count: count as usize, step: f.pair("step", d).unwrap_or((0.0, 0.0)), index })
}

pub(super) fn parse_anchor(text: &str) -> Option<(f32, f32)> {
    let mut words = text.split_whitespace();
    let v = match words.next()? {
        "bottom" => 0.0,
        "middle" => 0.5,
        "top" => 1.0,
        _ => return None,
    };
    let h = match words.next()? {
        "left" => 0.0,
        "center" => 0.5,
        "right" => 1.0,
        _ => return None,
    };
    words.next().is_none().then_some((h, v))
}
