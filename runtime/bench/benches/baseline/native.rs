//! The cards' legal-move algorithm written directly in Rust: the limit of
//! what the algorithm itself costs. Same algorithm, step for step, as the
//! Appendix A cards (each function below is named after its card): a
//! Position of 64 rows with a Kind and a Side each, the content's 35
//! Directions rows, a Targets row per Square. No bitboards, no attack tables:
//! each marked move is tried on the Position, an attacker is looked for from
//! the King's Square along every capturing direction, and the move is taken
//! back.

use super::{Features, Setup, Tables, PROMOTIONS};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Empty,
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    fn of(name: &str) -> Kind {
        match name {
            "" => Kind::Empty,
            "King" => Kind::King,
            "Queen" => Kind::Queen,
            "Rook" => Kind::Rook,
            "Bishop" => Kind::Bishop,
            "Knight" => Kind::Knight,
            "Pawn" => Kind::Pawn,
            other => panic!("no Kind `{other}`"),
        }
    }
}

/// A Side, as its row in the Sides table (`EMPTY` on an empty Square).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Side(u8);

const EMPTY: Side = Side(u8::MAX);

/// One row of the Position table.
#[derive(Clone, Copy)]
struct Square {
    file: i32,
    rank: i32,
    kind: Kind,
    side: Side,
}

/// One row of the Directions table.
struct Direction {
    kind: Kind,
    file_step: i32,
    rank_step: i32,
    steps: i32,
    first_move_steps: i32,
    can_move: bool,
    can_capture: bool,
}

/// One row of the Sides table.
struct SideInfo {
    forward: i32,
    pawn_rank: i32,
    promotion_rank: Option<i32>,
    opponent: Side,
}

/// One row of the Castling table.
struct Castling {
    king_from: usize,
    king_to: usize,
    rook_from: usize,
    rook_to: usize,
    rook_passes: usize,
    is_allowed: bool,
}

/// The Board State's part in finding moves.
pub struct Board {
    position: Vec<Square>,
    targets: Vec<bool>,
    directions: Vec<Direction>,
    sides: Vec<SideInfo>,
    side_names: Vec<String>,
    castling: Vec<Castling>,
    features: Features,
    side_to_move: Side,
    en_passant: Option<usize>,
}

/// A legal move: from, to, and the Kind a Pawn becomes.
pub type Move = (usize, usize, Option<Kind>);

impl Board {
    pub fn new(tables: &Tables, features: Features) -> Board {
        let side_names: Vec<String> = tables.sides.iter().map(|s| s.name.clone()).collect();
        let side_of = |name: &str| {
            Side(side_names.iter().position(|n| n == name).unwrap_or_else(|| panic!("no Side `{name}`")) as u8)
        };
        Board {
            position: (0..64)
                .map(|i| Square { file: i % 8 + 1, rank: i / 8 + 1, kind: Kind::Empty, side: EMPTY })
                .collect(),
            targets: Vec::with_capacity(64),
            directions: tables
                .directions
                .iter()
                .map(|d| Direction {
                    kind: Kind::of(&d.kind),
                    file_step: d.file_step as i32,
                    rank_step: d.rank_step as i32,
                    steps: d.steps as i32,
                    first_move_steps: d.first_move_steps as i32,
                    can_move: d.can_move,
                    can_capture: d.can_capture,
                })
                .collect(),
            sides: tables
                .sides
                .iter()
                .map(|s| SideInfo {
                    forward: s.forward as i32,
                    pawn_rank: s.pawn_rank as i32,
                    promotion_rank: s.promotion_rank.map(|r| r as i32),
                    opponent: side_of(&s.opponent),
                })
                .collect(),
            castling: tables
                .castling
                .iter()
                .map(|c| Castling {
                    king_from: c.king_from,
                    king_to: c.king_to,
                    rook_from: c.rook_from,
                    rook_to: c.rook_to,
                    rook_passes: c.rook_passes,
                    is_allowed: true,
                })
                .collect(),
            side_names: side_names.clone(),
            features,
            side_to_move: EMPTY,
            en_passant: None,
        }
    }

    fn side_of(&self, name: &str) -> Side {
        if name.is_empty() {
            return EMPTY;
        }
        Side(self.side_names.iter().position(|n| n == name).unwrap_or_else(|| panic!("no Side `{name}`")) as u8)
    }

    fn side_info(&self, side: Side) -> &SideInfo {
        &self.sides[side.0 as usize]
    }

    /// Sets up a position, as the chess library's `set_fen` does.
    pub fn set(&mut self, setup: &Setup) {
        for sq in 0..64 {
            self.position[sq].kind = Kind::of(setup.kind[sq]);
            self.position[sq].side = self.side_of(setup.side[sq]);
        }
        for c in &mut self.castling {
            c.is_allowed = setup.castling_allowed(c.rook_from);
        }
        self.side_to_move = self.side_of(setup.to_move);
        self.en_passant = setup.en_passant;
    }

    /// Every legal move of the side to move, as the chess library's
    /// `legal_moves` collects them: Find Legal Moves for each of its Pieces,
    /// then the Squares it left marked. Never inlined, so that a profiler
    /// can count it alone.
    #[inline(never)]
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        let side = self.side_to_move;
        let promotion_rank = self.side_info(side).promotion_rank;
        for from in 0..self.position.len() {
            if self.position[from].side != side {
                continue;
            }
            let is_pawn = self.position[from].kind == Kind::Pawn;
            self.find_legal_moves(from, self.en_passant);
            for to in 0..self.targets.len() {
                if !self.targets[to] {
                    continue;
                }
                if is_pawn && Some(self.position[to].rank) == promotion_rank {
                    for kind in PROMOTIONS {
                        out.push((from, to, Some(Kind::of(kind))));
                    }
                } else {
                    out.push((from, to, None));
                }
            }
        }
    }

    /// Find Legal Moves (A.24).
    fn find_legal_moves(&mut self, from: usize, en_passant: Option<usize>) {
        let side = self.position[from].side;
        let enemy = self.side_info(side).opponent;
        self.find_moves(from);
        if self.features.safe_moves {
            self.keep_safe_moves(from);
        }
        if self.features.castling {
            for c in 0..self.castling.len() {
                if self.castling[c].king_from == from && self.castling[c].is_allowed {
                    self.try_castling(c, enemy);
                }
            }
        }
        if self.features.en_passant {
            self.find_en_passant_move(from, en_passant);
        }
    }

    /// Clear Targets (A.5): a Targets row per Position row, none reachable.
    fn clear_targets(&mut self) {
        self.targets.clear();
        for _ in 0..self.position.len() {
            self.targets.push(false);
        }
    }

    /// Find Moves (A.6).
    fn find_moves(&mut self, from: usize) {
        self.clear_targets();
        let kind = self.position[from].kind;
        for d in 0..self.directions.len() {
            if self.directions[d].kind == kind {
                self.follow_direction(from, d);
            }
        }
    }

    /// Follow Direction (A.7).
    fn follow_direction(&mut self, from: usize, direction: usize) {
        let side = self.position[from].side;
        let forward = self.side_info(side).forward;
        let mut file = self.position[from].file;
        let mut rank = self.position[from].rank;
        let mut steps_left = self.directions[direction].steps;
        if rank == self.side_info(side).pawn_rank {
            steps_left = self.directions[direction].first_move_steps;
        }
        let mut keep_going = true;
        while keep_going && steps_left > 0 {
            file += self.directions[direction].file_step;
            rank += self.directions[direction].rank_step * forward;
            steps_left -= 1;
            let d = &self.directions[direction];
            keep_going = self.look_at_square(file, rank, side, d.can_move, d.can_capture);
        }
    }

    /// Look At Square (A.8).
    fn look_at_square(&mut self, file: i32, rank: i32, side: Side, can_move: bool, can_capture: bool) -> bool {
        let mut is_on_board = false;
        let mut keep_going = false;
        if (1..=8).contains(&file) && (1..=8).contains(&rank) {
            is_on_board = true;
        }
        let square = ((rank - 1) * 8 + (file - 1)) as usize;
        if is_on_board && self.position[square].kind == Kind::Empty {
            keep_going = true;
        }
        if keep_going && can_move {
            self.targets[square] = true;
        }
        if is_on_board && self.position[square].kind != Kind::Empty && self.position[square].side != side && can_capture
        {
            self.targets[square] = true;
        }
        keep_going
    }

    /// Keep Safe Moves (A.18).
    fn keep_safe_moves(&mut self, from: usize) {
        let side = self.position[from].side;
        let enemy = self.side_info(side).opponent;
        let king_square = self.find_king(side);
        for to in 0..self.targets.len() {
            if self.targets[to] {
                self.drop_move_if_unsafe(from, to, to, king_square, enemy);
            }
        }
    }

    /// Find King (A.16): the last Square with that Side's King.
    fn find_king(&self, side: Side) -> usize {
        let mut king_square = None;
        for i in 0..self.position.len() {
            if self.position[i].kind == Kind::King && self.position[i].side == side {
                king_square = Some(i);
            }
        }
        king_square.expect("a Side without a King")
    }

    /// Drop Move If Unsafe (A.14).
    fn drop_move_if_unsafe(&mut self, from: usize, to: usize, taken: usize, king_square: usize, enemy: Side) {
        let taken_kind = self.position[taken].kind;
        let taken_side = self.position[taken].side;
        self.position[taken].kind = Kind::Empty;
        self.position[taken].side = EMPTY;
        self.move_piece(from, to);
        let mut check_square = king_square;
        if from == king_square {
            check_square = to;
        }
        let (attacked, _) = self.is_square_attacked(check_square, enemy);
        if attacked {
            self.targets[to] = false;
        }
        self.move_piece(to, from);
        self.position[taken].kind = taken_kind;
        self.position[taken].side = taken_side;
    }

    /// Move Piece (A.20).
    fn move_piece(&mut self, from: usize, to: usize) {
        self.position[to].kind = self.position[from].kind;
        self.position[to].side = self.position[from].side;
        self.position[from].kind = Kind::Empty;
        self.position[from].side = EMPTY;
    }

    /// Is Square Attacked (A.17): attacked, and by how many.
    fn is_square_attacked(&self, square: usize, by_side: Side) -> (bool, i32) {
        let mut attacker_count = 0;
        let mut attacked = false;
        for d in 0..self.directions.len() {
            if self.directions[d].can_capture {
                let (attackers, _) = self.find_attacker_along(square, d, by_side);
                attacker_count += attackers;
            }
        }
        if attacker_count > 0 {
            attacked = true;
        }
        (attacked, attacker_count)
    }

    /// Find Attacker Along (A.15): 1 and its Square when the first Piece
    /// along the direction is of `by_side` and of the direction's Kind.
    fn find_attacker_along(&self, square: usize, direction: usize, by_side: Side) -> (i32, Option<usize>) {
        let mut attackers = 0;
        let mut attacker = None;
        let piece = self.find_first_piece_along(square, direction, by_side);
        if let Some(p) = piece {
            if self.position[p].side == by_side && self.position[p].kind == self.directions[direction].kind {
                attackers = 1;
                attacker = Some(p);
            }
        }
        (attackers, attacker)
    }

    /// Find First Piece Along (A.77).
    fn find_first_piece_along(&self, square: usize, direction: usize, by_side: Side) -> Option<usize> {
        let forward = self.side_info(by_side).forward;
        let mut file = self.position[square].file;
        let mut rank = self.position[square].rank;
        let mut steps_left = self.directions[direction].steps;
        let mut keep_looking = true;
        let mut first_piece = None;
        while keep_looking && steps_left > 0 {
            file -= self.directions[direction].file_step;
            rank -= self.directions[direction].rank_step * forward;
            steps_left -= 1;
            let mut is_on_board = false;
            if (1..=8).contains(&file) && (1..=8).contains(&rank) {
                is_on_board = true;
            }
            let index = ((rank - 1) * 8 + (file - 1)) as usize;
            keep_looking = false;
            if is_on_board && self.position[index].kind == Kind::Empty {
                keep_looking = true;
            }
            if is_on_board && self.position[index].kind != Kind::Empty {
                first_piece = Some(index);
            }
        }
        first_piece
    }

    /// Try Castling (A.28).
    fn try_castling(&mut self, castling: usize, enemy: Side) {
        let row = &self.castling[castling];
        let (king_from, king_to, rook_to, rook_passes) = (row.king_from, row.king_to, row.rook_to, row.rook_passes);
        if self.position[king_to].kind == Kind::Empty
            && self.position[rook_to].kind == Kind::Empty
            && self.position[rook_passes].kind == Kind::Empty
        {
            let mut attacks = self.is_square_attacked(king_from, enemy).1;
            attacks += self.is_square_attacked(rook_to, enemy).1;
            attacks += self.is_square_attacked(king_to, enemy).1;
            if attacks == 0 {
                self.targets[king_to] = true;
            }
        }
    }

    /// Find En Passant Move (A.23).
    fn find_en_passant_move(&mut self, from: usize, en_passant: Option<usize>) {
        let Some(ep) = en_passant else { return };
        let side = self.position[from].side;
        let forward = self.side_info(side).forward;
        let from_file = self.position[from].file;
        let from_rank = self.position[from].rank;
        let target_file = self.position[ep].file;
        let target_rank = self.position[ep].rank;
        if self.position[from].kind == Kind::Pawn
            && target_rank - from_rank == forward
            && (target_file - from_file).abs() == 1
        {
            let passed_pawn = ((from_rank - 1) * 8 + (target_file - 1)) as usize;
            self.targets[ep] = true;
            let king_square = self.find_king(side);
            let enemy = self.side_info(side).opponent;
            self.drop_move_if_unsafe(from, ep, passed_pawn, king_square, enemy);
        }
    }
}

/// A native move in UCI.
pub fn uci(m: Move) -> String {
    let promotion = match m.2 {
        Some(Kind::Queen) => "Queen",
        Some(Kind::Rook) => "Rook",
        Some(Kind::Bishop) => "Bishop",
        Some(Kind::Knight) => "Knight",
        _ => "",
    };
    super::uci(m.0, m.1, promotion)
}
