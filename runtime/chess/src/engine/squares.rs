//! The engine's sets of Squares: an unsigned integer's bits, one a Square
//! (a1 the lowest, as the Board's [`Grid`] numbers them). A Board of 64
//! Squares or fewer (chess's) is played on `u64`s, one of up to 128 (12 by
//! 10) on `u128`s: the board, the rules and the search are generic over
//! [`SquareSet`], and the engine chooses one when a game starts
//! ([`super::AnyRules`]), so that chess keeps the code it had on `u64`s.
//!
//! [`Grid`]: crate::facts::Grid

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Index, IndexMut, Not};

/// What an element of a [`SquareSet::PerSquare`] array is: a cell's piece
/// code, a set of Squares, a set of Kinds.
pub trait Element: Copy + Debug + Send + Sync + 'static {}
impl<T: Copy + Debug + Send + Sync + 'static> Element for T {}

/// A set of Squares, a bit each.
pub trait SquareSet:
    Element + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> + BitAndAssign + BitOrAssign
{
    /// How many Squares a set holds: the most Squares of a Board played on it.
    const SQUARES: usize;
    /// No Square.
    const NONE: Self;
    /// Every Square a set can hold.
    const ALL: Self;

    /// One value for each Square a set can hold (a board's cells, a ray from
    /// each Square), indexed by [`SquareSet::index`]: an array the compiler
    /// knows the length of, so that no index into it is checked.
    type PerSquare<T: Element>: Element + Index<usize, Output = T> + IndexMut<usize>;

    /// A [`SquareSet::PerSquare`] of `value` on every Square.
    fn per_square<T: Element>(value: T) -> Self::PerSquare<T>;

    /// A Square as an index into a [`SquareSet::PerSquare`]: itself (the
    /// Squares of a set are below [`SquareSet::SQUARES`], a power of two).
    #[inline]
    fn index(sq: usize) -> usize {
        sq & (Self::SQUARES - 1)
    }

    /// The set of one Square.
    fn bit(sq: usize) -> Self;
    /// The Squares below `sq` (`sq` below [`SquareSet::SQUARES`]).
    fn below(sq: u32) -> Self;
    /// The Squares up to `sq`, `sq` too (`sq` below [`SquareSet::SQUARES`]).
    fn through(sq: u32) -> Self;
    /// The lowest Square of a set that is not empty.
    fn lowest(self) -> u32;
    /// The highest Square of a set that is not empty.
    fn highest(self) -> u32;
    /// The set without its lowest Square.
    fn without_lowest(self) -> Self;
    /// How many Squares the set holds.
    fn count(self) -> u32;

    /// Whether the set holds no Square.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::NONE
    }

    /// Whether the set holds the Square.
    #[inline]
    fn has(self, sq: usize) -> bool {
        !(self & Self::bit(sq)).is_empty()
    }
}

macro_rules! square_set {
    ($bits:ty, $squares:literal) => {
        impl SquareSet for $bits {
            const SQUARES: usize = $squares;
            const NONE: Self = 0;
            const ALL: Self = <$bits>::MAX;
            type PerSquare<T: Element> = [T; $squares];

            #[inline]
            fn per_square<T: Element>(value: T) -> [T; $squares] {
                [value; $squares]
            }
            #[inline]
            fn bit(sq: usize) -> Self {
                1 << (sq & ($squares - 1))
            }
            #[inline]
            fn below(sq: u32) -> Self {
                Self::bit(sq as usize).wrapping_sub(1)
            }
            #[inline]
            fn through(sq: u32) -> Self {
                <$bits>::MAX >> (($squares - 1) - (sq & ($squares - 1)))
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn highest(self) -> u32 {
                ($squares - 1) - self.leading_zeros()
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

square_set!(u64, 64);
square_set!(u128, 128);

/// The Squares of a set, lowest first.
pub fn squares<S: SquareSet>(mut set: S) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (!set.is_empty()).then(|| {
            let sq = set.lowest() as u8;
            set = set.without_lowest();
            sq
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn each<S: SquareSet>() {
        let last = S::SQUARES as u32 - 1;
        assert!(S::bit(0).has(0) && !S::bit(0).has(1));
        assert_eq!(S::below(0), S::NONE);
        assert_eq!(S::through(last), S::ALL);
        assert_eq!(S::below(5) | S::bit(5), S::through(5));
        assert_eq!(S::bit(last as usize).highest(), last);
        assert_eq!((S::bit(3) | S::bit(last as usize)).lowest(), 3);
        assert_eq!((S::bit(3) | S::bit(7)).without_lowest(), S::bit(7));
        assert_eq!(S::ALL.count(), S::SQUARES as u32);
        assert_eq!(squares(S::bit(2) | S::bit(last as usize)).collect::<Vec<_>>(), [2, last as u8]);
        assert_eq!(S::index(S::SQUARES + 3), 3);
    }

    #[test]
    fn both_square_sets_hold_their_squares() {
        each::<u64>();
        each::<u128>();
    }
}
