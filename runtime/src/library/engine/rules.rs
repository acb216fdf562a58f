//! The rules of the game as the built-in engine knows them: read once, when
//! a game starts, from the content's tables (Kinds, Directions, Sides,
//! Castling) and from the Promotion choice's buttons in the scene, by the
//! names the book gives them. Nothing here knows a Kind but by its row: the
//! King and the Pawn are found by name, as the cards find them (Find King,
//! Make Move, Find En Passant Move).

use super::super::Lack;
use crate::game::{Game, TableDef};
use crate::ids::TableId;
use crate::value::Value;

/// The board's cells: its 64 Squares (a1 = 0, b1 = 1 ... h8 = 63). Every
/// walk along a Direction is done on bits ([`Rules::dir_rays`],
/// [`Ray::squares`]), which end at the Board's edge, so no sentinel cell is
/// needed around it (it was a mailbox once: `cell_of` and `square_of` remain,
/// and are each Square itself).
pub const MAX_CELLS: usize = 64;
/// Every cell index ANDed with this is itself (all are below [`MAX_CELLS`]).
pub const CELL_MASK: usize = MAX_CELLS - 1;

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
    /// The offset of one step on a board 8 + the longest fileStep wide, for
    /// White and for Black (the rank step turned round by the Side's
    /// forward, as Follow Direction turns it): it tells Directions apart.
    pub delta: [i32; 2],
    /// Its row in `dirs`, and whether a step goes to a higher Square (a1 = 0,
    /// h8 = 63) for White and for Black: along a ray the Squares only grow
    /// (or only shrink), so the nearest Piece on it is its lowest (highest) bit.
    pub id: u16,
    pub up: [bool; 2],
}

/// A Direction as the move generator walks it for one Side: where its rays
/// start in `dir_rays`, which way they go, and its canMove and canCapture
/// as masks (all Squares, or none), so that a walk takes no branch on them.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub rays: u32,
    pub up: bool,
    pub move_mask: u64,
    pub capture_mask: u64,
}

/// The one-step Directions of a Kind for a Side (`steps` and
/// `firstMoveSteps` 1: a leap, whatever its length) that share canMove and
/// canCapture, taken together: `leap_table[at + square]` is every Square
/// they land on from a Square, a bit each; no Piece can stand in their way.
#[derive(Clone, Copy, Debug)]
pub struct Leap {
    pub at: u32,
    pub move_mask: u64,
    pub capture_mask: u64,
}

/// One row of Castling, as Squares 0..64 (a1 = 0, b1 = 1 ... h8 = 63).
#[derive(Clone, Copy, Debug)]
pub struct CastleDef {
    pub king_from: u8,
    pub king_to: u8,
    pub rook_from: u8,
    pub rook_to: u8,
    pub rook_passes: u8,
    /// Its letter in a FEN's castling field (by its Rook's Square, as the
    /// chess library writes it), or none.
    pub fen: Option<char>,
}

/// The capturing Directions that share one step, for an attack looked for
/// backwards: walked once, the first Piece met at distance k attacks when
/// its Kind has such a Direction of at least k `steps`.
#[derive(Clone, Debug)]
pub struct Ray {
    /// The offset of one step backwards, as `DirDef::delta` (the rays' key).
    pub back: i32,
    /// The most steps of any of these Directions.
    pub steps: u32,
    /// `reach[k - 1]`: the Kinds (a bit each) whose Direction reaches k steps.
    pub reach: [u128; 8],
    /// The step backwards in Files and Ranks.
    pub back_file: i32,
    pub back_rank: i32,
    /// `squares[sq]`: the Squares walked backwards from `sq`, up to `steps`,
    /// to the Board's edge, a bit each; `up`: whether they grow from `sq`
    /// (the nearest Piece on them is their lowest bit) or shrink (highest).
    pub squares: [u64; 64],
    pub up: bool,
}

/// A Side: 0 White, 1 Black.
#[derive(Clone, Copy, Debug)]
pub struct SideDef {
    pub forward: i32,
    /// The Rank (1..8) on which a Piece takes its Direction's firstMoveSteps.
    pub pawn_rank: i32,
    /// The Rank (1..8) on which a Pawn is promoted.
    pub promotion_rank: i32,
}

/// Everything the engine reads from the content.
#[derive(Clone, Debug)]
pub struct Rules {
    pub kinds: Vec<KindDef>,
    pub king: Option<u8>,
    pub pawn: Option<u8>,
    pub sides: [SideDef; 2],
    pub dirs: Vec<DirDef>,
    /// The Directions of each Kind, as indices into `dirs`, in table order.
    pub dirs_of: Vec<Vec<usize>>,
    /// The Directions of each Kind themselves, in table order (`dirs_of`
    /// without the indirection, for the move generator).
    pub kind_dirs: Vec<Vec<DirDef>>,
    /// `kind_steps[kind][side]`: the same, as the generator walks them
    /// (but the leaps, in `kind_leaps`).
    pub kind_steps: Vec<[Vec<Step>; 2]>,
    pub kind_leaps: Vec<[Vec<Leap>; 2]>,
    pub leap_table: Vec<u64>,
    /// The Directions that can capture, for an attack looked for backwards.
    pub capture_dirs: Vec<usize>,
    /// The same, grouped by their step, for each attacking Side.
    pub rays: [Vec<Ray>; 2],
    pub castlings: Vec<CastleDef>,
    /// `dir_rays[0][(id * 2 + side) * 64 + square]`: the Squares a Direction
    /// passes over from a Square, a bit each, up to its `steps`, to the
    /// Board's edge (Follow Direction's walk, as bits); `dir_rays[1]` up to
    /// its `firstMoveSteps` (two tables: the first, the one mostly read,
    /// stays small).
    pub dir_rays: [Vec<u64>; 2],
    /// The Squares of each Side's promotion Rank, a bit each.
    pub promotion_squares: [u64; 2],
    /// The Squares a castling starts from (its kingFrom), a bit each.
    pub castle_from: u64,
    /// Each castling's kingFrom and rookFrom, a bit each: a move from or to
    /// none of them leaves Update Castling nothing to do.
    pub castle_squares: u64,
    /// The Kinds a Pawn may become, in the Promotion choice's order.
    pub promotions: Vec<u8>,
    /// Each Kind moves as chess's Kind of its letter, on a chess board
    /// ([`Rules::kind_is_chess`]).
    pub chess_kinds: Vec<bool>,
    /// The board's geometry: the width of a row (8), and the cell of a1 (0).
    pub width: i32,
    pub a1: i32,
    /// Square 0..64 to its cell, and back: each the Square itself (255 past 63).
    pub cell_of: [u16; 64],
    pub square_of: [u8; MAX_CELLS],
    /// Zobrist keys: each cell and piece code; the side to move; each
    /// castling row; each en passant Square.
    pub piece_keys: Vec<u64>,
    pub side_key: u64,
    pub castle_keys: Vec<u64>,
    pub ep_keys: [u64; 64],
}

/// The most pieces codes a cell may hold: 2 Sides for each Kind, plus empty.
pub fn codes(kinds: usize) -> usize {
    kinds * 2 + 1
}

fn column(t: &TableDef, name: &str) -> Result<usize, String> {
    t.columns
        .iter()
        .position(|c| c.name == name)
        .ok_or(format!("the engine library needs a column `{name}` in the table `{}`", t.name))
}

fn cell(t: &TableDef, row: usize, col: usize) -> Value {
    t.cells[row * t.columns.len() + col]
}

fn table<'g>(game: &'g Game, name: &str) -> Result<(TableId, &'g TableDef), String> {
    game.names
        .tables
        .get(name)
        .map(|&t| (t, &game.tables[t.index()]))
        .ok_or(format!("the engine library needs a table `{name}`"))
}

/// A Square's name (a1 .. h8) as 0..64.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// A Square 0..64 by its name.
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// splitmix64: the Zobrist keys, and the engine's measured randomness.
pub fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rules {
    /// Reads the rules from a game's content, or says what it lacks (at the
    /// cell that breaks it, when one does).
    pub fn new(game: &Game) -> Result<Rules, Lack> {
        let text = |v: Value| match v {
            Value::Text(s) => game.syms.text(s).to_string(),
            _ => String::new(),
        };
        let num = |v: Value| match v {
            Value::Num(n) => n,
            _ => 0.0,
        };
        let yes = |v: Value| v == Value::Bool(true);

        // Kinds: each row's FEN letter (the chess library's) and value.
        let letters = super::super::chess::kind_letters(game)?;
        let (kid, kt) = table(game, "Kinds")?;
        let value_col = column(kt, "value")?;
        if kt.rows.len() > 100 {
            return Err(Lack::at(kid, Some(100), None, "the engine library takes at most 100 Kinds"));
        }
        let mut kinds = Vec::new();
        for (r, &name) in kt.rows.iter().enumerate() {
            let name = game.syms.text(name).to_string();
            let letter = letters.iter().find(|(k, _)| *k == name).map_or(' ', |(_, l)| *l);
            let value = num(cell(kt, r, value_col));
            // 64 Pieces of the most value stay below a mate's score.
            if !(value.is_finite() && value.abs() <= 10_000.0) {
                let why =
                    format!("the engine library takes a Kind's value from -10000 to 10000, not {value} (`{name}`)");
                return Err(Lack::at(kid, Some(r), Some(value_col), why));
            }
            kinds.push(KindDef { name, letter, value: value as i32 });
        }
        let kind_of = |name: &str| kinds.iter().position(|k| k.name == name).map(|i| i as u8);
        let king = kind_of("King");
        let pawn = kind_of("Pawn");

        // Sides: White and Black, each the other's opponent.
        let (sid, st) = table(game, "Sides")?;
        let (forward, pawn_rank, promotion_rank, opponent) =
            (column(st, "forward")?, column(st, "pawnRank")?, column(st, "promotionRank")?, column(st, "opponent")?);
        let mut sides = [SideDef { forward: 1, pawn_rank: 2, promotion_rank: 8 }; 2];
        for (i, (name, other)) in [("White", "Black"), ("Black", "White")].into_iter().enumerate() {
            let r = st.rows.iter().position(|&s| game.syms.text(s) == name).ok_or_else(|| {
                Lack::at(sid, None, None, format!("the engine library needs a row `{name}` in the table `Sides`"))
            })?;
            if text(cell(st, r, opponent)) != other {
                let why = format!("the engine library plays two Sides: the opponent of {name} must be {other}");
                return Err(Lack::at(sid, Some(r), Some(opponent), why));
            }
            let f = num(cell(st, r, forward));
            if f != 1.0 && f != -1.0 {
                let why = format!("the engine library takes a forward of 1 or -1 (the Side {name})");
                return Err(Lack::at(sid, Some(r), Some(forward), why));
            }
            sides[i] = SideDef {
                forward: f as i32,
                pawn_rank: num(cell(st, r, pawn_rank)) as i32,
                promotion_rank: num(cell(st, r, promotion_rank)) as i32,
            };
        }

        // Directions: a step of 8 or more Files or Ranks never lands on the
        // Board, so it is left out (it neither moves nor attacks).
        let (_, dt) = table(game, "Directions")?;
        let (kc, fc, rc, sc, fmc, mc, cc) = (
            column(dt, "kind")?,
            column(dt, "fileStep")?,
            column(dt, "rankStep")?,
            column(dt, "steps")?,
            column(dt, "firstMoveSteps")?,
            column(dt, "canMove")?,
            column(dt, "canCapture")?,
        );
        let mut raw = Vec::new();
        for r in 0..dt.rows.len() {
            let Some(kind) = kind_of(&text(cell(dt, r, kc))) else { continue };
            let (f, rk) = (num(cell(dt, r, fc)), num(cell(dt, r, rc)));
            if f.fract() != 0.0 || rk.fract() != 0.0 || (f == 0.0 && rk == 0.0) || f.abs() >= 8.0 || rk.abs() >= 8.0 {
                continue;
            }
            let steps = |v: f64| if v.is_finite() && v > 0.0 { v.min(8.0) as u32 } else { 0 };
            raw.push((
                kind,
                f as i32,
                rk as i32,
                steps(num(cell(dt, r, sc))),
                steps(num(cell(dt, r, fmc))),
                yes(cell(dt, r, mc)),
                yes(cell(dt, r, cc)),
            ));
        }
        let pad_file = raw.iter().map(|d| d.1.abs()).max().unwrap_or(1).max(1);
        let pad_rank = raw.iter().map(|d| d.2.abs()).max().unwrap_or(1).max(1) + 1;
        let width = 8 + pad_file;
        let a1 = pad_rank * width;
        let dirs: Vec<DirDef> = raw
            .iter()
            .enumerate()
            .map(|(id, &(kind, f, rk, steps, first_steps, can_move, can_capture))| DirDef {
                kind,
                file_step: f,
                rank_step: rk,
                steps,
                first_steps,
                can_move,
                can_capture,
                delta: [f + rk * sides[0].forward * width, f + rk * sides[1].forward * width],
                id: id as u16,
                up: [f + rk * sides[0].forward * 8 > 0, f + rk * sides[1].forward * 8 > 0],
            })
            .collect();
        let mut dir_rays = [vec![0u64; dirs.len() * 2 * 64], vec![0u64; dirs.len() * 2 * 64]];
        for d in &dirs {
            for (side, sd) in sides.iter().enumerate() {
                let rank_step = d.rank_step * sd.forward;
                for sq in 0..64i32 {
                    let mut ray = [0u64; 2];
                    for k in 1..=d.steps.max(d.first_steps) as i32 {
                        let (file, rank) = (sq % 8 + d.file_step * k, sq / 8 + rank_step * k);
                        if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                            break;
                        }
                        let bit = 1u64 << (rank * 8 + file);
                        if k as u32 <= d.steps {
                            ray[0] |= bit;
                        }
                        if k as u32 <= d.first_steps {
                            ray[1] |= bit;
                        }
                    }
                    let at = (usize::from(d.id) * 2 + side) * 64 + sq as usize;
                    dir_rays[0][at] = ray[0];
                    dir_rays[1][at] = ray[1];
                }
            }
        }
        let promotion_squares =
            sides.map(
                |sd| {
                    if (1..=8).contains(&sd.promotion_rank) {
                        0xFFu64 << ((sd.promotion_rank - 1) * 8)
                    } else {
                        0
                    }
                },
            );
        let mut dirs_of = vec![Vec::new(); kinds.len()];
        for (i, d) in dirs.iter().enumerate() {
            dirs_of[d.kind as usize].push(i);
        }
        let capture_dirs: Vec<usize> = (0..dirs.len()).filter(|&i| dirs[i].can_capture).collect();
        let mut rays: [Vec<Ray>; 2] = [Vec::new(), Vec::new()];
        for (side, rays) in rays.iter_mut().enumerate() {
            for &i in &capture_dirs {
                let d = &dirs[i];
                let back = -d.delta[side];
                let at = match rays.iter().position(|r| r.back == back) {
                    Some(at) => at,
                    None => {
                        rays.push(Ray {
                            back,
                            steps: 0,
                            reach: [0; 8],
                            back_file: -d.file_step,
                            back_rank: -d.rank_step * sides[side].forward,
                            squares: [0; 64],
                            up: false,
                        });
                        rays.len() - 1
                    }
                };
                let ray = &mut rays[at];
                ray.steps = ray.steps.max(d.steps);
                for k in 0..d.steps.min(8) as usize {
                    ray.reach[k] |= 1u128 << d.kind;
                }
            }
        }

        for ray in rays.iter_mut().flatten() {
            ray.up = ray.back_file + ray.back_rank * 8 > 0;
            for sq in 0..64i32 {
                for k in 1..=ray.steps as i32 {
                    let (file, rank) = (sq % 8 + ray.back_file * k, sq / 8 + ray.back_rank * k);
                    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                        break;
                    }
                    ray.squares[sq as usize] |= 1 << (rank * 8 + file);
                }
            }
        }

        // The mailbox's offsets above (`delta`, `back`) only tell the
        // Directions apart now; a cell is its Square.
        let _ = a1;
        let mut cell_of = [0u16; 64];
        let mut square_of = [255u8; MAX_CELLS];
        for sq in 0..64u8 {
            cell_of[sq as usize] = u16::from(sq);
            square_of[sq as usize] = sq;
        }

        // Castling: each row's Squares.
        let mut castlings = Vec::new();
        if let Some(&t) = game.names.tables.get("Castling") {
            let ct = &game.tables[t.index()];
            let cols = [
                column(ct, "kingFrom")?,
                column(ct, "kingTo")?,
                column(ct, "rookFrom")?,
                column(ct, "rookTo")?,
                column(ct, "rookPasses")?,
            ];
            if ct.rows.len() > 64 {
                return Err(Lack::at(t, Some(64), None, "the engine library takes at most 64 rows of Castling"));
            }
            for r in 0..ct.rows.len() {
                let mut sq = [0u8; 5];
                for (i, &c) in cols.iter().enumerate() {
                    let name = text(cell(ct, r, c));
                    sq[i] = parse_square(&name).ok_or_else(|| {
                        let why = format!(
                            "the engine library needs Squares in the table `Castling`: `{name}` (row {}) is not a1 to h8",
                            game.syms.text(ct.rows[r])
                        );
                        Lack::at(t, Some(r), Some(c), why)
                    })?;
                }
                let fen = match square_name(sq[2]).as_str() {
                    "h1" => Some('K'),
                    "a1" => Some('Q'),
                    "h8" => Some('k'),
                    "a8" => Some('q'),
                    _ => None,
                };
                castlings.push(CastleDef {
                    king_from: sq[0],
                    king_to: sq[1],
                    rook_from: sq[2],
                    rook_to: sq[3],
                    rook_passes: sq[4],
                    fen,
                });
            }
        }

        // The Promotion choice (the chess library reads it from the scene).
        let mut promotions = Vec::new();
        for name in super::super::chess::promotion_kinds(game) {
            if let Some(k) = kind_of(&name) {
                if !promotions.contains(&k) {
                    promotions.push(k);
                }
            }
        }

        let mut seed = 0x0C0F_FEE5_u64;
        let piece_keys = (0..MAX_CELLS * codes(kinds.len())).map(|_| splitmix(&mut seed)).collect();
        let side_key = splitmix(&mut seed);
        let castle_keys = (0..64).map(|_| splitmix(&mut seed)).collect();
        let mut ep_keys = [0u64; 64];
        for k in &mut ep_keys {
            *k = splitmix(&mut seed);
        }
        let kind_dirs: Vec<Vec<DirDef>> = dirs_of.iter().map(|ds| ds.iter().map(|&i| dirs[i]).collect()).collect();
        let mask = |yes: bool| if yes { u64::MAX } else { 0 };
        let is_leap = |d: &DirDef| d.steps == 1 && d.first_steps == 1;
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
                        for sq in 0..64usize {
                            let mut m = 0u64;
                            for d in &group {
                                m |= dir_rays[0][(usize::from(d.id) * 2 + side) * 64 + sq];
                            }
                            leap_table.push(m);
                        }
                        leaps.push(Leap { at, move_mask: mask(can_move), capture_mask: mask(can_capture) });
                    }
                    leaps
                })
            })
            .collect();
        let kind_steps = kind_dirs
            .iter()
            .map(|ds| {
                [0, 1].map(|side: usize| {
                    ds.iter()
                        .filter(|d| !is_leap(d) && (d.can_move || d.can_capture))
                        .map(|d| Step {
                            rays: ((usize::from(d.id) * 2 + side) * 64) as u32,
                            up: d.up[side],
                            move_mask: mask(d.can_move),
                            capture_mask: mask(d.can_capture),
                        })
                        .collect()
                })
            })
            .collect();
        let castle_from = castlings.iter().fold(0u64, |m, c| m | 1 << c.king_from);
        let castle_squares = castlings.iter().fold(castle_from, |m, c| m | 1 << c.rook_from);
        let mut rules = Rules {
            kinds,
            king,
            pawn,
            sides,
            dirs,
            dirs_of,
            kind_dirs,
            kind_steps,
            kind_leaps,
            leap_table,
            capture_dirs,
            rays,
            castlings,
            dir_rays,
            promotion_squares,
            castle_from,
            castle_squares,
            promotions,
            width: 8,
            a1: 0,
            cell_of,
            square_of,
            piece_keys,
            side_key,
            castle_keys,
            ep_keys,
            chess_kinds: Vec::new(),
        };
        rules.chess_kinds = (0..rules.kinds.len() as u8).map(|k| rules.chess_kind(k)).collect();
        Ok(rules)
    }

    /// The Zobrist key of a piece code in a cell (0 for an empty cell).
    #[inline]
    pub fn key(&self, cell: usize, code: u8) -> u64 {
        if code == 0 {
            0
        } else {
            self.piece_keys[cell * (self.kinds.len() * 2 + 1) + code as usize]
        }
    }
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
const CHESS: [(&str, char, Dirs); 6] = [
    ("King", 'k', KING),
    ("Queen", 'q', QUEEN),
    ("Rook", 'r', ROOK),
    ("Bishop", 'b', BISHOP),
    ("Knight", 'n', KNIGHT),
    ("Pawn", 'p', PAWN),
];

impl Rules {
    /// Whether the Kind moves as the chess Kind of its letter does, on the
    /// Sides, Castling and Promotion choice of chess: what a UCI engine,
    /// which knows only chess, may be asked about.
    pub fn kind_is_chess(&self, kind: u8) -> bool {
        self.chess_kinds.get(kind as usize).copied().unwrap_or(false)
    }

    fn chess_kind(&self, kind: u8) -> bool {
        let Some(k) = self.kinds.get(kind as usize) else { return false };
        let Some((_, _, want)) = CHESS.iter().find(|(name, letter, _)| *name == k.name && *letter == k.letter) else {
            return false;
        };
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
        let sq = |s: &str| parse_square(s).unwrap_or(64);
        let mut chess = vec![
            [sq("e1"), sq("g1"), sq("h1"), sq("f1"), sq("g1")],
            [sq("e1"), sq("c1"), sq("a1"), sq("d1"), sq("b1")],
            [sq("e8"), sq("g8"), sq("h8"), sq("f8"), sq("g8")],
            [sq("e8"), sq("c8"), sq("a8"), sq("d8"), sq("b8")],
        ];
        chess.sort();
        let mut promotions: Vec<char> = self.promotions.iter().map(|&p| self.kinds[p as usize].letter).collect();
        promotions.sort();
        sides && castlings == chess && promotions == ['b', 'n', 'q', 'r']
    }
}
