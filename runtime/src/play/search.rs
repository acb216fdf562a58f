//! The Computer for any game with `play:`: alpha-beta (negamax, iterative
//! deepening, the last iteration's best move searched first) over the
//! game's `evaluate:` where it names one, else Monte Carlo tree search (UCT
//! with random playouts). Every search is bounded by depth, by nodes (each
//! move made is one) and, if asked, by time; the position is taken back
//! after every move ([`Snapshot`]).

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
    let started = Instant::now();
    let bounds = Bounds {
        depth: bounds.depth.clamp(1, SEARCH_DEPTH),
        nodes: bounds.nodes.clamp(1, SEARCH_NODES_MOST),
        ..bounds
    };
    let mut s =
        Searcher { player, bounds, started, nodes: 0, lists: Vec::new(), snapshots: Vec::new(), stopped: false };
    if s.player.rules().evaluate.is_some() {
        s.alpha_beta(world)
    } else {
        s.mcts(world)
    }
}

struct Searcher<'p> {
    player: &'p mut Player,
    bounds: Bounds,
    started: Instant,
    nodes: u64,
    /// One buffer of moves and one snapshot a ply, reused.
    lists: Vec<Vec<Sym>>,
    snapshots: Vec<Snapshot>,
    stopped: bool,
}

impl Searcher<'_> {
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

    fn alpha_beta(&mut self, world: &mut World) -> Result<Found, String> {
        self.grow(0);
        let mut root = std::mem::take(&mut self.lists[0]);
        self.player.moves(world, &mut root)?;
        let mut found = Found { best: root.first().copied(), score: 0.0, depth: 0, nodes: 0, method: "alphabeta" };
        if root.len() <= 1 {
            return Ok(found);
        }
        self.snapshots[0].take(world);
        let side = self.player.side(world)?;
        for depth in 1..=self.bounds.depth {
            let (mut best, mut alpha) = (None, -f64::INFINITY);
            for (i, &m) in root.iter().enumerate() {
                self.nodes += 1;
                self.player.make(world, m)?;
                let score = -self.negamax(world, depth - 1, 1, -f64::INFINITY, -alpha, side)?;
                self.snapshots[0].restore(world);
                if self.stopped {
                    break;
                }
                if score > alpha {
                    (alpha, best) = (score, Some(i));
                }
            }
            // An iteration cut short still counts for the moves it finished:
            // the first of them is the last iteration's best.
            if let Some(i) = best {
                // The best move first in the next iteration.
                root[..=i].rotate_right(1);
                found.best = Some(root[0]);
                found.score = alpha;
            }
            if self.stopped {
                break;
            }
            found.depth = depth;
            if alpha.abs() >= WIN - f64::from(SEARCH_DEPTH) {
                break;
            }
        }
        self.lists[0] = root;
        found.nodes = self.nodes;
        Ok(found)
    }

    /// The score of the position for the Side to move, `depth` more moves deep.
    /// `mover`: the Side that made the move to it.
    fn negamax(
        &mut self,
        world: &mut World,
        depth: u32,
        ply: usize,
        mut alpha: f64,
        beta: f64,
        mover: Sym,
    ) -> Result<f64, String> {
        if self.out_of_bounds() {
            return Ok(0.0);
        }
        self.grow(ply);
        let leaf_known = self.player.has_result() && depth == 0;
        if leaf_known {
            // The result alone says whether the game is over: no list needed.
            if let Some(v) = end_for_side_to_move(self.player, world, mover, None) {
                return Ok((v - 0.5) * 2.0 * (WIN - ply as f64));
            }
            return Ok(self.player.evaluate(world)?.unwrap_or(0.0));
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let answer = self.below(world, depth, ply, (&mut alpha, beta), mover, &mut moves);
        self.lists[ply] = moves;
        answer
    }

    fn below(
        &mut self,
        world: &mut World,
        depth: u32,
        ply: usize,
        window: (&mut f64, f64),
        mover: Sym,
        moves: &mut Vec<Sym>,
    ) -> Result<f64, String> {
        let (alpha, beta) = window;
        let over = self.end(world, mover, moves)?;
        if let Some(v) = over {
            return Ok((v - 0.5) * 2.0 * (WIN - ply as f64));
        }
        if depth == 0 {
            return Ok(self.player.evaluate(world)?.unwrap_or(0.0));
        }
        self.snapshots[ply].take(world);
        let side = self.player.side(world)?;
        let mut best = -f64::INFINITY;
        for &m in moves.iter() {
            self.nodes += 1;
            self.player.make(world, m)?;
            let score = -self.negamax(world, depth - 1, ply + 1, -beta, -*alpha, side)?;
            self.snapshots[ply].restore(world);
            if self.stopped {
                return Ok(0.0);
            }
            best = best.max(score);
            *alpha = alpha.max(score);
            if *alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// Whether the game is over, for the Side to move (see
    /// [`end_for_side_to_move`]); lists the moves into `moves` when the
    /// result does not already say.
    fn end(&mut self, world: &mut World, mover: Sym, moves: &mut Vec<Sym>) -> Result<Option<f64>, String> {
        moves.clear();
        if self.player.result(world).is_some() {
            return Ok(end_for_side_to_move(self.player, world, mover, None));
        }
        self.player.moves(world, moves)?;
        Ok(end_for_side_to_move(self.player, world, mover, Some(!moves.is_empty())))
    }

    fn mcts(&mut self, world: &mut World) -> Result<Found, String> {
        let mut random = Random::seeded(self.bounds.seed);
        let mut root_moves = Vec::new();
        self.player.moves(world, &mut root_moves)?;
        let mut found = Found { best: root_moves.first().copied(), score: 0.0, depth: 0, nodes: 0, method: "mcts" };
        if root_moves.len() <= 1 {
            return Ok(found);
        }
        let mut root = Snapshot::default();
        root.take(world);
        // The tree: node 0 is the root; each node's children follow in `tree`.
        let mut tree: Vec<Node> = vec![Node { mv: None, children: None, visits: 0.0, wins: 0.0 }];
        let mut path: Vec<usize> = Vec::new();
        let mut moves = Vec::new();
        let root_side = self.player.side(world)?;
        while !self.out_of_bounds() {
            let mut mover = root_side;
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
                    self.player.moves(world, &mut moves)?;
                }
                mover = self.player.side(world)?;
                at = pick;
                path.push(at);
                let Some(mv) = tree[at].mv else { break };
                self.nodes += 1;
                self.player.make(world, mv)?;
                if tree[at].visits == 0.0 {
                    break;
                }
            }
            // Expansion: a node seen before gets its children.
            let over = match at {
                0 => {
                    self.player.moves(world, &mut moves)?;
                    None
                }
                _ => self.end(world, mover, &mut moves)?,
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
                        for &m in &moves {
                            tree.push(Node { mv: Some(m), children: None, visits: 0.0, wins: 0.0 });
                        }
                        tree[at].children = Some((first, moves.len()));
                        let pick = first + random.below(moves.len() as u64) as usize;
                        mover = self.player.side(world)?;
                        at = pick;
                        path.push(at);
                        if let Some(mv) = tree[at].mv {
                            self.nodes += 1;
                            self.player.make(world, mv)?;
                        }
                    }
                    self.rollout(world, &mut random, &mut moves, mover)?
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
                found.best = tree[b].mv;
                found.score = if tree[b].visits > 0.0 { tree[b].wins / tree[b].visits } else { 0.0 };
            }
        }
        found.nodes = self.nodes;
        Ok(found)
    }

    /// Random moves from the leaf to the game's end (or [`PLAYOUT_PLIES`]):
    /// its value for the Side to move at the leaf.
    fn rollout(
        &mut self,
        world: &mut World,
        random: &mut Random,
        moves: &mut Vec<Sym>,
        mover: Sym,
    ) -> Result<f64, String> {
        let mut mover = mover;
        for flips in 0..PLAYOUT_PLIES {
            if let Some(v) = self.end(world, mover, moves)? {
                return Ok(if flips.is_multiple_of(2) { v } else { 1.0 - v });
            }
            let m = moves[random.below(moves.len() as u64) as usize];
            mover = self.player.side(world)?;
            self.nodes += 1;
            self.player.make(world, m)?;
        }
        Ok(0.5)
    }
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
