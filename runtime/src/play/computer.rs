//! The Computer over the cards: the search ([`Search`]) playing a game
//! being played, as the Computer and as the Hint, in slices so that the
//! frame never waits for it.
//!
//! - [`Thinking`]: one question, a search on a rehearsal copy of the World
//!   ([`super::rehearsal`]), moved on a slice at a time ([`Thinking::think`]).
//! - [`SearchStrengths`]: how deep and how wide each Strength searches,
//!   read from the content's `Search Strengths` table (`depth`, `nodes`).
//! - [`SearchLibrary`]: the code library `search`, which the cards call as
//!   they call the Stockfish Bridge (`call library: search, function:
//!   chooseComputerMove` or `chooseHint`); its answer comes back the same
//!   way: the `Chosen Moves` table's row Computer (or Hint) holds the move
//!   in its `move` column (empty when there is none), and the cards hear
//!   `computerMoveChosen` (or `hintChosen`), Other the Object the call was
//!   for. The window moves it on at every frame's pump ([`Resolved::work`]),
//!   a slice of [`SLICE`] at most; the driver's `wait` lets it finish
//!   (no other driver command moves it on, so tests see it come in a `wait`).

use super::{rehearsal, Bounds, Player, Search};
use crate::game::{Game, Written};
use crate::ids::{ColumnId, EventId, GlobalId, ObjectId, TableId};
use crate::json::Json;
pub use crate::library::SLICE;
use crate::library::{CliOption, Command, Lack, Library, Resolved};
use crate::value::{Sym, Value};
use crate::world::World;
use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

/// The moves a search makes between two looks at the clock.
const SLICE_NODES: u64 = 16;
/// The nodes a Strength with no row (or no table) searches.
pub const STRENGTH_NODES: u64 = 2_000;

/// One question of the Computer: a search of the position the World held
/// when it was asked, on a copy of it.
pub struct Thinking {
    world: World,
    player: Player,
    search: Search,
}

impl Thinking {
    /// Starts thinking about `world`'s position within `bounds`.
    pub fn start(world: &World, bounds: Bounds) -> Result<Thinking, String> {
        let mut player = Player::new(&world.game)?;
        let mut copy = rehearsal(world);
        let search = Search::start(&mut player, &mut copy, bounds)?;
        Ok(Thinking { world: copy, player, search })
    }

    /// Thinks for about `time` (at least one slice): Some once the search
    /// has ended, with its move's name (None: the position has no move) or
    /// the fault the cards made.
    pub fn think(&mut self, time: Duration) -> Option<Result<Option<String>, String>> {
        let started = Instant::now();
        loop {
            match self.search.step(&mut self.player, &mut self.world, SLICE_NODES) {
                Err(e) => return Some(Err(e)),
                Ok(Some(found)) => return Some(Ok(found.best.map(|m| self.world.syms.text(m).to_string()))),
                Ok(None) if started.elapsed() >= time => return None,
                Ok(None) => {}
            }
        }
    }
}

/// The `Search Strengths` table: a row a Strength (and one named Hint for
/// the Hint), its `depth` (alpha-beta's deepest iteration) and `nodes`
/// (the moves the search makes at most).
#[derive(Clone, Copy, Debug)]
pub struct SearchStrengths {
    table: TableId,
    depth: ColumnId,
    nodes: ColumnId,
}

impl SearchStrengths {
    /// The table, when the content has it; Err when it lacks a column.
    pub fn read(game: &Game, library: &str) -> Result<Option<SearchStrengths>, Lack> {
        let Some(&table) = game.names.tables.get("Search Strengths") else { return Ok(None) };
        let def = &game.tables[table.index()];
        let column = |name: &str| {
            def.columns.iter().position(|c| c.name == name).map(|i| ColumnId(i as u16)).ok_or_else(|| {
                Lack::in_cell(
                    table,
                    None,
                    None,
                    format!("the {library} library needs a column `{name}` in the table `Search Strengths`"),
                )
            })
        };
        Ok(Some(SearchStrengths { table, depth: column("depth")?, nodes: column("nodes")? }))
    }

    /// The bounds of the row named `row` (a Strength's name, or Hint); the
    /// first row when there is no such row; `depth` 64 and
    /// [`STRENGTH_NODES`] nodes when the table has no row at all.
    pub fn bounds(&self, world: &World, row: Option<Sym>, seed: u64) -> Bounds {
        let table = &world.tables[self.table.index()];
        let at = row.and_then(|r| table.find(r)).or((!table.rows().is_empty()).then_some(0));
        let num = |c: ColumnId| match at.map(|r| table.cell(r, c)) {
            Some(Value::Num(n)) if n.is_finite() && n >= 1.0 => Some(n),
            _ => None,
        };
        Bounds {
            depth: num(self.depth).map_or(super::SEARCH_DEPTH, |d| d.min(f64::from(super::SEARCH_DEPTH)) as u32),
            nodes: num(self.nodes).map_or(STRENGTH_NODES, |n| n.min(super::SEARCH_NODES_MOST as f64) as u64),
            movetime: None,
            seed,
        }
    }
}

/// Bounds with no table: [`STRENGTH_NODES`] nodes, as deep as they reach.
pub fn default_bounds(seed: u64) -> Bounds {
    Bounds { depth: super::SEARCH_DEPTH, nodes: STRENGTH_NODES, movetime: None, seed }
}

/// The library `search` (see the module's words).
pub struct SearchLibrary;

const FUNCTIONS: &[&str] = &["chooseComputerMove", "chooseHint"];
const EVENTS: &[&str] = &["computerMoveChosen", "hintChosen"];

impl Library for SearchLibrary {
    fn name(&self) -> &'static str {
        "search"
    }
    fn commands(&self) -> &'static [Command] {
        &[]
    }
    fn options(&self) -> &'static [CliOption] {
        &[]
    }
    fn functions(&self) -> &'static [&'static str] {
        FUNCTIONS
    }
    fn events(&self) -> &'static [&'static str] {
        EVENTS
    }
    fn resolve(&self, game: &Game) -> Result<Box<dyn Resolved>, Lack> {
        Ok(Box::new(Computer::new(game)?))
    }
}

/// A question on its way.
struct Asked {
    hint: bool,
    object: ObjectId,
    restarts: u32,
    thinking: Option<Thinking>,
    /// The answer, once the search has ended.
    answer: Option<Result<Option<String>, String>>,
}

/// The library `search` resolved against a game's content.
struct Computer {
    chosen: TableId,
    move_col: ColumnId,
    strengths: Option<SearchStrengths>,
    /// The Text Global `strength`, whose value names the Computer's row of Search Strengths.
    strength: Option<GlobalId>,
    computer_event: Option<EventId>,
    hint_event: Option<EventId>,
    questions: Cell<u64>,
    asked: RefCell<Option<Asked>>,
}

impl Computer {
    fn new(game: &Game) -> Result<Computer, Lack> {
        if game.play.is_none() {
            return Err("the search library plays the game through game.yaml's `play:`, which this game has not".into());
        }
        let chosen = *game.names.tables.get("Chosen Moves").ok_or_else(|| {
            Lack::from("the search library needs a table `Chosen Moves` (its answers: a row Computer and a row Hint)")
        })?;
        let def = &game.tables[chosen.index()];
        let move_col =
            def.columns.iter().position(|c| c.name == "move").map(|i| ColumnId(i as u16)).ok_or_else(|| {
                Lack::in_cell(
                    chosen,
                    None,
                    None,
                    "the search library needs a column `move` in the table `Chosen Moves`",
                )
            })?;
        Ok(Computer {
            chosen,
            move_col,
            strengths: SearchStrengths::read(game, "search")?,
            strength: game.names.globals.get("strength").copied(),
            computer_event: game.names.events.get("computerMoveChosen").copied(),
            hint_event: game.names.events.get("hintChosen").copied(),
            questions: Cell::new(0),
            asked: RefCell::new(None),
        })
    }

    fn ask(&self, world: &mut World, object: ObjectId, hint: bool) {
        let question = self.questions.get() + 1;
        self.questions.set(question);
        let row = if hint {
            world.syms.get("Hint")
        } else {
            match self.strength.map(|g| world.globals[g.index()]) {
                Some(Value::Text(s)) => Some(s),
                _ => None,
            }
        };
        let bounds = match &self.strengths {
            Some(s) => s.bounds(world, row, question),
            None => default_bounds(question),
        };
        let (thinking, answer) = match Thinking::start(world, bounds) {
            Ok(t) => (Some(t), None),
            Err(e) => (None, Some(Err(e))),
        };
        *self.asked.borrow_mut() = Some(Asked { hint, object, restarts: world.restarts, thinking, answer });
    }

    /// Thinks on the question on its way for about `time`.
    fn think(&self, time: Duration) {
        if let Some(asked) = self.asked.borrow_mut().as_mut() {
            if asked.answer.is_none() {
                if let Some(t) = asked.thinking.as_mut() {
                    asked.answer = t.think(time);
                }
            }
        }
    }

    /// Writes the answer into Chosen Moves and tells the cards: the move
    /// when the cards list it in the position as it is now, else none (and
    /// a notice says why).
    fn deliver(&self, world: &mut World, asked: Asked) {
        let Some(answer) = asked.answer else { return };
        if asked.restarts != world.restarts {
            return;
        }
        let mv = match answer {
            Ok(Some(m)) => {
                let mut copy = rehearsal(world);
                let mut listed = Vec::new();
                let legal = Player::new(&world.game)
                    .and_then(|mut p| p.moves(&mut copy, &mut listed))
                    .map(|()| listed.iter().any(|&l| copy.syms.text(l) == m));
                match legal {
                    Ok(true) => m,
                    Ok(false) => {
                        world.notices.push(format!("The search found `{m}`, which the cards do not list here now."));
                        String::new()
                    }
                    Err(e) => {
                        world.notices.push(format!("The search could not list the moves: {e}"));
                        String::new()
                    }
                }
            }
            Ok(None) => String::new(),
            Err(e) => {
                world.notices.push(format!("The search over the cards gave no move: {e}"));
                String::new()
            }
        };
        let row_name = world.syms.intern(if asked.hint { "Hint" } else { "Computer" });
        let game = world.game.clone();
        let table = &mut world.tables[self.chosen.index()];
        let row = match table.find(row_name) {
            Some(r) => r,
            None => table.add_row(&game.tables[self.chosen.index()], row_name),
        };
        let v = Value::Text(world.syms.intern(&mv));
        *world.tables[self.chosen.index()].cell_mut(row, self.move_col) = v;
        let event = if asked.hint { self.hint_event } else { self.computer_event };
        if let Some(event) = event {
            let object = asked.object;
            world.input(|w, g| w.dispatch(g, event, Some(object), None));
        }
    }
}

impl Resolved for Computer {
    fn writes(&self, written: &mut Written) {
        written.mark_table(self.chosen);
    }

    fn command(&self, _world: &mut World, verb: &str, _rest: &str) -> Json {
        Json::error(format!("the search library has no command `{verb}`"))
    }

    fn apply_option(&self, _world: &mut World, name: &str, _value: &str) -> Result<(), String> {
        Err(format!("the search library has no option `--{name}`"))
    }

    fn call(&self, world: &mut World, function: &str, object: ObjectId) {
        match function {
            "chooseComputerMove" => self.ask(world, object, false),
            "chooseHint" => self.ask(world, object, true),
            _ => {}
        }
    }

    fn work(&self, time: Duration) {
        self.think(time);
    }

    fn take_answers(&self, world: &mut World) -> bool {
        let done = self.asked.borrow().as_ref().is_some_and(|a| a.answer.is_some());
        if !done {
            return false;
        }
        let Some(asked) = self.asked.borrow_mut().take() else { return false };
        self.deliver(world, asked);
        true
    }

    fn awaiting(&self) -> bool {
        self.asked.borrow().is_some()
    }

    fn wait_answer(&self, timeout: Duration) {
        self.think(timeout);
    }
}
