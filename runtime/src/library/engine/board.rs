//! The engine's board: the Piece on each of the 64 Squares, and each Side's
//! Squares and Kings as bits (a Direction is walked on bits: see [`Rules`]),
//! the side to move, the castlings still allowed, the en
//! passant Square and the fifty-move count; and its legal moves, which are
//! the cards' own: Find Legal Moves (Find Moves and Follow Direction, Keep
//! Safe Moves and Drop Move If Unsafe, Try Castling, Find En Passant Move)
//! and Make Move (Update Castling, Update En Passant, Move Piece), step for
//! step, down to their quirks (a Piece standing on its Side's Pawn Rank takes
//! its Direction's firstMoveSteps, whatever its Kind; an attack is looked
//! for along each capturing Direction's `steps`).

use super::rules::{Hop, Rules};
pub use crate::library::chess_facts::Move;
use crate::library::chess_facts::{
    file_of, rank_of, square, square_name, write_placement, Fen, Grid, FILES, RANKS, SQUARES,
};

/// An empty cell.
pub const EMPTY: u8 = 0;
/// No en passant Square.
pub const NO_SQUARE: u8 = SQUARES as u8;

/// The engine's sets of Squares are a `u64`'s bits, so its Board has 64
/// Squares at most; every Square ANDed with this is itself (which lets an
/// index into the cells go unchecked).
const SQUARE_MASK: usize = 63;
const _: () = assert!(SQUARES <= SQUARE_MASK + 1, "the engine's bit sets hold 64 Squares");

/// A piece code: 1 + kind * 2 + side.
#[inline]
pub fn code(kind: u8, side: u8) -> u8 {
    1 + kind * 2 + side
}
#[inline]
pub fn kind_of(code: u8) -> u8 {
    (code - 1) / 2
}
#[inline]
pub fn side_of(code: u8) -> u8 {
    (code - 1) % 2
}

#[derive(Clone, Copy)]
pub struct Board {
    pub cells: [u8; SQUARES],
    /// 0 White, 1 Black.
    pub side: u8,
    /// One bit for each Castling row still allowed (its isAllowed).
    pub castle: u64,
    /// The en passant Square 0..64, or [`NO_SQUARE`].
    pub ep: u8,
    pub fifty: u32,
    pub fullmove: u32,
    pub hash: u64,
    /// The Squares each Side's Pieces stand on, a bit each (a1 the lowest).
    pub occ: [u64; 2],
    /// The Squares each Side's Kings stand on (Find King takes the highest).
    pub kings: [u64; 2],
}

impl Board {
    /// The board of a FEN, its letters those of the content's Kinds.
    pub fn from_fen(r: &Rules, fen: &str) -> Result<Board, String> {
        let read = Fen::read(Grid::CHESS, fen, |c| {
            let c = c.to_ascii_lowercase();
            r.kinds.iter().position(|k| k.letter == c).map(|k| k as u8)
        })?;
        let mut b = Board {
            cells: [EMPTY; SQUARES],
            side: u8::from(!read.white_to_move),
            castle: 0,
            ep: read.en_passant.unwrap_or(NO_SQUARE),
            fifty: read.halfmoves,
            fullmove: read.move_number,
            hash: 0,
            occ: [0; 2],
            kings: [0; 2],
        };
        for (sq, piece) in read.placement.iter().enumerate() {
            let Some((kind, white)) = *piece else { continue };
            let side = u8::from(!white);
            b.cells[sq] = code(kind, side);
            b.occ[side as usize] |= 1 << sq;
            if r.king == kind {
                b.kings[side as usize] |= 1 << sq;
            }
        }
        for (i, c) in r.castlings.iter().enumerate() {
            if c.fen.is_some_and(|l| read.castling.contains(l)) {
                b.castle |= 1 << i;
            }
        }
        b.hash = b.compute_hash(r);
        Ok(b)
    }

    /// The position as FEN.
    pub fn fen(&self, r: &Rules) -> String {
        let mut out = write_placement(Grid::CHESS, |sq| {
            let c = self.cells[usize::from(sq)];
            let l = (c != EMPTY).then(|| r.kinds[kind_of(c) as usize].letter)?;
            Some(if side_of(c) == 0 { l.to_ascii_uppercase() } else { l })
        });
        out.push_str(if self.side == 0 { " w " } else { " b " });
        let mut rights = String::new();
        for l in ['K', 'Q', 'k', 'q'] {
            if r.castlings.iter().enumerate().any(|(i, c)| c.fen == Some(l) && self.castle & (1 << i) != 0) {
                rights.push(l);
            }
        }
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        out.push_str(&if self.ep == NO_SQUARE { "-".to_string() } else { square_name(self.ep) });
        out.push_str(&format!(" {} {}", self.fifty, self.fullmove));
        out
    }

    pub fn compute_hash(&self, r: &Rules) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.cells.iter().enumerate() {
            h ^= r.key(sq, c);
        }
        if self.side == 1 {
            h ^= r.side_key;
        }
        for i in 0..r.castlings.len() {
            if self.castle & (1 << i) != 0 {
                h ^= r.castle_keys[i];
            }
        }
        if self.ep != NO_SQUARE {
            h ^= r.ep_keys[self.ep as usize];
        }
        h
    }

    /// The piece code on a Square 0..64 (the Rules, once the cells' map).
    #[inline]
    pub fn at(&self, _: &Rules, sq: u8) -> u8 {
        self.cells[usize::from(sq) & SQUARE_MASK]
    }

    #[inline]
    fn set(&mut self, r: &Rules, cell: usize, c: u8) {
        let old = self.cells[cell];
        self.hash ^= r.key(cell, old) ^ r.key(cell, c);
        self.cells[cell] = c;
        let bit = 1u64 << (cell & SQUARE_MASK);
        if old != EMPTY {
            self.occ[side_of(old) as usize] &= !bit;
            self.kings[side_of(old) as usize] &= !bit;
        }
        if c != EMPTY {
            self.occ[side_of(c) as usize] |= bit;
            if r.king == kind_of(c) {
                self.kings[side_of(c) as usize] |= bit;
            }
        }
    }

    /// Move Piece: what stands on `from` goes to `to`; `from` is emptied.
    #[inline]
    fn move_piece(&mut self, r: &Rules, from: usize, to: usize) {
        let c = self.cells[from];
        self.set(r, to, c);
        self.set(r, from, EMPTY);
    }

    /// Find King: the Square of the side's King, the last in a1..h8 order.
    pub fn king_cell(&self, _: &Rules, side: u8) -> Option<usize> {
        let kings = self.kings[side as usize];
        (kings != 0).then(|| 63 - kings.leading_zeros() as usize)
    }

    /// Is Square Attacked: a Piece of `by` reaches `cell` along a capturing
    /// Direction of its Kind, looked for backwards within its `steps`.
    pub fn attacked(&self, r: &Rules, cell: usize, by: u8) -> bool {
        self.attacked_among(r, cell, by, self.occ[0] | self.occ[1])
    }

    /// [`Board::attacked`], the Pieces standing on `occupied` (a bit each):
    /// on each ray backwards from the Square, the nearest Piece, k steps
    /// away, attacks when it is `by`'s and its Kind's Direction reaches k.
    fn attacked_among(&self, r: &Rules, cell: usize, by: u8, occupied: u64) -> bool {
        let sq = cell & SQUARE_MASK;
        if r.hop_attackers != 0 && self.hop_attacks(r, sq, by, occupied) {
            return true;
        }
        for ray in &r.rays[by as usize] {
            let squares = ray.squares[sq];
            let blockers = squares & occupied;
            if blockers == 0 {
                continue;
            }
            let (b, walked) = if ray.up {
                let b = blockers.trailing_zeros();
                (b, squares & (u64::MAX >> (63 - b)))
            } else {
                let b = 63 - blockers.leading_zeros();
                (b, squares & !((1u64 << b) - 1))
            };
            let c = self.cells[b as usize & SQUARE_MASK];
            let k = walked.count_ones() as usize;
            if c != EMPTY
                && side_of(c) == by
                && ray.reach.get(k.wrapping_sub(1)).is_some_and(|reach| reach & (1u128 << kind_of(c)) != 0)
            {
                return true;
            }
        }
        false
    }

    /// Whether a Piece of `by` (on `occupied`) reaches `sq` along a capturing
    /// [`Hop`] of its Kind: Find First Piece Beyond's walk backwards (Find
    /// First Piece Along's for such a row), done forwards from each such
    /// Piece, the Square as if a Piece stood on it.
    fn hop_attacks(&self, r: &Rules, sq: usize, by: u8, occupied: u64) -> bool {
        let target = 1u64 << sq;
        let mut theirs = self.occ[by as usize] & occupied & !target;
        while theirs != 0 {
            let from = theirs.trailing_zeros() as u8;
            theirs &= theirs - 1;
            let c = self.cells[usize::from(from) & SQUARE_MASK];
            if c == EMPTY || side_of(c) != by || r.hop_attackers & (1u128 << kind_of(c)) == 0 {
                continue;
            }
            for hop in &r.kind_hops[kind_of(c) as usize][by as usize] {
                if hop.capture_mask != 0 && hop_reach(hop, from, hop.steps, occupied | target).1 & target != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move's King is attacked now (where Find King finds it).
    pub fn in_check(&self, r: &Rules) -> bool {
        match self.king_cell(r, self.side) {
            Some(k) => self.attacked(r, k, 1 - self.side),
            None => false,
        }
    }

    /// Whether `by` attacks the King on `cell` ([`Board::attacked`]), and
    /// the other Side's Pieces that are pinned to it: on a ray backwards
    /// from the King, the nearest Piece, when it is the King's Side's and
    /// the next Piece beyond it would attack the King were it gone (the
    /// same test as [`Board::attacked_among`]'s, one Piece further on).
    fn check_and_pins(&self, r: &Rules, cell: usize, by: u8) -> (bool, u64) {
        let sq = cell & SQUARE_MASK;
        let occupied = self.occ[0] | self.occ[1];
        let (theirs, ours) = (self.occ[by as usize], self.occ[1 - by as usize]);
        let attacks = |c: u8, k: u32, reach: &[u128; 8]| {
            c != EMPTY
                && reach.get((k as usize).wrapping_sub(1)).is_some_and(|reach| reach & (1u128 << kind_of(c)) != 0)
        };
        let mut pinned = 0;
        for ray in &r.rays[by as usize] {
            let squares = ray.squares[sq];
            let blockers = squares & occupied;
            if blockers == 0 {
                continue;
            }
            let nearest = |blockers: u64| {
                if ray.up {
                    let b = blockers.trailing_zeros();
                    (b, (squares & (u64::MAX >> (63 - b))).count_ones())
                } else {
                    let b = 63 - blockers.leading_zeros();
                    (b, (squares & !((1u64 << b) - 1)).count_ones())
                }
            };
            let (b, k) = nearest(blockers);
            let bit = 1u64 << b;
            if theirs & bit != 0 {
                if attacks(self.cells[b as usize & SQUARE_MASK], k, &ray.reach) {
                    return (true, 0);
                }
            } else if ours & bit != 0 && ray.steps >= 2 {
                let beyond = blockers & !bit;
                if beyond != 0 {
                    let (b2, k2) = nearest(beyond);
                    if theirs & (1u64 << b2) != 0 && attacks(self.cells[b2 as usize & SQUARE_MASK], k2, &ray.reach) {
                        pinned |= bit;
                    }
                }
            }
        }
        (false, pinned)
    }

    /// Drop Move If Unsafe: the Piece on `from` moved to `to`, `taken`
    /// emptied first, leaves the King (or, when it is the King, `to`)
    /// attacked. The board is as it was afterwards.
    fn unsafe_move(&mut self, r: &Rules, from: usize, to: usize, taken: usize, king: Option<usize>) -> bool {
        let (saved_taken, saved_to, moving) = (self.cells[taken], self.cells[to], self.cells[from]);
        self.cells[taken] = EMPTY;
        self.cells[to] = moving;
        self.cells[from] = EMPTY;
        // Without a King, the cards' Find King answers an empty name, whose
        // file and rank are the Position table's defaults: a1.
        let check = match king {
            Some(k) if k == from => to,
            Some(k) => k,
            None => 0,
        };
        let bit = |cell: usize| 1u64 << (cell & SQUARE_MASK);
        let occupied = (self.occ[0] | self.occ[1]) & !bit(taken) & !bit(from) | bit(to);
        let attacked = self.attacked_among(r, check, 1 - side_of(moving), occupied);
        self.cells[from] = moving;
        self.cells[to] = saved_to;
        self.cells[taken] = saved_taken;
        attacked
    }

    /// Every legal move of the side to move, in the order the chess library
    /// lists the cards' (by from Square, then to Square, a1 first), each
    /// promotion once per Kind of the Promotion choice.
    pub fn legal_moves(&mut self, r: &Rules, out: &mut Vec<Move>) {
        self.generate(r, out, false, false);
    }

    /// The legal moves that take a Piece or promote a Pawn (the search's
    /// quiescence): [`Board::legal_moves`] without the others.
    pub fn legal_captures(&mut self, r: &Rules, out: &mut Vec<Move>) {
        self.generate(r, out, true, false);
    }

    /// How many legal moves there are ([`Board::legal_moves`]'s length),
    /// none of them written down: perft's last depth.
    pub fn count_legal_moves(&mut self, r: &Rules) -> usize {
        self.generate(r, &mut Vec::new(), false, true)
    }

    /// The legal moves into `out` (only counted, when `count_only`); how many.
    fn generate(&mut self, r: &Rules, out: &mut Vec<Move>, captures_only: bool, count_only: bool) -> usize {
        out.clear();
        let mut count = 0;
        let side = self.side;
        let enemy = 1 - side;
        let king = self.king_cell(r, side);
        let sd = r.sides[side as usize];
        // A move of another Piece than the King leaves the King as safe as
        // it was, when the King is safe now and the Piece is not the
        // nearest on a ray to the King whose next Piece would attack it
        // (pinned): the Square it leaves is the only one emptied, and the
        // one it takes only blocks or removes an attacker. Such moves need
        // no Drop Move If Unsafe: its answer would be no.
        let mut tested = u64::MAX;
        // A hopper's screen stepped into, or a lame leaper's way left, can
        // expose the King to a Piece no ray finds: every move is tried then.
        if let (Some(k), 0) = (king, r.hop_attackers) {
            let (check, pinned) = self.check_and_pins(r, k, enemy);
            if !check {
                tested = pinned | 1u64 << (k & SQUARE_MASK);
            }
        }
        let occupied = self.occ[0] | self.occ[1];
        let enemies = self.occ[enemy as usize];
        let mut own = self.occ[side as usize];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let fc = usize::from(from);
            let c = self.cells[fc & SQUARE_MASK];
            let kind = kind_of(c);
            let rank = i32::from(rank_of(from)) + 1;
            let mut targets = 0u64;
            // Find Moves: each Direction of its Kind, Follow Direction: the
            // Squares it passes over up to the first Piece on its way, and
            // that Piece's when it is the enemy's and the Direction captures.
            let first = usize::from(rank == sd.pawn_rank);
            let quiet = if !captures_only {
                u64::MAX
            } else if Some(kind) == r.pawn {
                r.promotion_squares[side as usize]
            } else {
                0
            };
            for lp in &r.kind_leaps[kind as usize][side as usize] {
                let squares = r.leap_table.get(lp.at as usize + from as usize).copied().unwrap_or(0);
                targets |= squares & !occupied & quiet & lp.move_mask | squares & enemies & lp.capture_mask;
            }
            for st in &r.kind_steps[kind as usize][side as usize] {
                let Some(&ray) = r.dir_rays[first].get(st.rays as usize + from as usize) else { continue };
                let blockers = ray & occupied;
                let (free, hit) = if blockers == 0 {
                    (ray, 0)
                } else if st.up {
                    let b = blockers.trailing_zeros();
                    (ray & ((1u64 << b) - 1), 1u64 << b)
                } else {
                    let b = 63 - blockers.leading_zeros();
                    (ray & !(u64::MAX >> (63 - b)), 1u64 << b)
                };
                targets |= free & quiet & st.move_mask | hit & enemies & st.capture_mask;
            }
            for hop in &r.kind_hops[kind as usize][side as usize] {
                let steps = if first == 1 { hop.first_steps } else { hop.steps };
                let (free, hit) = hop_reach(hop, from, steps, occupied);
                targets |= free & quiet & hop.move_mask | hit & enemies & hop.capture_mask;
            }
            // Keep Safe Moves.
            let mut left = if tested & (1 << from) == 0 { 0 } else { targets };
            while left != 0 {
                let to = left.trailing_zeros() as u8;
                left &= left - 1;
                let tc = usize::from(to);
                if self.unsafe_move(r, fc, tc, tc, king) {
                    targets &= !(1 << to);
                }
            }
            // Try Castling, for each allowed castling of this Square.
            let castles = !captures_only && self.castle != 0 && r.castle_from & (1 << from) != 0;
            let castlings = if castles { &r.castlings[..] } else { &[][..] };
            for (i, cd) in castlings.iter().enumerate() {
                if cd.king_from != from || self.castle & (1 << i) == 0 {
                    continue;
                }
                let empty = |sq: u8| self.cells[usize::from(sq) & SQUARE_MASK] == EMPTY;
                if empty(cd.king_to) && empty(cd.rook_to) && empty(cd.rook_passes) {
                    let hit = |sq: u8| self.attacked(r, usize::from(sq), enemy);
                    if !hit(cd.king_from) && !hit(cd.rook_to) && !hit(cd.king_to) {
                        targets |= 1 << cd.king_to;
                    }
                }
            }
            // Find En Passant Move.
            if self.ep != NO_SQUARE && Some(kind) == r.pawn {
                let (ep_file, ep_rank) = (i32::from(file_of(self.ep)), i32::from(rank_of(self.ep)) + 1);
                if ep_rank - rank == sd.forward && (ep_file - i32::from(file_of(from))).abs() == 1 {
                    let passed = usize::from(square(ep_file as u8, (rank - 1) as u8));
                    let ec = usize::from(self.ep);
                    targets |= 1 << self.ep;
                    if self.unsafe_move(r, fc, ec, passed, king) {
                        targets &= !(1 << self.ep);
                    }
                }
            }
            let is_pawn = Some(kind) == r.pawn;
            let promotions = &r.promotions[side as usize];
            if count_only {
                let promoting =
                    if is_pawn && !promotions.is_empty() { targets & r.promotion_squares[side as usize] } else { 0 };
                count +=
                    (targets & !promoting).count_ones() as usize + promoting.count_ones() as usize * promotions.len();
                continue;
            }
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if is_pawn && i32::from(rank_of(to)) + 1 == sd.promotion_rank && !promotions.is_empty() {
                    for &p in promotions {
                        out.push(Move { from, to, promotion: p });
                    }
                } else {
                    out.push(Move { from, to, promotion: Move::NONE });
                }
            }
        }
        if count_only {
            count
        } else {
            out.len()
        }
    }

    /// Make Move, the promoted Kind, Pass The Turn: the board after a move.
    pub fn make(&self, r: &Rules, m: Move) -> Board {
        let mut b = *self;
        let (from, to) = (usize::from(m.from) & SQUARE_MASK, usize::from(m.to) & SQUARE_MASK);
        let moving = b.cells[from];
        let kind = if moving == EMPTY { u8::MAX } else { kind_of(moving) };
        let is_pawn = r.pawn == Some(kind);
        if is_pawn || b.cells[to] != EMPTY {
            b.fifty = 0;
        } else {
            b.fifty += 1;
        }
        // Update Castling: only a move from or to a castling's Square does anything.
        let touched = (1u64 << (m.from & 63)) | (1u64 << (m.to & 63));
        let castlings = if touched & r.castle_squares == 0 { &[][..] } else { &r.castlings[..] };
        for (i, cd) in castlings.iter().enumerate() {
            if r.king == kind && cd.king_from == m.from && cd.king_to == m.to {
                b.move_piece(r, usize::from(cd.rook_from), usize::from(cd.rook_to));
            }
            if (cd.king_from == m.from || cd.rook_from == m.from || cd.rook_from == m.to) && b.castle & (1 << i) != 0 {
                b.castle &= !(1 << i);
                b.hash ^= r.castle_keys[i];
            }
        }
        // Update En Passant.
        if is_pawn && m.to == b.ep {
            let passed = usize::from(square(file_of(m.to), rank_of(m.from)));
            b.set(r, passed, EMPTY);
        }
        if b.ep != NO_SQUARE {
            b.hash ^= r.ep_keys[b.ep as usize];
            b.ep = NO_SQUARE;
        }
        if is_pawn && (i32::from(rank_of(m.to)) - i32::from(rank_of(m.from))).abs() == 2 {
            b.ep = square(file_of(m.from), (rank_of(m.from) + rank_of(m.to)) / 2);
            b.hash ^= r.ep_keys[b.ep as usize];
        }
        b.move_piece(r, from, to);
        if m.promotion != Move::NONE && moving != EMPTY {
            b.set(r, to, code(m.promotion, side_of(moving)));
        }
        if b.side == 1 {
            b.fullmove += 1;
        }
        b.side = 1 - b.side;
        b.hash ^= r.side_key;
        b
    }

    /// A move in UCI form: `e2e4`, `e7e8q` (the promoted Kind's letter).
    pub fn uci(r: &Rules, m: Move) -> String {
        m.uci(Grid::CHESS, |kind| r.kinds.get(usize::from(kind)).map(|k| k.letter))
    }

    /// The legal move a UCI text names, if it is one.
    pub fn parse_move(&mut self, r: &Rules, text: &str) -> Option<Move> {
        let mut moves = Vec::new();
        self.legal_moves(r, &mut moves);
        moves.into_iter().find(|&m| Board::uci(r, m) == text)
    }

    /// Whether a UCI engine, which knows only chess, may play this position:
    /// every Piece on it is of a Kind that moves as chess's (an invented
    /// Kind, or a Knight that rides, is not).
    pub fn is_chess(&self, r: &Rules) -> bool {
        (0..SQUARES as u8).all(|sq| {
            let c = self.at(r, sq);
            c == EMPTY || r.kind_is_chess(kind_of(c))
        })
    }

    /// Leaf positions `depth` moves deep.
    pub fn perft(&mut self, r: &Rules, depth: u32) -> u64 {
        let mut left = u64::MAX;
        self.perft_within(r, depth, &mut left).unwrap_or_default()
    }

    /// [`Board::perft`], counting at most `left` leaf positions (each one
    /// counted is taken from it): None past them.
    pub fn perft_within(&mut self, r: &Rules, depth: u32, left: &mut u64) -> Option<u64> {
        let mut lists = vec![Vec::with_capacity(64); depth as usize];
        self.perft_with(r, &mut lists, left)
    }

    /// perft, one list of moves kept for each depth (`lists.len()` deep).
    fn perft_with(&mut self, r: &Rules, lists: &mut [Vec<Move>], left: &mut u64) -> Option<u64> {
        let Some((moves, deeper)) = lists.split_first_mut() else {
            *left = left.checked_sub(1)?;
            return Some(1);
        };
        if deeper.is_empty() {
            let leaves = self.count_legal_moves(r) as u64;
            *left = left.checked_sub(leaves)?;
            return Some(leaves);
        }
        self.legal_moves(r, moves);
        let mut total = 0;
        for &m in moves.iter() {
            total += self.make(r, m).perft_with(r, deeper, left)?;
        }
        Some(total)
    }
}

/// Follow Jumping Direction's walk (Follow Direction's for such a row) of a
/// [`Hop`] from a Square, up to `steps` steps, the Pieces on `occupied`:
/// (the empty Squares it may land on, the Square of the Piece it lands on, a
/// bit each). A step whose Square on its way holds a Piece ends the walk;
/// the first `jumps` Pieces met are jumped; after them it lands on each empty
/// Square (only the first, `just_beyond`) and on the first Piece, where it
/// ends.
pub fn hop_reach(hop: &Hop, from: u8, steps: u32, occupied: u64) -> (u64, u64) {
    let (files, ranks) = (i32::from(FILES), i32::from(RANKS));
    let on_board = |f: i32, r: i32| (0..files).contains(&f) && (0..ranks).contains(&r);
    let bit = |f: i32, r: i32| 1u64 << (square(f as u8, r as u8) as usize & SQUARE_MASK);
    let (mut file, mut rank) = (i32::from(file_of(from)), i32::from(rank_of(from)));
    let has_way = hop.way_file != 0 || hop.way_rank != 0;
    let (mut free, mut jumps_left) = (0u64, hop.jumps);
    for _ in 0..steps {
        if has_way {
            let (wf, wr) = (file + hop.way_file, rank + hop.way_rank);
            if on_board(wf, wr) && occupied & bit(wf, wr) != 0 {
                break;
            }
        }
        file += hop.file_step;
        rank += hop.rank_step;
        if !on_board(file, rank) {
            break;
        }
        let b = bit(file, rank);
        if occupied & b != 0 {
            if jumps_left == 0 {
                return (free, b);
            }
            jumps_left -= 1;
        } else if jumps_left == 0 {
            free |= b;
            if hop.just_beyond {
                break;
            }
        }
    }
    (free, 0)
}
