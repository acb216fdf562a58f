//! What a game keeps on the player's computer, outside the World: saved
//! games and Persistent Values.
//!
//! - The save format ([`SaveFile`], YAML through serde): a format version
//!   ([`FORMAT`]), the game's name (a save of another game is never
//!   loaded), the shape of what it holds ([`Fingerprint`]: the types of its
//!   tables' columns, Data Structures' fields and Globals), and the World by
//!   names ([`SavedWorld`]). A save holds what play may change, never the
//!   content: the tables, Globals and Data Structure fields some card or
//!   code library writes (`Game::written`); a table no card writes (Kinds)
//!   is read from the content at every start. It holds those tables' rows
//!   by name with their cells by column, every Object (by its place in the
//!   list: the scene's first, in scene order, then those made while
//!   playing) with its type, name and written fields by name, the written
//!   Globals, the Game State and the UI Groups by name, the code libraries'
//!   states by library. Texts are written as texts, never as the World's
//!   interned numbers. A save of content that changed since loads what still
//!   fits, and says what it drops (`World::from_save`).
//! - Where the files go ([`Store`]): in memory (the driver's default, so a
//!   test never touches a player's files), or a folder: the platform's data
//!   folder for the game, or one given (`--data-dir`). Every file is written
//!   atomically; a file that cannot be read is moved aside, never lost.
//!
//! This room sits below `world/`, which holds the store and turns a World
//! into a [`SaveFile`] and back (`World::to_save`, `World::from_save`).
//!
//! More World state is added to a save without a new format version: a new
//! field of [`SavedWorld`] or [`SavedObject`] with `#[serde(default)]` (a
//! save written before it reads as the default). [`FORMAT`] changes only
//! when a save written before can no longer be read as it was meant. (A save
//! written before saves held only what play writes holds every table and
//! Global: it still reads as meant, the content's part of it ignored.)

mod keyed;
mod store;
mod writer;

pub use keyed::{Key, Keyed};

pub use store::{
    bad_name, folder_name, ignore_file_size_signal, leftovers, limit_of, platform_dir, read_values, stamp, Kept, Store,
    LOCK, NEW, SAVES, VALUES,
};
use store::{sync_dir, write_atomic};
pub use writer::Flusher;

use crate::game::Game;
use crate::ids::{GlobalId, StructId, TableId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The version of the save format this engine writes and reads.
pub const FORMAT: u32 = 1;

/// A saved game, as a file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// [`FORMAT`] when it was written.
    pub format: u32,
    /// The game's name (game.yaml's `game`).
    pub game: String,
    /// The content it was saved with.
    pub fingerprint: Fingerprint,
    pub world: SavedWorld,
    /// Written last, always true: a file cut short lacks it, so it is not
    /// taken for a whole save.
    pub complete: bool,
}

/// The shape of what a save holds, as the content had it when it was
/// saved: each table's columns' types, each Data Structure's fields' types,
/// each Global's type, by name. A load compares it with the content now, to
/// drop what no longer fits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    pub tables: BTreeMap<String, BTreeMap<String, String>>,
    pub structures: BTreeMap<String, BTreeMap<String, String>>,
    /// (A save written before Globals were here has none: each value is then checked as it is read.)
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub globals: BTreeMap<String, String>,
}

/// The World as a save holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedWorld {
    /// Simulated seconds since the game started.
    pub time: f64,
    /// The Game State, by name.
    pub state: String,
    /// Each Global's value, by name.
    pub globals: BTreeMap<String, Cell>,
    /// Whether each UI Group is shown, by name.
    pub groups: BTreeMap<String, bool>,
    /// Each table's rows, in order, by table name.
    pub tables: BTreeMap<String, Vec<Arc<SavedRow>>>,
    /// How many of `objects` the scene placed (they come first, in scene order).
    pub scene: usize,
    /// Every Object, in the World's order (an Object value is its number here).
    pub objects: Vec<SavedObject>,
    /// Each code library's state, by library (`chess`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub libraries: BTreeMap<String, serde_yaml::Value>,
    /// Whether each Input Context is on, by name (a save without them: as a game starts).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<String, bool>,
    /// The timers running, in the order they were started.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub timers: Vec<SavedTimer>,
    /// The tweens running.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tweens: Vec<SavedTween>,
    /// The Event Logic variants chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<SavedMode>,
    /// The state of the World's generator (`random(n)`), so that a loaded
    /// game draws the numbers the saved one would have (a save without it:
    /// the generator as a new World has it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub random: Option<u64>,
    // More of the World (which Logic Components are off, ...): fields here
    // with `#[serde(default)]`.
}

/// A timer running: its Object (by its number in `objects`), its name, and
/// when it rings next, in the World's seconds (`time`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedTimer {
    pub object: usize,
    pub name: String,
    pub every: f64,
    pub due: f64,
    pub once: bool,
}

/// A tween running: its Object, its axis (`x` or `y`), from where to where,
/// when it started (the World's seconds), for how long, and its ease by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedTween {
    pub object: usize,
    pub axis: String,
    pub from: f32,
    pub to: f32,
    pub start: f64,
    pub duration: f64,
    pub ease: String,
}

/// An Event Logic variant chosen: the Object, its Logic Component, the Event and the variant, by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMode {
    pub object: usize,
    pub component: String,
    pub event: String,
    pub mode: String,
}

/// One row of a table: its name and its cells by column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRow {
    pub name: Key,
    pub cells: Keyed<Cell>,
}

/// One Object as a save holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedObject {
    /// Its object type, by name.
    #[serde(rename = "type")]
    pub ty: Key,
    pub name: String,
    pub x: f32,
    pub y: f32,
    /// Its Data Structures' fields: structure name, then field name (the
    /// field that is the Object's name is `name` above).
    #[serde(default, skip_serializing_if = "Keyed::is_empty")]
    pub fields: Keyed<Keyed<Cell>>,
    pub frame: u32,
    pub alpha: f32,
    /// `#RRGGBBAA`
    pub tint: String,
    pub visible: bool,
    /// A text set by a card; none when the type's template shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// `#RRGGBBAA`
    pub text_color: String,
    pub alive: bool,
    /// The UI Group it is shown and hidden with, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<Key>,
    /// The picture its sprite shows when a card changed it (`art/board-slate.png`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<Key>,
    /// Its sprite's scale, each way (1: its own size).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub scale_x: f32,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub scale_y: f32,
    /// Its Logic Components switched off, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub off: Vec<String>,
    /// A button turned off (`set button on: false`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub button_off: bool,
    // More of an Object: fields here with `#[serde(default)]`.
}

fn one() -> f32 {
    1.0
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

/// One value: a cell, a field, a Global. Its type is the one its column,
/// field or Global declares, so it is written plainly: a Number as a
/// number, a Text as a text (quoted when it looks like something else), a
/// Boolean as true or false, a Color as a `#RRGGBBAA` text, an Object as
/// `{object: N}` (its number in [`SavedWorld::objects`]), no Object as null.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Cell {
    Nothing(()),
    Boolean(bool),
    Number(f64),
    Text(Key),
    Object { object: usize },
}

impl Cell {
    /// What it is, for a message: `a Number`.
    pub fn kind(&self) -> &'static str {
        match self {
            Cell::Nothing(()) => "nothing",
            Cell::Boolean(_) => "a Boolean",
            Cell::Number(_) => "a Number",
            Cell::Text(_) => "a Text",
            Cell::Object { .. } => "an Object",
        }
    }
}

impl Fingerprint {
    /// The shape of all of a game's content: every table, Data Structure and Global.
    pub fn of(game: &Game) -> Fingerprint {
        Fingerprint::keeping(game, |_| true, |_, _| true, |_| true)
    }

    /// The shape of what a save of the game holds: the tables, Data
    /// Structure fields and Globals that play writes (`Game::written`).
    pub fn of_saved(game: &Game) -> Fingerprint {
        let w = &game.written;
        Fingerprint::keeping(
            game,
            |t| w.table(TableId(t as u16)),
            |s, f| w.field(StructId(s as u16), f),
            |g| w.global(GlobalId(g as u16)),
        )
    }

    fn keeping(
        game: &Game,
        table: impl Fn(usize) -> bool,
        field: impl Fn(usize, usize) -> bool,
        global: impl Fn(usize) -> bool,
    ) -> Fingerprint {
        let tables = (game.tables.iter().enumerate().filter(|(i, _)| table(*i)))
            .map(|(_, t)| {
                (t.name.clone(), t.columns.iter().map(|c| (c.name.clone(), c.ty.name().to_string())).collect())
            })
            .collect();
        let structures = game
            .structs
            .iter()
            .enumerate()
            .map(|(s, def)| {
                let fields: BTreeMap<String, String> = (def.fields.iter().enumerate())
                    .filter(|(f, fd)| field(s, *f) && !fd.is_object_name)
                    .map(|(_, f)| (f.name.clone(), f.ty.name().to_string()))
                    .collect();
                (def.name.clone(), fields)
            })
            .filter(|(_, fields)| !fields.is_empty())
            .collect();
        let globals = (game.globals.iter().enumerate().filter(|(i, _)| global(*i)))
            .map(|(_, g)| (g.name.clone(), g.ty.name().to_string()))
            .collect();
        Fingerprint { tables, structures, globals }
    }
}

impl SaveFile {
    /// The file's text.
    pub fn to_yaml(&self) -> Result<String, String> {
        serde_yaml::to_string(self).map_err(|e| format!("the game could not be written as YAML: {e}"))
    }

    /// Reads a save file's bytes. Err says, in words, why they are not a
    /// save this engine can read (not text, not YAML, another format
    /// version, cut short, a part missing or of the wrong kind). Whether it
    /// fits a game is [`SaveFile::is_of`] and the load's (`World::from_save`).
    pub fn read(bytes: &[u8]) -> Result<SaveFile, String> {
        let text = std::str::from_utf8(bytes);
        if let Ok(text) = text {
            crate::source::read::check_flow_depth(text).map_err(|e| format!("the file is not a save ({e})"))?;
        }
        // The common case first, in one pass; the reasons, when it fails.
        if let Ok(Ok(save)) = std::str::from_utf8(bytes).map(serde_yaml::from_str::<SaveFile>) {
            if save.format == FORMAT && save.complete {
                return Ok(save);
            }
        }
        let value = read_versioned(bytes, "save")?;
        // Cut short anywhere (even after a key whose value was cut off, which
        // reads as nothing), a save lacks `complete: true`, written last.
        if value.get("complete").is_none() {
            return Err("the save is cut short or incomplete (it has no `complete: true`, written last)".into());
        }
        let save: SaveFile = serde_yaml::from_value(value).map_err(|e| incomplete_or(e, "save"))?;
        if !save.complete {
            return Err("the save is not marked complete".into());
        }
        Ok(save)
    }

    /// Whether this save is of this game (its name): a save of another
    /// game is never loaded, not even in part. Whether its parts still fit
    /// the content is for the load to say (`World::from_save`).
    pub fn is_of(&self, game: &Game) -> Result<(), String> {
        if self.game != game.name {
            return Err(format!("it is a save of the game `{}`, not of `{}`", self.game, game.name));
        }
        Ok(())
    }
}

/// A file's bytes as YAML with `format: FORMAT` at the top level.
pub(crate) fn read_versioned(bytes: &[u8], what: &str) -> Result<serde_yaml::Value, String> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err("the file is empty".into());
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("the file is not text (byte {} is not UTF-8)", e.valid_up_to() + 1))?;
    crate::source::read::check_flow_depth(text).map_err(|e| format!("the file is not a {what} ({e})"))?;
    let value: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| format!("the file is not YAML ({e})"))?;
    match value.get("format") {
        None => Err(format!("the file is not a Cardtable {what} (it has no `format`)")),
        Some(f) => match f.as_u64() {
            Some(n) if n == u64::from(FORMAT) => Ok(value),
            Some(n) => Err(format!("the {what} is of format {n}, and this engine reads format {FORMAT}")),
            None => Err(format!("the {what}'s `format` is not a number")),
        },
    }
}

/// A serde error in words: a file cut short lacks `complete`, which is last.
fn incomplete_or(e: serde_yaml::Error, what: &str) -> String {
    let text = e.to_string();
    if text.contains("missing field") {
        format!("the {what} is cut short or incomplete ({text})")
    } else {
        format!("the {what} cannot be read ({text})")
    }
}

/// The most bytes a save slot's name takes (UTF-8): a file system allows a
/// file's name 255 bytes, and the store adds to the slot's name as much as
/// `.yaml.bad-20250102T030405-99` (a file moved aside).
pub const SLOT_BYTES: usize = 200;

/// Whether a text may name a save slot: it becomes a file's name, so it is
/// 1 to 64 letters, digits, spaces, `-`, `_` or `.` taking at most
/// [`SLOT_BYTES`] bytes, neither starting with a dot or a space nor ending
/// with a dot or a space.
pub fn check_slot(slot: &str) -> Result<(), String> {
    let fine = !slot.is_empty()
        && slot.chars().count() <= 64
        && slot.len() <= SLOT_BYTES
        && slot.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))
        && !slot.starts_with(['.', ' '])
        && !slot.ends_with(['.', ' ']);
    if fine {
        Ok(())
    } else {
        Err(format!(
            "`{slot}` cannot name a save slot: a slot is 1 to 64 letters, digits, spaces, `-`, `_` or `.` (at most \
             {SLOT_BYTES} bytes in UTF-8: it becomes a file's name), not starting with a dot or a space nor ending \
             with one"
        ))
    }
}

/// Whether a text may be a Persistent Value's key: 1 to 200 characters, no
/// line break.
pub fn check_key(key: &str) -> Result<(), String> {
    if key.is_empty() || key.chars().count() > 200 || key.contains(['\n', '\r']) {
        Err(format!("`{key}` cannot be a Persistent Value's key: a key is 1 to 200 characters on one line"))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_names_a_file_may_have() {
        for good in ["auto", "Game 2", "a-b_c.d", "été"] {
            assert!(check_slot(good).is_ok(), "{good}");
        }
        for bad in ["", ".hidden", "../x", "a/b", "a\\b", "x.", " x", "x ", "a:b", &"x".repeat(65)] {
            assert!(check_slot(bad).is_err(), "{bad}");
        }
        // A file's name is bytes: 64 four-byte letters (`𝐀`) are 256 of them.
        assert!(check_slot(&"𝐀".repeat(50)).is_ok());
        for bad in ["𝐀".repeat(51), "𝐀".repeat(64)] {
            assert!(check_slot(&bad).unwrap_err().contains("at most 200 bytes"), "{bad}");
        }
        assert!(check_key("playerSide").is_ok());
        assert!(check_key("").is_err() && check_key("a\nb").is_err());
    }

    #[test]
    fn texts_stay_texts_and_cells_keep_their_kind() {
        let cells = vec![
            Cell::Text("true".into()),
            Cell::Text("3".into()),
            Cell::Text("".into()),
            Cell::Text("null".into()),
            Cell::Number(3.0),
            Cell::Number(0.1),
            Cell::Boolean(false),
            Cell::Nothing(()),
            Cell::Object { object: 7 },
        ];
        let text = serde_yaml::to_string(&cells).unwrap();
        let back: Vec<Cell> = serde_yaml::from_str(&text).unwrap();
        assert_eq!(back, cells, "{text}");
    }

    #[test]
    fn unreadable_bytes_say_why() {
        let why = |b: &[u8]| SaveFile::read(b).unwrap_err();
        assert_eq!(why(b""), "the file is empty");
        assert_eq!(why(b"  \n"), "the file is empty");
        assert!(why(b"\xff\xfe garbage").starts_with("the file is not text"), "{}", why(b"\xff\xfe"));
        assert!(why(b"a: [").starts_with("the file is not YAML"));
        assert!(why(b"a: 1").contains("has no `format`"));
        assert_eq!(why(b"format: 99\n"), "the save is of format 99, and this engine reads format 1");
        assert!(why(b"format: 1\ngame: X\n").contains("cut short"), "{}", why(b"format: 1\ngame: X\n"));
    }
}
