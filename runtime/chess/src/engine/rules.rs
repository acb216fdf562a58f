//! The rules of the game as the built-in engine knows them: read once, when
//! a game starts, from the content's tables (Kinds, Directions, Sides,
//! Castling) and from the Promotion choice's buttons in the scene, by the
//! names the book gives them. Nothing here knows a Kind or a Side but by its
//! row: the royal Kind (Find King's) and the Kind with the Pawn's powers (Make
//! Move's, Find En Passant Move's) are found by their roles in Kinds, and FEN's
//! White and Black by Sides' `fenLetter` ([`Facts`]).
//!
//! The Board's cells are its Squares, as the Board Size table's [`Grid`]
//! numbers them (a1 = 0, b1 = 1, ... rank by rank; on chess's Board, h8 =
//! 63), and its sets of Squares an integer's bits ([`SquareSet`]: `u64`, or
//! `u128` for a Board of more than 64 Squares). Every walk along a
//! Direction is done on bits ([`Rules::dir_rays`], [`Ray::squares`]), which
//! end at the Board's edge, so no sentinel cell is needed around it.

use super::evaluation::PieceSquares;
use super::piece::codes;
use super::squares::SquareSet;
use crate::facts::{castling_by_file, Facts, Fen, Grid, Tables};
use crate::library::promotion_kinds;
use cardtable_runtime::game::Game;
use cardtable_runtime::ids::ColumnId;
use cardtable_runtime::library::Lack;
use cardtable_runtime::world::Random;

/// The most Kinds the engine takes (a Kind is a bit of [`Ray::reach`]).
pub const MAX_KINDS: usize = 100;

/// A Kind of Piece: its name, its FEN letter (lower case), its value.
#[derive(Clone, Debug)]
pub struct KindDef {
    pub name: String,
    pub letter: char,
    pub value: i32,
}

/// One row of Directions, with its step for each Side.
#[derive(Clone, Copy, Debug)]
pub struct DirDef {
    pub kind: u8,
    pub file_step: i32,
    pub rank_step: i32,
    pub steps: u32,
    pub first_steps: u32,
    pub can_move: bool,
    pub can_capture: bool,
    /// How many Pieces it jumps over before it may land (`jumpsOver`: 0 but
    /// for a hopper), and whether it then lands only just beyond the last
    /// (`landsJustBeyond`, the Grasshopper).
    pub jumps: u32,
    pub just_beyond: bool,
    /// The Square on each step's way whose Piece blocks it (`blockedAtFile`,
    /// `blockedAtRank`, the rank turned round as `rank_step` is), from the
    /// Square the step starts on; (0, 0): none.
    pub way_file: i32,
    pub way_rank: i32,
    /// The offset of one step on a board wider than the longest fileStep
    /// by the Board's width, for White and for Black (the rank step turned
    /// round by the Side's forward, as Follow Direction turns it): it tells
    /// Directions apart.
    pub delta: [i32; 2],
    /// Its row in `dirs`, and whether a step goes to a higher Square (a1 = 0,
    /// b1 = 1, ...) for White and for Black: along a ray the Squares only grow
    /// (or only shrink), so the nearest Piece on it is its lowest (highest) bit.
    pub id: u16,
    pub up: [bool; 2],
}

/// A Direction as the move generator walks it for one Side: where its rays
/// start in `dir_rays`, which way they go, and its canMove and canCapture
/// as masks (all Squares, or none), so that a walk takes no branch on them.
#[derive(Clone, Copy, Debug)]
pub struct Step<S: SquareSet> {
    pub rays: u32,
    pub up: bool,
    pub move_mask: S,
    pub capture_mask: S,
}

/// The one-step Directions of a Kind for a Side (`steps` and
/// `firstMoveSteps` 1: a leap, whatever its length) that share canMove and
/// canCapture, taken together: `leap_table[at + square]` is every Square
/// they land on from a Square, a bit each; no Piece can stand in their way.
#[derive(Clone, Copy, Debug)]
pub struct Leap<S: SquareSet> {
    pub at: u32,
    pub move_mask: S,
    pub capture_mask: S,
}

/// A Direction that jumps Pieces or is blocked on its way (a hopper, a lame
/// leaper), for one Side: walked Square by Square ([`Board`]'s
/// `hop_reach`), as Follow Jumping Direction walks it, not from the nearest
/// Piece.
///
/// [`Board`]: super::board::Board
#[derive(Clone, Copy, Debug)]
pub struct Hop<S: SquareSet> {
    pub file_step: i32,
    pub rank_step: i32,
    pub steps: u32,
    pub first_steps: u32,
    pub jumps: u32,
    pub just_beyond: bool,
    pub way_file: i32,
    pub way_rank: i32,
    pub move_mask: S,
    pub capture_mask: S,
}

/// One row of Castling, as the Board's Squares (a1 = 0, b1 = 1, ...).
#[derive(Clone, Debug)]
pub struct CastleDef {
    pub king_from: u8,
    pub king_to: u8,
    pub rook_from: u8,
    pub rook_to: u8,
    pub rook_passes: u8,
    /// Is Castling Way Clear's Squares beyond Try Castling's: those of the
    /// King's and the Rook's ways that must be empty (but for that King and
    /// that Rook), and those of the King's way that must not be attacked
    /// (none in chess, whose three Squares the book's card checks).
    pub way_empty: Vec<u8>,
    pub way_safe: Vec<u8>,
    /// Its letter in a FEN's castling field (by its Rook's Square, as the
    /// chess library writes it), or none.
    pub fen: Option<char>,
    /// Chess960's castling (Castling's `fenByFile`): a FEN names it by its
    /// Rook's File, its King and Rook start where the FEN has them
    /// ([`Rules::fitted`]), it is the King's move onto its Rook, and its
    /// ways are the rule's (every Square between each and its landing
    /// Square empty but for the two; the King's way unattacked with the
    /// Rook off the Board).
    pub by_file: bool,
    /// The Kind of its Rook: the one on its rookFrom in the content's Position.
    pub rook_kind: Option<u8>,
}

/// The capturing Directions that share one step, for an attack looked for
/// backwards: walked once, the first Piece met at distance k attacks when
/// its Kind has such a Direction of at least k `steps`.
#[derive(Clone, Debug)]
pub struct Ray<S: SquareSet> {
    /// The offset of one step backwards, as `DirDef::delta` (the rays' key).
    pub back: i32,
    /// The most steps of any of these Directions.
    pub steps: u32,
    /// `reach[k - 1]`: the Kinds (a bit each) whose Direction reaches k
    /// steps (a line of the Board has fewer Squares than a set holds).
    pub reach: S::PerSquare<u128>,
    /// The step backwards in Files and Ranks.
    pub back_file: i32,
    pub back_rank: i32,
    /// `squares[sq]`: the Squares walked backwards from `sq`, up to `steps`,
    /// to the Board's edge, a bit each; `up`: whether they grow from `sq`
    /// (the nearest Piece on them is their lowest bit) or shrink (highest).
    pub squares: S::PerSquare<S>,
    pub up: bool,
}

/// A Side: 0 White (FEN's `w`), 1 Black (`b`).
#[derive(Clone, Copy, Debug)]
pub struct SideDef {
    pub forward: i32,
    /// The Rank (1 up) on which a Piece takes its Direction's firstMoveSteps.
    pub pawn_rank: i32,
    /// The Rank (1 up) on which the Kind with the Pawn's powers is promoted.
    pub promotion_rank: i32,
}

/// Everything the engine reads from the content, its sets of Squares `S`'s
/// bits (chess's Board, and any of 64 Squares or fewer: `u64`).
#[derive(Clone, Debug)]
pub struct Rules<S: SquareSet = u64> {
    /// The Board's Files and Ranks (the Board Size table's).
    pub grid: Grid,
    pub kinds: Vec<KindDef>,
    /// The royal Kind (Kinds' `royal`): Find King's, the one that castles.
    pub king: u8,
    /// The Kind with the Pawn's powers (Kinds' `promotes`, `enPassant`,
    /// `resetsFiftyMoves`, which the engine takes together), if one has them.
    pub pawn: Option<u8>,
    pub sides: [SideDef; 2],
    /// The Sides' names (Sides' rows of `fenLetter` w and b), for words.
    pub side_names: [String; 2],
    pub dirs: Vec<DirDef>,
    /// The Directions of each Kind, as indices into `dirs`, in table order.
    pub dirs_of: Vec<Vec<usize>>,
    /// The Directions of each Kind themselves, in table order (`dirs_of`
    /// without the indirection, for the move generator).
    pub kind_dirs: Vec<Vec<DirDef>>,
    /// `kind_steps[kind][side]`: the same, as the generator walks them
    /// (but the leaps, in `kind_leaps`).
    pub kind_steps: Vec<[Vec<Step<S>>; 2]>,
    pub kind_leaps: Vec<[Vec<Leap<S>>; 2]>,
    pub leap_table: Vec<S>,
    /// `kind_hops[kind][side]`: its Directions that jump Pieces or are
    /// blocked on their way ([`Hop`]), which neither `kind_steps` nor
    /// `kind_leaps` nor `rays` hold.
    pub kind_hops: Vec<[Vec<Hop<S>>; 2]>,
    /// The Kinds (a bit each) with a capturing [`Hop`]: an attack by one is
    /// looked for from each of its Pieces, forwards, and with one among a
    /// Side's Kinds no move of the other Side is taken as safe unless tried.
    pub hop_attackers: u128,
    /// The Directions that can capture, for an attack looked for backwards.
    pub capture_dirs: Vec<usize>,
    /// The same, grouped by their step, for each attacking Side.
    pub rays: [Vec<Ray<S>>; 2],
    pub castlings: Vec<CastleDef>,
    /// `dir_rays[0][(id * 2 + side) * squares + square]`: the Squares a
    /// Direction passes over from a Square, a bit each, up to its `steps`,
    /// to the Board's edge (Follow Direction's walk, as bits); `dir_rays[1]`
    /// up to its `firstMoveSteps` (two tables: the first, the one mostly
    /// read, stays small).
    pub dir_rays: [Vec<S>; 2],
    /// The Squares of each Side's Pawn Rank (where a Piece takes its
    /// Directions' firstMoveSteps), a bit each.
    pub pawn_rank_squares: [S; 2],
    /// The Squares of each Side's promotion Rank, a bit each.
    pub promotion_squares: [S; 2],
    /// The Squares a castling starts from (its kingFrom), a bit each.
    pub castle_from: S,
    /// Each castling's kingFrom and rookFrom, a bit each: a move from or to
    /// none of them leaves Update Castling nothing to do.
    pub castle_squares: S,
    /// The Kinds the Pawn of each Side may become, in the Promotion choice's order.
    pub promotions: [Vec<u8>; 2],
    /// Each Kind moves as chess's Kind of its letter, on a chess board
    /// ([`Rules::kind_is_chess`]).
    pub chess_kinds: Vec<bool>,
    /// Zobrist keys: each Square and piece code; the side to move; each
    /// castling row; each en passant Square.
    pub piece_keys: Vec<u64>,
    pub side_key: u64,
    pub castle_keys: Vec<u64>,
    pub ep_keys: Vec<u64>,
    /// What each Piece is worth on each Square, for the search's evaluation.
    pub piece_squares: PieceSquares,
}

/// Why the engine cannot play a Board on `S`'s bits (more Squares than
/// they hold), in words that name the Board Size table; None: it can.
pub fn too_big<S: SquareSet>(grid: Grid) -> Option<String> {
    let (files, ranks, squares) = (grid.files, grid.ranks, grid.squares());
    (squares > S::SQUARES).then(|| {
        format!(
            "the built-in engine plays a Board of {} Squares at most; this one is {files} by {ranks}, {squares} \
             Squares (Board Size)",
            S::SQUARES
        )
    })
}

/// Why the engine cannot play a game that promotes elsewhere than on one
/// Rank (a Promotion Zones table: [`crate::zones`]); None: it can.
pub fn promotes_elsewhere(tables: &Tables) -> Option<String> {
    crate::zones::table(tables).map(|_| {
        "the built-in engine promotes on one Rank (Sides' promotionRank), to every Kind the Promotion choice \
         offers; this game has a Promotion Zones table"
            .to_string()
    })
}

impl<S: SquareSet> Rules<S> {
    /// Reads the rules from a game's content, or says what it lacks (at the
    /// cell that breaks it, when one does): each step below reads one table
    /// (or works out one thing from what the steps before read). A Board of
    /// more Squares than `S` holds is a lack ([`too_big`]).
    pub fn new(game: &Game) -> Result<Rules<S>, Lack> {
        let tables = Tables::new(game, "engine");
        let facts = Facts::read(game, "engine")?;
        let grid = facts.grid;
        if let Some(why) = too_big::<S>(grid) {
            return Err(why.into());
        }
        if let Some(why) = promotes_elsewhere(&tables) {
            return Err(why.into());
        }
        if let Some(why) = crate::regions::engine_refusal(&tables) {
            return Err(why.into());
        }
        let Some(royal) = facts.royal else { return Err(Facts::NO_ROYAL.into()) };
        let kinds = read_kinds(&tables, &facts)?;
        let pawn = the_pawn(&tables, &facts)?;
        let sides = read_sides(&tables, &facts)?;
        let dirs = read_directions(&tables, &facts, &sides, grid)?;
        let dir_rays = walk_directions(&dirs, &sides, grid);
        let pawn_rank_squares = sides.map(|sd| rank_squares(grid, sd.pawn_rank));
        let promotion_squares = sides.map(|sd| rank_squares(grid, sd.promotion_rank));
        let mut dirs_of = vec![Vec::new(); kinds.len()];
        for (i, d) in dirs.iter().enumerate() {
            dirs_of[d.kind as usize].push(i);
        }
        let capture_dirs: Vec<usize> = (0..dirs.len()).filter(|&i| dirs[i].can_capture && !is_hop(&dirs[i])).collect();
        let rays = attack_rays(&dirs, &capture_dirs, &sides, grid);
        let castlings = read_castlings(&tables, &facts, grid)?;
        let promotions = promotion_choice(game, &facts);
        let keys = ZobristKeys::new(kinds.len(), grid.squares());
        let kind_dirs: Vec<Vec<DirDef>> = dirs_of.iter().map(|ds| ds.iter().map(|&i| dirs[i]).collect()).collect();
        let (kind_leaps, leap_table) = group_leaps(&kind_dirs, &dir_rays, grid);
        let kind_steps = group_steps(&kind_dirs, grid);
        let kind_hops = group_hops(&kind_dirs, &sides);
        let hop_attackers = dirs.iter().filter(|d| d.can_capture && is_hop(d)).fold(0u128, |m, d| m | 1u128 << d.kind);
        let castle_from = castlings.iter().fold(S::NONE, |m, c| m | S::bit(usize::from(c.king_from)));
        let castle_squares = castlings.iter().fold(castle_from, |m, c| m | S::bit(usize::from(c.rook_from)));
        let kind_values: Vec<i32> = kinds.iter().map(|k| k.value).collect();
        let pawn_ranks = [(sides[0].pawn_rank, sides[0].forward), (sides[1].pawn_rank, sides[1].forward)];
        let piece_squares = PieceSquares::new(&kind_values, royal, pawn, pawn_ranks, grid);
        let mut rules = Rules {
            grid,
            kinds,
            king: royal,
            pawn,
            sides,
            side_names: facts.sides.clone(),
            dirs,
            dirs_of,
            kind_dirs,
            kind_steps,
            kind_leaps,
            leap_table,
            kind_hops,
            hop_attackers,
            capture_dirs,
            rays,
            castlings,
            dir_rays,
            pawn_rank_squares,
            promotion_squares,
            castle_from,
            castle_squares,
            promotions,
            piece_keys: keys.pieces,
            side_key: keys.side,
            castle_keys: keys.castlings,
            ep_keys: keys.en_passant,
            piece_squares,
            chess_kinds: Vec::new(),
        };
        rules.chess_kinds = (0..rules.kinds.len() as u8).map(|k| rules.chess_kind(k)).collect();
        Ok(rules)
    }

    /// The rules with each of Chess960's castlings ([`CastleDef::by_file`])
    /// starting where the FEN's King and named Rook stand, when one of them
    /// starts elsewhere now; None when none does (or the FEN does not read).
    /// Cheap: a few Squares looked at, and a copy only when they moved.
    pub fn fitted(&self, fen: &str) -> Option<Rules<S>> {
        if !self.castlings.iter().any(|c| c.by_file) {
            return None;
        }
        let read = Fen::read(self.grid, fen, |c| {
            let c = c.to_ascii_lowercase();
            self.kinds.iter().position(|k| k.letter == c).map(|k| k as u8)
        })
        .ok()?;
        let grid = self.grid;
        let moved: Vec<(usize, (u8, u8))> = (self.castlings.iter().enumerate())
            .filter(|(_, c)| c.by_file)
            .filter_map(|(i, c)| {
                let rank = grid.rank_of(c.rook_from);
                let king_side = grid.file_of(c.rook_from) > grid.file_of(c.king_from);
                let found =
                    castling_by_file(grid, &read, self.king, c.rook_kind?, rank, rank < grid.ranks / 2, king_side)?;
                (found != (c.king_from, c.rook_from)).then_some((i, found))
            })
            .collect();
        if moved.is_empty() {
            return None;
        }
        let mut rules = self.clone();
        for (i, (king, rook)) in moved {
            let c = &mut rules.castlings[i];
            c.king_from = king;
            c.rook_from = rook;
            c.fen = grid.castling_letter(rook);
        }
        rules.castle_from = rules.castlings.iter().fold(S::NONE, |m, c| m | S::bit(usize::from(c.king_from)));
        rules.castle_squares =
            rules.castlings.iter().fold(rules.castle_from, |m, c| m | S::bit(usize::from(c.rook_from)));
        Some(rules)
    }

    /// The Zobrist key of a piece code on a Square (0 for an empty one).
    #[inline]
    pub fn key(&self, sq: usize, code: u8) -> u64 {
        if code == 0 {
            0
        } else {
            self.piece_keys[sq * (self.kinds.len() * 2 + 1) + code as usize]
        }
    }
}

/// Kinds: each row's FEN letter (the chess facts') and value.
fn read_kinds(tables: &Tables, facts: &Facts) -> Result<Vec<KindDef>, Lack> {
    let t = tables.table("Kinds")?;
    let value_col = tables.column(t, "value")?;
    if facts.kinds.len() > MAX_KINDS {
        return Err(Lack::in_cell(
            t,
            Some(MAX_KINDS),
            None,
            format!("the engine library takes at most {MAX_KINDS} Kinds"),
        ));
    }
    let mut kinds = Vec::new();
    for (r, kind) in facts.kinds.iter().enumerate() {
        let value = tables.num(t, r, value_col);
        // 128 Pieces of the most value stay below a mate's score (search's MATE).
        if !(value.is_finite() && value.abs() <= 10_000.0) {
            let why =
                format!("the engine library takes a Kind's value from -10000 to 10000, not {value} (`{}`)", kind.name);
            return Err(tables.lack_at(t, Some(r), Some(value_col), why));
        }
        kinds.push(KindDef { name: kind.name.clone(), letter: kind.letter.unwrap_or(' '), value: value as i32 });
    }
    Ok(kinds)
}

/// The Kind with the Pawn's powers (Kinds' `promotes`, `enPassant`,
/// `resetsFiftyMoves`), if one has them: the engine takes them together,
/// on one Kind (as Make Move and Find En Passant Move test one Kind for
/// them); one apart from the others, or on two Kinds, is a mistake.
fn the_pawn(tables: &Tables, facts: &Facts) -> Result<Option<u8>, Lack> {
    let t = tables.table("Kinds")?;
    let mut pawn: Option<u8> = None;
    for (r, kind) in facts.kinds.iter().enumerate() {
        let powers = kind.pawn_powers();
        if !powers.iter().any(|&(_, has)| has) {
            continue;
        }
        if let Some(&(lacking, _)) = powers.iter().find(|&&(_, has)| !has) {
            let why = format!(
                "the engine library takes the Pawn's powers together (promotes, enPassant, resetsFiftyMoves): \
                 `{}` has some but not `{lacking}`",
                kind.name
            );
            return Err(tables.lack_at(t, Some(r), Some(tables.column(t, lacking)?), why));
        }
        if let Some(first) = pawn {
            let why = format!(
                "the engine library takes one Kind with the Pawn's powers, found two: `{}` and `{}`",
                facts.kinds[first as usize].name, kind.name
            );
            return Err(tables.lack_at(t, Some(r), Some(tables.column(t, "promotes")?), why));
        }
        pawn = Some(r as u8);
    }
    Ok(pawn)
}

/// Sides: FEN's `w` and `b` (the chess facts'), each the other's opponent.
fn read_sides(tables: &Tables, facts: &Facts) -> Result<[SideDef; 2], Lack> {
    let t = tables.table("Sides")?;
    let [forward, pawn_rank, promotion_rank, opponent] =
        ["forward", "pawnRank", "promotionRank", "opponent"].map(|c| tables.column(t, c));
    let (forward, pawn_rank, promotion_rank, opponent) = (forward?, pawn_rank?, promotion_rank?, opponent?);
    let mut sides = [SideDef { forward: 1, pawn_rank: 2, promotion_rank: 8 }; 2];
    for (i, &r) in facts.side_rows.iter().enumerate() {
        let (name, other) = (&facts.sides[i], &facts.sides[1 - i]);
        if tables.text(t, r, opponent) != other {
            let why = format!("the engine library plays two Sides: the opponent of {name} must be {other}");
            return Err(tables.lack_at(t, Some(r), Some(opponent), why));
        }
        let f = tables.num(t, r, forward);
        if f != 1.0 && f != -1.0 {
            let why = format!("the engine library takes a forward of 1 or -1 (the Side {name})");
            return Err(tables.lack_at(t, Some(r), Some(forward), why));
        }
        sides[i] = SideDef {
            forward: f as i32,
            pawn_rank: tables.num(t, r, pawn_rank) as i32,
            promotion_rank: tables.num(t, r, promotion_rank) as i32,
        };
    }
    Ok(sides)
}

/// Directions: each row of a Kind. A step of a Board's width or more never
/// lands on the Board, so it is left out (it neither moves nor attacks).
fn read_directions(tables: &Tables, facts: &Facts, sides: &[SideDef; 2], grid: Grid) -> Result<Vec<DirDef>, Lack> {
    let t = tables.table("Directions")?;
    let [kind, file_step, rank_step, steps, first_steps, can_move, can_capture] =
        ["kind", "fileStep", "rankStep", "steps", "firstMoveSteps", "canMove", "canCapture"]
            .map(|c| tables.column(t, c));
    let (kind, file_step, rank_step, steps, first_steps, can_move, can_capture) =
        (kind?, file_step?, rank_step?, steps?, first_steps?, can_move?, can_capture?);
    // A folder made before hoppers has none of these columns: none jumps.
    let [jumps_over, lands_just_beyond, blocked_at_file, blocked_at_rank] =
        ["jumpsOver", "landsJustBeyond", "blockedAtFile", "blockedAtRank"].map(|c| tables.optional_column(t, c));
    let (files, ranks) = (f64::from(grid.files), f64::from(grid.ranks));
    let count = |v: f64| if v.is_finite() && v > 0.0 { v.min(ranks.max(files)) as u32 } else { 0 };
    // A whole number (from 0 up, for a count), or the row's mistake at its cell.
    let whole = |r: usize, col: Option<ColumnId>, least: f64| -> Result<f64, Lack> {
        let Some(col) = col else { return Ok(0.0) };
        let v = tables.num(t, r, col);
        if v.is_finite() && v.fract() == 0.0 && v >= least {
            return Ok(v);
        }
        let name = &tables.def(t).columns[col.index()].name;
        let what = if least == 0.0 { "a whole number from 0 up" } else { "a whole number" };
        let why = format!("the engine library takes {what} in `{name}`, not {v} (row `{}`)", tables.row_name(t, r));
        Err(tables.lack_at(t, Some(r), Some(col), why))
    };
    let longest = ranks.max(files);
    let mut rows = Vec::new();
    for r in 0..tables.def(t).rows.len() {
        // A jump over more Pieces than a line holds never lands; a way off
        // any Board blocks nothing (Is Piece On Square finds no Piece there).
        let jumps = whole(r, jumps_over, 0.0)?.min(longest) as u32;
        let way = |col| whole(r, col, f64::NEG_INFINITY).map(|v| if v.abs() < longest { v as i32 } else { 0 });
        let (way_file, way_rank) = (way(blocked_at_file)?, way(blocked_at_rank)?);
        let just_beyond = lands_just_beyond.is_some_and(|c| tables.yes(t, r, c));
        let Some(k) = facts.kind_named(tables.text(t, r, kind)) else { continue };
        let (f, rk) = (tables.num(t, r, file_step), tables.num(t, r, rank_step));
        if f.fract() != 0.0 || rk.fract() != 0.0 || (f == 0.0 && rk == 0.0) || f.abs() >= files || rk.abs() >= ranks {
            continue;
        }
        rows.push((
            k,
            f as i32,
            rk as i32,
            count(tables.num(t, r, steps)),
            count(tables.num(t, r, first_steps)),
            tables.yes(t, r, can_move),
            tables.yes(t, r, can_capture),
            (jumps, just_beyond, way_file, way_rank),
        ));
    }
    // A step's offset on a board wider than any step: it tells the
    // Directions apart (the attack rays' key), whatever their length.
    let files = i32::from(grid.files);
    let width = files + rows.iter().map(|d| d.1.abs()).max().unwrap_or(1).max(1);
    Ok(rows
        .iter()
        .enumerate()
        .map(|(id, &(kind, f, rk, steps, first_steps, can_move, can_capture, (jumps, just_beyond, wf, wr)))| DirDef {
            kind,
            file_step: f,
            rank_step: rk,
            steps,
            first_steps,
            can_move,
            can_capture,
            jumps,
            just_beyond,
            way_file: wf,
            way_rank: wr,
            delta: sides.map(|sd| f + rk * sd.forward * width),
            id: id as u16,
            up: sides.map(|sd| f + rk * sd.forward * files > 0),
        })
        .collect())
}

/// The Square `k` steps along (`file_step`, `rank_step`) from `sq`, if
/// that is on the Board.
fn step(grid: Grid, sq: usize, file_step: i32, rank_step: i32, k: i32) -> Option<u8> {
    let sq = sq as u8;
    let (file, rank) = (i32::from(grid.file_of(sq)) + file_step * k, i32::from(grid.rank_of(sq)) + rank_step * k);
    let on = (0..i32::from(grid.files)).contains(&file) && (0..i32::from(grid.ranks)).contains(&rank);
    on.then(|| grid.square(file as u8, rank as u8))
}

/// Follow Direction's walk, as bits: `[0]` up to each Direction's `steps`,
/// `[1]` up to its `firstMoveSteps`, from each Square, for each Side
/// ([`Rules::dir_rays`]).
fn walk_directions<S: SquareSet>(dirs: &[DirDef], sides: &[SideDef; 2], grid: Grid) -> [Vec<S>; 2] {
    let squares = grid.squares();
    let mut dir_rays = [vec![S::NONE; dirs.len() * 2 * squares], vec![S::NONE; dirs.len() * 2 * squares]];
    for d in dirs {
        for (side, sd) in sides.iter().enumerate() {
            let rank_step = d.rank_step * sd.forward;
            for sq in 0..squares {
                let mut ray = [S::NONE; 2];
                for k in 1..=d.steps.max(d.first_steps) as i32 {
                    let Some(to) = step(grid, sq, d.file_step, rank_step, k) else { break };
                    let bit = S::bit(usize::from(to));
                    if k as u32 <= d.steps {
                        ray[0] |= bit;
                    }
                    if k as u32 <= d.first_steps {
                        ray[1] |= bit;
                    }
                }
                let at = (usize::from(d.id) * 2 + side) * squares + sq;
                dir_rays[0][at] = ray[0];
                dir_rays[1][at] = ray[1];
            }
        }
    }
    dir_rays
}

/// The Squares of a Rank (1 to the Board's last), a bit each; none for
/// another number.
fn rank_squares<S: SquareSet>(grid: Grid, rank: i32) -> S {
    match u8::try_from(rank) {
        Ok(r @ 1..) if r <= grid.ranks => {
            (0..grid.files).fold(S::NONE, |m, f| m | S::bit(usize::from(grid.square(f, r - 1))))
        }
        _ => S::NONE,
    }
}

/// The capturing Directions grouped by their step backwards, for each
/// attacking Side, with the Squares each group walks ([`Rules::rays`]).
fn attack_rays<S: SquareSet>(
    dirs: &[DirDef],
    capture_dirs: &[usize],
    sides: &[SideDef; 2],
    grid: Grid,
) -> [Vec<Ray<S>>; 2] {
    let mut rays: [Vec<Ray<S>>; 2] = [Vec::new(), Vec::new()];
    for (side, rays) in rays.iter_mut().enumerate() {
        for &i in capture_dirs {
            let d = &dirs[i];
            let back = -d.delta[side];
            let at = match rays.iter().position(|r| r.back == back) {
                Some(at) => at,
                None => {
                    rays.push(Ray {
                        back,
                        steps: 0,
                        reach: S::per_square(0),
                        back_file: -d.file_step,
                        back_rank: -d.rank_step * sides[side].forward,
                        squares: S::per_square(S::NONE),
                        up: false,
                    });
                    rays.len() - 1
                }
            };
            let ray = &mut rays[at];
            ray.steps = ray.steps.max(d.steps);
            // (`steps` is at most the Board's longest line, shorter than a set.)
            for k in 0..(d.steps as usize).min(S::SQUARES) {
                ray.reach[k] |= 1u128 << d.kind;
            }
        }
    }
    for ray in rays.iter_mut().flatten() {
        ray.up = ray.back_file + ray.back_rank * i32::from(grid.files) > 0;
        for sq in 0..grid.squares() {
            for k in 1..=ray.steps as i32 {
                let Some(to) = step(grid, sq, ray.back_file, ray.back_rank, k) else { break };
                ray.squares[sq] |= S::bit(usize::from(to));
            }
        }
    }
    rays
}

/// Castling: each row's Squares, and its letter in a FEN.
fn read_castlings(tables: &Tables, facts: &Facts, grid: Grid) -> Result<Vec<CastleDef>, Lack> {
    let Some(t) = tables.optional("Castling") else { return Ok(Vec::new()) };
    let by_file = tables.optional_column(t, "fenByFile");
    let position = tables.optional("Position").and_then(|p| Some((p, tables.optional_column(p, "kind")?)));
    let [king_from, king_to, rook_from, rook_to, rook_passes] =
        ["kingFrom", "kingTo", "rookFrom", "rookTo", "rookPasses"].map(|c| tables.column(t, c));
    let cols = [king_from?, king_to?, rook_from?, rook_to?, rook_passes?];
    let rows = tables.def(t).rows.len();
    if rows > 64 {
        return Err(Lack::in_cell(t, Some(64), None, "the engine library takes at most 64 rows of Castling"));
    }
    let mut castlings = Vec::new();
    for r in 0..rows {
        let mut sq = [0u8; 5];
        for (i, &c) in cols.iter().enumerate() {
            let name = tables.text(t, r, c);
            sq[i] = grid.parse(name).ok_or_else(|| {
                let why = format!(
                    "the engine library needs Squares in the table `Castling`: `{name}` (row {}) is not a1 to {}",
                    tables.row_name(t, r),
                    grid.name((grid.squares() - 1) as u8)
                );
                tables.lack_at(t, Some(r), Some(c), why)
            })?;
        }
        let (way_empty, way_safe) = castling_ways(grid, sq);
        castlings.push(CastleDef {
            king_from: sq[0],
            king_to: sq[1],
            rook_from: sq[2],
            rook_to: sq[3],
            rook_passes: sq[4],
            way_empty,
            way_safe,
            fen: grid.castling_letter(sq[2]),
            by_file: by_file.is_some_and(|c| tables.yes(t, r, c)),
            rook_kind: position.and_then(|(p, kind)| {
                let at = usize::from(sq[2]);
                (at < tables.def(p).rows.len()).then(|| facts.kind_named(tables.text(p, at, kind)))?
            }),
        });
    }
    Ok(castlings)
}

/// Is Castling Way Clear's Squares of a castling (kingFrom, kingTo,
/// rookFrom, rookTo, rookPasses), beyond those Try Castling looks at: the
/// Squares from the King's to its landing Square and from the Rook's to its
/// landing Square, along the King's Rank, but the King's and the Rook's own
/// and the three Try Castling finds empty, must be empty; those of the
/// King's way but its own, the Rook's landing Square and its landing
/// Square, not attacked.
fn castling_ways(grid: Grid, sq: [u8; 5]) -> (Vec<u8>, Vec<u8>) {
    let [king_from, king_to, rook_from, rook_to, rook_passes] = sq;
    let rank = grid.rank_of(king_from);
    let along = |from: u8, to: u8| {
        let (a, b) = (grid.file_of(from), grid.file_of(to));
        (a.min(b)..=a.max(b)).map(move |f| grid.square(f, rank))
    };
    let mut empty: Vec<u8> = along(king_from, king_to).chain(along(rook_from, rook_to)).collect();
    empty.retain(|&s| ![king_from, rook_from, king_to, rook_to, rook_passes].contains(&s));
    empty.sort_unstable();
    empty.dedup();
    let safe = along(king_from, king_to).filter(|s| ![king_from, rook_to, king_to].contains(s)).collect();
    (empty, safe)
}

/// The Kinds a promoted Piece of each Side may become: the Promotion
/// choice's (the chess library reads it from the scene and the Promotions
/// table), each once.
fn promotion_choice(game: &Game, facts: &Facts) -> [Vec<u8>; 2] {
    promotion_kinds(game, facts).map(|side| {
        let mut promotions = Vec::new();
        for name in side {
            if let Some(k) = facts.kind_named(&name) {
                if !promotions.contains(&k) {
                    promotions.push(k);
                }
            }
        }
        promotions
    })
}

/// The Zobrist keys, the same for every game of a content: each Square and
/// piece code; the side to move; each castling row; each en passant Square.
struct ZobristKeys {
    pieces: Vec<u64>,
    side: u64,
    castlings: Vec<u64>,
    en_passant: Vec<u64>,
}

impl ZobristKeys {
    fn new(kinds: usize, squares: usize) -> ZobristKeys {
        // The runtime's splitmix64, the cards' `random(n)`'s generator.
        let mut random = Random::seeded(0x0C0F_FEE5);
        let pieces = (0..squares * codes(kinds)).map(|_| random.next_u64()).collect();
        let side = random.next_u64();
        let castlings = (0..64).map(|_| random.next_u64()).collect();
        let en_passant = (0..squares).map(|_| random.next_u64()).collect();
        ZobristKeys { pieces, side, castlings, en_passant }
    }
}

/// A Direction's canMove or canCapture as a mask: all Squares, or none.
fn mask<S: SquareSet>(yes: bool) -> S {
    if yes {
        S::ALL
    } else {
        S::NONE
    }
}

/// A leap: a Direction of one step, first move or not (whatever its length),
/// that nothing blocks.
fn is_leap(d: &DirDef) -> bool {
    d.steps == 1 && d.first_steps == 1 && !is_hop(d)
}

/// A Direction that jumps Pieces or is blocked on its way ([`Hop`]).
pub fn is_hop(d: &DirDef) -> bool {
    d.jumps > 0 || d.way_file != 0 || d.way_rank != 0
}

/// Each Kind's [`Hop`]s for each Side ([`Rules::kind_hops`]).
fn group_hops<S: SquareSet>(kind_dirs: &[Vec<DirDef>], sides: &[SideDef; 2]) -> Vec<[Vec<Hop<S>>; 2]> {
    kind_dirs
        .iter()
        .map(|ds| {
            [0, 1].map(|side: usize| {
                let forward = sides[side].forward;
                ds.iter()
                    .filter(|d| is_hop(d) && (d.can_move || d.can_capture))
                    .map(|d| Hop {
                        file_step: d.file_step,
                        rank_step: d.rank_step * forward,
                        steps: d.steps,
                        first_steps: d.first_steps,
                        jumps: d.jumps,
                        just_beyond: d.just_beyond && d.jumps > 0,
                        way_file: d.way_file,
                        way_rank: d.way_rank * forward,
                        move_mask: mask(d.can_move),
                        capture_mask: mask(d.can_capture),
                    })
                    .collect()
            })
        })
        .collect()
}

/// Each Kind's leaps for each Side, those that share canMove and canCapture
/// together, and the table of the Squares they land on ([`Rules::kind_leaps`]).
#[allow(clippy::type_complexity)]
fn group_leaps<S: SquareSet>(
    kind_dirs: &[Vec<DirDef>],
    dir_rays: &[Vec<S>; 2],
    grid: Grid,
) -> (Vec<[Vec<Leap<S>>; 2]>, Vec<S>) {
    let squares = grid.squares();
    let mut leap_table = Vec::new();
    let kind_leaps = kind_dirs
        .iter()
        .map(|ds| {
            [0, 1].map(|side: usize| {
                let mut leaps = Vec::new();
                for (can_move, can_capture) in [(true, true), (true, false), (false, true)] {
                    let group: Vec<&DirDef> = ds
                        .iter()
                        .filter(|d| is_leap(d) && d.can_move == can_move && d.can_capture == can_capture)
                        .collect();
                    if group.is_empty() {
                        continue;
                    }
                    let at = leap_table.len() as u32;
                    for sq in 0..squares {
                        let mut m = S::NONE;
                        for d in &group {
                            m |= dir_rays[0][(usize::from(d.id) * 2 + side) * squares + sq];
                        }
                        leap_table.push(m);
                    }
                    leaps.push(Leap { at, move_mask: mask(can_move), capture_mask: mask(can_capture) });
                }
                leaps
            })
        })
        .collect();
    (kind_leaps, leap_table)
}

/// Each Kind's Directions that are not leaps, for each Side, as the move
/// generator walks them ([`Rules::kind_steps`]).
fn group_steps<S: SquareSet>(kind_dirs: &[Vec<DirDef>], grid: Grid) -> Vec<[Vec<Step<S>>; 2]> {
    kind_dirs
        .iter()
        .map(|ds| {
            [0, 1].map(|side: usize| {
                ds.iter()
                    .filter(|d| !is_leap(d) && !is_hop(d) && (d.can_move || d.can_capture))
                    .map(|d| Step {
                        rays: ((usize::from(d.id) * 2 + side) * grid.squares()) as u32,
                        up: d.up[side],
                        move_mask: mask(d.can_move),
                        capture_mask: mask(d.can_capture),
                    })
                    .collect()
            })
        })
        .collect()
}

/// The six Kinds of chess, their FEN letters and Directions as (fileStep,
/// rankStep, steps, firstMoveSteps, canMove, canCapture), steps counted to 7
/// at most (a longer ride is the same on 8 Files and Ranks).
type Dirs = &'static [(i32, i32, u32, u32, bool, bool)];
const KING: Dirs = &[
    (0, 1, 1, 1, true, true),
    (1, 1, 1, 1, true, true),
    (1, 0, 1, 1, true, true),
    (1, -1, 1, 1, true, true),
    (0, -1, 1, 1, true, true),
    (-1, -1, 1, 1, true, true),
    (-1, 0, 1, 1, true, true),
    (-1, 1, 1, 1, true, true),
];
const QUEEN: Dirs = &[
    (0, 1, 7, 7, true, true),
    (1, 1, 7, 7, true, true),
    (1, 0, 7, 7, true, true),
    (1, -1, 7, 7, true, true),
    (0, -1, 7, 7, true, true),
    (-1, -1, 7, 7, true, true),
    (-1, 0, 7, 7, true, true),
    (-1, 1, 7, 7, true, true),
];
const ROOK: Dirs =
    &[(0, 1, 7, 7, true, true), (1, 0, 7, 7, true, true), (0, -1, 7, 7, true, true), (-1, 0, 7, 7, true, true)];
const BISHOP: Dirs =
    &[(1, 1, 7, 7, true, true), (1, -1, 7, 7, true, true), (-1, -1, 7, 7, true, true), (-1, 1, 7, 7, true, true)];
const KNIGHT: Dirs = &[
    (1, 2, 1, 1, true, true),
    (2, 1, 1, 1, true, true),
    (2, -1, 1, 1, true, true),
    (1, -2, 1, 1, true, true),
    (-1, -2, 1, 1, true, true),
    (-2, -1, 1, 1, true, true),
    (-2, 1, 1, 1, true, true),
    (-1, 2, 1, 1, true, true),
];
const PAWN: Dirs = &[(0, 1, 1, 2, true, false), (1, 1, 1, 1, false, true), (-1, 1, 1, 1, false, true)];
const CHESS: [(char, Dirs); 6] = [('k', KING), ('q', QUEEN), ('r', ROOK), ('b', BISHOP), ('n', KNIGHT), ('p', PAWN)];

impl<S: SquareSet> Rules<S> {
    /// Whether the Kind moves as the chess Kind of its FEN letter does, with
    /// its roles (the King alone royal, the Pawn alone with the Pawn's
    /// powers), on the Board, Sides, Castling and Promotion choice of chess:
    /// what a UCI engine, which knows only chess, may be asked about.
    pub fn kind_is_chess(&self, kind: u8) -> bool {
        self.chess_kinds.get(kind as usize).copied().unwrap_or(false)
    }

    fn chess_kind(&self, kind: u8) -> bool {
        let Some(k) = self.kinds.get(kind as usize) else { return false };
        let Some((_, want)) = CHESS.iter().find(|(letter, _)| *letter == k.letter) else { return false };
        let roles = (kind == self.king) == (k.letter == 'k') && (Some(kind) == self.pawn) == (k.letter == 'p');
        if !roles {
            return false;
        }
        if self.dirs_of[kind as usize].iter().any(|&i| is_hop(&self.dirs[i])) {
            return false;
        }
        let mut have: Vec<(i32, i32, u32, u32, bool, bool)> = self.dirs_of[kind as usize]
            .iter()
            .map(|&i| {
                let d = &self.dirs[i];
                (d.file_step, d.rank_step, d.steps.min(7), d.first_steps.min(7), d.can_move, d.can_capture)
            })
            .collect();
        let mut want = want.to_vec();
        have.sort();
        have.dedup();
        want.sort();
        have == want && self.board_is_chess()
    }

    fn board_is_chess(&self) -> bool {
        let sides = (self.sides[0].forward, self.sides[0].pawn_rank, self.sides[0].promotion_rank) == (1, 2, 8)
            && (self.sides[1].forward, self.sides[1].pawn_rank, self.sides[1].promotion_rank) == (-1, 7, 1);
        let mut castlings: Vec<[u8; 5]> =
            self.castlings.iter().map(|c| [c.king_from, c.king_to, c.rook_from, c.rook_to, c.rook_passes]).collect();
        castlings.sort();
        let sq = |s: &str| Grid::CHESS.parse(s).unwrap_or(64);
        let mut chess = vec![
            [sq("e1"), sq("g1"), sq("h1"), sq("f1"), sq("g1")],
            [sq("e1"), sq("c1"), sq("a1"), sq("d1"), sq("b1")],
            [sq("e8"), sq("g8"), sq("h8"), sq("f8"), sq("g8")],
            [sq("e8"), sq("c8"), sq("a8"), sq("d8"), sq("b8")],
        ];
        chess.sort();
        let promotions_are_chess = self.promotions.iter().all(|side| {
            let mut letters: Vec<char> = side.iter().map(|&p| self.kinds[p as usize].letter).collect();
            letters.sort();
            letters == ['b', 'n', 'q', 'r']
        });
        self.grid == Grid::CHESS && sides && castlings == chess && promotions_are_chess
    }
}
