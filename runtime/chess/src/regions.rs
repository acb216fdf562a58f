//! Regions (issue 36, item 1): the **Regions** table names sets of Squares (a
//! rectangle of Files and Ranks a row, each Side's own where `eachSide`), the
//! **Confinement** table keeps a Kind inside one, and the **Direction
//! Regions** table lets a Direction be followed only from inside one or only
//! from outside it. The cards follow them (Follow Jumping Direction, Drop
//! Move If Unsafe, Look For Check, Find Pin Along, the arrows, through Is In
//! Region, Direction Applies, Region Allows and Is Square Attacked In
//! Regions), and so do the chess library's legal moves, which are the cards'.
//! The **Royal Lines** table declares the flying general (two royal Pieces
//! may not face each other on such a line with no Piece between: Drop Move If
//! Unsafe, Are Royals Facing). The built-in engine knows none of these: a
//! game that uses one ([`engine_refusal`]) is refused by it, so `check` says
//! it is not checked and the Computer is the Variant Engine's or the search
//! over the cards. [`misfits`] are the table's mistakes, each at its cell.

use crate::facts::{Facts, Tables};
use cardtable_runtime::library::Lack;

/// The tables' names.
pub const REGIONS: &str = "Regions";
pub const CONFINEMENT: &str = "Confinement";
pub const DIRECTION_REGIONS: &str = "Direction Regions";
pub const ROYAL_LINES: &str = "Royal Lines";

/// Why the built-in engine cannot play the game: a Kind confined to a
/// region, a Direction followed only from some Squares, or a Royal Line
/// (the flying general: two royal Pieces may not face each other on it);
/// None when the game uses none (the tables empty or absent).
pub fn engine_refusal(tables: &Tables) -> Option<String> {
    for (name, what) in [
        (CONFINEMENT, "a Kind confined to a region"),
        (DIRECTION_REGIONS, "a Direction followed only from inside or outside a region"),
        (ROYAL_LINES, "a line on which two royal Pieces may not face each other"),
    ] {
        let Some(t) = tables.optional(name) else { continue };
        if !tables.def(t).rows.is_empty() {
            return Some(format!(
                "the built-in engine knows no regions nor Royal Lines; this game has {what} (the {name} table's row `{}`)",
                tables.row_name(t, 0)
            ));
        }
    }
    None
}

/// Each row of Regions whose Files or Ranks are off the Board (at the
/// cell), or run backwards (`fromFile` above `toFile`, at `toFile`; the
/// same for Ranks).
pub fn misfits(tables: &Tables, facts: &Facts, found: &mut Vec<Lack>) {
    let Some(t) = tables.optional(REGIONS) else { return };
    let cols = ["fromFile", "toFile", "fromRank", "toRank"].map(|c| tables.optional_column(t, c));
    let [Some(from_file), Some(to_file), Some(from_rank), Some(to_rank)] = cols else { return };
    let (files, ranks) = (usize::from(facts.grid.files), usize::from(facts.grid.ranks));
    for r in 0..tables.def(t).rows.len() {
        let name = tables.row_name(t, r);
        for (from, to, count, what) in [(from_file, to_file, files, "File"), (from_rank, to_rank, ranks, "Rank")] {
            let mut on_board = true;
            for col in [from, to] {
                let n = tables.num(t, r, col);
                if !(1.0..=count as f64).contains(&n) || n.fract() != 0.0 {
                    let why = format!(
                        "the Regions row `{name}` has a {what} {n}, off the Board, whose {what}s are 1 to {count} (Board Size)"
                    );
                    found.push(tables.lack_at(t, Some(r), Some(col), why));
                    on_board = false;
                }
            }
            let (a, b) = (tables.num(t, r, from), tables.num(t, r, to));
            if on_board && a > b {
                let why = format!(
                    "the Regions row `{name}` runs from {what} {a} to {what} {b}: no Square (from{what} must not be above to{what})"
                );
                found.push(tables.lack_at(t, Some(r), Some(to), why));
            }
        }
    }
}

/// Each row of Royal Lines of 0 Files and 0 Ranks (a line that goes
/// nowhere), at its `fileStep`.
pub fn line_misfits(tables: &Tables, found: &mut Vec<Lack>) {
    let Some(t) = tables.optional(ROYAL_LINES) else { return };
    let (Some(file), Some(rank)) = (tables.optional_column(t, "fileStep"), tables.optional_column(t, "rankStep"))
    else {
        return;
    };
    for r in 0..tables.def(t).rows.len() {
        if tables.num(t, r, file) == 0.0 && tables.num(t, r, rank) == 0.0 {
            let why = format!(
                "the Royal Line `{}` steps 0 Files and 0 Ranks: it is no line (a line moves at least one File or one Rank)",
                tables.row_name(t, r)
            );
            found.push(tables.lack_at(t, Some(r), Some(file), why));
        }
    }
}
