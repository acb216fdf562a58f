//! The scene: where each Object starts.

use crate::game::*;
use crate::ids::*;
use crate::source::diag::Diagnostics;
use crate::source::yaml::{self, Fields};
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
        p.only(&["object", "name", "x", "y", "anchor", "group"], "a placement", d);
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
        game.scene.push(Placement {
            ty,
            name: game.syms.intern(name),
            x: p.number("x", d).unwrap_or(0.0) as f32,
            y: p.number("y", d).unwrap_or(0.0) as f32,
            anchor,
            group,
        });
    }
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
