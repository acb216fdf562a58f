//! The Computer for any game with `play:`: alpha-beta (negamax, iterative
//! deepening, the last iteration's best move searched first) over the
//! game's `evaluate:` where it names one, else Monte Carlo tree search (UCT
//! with random playouts). Every search is bounded by depth, by nodes (each
//! move made is one) and, if asked, by time; the position is taken back
//! after every move ([`Snapshot`]).
//!
//! A search may be run in slices ([`Search::step`]): it keeps its own
//! stack (one [`Frame`] a ply, alpha-beta's recursion written out; MCTS's
//! tree), so that it stops after any number of moves made and goes on at
//! the next slice exactly where it stopped. Its answer does not depend on
//! how it was sliced: the Computer thinks a slice a frame
//! ([`super::Thinking`]) and finds the move `bestmove` finds at once.

use super::{Player, Snapshot};
use crate::value::Sym;
use crate::world::{Random, World};
use std::time::{Duration, Instant};

/// The deepest a search goes.
pub const SEARCH_DEPTH: u32 = 64;
/// The nodes a search makes unless told.
pub const SEARCH_NODES: u64 = 100_000;
/// The most nodes a search may be given.
pub const SEARCH_NODES_MOST: u64 = 10_000_000;
/// The most moves one random playout of MCTS makes before it is called a draw.
const PLAYOUT_PLIES: u32 = 500;
/// A won position's score, less the plies to it (a sooner win scores more).
const WIN: f64 = 1.0e9;

/// How far a search may go.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    pub depth: u32,
    pub nodes: u64,
    pub movetime: Option<Duration>,
    /// MCTS's playouts are drawn from a generator seeded with it.
    pub seed: u64,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds { depth: SEARCH_DEPTH, nodes: SEARCH_NODES, movetime: None, seed: 0 }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The best move, None when the position has none.
    pub best: Option<Sym>,
    /// Alpha-beta's score for the Side to move, or MCTS's share of wins of the best move (0 to 1).
    pub score: f64,
    /// The deepest iteration alpha-beta finished (MCTS: 0).
    pub depth: u32,
    pub nodes: u64,
    /// `alphabeta` or `mcts`.
    pub method: &'static str,
}

/// A game's end as the Side to move sees it (1 won, 0.5 drawn, 0 lost),
/// told by who made the last move, `mover` (the cards may leave the turn
/// where it was once the game is over); None while it goes on.
fn end_for_side_to_move(player: &Player, world: &World, mover: Sym, moves_left: Option<bool>) -> Option<f64> {
    if let Some(result) = player.result(world) {
        let text = world.syms.text(result);
        if text == "1/2-1/2" {
            return Some(0.5);
        }
        let mover_won = match player.rules().first {
            Some(first) => (mover == first) == (text == "1-0"),
            // Who won is not told: the Side that made the last move did.
            None => true,
        };
        return Some(if mover_won { 0.0 } else { 1.0 });
    }
    // No result: a position with no moves is lost for the Side to move.
    (moves_left == Some(false)).then_some(0.0)
}

/// Searches `world`'s position for the best move within `bounds`; the
/// World is left as it was (but the moves table).
pub fn search(player: &mut Player, world: &mut World, bounds: Bounds) -> Result<Found, String> {
    let mut s = Search::start(player, world, bounds)?;
    loop {
        if let Some(found) = s.step(player, world, u64::MAX)? {
            return Ok(found);
        }
    }
}

/// One ply of alpha-beta below the root, as the recursion would hold it:
/// its moves are `lists[ply]`, its position `snapshots[ply]`.
struct Frame {
    depth: u32,
    alpha: f64,
    beta: f64,
    best: f64,
    /// The next of its moves to make.
    next: usize,
    /// The Side to move here (the mover of its children).
    side: Sym,
}

/// Alpha-beta's root: its moves (`lists[0]`), the iteration on its way.
struct Root {
    side: Sym,
    /// The iteration's depth.
    depth: u32,
    /// The next root move to make in this iteration.
    next: usize,
    alpha: f64,
    best: Option<usize>,
    /// The value a child just gave back (None: no child has ended yet).
    back: Option<f64>,
}

/// MCTS's state between its playouts.
struct Tree {
    random: Random,
    root: Snapshot,
    root_side: Sym,
    nodes: Vec<Node>,
    path: Vec<usize>,
    moves: Vec<Sym>,
}

enum Method {
    AlphaBeta(Root),
    Mcts(Box<Tree>),
    Done,
}

/// A search on its way (see the module's words): made by [`Search::start`]
/// on a position, moved on by [`Search::step`] on the same World until it
/// answers. Between steps the World holds the position the search is at:
/// nothing else may change it.
pub struct Search {
    bounds: Bounds,
    started: Instant,
    nodes: u64,
    /// One buffer of moves and one snapshot a ply, reused.
    lists: Vec<Vec<Sym>>,
    snapshots: Vec<Snapshot>,
    frames: Vec<Frame>,
    stopped: bool,
    found: Found,
    method: Method,
}

/// What entering a position gave: its value at once, or a Frame to search.
enum Entered {
    Value(f64),
    Pushed,
}

impl Search {
    /// A search of `world`'s position within `bounds`. A position with one
    /// move or none is answered by the first [`Search::step`] without a
    /// move made.
    pub fn start(player: &mut Player, world: &mut World, bounds: Bounds) -> Result<Search, String> {
        let bounds = Bounds {
            depth: bounds.depth.clamp(1, SEARCH_DEPTH),
            nodes: bounds.nodes.clamp(1, SEARCH_NODES_MOST),
            ..bounds
        };
        let alpha_beta = player.rules().evaluate.is_some();
        let method = if alpha_beta { "alphabeta" } else { "mcts" };
        let mut root = Vec::new();
        player.moves(world, &mut root)?;
        let found = Found { best: root.first().copied(), score: 0.0, depth: 0, nodes: 0, method };
        let mut s = Search {
            bounds,
            started: Instant::now(),
            nodes: 0,
            lists: vec![root],
            snapshots: vec![Snapshot::default()],
            frames: Vec::new(),
            stopped: false,
            found,
            method: Method::Done,
        };
        if s.lists[0].len() <= 1 {
            return Ok(s);
        }
        s.snapshots[0].take(world);
        let side = player.side(world)?;
        s.method = if alpha_beta {
            Method::AlphaBeta(Root { side, depth: 1, next: 0, alpha: -f64::INFINITY, best: None, back: None })
        } else {
            let moves = s.lists[0].clone();
            Method::Mcts(Box::new(Tree {
                random: Random::seeded(bounds.seed),
                root: std::mem::take(&mut s.snapshots[0]),
                root_side: side,
                nodes: vec![Node { mv: None, children: None, visits: 0.0, wins: 0.0 }],
                path: Vec::new(),
                moves,
            }))
        };
        Ok(s)
    }

    /// Moves the search on by about `slice` moves made (a playout of MCTS
    /// is never cut); Some(found) once it has ended, the World then at the
    /// position it started from (but the moves table).
    pub fn step(&mut self, player: &mut Player, world: &mut World, slice: u64) -> Result<Option<Found>, String> {
        let until = self.nodes.saturating_add(slice.max(1));
        let method = std::mem::replace(&mut self.method, Method::Done);
        let (method, done) = match method {
            Method::Done => (Method::Done, true),
            Method::AlphaBeta(mut root) => {
                let done = self.alpha_beta(player, world, &mut root, until)?;
                (Method::AlphaBeta(root), done)
            }
            Method::Mcts(mut tree) => {
                let done = self.mcts(player, world, &mut tree, until)?;
                (Method::Mcts(tree), done)
            }
        };
        if !done {
            self.method = method;
            return Ok(None);
        }
        self.found.nodes = self.nodes;
        Ok(Some(self.found.clone()))
    }

    fn out_of_bounds(&mut self) -> bool {
        if self.nodes >= self.bounds.nodes {
            self.stopped = true;
        } else if let Some(t) = self.bounds.movetime {
            // Looked at every 64 nodes: a clock read costs.
            if self.nodes.is_multiple_of(64) && self.started.elapsed() >= t {
                self.stopped = true;
            }
        }
        self.stopped
    }

    fn grow(&mut self, ply: usize) {
        while self.lists.len() <= ply {
            self.lists.push(Vec::new());
            self.snapshots.push(Snapshot::default());
        }
    }

    /// Alpha-beta until it ends (true) or `until` nodes are made (false,
    /// just before a move: the next step makes it).
    fn alpha_beta(
        &mut self,
        player: &mut Player,
        world: &mut World,
        root: &mut Root,
        until: u64,
    ) -> Result<bool, String> {
        loop {
            // A value given back: to the Frame above, or to the root.
            if let Some(v) = root.back.take() {
                match self.frames.len() {
                    0 => {
                        let score = -v;
                        self.snapshots[0].restore(world);
                        if !self.stopped {
                            if score > root.alpha {
                                (root.alpha, root.best) = (score, Some(root.next));
                            }
                            root.next += 1;
                        }
                        if (self.stopped || root.next == self.lists[0].len()) && self.end_iteration(root) {
                            return Ok(true);
                        }
                    }
                    n => {
                        let ply = n;
                        let f = &mut self.frames[n - 1];
                        let score = -v;
                        self.snapshots[ply].restore(world);
                        if self.stopped {
                            self.frames.pop();
                            root.back = Some(0.0);
                            continue;
                        }
                        f.best = f.best.max(score);
                        f.alpha = f.alpha.max(score);
                        f.next += 1;
                        if f.alpha >= f.beta || f.next == self.lists[ply].len() {
                            root.back = Some(f.best);
                            self.frames.pop();
                        }
                    }
                }
                continue;
            }
            // The next move: of the deepest Frame, or of the root.
            if self.nodes >= until {
                return Ok(false);
            }
            let (ply, m, depth, alpha, beta, mover) = match self.frames.last() {
                Some(f) => {
                    let ply = self.frames.len();
                    (ply, self.lists[ply][f.next], f.depth, -f.beta, -f.alpha, f.side)
                }
                None => (0, self.lists[0][root.next], root.depth, -f64::INFINITY, -root.alpha, root.side),
            };
            self.nodes += 1;
            player.make(world, m)?;
            match self.enter(player, world, depth - 1, ply + 1, alpha, beta, mover)? {
                Entered::Value(v) => root.back = Some(v),
                Entered::Pushed => {}
            }
        }
    }

    /// The root's iteration is over (or cut short): its best move first in
    /// the next; true when the search is over.
    fn end_iteration(&mut self, root: &mut Root) -> bool {
        // An iteration cut short still counts for the moves it finished:
        // the first of them is the last iteration's best.
        if let Some(i) = root.best {
            self.lists[0][..=i].rotate_right(1);
            self.found.best = Some(self.lists[0][0]);
            self.found.score = root.alpha;
        }
        if self.stopped {
            return true;
        }
        self.found.depth = root.depth;
        if root.alpha.abs() >= WIN - f64::from(SEARCH_DEPTH) || root.depth >= self.bounds.depth {
            return true;
        }
        *root = Root { side: root.side, depth: root.depth + 1, next: 0, alpha: -f64::INFINITY, best: None, back: None };
        false
    }

    /// Enters the position a move just made led to, `depth` more moves to
    /// search, `mover` the Side that made it: its value when it is known at
    /// once (a bound reached, the game's end, depth 0), else a Frame pushed.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &mut self,
        player: &mut Player,
        world: &mut World,
        depth: u32,
        ply: usize,
        alpha: f64,
        beta: f64,
        mover: Sym,
    ) -> Result<Entered, String> {
        if self.out_of_bounds() {
            return Ok(Entered::Value(0.0));
        }
        self.grow(ply);
        if player.has_result() && depth == 0 {
            // The result alone says whether the game is over: no list needed.
            if let Some(v) = end_for_side_to_move(player, world, mover, None) {
                return Ok(Entered::Value((v - 0.5) * 2.0 * (WIN - ply as f64)));
            }
            return Ok(Entered::Value(player.evaluate(world)?.unwrap_or(0.0)));
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let over = end(player, world, mover, &mut moves);
        let empty = moves.is_empty();
        self.lists[ply] = moves;
        if let Some(v) = over? {
            return Ok(Entered::Value((v - 0.5) * 2.0 * (WIN - ply as f64)));
        }
        if depth == 0 || empty {
            return Ok(Entered::Value(player.evaluate(world)?.unwrap_or(0.0)));
        }
        self.snapshots[ply].take(world);
        let side = player.side(world)?;
        self.frames.push(Frame { depth, alpha, beta, best: -f64::INFINITY, next: 0, side });
        Ok(Entered::Pushed)
    }

    /// MCTS's playouts until it ends (true) or `until` nodes are made
    /// (false, between two playouts, the World at the root).
    fn mcts(&mut self, player: &mut Player, world: &mut World, t: &mut Tree, until: u64) -> Result<bool, String> {
        let Tree { random, root, root_side, nodes: tree, path, moves } = t;
        while !self.out_of_bounds() {
            if self.nodes >= until {
                return Ok(false);
            }
            let mut mover = *root_side;
            path.clear();
            let mut at = 0;
            path.push(at);
            // Selection: down the tree by UCT while every child is expanded.
            while let Some((first, count)) = tree[at].children {
                if count == 0 {
                    break;
                }
                let parent_visits = tree[at].visits.max(1.0);
                let pick = (first..first + count)
                    .max_by(|&a, &b| uct(&tree[a], parent_visits).total_cmp(&uct(&tree[b], parent_visits)))
                    .unwrap_or(first);
                // `move:` reads the moves table as `moves:` last wrote it:
                // below the root (whose list the snapshot holds), list again.
                if at != 0 {
                    player.moves(world, moves)?;
                }
                mover = player.side(world)?;
                at = pick;
                path.push(at);
                let Some(mv) = tree[at].mv else { break };
                self.nodes += 1;
                player.make(world, mv)?;
                if tree[at].visits == 0.0 {
                    break;
                }
            }
            // Expansion: a node seen before gets its children.
            let over = match at {
                0 => {
                    player.moves(world, moves)?;
                    None
                }
                _ => end(player, world, mover, moves)?,
            };
            // `value`: for the Side to move at the leaf.
            let value = match over {
                Some(v) => {
                    if tree[at].children.is_none() {
                        tree[at].children = Some((tree.len(), 0));
                    }
                    v
                }
                None => {
                    if tree[at].children.is_none() && (tree[at].visits > 0.0 || at == 0) {
                        let first = tree.len();
                        for &m in moves.iter() {
                            tree.push(Node { mv: Some(m), children: None, visits: 0.0, wins: 0.0 });
                        }
                        tree[at].children = Some((first, moves.len()));
                        let pick = first + random.below(moves.len() as u64) as usize;
                        mover = player.side(world)?;
                        at = pick;
                        path.push(at);
                        if let Some(mv) = tree[at].mv {
                            self.nodes += 1;
                            player.make(world, mv)?;
                        }
                    }
                    self.rollout(player, world, random, moves, mover)?
                }
            };
            // Backpropagation: a node's wins are its mover's (the Side to move at its parent).
            let mut v = value;
            for &n in path.iter().rev() {
                tree[n].visits += 1.0;
                tree[n].wins += 1.0 - v;
                v = 1.0 - v;
            }
            root.restore(world);
        }
        root.restore(world);
        if let Some((first, count)) = tree[0].children {
            let best = (first..first + count).max_by(|&a, &b| tree[a].visits.total_cmp(&tree[b].visits));
            if let Some(b) = best {
                self.found.best = tree[b].mv;
                self.found.score = if tree[b].visits > 0.0 { tree[b].wins / tree[b].visits } else { 0.0 };
            }
        }
        Ok(true)
    }

    /// Random moves from the leaf to the game's end (or [`PLAYOUT_PLIES`]):
    /// its value for the Side to move at the leaf.
    fn rollout(
        &mut self,
        player: &mut Player,
        world: &mut World,
        random: &mut Random,
        moves: &mut Vec<Sym>,
        mover: Sym,
    ) -> Result<f64, String> {
        let mut mover = mover;
        for flips in 0..PLAYOUT_PLIES {
            if let Some(v) = end(player, world, mover, moves)? {
                return Ok(if flips.is_multiple_of(2) { v } else { 1.0 - v });
            }
            let m = moves[random.below(moves.len() as u64) as usize];
            mover = player.side(world)?;
            self.nodes += 1;
            player.make(world, m)?;
        }
        Ok(0.5)
    }
}

/// Whether the game is over, for the Side to move (see
/// [`end_for_side_to_move`]); lists the moves into `moves` when the
/// result does not already say.
fn end(player: &mut Player, world: &mut World, mover: Sym, moves: &mut Vec<Sym>) -> Result<Option<f64>, String> {
    moves.clear();
    if player.result(world).is_some() {
        return Ok(end_for_side_to_move(player, world, mover, None));
    }
    player.moves(world, moves)?;
    Ok(end_for_side_to_move(player, world, mover, Some(!moves.is_empty())))
}

/// One node of the MCTS tree.
struct Node {
    mv: Option<Sym>,
    /// (first child, how many) once expanded.
    children: Option<(usize, usize)>,
    visits: f64,
    /// Wins of the Side that made `mv` (draws count a half).
    wins: f64,
}

/// UCT's value of a child: its share of wins and its exploration term.
fn uct(n: &Node, parent_visits: f64) -> f64 {
    if n.visits == 0.0 {
        return f64::INFINITY;
    }
    n.wins / n.visits + 1.4 * (parent_visits.ln() / n.visits).sqrt()
}
