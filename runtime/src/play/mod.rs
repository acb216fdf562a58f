//! Playing any game whose game.yaml says how (`play:`, [`PlayRules`]):
//! its moves listed and made through its own Functions, a position taken
//! back ([`Snapshot`]), counted ([`perft`]), played out at random
//! ([`playout`]) and searched for the best move ([`search`]). It knows no game: what a move is, whose turn it is and
//! when the game ends are the cards' (and game.yaml's `result:`).

mod computer;
mod perft;
mod playout;
mod search;
mod snapshot;

pub use computer::{default_bounds, SearchLibrary, SearchStrengths, Thinking, SLICE, STRENGTH_NODES};
pub use perft::{perft, PerftStop, PERFT_DEPTH, PERFT_LEAVES};
pub use playout::{playout, Playout, PLAYOUT_PLIES};
pub use search::{search, Bounds, Found, Search, SEARCH_DEPTH, SEARCH_NODES, SEARCH_NODES_MOST};
pub use snapshot::Snapshot;

use crate::exec::Ctx;
use crate::game::{Game, PlayArg, PlayCall, PlayRules, SideRule};
use crate::ids::ObjectId;
use crate::value::{Sym, Value};
use crate::world::World;

/// Lists and makes the moves of one game through the Functions its
/// `play:` names. Made once per game; holds its scratch so that no call
/// allocates once warmed.
pub struct Player {
    rules: PlayRules,
    /// The result Global (game.yaml's `result: result`), if the game has one.
    result: Option<crate::ids::GlobalId>,
    /// The text `*`, as the World's interner knows it (a game goes on).
    going_on: Option<Sym>,
    args: Vec<Value>,
}

impl Player {
    /// The Player of `game`; Err when its game.yaml has no `play:`.
    pub fn new(game: &Game) -> Result<Player, String> {
        let rules = game.play.clone().ok_or_else(|| {
            "this game does not say how it is played: game.yaml has no `play:` (content/README.md, `play:`)".to_string()
        })?;
        Ok(Player { rules, result: game.result.map(|r| r.result), going_on: game.syms.get("*"), args: Vec::new() })
    }

    pub fn rules(&self) -> &PlayRules {
        &self.rules
    }

    /// The Object `play: object` names, alive in this World.
    fn object(&self, world: &World) -> Result<Option<ObjectId>, String> {
        let Some(i) = self.rules.object else { return Ok(None) };
        match world.objects.get(i as usize) {
            Some(o) if o.alive => Ok(Some(ObjectId(i))),
            _ => Err("the Object `play: object` names is no longer in the game".into()),
        }
    }

    /// The legal moves of the position, each by its name (the rows of
    /// `play: table` that `play: moves` wrote), into `out`.
    pub fn moves(&mut self, world: &mut World, out: &mut Vec<Sym>) -> Result<(), String> {
        out.clear();
        let object = self.object(world)?;
        call(&mut self.args, object, world, &self.rules.moves, Value::None)?;
        out.extend_from_slice(world.tables[self.rules.table.index()].rows());
        Ok(())
    }

    /// Makes the move named `mv` (one `moves` listed): the whole turn.
    pub fn make(&mut self, world: &mut World, mv: Sym) -> Result<(), String> {
        let object = self.object(world)?;
        call(&mut self.args, object, world, &self.rules.play, Value::Text(mv))
    }

    /// The Side to move, as `play: side` says.
    pub fn side(&mut self, world: &mut World) -> Result<Sym, String> {
        let value = match &self.rules.side {
            SideRule::Global(g) => world.globals[g.index()],
            SideRule::Function(side) => {
                let object = self.object(world)?;
                call(&mut self.args, object, world, side, Value::None)?;
                world.ret[0]
            }
        };
        match value {
            Value::Text(s) => Ok(s),
            other => Err(format!("`play: side` gave no Side, but {}", other.type_name())),
        }
    }

    /// `play: evaluate`'s Number for the Side to move; None when the game names no `evaluate:`.
    pub fn evaluate(&mut self, world: &mut World) -> Result<Option<f64>, String> {
        let object = self.object(world)?;
        let Some(evaluate) = &self.rules.evaluate else { return Ok(None) };
        call(&mut self.args, object, world, evaluate, Value::None)?;
        match world.ret[0] {
            Value::Num(n) => Ok(Some(n)),
            other => Err(format!("`play: evaluate` gave no Number, but {}", other.type_name())),
        }
    }

    /// The game's result as its `result:` Global holds it, once it is
    /// anything but `*`; None while the game goes on or where it declares none.
    pub fn result(&self, world: &World) -> Option<Sym> {
        match world.globals.get(self.result?.index()) {
            Some(&Value::Text(s)) if Some(s) != self.going_on && !world.syms.text(s).is_empty() => Some(s),
            _ => None,
        }
    }

    /// Whether the game declares a `result:` (else a position with no moves is its end).
    pub fn has_result(&self) -> bool {
        self.result.is_some()
    }
}

/// Calls one of the play Functions, its parameters given as `play:`
/// resolved them; Err is the first fault it made.
fn call(
    args: &mut Vec<Value>,
    object: Option<ObjectId>,
    world: &mut World,
    f: &PlayCall,
    mv: Value,
) -> Result<(), String> {
    args.clear();
    for arg in &f.args {
        args.push(match arg {
            PlayArg::Object => object.map_or(Value::None, Value::Obj),
            PlayArg::Move => mv,
        });
    }
    let faults = world.faults.len();
    let cx = Ctx { this: object, other: Value::None, attachment: None, base: world.stack_len() };
    let function = f.function;
    world.input(|w, g| w.call_function(g, &cx, function, args));
    match world.faults.get(faults) {
        Some(fault) => Err(fault.to_string()),
        None => Ok(()),
    }
}

/// A rehearsal copy of `world`: the same position, its saves dropped
/// unmade and its Persistent Values kept in memory, never written, its calls into code
/// libraries never handed over, its sounds muted, no trace: whatever runs on it leaves the
/// real game as it was.
pub fn rehearsal(world: &World) -> World {
    let mut copy = world.clone();
    copy.store = std::rc::Rc::new(crate::save::Store::memory());
    copy.drop_saves();
    // Its own keeping of saved rows (it makes no save): the real game's stays the real game's.
    copy.saved_rows = Default::default();
    copy.library_calls.clear();
    // What it tries is played in silence.
    copy.sounds = crate::world::SoundLog::muted();
    copy.trace = None;
    copy
}
