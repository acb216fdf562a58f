//! The scene: where each Object starts.

use crate::game::*;
use crate::ids::*;
use crate::source::diag::Diagnostics;
use crate::source::yaml::{self, Fields};
use crate::value::{Type, Value};
use std::path::Path;

use super::*;

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
        p.only(&["object", "name", "x", "y", "anchor", "group", "fields"], "a placement", d);
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
            Some(f) => placement_fields(game, ty, &f, d),
            None => Vec::new(),
        };
        game.scene.push(Placement {
            ty,
            name: game.syms.intern(name),
            x: p.number("x", d).unwrap_or(0.0) as f32,
            y: p.number("y", d).unwrap_or(0.0) as f32,
            anchor,
            group,
            fields,
        });
    }
}

/// A placement's `fields: { slot.field: value, ... }`: values for its
/// Object's Data Structure fields (`panelOption.option: White`), each read
/// as its field's type; as (the field's index in the Object's fields, value).
fn placement_fields(game: &mut Game, ty: TypeId, f: &Fields, d: &mut Diagnostics) -> Vec<(u16, Value)> {
    let rel = Path::new("scene.yaml");
    let mut out = Vec::new();
    for (key, node) in f.map.iter() {
        let pos = yaml::scalar_pos(key);
        let t = &game.types[ty.0 as usize];
        let Some((slot, field)) = key.as_str().split_once('.') else {
            d.error(
                rel,
                pos,
                format!("`{}`: name a field as `structure.field`, e.g. `panelOption.option`", key.as_str()),
            );
            continue;
        };
        let carried: Vec<&str> = t.structs.iter().map(|s| game.structs[s.index()].slot.as_str()).collect();
        let Some(s) = game.names.slots.get(slot).copied().filter(|s| t.structs.contains(s)) else {
            let carries = if carried.is_empty() { "no Data Structure".to_string() } else { carried.join(", ") };
            d.error(rel, pos, format!("the object type `{}` has no `{slot}`; it carries: {carries}", t.name));
            continue;
        };
        let def = &game.structs[s.index()];
        let Some(i) = def.fields.iter().position(|fd| fd.name == field) else {
            let known: Vec<&str> = def.fields.iter().map(|fd| fd.name.as_str()).collect();
            d.error(rel, pos, format!("the {} has no field `{field}`; its fields are: {}", def.name, known.join(", ")));
            continue;
        };
        let fd = &def.fields[i];
        if fd.is_object_name {
            d.error(rel, pos, format!("`{}` is the Object's name: give it as `name:`", key.as_str()));
            continue;
        }
        if matches!(fd.ty, Type::Object | Type::ObjectType) {
            d.error(rel, pos, format!("`{}` holds an Object, which the scene cannot give", key.as_str()));
            continue;
        }
        let (ty_of_field, offset) = (fd.ty, t.struct_offset[s.index()].unwrap_or(0) as usize + i);
        let Some((text, vpos)) = yaml::scalar(f.file, node, "a field's value", d) else { continue };
        match crate::source::values::cell_value(ty_of_field, text.as_str(), &mut game.syms) {
            Some(v) => out.push((offset as u16, v)),
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
