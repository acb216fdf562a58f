//! The interface of code libraries, which drive the cards' world from
//! outside, as the book's Stockfish Bridge is a code library its cards call.
//! The runtime knows no library: the binary hands it those it links
//! ([`install`]: the chess crate's), as `log::set_logger` is handed a
//! logger. A library reaches the content through the names it resolves
//! once, when a game starts, and says plainly which it lacks.
//!
//! Every library is behind one narrow interface, [`Library`]: its name (as
//! game.yaml's `libraries` writes it), the driver commands it adds, the
//! command-line options it adds, and its resolution against a game's content
//! ([`Resolved`]), which runs those commands and applies those options to a
//! World. What a library keeps about a game being played lives in the World
//! ([`LibraryState`]), so that a snapshot carries it. [`registry`] lists the
//! libraries installed; a game uses those it names.

use crate::game::{Game, Written};
use crate::ids::{ColumnId, ObjectId, TableId};
use crate::json::Json;
use crate::world::{LibraryState, SavedLibraryState, World};
use std::sync::OnceLock;
use std::time::Duration;

/// The most time a library's work on the frame's thread ([`Resolved::work`])
/// is given at each pump of the window: half a frame at 60 frames a second.
pub const SLICE: Duration = Duration::from_millis(8);

/// A driver command a library adds: `setfen FEN`.
#[derive(Debug)]
pub struct Command {
    /// The word that starts the command line: `setfen`.
    pub verb: &'static str,
    /// The verb and what follows it: `setfen FEN`.
    pub usage: &'static str,
    /// What it does, in one line.
    pub help: &'static str,
}

/// A command-line option a library adds: `--fen FEN`.
#[derive(Debug)]
pub struct CliOption {
    /// Its long name, without the dashes: `fen`.
    pub name: &'static str,
    /// What its value is called: `FEN`.
    pub value: &'static str,
    /// What it does, in one line.
    pub help: &'static str,
}

/// A code library, as the engine knows it before any game is loaded.
pub trait Library: Sync {
    /// Its name, as game.yaml's `libraries` writes it.
    fn name(&self) -> &'static str;
    /// The driver commands it adds.
    fn commands(&self) -> &'static [Command];
    /// The command-line options it adds.
    fn options(&self) -> &'static [CliOption];
    /// Resolves the names it needs in a game's content, once. Err says what
    /// the content lacks (a content mistake, reported at load: at the table
    /// cell that breaks it when it names one, else at the library's name in
    /// game.yaml).
    fn resolve(&self, game: &Game) -> Result<Box<dyn Resolved>, Lack>;
    /// Every way the game's tables misfit what the library plays (the
    /// chess libraries: a slider's steps that do not cross the Board), each
    /// at its table's cell: the loader tells them all at once, with the
    /// lack of [`Library::resolve`], and refuses the game. None by default.
    fn misfits(&self, game: &Game) -> Vec<Lack> {
        let _ = game;
        Vec::new()
    }
    /// The functions the cards may call by name (`call library: NAME,
    /// function: F`); checked at load.
    fn functions(&self) -> &'static [&'static str] {
        &[]
    }
    /// The Custom Events it sends the cards with its answers (no card
    /// triggers them).
    fn events(&self) -> &'static [&'static str] {
        &[]
    }
}

/// What a library needs of a game's content and does not find: in words,
/// and, when a table's cell (or row, or column) breaks it, that cell, which
/// the loader places at its file, line and column.
#[derive(Debug, Clone, PartialEq)]
pub struct Lack {
    pub message: String,
    pub at: Option<Cell>,
}

/// A cell of a table of the content: a row (by number, as the content's
/// rows are), a column, or both. A row alone is its first cell; a column
/// alone, its header; neither, the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub table: TableId,
    pub row: Option<usize>,
    pub column: Option<ColumnId>,
}

impl Lack {
    /// What the content lacks, found in the cell at `row` and `column` of `table`.
    pub fn in_cell(table: TableId, row: Option<usize>, column: Option<usize>, message: impl Into<String>) -> Lack {
        let column = column.map(|c| ColumnId(c as u16));
        Lack { message: message.into(), at: Some(Cell { table, row, column }) }
    }
}

impl std::fmt::Display for Lack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A lack that no cell breaks: a table, a column, a card missing.
impl From<String> for Lack {
    fn from(message: String) -> Lack {
        Lack { message, at: None }
    }
}

impl From<&str> for Lack {
    fn from(message: &str) -> Lack {
        Lack { message: message.to_string(), at: None }
    }
}

impl From<Lack> for String {
    fn from(lack: Lack) -> String {
        lack.message
    }
}

/// A library resolved against one game's content.
pub trait Resolved {
    /// Runs one of the library's commands (`verb` is one of its
    /// [`Library::commands`]) against the World and answers it; an error is
    /// `{"error": ...}`, never a panic.
    fn command(&self, world: &mut World, verb: &str, rest: &str) -> Json;
    /// Applies one of the library's options (`name` is one of its
    /// [`Library::options`]) to a started World.
    fn apply_option(&self, world: &mut World, name: &str, value: &str) -> Result<(), String>;
    /// A card called one of its [`Library::functions`] for `object`
    /// (`call library`). It must not block: an answer that takes time is
    /// worked out elsewhere and given later, by [`Resolved::take_answers`].
    fn call(&self, world: &mut World, function: &str, object: ObjectId) {
        let _ = (world, function, object);
    }
    /// Gives the World the answers that have come in since it was last
    /// asked (writing tables, sending the cards Custom Events); whether it
    /// gave any. Never blocks.
    fn take_answers(&self, world: &mut World) -> bool {
        let _ = world;
        false
    }
    /// Works on a question on the frame's thread for about `time` (the
    /// search over the cards, which plays the World's cards and so cannot
    /// leave it): the window's pump gives it a [`SLICE`] each frame, the
    /// driver's `wait` the time it waits ([`Resolved::wait_answer`]); a
    /// driver command gives it none, so an answer comes only in a `wait`.
    fn work(&self, time: Duration) {
        let _ = time;
    }
    /// Whether an answer is on its way (a question not answered yet).
    fn awaiting(&self) -> bool {
        false
    }
    /// Waits until an answer is in (then [`Resolved::take_answers`] gives
    /// it) or `timeout` has passed, whichever comes first.
    fn wait_answer(&self, timeout: Duration) {
        let _ = timeout;
    }
    /// Marks the tables and Data Structure fields it writes from outside
    /// the cards (its commands, options and answers), by the names it
    /// resolved: a save holds them (`Game::written`). Asked once, at load.
    fn writes(&self, written: &mut Written) {
        let _ = written;
    }
    /// The game goes on with new content (`reload`, `--watch`): `world` is
    /// the game carried over, and this resolution, against the old content,
    /// keeps in its state whatever the game still takes from the old
    /// content (the chess library: the position the game began from, which
    /// PGN names). Then the libraries are resolved again.
    fn carry_over(&self, world: &mut World) {
        let _ = world;
    }
    /// Holds a World just made from a saved game (no Event has run) to what
    /// the library can play on, as the content's schemas hold its tables:
    /// its own state and the fields only it reads (the chess library: the
    /// position, the fifty-move count, its move number). What does not fit
    /// is mended and told in `mended`, in words; Err says why the game
    /// cannot go on from the save at all (it is then moved aside).
    fn fit_save(&self, world: &mut World, mended: &mut Vec<String>) -> Result<(), String> {
        let _ = (world, mended);
        Ok(())
    }
    /// `cardtable check`'s question beyond the load: plays the game from
    /// `world` (started, no input yet) on copies, as the library can, and
    /// says what it finds, a line each (the chess library: whether each
    /// engine follows the cards). It may take seconds, never longer than
    /// the library's own bounds. None by default.
    fn check_play(&self, world: &World) -> Vec<Finding> {
        let _ = world;
        Vec::new()
    }
}

/// A line of what a library found playing a game for `cardtable check`
/// ([`Resolved::check_play`]): `differs` when it is a fault of the content
/// (an engine that does not follow the cards), which check does not call
/// fine; else a note (they agree, or an engine could not be asked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub text: String,
    pub differs: bool,
}

static REGISTRY: OnceLock<&'static [&'static dyn Library]> = OnceLock::new();

/// Hands the runtime the libraries a game may name, once a process, before
/// any game is loaded (the binary's first step; the tests' too). Installing
/// the same list again does nothing; another list is refused.
pub fn install(libraries: &'static [&'static dyn Library]) {
    let installed = REGISTRY.get_or_init(|| libraries);
    assert!(std::ptr::eq(*installed, libraries), "the libraries were installed already, and they were others");
}

/// The libraries installed: none until [`install`], so a runtime alone
/// loads only games that name no library.
pub fn registry() -> &'static [&'static dyn Library] {
    REGISTRY.get().copied().unwrap_or(&[])
}

/// The library of the registry with this name.
pub fn find(name: &str) -> Option<&'static dyn Library> {
    registry().iter().copied().find(|l| l.name() == name)
}

/// The names of the libraries installed, for messages: `chess`.
pub fn known() -> String {
    match registry() {
        [] => "none".to_string(),
        libraries => libraries.iter().map(|l| l.name()).collect::<Vec<_>>().join(", "),
    }
}

/// Every library option of the registry, for the command line: (long name,
/// value name, help), `("fen", "FEN", ...)`.
pub fn options() -> Vec<(&'static str, &'static str, &'static str)> {
    registry().iter().flat_map(|l| l.options()).map(|o| (o.name, o.value, o.help)).collect()
}

/// Applies a library option (its long name without the dashes, and its
/// value) to a started World, through the game's libraries.
pub fn apply_option(libs: &Libraries, world: &mut World, name: &str, value: &str) -> Result<(), String> {
    libs.apply_option(world, name, value)
}

/// The libraries one game uses, resolved once, when it starts.
pub struct Libraries {
    used: Vec<Used>,
    /// For each library of game.yaml's `libraries`, in its order, its place in `used`.
    by_game_index: Vec<Option<usize>>,
}

/// A library a game uses, and its resolution against the game's content (or
/// what the content lacks).
struct Used {
    library: &'static dyn Library,
    resolved: Result<Box<dyn Resolved>, String>,
}

impl Libraries {
    /// Resolves each library the game names (a game that came from `load`
    /// names only libraries that resolve; a library that does not keeps the
    /// reason, which its commands answer).
    /// [`Resolved::carry_over`] of each library resolved.
    pub fn carry_over(&self, world: &mut World) {
        for used in &self.used {
            if let Ok(resolved) = &used.resolved {
                resolved.carry_over(world);
            }
        }
    }

    pub fn start(game: &Game) -> Libraries {
        let mut used = Vec::new();
        let mut by_game_index = Vec::new();
        for name in &game.libraries {
            by_game_index.push(find(name).map(|library| {
                used.push(Used { library, resolved: library.resolve(game).map_err(String::from) });
                used.len() - 1
            }));
        }
        Libraries { used, by_game_index }
    }

    /// Hands each call the cards have made (`World::library_calls`) to its
    /// library, lets each work a [`SLICE`] ([`Resolved::work`]), then gives
    /// the World every answer that has come in. The window runs it every
    /// frame, the driver's `wait` every tick of the clock; it never blocks
    /// longer than a slice.
    pub fn pump(&self, world: &mut World) {
        self.hand_calls(world);
        for u in &self.used {
            if let Ok(r) = &u.resolved {
                r.work(SLICE);
            }
        }
        self.take_answers(world);
    }

    /// [`Libraries::pump`] with no work on the frame's thread: the calls
    /// handed over and the answers that are in taken. The driver runs it
    /// after every command, so that an answer worked out on the frame's
    /// thread comes only in a `wait`, whatever the machine's speed.
    pub fn pump_calls(&self, world: &mut World) {
        self.hand_calls(world);
        self.take_answers(world);
    }

    fn hand_calls(&self, world: &mut World) {
        let calls = std::mem::take(&mut world.library_calls);
        for call in calls {
            let used = self.by_game_index.get(call.library as usize).copied().flatten();
            if let Some(Ok(r)) = used.map(|u| &self.used[u].resolved) {
                let function = world.syms.text(call.function).to_string();
                r.call(world, &function, call.object);
            }
        }
    }

    fn take_answers(&self, world: &mut World) {
        for u in &self.used {
            if let Ok(r) = &u.resolved {
                r.take_answers(world);
            }
        }
    }

    /// Whether a library has an answer on its way.
    pub fn awaiting(&self) -> bool {
        self.used.iter().any(|u| u.resolved.as_ref().is_ok_and(|r| r.awaiting()))
    }

    /// Waits until a library that has an answer on its way has it, or
    /// `timeout` has passed.
    pub fn wait_answer(&self, timeout: Duration) {
        if let Some(Ok(r)) = self.used.iter().map(|u| &u.resolved).find(|r| r.as_ref().is_ok_and(|r| r.awaiting())) {
            r.wait_answer(timeout);
        }
    }

    /// The commands of the libraries the game uses, each with its library's name.
    pub fn commands(&self) -> impl Iterator<Item = (&'static str, &'static Command)> + '_ {
        self.used.iter().flat_map(|u| u.library.commands().iter().map(move |c| (u.library.name(), c)))
    }

    /// Runs a library command: None when no library of the engine has this
    /// verb; an error when its library is not one the game uses.
    pub fn command(&self, world: &mut World, verb: &str, rest: &str) -> Option<Json> {
        if let Some(u) = self.used.iter().find(|u| u.library.commands().iter().any(|c| c.verb == verb)) {
            return Some(match &u.resolved {
                Ok(r) => r.command(world, verb, rest),
                Err(e) => Json::error(e.clone()),
            });
        }
        let lib = registry().iter().find(|l| l.commands().iter().any(|c| c.verb == verb))?;
        Some(Json::error(format!(
            "`{verb}` is a command of the {} library, which this game does not use (game.yaml: libraries)",
            lib.name()
        )))
    }

    /// Applies a library option (its long name without the dashes) to a started World.
    pub fn apply_option(&self, world: &mut World, name: &str, value: &str) -> Result<(), String> {
        if let Some(u) = self.used.iter().find(|u| u.library.options().iter().any(|o| o.name == name)) {
            return match &u.resolved {
                Ok(r) => r.apply_option(world, name, value),
                Err(e) => Err(e.clone()),
            };
        }
        match registry().iter().find(|l| l.options().iter().any(|o| o.name == name)) {
            Some(lib) => Err(format!(
                "`--{name}` is an option of the {} library, which this game does not use (game.yaml: libraries)",
                lib.name()
            )),
            None => Err(format!("no library has the option `--{name}`")),
        }
    }
}

impl Libraries {
    /// What each library resolved finds playing the game from `world`
    /// ([`Resolved::check_play`]), in the order the game names them.
    pub fn check_play(&self, world: &World) -> Vec<Finding> {
        self.used.iter().filter_map(|u| u.resolved.as_ref().ok()).flat_map(|r| r.check_play(world)).collect()
    }
}

/// Each library resolved holds a saved game to what it can play on
/// ([`Resolved::fit_save`]), in the order the game names them.
impl crate::world::SaveCheck for Libraries {
    fn fit_save(&self, world: &mut World, mended: &mut Vec<String>) -> Result<(), String> {
        for used in &self.used {
            if let Ok(resolved) = &used.resolved {
                resolved.fit_save(world, mended)?;
            }
        }
        Ok(())
    }
}

/// A library's state that a save keeps as serde writes it, with what a
/// mistake reading it back calls it: [`LibraryState`] (`key`, `save`,
/// `load`) is written once for every such state.
pub trait SerdeState: serde::Serialize + serde::de::DeserializeOwned + Clone + 'static {
    /// The library's name (`chess`): a save keeps the state under it.
    const KEY: &'static str;
    /// The state in a mistake's words: `the chess library's state`.
    const WHAT: &'static str;
}

impl<T: SerdeState> LibraryState for T {
    fn key(&self) -> &str {
        T::KEY
    }
    fn save(&self) -> serde_yaml::Value {
        serde_yaml::to_value(self).unwrap_or_default()
    }
    fn load(&mut self, saved: &serde_yaml::Value) -> Result<(), String> {
        *self = serde_yaml::from_value(saved.clone()).map_err(|e| format!("{}: {e}", T::WHAT))?;
        Ok(())
    }
}

/// A library's state in the World, found by its type; made (its `Default`)
/// when the World has none yet, from the state a saved game brought back
/// when there is one (a [`SavedLibraryState`] under the library's key).
pub fn state_mut<T: LibraryState + Default + 'static>(world: &mut World) -> &mut T {
    let at = match world.libraries.iter().position(|s| s.as_any().is::<T>()) {
        Some(i) => i,
        None => {
            let (state, saved_at) = claim::<T>(world);
            match saved_at {
                Some(i) => {
                    world.libraries[i] = Box::new(state);
                    i
                }
                None => {
                    world.libraries.push(Box::new(state));
                    world.libraries.len() - 1
                }
            }
        }
    };
    match world.libraries[at].as_any_mut().downcast_mut::<T>() {
        Some(s) => s,
        None => unreachable!("the state at {at} was found by its type"),
    }
}

/// A library's state in the World, if it has made one or a saved game
/// brought one back.
pub fn state<T: LibraryState + Default + Clone + 'static>(world: &World) -> Option<T> {
    if let Some(s) = world.libraries.iter().find_map(|s| s.as_any().downcast_ref::<T>()) {
        return Some(s.clone());
    }
    let mut state = T::default();
    let key = state.key().to_string();
    let saved = world
        .libraries
        .iter()
        .find_map(|s| s.as_any().downcast_ref::<SavedLibraryState>().filter(|saved| saved.key == key))?;
    state.load(&saved.saved).is_ok().then_some(state)
}

/// A new state of type `T`, read from the saved state under its key when
/// the World holds one (and where it is); a saved state that cannot be read
/// leaves the default, and a notice says so.
fn claim<T: LibraryState + Default + 'static>(world: &mut World) -> (T, Option<usize>) {
    let mut state = T::default();
    let key = state.key().to_string();
    let at = world
        .libraries
        .iter()
        .position(|s| s.as_any().downcast_ref::<SavedLibraryState>().is_some_and(|saved| saved.key == key));
    if let Some(saved) = at.and_then(|i| world.libraries[i].as_any().downcast_ref::<SavedLibraryState>()) {
        if let Err(why) = state.load(&saved.saved) {
            world.notices.push(format!("The {key} library's part of the saved game could not be read ({why})."));
            state = T::default();
        }
    }
    (state, at)
}
