//! What the search counts a Piece worth on a Square, read once when a game
//! starts ([`PieceSquares`]): its Kind's `value`, a little more for a Piece
//! near the Board's centre and for a Pawn gone forward, by the Board's own
//! size (on chess's Board, 0 to 18 centipawns for a Piece's nearness to the
//! centre; 6 for each Rank a Pawn has gone, and up to 5 for a central File).

use super::piece::{code, codes};
use crate::facts::Grid;

/// The worth of each piece code on each Square, in centipawns for its Side.
#[derive(Clone, Debug)]
pub struct PieceSquares {
    /// `values[code * squares + square]` (the empty code's row is 0).
    values: Vec<i32>,
    squares: usize,
}

impl PieceSquares {
    /// Each Kind's value; a Pawn (the Kind with the Pawn's powers) 6 more
    /// for each Rank it stands ahead of its Side's Pawn Rank, and more near
    /// the Board's middle Files (6 less the distance from the middle, in
    /// half Files); another Kind but the King 3 more for each step of its
    /// nearness to the centre (0 in a corner, half the Files and Ranks
    /// from it less the distance to the centre, in half steps).
    ///
    /// `kind_values`: each Kind's `value`; `pawn_ranks`: each Side's Pawn
    /// Rank (from 1) and its forward step along the Ranks (1 or -1).
    pub fn new(
        kind_values: &[i32],
        king: u8,
        pawn: Option<u8>,
        pawn_ranks: [(i32, i32); 2],
        grid: Grid,
    ) -> PieceSquares {
        let squares = grid.squares();
        let mut values = vec![0; codes(kind_values.len()) * squares];
        let (last_file, last_rank) = (i32::from(grid.files) - 1, i32::from(grid.ranks) - 1);
        for (kind, &value) in kind_values.iter().enumerate() {
            let kind = kind as u8;
            for (side, &(pawn_rank, forward)) in pawn_ranks.iter().enumerate() {
                let code = usize::from(code(kind, side as u8));
                for sq in 0..squares {
                    let (file, rank) = (i32::from(grid.file_of(sq as u8)), i32::from(grid.rank_of(sq as u8)));
                    let mut v = value;
                    if Some(kind) == pawn {
                        let start = pawn_rank - 1;
                        v += (rank - start) * forward * 6;
                        v += 6 - (2 * file - last_file).abs();
                    } else if kind != king {
                        let centre = (last_file + last_rank) / 2
                            - ((2 * file - last_file).abs() + (2 * rank - last_rank).abs()) / 2;
                        v += centre * 3;
                    }
                    values[code * squares + sq] = v;
                }
            }
        }
        PieceSquares { values, squares }
    }

    /// What a piece code (not empty) is worth on a Square.
    #[inline]
    pub fn value(&self, code: u8, sq: usize) -> i32 {
        self.values.get(usize::from(code) * self.squares + sq).copied().unwrap_or(0)
    }
}
