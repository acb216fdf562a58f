//! Values written as text in the content: a type and a value in YAML, a
//! cell of a CSV, a Shared Variable.

use super::diag::{Diagnostics, Pos};
use super::yaml::{self, Fields, YamlFile};
use crate::value::{parse_bool, parse_color, Interner, Type, Value};
use marked_yaml::types::MarkedScalarNode;

/// Reads `{ type: T, value|default: V }` (or a bare type name). Object-type
/// values (Shared Variables of type Object) are resolved later.
pub fn typed_value(
    file: &YamlFile,
    node: &marked_yaml::Node,
    syms: &mut Interner,
    d: &mut Diagnostics,
) -> Option<(Type, Value)> {
    typed_value_with(file, node, &[], syms, d)
}

/// [`typed_value`], which may also have the keys `extra` (read by the caller:
/// a Data Structure field's `refers to`).
pub fn typed_value_with(
    file: &YamlFile,
    node: &marked_yaml::Node,
    extra: &[&str],
    syms: &mut Interner,
    d: &mut Diagnostics,
) -> Option<(Type, Value)> {
    if let Some((word, pos)) = node.as_scalar().map(|s| (s, yaml::text_start(file, s))) {
        let ty = type_or_report(file, word, pos, d)?;
        return Some((ty, ty.zero()));
    }
    let f = Fields::of(file, node, "a type and value", d)?;
    let known: Vec<&str> =
        ["type", "value", "default", "description", "is", "requires"].iter().chain(extra).copied().collect();
    f.only(&known, "a typed value", d);
    let ty = match f.opt_text("type", d) {
        Some((word, pos)) => type_or_report(file, word, pos, d)?,
        None => Type::Number,
    };
    let raw = f.opt_text("value", d).or_else(|| f.opt_text("default", d));
    let value = match raw {
        Some((text, pos)) => cell_value(ty, text.as_str(), syms).unwrap_or_else(|| {
            d.error(file.path_of_key(text), pos, format!("`{}` is not a {}", text.as_str(), ty.name()));
            ty.zero()
        }),
        None => ty.zero(),
    };
    Some((ty, value))
}

/// The type `node` names, or a mistake in the file that holds it.
pub fn type_or_report(file: &YamlFile, node: &MarkedScalarNode, pos: Pos, d: &mut Diagnostics) -> Option<Type> {
    let word = node.as_str();
    let ty = Type::parse(word.trim());
    if ty.is_none() {
        d.error(
            file.path_of_key(node),
            pos,
            format!("unknown type `{word}`; expected Number, Text, Boolean, Color or Object"),
        );
    }
    ty
}

/// The color `node` says, or a mistake in the file that holds it.
pub fn color_or_report(file: &YamlFile, node: &MarkedScalarNode, pos: Pos, d: &mut Diagnostics) -> u32 {
    let text = node.as_str();
    parse_color(text.trim()).unwrap_or_else(|| {
        d.error(file.path_of_key(node), pos, format!("`{text}` is not a color; expected #RRGGBB or #RRGGBBAA"));
        0xFFFFFFFF
    })
}

/// A value of type `ty` written as text in a CSV cell or a YAML scalar.
/// Object values are left empty here.
pub fn cell_value(ty: Type, text: &str, syms: &mut Interner) -> Option<Value> {
    Some(match ty {
        Type::Number => {
            let n = text.trim().parse::<f64>().ok().filter(|n| n.is_finite())?;
            Value::Num(n)
        }
        Type::Text => Value::Text(syms.intern(text)),
        Type::Boolean => Value::Bool(parse_bool(text)?),
        Type::Color => Value::Color(parse_color(text.trim())?),
        Type::Object | Type::ObjectType => Value::None,
    })
}

pub fn type_words(ty: Type) -> &'static str {
    match ty {
        Type::Number => "a Number such as 3 or -0.5",
        Type::Text => "a Text",
        Type::Boolean => "a Boolean: true or false",
        Type::Color => "a Color such as #62745F",
        Type::Object | Type::ObjectType => "an Object",
    }
}

/// A Shared Variable's value from the content; an Object one names an object type.
pub fn shared_value(
    syms: &mut Interner,
    ty: Type,
    text: &str,
    file: &YamlFile,
    pos: Pos,
    d: &mut Diagnostics,
) -> Value {
    if ty == Type::Object {
        // Object types may be declared later in the folder: kept by name, resolved in `resolve_object_types`.
        return Value::Text(syms.intern(text));
    }
    cell_value(ty, text, syms).unwrap_or_else(|| {
        d.error(&file.path, pos, format!("`{text}` does not fit: expected {}", type_words(ty)));
        ty.zero()
    })
}
