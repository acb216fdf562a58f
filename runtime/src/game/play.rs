//! game.yaml's `play:`, resolved: how a position's moves are listed and
//! made, through the game's own Functions, for the driver's `moves`,
//! `perft`, `playout`, `play` and `bestmove` (the `play` room).

use crate::ids::{CompId, FuncId, GlobalId, TableId};
use crate::value::Sym;

/// What one parameter of a play Function is given when it is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayArg {
    /// The Object `play: object` names.
    Object,
    /// The move's name (a row of the moves table): the `move:` Function's Text parameter.
    Move,
}

/// A play Function and what each of its parameters is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayCall {
    pub function: FuncId,
    pub args: Vec<PlayArg>,
}

/// Where the Side to move is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideRule {
    /// A Text Global (`side: $turn`).
    Global(GlobalId),
    /// A Function answering a Text (`side: Side To Move`).
    Function(PlayCall),
}

/// game.yaml's `play:`, every name resolved at load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// The scene placement (its index, the Object's id when the game
    /// starts) that the Functions' Object parameters are given.
    pub object: Option<u32>,
    /// Lists the legal moves of the position into `table`, one row a move.
    pub moves: PlayCall,
    pub table: TableId,
    /// Makes one move by its name: the whole turn.
    pub play: PlayCall,
    pub side: SideRule,
    /// A Number for the Side to move (higher is better for it); none: the
    /// search plays random playouts (MCTS).
    pub evaluate: Option<PlayCall>,
    /// The Side a result of `1-0` says won (`0-1`: the other one).
    pub first: Option<Sym>,
    /// The Logic Component that plays a Side for the Computer (`computer:`):
    /// a game's moves played in from outside (a PGN: `loadpgn`, `--pgn`, a
    /// paste) are played with it switched off, but the last, so that the
    /// game goes on with the Computer to move when it is its turn.
    pub computer: Option<CompId>,
}

impl PlayRules {
    /// The keys `play:` may hold.
    pub const KEYS: [&'static str; 8] = ["object", "moves", "table", "move", "side", "evaluate", "first", "computer"];
}
