//! `perft N`: the leaf positions N moves deep, each move listed by the
//! game's `play: moves` and made by its `play: move`, every position taken
//! back ([`Snapshot`]). It counts the tree the moves Function lists (as
//! perft does for every game): a game whose moves end with its result lists
//! none once it is over.

use super::{Player, Snapshot};
use crate::value::Sym;
use crate::world::World;

/// The deepest `perft` counts.
pub const PERFT_DEPTH: u32 = 12;
/// The most leaf positions `perft` counts: past them it stops, so that no
/// command runs for hours through the cards.
pub const PERFT_LEAVES: u64 = 1_000_000;

/// Why a count stopped.
#[derive(Debug)]
pub enum PerftStop {
    /// Past the leaves it was given.
    TooMany,
    /// A fault of the cards, in words.
    Fault(String),
}

/// Counts the leaf positions `depth` moves deep from `world`'s position,
/// at most `most` of them; the World is left as it was (but the moves
/// table, which lists the first position's moves).
pub fn perft(player: &mut Player, world: &mut World, depth: u32, most: u64) -> Result<u64, PerftStop> {
    let mut scratch = Scratch { lists: Vec::new(), snapshots: Vec::new(), left: most };
    scratch.count(player, world, depth, 0)
}

/// One buffer of moves and one snapshot per ply, reused through the count.
struct Scratch {
    lists: Vec<Vec<Sym>>,
    snapshots: Vec<Snapshot>,
    left: u64,
}

impl Scratch {
    fn count(&mut self, player: &mut Player, world: &mut World, depth: u32, ply: usize) -> Result<u64, PerftStop> {
        if self.lists.len() <= ply {
            self.lists.push(Vec::new());
            self.snapshots.push(Snapshot::default());
        }
        if depth == 0 {
            self.left = self.left.checked_sub(1).ok_or(PerftStop::TooMany)?;
            return Ok(1);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let listed = player.moves(world, &mut moves).map_err(PerftStop::Fault);
        let result = listed.and_then(|()| self.below(player, world, depth, ply, &moves));
        self.lists[ply] = moves;
        result
    }

    fn below(
        &mut self,
        player: &mut Player,
        world: &mut World,
        depth: u32,
        ply: usize,
        moves: &[Sym],
    ) -> Result<u64, PerftStop> {
        if depth == 1 {
            let n = moves.len() as u64;
            self.left = self.left.checked_sub(n).ok_or(PerftStop::TooMany)?;
            return Ok(n);
        }
        self.snapshots[ply].take(world);
        let mut total = 0;
        for &m in moves {
            player.make(world, m).map_err(PerftStop::Fault)?;
            total += self.count(player, world, depth - 1, ply + 1)?;
            self.snapshots[ply].restore(world);
        }
        Ok(total)
    }
}
