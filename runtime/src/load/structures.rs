//! Data Structures.

use super::references::check_field_value;
use crate::compile::LoadScratch;
use crate::game::{FieldDef, Game, StructDef};
use crate::ids::{StructId, TableId};
use crate::source::diag::Diagnostics;
use crate::source::suggest::did_you_mean;
use crate::source::values::typed_value_with;
use crate::source::yaml::{self, Fields};
use crate::value::{parse_bool, Type};
use std::path::Path;

/// Reads a Data Structure. A Text field may say that it names a row of a
/// table (`refers to: Strengths`, `may be empty: true`), as a table's column
/// may: its default, and each value the scene gives it, is checked.
pub(super) fn load_structure(game: &mut Game, scratch: &mut LoadScratch, rel: &Path, d: &mut Diagnostics) {
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
            let extra = ["refers to", "may be empty"];
            let Some((ty, default)) = typed_value_with(&file, node, &extra, &mut game.syms, d) else { continue };
            if let Some(refers) = field_refers(game, scratch, &file, node, ty, d) {
                let id = (game.structs.len() as u16, fields.len() as u16);
                scratch.field_refers.insert(id, refers);
                // An empty default is the field's value before the cards or the scene give one.
                let at = node.as_mapping().and_then(|m| m.get_scalar("default")).map(yaml::scalar_pos);
                if let (Some(pos), false) = (at, default == crate::value::Value::Text(crate::value::EMPTY)) {
                    check_field_value(game, scratch, refers, key.as_str(), default, (rel, pos), d);
                }
            }
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

/// A field's `refers to: TABLE` and `may be empty: true`, read and checked:
/// the table, and whether an empty value is no row.
fn field_refers(
    game: &Game,
    scratch: &LoadScratch,
    file: &yaml::YamlFile,
    node: &marked_yaml::Node,
    ty: Type,
    d: &mut Diagnostics,
) -> Option<(TableId, bool)> {
    let f = node.as_mapping().map(|map| Fields { file, map, pos: yaml::pos_of(node) })?;
    let may_be_empty = match f.opt_text("may be empty", d) {
        None => false,
        Some((text, pos)) => parse_bool(text.as_str()).unwrap_or_else(|| {
            d.error(&file.path, pos, format!("`may be empty` is true or false, not `{}`", text.as_str()));
            false
        }),
    };
    let (table, pos) = f.opt_text("refers to", d)?;
    let table = table.as_str().trim();
    if ty != Type::Text {
        d.error(&file.path, pos, format!("only a Text field names rows of a table; this one is {}", ty.name()));
        return None;
    }
    match game.names.tables.get(table) {
        Some(&t) => Some((t, may_be_empty)),
        None => {
            if !scratch.broken_tables.contains(table) {
                let near = did_you_mean(table, game.tables.iter().map(|t| t.name.as_str()));
                d.error(&file.path, pos, format!("there is no table `{table}`{near}"));
            }
            None
        }
    }
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
