//! Data Structures.

use crate::game::*;
use crate::ids::*;
use crate::source::diag::Diagnostics;
use crate::source::values::*;
use crate::source::yaml::{self, Fields};
use std::path::Path;

pub(super) fn load_structure(game: &mut Game, rel: &Path, d: &mut Diagnostics) {
    let Some(file) = yaml::load(&game.files, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "a Data Structure", d) else { return };
    f.only(&["structure", "description", "fields"], "a Data Structure", d);
    let Some((name, name_pos)) = f.text("structure", "a Data Structure", d) else { return };
    let name = name.as_str().to_string();
    if game.names.structs.contains_key(&name) {
        return d.error(rel, name_pos, format!("a second Data Structure named `{name}`"));
    }
    let mut fields = Vec::new();
    if let Some(map) = f.get("fields").and_then(|n| Fields::of(&file, n, "`fields`", d)) {
        for (key, node) in map.map.iter() {
            let Some((ty, default)) = typed_value(&file, node, &mut game.syms, d) else { continue };
            let is_object_name = match node.as_mapping().and_then(|m| m.get_scalar("is")) {
                Some(is) if is.as_str() == "object name" => true,
                Some(is) => {
                    d.error(
                        rel,
                        yaml::scalar_pos(is),
                        format!("unknown `is: {}`; expected `is: object name`", is.as_str()),
                    );
                    false
                }
                None => false,
            };
            fields.push(FieldDef { name: key.as_str().to_string(), ty, default, is_object_name });
        }
    }
    let slot = lower_camel(&name);
    let id = StructId(game.structs.len() as u16);
    game.names.structs.insert(name.clone(), id);
    game.names.slots.insert(slot.clone(), id);
    game.structs.push(StructDef { name, slot, fields });
}

/// `Board State` -> `boardState`.
pub fn lower_camel(name: &str) -> String {
    let mut out = String::new();
    for (i, word) in name.split_whitespace().enumerate() {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            if i == 0 {
                out.extend(first.to_lowercase());
            } else {
                out.extend(first.to_uppercase());
            }
            out.push_str(chars.as_str());
        }
    }
    out
}
