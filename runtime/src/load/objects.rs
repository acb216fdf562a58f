//! Object types: sprites, texts, boxes, Data Structures and Logic Components.

use crate::compile::LoadScratch;
use crate::game::{Align, Attachment, Game, ImageDef, Layer, ObjectType, SpriteDef, Template, TextDef};
use crate::ids::{ImageId, StructId, TypeId};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::values::{cell_value, color_or_report, shared_value, type_words};
use crate::source::yaml::{self, scalar, Fields, YamlFile};
use crate::value::{parse_bool, Type, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub(super) fn load_object_type(game: &mut Game, scratch: &mut LoadScratch, rel: &Path, d: &mut Diagnostics) {
    let Some(file) = yaml::load(&game.files, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "an object type", d) else { return };
    f.only(&["object", "description", "layer", "box", "sprite", "text", "structures", "logic"], "an object type", d);
    let Some((name, name_pos)) = f.text("object", "an object type", d) else { return };
    let name = name.as_str().to_string();
    if game.names.types.contains_key(&name) {
        return d.error(rel, name_pos, format!("a second object type named `{name}`"));
    }
    let layer = match f.opt_text("layer", d) {
        None => Layer::World,
        Some((l, _)) if l.as_str() == "world" => Layer::World,
        Some((l, _)) if l.as_str() == "screen" => Layer::Screen,
        Some((l, pos)) => {
            d.error(rel, pos, format!("unknown layer `{}`; expected world or screen", l.as_str()));
            Layer::World
        }
    };
    let hit_box = f.pair("box", d);
    let sprite =
        f.get("sprite").and_then(|n| Fields::of(&file, n, "`sprite`", d)).and_then(|s| read_sprite(game, &file, &s, d));
    if sprite.is_none() && f.get("sprite").is_some() {
        scratch.failed_sprites.insert(TypeId(game.types.len() as u32));
    }
    let text =
        f.get("text").and_then(|n| Fields::of(&file, n, "`text`", d)).map(|t| read_text(game, scratch, &file, &t, d));
    // `structures: [A, B]`, or `structures: {A: {field: value}, B: {}}` to give fields their first values.
    let mut structs = Vec::new();
    let mut first_values: Vec<(StructId, &marked_yaml::Node)> = Vec::new();
    if let Some(node) = f.get("structures") {
        let named: Vec<(String, Pos, Option<&marked_yaml::Node>)> = match node.as_mapping() {
            Some(map) => map.iter().map(|(k, v)| (k.as_str().to_string(), yaml::scalar_pos(k), Some(v))).collect(),
            None => names_list(&file, node, d).into_iter().map(|(s, p)| (s, p, None)).collect(),
        };
        for (s, pos, values) in named {
            match game.names.structs.get(&s) {
                Some(&id) => {
                    structs.push(id);
                    if let Some(v) = values {
                        first_values.push((id, v));
                    }
                }
                None => d.error(
                    rel,
                    pos,
                    format!("unknown Data Structure `{s}`; expected one of: {}", sorted_keys(&game.names.structs)),
                ),
            }
        }
    }
    let mut struct_offset = vec![None; game.structs.len()];
    let mut fields = Vec::new();
    for &s in &structs {
        struct_offset[s.index()] = Some(fields.len() as u16);
        fields.extend(game.structs[s.index()].fields.iter().map(|f| f.default));
    }
    for (s, node) in first_values {
        let Some(values) = Fields::of(&file, node, "a Data Structure's first values", d) else { continue };
        for (key, vnode) in values.map.iter() {
            let def = &game.structs[s.index()];
            let Some(i) = def.fields.iter().position(|f| f.name == key.as_str()) else {
                d.error(rel, yaml::scalar_pos(key), format!("the {} has no field `{}`", def.name, key.as_str()));
                continue;
            };
            let ty = def.fields[i].ty;
            let Some((text, pos)) = scalar(&file, vnode, "a field's value", d) else { continue };
            match cell_value(ty, text.as_str(), &mut game.syms) {
                Some(v) => fields[struct_offset[s.index()].unwrap_or(0) as usize + i] = v,
                None => d.error(
                    rel,
                    pos,
                    format!(
                        "`{}` does not fit the field `{}`: expected {}",
                        text.as_str(),
                        key.as_str(),
                        type_words(ty)
                    ),
                ),
            }
        }
    }
    let mut attachments = Vec::new();
    if let Some(logic) = f.get("logic").and_then(|n| Fields::of(&file, n, "`logic`", d)) {
        for (key, node) in logic.map.iter() {
            let Some(&comp) = game.names.components.get(key.as_str()) else {
                // A card that did not load is reported once, where it is broken.
                if !scratch.broken_cards.contains(key.as_str()) {
                    d.error(rel, yaml::scalar_pos(key), format!("unknown Logic Component `{}`", key.as_str()));
                }
                continue;
            };
            let c = &game.components[comp.index()];
            for need in &c.structs {
                if !structs.contains(need) {
                    d.error(
                        rel,
                        yaml::scalar_pos(key),
                        format!(
                            "the Logic Component `{}` needs a {} on its Object; add it to `structures:`",
                            c.name,
                            game.structs[need.index()].name
                        ),
                    );
                }
            }
            let mut shared: Vec<Value> = c.shared.iter().map(|s| s.value).collect();
            let shared_tys: Vec<(String, Type)> = c.shared.iter().map(|s| (s.name.clone(), s.ty)).collect();
            if let Some(values) = Fields::of(&file, node, "Shared Variable values", d) {
                for (var, vnode) in values.map.iter() {
                    let Some(i) = shared_tys.iter().position(|(n, _)| n == var.as_str()) else {
                        let known: Vec<&str> = shared_tys.iter().map(|(n, _)| n.as_str()).collect();
                        d.error(
                            rel,
                            yaml::scalar_pos(var),
                            format!(
                                "`{}` has no Shared Variable `{}`; expected one of: {}",
                                key.as_str(),
                                var.as_str(),
                                known.join(", ")
                            ),
                        );
                        continue;
                    };
                    let Some((text, pos)) = scalar(&file, vnode, "a Shared Variable's value", d) else { continue };
                    shared[i] = shared_value(&mut game.syms, shared_tys[i].1, text.as_str(), &file, pos, d);
                    if shared_tys[i].1 == Type::Object {
                        let place = (game.types.len(), attachments.len(), i);
                        scratch.shared_type_places.push((place, rel.to_path_buf(), pos));
                    }
                }
            }
            attachments.push(Attachment { component: comp, shared });
        }
    }
    // Each component's instance variables: a Data Structure of its own, after the type's.
    for a in &attachments {
        if let Some(s) = game.components[a.component.index()].instance {
            if !structs.contains(&s) {
                struct_offset[s.index()] = Some(fields.len() as u16);
                fields.extend(game.structs[s.index()].fields.iter().map(|f| f.default));
                structs.push(s);
            }
        }
    }
    game.names.types.insert(name.clone(), TypeId(game.types.len() as u32));
    game.types.push(ObjectType { name, layer, hit_box, sprite, text, structs, struct_offset, fields, attachments });
}

pub(super) fn sorted_keys<V>(map: &HashMap<String, V>) -> String {
    let mut keys: Vec<&str> = map.keys().map(|k| k.as_str()).collect();
    keys.sort();
    keys.join(", ")
}

/// `[A, B]` or a single name.
pub(super) fn names_list(file: &YamlFile, node: &marked_yaml::Node, d: &mut Diagnostics) -> Vec<(String, Pos)> {
    if let Some(seq) = node.as_sequence() {
        seq.iter().filter_map(|n| scalar(file, n, "a name", d)).map(|(s, p)| (s.as_str().to_string(), p)).collect()
    } else {
        scalar(file, node, "a name", d).map(|(s, p)| vec![(s.as_str().to_string(), p)]).unwrap_or_default()
    }
}

pub(super) fn read_sprite(game: &mut Game, file: &YamlFile, f: &Fields, d: &mut Diagnostics) -> Option<SpriteDef> {
    f.only(&["image", "frames", "size", "depth", "frame", "tint", "alpha", "visible"], "`sprite`", d);
    let (image, pos) = f.text("image", "a sprite", d)?;
    let image = load_image(game, &file.path, image.as_str(), pos, d)?;
    let frames = f.number("frames", d).unwrap_or(1.0).max(1.0) as u32;
    let frame = f.number("frame", d).unwrap_or(0.0).max(0.0) as u32;
    if frame >= frames {
        d.error(&file.path, f.pos, format!("`frame: {frame}` is past the last frame ({})", frames - 1));
    }
    let tint = f.opt_text("tint", d).map_or(0xFFFFFFFF, |(t, p)| color_or_report(file, t, p, d));
    let visible = bool_field(file, f, "visible", d).unwrap_or(true);
    Some(SpriteDef {
        image,
        frames,
        size: f.pair("size", d).unwrap_or((1.0, 1.0)),
        depth: f.number("depth", d).unwrap_or(0.0) as f32,
        frame,
        tint,
        alpha: f.number("alpha", d).unwrap_or(1.0) as f32,
        visible,
    })
}

pub(super) fn bool_field(file: &YamlFile, f: &Fields, key: &str, d: &mut Diagnostics) -> Option<bool> {
    let (t, pos) = f.opt_text(key, d)?;
    let b = parse_bool(t.as_str());
    if b.is_none() {
        d.error(file.path_of_key(t), pos, format!("`{key}` must be true or false, found `{}`", t.as_str()));
    }
    b
}

/// The most pixels a picture may have on a side. A PNG's header says its
/// size, and the window decodes it into that many pixels: a file of a few
/// hundred bytes may say 100,000 x 100,000 (40 GB). 8192 is what graphics
/// cards take as a texture everywhere; such a picture decoded is 256 MB.
pub const MAX_PICTURE_SIDE: u32 = 8192;

/// Why a picture of this size cannot be shown; None when it can.
fn too_large(width: u32, height: u32) -> Option<String> {
    (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE)
        .then(|| format!("is {width} x {height} pixels; a picture may be at most {MAX_PICTURE_SIDE} pixels on a side"))
}

/// Checks a PNG exists and reads its size from its header.
pub(super) fn load_image(game: &mut Game, from: &Path, rel: &str, pos: Pos, d: &mut Diagnostics) -> Option<ImageId> {
    let path = PathBuf::from(rel);
    if let Some(i) = game.images.iter().position(|im| im.path == path) {
        return Some(ImageId(i as u16));
    }
    let bytes = match game.files.read(&path) {
        Ok(b) => b,
        Err(e) => {
            d.error(from, pos, format!("cannot read the picture `{rel}`: {e}"));
            return None;
        }
    };
    let Some((width, height)) = png_size(&bytes) else {
        d.error(from, pos, format!("`{rel}` is not a PNG picture"));
        return None;
    };
    if let Some(why) = too_large(width, height) {
        d.error(from, pos, format!("the picture `{rel}` {why}"));
        return None;
    }
    game.images.push(ImageDef { path, width, height });
    Some(ImageId(game.images.len() as u16 - 1))
}

/// Every PNG under art/ (its sub-folders too), known by its path as a Text
/// names it (`art/board-slate.png`), so that Set Sprite may show any of
/// them: each one's size read from its header, the path interned. A file
/// that ends in .png but is no PNG is left out.
pub(super) fn load_pictures(game: &mut Game, d: &mut Diagnostics) {
    fn walk(files: &crate::source::files::Files, dir: &Path, depth: u32, out: &mut Vec<PathBuf>) {
        let Ok(entries) = files.list(&dir.to_string_lossy()) else { return };
        for rel in entries {
            if files.is_file(&rel) {
                if rel.extension().is_some_and(|x| x.eq_ignore_ascii_case("png")) {
                    out.push(rel);
                }
            } else if depth < 8 {
                walk(files, &rel, depth + 1, out);
            }
        }
    }
    let mut found: Vec<PathBuf> = game.images.iter().map(|im| im.path.clone()).collect();
    walk(&game.files, Path::new("art"), 0, &mut found);
    found.sort();
    found.dedup();
    for rel in found {
        // As a table cell or a card writes it, whatever the platform's separator.
        let text: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().to_string()).collect();
        let text = text.join("/");
        let image = match game.images.iter().position(|im| im.path == rel) {
            Some(i) => ImageId(i as u16),
            None => {
                // Not a picture (a sprite that names it is a mistake, reported there).
                let Some((width, height)) = game.files.read(&rel).ok().and_then(|bytes| png_size(&bytes)) else {
                    continue;
                };
                if let Some(why) = too_large(width, height) {
                    d.warning(&rel, Pos::default(), format!("this picture {why}; it cannot be shown"));
                    continue;
                }
                if game.images.len() >= u16::MAX as usize {
                    d.warning(&rel, Pos::default(), "too many pictures in art/; this one cannot be shown");
                    continue;
                }
                game.images.push(ImageDef { path: rel, width, height });
                ImageId(game.images.len() as u16 - 1)
            }
        };
        let sym = game.syms.intern(&text);
        game.pictures.insert(sym, image);
    }
}

pub(super) fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

pub(super) fn read_text(
    game: &mut Game,
    scratch: &LoadScratch,
    file: &YamlFile,
    f: &Fields,
    d: &mut Diagnostics,
) -> TextDef {
    f.only(&["text", "size", "color", "bold", "align", "offset", "depth", "wrap"], "`text`", d);
    let template = match f.opt_text("text", d) {
        Some((t, pos)) => crate::compile::compile_template(game, scratch, file, t.as_str(), pos, d),
        None => Template::default(),
    };
    let align = match f.opt_text("align", d) {
        None => Align::Center,
        Some((a, pos)) => match a.as_str() {
            "left" => Align::Left,
            "center" => Align::Center,
            "right" => Align::Right,
            other => {
                d.error(&file.path, pos, format!("unknown align `{other}`; expected left, center or right"));
                Align::Center
            }
        },
    };
    TextDef {
        template,
        size: f.number("size", d).unwrap_or(1.0) as f32,
        color: f.opt_text("color", d).map_or(0x000000FF, |(t, p)| color_or_report(file, t, p, d)),
        bold: bool_field(file, f, "bold", d).unwrap_or(false),
        align,
        offset: f.pair("offset", d).unwrap_or((0.0, 0.0)),
        depth: f.number("depth", d).unwrap_or(20.0) as f32,
        wrap: f.pair("wrap", d).filter(|&(w, h)| {
            let fine = w > 0.0 && h > 0.0;
            if !fine {
                d.error(&file.path, f.pos, "`wrap: [width, height]` needs a width and a height above 0");
            }
            fine
        }),
    }
}
