//! The piece codes the engine's board holds in each cell, told once: empty,
//! or a Kind of a Side ([`code`]), and how many codes a game's Kinds make
//! ([`codes`]). The board, the rules' Zobrist keys and the evaluation's
//! tables are all indexed by them.

/// An empty cell.
pub const EMPTY: u8 = 0;

/// A piece code: 1 + kind * 2 + side.
#[inline]
pub fn code(kind: u8, side: u8) -> u8 {
    1 + kind * 2 + side
}

/// The Kind of a piece code (not empty).
#[inline]
pub fn kind_of(code: u8) -> u8 {
    (code - 1) / 2
}

/// The Side of a piece code (not empty).
#[inline]
pub fn side_of(code: u8) -> u8 {
    (code - 1) % 2
}

/// The most piece codes a cell may hold: 2 Sides for each Kind, plus empty.
pub fn codes(kinds: usize) -> usize {
    kinds * 2 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_gives_back_its_kind_and_side() {
        for kind in 0..60u8 {
            for side in 0..2u8 {
                let c = code(kind, side);
                assert!(c != EMPTY && usize::from(c) < codes(usize::from(kind) + 1));
                assert_eq!((kind_of(c), side_of(c)), (kind, side));
            }
        }
    }
}
