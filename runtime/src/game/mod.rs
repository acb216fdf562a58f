//! A loaded, checked and resolved game: everything the content folder says,
//! with every name turned into an index. Nothing here changes while playing;
//! the [`crate::world::World`] holds what does.

use crate::code::Code;
use crate::ids::{ColumnId, CompId, ContextId, EventId, FuncId, GlobalId, GroupId, ImageId, StructId, TableId, TypeId};
use crate::program::Expr;
use crate::program::Returns;
use crate::value::{Interner, Sym, Type, Value};
use std::collections::HashMap;
use std::path::PathBuf;

mod grid;
mod input;
mod play;
pub use grid::{Axis, GridLayout, GridMistake};
pub use input::{InputContext, Key, MAX_COMMANDS_PER_KEY};
pub use play::{PlayArg, PlayCall, PlayRules, SideRule};

pub struct Game {
    /// The content folder's files: the window reads the art from them.
    pub files: crate::source::files::Files,
    pub name: String,
    pub screen: (f32, f32),
    /// The least the window scales the game screen (game.yaml's
    /// `screen: { minScale }`): the window is kept at least the game
    /// screen's size times it, so that its smallest words stay readable;
    /// none: any size.
    pub min_scale: Option<f32>,
    pub pixels_per_meter: f32,
    pub background: u32,
    pub fonts: Fonts,
    /// Every text of the content; the World starts from a copy.
    pub syms: Interner,
    pub tables: Vec<TableDef>,
    pub structs: Vec<StructDef>,
    pub types: Vec<ObjectType>,
    pub globals: Vec<GlobalDef>,
    pub events: Vec<EventDef>,
    pub functions: Vec<Function>,
    pub components: Vec<Component>,
    pub images: Vec<ImageDef>,
    /// Every sound of sounds/ (`sounds/NAME.wav`), by `SoundId`, checked at load.
    pub sounds: Vec<SoundDef>,
    /// Game States by name; a game starts in the first.
    pub states: Vec<String>,
    /// UI Groups, and whether each is shown when a game starts.
    pub groups: Vec<(String, bool)>,
    /// What each UI Group is, by its index in `groups`: plain, a menu, or an element of a menu.
    pub group_kinds: Vec<GroupKind>,
    /// Every PNG under art/, by its path as a Text names it (`art/board-slate.png`):
    /// what Set Sprite may show. Every such path is interned in `syms`, so a
    /// Text made while playing finds its picture here too.
    pub pictures: HashMap<Sym, ImageId>,
    pub scene: Vec<Placement>,
    /// Where each step came from, for fault messages; indexed by a step's `site`.
    pub sites: Vec<Site>,
    pub names: Names,
    /// The code libraries the game uses (game.yaml's `libraries`), by name,
    /// each one the engine knows and checked against the content at load.
    pub libraries: Vec<String>,
    /// Input Contexts (game.yaml's `inputs:`), by `ContextId`.
    pub inputs: Vec<InputContext>,
    /// The language asked for (`--lang`, or the system's), if any.
    pub lang: Option<String>,
    /// The cells its translations (`tables/T.LANG.csv`) gave: (table, row,
    /// column, words). A loaded save keeps these words, not the save's.
    pub translated: Vec<(TableId, Sym, ColumnId, Value)>,
    /// What play may change (a card's step or a code library writes it); a
    /// save holds these and nothing else of the content.
    pub written: Written,
    /// What the tables' schemas say names rows of another table, resolved:
    /// the loader holds the content's rows to it, a load a save's.
    pub references: Vec<Reference>,
    /// How far one input's cards may go (game.yaml's `limits:`).
    pub limits: Limits,
    /// Where the cards write the game's result and its reason (game.yaml's
    /// `result:`), if the game says; everything that tells a result reads it
    /// from there.
    pub result: Option<ResultGlobals>,
    /// How a position's moves are listed and made (game.yaml's `play:`),
    /// if the game says: the driver's `moves`, `perft`, `playout`, `play`
    /// and `bestmove` work through it.
    pub play: Option<PlayRules>,
    /// The tables laid out on a grid (`rows laid out by`), each checked
    /// sound at load: a saved game's rows of them are held to it too.
    pub grids: Vec<GridLayout>,
    /// Each Data Structure field that names a row of a table (`refers to`),
    /// by (structure, field): the table, and whether it may be empty.
    pub field_references: HashMap<(u16, u16), (TableId, bool)>,
}

/// game.yaml's `result: { result: G, reason: H }`: two Text Globals the
/// cards write. `result` holds `1-0`, `0-1`, `1/2-1/2` (as PGN writes them)
/// or `*` while the game goes on; `reason` the words of how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultGlobals {
    pub result: GlobalId,
    pub reason: GlobalId,
}

impl ResultGlobals {
    /// The results a result Global may hold, as PGN writes them.
    pub const RESULTS: [&'static str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
}

/// How far the cards may go (game.yaml's `limits:`), so that no card's work
/// outgrows the time and memory of the computer: each bound passed is a
/// fault that names the card and the step, and the game goes on. The
/// defaults are far past what a game needs, and are the most a game may
/// set too (it may set less): so `check` and `drive` of any content stay
/// within a ceiling of memory (under 1 GB, tests/suite/memory.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How many steps one input (a click, a key, a tick) may run.
    pub steps: u64,
    /// How deep calls and nested Events may go, at most [`Limits::MOST_DEPTH`].
    pub depth: u32,
    /// The longest Text a card may make, in bytes (UTF-8).
    pub text: usize,
    /// How many bytes the Texts made while playing may take in all, each
    /// counted as [`crate::value::Interner::cost`] says (its bytes twice and
    /// its bookkeeping): every Text made is kept until the game restarts.
    pub texts: usize,
    /// How many cells the tables may hold together, each row counting its
    /// cells and one more for its name (and each table's index of rows by
    /// name a cell for every four symbols it spans): `control row` adds no
    /// row past it.
    /// Cells, not rows, as a row of a wide table takes more memory; and all
    /// the tables together, as a game may have many. A million cells are 16
    /// MB of values; the driver's `table` answers a table of them with some
    /// 140 MB more memory, for 8.5 MB of JSON (tests/suite/memory.rs).
    pub cells: usize,
    /// How many Objects there may be (Create Instance makes them).
    pub objects: usize,
}

impl Limits {
    /// The deepest calls may go: the tree walker spends Rust's stack on each
    /// call and block (a trace, a Text's holes), and the language cases walk
    /// 200 calls deep on the tests' threads, whose 2 MB stacks are the
    /// smallest the engine runs on. A game may set less, not more.
    pub const MOST_DEPTH: u32 = 200;

    /// The bounds of a game.yaml that sets none.
    pub const DEFAULT: Limits = Limits {
        steps: 50_000_000,
        depth: Limits::MOST_DEPTH,
        text: 1 << 20,
        texts: 256 << 20,
        cells: 1_000_000,
        objects: 100_000,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A column whose cells name rows of another table (`refers to: Kinds`), or
/// a table whose rows' own names do (`row names refer to: Sides`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    pub table: TableId,
    /// The column; None: the rows' own names.
    pub column: Option<ColumnId>,
    /// The table whose rows it names.
    pub to: TableId,
    /// An empty cell names no row (`may be empty: true`).
    pub may_be_empty: bool,
}

/// The tables, Globals and Data Structure fields that play may change: a
/// card has a step that writes them (`set data cell`, `control row`, `reset
/// table`, `set: $g`, `set component: obj.slot.field`), or a code library
/// says it writes them (`library::Resolved::writes`). Found once, at load.
/// A save holds only these; everything else is read from the content at
/// every start, so an edit to a table no card writes (Kinds) is never undone
/// by a save.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// By `TableId`.
    pub tables: Vec<bool>,
    /// By `GlobalId`.
    pub globals: Vec<bool>,
    /// By `StructId`, then by field.
    pub fields: Vec<Vec<bool>>,
}

impl Written {
    /// Nothing written yet, sized for `game`'s tables, Globals and structures.
    pub fn none(game: &Game) -> Written {
        Written {
            tables: vec![false; game.tables.len()],
            globals: vec![false; game.globals.len()],
            fields: game.structs.iter().map(|s| vec![false; s.fields.len()]).collect(),
        }
    }

    pub fn table(&self, t: TableId) -> bool {
        self.tables.get(t.index()).copied().unwrap_or(false)
    }

    pub fn global(&self, g: GlobalId) -> bool {
        self.globals.get(g.index()).copied().unwrap_or(false)
    }

    pub fn field(&self, s: StructId, field: usize) -> bool {
        self.fields.get(s.index()).and_then(|f| f.get(field)).copied().unwrap_or(false)
    }

    pub fn mark_table(&mut self, t: TableId) {
        if let Some(w) = self.tables.get_mut(t.index()) {
            *w = true;
        }
    }

    pub fn mark_global(&mut self, g: GlobalId) {
        if let Some(w) = self.globals.get_mut(g.index()) {
            *w = true;
        }
    }

    pub fn mark_field(&mut self, s: StructId, field: usize) {
        if let Some(w) = self.fields.get_mut(s.index()).and_then(|f| f.get_mut(field)) {
            *w = true;
        }
    }
}

#[derive(Default)]
pub struct Fonts {
    pub regular: Option<PathBuf>,
    pub bold: Option<PathBuf>,
}

/// Name lookups, used at load and by the driver's `eval` and `call`; never on the hot path.
#[derive(Default)]
pub struct Names {
    pub tables: HashMap<String, TableId>,
    pub structs: HashMap<String, StructId>,
    /// `boardState` -> Board State.
    pub slots: HashMap<String, StructId>,
    pub types: HashMap<String, TypeId>,
    pub globals: HashMap<String, GlobalId>,
    pub events: HashMap<String, EventId>,
    pub functions: HashMap<String, FuncId>,
    pub components: HashMap<String, CompId>,
    pub contexts: HashMap<String, ContextId>,
}

pub struct TableDef {
    pub name: String,
    pub file: PathBuf,
    pub columns: Vec<ColumnDef>,
    pub column_index: HashMap<Sym, ColumnId>,
    /// The rows the content made it with (Reset Data Table brings them back).
    pub rows: Vec<Sym>,
    /// Row-major: `cells[row * columns.len() + column]`.
    pub cells: Vec<Value>,
    /// Reading a row that is not there gives the column's default instead of
    /// a fault (`missing rows: default`): for tables whose rows the cards make
    /// while playing, such as Targets, read before the first Piece is selected.
    pub missing_rows: MissingRows,
}

/// What reading a row that is not there does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingRows {
    /// A fault that names the card and step (`missing rows: error`, the default).
    Error,
    /// The columns' defaults (`missing rows: default`).
    Default,
    /// The columns' defaults for the empty name `''` only; any other missing
    /// row is a fault (`missing rows: default for an empty name`).
    DefaultForEmptyName,
}

pub struct ColumnDef {
    pub name: String,
    pub sym: Sym,
    pub ty: Type,
    /// What an empty cell, and a row made while playing, holds.
    pub default: Value,
    /// `default: { column: steps }`: an empty cell of the content's rows
    /// holds that row's value of this other column (`default` is then that
    /// column's default, for a row made while playing).
    pub default_column: Option<ColumnId>,
}

pub struct StructDef {
    pub name: String,
    /// How an Object reads it: `boardState`.
    pub slot: String,
    pub fields: Vec<FieldDef>,
}

pub struct FieldDef {
    pub name: String,
    pub ty: Type,
    pub default: Value,
    /// The field is the Object's own name.
    pub is_object_name: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    World,
    Screen,
}

pub struct ObjectType {
    pub name: String,
    pub layer: Layer,
    pub hit_box: Option<(f32, f32)>,
    pub sprite: Option<SpriteDef>,
    pub text: Option<TextDef>,
    pub structs: Vec<StructId>,
    /// Where each Data Structure's fields start in an Object's fields, by StructId.
    pub struct_offset: Vec<Option<u16>>,
    /// An Object's fields as it is made.
    pub fields: Vec<Value>,
    pub attachments: Vec<Attachment>,
}

/// A Logic Component on an object type, with its Shared Variables' values.
pub struct Attachment {
    pub component: CompId,
    pub shared: Vec<Value>,
}

#[derive(Clone)]
pub struct SpriteDef {
    pub image: ImageId,
    pub frames: u32,
    pub size: (f32, f32),
    pub depth: f32,
    pub frame: u32,
    pub tint: u32,
    pub alpha: f32,
    pub visible: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

#[derive(Clone)]
pub struct TextDef {
    pub template: Template,
    pub size: f32,
    pub color: u32,
    pub bold: bool,
    pub align: Align,
    pub offset: (f32, f32),
    pub depth: f32,
    /// `wrap: [W, H]`: the box the text wraps in (the layer's units), centred
    /// on the text's place; a text too long for it is drawn smaller.
    pub wrap: Option<(f32, f32)>,
}

/// A text with live holes, compiled.
#[derive(Clone, Default)]
pub struct Template {
    pub parts: Vec<TemplatePart>,
}

#[derive(Clone)]
pub enum TemplatePart {
    Literal(String),
    Hole(Expr),
}

/// A sound of the content: `sounds/capture.wav` is the sound `capture`,
/// which a Play Sound step names.
pub struct SoundDef {
    pub name: String,
    pub path: PathBuf,
    /// How long it plays.
    pub seconds: f64,
}

pub struct ImageDef {
    pub path: PathBuf,
    pub width: u32,
    pub height: u32,
}

/// The Global the system sets (`$prefersReducedMotion`): true when the
/// player's system asks for less motion. Every game has it.
pub const REDUCED_MOTION: &str = "prefersReducedMotion";

pub struct GlobalDef {
    pub name: String,
    pub ty: Type,
    pub value: Value,
}

pub struct EventDef {
    pub name: String,
}

/// What a UI Group is (game.yaml's `groups:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// Screen Objects shown and hidden together.
    Plain,
    /// A menu panel (`menu: true`): while it is shown it holds the game, and
    /// a click reaches only the shown screen Objects of the open menus.
    Menu,
    /// An element of a menu (`in: MENU`): shown only while its menu is shown and itself is.
    Element(GroupId),
    /// A choice put to the player in the middle of a move (`choice: true`,
    /// chess's Promotion): closed, with the menus, when a code library sets
    /// the position from outside ([`crate::world::World::close_choices`]).
    Choice,
}

pub struct Placement {
    pub ty: TypeId,
    pub name: Sym,
    /// World: meters. Screen: pixels from the anchor, y up.
    pub x: f32,
    pub y: f32,
    /// Screen layer: (horizontal 0/0.5/1, vertical 0/0.5/1) of the screen, from bottom-left.
    pub anchor: (f32, f32),
    pub group: Option<GroupId>,
    /// Data Structure fields the placement gives its Object (`fields:`):
    /// (the field's index in the Object's fields, its value).
    pub fields: Vec<(u16, Value)>,
}

pub struct Param {
    pub name: String,
    pub ty: Type,
    pub default: Option<Value>,
    pub requires: Option<StructId>,
}

pub struct Function {
    pub name: String,
    pub file: PathBuf,
    pub params: Vec<Param>,
    pub returns: Returns,
    /// The steps lowered for the register machine, with the frame a call
    /// starts with (parameters first, then locals; the locals the card
    /// declares first, with constant values, already hold them).
    pub code: Code,
}

pub struct Component {
    pub name: String,
    pub file: PathBuf,
    pub structs: Vec<StructId>,
    pub shared: Vec<SharedDef>,
    pub handlers: Vec<Handler>,
    /// Its instance variables (`instance variables:`, read as `self.NAME`):
    /// the fields of a Data Structure of their own, carried by every object
    /// type that carries the component; each placement gives their values.
    pub instance: Option<StructId>,
}

pub struct SharedDef {
    pub name: String,
    pub ty: Type,
    pub value: Value,
}

pub struct Handler {
    pub event: EventId,
    /// A Command's handler that hears only this one of its keys (`key: Left`).
    pub key: Option<Key>,
    /// The steps lowered for the register machine (see `Function::code`).
    pub code: Code,
    /// The Event Logic variant it is (`mode: Land At Once`), when it is one of
    /// several of its Component for its Event: it runs only while chosen.
    pub mode: Option<HandlerMode>,
}

/// An Event Logic variant: its name, and whether it is the one chosen while
/// no `event: E, mode: M` step has chosen (the first written for its Event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandlerMode {
    pub name: Sym,
    pub first: bool,
}

/// Which card a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardRef {
    Function(FuncId),
    Component(CompId, EventId),
    /// An expression typed into the driver or a UI text.
    Loose,
}

pub struct Site {
    pub card: CardRef,
    /// The step's number on the card, counted as the book counts (1 = first).
    pub step: u16,
    pub line: u32,
    /// The step's action as written (`set data cell`), for a trace.
    pub action: &'static str,
    /// What the action key says, as written (`Targets` of `set data cell:
    /// Targets`, the condition of an If), for a trace; empty when it is no
    /// single value.
    pub said: Box<str>,
}

// A Game is shared by every World and thread that plays it (`Arc<Game>`):
// the compiler holds it `Send` and `Sync`.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<Game>();
};

impl Game {
    /// How many values a call's answer holds.
    pub fn answer_width(&self, returns: Returns) -> usize {
        match returns {
            Returns::Nothing => 0,
            Returns::Value(_) => 1,
            Returns::Struct(s) => self.structs.get(s.index()).map_or(0, |d| d.fields.len()),
        }
    }

    pub fn card_name(&self, card: CardRef) -> String {
        match card {
            CardRef::Function(f) => self.functions.get(f.index()).map_or("?".into(), |f| f.name.clone()),
            CardRef::Component(c, e) => format!(
                "{} ({})",
                self.components.get(c.index()).map_or("?", |c| &c.name),
                self.events.get(e.index()).map_or("?", |e| &e.name)
            ),
            CardRef::Loose => "an expression".into(),
        }
    }
}
