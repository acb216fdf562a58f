//! Run-time values: small, `Copy`, and compared without touching text.

use crate::ids::{ObjectId, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// An interned text. Two equal texts have equal symbols, so comparing texts
/// is comparing integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// The one empty text, always symbol 0.
pub const EMPTY: Sym = Sym(0);

/// Every text the game has seen. Content texts are interned at load; texts
/// made while playing (rare: joined texts, numbers shown as text) are added.
///
/// Its texts are in two layers: a shared one, frozen ([`Interner::freeze`]:
/// the content's, at the end of the load), and its own, added since. A copy
/// (every World, every rehearsal of a move) shares the frozen layer and
/// copies only its own.
#[derive(Clone, Debug)]
pub struct Interner {
    shared: Arc<Layer>,
    own: Layer,
}

#[derive(Clone, Debug, Default)]
struct Layer {
    /// Shared with the saves that write them ([`Interner::shared_text`]).
    texts: Vec<Arc<str>>,
    ids: HashMap<Arc<str>, Sym>,
    /// What its texts cost, each as `Interner::cost` counts it.
    bytes: usize,
}

impl Default for Interner {
    fn default() -> Self {
        let mut interner = Interner { shared: Arc::default(), own: Layer::default() };
        interner.intern("");
        interner
    }
}

impl Interner {
    /// What a text of `len` bytes costs once interned: its bytes twice (in
    /// the list and as the map's key) and an entry's bookkeeping (the two
    /// boxes, the map's slot, the allocator's headers, the room the list
    /// and the map keep to grow).
    pub const fn cost(len: usize) -> usize {
        len.saturating_mul(2).saturating_add(128)
    }

    pub fn intern(&mut self, text: &str) -> Sym {
        match self.get(text) {
            Some(sym) => sym,
            None => self.add(text),
        }
    }

    /// The symbol of `text`, interned if it is not yet, unless that would
    /// take the texts' cost (`Interner::bytes`) past `most`: then None.
    pub fn intern_within(&mut self, text: &str, most: usize) -> Option<Sym> {
        if let Some(sym) = self.get(text) {
            return Some(sym);
        }
        (self.bytes().saturating_add(Self::cost(text.len())) <= most).then(|| self.add(text))
    }

    fn add(&mut self, text: &str) -> Sym {
        let sym = Sym((self.shared.texts.len() + self.own.texts.len()) as u32);
        self.own.bytes = self.own.bytes.saturating_add(Self::cost(text.len()));
        let text: Arc<str> = text.into();
        self.own.texts.push(text.clone());
        self.own.ids.insert(text, sym);
        sym
    }

    /// Makes every text it holds part of the frozen layer its copies share.
    pub fn freeze(&mut self) {
        if self.own.texts.is_empty() {
            return;
        }
        let own = std::mem::take(&mut self.own);
        let shared = Arc::make_mut(&mut self.shared);
        shared.texts.extend(own.texts);
        shared.ids.extend(own.ids);
        shared.bytes = shared.bytes.saturating_add(own.bytes);
    }

    /// What all its texts cost (`Interner::cost`), in bytes.
    pub fn bytes(&self) -> usize {
        self.shared.bytes.saturating_add(self.own.bytes)
    }

    /// The symbol of a text already interned, without adding it.
    pub fn get(&self, text: &str) -> Option<Sym> {
        self.shared.ids.get(text).or_else(|| self.own.ids.get(text)).copied()
    }

    pub fn text(&self, sym: Sym) -> &str {
        self.entry(sym).map(|t| &**t).unwrap_or("")
    }

    /// The text of `sym`, shared, not copied (a save's cells and names).
    pub fn shared_text(&self, sym: Sym) -> Arc<str> {
        self.entry(sym).cloned().unwrap_or_else(|| Arc::from(""))
    }

    /// Whether `text` is the very text of `sym` here (the same allocation).
    pub fn is_text_of(&self, text: &Arc<str>, sym: Sym) -> bool {
        self.entry(sym).is_some_and(|t| Arc::ptr_eq(t, text))
    }

    fn entry(&self, sym: Sym) -> Option<&Arc<str>> {
        let i = sym.0 as usize;
        let shared = self.shared.texts.len();
        if i < shared {
            self.shared.texts.get(i)
        } else {
            self.own.texts.get(i - shared)
        }
    }
}

/// The type of a value, as content declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Number,
    Text,
    Boolean,
    Color,
    /// An Object made in the world.
    Object,
    /// An object type, as Create Instance takes it (a Shared Variable of type Object).
    ObjectType,
}

impl Type {
    pub fn parse(word: &str) -> Option<Type> {
        Some(match word {
            "Number" => Type::Number,
            "Text" => Type::Text,
            "Boolean" => Type::Boolean,
            "Color" => Type::Color,
            "Object" => Type::Object,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Type::Number => "Number",
            Type::Text => "Text",
            Type::Boolean => "Boolean",
            Type::Color => "Color",
            Type::Object => "Object",
            Type::ObjectType => "Object",
        }
    }

    /// The value is of this type as it stands, with nothing to convert.
    #[inline(always)]
    pub fn holds(self, v: Value) -> bool {
        // The types cards store most, first: a conversion's hot path.
        matches!(
            (self, v),
            (Type::Number, Value::Num(_))
                | (Type::Text, Value::Text(_))
                | (Type::Boolean, Value::Bool(_))
                | (Type::Color, Value::Color(_))
                | (Type::Object, Value::Obj(_) | Value::None)
        ) || matches!((self, v), (Type::ObjectType, Value::ObjType(_) | Value::None))
    }

    /// The value a declared variable or an empty cell starts with.
    pub fn zero(self) -> Value {
        match self {
            Type::Number => Value::Num(0.0),
            Type::Text => Value::Text(EMPTY),
            Type::Boolean => Value::Bool(false),
            Type::Color => Value::Color(0xFFFF_FFFF),
            Type::Object | Type::ObjectType => Value::None,
        }
    }
}

/// A value, laid out as `#[repr(u8)]` fixes it (a tag byte, then each
/// kind's payload at its own place: [`Value::TAG_NUM`] and the others), so
/// that the machine code the cards are compiled to (`code/native.rs`) can
/// read and write values as the interpreter does.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
pub enum Value {
    /// No Object (an Object variable before it is set).
    None,
    Num(f64),
    Bool(bool),
    Text(Sym),
    /// 0xRRGGBBAA
    Color(u32),
    Obj(ObjectId),
    ObjType(TypeId),
}

impl Value {
    /// The tag byte (at offset 0) of each kind of value; a Number's `f64`
    /// is at offset 8, a Boolean's byte at 1, the 32 bits of a Text's,
    /// Color's, Object's or object type's at 4 (`#[repr(u8)]`: each
    /// variant a `#[repr(C)]` struct after the tag; checked at compile
    /// time, below).
    pub const TAG_NONE: u8 = 0;
    pub const TAG_NUM: u8 = 1;
    pub const TAG_BOOL: u8 = 2;
    pub const TAG_TEXT: u8 = 3;
    pub const TAG_COLOR: u8 = 4;
    pub const TAG_OBJ: u8 = 5;
    pub const TAG_OBJ_TYPE: u8 = 6;
    pub const NUM_AT: i32 = 8;
    pub const BOOL_AT: i32 = 1;
    pub const WORD_AT: i32 = 4;

    pub fn type_name(self) -> &'static str {
        match self {
            Value::None => "no Object",
            Value::Num(_) => "a Number",
            Value::Bool(_) => "a Boolean",
            Value::Text(_) => "a Text",
            Value::Color(_) => "a Color",
            Value::Obj(_) => "an Object",
            Value::ObjType(_) => "an object type",
        }
    }

    /// Equality as `==` sees it: values of different types are not equal.
    #[inline]
    pub fn same(&self, other: &Value) -> bool {
        // Texts and Booleans first, as the cards compare them most: tests,
        // not a jump on the tag. By reference: the machine compares two
        // registers in place rather than copying both out first.
        if let (Value::Text(a), Value::Text(b)) = (self, other) {
            return a == b;
        }
        if let (Value::Bool(a), Value::Bool(b)) = (self, other) {
            return a == b;
        }
        self == other
    }
}

// The layout the machine code relies on (`Value::TAG_NUM`, `NUM_AT` and
// the others), checked where this is compiled: each kind's tag, and its
// payload where the machine code reads it.
const _: () = {
    /// `N` bytes of `v` from byte `at`.
    const fn bytes<const N: usize>(v: &Value, at: i32) -> [u8; N] {
        let p = (v as *const Value).cast::<u8>();
        let mut out = [0; N];
        let mut i = 0;
        while i < N {
            // SAFETY: inside the value's 16 bytes. Only the tag's and the
            // payload's bytes are read: padding would fail to compile.
            out[i] = unsafe { *p.add(at as usize + i) };
            i += 1;
        }
        out
    }
    const fn tag(v: &Value) -> u8 {
        bytes::<1>(v, 0)[0]
    }
    const fn same<const N: usize>(a: [u8; N], b: [u8; N]) -> bool {
        let mut i = 0;
        while i < N {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }
    assert!(tag(&Value::None) == Value::TAG_NONE);
    assert!(tag(&Value::Num(2.5)) == Value::TAG_NUM);
    assert!(same(bytes(&Value::Num(2.5), Value::NUM_AT), 2.5f64.to_ne_bytes()));
    assert!(tag(&Value::Bool(true)) == Value::TAG_BOOL);
    assert!(same(bytes(&Value::Bool(true), Value::BOOL_AT), [1]));
    assert!(tag(&Value::Text(Sym(7))) == Value::TAG_TEXT);
    assert!(same(bytes(&Value::Text(Sym(7)), Value::WORD_AT), 7u32.to_ne_bytes()));
    assert!(tag(&Value::Color(0x0102_0304)) == Value::TAG_COLOR);
    assert!(same(bytes(&Value::Color(0x0102_0304), Value::WORD_AT), 0x0102_0304u32.to_ne_bytes()));
    assert!(tag(&Value::Obj(ObjectId(9))) == Value::TAG_OBJ);
    assert!(same(bytes(&Value::Obj(ObjectId(9)), Value::WORD_AT), 9u32.to_ne_bytes()));
    assert!(tag(&Value::ObjType(TypeId(3))) == Value::TAG_OBJ_TYPE);
    assert!(same(bytes(&Value::ObjType(TypeId(3)), Value::WORD_AT), 3u32.to_ne_bytes()));
};

/// Formats a number the way a player reads it: `3`, not `3.0`.
pub fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// Shows a value as text (for `{…}` in a UI Text, and for the driver).
pub struct Shown<'a>(pub Value, pub &'a Interner);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Value::None => Ok(()),
            Value::Num(n) => f.write_str(&format_number(n)),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(s) => f.write_str(self.1.text(s)),
            Value::Color(c) => write!(f, "#{c:08X}"),
            Value::Obj(o) => write!(f, "object {}", o.0),
            Value::ObjType(t) => write!(f, "object type {}", t.0),
        }
    }
}

/// Reads a color written `#RRGGBB` or `#RRGGBBAA`.
pub fn parse_color(text: &str) -> Option<u32> {
    let hex = text.strip_prefix('#')?;
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    match hex.len() {
        6 => u32::from_str_radix(hex, 16).ok().map(|rgb| (rgb << 8) | 0xFF),
        8 => u32::from_str_radix(hex, 16).ok(),
        _ => None,
    }
}

pub fn parse_bool(text: &str) -> Option<bool> {
    match text.trim() {
        "true" | "True" | "yes" | "Yes" => Some(true),
        "false" | "False" | "no" | "No" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_shares_the_frozen_texts_and_adds_its_own() {
        let mut content = Interner::default();
        let pawn = content.intern("Pawn");
        content.freeze();
        let bytes = content.bytes();
        assert_eq!(bytes, Interner::cost(0) + Interner::cost(4), "the empty text and `Pawn`");
        let mut play = content.clone();
        assert!(Arc::ptr_eq(&play.shared, &content.shared), "a copy shares the frozen layer");
        let nf3 = play.intern("Nf3");
        assert_eq!(play.intern("Pawn"), pawn, "a frozen text keeps its symbol");
        assert_eq!(play.intern("Nf3"), nf3);
        assert_eq!((play.text(pawn), play.text(nf3), play.text(EMPTY)), ("Pawn", "Nf3", ""));
        assert_eq!(content.get("Nf3"), None, "the original does not see the copy's texts");
        assert_eq!(play.bytes(), bytes + Interner::cost(3));
        // Frozen again, a copy's texts keep their symbols.
        play.freeze();
        assert_eq!((play.get("Nf3"), play.text(nf3), play.bytes()), (Some(nf3), "Nf3", bytes + Interner::cost(3)));
        assert_eq!(play.intern("Qh5"), Sym(nf3.0 + 1));
        assert_eq!(content.text(Sym(nf3.0)), "", "a symbol the original never made shows as empty");
    }

    #[test]
    fn hot_types_stay_small() {
        assert_eq!(std::mem::size_of::<Value>(), 16);
        assert_eq!(std::mem::size_of::<Sym>(), 4);
    }

    #[test]
    fn colors_read_with_and_without_alpha() {
        assert_eq!(parse_color("#62745F"), Some(0x6274_5FFF));
        assert_eq!(parse_color("#62745F80"), Some(0x6274_5F80));
        assert_eq!(parse_color("#6274"), None);
        assert_eq!(parse_color("62745F"), None);
    }

    #[test]
    fn numbers_show_without_a_needless_fraction() {
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(-1.0), "-1");
        assert_eq!(format_number(0.44), "0.44");
    }
}
