//! The World: everything that changes while a game is played. Tables,
//! Objects, Globals, and who listens to which Event. The interpreter
//! (`exec/`) runs the cards against it; this room does not know how.

use crate::game::{Game, GroupKind, Key, Layer, ResultGlobals};
use crate::ids::{CompId, GroupId, ImageId, ObjectId, TableId, TypeId};
use crate::save::Store;
use crate::value::{Interner, Sym, Value};
use std::any::Any;
use std::fmt;
use std::path::PathBuf;
use std::rc::Rc;

mod clock;
mod random;
mod reload;
mod draw;
mod saved;
mod sounds;
mod stack;
mod table;
mod trace;
pub use clock::{ModeChoice, Timer, Tween, EPSILON, FRAME};
pub use draw::{Draws, Line, MAX_LINES};
pub use random::Random;
pub use saved::{number, SaveCheck, SavedLibraryState, MENDS_TOLD};
pub use sounds::{SoundLog, MOST_KEPT as MOST_SOUNDS_KEPT};
pub(crate) use stack::Stack;
pub use table::Table;
pub use trace::{Entry, Kept, Named, Read, Trace, TraceFilter, Traced, TracedCard};

#[derive(Clone)]
pub struct Object {
    pub ty: TypeId,
    pub name: Sym,
    /// World layer: meters. Screen layer: pixels from the bottom-left of the game screen.
    pub x: f32,
    pub y: f32,
    /// The Object's Data Structures' fields, laid out as its type says.
    pub fields: Vec<Value>,
    pub frame: u32,
    pub alpha: f32,
    pub tint: u32,
    pub visible: bool,
    /// A text set by a card (`self.text.text`), else the type's template shows.
    pub text: Option<Sym>,
    pub text_color: u32,
    pub alive: bool,
    /// The UI Group it is shown and hidden with.
    pub group: Option<GroupId>,
    /// The picture its sprite shows, when Set Sprite changed it from its type's.
    pub image: Option<ImageId>,
    /// Its sprite's horizontal and vertical scale (1: the type's size), about its centre.
    pub scale_x: f32,
    pub scale_y: f32,
    /// A button turned off (`set button on: false`): drawn dimmed, it hears no click.
    pub button_off: bool,
}

/// One Logic Component handler that hears an Event.
#[derive(Clone, Copy, Debug)]
pub struct Listener {
    pub object: ObjectId,
    pub attachment: u16,
    pub handler: u16,
}

/// A fault while playing: which card and step, and what went wrong. The
/// Event it happened in stops; the game goes on.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    pub card: String,
    pub step: u16,
    pub file: PathBuf,
    pub line: u32,
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, step {} ({}:{}): {}", self.card, self.step, self.file.display(), self.line, self.message)
    }
}

/// A card's call into a code library (`call library: NAME, function: F`),
/// waiting for the host to hand it to the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LibraryCall {
    /// Which of game.yaml's `libraries`.
    pub library: u16,
    /// The library's function, as the card names it.
    pub function: Sym,
    /// The Object the call is for (`applies to`; the card's self by default).
    pub object: ObjectId,
}

/// What a code library keeps about a game being played (the chess library:
/// the move number of the position set up last). It lives in the World, so
/// that a copy of the World (a snapshot) carries it. The World knows no
/// library: each finds its own state by its type (`as_any`). A save keeps
/// each state under its library's name (`key`), as `save` writes it; a
/// state a save brings back waits as a [`SavedLibraryState`] until its
/// library asks for it (`library::state_mut`) and `load`s it.
pub trait LibraryState: StateBox {
    /// The library's name (`chess`): a save keeps the state under it.
    fn key(&self) -> &str;
    /// The state as a save keeps it.
    fn save(&self) -> serde_yaml::Value;
    /// The state as `save` wrote it; Err says why it cannot be read.
    fn load(&mut self, saved: &serde_yaml::Value) -> Result<(), String>;
}

/// What every [`LibraryState`] has for being kept in a box: written once,
/// for every state that is `Clone`, so a library's state only says its key
/// and how it is saved.
pub trait StateBox: Any {
    fn clone_box(&self) -> Box<dyn LibraryState>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: LibraryState + Clone + 'static> StateBox for T {
    fn clone_box(&self) -> Box<dyn LibraryState> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn LibraryState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[derive(Clone)]
pub struct World {
    pub game: std::sync::Arc<Game>,
    pub syms: Interner,
    pub tables: Vec<Table>,
    pub objects: Vec<Object>,
    pub globals: Vec<Value>,
    pub listeners: Vec<Vec<Listener>>,
    /// Every fault so far, oldest first.
    pub faults: Vec<Fault>,
    /// Simulated seconds since the game started.
    pub time: f64,
    /// The Game State, an index into `Game::states`.
    pub state: u16,
    /// Whether each UI Group is shown.
    pub groups: Vec<bool>,
    /// The code libraries' states, each made by its library when first needed.
    pub libraries: Vec<Box<dyn LibraryState>>,
    /// The calls into code libraries the cards have made (`call library`)
    /// that the host has not yet handed to their library, oldest first.
    pub library_calls: Vec<LibraryCall>,
    /// What the player is told that is no fault of a card (a saved game that
    /// could not be read and was moved aside, a save that could not be
    /// written), oldest first. The window shows each for a few seconds; the
    /// driver's answers carry them.
    pub notices: Vec<String>,
    /// The sounds the cards played (`play sound`) that the host has not yet
    /// taken. Kept across a restart and a load.
    pub sounds: SoundLog,
    /// Where saved games and Persistent Values go. Shared by every copy of
    /// the World (a snapshot): they are on the computer, not in the game.
    pub store: Rc<Store>,
    /// The clipboard the host gave (the window: the system's; the driver: a
    /// stand-in; else none): `copy text`, `paste into` and the code
    /// libraries use it through [`World::copy_text`] and [`World::paste_text`].
    /// Kept across a restart and a load.
    pub clipboard: Rc<dyn crate::outside::Clipboard>,
    /// The folder documents are written to for the player (a game saved as
    /// PGN): the platform's documents folder in the window, the driver's
    /// `documents DIR`; none: a notice. Kept across a restart and a load.
    pub documents: Option<PathBuf>,
    /// The slot of a `load game` asked for by the input that runs: it is
    /// loaded once that input has finished (`exec`).
    pub(crate) pending_load: Option<Box<str>>,
    /// While above 0, a load asked for waits: the inputs that run are one
    /// (a click's listeners, the scene's Created Events).
    pub(crate) holding: u32,
    /// While Some (`World::hold_saves`), the saves the cards make wait here,
    /// each slot's newest, until `World::release_saves` hands them to the
    /// store: a code library that may put the World back (an answer whose
    /// handling faulted) drops them with it.
    pub(crate) held_saves: Option<Vec<(String, crate::save::SaveFile)>>,
    /// A rehearsal's (`play::rehearsal`): the saves the cards make are
    /// dropped unmade, as a held save that is never released would be
    /// (no load sees a held save), without the cost of making them.
    pub(crate) dropping_saves: bool,
    /// The names a save writes (columns, Data Structures, fields), made at
    /// the first save and shared by the World's copies.
    pub(crate) save_keys: std::cell::OnceCell<Rc<saved::SaveKeys>>,
    /// The rows the last save made of each table, kept to be shared by the
    /// next save where they did not change (`World::to_save`).
    pub(crate) saved_rows: Rc<std::cell::RefCell<Vec<saved::RowsSaved>>>,
    /// The running cards' frames.
    pub(crate) stack: Stack,
    pub(crate) ret: Vec<Value>,
    pub(crate) steps_left: u64,
    /// How many steps one input may take (game.yaml's `limits: steps`,
    /// `STEP_BUDGET` unless it says; a test may change it).
    pub step_budget: u64,
    pub(crate) depth: u32,
    /// The game's bounds (game.yaml's `limits:`), copied here for the
    /// checks where a call begins, a Text is made, a row or an Object added.
    pub(crate) limits: crate::game::Limits,
    /// The most the Texts may cost (`Interner::bytes`): the content's own,
    /// and `limits.texts` made while playing.
    pub(crate) texts_most: usize,
    /// How many more cells `control row` may add before the tables' cells
    /// are counted again against `limits.cells` (never more than are left:
    /// a row removed or a table reset is found at that count).
    pub(crate) cells_room: usize,
    /// How many runs of a card's code pass before the machine runs it as
    /// machine code (`code::NATIVE_AFTER`; `code::NEVER_NATIVE`: the
    /// interpreter alone, as the tests compare them; 0: at once).
    pub native_after: u32,
    /// The views of the tables the running card's machine code reads,
    /// filled before each entry into it (`code::TableView`).
    pub(crate) views: Vec<crate::code::TableView>,
    /// The Logic Components switched off (`logic component: C, state:
    /// disable`), each of one Object: their handlers hear nothing. Few, so
    /// a list; empty nearly always, which is all an Event checks.
    pub disabled: Vec<(ObjectId, CompId)>,
    /// A `restart game` step ran: the World begins again once the input that ran it ends.
    pub(crate) restart_asked: bool,
    /// The scene's Created and Game Start Events are running (`World::start`).
    pub(crate) starting: bool,
    /// How many times the World began again (`restart game`): a click that
    /// began it again does not go on to the Objects of the new World.
    pub restarts: u32,
    /// Whether each Input Context is on, by `ContextId` (`input context` steps).
    pub inputs_on: Vec<bool>,
    /// The key being pressed while its Command's handlers run: a handler
    /// with `key:` hears only that key.
    pub(crate) key_now: Option<Key>,
    /// Where the mouse is on the game screen, in pixels from the bottom-left
    /// (the cards' `pointerX()` and `pointerY()`), and whether its left
    /// button is held after a press that reached no button (a drag).
    pub pointer: (f32, f32),
    pub dragging: bool,
    /// How many game-screen pixels the window shows on each side of the
    /// game screen, past its width (the cards' `screenBeside()`): 0 until
    /// the window (or the driver's `window W H`) says more
    /// ([`World::set_beside`]).
    pub beside: f32,
    /// The button Tab walked to (Enter or Space presses it); a click or another key lets it go.
    pub button_focus: Option<ObjectId>,
    /// The timers running, in the order they were started.
    pub timers: Vec<Timer>,
    /// The tweens running.
    pub tweens: Vec<Tween>,
    /// The Event Logic variants chosen (`event: E, mode: M`); an Object's
    /// Component not here runs its first variant of each Event.
    pub modes: Vec<ModeChoice>,
    /// How many ticks the clock has taken (see `Timer::armed`).
    pub ticks: u64,
    /// The system asks for less motion (`$prefersReducedMotion`); kept across a restart and a load.
    pub reduced_motion: bool,
    /// Logic Components the host has switched off on every Object (the
    /// driver's `off COMPONENT`, to test a game without one of its parts);
    /// kept across a restart and a load, as the host's own setting.
    pub host_off: Vec<CompId>,
    /// The rows a table starts a game with and goes back to at `reset table`,
    /// where a code library set them (the chess library's `setfen`: the
    /// position set up is the game's start): kept across `restart game`; a
    /// table not listed starts with its file's rows.
    pub table_starts: Vec<(TableId, Table)>,
    /// The lines the last frame's Draw Events drew (`exec`'s `World::run_draw_events`).
    pub draws: Draws,
    /// While a traced command runs (the driver's `trace`), what ran: the
    /// cards then run on the tree walker, which fills it in. None the rest
    /// of the time, and the register machine never looks at it.
    pub(crate) trace: Option<Box<Trace>>,
    /// The cards' `random(n)`: the World's own generator. It goes on across
    /// a restart (a new game is not the last one again) and a save keeps it.
    pub random: Random,
    /// What the game's code libraries hold a saved game to as it loads
    /// (`saved.rs`' [`SaveCheck`]); none for a World without libraries.
    /// Kept across a restart and a load.
    pub save_check: Option<Rc<dyn SaveCheck>>,
}

/// How many steps one input (a click, a key) may run before it is stopped,
/// unless game.yaml's `limits: steps` says: a While that never ends is a
/// fault, not a hang.
pub const STEP_BUDGET: u64 = crate::game::Limits::DEFAULT.steps;
/// How deep calls and nested Events may go at most (game.yaml's `limits:
/// depth` may set less).
pub const MAX_DEPTH: u32 = crate::game::Limits::MOST_DEPTH;

/// A game's result as its cards wrote it ([`World::result`]): one of
/// [`ResultGlobals::RESULTS`], and the words of how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult<'a> {
    pub result: &'static str,
    pub reason: &'a str,
}

impl World {
    /// The table's rows as they are now become the rows it starts a game
    /// with and goes back to at `reset table` (`World::table_starts`).
    pub fn set_table_start(&mut self, table: TableId) {
        let rows = self.tables[table.index()].clone();
        match self.table_starts.iter_mut().find(|(t, _)| *t == table) {
            Some((_, start)) => *start = rows,
            None => self.table_starts.push((table, rows)),
        }
    }

    /// Puts a text on the clipboard; where that cannot be (no clipboard), a
    /// notice says so, and false.
    pub fn copy_text(&mut self, text: &str) -> bool {
        match self.clipboard.set(text) {
            Ok(()) => true,
            Err(why) => {
                self.notices.push(format!("Nothing was copied: {why}."));
                false
            }
        }
    }

    /// The text on the clipboard (a paste); where there is none, or it is
    /// longer than [`crate::outside::PASTE_MOST`], a notice says so, and None.
    pub fn paste_text(&mut self) -> Option<String> {
        match self.clipboard.get() {
            Ok(text) if text.len() > crate::outside::PASTE_MOST => {
                let most = crate::outside::PASTE_MOST;
                self.notices.push(format!("Nothing was pasted: the text is longer than {most} bytes."));
                None
            }
            Ok(text) => Some(text),
            Err(why) => {
                self.notices.push(format!("Nothing was pasted: {why}."));
                None
            }
        }
    }

    /// `reset table`: the table goes back to its start (`World::table_starts`),
    /// or to its file's rows.
    pub fn reset_table(&mut self, game: &Game, table: TableId) {
        match self.table_starts.iter().find(|(t, _)| *t == table) {
            Some((_, start)) => self.tables[table.index()].clone_from(start),
            None => self.tables[table.index()].reset(&game.tables[table.index()]),
        }
    }

    /// A new World with the scene placed; nothing has run yet (see [`World::start`]).
    pub fn new(game: std::sync::Arc<Game>) -> World {
        let ret_width = game.structs.iter().map(|s| s.fields.len()).max().unwrap_or(0).max(1);
        let mut world = World {
            syms: game.syms.clone(),
            tables: game.tables.iter().map(Table::from_def).collect(),
            objects: Vec::new(),
            globals: game.globals.iter().map(|g| g.value).collect(),
            listeners: vec![Vec::new(); game.events.len()],
            faults: Vec::new(),
            time: 0.0,
            state: 0,
            groups: game.groups.iter().map(|(_, v)| *v).collect(),
            libraries: Vec::new(),
            library_calls: Vec::new(),
            notices: Vec::new(),
            sounds: SoundLog::default(),
            store: Rc::new(Store::memory()),
            clipboard: Rc::new(crate::outside::NoClipboard),
            documents: None,
            pending_load: None,
            holding: 0,
            held_saves: None,
            dropping_saves: false,
            save_keys: std::cell::OnceCell::new(),
            saved_rows: Rc::default(),
            stack: Stack::with_capacity(4096),
            ret: vec![Value::None; ret_width],
            steps_left: game.limits.steps,
            step_budget: game.limits.steps,
            depth: 0,
            limits: game.limits,
            texts_most: game.syms.bytes().saturating_add(game.limits.texts),
            cells_room: 0,
            native_after: crate::code::NATIVE_AFTER,
            views: Vec::new(),
            disabled: Vec::new(),
            restart_asked: false,
            starting: false,
            restarts: 0,
            inputs_on: game.inputs.iter().map(|c| c.on_at_start).collect(),
            key_now: None,
            pointer: (0.0, 0.0),
            dragging: false,
            beside: 0.0,
            button_focus: None,
            timers: Vec::new(),
            tweens: Vec::new(),
            modes: Vec::new(),
            ticks: 0,
            reduced_motion: false,
            host_off: Vec::new(),
            table_starts: Vec::new(),
            draws: Draws::default(),
            trace: None,
            random: Random::seeded(Random::DEFAULT_SEED),
            save_check: None,
            game,
        };
        let game = world.game.clone();
        for p in &game.scene {
            let (x, y) = match game.types[p.ty.0 as usize].layer {
                Layer::World => (p.x, p.y),
                Layer::Screen => (p.anchor.0 * game.screen.0 + p.x, p.anchor.1 * game.screen.1 + p.y),
            };
            let id = world.add_object(p.ty, p.name, x, y);
            let o = &mut world.objects[id.0 as usize];
            o.group = p.group;
            for &(at, v) in &p.fields {
                if let Some(field) = o.fields.get_mut(at as usize) {
                    *field = v;
                }
            }
        }
        world
    }

    /// Makes an Object of type `ty` and signs up its Logic Components'
    /// handlers (Created is not run here).
    pub(crate) fn add_object(&mut self, ty: TypeId, name: Sym, x: f32, y: f32) -> ObjectId {
        let game = self.game.clone();
        let t = &game.types[ty.0 as usize];
        let id = ObjectId(self.objects.len() as u32);
        let (frame, alpha, tint, visible) =
            t.sprite.as_ref().map_or((0, 1.0, 0xFFFFFFFF, true), |s| (s.frame, s.alpha, s.tint, s.visible));
        self.objects.push(Object {
            ty,
            name,
            x,
            y,
            fields: t.fields.clone(),
            frame,
            alpha,
            tint,
            visible,
            text: None,
            text_color: t.text.as_ref().map_or(0x000000FF, |t| t.color),
            alive: true,
            group: None,
            image: None,
            scale_x: 1.0,
            scale_y: 1.0,
            button_off: false,
        });
        for (a, att) in t.attachments.iter().enumerate() {
            for (h, handler) in game.components[att.component.index()].handlers.iter().enumerate() {
                self.listeners[handler.event.index()].push(Listener {
                    object: id,
                    attachment: a as u16,
                    handler: h as u16,
                });
            }
        }
        id
    }

    pub fn object_named(&self, name: &str) -> impl Iterator<Item = ObjectId> + '_ {
        let sym = self.syms.get(name);
        self.objects
            .iter()
            .enumerate()
            .filter(move |(_, o)| o.alive && Some(o.name) == sym)
            .map(|(i, _)| ObjectId(i as u32))
    }

    /// The Objects whose box holds a point of the game screen (pixels, from the
    /// bottom-left), in the order they were made.
    pub fn hits(&self, px: f32, py: f32) -> Vec<ObjectId> {
        let ppm = self.game.pixels_per_meter;
        let mut out = Vec::new();
        for (i, o) in self.objects.iter().enumerate() {
            let t = &self.game.types[o.ty.0 as usize];
            let (Some((w, h)), true) = (t.hit_box, self.shown(o)) else { continue };
            let (x, y, w, h) = match t.layer {
                Layer::World => (o.x * ppm, o.y * ppm, w * ppm, h * ppm),
                Layer::Screen => (o.x, o.y, w, h),
            };
            if (px - x).abs() <= w / 2.0 && (py - y).abs() <= h / 2.0 {
                out.push(ObjectId(i as u32));
            }
        }
        out
    }

    /// Whether an Object is there to be seen and clicked: alive, visible, its UI Group shown.
    pub fn shown(&self, o: &Object) -> bool {
        o.alive && o.visible && o.group.is_none_or(|g| self.group_shown(g))
    }

    /// Whether a UI Group is shown: itself, and for an element of a menu, its menu too.
    pub fn group_shown(&self, g: GroupId) -> bool {
        let own = |g: GroupId| self.groups.get(g.0 as usize).copied().unwrap_or(true);
        match self.game.group_kinds.get(g.0 as usize) {
            Some(GroupKind::Element(menu)) => own(g) && own(*menu),
            _ => own(g),
        }
    }

    /// No menu and no choice open, and the input sets as the game starts
    /// them: for a position set from outside (a code library's `setfen`, a
    /// PGN played from its start), which the cards that would close them
    /// never hear of. Every other UI Group stays as it is (a legend shown by
    /// a mode the player chose).
    pub fn close_choices(&mut self) {
        let game = &self.game;
        for ((shown, kind), (_, at_start)) in self.groups.iter_mut().zip(&game.group_kinds).zip(&game.groups) {
            match kind {
                GroupKind::Menu | GroupKind::Choice => *shown = false,
                GroupKind::Element(_) => *shown = *at_start,
                GroupKind::Plain => {}
            }
        }
        for (on, set) in self.inputs_on.iter_mut().zip(&game.inputs) {
            *on = set.on_at_start;
        }
    }

    /// The game's result and its reason as the cards wrote them (game.yaml's
    /// `result:`): None for a game that names no result Globals; an error,
    /// in words, for a result Global that holds none of
    /// [`ResultGlobals::RESULTS`] (a content mistake seen at run time).
    pub fn result(&self) -> Option<Result<GameResult<'_>, String>> {
        let globals = self.game.result?;
        let text = |g: crate::ids::GlobalId| match self.globals[g.index()] {
            Value::Text(s) => self.syms.text(s),
            _ => "",
        };
        let (result, reason) = (text(globals.result), text(globals.reason));
        let name = &self.game.globals[globals.result.index()].name;
        Some(match ResultGlobals::RESULTS.iter().find(|r| **r == result) {
            Some(result) => Ok(GameResult { result, reason }),
            None => Err(format!(
                "the result Global `${name}` holds `{result}`, which is none of {} (game.yaml's `result:`)",
                ResultGlobals::RESULTS.map(|r| format!("`{r}`")).join(", ")
            )),
        })
    }

    /// The result Globals (game.yaml's `result:`) as game.yaml starts them:
    /// for a position set from outside the cards (a code library's `setfen`,
    /// a PGN played from its start), before its Turn starts and the cards
    /// write them again.
    pub fn reset_result(&mut self) {
        if let Some(globals) = self.game.result {
            for g in [globals.result, globals.reason] {
                self.globals[g.index()] = self.game.globals[g.index()].value;
            }
        }
    }

    /// Whether a menu is open, and so holds the game.
    pub fn menu_open(&self) -> bool {
        self.game.group_kinds.iter().zip(&self.groups).any(|(k, shown)| *k == GroupKind::Menu && *shown)
    }

    /// Whether an Object belongs to a menu that is open (as the menu's own, or as one of its elements).
    pub fn in_open_menu(&self, o: &Object) -> bool {
        let Some(g) = o.group else { return false };
        match self.game.group_kinds.get(g.0 as usize) {
            Some(GroupKind::Menu) => self.group_shown(g),
            Some(GroupKind::Element(menu)) => self.group_shown(*menu),
            _ => false,
        }
    }

    /// Where an Object is on the game screen, in pixels from the bottom-left.
    pub fn screen_point(&self, id: ObjectId) -> (f32, f32) {
        let o = &self.objects[id.0 as usize];
        match self.game.types[o.ty.0 as usize].layer {
            Layer::World => (o.x * self.game.pixels_per_meter, o.y * self.game.pixels_per_meter),
            Layer::Screen => (o.x, o.y),
        }
    }
}

impl World {
    pub fn stack_len(&self) -> usize {
        self.stack.len()
    }

    /// How many steps of its budget the last input had left (see `STEP_BUDGET`).
    pub fn steps_left(&self) -> u64 {
        self.steps_left
    }

    /// The answer of the last Function call.
    pub fn answer(&self) -> &[Value] {
        &self.ret
    }
}
