//! Promotion zones (issue 34, item 4): the **Promotion Zones** table of a
//! game that promotes on more than one Rank (Grand Chess), read once at
//! load. Each row is a range of Ranks (`fromRank` to `toRank`) where a Kind
//! (`kind`) of a Side (`side`) is promoted when it moves there: `forced`
//! (it must be, and a Move that cannot be is no Move) or not (it may stay
//! as it is), and `capturedOnly` (only to a Kind of which its Side has
//! fewer on the Board than the Promotions table's `limit` for that place,
//! Fairy-Stockfish's `promotionLimit`: a Kind that has been captured).
//!
//! A game without the table promotes as chess does: on its Side's
//! `promotionRank` of Sides, forced, to every Kind the Promotion choice
//! offers. The chess library's legal moves follow this table (so `check`
//! and the Stockfish Bridge compare an engine with it); the built-in engine
//! plays chess's promotion only and refuses a game that has the table.

use crate::facts::{Facts, Tables};
use cardtable_runtime::ids::TableId;
use cardtable_runtime::library::Lack;

/// The table's name.
pub const TABLE: &str = "Promotion Zones";

/// One row of Promotion Zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The Side, by [`Facts::sides`]' index (0: FEN's White).
    pub side: usize,
    /// The Kind promoted there (its row of Kinds).
    pub kind: u8,
    /// Its Ranks, 1 up, both ends in.
    pub from_rank: usize,
    pub to_rank: usize,
    pub forced: bool,
    pub captured_only: bool,
}

/// A game's promotion zones and each Side's limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Zones {
    pub zones: Vec<Zone>,
    /// For each Side ([`Facts::sides`]' order): (Kind, limit) of each row
    /// of Promotions whose `limit` is above 0.
    pub limits: [Vec<(u8, usize)>; 2],
}

impl Zones {
    /// The game's zones, None when it has no Promotion Zones table. A row
    /// whose Side or Kind is not one, or whose Ranks are none of the
    /// Board's, is a lack at its cell.
    pub fn read(tables: &Tables, facts: &Facts) -> Result<Option<Zones>, Lack> {
        let Some(t) = tables.optional(TABLE) else { return Ok(None) };
        let [side, kind, from, to, forced, captured] =
            ["side", "kind", "fromRank", "toRank", "forced", "capturedOnly"].map(|c| tables.column(t, c));
        let (side, kind, from, to, forced, captured) = (side?, kind?, from?, to?, forced?, captured?);
        let ranks = usize::from(facts.grid.ranks);
        let mut zones = Vec::new();
        for r in 0..tables.def(t).rows.len() {
            let side_name = tables.text(t, r, side);
            let Some(side_index) = facts.sides.iter().position(|s| s == side_name) else {
                let why = format!("the Promotion Zones row `{}` names no Side (`{side_name}`)", tables.row_name(t, r));
                return Err(tables.lack_at(t, Some(r), Some(side), why));
            };
            let kind_name = tables.text(t, r, kind);
            let Some(kind_index) = facts.kind_named(kind_name) else {
                let why = format!("the Promotion Zones row `{}` names no Kind (`{kind_name}`)", tables.row_name(t, r));
                return Err(tables.lack_at(t, Some(r), Some(kind), why));
            };
            let (a, b) = (tables.num(t, r, from), tables.num(t, r, to));
            for (col, n) in [(from, a), (to, b)] {
                if n < 1.0 || n > ranks as f64 || n.fract() != 0.0 {
                    return Err(tables.lack_at(t, Some(r), Some(col), off_board(tables.row_name(t, r), n, ranks)));
                }
            }
            zones.push(Zone {
                side: side_index,
                kind: kind_index,
                from_rank: a as usize,
                to_rank: b as usize,
                forced: tables.yes(t, r, forced),
                captured_only: tables.yes(t, r, captured),
            });
        }
        let mut limits: [Vec<(u8, usize)>; 2] = [Vec::new(), Vec::new()];
        if let Some(p) = tables.optional("Promotions") {
            if let Some(limit) = tables.optional_column(p, "limit") {
                for (s, name) in facts.sides.iter().enumerate() {
                    let Some(col) = tables.optional_column(p, name) else { continue };
                    for r in 0..tables.def(p).rows.len() {
                        let n = tables.num(p, r, limit);
                        if let (Some(k), true) = (facts.kind_named(tables.text(p, r, col)), n >= 1.0) {
                            limits[s].push((k, n as usize));
                        }
                    }
                }
            }
        }
        Ok(Some(Zones { zones, limits }))
    }

    /// The zone a Piece of Kind `kind` of Side `side` enters by moving to
    /// Rank `rank` (1 up), the first row that holds it.
    pub fn zone(&self, side: usize, kind: u8, rank: usize) -> Option<&Zone> {
        self.zones.iter().find(|z| z.side == side && z.kind == kind && (z.from_rank..=z.to_rank).contains(&rank))
    }

    /// Whether a Piece of Side `side` promoted in `zone` may become `kind`,
    /// its Side having `count` of that Kind on the Board.
    pub fn allows(&self, zone: &Zone, kind: u8, count: usize) -> bool {
        if !zone.captured_only {
            return true;
        }
        match self.limits[zone.side].iter().find(|(k, _)| *k == kind) {
            Some(&(_, limit)) => count < limit,
            None => true,
        }
    }
}

/// The words of a zone's Rank off the Board.
pub fn off_board(row: &str, rank: f64, ranks: usize) -> String {
    format!(
        "the Promotion Zones row `{row}` has a Rank {rank}, off the Board, whose Ranks are 1 to {ranks} (Board Size)"
    )
}

/// The table, if the game has one (the engine's question).
pub fn table(tables: &Tables) -> Option<TableId> {
    tables.optional(TABLE)
}
