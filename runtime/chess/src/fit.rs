//! Whether a game's tables fit its Board (the Board Size table's): the
//! misfits a chess game's tables can have that load as tables but cannot
//! be played as the author meant, each at its cell, all at once. A copy of
//! the chess game made 10 by 10 that keeps chess's 8 by 8 numbers plays a
//! different game than it says; these are refused at load
//! ([`cardtable_runtime::library::Library::misfits`]):
//!
//! - a Direction whose `steps` (or `firstMoveSteps`) cross an 8 by 8 Board
//!   but not this one: a slider left at 7 on a 10-wide Board (a rider kept
//!   short on purpose, 2 steps, fits any Board);
//! - a Side's `pawnRank` on which none of its Pawns stands in the Position
//!   while some stand behind it, where none could come from it going
//!   forward (a Pawn: a Kind with a Direction whose `firstMoveSteps` differ
//!   from its `steps`, the Kinds that read the Pawn Rank); a Position of a
//!   game already under way, its Pawns ahead of their Rank, fits;
//! - a Side's `promotionRank` off the Board;
//! - a row of Promotion Zones whose `fromRank` or `toRank` is off the
//!   Board, or whose `fromRank` is above its `toRank` (a zone of no Rank);
//! - a row of Regions whose Files or Ranks are off the Board, or run
//!   backwards ([`crate::regions::misfits`]), and a Royal Line of 0 Files
//!   and 0 Ranks;
//! - a Kind with Pieces in the Position but no row of Directions;
//! - a Direction of 0 Files and 0 Ranks.
//!
//! Every fact is read by the tables' columns and roles, never by a Kind's
//! or a Side's name. The mistakes name no library: each chess library that
//! reads these tables finds the same, and the loader tells each once.

use crate::facts::{Facts, Grid, Tables};
use cardtable_runtime::game::Game;
use cardtable_runtime::ids::{ColumnId, TableId};
use cardtable_runtime::library::Lack;

/// Every misfit of the game's tables to its Board, each at its cell; none
/// when the tables the chess libraries read are not all there (their
/// resolution says what is missing).
pub fn misfits(game: &Game) -> Vec<Lack> {
    let tables = Tables::new(game, "chess");
    let Ok(facts) = Facts::read(game, "chess") else { return Vec::new() };
    let mut found = Vec::new();
    let directions = Directions::read(&tables, &facts);
    if let Some(dirs) = &directions {
        dirs.misfits(&tables, facts.grid, &mut found);
    }
    let pieces = Pieces::read(&tables, &facts);
    if let (Some(dirs), Some(pieces)) = (&directions, &pieces) {
        kinds_without_direction(&tables, &facts, dirs, pieces, &mut found);
    }
    sides_off_the_board(&tables, &facts, directions.as_ref(), pieces.as_ref(), &mut found);
    zones_off_the_board(&tables, &facts, &mut found);
    crate::regions::misfits(&tables, &facts, &mut found);
    crate::regions::line_misfits(&tables, &mut found);
    found
}

/// Each row of Promotion Zones ([`crate::zones`]) whose `fromRank` or
/// `toRank` is off the Board, at its cell, or whose `fromRank` is above its
/// `toRank`, at its `toRank`.
fn zones_off_the_board(tables: &Tables, facts: &Facts, found: &mut Vec<Lack>) {
    let Some(t) = crate::zones::table(tables) else { return };
    let (Some(from), Some(to)) = (tables.optional_column(t, "fromRank"), tables.optional_column(t, "toRank")) else {
        return;
    };
    let ranks = usize::from(facts.grid.ranks);
    for r in 0..tables.def(t).rows.len() {
        let name = tables.row_name(t, r);
        let mut on_board = true;
        for col in [from, to] {
            let rank = tables.num(t, r, col);
            if !(1.0..=ranks as f64).contains(&rank) || rank.fract() != 0.0 {
                found.push(tables.lack_at(t, Some(r), Some(col), crate::zones::off_board(name, rank, ranks)));
                on_board = false;
            }
        }
        let (a, b) = (tables.num(t, r, from), tables.num(t, r, to));
        if on_board && a > b {
            let why = format!(
                "the Promotion Zones row `{name}` runs from Rank {a} to Rank {b}: no Rank (fromRank must not be above toRank)"
            );
            found.push(tables.lack_at(t, Some(r), Some(to), why));
        }
    }
}

/// The most steps a Direction of one step (`file`, `rank`) can take on a
/// Board before it leaves it, from the best Square to start from: 7 for a
/// Rook's step on chess's Board, 3 for a Knight's leap of 1 and 2; 0 for a
/// step that never lands on the Board (none: it stays on its Square).
fn crossing(grid: Grid, file: i64, rank: i64) -> i64 {
    let along = |step: i64, count: u8| (step != 0).then(|| (i64::from(count) - 1) / step.abs());
    match (along(file, grid.files), along(rank, grid.ranks)) {
        (Some(f), Some(r)) => f.min(r),
        (Some(n), None) | (None, Some(n)) => n,
        (None, None) => 0,
    }
}

/// The Directions table as the misfits read it.
struct Directions {
    table: TableId,
    kind: ColumnId,
    /// Each row: its Kind (a row of Kinds, if it names one) and its step.
    rows: Vec<(Option<u8>, f64, f64)>,
    file_step: ColumnId,
    steps: [Option<ColumnId>; 2],
}

impl Directions {
    fn read(tables: &Tables, facts: &Facts) -> Option<Directions> {
        let table = tables.optional("Directions")?;
        let col = |name| tables.optional_column(table, name);
        let (kind, file_step, rank_step) = (col("kind")?, col("fileStep")?, col("rankStep")?);
        let rows = (0..tables.def(table).rows.len())
            .map(|r| {
                let kind = facts.kind_named(tables.text(table, r, kind));
                (kind, tables.num(table, r, file_step), tables.num(table, r, rank_step))
            })
            .collect();
        Some(Directions { table, kind, rows, file_step, steps: [col("steps"), col("firstMoveSteps")] })
    }

    /// A Direction of no step, and a count of steps that crosses chess's
    /// Board but not this one (one misfit a row: `steps` first).
    fn misfits(&self, tables: &Tables, grid: Grid, found: &mut Vec<Lack>) {
        let t = self.table;
        for (r, &(_, file, rank)) in self.rows.iter().enumerate() {
            let name = tables.row_name(t, r);
            if file == 0.0 && rank == 0.0 {
                let why = format!(
                    "the Direction `{name}` steps 0 Files and 0 Ranks: it never leaves its Square (a Direction moves \
                     at least one File or one Rank)"
                );
                found.push(tables.lack_at(t, Some(r), Some(self.file_step), why));
                continue;
            }
            if file.fract() != 0.0 || rank.fract() != 0.0 || !file.is_finite() || !rank.is_finite() {
                continue;
            }
            let (file, rank) = (file as i64, rank as i64);
            let (chess, here) = (crossing(Grid::CHESS, file, rank), crossing(grid, file, rank));
            let short = self.steps.iter().flatten().find_map(|&col| {
                let steps = tables.num(t, r, col);
                (chess > 0 && steps >= chess as f64 && steps < here as f64).then_some((col, steps))
            });
            if let Some((col, steps)) = short {
                let column = &tables.def(t).columns[col.index()].name;
                let why = format!(
                    "the Direction `{name}` has {column} {steps}, enough to cross an 8 by 8 Board but not this one \
                     ({} Files by {} Ranks, Board Size), which takes {here} (a rider short on purpose has fewer than \
                     {chess})",
                    grid.files, grid.ranks
                );
                found.push(tables.lack_at(t, Some(r), Some(col), why));
            }
        }
    }

    /// Whether a Kind (its row of Kinds) reads its Side's Pawn Rank: one of
    /// its Directions takes another count of steps from there.
    fn reads_pawn_rank(&self, tables: &Tables, kind: u8) -> bool {
        let [Some(steps), Some(first)] = self.steps else { return false };
        (self.rows.iter().enumerate())
            .any(|(r, row)| row.0 == Some(kind) && tables.num(self.table, r, steps) != tables.num(self.table, r, first))
    }
}

/// The Pieces of the Position as the content starts: for each, its
/// Position row, its Kind (a row of Kinds) and its Side's row of Sides.
struct Pieces {
    table: TableId,
    pieces: Vec<(usize, u8, usize)>,
}

impl Pieces {
    fn read(tables: &Tables, facts: &Facts) -> Option<Pieces> {
        let table = tables.optional("Position")?;
        let (kind, side) = (tables.optional_column(table, "kind")?, tables.optional_column(table, "side")?);
        // A Position of another count of rows is the load's own mistake.
        let rows = tables.def(table).rows.len();
        if rows != facts.grid.squares() {
            return None;
        }
        let sides = tables.optional("Sides")?;
        let side_row = |name: &str| (0..tables.def(sides).rows.len()).find(|&r| tables.row_name(sides, r) == name);
        let pieces = (0..rows)
            .filter_map(|r| {
                let k = facts.kind_named(tables.text(table, r, kind))?;
                Some((r, k, side_row(tables.text(table, r, side))?))
            })
            .collect();
        Some(Pieces { table, pieces })
    }
}

/// A Kind with Pieces in the Position and no row of Directions: its Pieces
/// could never move.
fn kinds_without_direction(tables: &Tables, facts: &Facts, dirs: &Directions, pieces: &Pieces, found: &mut Vec<Lack>) {
    let Ok(kinds) = tables.table("Kinds") else { return };
    for (k, kind) in facts.kinds.iter().enumerate() {
        let k = k as u8;
        let Some(&(at, _, _)) = pieces.pieces.iter().find(|p| p.1 == k) else { continue };
        if dirs.rows.iter().any(|d| d.0 == Some(k)) {
            continue;
        }
        let why = format!(
            "the Kind `{}` has Pieces in the Position (on {}) but no row of Directions (its `{}` column): they could \
             never move",
            kind.name,
            tables.row_name(pieces.table, at),
            tables.def(dirs.table).columns[dirs.kind.index()].name,
        );
        found.push(tables.lack_at(kinds, Some(k as usize), None, why));
    }
}

/// A Side's promotionRank off the Board, and a pawnRank on which none of
/// its Pawns (Pieces of a Kind that reads the Pawn Rank) stands while some
/// stand behind it (its `forward` the other way).
fn sides_off_the_board(
    tables: &Tables,
    facts: &Facts,
    dirs: Option<&Directions>,
    pieces: Option<&Pieces>,
    found: &mut Vec<Lack>,
) {
    let Some(t) = tables.optional("Sides") else { return };
    let grid = facts.grid;
    let ranks = f64::from(grid.ranks);
    for r in 0..tables.def(t).rows.len() {
        let name = tables.row_name(t, r);
        if let Some(col) = tables.optional_column(t, "promotionRank") {
            let rank = tables.num(t, r, col);
            if !(1.0..=ranks).contains(&rank) {
                let why = format!(
                    "the Side `{name}` has promotionRank {rank}, off the Board, whose Ranks are 1 to {} (Board Size)",
                    grid.ranks
                );
                found.push(tables.lack_at(t, Some(r), Some(col), why));
            }
        }
        let (Some(col), Some(dirs), Some(pieces)) = (tables.optional_column(t, "pawnRank"), dirs, pieces) else {
            continue;
        };
        let pawns: Vec<usize> = (pieces.pieces.iter())
            .filter(|&&(_, kind, side)| side == r && dirs.reads_pawn_rank(tables, kind))
            .map(|&(at, _, _)| usize::from(grid.rank_of(at as u8)) + 1)
            .collect();
        let rank = tables.num(t, r, col);
        // Forward from the Pawn Rank (Sides' `forward`, 1 when the table has none).
        let forward = tables.optional_column(t, "forward").map_or(1.0, |c| tables.num(t, r, c));
        let behind: Vec<usize> = pawns.iter().copied().filter(|&p| (p as f64 - rank) * forward < 0.0).collect();
        if behind.is_empty() || pawns.iter().any(|&p| p as f64 == rank) {
            continue;
        }
        let mut on = behind;
        on.sort_unstable();
        on.dedup();
        let on: Vec<String> = on.iter().map(usize::to_string).collect();
        let why = format!(
            "the Side `{name}` has pawnRank {rank}, but none of its Pawns (Pieces whose Directions take other \
             firstMoveSteps there) stands on Rank {rank} in the Position, and some stand behind it, where none \
             could come from it: on Rank {}",
            on.join(", ")
        );
        found.push(tables.lack_at(t, Some(r), Some(col), why));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_crosses_the_board_in_as_many_steps_as_its_longest_line_holds() {
        let ten = Grid { files: 10, ranks: 10 };
        assert_eq!(crossing(Grid::CHESS, 1, 0), 7);
        assert_eq!(crossing(ten, 1, 0), 9);
        assert_eq!(crossing(ten, -1, 1), 9);
        assert_eq!(crossing(Grid::CHESS, 1, 2), 3);
        assert_eq!(crossing(ten, 1, 2), 4);
        assert_eq!(crossing(Grid { files: 10, ranks: 8 }, 0, 1), 7);
        assert_eq!(crossing(Grid::CHESS, 9, 0), 0);
    }
}
