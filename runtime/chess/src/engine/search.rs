//! The engine's search: iterative deepening negamax with alpha-beta,
//! quiescence on captures, a transposition table, and move ordering (the
//! table's move first, then captures by most valuable victim and least
//! valuable attacker, promotions, the killer moves); within a time limit
//! and a depth limit. Weaker play comes from a measured amount of noise: a
//! number of centipawns, at most, added to every evaluation, drawn from the
//! position's hash and a seed (the same seed, the same game).

use std::time::{Duration, Instant};

use super::board::{Board, Move};
use super::piece::{kind_of, EMPTY};
use super::rules::Rules;
use super::squares::{squares, SquareSet};
use cardtable_runtime::world::Random;

/// A mate's score (less the plies to it): above any evaluation, even of a
/// Board of 128 Squares each holding a Piece of the most value (10000).
pub const MATE: i32 = 10_000_000;
const INF: i32 = 2 * MATE;
const MAX_PLY: usize = 128;

/// What a search may spend, and how weak it plays.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub depth: u32,
    pub time: Option<Duration>,
    /// At most this many centipawns of noise on each evaluation (0: none).
    pub noise: i32,
    pub seed: u64,
    /// At most about this many nodes (UCI's `go nodes N`): the search stops
    /// once it has searched more; the first depth always gives a move.
    pub nodes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { depth: 64, time: None, noise: 0, seed: 0, nodes: None }
    }
}

/// A search's answer.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// None only when the side to move has no legal move.
    pub best: Option<Move>,
    /// Centipawns for the side to move; a mate in n plies is MATE - n.
    pub score: i32,
    /// The last depth searched to its end.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    hash: u64,
    best: Move,
    score: i32,
    depth: i16,
    /// 0 exact, 1 lower bound, 2 upper bound; 3 empty.
    bound: u8,
}

/// What a search calls after each depth it finishes (UCI's `info`).
pub type OnDepth = Box<dyn FnMut(&Found) + Send>;

/// A search, with its table kept from one search to the next: on a Board of
/// any size (its methods take the rules and the board on their bits).
pub struct Searcher {
    table: Vec<Entry>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    limits: Limits,
    killers: [[Move; 2]; MAX_PLY],
    /// The hashes of the positions on the way here (a repetition is a draw),
    /// the game's before the root's: the root is `path[root]`.
    path: Vec<u64>,
    root: usize,
    /// Someone outside asked the search to stop (UCI's `stop`).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Called after each finished depth: (depth, score, nodes, pv).
    pub on_depth: Option<OnDepth>,
    /// The root's moves searched (UCI's `searchmoves`), each a legal move of
    /// the root; empty: all of them.
    pub only: Vec<Move>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(1 << 18)
    }
}

impl Searcher {
    /// A searcher with a table of `entries` (rounded down to a power of two).
    pub fn new(entries: usize) -> Searcher {
        let n = 1usize << (usize::BITS - 1 - entries.max(1024).leading_zeros());
        Searcher {
            table: vec![Entry { bound: 3, ..Entry::default() }; n],
            nodes: 0,
            deadline: None,
            stopped: false,
            limits: Limits::default(),
            killers: [[Move::default(); 2]; MAX_PLY],
            path: Vec::new(),
            root: 0,
            stop: None,
            on_depth: None,
            only: Vec::new(),
        }
    }

    /// Forgets every position searched (a new game).
    pub fn clear(&mut self) {
        for e in &mut self.table {
            e.bound = 3;
        }
    }

    /// The best move of the position, within the limits. `history` holds the
    /// hashes of the game's positions before this one (for repetitions).
    pub fn search<S: SquareSet>(&mut self, r: &Rules<S>, board: &Board<S>, limits: Limits, history: &[u64]) -> Found {
        let started = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.time.map(|t| started + t);
        self.killers = [[Move::default(); 2]; MAX_PLY];
        self.path = history.to_vec();
        self.root = self.path.len();
        self.path.push(board.hash);
        let mut root = *board;
        let mut moves = Vec::new();
        root.legal_moves(r, &mut moves);
        self.keep_only(&mut moves);
        let mut found = Found::default();
        if moves.is_empty() {
            found.score = if root.in_check(r) { -MATE } else { 0 };
            found.elapsed = started.elapsed();
            return found;
        }
        found.best = Some(moves[0]);
        for depth in 1..=limits.depth.clamp(1, MAX_PLY as u32 - 8) {
            let score = self.negamax(r, &root, depth as i32, -INF, INF, 0);
            if self.stopped && depth > 1 {
                break;
            }
            found.depth = depth;
            found.score = score;
            found.pv = self.pv(r, &root, depth as usize);
            // (A depth stopped early may leave the table an earlier search's move.)
            if let Some(&m) = found.pv.first().filter(|m| moves.contains(m)) {
                found.best = Some(m);
            }
            found.nodes = self.nodes;
            found.elapsed = started.elapsed();
            if let Some(f) = self.on_depth.as_mut() {
                f(&found);
            }
            if self.stopped || score.abs() >= MATE - depth as i32 {
                break;
            }
            // A new depth will not finish in the time left: half the time
            // gone, most likely not.
            if let Some(t) = limits.time {
                if started.elapsed() * 2 > t {
                    break;
                }
            }
        }
        found.nodes = self.nodes;
        found.elapsed = started.elapsed();
        found
    }

    /// The line the table holds from the root, legal move by legal move.
    fn pv<S: SquareSet>(&self, r: &Rules<S>, root: &Board<S>, depth: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut b = *root;
        let mut moves = Vec::new();
        for _ in 0..depth {
            let e = self.table[b.hash as usize & (self.table.len() - 1)];
            if e.bound == 3 || e.hash != b.hash {
                break;
            }
            b.legal_moves(r, &mut moves);
            if !moves.contains(&e.best) {
                break;
            }
            pv.push(e.best);
            b = b.make(r, e.best);
        }
        pv
    }

    /// The position `b` (the last on the path) is a draw by repetition: it
    /// stood on the path since the root (the side that repeated it could
    /// repeat it again), or twice in the game before (this is the third
    /// time). Only every other position back, since the last Capture or
    /// Pawn Move (the fifty-move count), can be the same.
    fn repeated<S: SquareSet>(&self, b: &Board<S>) -> bool {
        let last = self.path.len() - 1;
        let mut before_root = 0;
        for back in (2..=b.fifty as usize).step_by(2) {
            let Some(at) = last.checked_sub(back) else { break };
            if self.path[at] == b.hash {
                if at >= self.root {
                    return true;
                }
                before_root += 1;
                if before_root >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Keeps the root's moves that `only` names (all of them when it names none of them).
    fn keep_only(&self, moves: &mut Vec<Move>) {
        if !self.only.is_empty() && moves.iter().any(|m| self.only.contains(m)) {
            moves.retain(|m| self.only.contains(m));
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.limits.nodes.is_some_and(|n| self.nodes > n) {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.as_ref().is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The position's value for the side to move: each Piece's worth on its
    /// Square (material from the Kinds' values, a little for a Piece near
    /// the centre and a Pawn gone forward: [`Rules::piece_squares`]), and
    /// the noise.
    pub fn evaluate<S: SquareSet>(&self, r: &Rules<S>, b: &Board<S>) -> i32 {
        let mut score = [0i32; 2];
        for (side, score) in score.iter_mut().enumerate() {
            for sq in squares(b.occ[side]) {
                *score += r.piece_squares.value(b.piece_at(r, sq), usize::from(sq));
            }
        }
        let mut s = score[b.side as usize] - score[1 - b.side as usize];
        if self.limits.noise > 0 {
            let span = 2 * self.limits.noise as u64 + 1;
            let draw = Random::seeded(b.hash ^ self.limits.seed).next_u64();
            s += (draw % span) as i32 - self.limits.noise;
        }
        s
    }

    fn capture_value<S: SquareSet>(r: &Rules<S>, b: &Board<S>, m: Move) -> Option<i32> {
        let victim = b.piece_at(r, m.to);
        let attacker = b.piece_at(r, m.from);
        let value = |c: u8| if c == EMPTY { 0 } else { r.kinds[kind_of(c) as usize].value };
        let promo = if m.promotion != Move::NONE { r.kinds[m.promotion as usize].value } else { 0 };
        let ep = m.to == b.ep && r.pawn.is_some_and(|p| attacker != EMPTY && kind_of(attacker) == p);
        if victim != EMPTY || promo > 0 || ep {
            let v = if ep { r.pawn.map_or(0, |p| r.kinds[p as usize].value) } else { value(victim) };
            Some((v + promo) * 16 - value(attacker) / 16)
        } else {
            None
        }
    }

    fn order<S: SquareSet>(&self, r: &Rules<S>, b: &Board<S>, moves: &mut [Move], tt: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let mut keyed: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let key = if Some(m) == tt {
                    i32::MAX
                } else if let Some(v) = Self::capture_value(r, b, m) {
                    1_000_000 + v
                } else if m == killers[0] {
                    900_000
                } else if m == killers[1] {
                    800_000
                } else {
                    0
                };
                (key, m)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }

    fn negamax<S: SquareSet>(
        &mut self,
        r: &Rules<S>,
        b: &Board<S>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if ply > 0 {
            if b.fifty >= 100 || self.repeated(b) {
                return 0;
            }
            // Mate distance: no line here beats a mate already found nearer.
            if MATE - (ply as i32) <= alpha {
                return alpha;
            }
        }
        let in_check = b.in_check(r);
        let depth = if in_check && ply < MAX_PLY / 2 { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(r, b, alpha, beta, ply);
        }
        let slot = b.hash as usize & (self.table.len() - 1);
        let e = self.table[slot];
        let mut tt_move = None;
        if e.bound != 3 && e.hash == b.hash {
            tt_move = Some(e.best);
            if ply > 0 && i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    0 => return s,
                    1 if s >= beta => return s,
                    2 if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut board = *b;
        let mut moves = Vec::with_capacity(48);
        board.legal_moves(r, &mut moves);
        if moves.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        if ply == 0 {
            self.keep_only(&mut moves);
        }
        self.order(r, b, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let child = b.make(r, m);
            self.path.push(child.hash);
            let score = if i == 0 {
                -self.negamax(r, &child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // A null window first: most moves are no better.
                let s = -self.negamax(r, &child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta {
                    -self.negamax(r, &child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if Self::capture_value(r, b, m).is_none() && ply < MAX_PLY {
                    let k = &mut self.killers[ply];
                    if k[0] != m {
                        k[1] = k[0];
                        k[0] = m;
                    }
                }
                break;
            }
        }
        let bound = if best <= alpha0 {
            2
        } else if best >= beta {
            1
        } else {
            0
        };
        self.table[slot] =
            Entry { hash: b.hash, best: best_move, score: to_table(best, ply), depth: depth as i16, bound };
        best
    }

    fn quiesce<S: SquareSet>(&mut self, r: &Rules<S>, b: &Board<S>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let mut board = *b;
        let mut moves = Vec::with_capacity(48);
        // In check, every answer (and no answer is mate), with no standing
        // pat; else the captures, or the evaluation as it stands.
        let in_check = b.in_check(r);
        let stand = if in_check {
            board.legal_moves(r, &mut moves);
            if moves.is_empty() {
                return -(MATE - ply as i32);
            }
            -(MATE - ply as i32)
        } else {
            board.legal_captures(r, &mut moves);
            self.evaluate(r, b)
        };
        if stand >= beta || ply >= MAX_PLY - 1 {
            return if in_check { self.evaluate(r, b) } else { stand };
        }
        alpha = alpha.max(stand);
        let mut captures: Vec<(i32, Move)> = moves
            .iter()
            .filter_map(|&m| Self::capture_value(r, b, m).or(in_check.then_some(-1)).map(|v| (v, m)))
            .collect();
        captures.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (_, m) in captures {
            let child = b.make(r, m);
            let score = -self.quiesce(r, &child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

/// A mate score as the table keeps it: counted from the position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}
