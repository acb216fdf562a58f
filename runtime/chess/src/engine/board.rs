//! The engine's board: the Piece on each of the Board's Squares, and each
//! Side's Squares and Kings as bits of a [`SquareSet`] (a Direction is
//! walked on bits: see [`Rules`]),
//! the side to move, the castlings still allowed, the en
//! passant Square and the fifty-move count; and its legal moves, which are
//! the cards' own: Find Legal Moves (Find Moves and Follow Direction, Keep
//! Safe Moves and Drop Move If Unsafe, Try Castling, Find En Passant Move)
//! and Make Move (Update Castling, Update En Passant, Move Piece), step for
//! step, down to their quirks (a Piece standing on its Side's Pawn Rank takes
//! its Direction's firstMoveSteps, whatever its Kind; an attack is looked
//! for along each capturing Direction's `steps`).

use super::piece::{code, kind_of, side_of, EMPTY};
use super::rules::{Hop, Rules};
use super::squares::{squares, SquareSet};
pub use crate::facts::Move;
use crate::facts::{castling_by_file, write_placement, Fen, Grid};

/// No en passant Square (no Board has so many Squares: [`Grid::MOST_SQUARES`]).
pub const NO_SQUARE: u8 = u8::MAX;

/// A position: the piece code on each Square (the cells beyond the Board's
/// last Square stay empty), and the sets of Squares as `S`'s bits (chess's
/// Board, and any of 64 Squares or fewer: `u64`).
#[derive(Clone, Copy)]
pub struct Board<S: SquareSet = u64> {
    pub cells: S::PerSquare<u8>,
    /// 0 White, 1 Black.
    pub side: u8,
    /// One bit for each Castling row still allowed (its isAllowed).
    pub castle: u64,
    /// The en passant Square, or [`NO_SQUARE`].
    pub ep: u8,
    pub fifty: u32,
    pub fullmove: u32,
    pub hash: u64,
    /// The Squares each Side's Pieces stand on, a bit each (a1 the lowest).
    pub occ: [S; 2],
    /// The Squares each Side's Kings stand on (Find King takes the highest).
    pub kings: [S; 2],
}

impl<S: SquareSet> Board<S> {
    /// The board of a FEN on the Board's Grid, its letters those of the
    /// content's Kinds.
    pub fn from_fen(r: &Rules<S>, fen: &str) -> Result<Board<S>, String> {
        let read = Fen::read(r.grid, fen, |c| {
            let c = c.to_ascii_lowercase();
            r.kinds.iter().position(|k| k.letter == c).map(|k| k as u8)
        })?;
        let mut b = Board {
            cells: S::per_square(EMPTY),
            side: u8::from(!read.white_to_move),
            castle: 0,
            ep: read.en_passant.unwrap_or(NO_SQUARE),
            fifty: read.halfmoves,
            fullmove: read.move_number,
            hash: 0,
            occ: [S::NONE; 2],
            kings: [S::NONE; 2],
        };
        for (sq, piece) in read.placement.iter().enumerate() {
            let Some((kind, white)) = *piece else { continue };
            let side = u8::from(!white);
            b.cells[S::index(sq)] = code(kind, side);
            b.occ[side as usize] |= S::bit(sq);
            if r.king == kind {
                b.kings[side as usize] |= S::bit(sq);
            }
        }
        for (i, c) in r.castlings.iter().enumerate() {
            let named = if c.by_file {
                // Chess960's: the FEN names its Rook (by File, or K Q as the outermost), from its King's Square.
                let (grid, rank) = (r.grid, r.grid.rank_of(c.rook_from));
                let king_side = grid.file_of(c.rook_from) > grid.file_of(c.king_from);
                c.rook_kind.and_then(|rook| {
                    castling_by_file(grid, &read, r.king, rook, rank, rank < grid.ranks / 2, king_side)
                }) == Some((c.king_from, c.rook_from))
            } else {
                c.fen.is_some_and(|l| read.castling.contains(l))
            };
            if named {
                b.castle |= 1 << i;
            }
        }
        b.hash = b.compute_hash(r);
        Ok(b)
    }

    /// The position as FEN.
    pub fn fen(&self, r: &Rules<S>) -> String {
        let mut out = write_placement(r.grid, |sq| {
            let c = self.piece_at(r, sq);
            let l = (c != EMPTY).then(|| r.kinds[kind_of(c) as usize].letter)?;
            Some(if side_of(c) == 0 { l.to_ascii_uppercase() } else { l })
        });
        out.push_str(if self.side == 0 { " w " } else { " b " });
        let mut rights = String::new();
        for l in ['K', 'Q', 'k', 'q'] {
            if r.castlings
                .iter()
                .enumerate()
                .any(|(i, c)| !c.by_file && c.fen == Some(l) && self.castle & (1 << i) != 0)
            {
                rights.push(l);
            }
        }
        // Chess960's, by their Rooks' Files: White's first, each Side's from the last File (HAha).
        let mut files: Vec<(bool, u8, char)> = (r.castlings.iter().enumerate())
            .filter(|(i, c)| c.by_file && self.castle & (1 << i) != 0)
            .map(|(_, c)| {
                let l = r.grid.castling_file_letter(c.rook_from);
                (l.is_ascii_lowercase(), u8::MAX - r.grid.file_of(c.rook_from), l)
            })
            .collect();
        files.sort();
        files.dedup();
        rights.extend(files.into_iter().map(|(_, _, l)| l));
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        out.push_str(&if self.ep == NO_SQUARE { "-".to_string() } else { r.grid.name(self.ep) });
        out.push_str(&format!(" {} {}", self.fifty, self.fullmove));
        out
    }

    pub fn compute_hash(&self, r: &Rules<S>) -> u64 {
        let mut h = 0;
        for sq in squares(self.occ[0] | self.occ[1]) {
            h ^= r.key(usize::from(sq), self.piece_at(r, sq));
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
            h ^= r.ep_keys.get(usize::from(self.ep)).copied().unwrap_or(0);
        }
        h
    }

    /// The piece code on a Square (the Rules, once the cells' map).
    #[inline]
    pub fn piece_at(&self, _: &Rules<S>, sq: u8) -> u8 {
        self.cells[S::index(usize::from(sq))]
    }

    #[inline]
    fn set(&mut self, r: &Rules<S>, cell: usize, c: u8) {
        let cell = S::index(cell);
        let old = self.cells[cell];
        self.hash ^= r.key(cell, old) ^ r.key(cell, c);
        self.cells[cell] = c;
        let bit = S::bit(cell);
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
    fn move_piece(&mut self, r: &Rules<S>, from: usize, to: usize) {
        let c = self.cells[S::index(from)];
        self.set(r, to, c);
        self.set(r, from, EMPTY);
    }

    /// Find King: the Square of the side's King, the last in a1, b1, ... order.
    pub fn king_cell(&self, _: &Rules<S>, side: u8) -> Option<usize> {
        let kings = self.kings[side as usize];
        (!kings.is_empty()).then(|| kings.highest() as usize)
    }

    /// Is Square Attacked: a Piece of `by` reaches `cell` along a capturing
    /// Direction of its Kind, looked for backwards within its `steps`.
    pub fn attacked(&self, r: &Rules<S>, cell: usize, by: u8) -> bool {
        self.attacked_among(r, cell, by, self.occ[0] | self.occ[1])
    }

    /// [`Board::attacked`], the Pieces standing on `occupied` (a bit each):
    /// on each ray backwards from the Square, the nearest Piece, k steps
    /// away, attacks when it is `by`'s and its Kind's Direction reaches k.
    fn attacked_among(&self, r: &Rules<S>, cell: usize, by: u8, occupied: S) -> bool {
        let sq = S::index(cell);
        if r.hop_attackers != 0 && self.hop_attacks(r, sq, by, occupied) {
            return true;
        }
        for ray in &r.rays[by as usize] {
            let squares = ray.squares[sq];
            let blockers = squares & occupied;
            if blockers.is_empty() {
                continue;
            }
            let (b, walked) = if ray.up {
                let b = blockers.lowest();
                (b, squares & S::through(b))
            } else {
                let b = blockers.highest();
                (b, squares & !S::below(b))
            };
            let c = self.cells[S::index(b as usize)];
            // k, the Squares walked, is 1 or more (the Piece's own).
            let k = walked.count() as usize;
            if c != EMPTY && side_of(c) == by && ray.reach[S::index(k.wrapping_sub(1))] & (1u128 << kind_of(c)) != 0 {
                return true;
            }
        }
        false
    }

    /// Whether a Piece of `by` (on `occupied`) reaches `sq` along a capturing
    /// [`Hop`] of its Kind: Find First Piece Beyond's walk backwards (Find
    /// First Piece Along's for such a row), done forwards from each such
    /// Piece, the Square as if a Piece stood on it.
    fn hop_attacks(&self, r: &Rules<S>, sq: usize, by: u8, occupied: S) -> bool {
        let target = S::bit(sq);
        for from in squares(self.occ[by as usize] & occupied & !target) {
            let c = self.piece_at(r, from);
            if c == EMPTY || side_of(c) != by || r.hop_attackers & (1u128 << kind_of(c)) == 0 {
                continue;
            }
            for hop in &r.kind_hops[kind_of(c) as usize][by as usize] {
                if !hop.capture_mask.is_empty()
                    && !(hop_reach(r.grid, hop, from, hop.steps, occupied | target).1 & target).is_empty()
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move's King is attacked now (where Find King finds it).
    pub fn in_check(&self, r: &Rules<S>) -> bool {
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
    fn check_and_pins(&self, r: &Rules<S>, cell: usize, by: u8) -> (bool, S) {
        let sq = S::index(cell);
        let occupied = self.occ[0] | self.occ[1];
        let (theirs, ours) = (self.occ[by as usize], self.occ[1 - by as usize]);
        // k, the Squares walked, is 1 or more (the Piece's own).
        let attacks = |c: u8, k: u32, reach: &S::PerSquare<u128>| {
            c != EMPTY && reach[S::index((k as usize).wrapping_sub(1))] & (1u128 << kind_of(c)) != 0
        };
        let mut pinned = S::NONE;
        for ray in &r.rays[by as usize] {
            let squares = ray.squares[sq];
            let blockers = squares & occupied;
            if blockers.is_empty() {
                continue;
            }
            let nearest = |blockers: S| {
                if ray.up {
                    let b = blockers.lowest();
                    (b, (squares & S::through(b)).count())
                } else {
                    let b = blockers.highest();
                    (b, (squares & !S::below(b)).count())
                }
            };
            let (b, k) = nearest(blockers);
            let bit = S::bit(b as usize);
            if !(theirs & bit).is_empty() {
                if attacks(self.cells[S::index(b as usize)], k, &ray.reach) {
                    return (true, S::NONE);
                }
            } else if !(ours & bit).is_empty() && ray.steps >= 2 {
                let beyond = blockers & !bit;
                if !beyond.is_empty() {
                    let (b2, k2) = nearest(beyond);
                    if theirs.has(b2 as usize) && attacks(self.cells[S::index(b2 as usize)], k2, &ray.reach) {
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
    fn unsafe_move(&mut self, r: &Rules<S>, from: usize, to: usize, taken: usize, king: Option<usize>) -> bool {
        let (from, to, taken) = (S::index(from), S::index(to), S::index(taken));
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
        let occupied = (self.occ[0] | self.occ[1]) & !S::bit(taken) & !S::bit(from) | S::bit(to);
        let attacked = self.attacked_among(r, check, 1 - side_of(moving), occupied);
        self.cells[from] = moving;
        self.cells[to] = saved_to;
        self.cells[taken] = saved_taken;
        attacked
    }

    /// Every legal move of the side to move, in the order the chess library
    /// lists the cards' (by from Square, then to Square, a1 first), each
    /// promotion once per Kind of the Promotion choice.
    pub fn legal_moves(&mut self, r: &Rules<S>, out: &mut Vec<Move>) {
        self.generate(r, out, false, false);
    }

    /// The legal moves that take a Piece or promote a Pawn (the search's
    /// quiescence): [`Board::legal_moves`] without the others.
    pub fn legal_captures(&mut self, r: &Rules<S>, out: &mut Vec<Move>) {
        self.generate(r, out, true, false);
    }

    /// How many legal moves there are ([`Board::legal_moves`]'s length),
    /// none of them written down: perft's last depth.
    pub fn count_legal_moves(&mut self, r: &Rules<S>) -> usize {
        self.generate(r, &mut Vec::new(), false, true)
    }

    /// The legal moves into `out` (only counted, when `count_only`); how many.
    fn generate(&mut self, r: &Rules<S>, out: &mut Vec<Move>, captures_only: bool, count_only: bool) -> usize {
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
        let mut tested = S::ALL;
        // A hopper's screen stepped into, or a lame leaper's way left, can
        // expose the King to a Piece no ray finds: every move is tried then.
        if let (Some(k), 0) = (king, r.hop_attackers) {
            let (check, pinned) = self.check_and_pins(r, k, enemy);
            if !check {
                tested = pinned | S::bit(k);
            }
        }
        let occupied = self.occ[0] | self.occ[1];
        let enemies = self.occ[enemy as usize];
        let first_squares = r.pawn_rank_squares[side as usize];
        let promotion_squares = r.promotion_squares[side as usize];
        let mut own = self.occ[side as usize];
        while !own.is_empty() {
            let from = own.lowest() as u8;
            own = own.without_lowest();
            let fc = usize::from(from);
            let c = self.cells[S::index(fc)];
            let kind = kind_of(c);
            let mut targets = S::NONE;
            // Find Moves: each Direction of its Kind, Follow Direction: the
            // Squares it passes over up to the first Piece on its way, and
            // that Piece's when it is the enemy's and the Direction captures.
            let first = usize::from(first_squares.has(fc));
            let quiet = if !captures_only {
                S::ALL
            } else if Some(kind) == r.pawn {
                promotion_squares
            } else {
                S::NONE
            };
            for lp in &r.kind_leaps[kind as usize][side as usize] {
                let squares = r.leap_table.get(lp.at as usize + fc).copied().unwrap_or(S::NONE);
                targets |= squares & !occupied & quiet & lp.move_mask | squares & enemies & lp.capture_mask;
            }
            for st in &r.kind_steps[kind as usize][side as usize] {
                let Some(&ray) = r.dir_rays[first].get(st.rays as usize + fc) else { continue };
                let blockers = ray & occupied;
                let (free, hit) = if blockers.is_empty() {
                    (ray, S::NONE)
                } else if st.up {
                    let b = blockers.lowest();
                    (ray & S::below(b), S::bit(b as usize))
                } else {
                    let b = blockers.highest();
                    (ray & !S::through(b), S::bit(b as usize))
                };
                targets |= free & quiet & st.move_mask | hit & enemies & st.capture_mask;
            }
            for hop in &r.kind_hops[kind as usize][side as usize] {
                let steps = if first == 1 { hop.first_steps } else { hop.steps };
                let (free, hit) = hop_reach(r.grid, hop, from, steps, occupied);
                targets |= free & quiet & hop.move_mask | hit & enemies & hop.capture_mask;
            }
            // Keep Safe Moves.
            let mut left = if tested.has(fc) { targets } else { S::NONE };
            while !left.is_empty() {
                let to = left.lowest() as usize;
                left = left.without_lowest();
                if self.unsafe_move(r, fc, to, to, king) {
                    targets &= !S::bit(to);
                }
            }
            // Try Castling, for each allowed castling of this Square.
            let castles = !captures_only && self.castle != 0 && r.castle_from.has(fc);
            let castlings = if castles { &r.castlings[..] } else { &[][..] };
            for (i, cd) in castlings.iter().enumerate() {
                if cd.king_from != from || self.castle & (1 << i) == 0 {
                    continue;
                }
                if cd.by_file {
                    if self.castles_by_file(r, cd, side, enemy) {
                        targets |= S::bit(usize::from(cd.rook_from));
                    }
                    continue;
                }
                let empty = |sq: u8| self.piece_at(r, sq) == EMPTY;
                if empty(cd.king_to) && empty(cd.rook_to) && empty(cd.rook_passes) {
                    let hit = |sq: u8| self.attacked(r, usize::from(sq), enemy);
                    // Is Castling Way Clear: the rest of the ways (none in chess).
                    let way_clear = cd.way_empty.iter().all(|&sq| empty(sq)) && !cd.way_safe.iter().any(|&sq| hit(sq));
                    if !hit(cd.king_from) && !hit(cd.rook_to) && !hit(cd.king_to) && way_clear {
                        targets |= S::bit(usize::from(cd.king_to));
                    }
                }
            }
            // Find En Passant Move.
            if self.ep != NO_SQUARE && Some(kind) == r.pawn {
                let grid = r.grid;
                let rank = i32::from(grid.rank_of(from)) + 1;
                let (ep_file, ep_rank) = (i32::from(grid.file_of(self.ep)), i32::from(grid.rank_of(self.ep)) + 1);
                if ep_rank - rank == sd.forward && (ep_file - i32::from(grid.file_of(from))).abs() == 1 {
                    let passed = usize::from(grid.square(ep_file as u8, (rank - 1) as u8));
                    let ec = usize::from(self.ep);
                    targets |= S::bit(ec);
                    if self.unsafe_move(r, fc, ec, passed, king) {
                        targets &= !S::bit(ec);
                    }
                }
            }
            let is_pawn = Some(kind) == r.pawn;
            let promotions = &r.promotions[side as usize];
            if count_only {
                let promoting = if is_pawn && !promotions.is_empty() { targets & promotion_squares } else { S::NONE };
                count += (targets & !promoting).count() as usize + promoting.count() as usize * promotions.len();
                continue;
            }
            while !targets.is_empty() {
                let to = targets.lowest() as u8;
                targets = targets.without_lowest();
                if is_pawn && promotion_squares.has(usize::from(to)) && !promotions.is_empty() {
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

    /// Whether Chess960's castling `cd` (its King on its kingFrom) is legal
    /// now, as the variant's Try Castling and Is Castling Way Clear find it:
    /// its Rook is there, every Square from the King to its landing Square
    /// and from the Rook to its landing Square is empty but for the two of
    /// them, and with the Rook off the Board no Square of the King's way
    /// (its own, its landing Square and those between) is attacked.
    fn castles_by_file(&self, r: &Rules<S>, cd: &super::rules::CastleDef, side: u8, enemy: u8) -> bool {
        let rook = self.piece_at(r, cd.rook_from);
        if rook == EMPTY || side_of(rook) != side {
            return false;
        }
        let grid = r.grid;
        let rank = grid.rank_of(cd.king_from);
        let along = |a: u8, b: u8| {
            let (a, b) = (grid.file_of(a), grid.file_of(b));
            (a.min(b)..=a.max(b)).map(move |f| grid.square(f, rank))
        };
        let clear = along(cd.king_from, cd.king_to)
            .chain(along(cd.rook_from, cd.rook_to))
            .all(|sq| sq == cd.king_from || sq == cd.rook_from || self.piece_at(r, sq) == EMPTY);
        if !clear {
            return false;
        }
        let mut lifted = *self;
        lifted.set(r, usize::from(cd.rook_from), EMPTY);
        !along(cd.king_from, cd.king_to).any(|sq| lifted.attacked(r, usize::from(sq), enemy))
    }

    /// Make Move, the promoted Kind, Pass The Turn: the board after a move.
    pub fn make(&self, r: &Rules<S>, m: Move) -> Board<S> {
        let mut b = *self;
        let (from, to) = (S::index(usize::from(m.from)), S::index(usize::from(m.to)));
        let moving = b.cells[from];
        let kind = if moving == EMPTY { u8::MAX } else { kind_of(moving) };
        let is_pawn = r.pawn == Some(kind);
        let own = b.cells[to] != EMPTY && moving != EMPTY && side_of(b.cells[to]) == side_of(moving);
        if is_pawn || (b.cells[to] != EMPTY && !own) {
            b.fifty = 0;
        } else {
            b.fifty += 1;
        }
        // Update Castling: only a move from or to a castling's Square does anything.
        let mut castled = false;
        let touched = S::bit(from) | S::bit(to);
        let castlings = if (touched & r.castle_squares).is_empty() { &[][..] } else { &r.castlings[..] };
        for (i, cd) in castlings.iter().enumerate() {
            if r.king == kind && cd.by_file && own && cd.king_from == m.from && cd.rook_from == m.to {
                // Chess960's castling, the King onto its Rook: both lifted, then put down.
                let rook = b.cells[to];
                b.set(r, from, EMPTY);
                b.set(r, to, EMPTY);
                b.set(r, usize::from(cd.rook_to), rook);
                b.set(r, usize::from(cd.king_to), moving);
                castled = true;
            } else if r.king == kind && !cd.by_file && cd.king_from == m.from && cd.king_to == m.to {
                b.move_piece(r, usize::from(cd.rook_from), usize::from(cd.rook_to));
            }
            if (cd.king_from == m.from || cd.rook_from == m.from || cd.rook_from == m.to) && b.castle & (1 << i) != 0 {
                b.castle &= !(1 << i);
                b.hash ^= r.castle_keys[i];
            }
        }
        // Update En Passant.
        let grid = r.grid;
        if is_pawn && m.to == b.ep {
            let passed = usize::from(grid.square(grid.file_of(m.to), grid.rank_of(m.from)));
            b.set(r, passed, EMPTY);
        }
        let ep_key = |ep: u8| r.ep_keys.get(usize::from(ep)).copied().unwrap_or(0);
        if b.ep != NO_SQUARE {
            b.hash ^= ep_key(b.ep);
            b.ep = NO_SQUARE;
        }
        if is_pawn {
            let (from_rank, to_rank) = (grid.rank_of(m.from), grid.rank_of(m.to));
            if from_rank.abs_diff(to_rank) == 2 {
                b.ep = grid.square(grid.file_of(m.from), (from_rank + to_rank) / 2);
                b.hash ^= ep_key(b.ep);
            }
        }
        if !castled {
            b.move_piece(r, from, to);
        }
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
    pub fn uci(r: &Rules<S>, m: Move) -> String {
        m.uci(r.grid, |kind| r.kinds.get(usize::from(kind)).map(|k| k.letter))
    }

    /// The legal move a UCI text names, if it is one.
    pub fn parse_move(&mut self, r: &Rules<S>, text: &str) -> Option<Move> {
        let mut moves = Vec::new();
        self.legal_moves(r, &mut moves);
        moves.into_iter().find(|&m| Board::uci(r, m) == text)
    }

    /// Whether a UCI engine, which knows only chess, may play this position:
    /// it is on chess's Board, 8 by 8, and every Piece on it is of a Kind
    /// that moves as chess's (an invented Kind, or a Knight that rides, is
    /// not).
    pub fn is_chess(&self, r: &Rules<S>) -> bool {
        r.grid == Grid::CHESS
            && squares(self.occ[0] | self.occ[1]).all(|sq| {
                let c = self.piece_at(r, sq);
                c == EMPTY || r.kind_is_chess(kind_of(c))
            })
    }

    /// Leaf positions `depth` moves deep.
    pub fn perft(&mut self, r: &Rules<S>, depth: u32) -> u64 {
        let mut left = u64::MAX;
        self.perft_within(r, depth, &mut left).unwrap_or_default()
    }

    /// [`Board::perft`], counting at most `left` leaf positions (each one
    /// counted is taken from it): None past them.
    pub fn perft_within(&mut self, r: &Rules<S>, depth: u32, left: &mut u64) -> Option<u64> {
        let mut lists = vec![Vec::with_capacity(64); depth as usize];
        self.perft_with(r, &mut lists, left)
    }

    /// perft, one list of moves kept for each depth (`lists.len()` deep).
    fn perft_with(&mut self, r: &Rules<S>, lists: &mut [Vec<Move>], left: &mut u64) -> Option<u64> {
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
pub fn hop_reach<S: SquareSet>(grid: Grid, hop: &Hop<S>, from: u8, steps: u32, occupied: S) -> (S, S) {
    let (files, ranks) = (i32::from(grid.files), i32::from(grid.ranks));
    let on_board = |f: i32, r: i32| (0..files).contains(&f) && (0..ranks).contains(&r);
    let bit = |f: i32, r: i32| S::bit(usize::from(grid.square(f as u8, r as u8)));
    let (mut file, mut rank) = (i32::from(grid.file_of(from)), i32::from(grid.rank_of(from)));
    let has_way = hop.way_file != 0 || hop.way_rank != 0;
    let (mut free, mut jumps_left) = (S::NONE, hop.jumps);
    for _ in 0..steps {
        if has_way {
            let (wf, wr) = (file + hop.way_file, rank + hop.way_rank);
            if on_board(wf, wr) && !(occupied & bit(wf, wr)).is_empty() {
                break;
            }
        }
        file += hop.file_step;
        rank += hop.rank_step;
        if !on_board(file, rank) {
            break;
        }
        let b = bit(file, rank);
        if !(occupied & b).is_empty() {
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
    (free, S::NONE)
}
