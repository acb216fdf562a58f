//! A small JSON value, written one per line by serde_json: the driver's
//! answers, and what a code library's driver commands answer.

use crate::value::format_number;
use serde::{Serialize, Serializer};
use std::fmt;
use std::io;

#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn obj(pairs: Vec<(&str, Json)>) -> Json {
        Json::Obj(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    pub fn error(message: impl Into<String>) -> Json {
        Json::obj(vec![("error", Json::Str(message.into()))])
    }

    /// A field of an object, or Null.
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(pairs) => pairs.iter().find(|(k, _)| k == key).map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => &[],
        }
    }

    pub fn is_error(&self) -> bool {
        !matches!(self.get("error"), Json::Null)
    }
}

/// serde_json's compact output, with a Number written as the game shows it
/// ([`format_number`]): `3`, not serde_json's `3.0`; `0.00001`, not `1e-5`.
/// serde_json writes a Number that is not finite as `null` itself.
struct Numbers;

impl serde_json::ser::Formatter for Numbers {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, n: f64) -> io::Result<()> {
        writer.write_all(format_number(n).as_bytes())
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Num(n) => s.serialize_f64(*n),
            Json::Str(text) => s.serialize_str(text),
            Json::Arr(items) => s.collect_seq(items),
            // In the order the pairs were made, duplicates and all.
            Json::Obj(pairs) => s.collect_map(pairs.iter().map(|(k, v)| (k, v))),
        }
    }
}

/// One line of JSON, no spaces: `{"clicked":"e2","faults":["..."]}`.
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::new();
        self.serialize(&mut serde_json::Serializer::with_formatter(&mut out, Numbers)).map_err(|_| fmt::Error)?;
        f.write_str(std::str::from_utf8(&out).map_err(|_| fmt::Error)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_escaped_json() {
        let j = Json::obj(vec![("a", Json::Str("x\"y\n".into())), ("b", Json::Arr(vec![Json::Num(3.0), Json::Null]))]);
        assert_eq!(j.to_string(), r#"{"a":"x\"y\n","b":[3,null]}"#);
    }

    /// Numbers as the game shows them, whatever serde_json would write.
    #[test]
    fn writes_numbers_as_the_game_shows_them() {
        let nums = [3.0, -0.0, 0.5, -2.25, 1e-5, 1e15, 1e21, 0.1 + 0.2, f64::NAN, f64::INFINITY];
        let j = Json::Arr(nums.iter().map(|&n| Json::Num(n)).collect());
        assert_eq!(
            j.to_string(),
            "[3,0,0.5,-2.25,0.00001,1000000000000000,1000000000000000000000,0.30000000000000004,null,null]"
        );
    }

    /// Every control character escaped (backspace and form feed as `\b` and
    /// `\f`, serde_json's way), the rest of a text as it is.
    #[test]
    fn escapes_control_characters() {
        let j = Json::obj(vec![("k\t", Json::Str("\u{1}\r\u{8}\u{c}\u{1f}\u{7f}é\\".into()))]);
        assert_eq!(j.to_string(), "{\"k\\t\":\"\\u0001\\r\\b\\f\\u001f\u{7f}é\\\\\"}");
    }
}
