//! Every position the libraries hold is one the content's rules can hold:
//! a FEN from outside (`setfen`, `--fen`, a PGN's `FEN` tag, UCI's
//! `position fen`) goes through [`hold`] before it is set up. What cannot
//! be is refused, in words that say what and where; what names more than
//! the position has is mended, each mend told:
//!
//! - refused: a Side with no royal Piece, or more than one (python-chess's
//!   `STATUS_NO_WHITE_KING`, `STATUS_TOO_MANY_KINGS`...);
//! - refused: a Pawn (the Kind with the Pawn's powers) on its Side's
//!   promotion Rank or beyond it, or on the edge Rank behind its Pawn Rank,
//!   which no Pawn reaches (`STATUS_PAWNS_ON_BACKRANK`, the Ranks read from
//!   Sides: makruk's White promotes on the sixth);
//! - refused: the side not to move in check (`STATUS_OPPOSITE_CHECK`);
//! - mended: a castling right whose King or Rook is not on its Square
//!   (python-chess's `Board.clean_castling_rights()`), or that names no
//!   castling of the Castling table (a game without castling);
//! - mended: an en passant Square no double step made (python-chess's
//!   `STATUS_INVALID_EP_SQUARE`: the Pawn that made it stands beyond it, it
//!   and the Square the Pawn left are empty), or any, where no Pawn takes a
//!   double step. One a double step made stays, though no Pawn can take
//!   on it, as the PGN standard's FEN records it.
//!
//! The facts are the rules' ([`Rules`], read from Kinds, Directions,
//! Sides and Castling): the royal Kind, the Pawn, each Side's Ranks and
//! forward, each castling's King and Rook, attacks as the engine (and the
//! cards) find them.

use super::board::Board;
use super::piece::{code, kind_of, side_of, EMPTY};
use super::rules::Rules;
use super::squares::{squares, SquareSet};
use crate::facts::{castling_by_file, Fen};

/// A FEN the rules can hold, and each mend made to it, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    pub fen: String,
    pub mended: Vec<String>,
}

/// The FEN `fen` as the rules can hold it ([`Held`]), or why it cannot be
/// held (`refused: ...`). See the module's documentation.
pub fn hold<S: SquareSet>(r: &Rules<S>, fen: &str) -> Result<Held, String> {
    let read = Fen::read(r.grid, fen, |c| {
        let c = c.to_ascii_lowercase();
        r.kinds.iter().position(|k| k.letter == c).map(|k| k as u8)
    })?;
    let board = Board::from_fen(r, fen)?;
    refused(r, &board)?;
    let mut mended = Vec::new();
    let castling = castling(r, &read, &board, &mut mended);
    let ep = match read.en_passant {
        Some(sq) => match en_passant(r, &board, sq) {
            Ok(()) => r.grid.name(sq),
            Err(why) => {
                mended.push(format!("en passant square {} dropped: {why}", r.grid.name(sq)));
                "-".to_string()
            }
        },
        None => "-".to_string(),
    };
    let mut fields = fen.split_whitespace();
    let (placement, side) = (fields.next().unwrap_or_default(), fields.next().unwrap_or_default());
    let checks = read.checks.map(|[w, b]| format!(" {w}+{b}")).unwrap_or_default();
    let fen = format!("{placement} {side} {castling} {ep}{checks} {} {}", read.halfmoves, read.move_number);
    Ok(Held { fen, mended })
}

/// The name of a Side (0: FEN's White) and of a Kind, as the tables spell them.
fn side_name<S: SquareSet>(r: &Rules<S>, side: u8) -> &str {
    &r.side_names[usize::from(side)]
}

fn kind_name<S: SquareSet>(r: &Rules<S>, kind: u8) -> &str {
    r.kinds.get(usize::from(kind)).map_or("Piece", |k| k.name.as_str())
}

/// What no play of the rules reaches: a Side without its royal Piece or
/// with two, a Pawn where it would have been promoted or where it never
/// stands, the side not to move in check.
fn refused<S: SquareSet>(r: &Rules<S>, board: &Board<S>) -> Result<(), String> {
    let grid = r.grid;
    let king = kind_name(r, r.king);
    for side in 0..2u8 {
        match board.kings[usize::from(side)].count() {
            0 => return Err(format!("refused: {} has no {king}", side_name(r, side))),
            1 => {}
            n => {
                let at: Vec<String> = squares(board.kings[usize::from(side)]).map(|sq| grid.name(sq)).collect();
                return Err(format!(
                    "refused: {} has {n} {king}s ({}), and a Side has one",
                    side_name(r, side),
                    at.join(", ")
                ));
            }
        }
    }
    if let Some(pawn) = r.pawn {
        let name = kind_name(r, pawn);
        for sq in squares(board.occ[0] | board.occ[1]) {
            let c = board.piece_at(r, sq);
            if c == EMPTY || kind_of(c) != pawn {
                continue;
            }
            let side = side_of(c);
            let sd = r.sides[usize::from(side)];
            let rank = i32::from(grid.rank_of(sq)) + 1;
            let (who, at) = (side_name(r, side), grid.name(sq));
            if rank == sd.promotion_rank {
                return Err(format!("refused: a {who} {name} on {at}, the Rank where {who}'s {name}s are promoted"));
            }
            if (rank - sd.promotion_rank) * sd.forward > 0 {
                return Err(format!(
                    "refused: a {who} {name} on {at}, beyond Rank {}, where {who}'s {name}s are promoted",
                    sd.promotion_rank
                ));
            }
            let behind = if sd.forward > 0 { 1 } else { i32::from(grid.ranks) };
            if rank == behind && sd.pawn_rank != behind {
                return Err(format!(
                    "refused: a {who} {name} on {at}, behind its Rank {}, where no {name} stands",
                    sd.pawn_rank
                ));
            }
        }
    }
    let (to_move, waiting) = (board.side, 1 - board.side);
    if let Some(k) = board.king_cell(r, waiting) {
        if board.attacked(r, k, to_move) {
            return Err(format!("refused: the side not to move ({}) is in check", side_name(r, waiting)));
        }
    }
    Ok(())
}

/// The castling field as the position holds it: each letter kept whose
/// castling's King and Rook stand where it starts them; each dropped told.
fn castling<S: SquareSet>(r: &Rules<S>, read: &Fen, board: &Board<S>, mended: &mut Vec<String>) -> String {
    let mut kept = String::new();
    let field = if read.castling == "-" { "" } else { read.castling };
    for (i, l) in field.char_indices() {
        if field[..i].contains(l) {
            continue;
        }
        match castling_letter(r, read, board, l) {
            Ok(()) => kept.push(l),
            Err(why) => mended.push(format!("castling right {l} dropped: {why}")),
        }
    }
    if kept.is_empty() {
        "-".to_string()
    } else {
        kept
    }
}

/// Whether the castling that letter `l` names can be held, or why not.
fn castling_letter<S: SquareSet>(r: &Rules<S>, read: &Fen, board: &Board<S>, l: char) -> Result<(), String> {
    let grid = r.grid;
    let white = l.is_ascii_uppercase();
    let side = u8::from(!white);
    let who = side_name(r, side);
    let king = kind_name(r, r.king);
    if r.castlings.is_empty() {
        return Err("this game has no castling (its Castling table has no row)".to_string());
    }
    // Chess960's rows, named by their Rook's File or as the outermost (X-FEN).
    let by_file: Vec<_> = r.castlings.iter().filter(|c| c.by_file).collect();
    if !by_file.is_empty() {
        let letter = l.to_string();
        let only = Fen { castling: letter.as_str(), ..read.clone() };
        let mut why = None;
        for c in by_file.into_iter().filter(|c| (grid.rank_of(c.rook_from) < grid.ranks / 2) == white) {
            let rank = grid.rank_of(c.rook_from);
            let king_side = grid.file_of(c.rook_from) > grid.file_of(c.king_from);
            let Some(rook) = c.rook_kind else { continue };
            if castling_by_file(grid, &only, r.king, rook, rank, white, king_side).is_some() {
                return Ok(());
            }
            let has_king = (0..grid.files).any(|f| board.piece_at(r, grid.square(f, rank)) == code(r.king, side));
            why = Some(if !has_king {
                format!("no {who} {king} on Rank {}", rank + 1)
            } else {
                let rook = kind_name(r, rook);
                match l.to_ascii_lowercase() {
                    'k' | 'q' => format!("no {who} {rook} on that side of its {king} on Rank {}", rank + 1),
                    f => format!("no {who} {rook} on {f}{}", rank + 1),
                }
            });
        }
        return Err(why.unwrap_or_else(|| format!("no row of Castling is {who}'s")));
    }
    let rows: Vec<_> = r.castlings.iter().filter(|c| c.fen == Some(l)).collect();
    if rows.is_empty() {
        return Err("no row of Castling is named by it".to_string());
    }
    let mut why = String::new();
    for c in rows {
        if board.piece_at(r, c.king_from) != code(r.king, side) {
            why = format!("no {who} {king} on {}", grid.name(c.king_from));
            continue;
        }
        let rook = board.piece_at(r, c.rook_from);
        let is_rook = match c.rook_kind {
            Some(k) => rook == code(k, side),
            None => rook != EMPTY && side_of(rook) == side,
        };
        if !is_rook {
            let name = c.rook_kind.map_or("Piece", |k| kind_name(r, k));
            why = format!("no {who} {name} on {}", grid.name(c.rook_from));
            continue;
        }
        return Ok(());
    }
    Err(why)
}

/// Whether a double step made the en passant Square `ep`, or why not: the
/// side not to move made it, from its Pawn Rank over `ep`; its Pawn stands
/// one step beyond, and `ep` and the Square the Pawn left are empty.
fn en_passant<S: SquareSet>(r: &Rules<S>, board: &Board<S>, ep: u8) -> Result<(), String> {
    let grid = r.grid;
    let Some(pawn) = r.pawn else { return Err("this game has no Pawn".to_string()) };
    let name = kind_name(r, pawn);
    let doubles = r.dirs.iter().any(|d| d.kind == pawn && d.can_move && d.file_step == 0 && d.first_steps >= 2);
    if !doubles {
        return Err(format!("no {name} of this game takes a double step"));
    }
    let mover = 1 - board.side;
    let (who, sd) = (side_name(r, mover), r.sides[usize::from(mover)]);
    let (file, rank) = (grid.file_of(ep), i32::from(grid.rank_of(ep)) + 1);
    let passed = sd.pawn_rank + sd.forward;
    if rank != passed {
        return Err(format!("a {who} {name}'s double step passes over Rank {passed}, not Rank {rank}"));
    }
    let on = |rank: i32| (1..=i32::from(grid.ranks)).contains(&rank).then(|| grid.square(file, (rank - 1) as u8));
    let (Some(landed), Some(left)) = (on(rank + sd.forward), on(rank - sd.forward)) else {
        return Err(format!("a {who} {name}'s double step over it would leave the Board"));
    };
    if board.piece_at(r, landed) != code(pawn, mover) {
        return Err(format!("no {who} {name} on {}, where a double step over it ends", grid.name(landed)));
    }
    if board.piece_at(r, ep) != EMPTY {
        return Err(format!("{} is not empty", grid.name(ep)));
    }
    if board.piece_at(r, left) != EMPTY {
        return Err(format!("{}, where the double step began, is not empty", grid.name(left)));
    }
    Ok(())
}
