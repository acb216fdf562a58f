//! `playout SEED [PLIES]`: a game played on from the position by random
//! moves, each drawn by the World's generator seeded with SEED, until the
//! game is over or PLIES moves are made.

use super::Player;
use crate::value::Sym;
use crate::world::{Random, World};

/// The most moves a playout makes.
pub const PLAYOUT_PLIES: u32 = 10_000;

/// What a playout did.
pub struct Playout {
    /// The moves made, in order.
    pub moves: Vec<Sym>,
    /// The result the game's `result:` Global holds at the end, if any.
    pub result: Option<Sym>,
    /// Whether the game is over: a result, or no move left.
    pub over: bool,
}

/// Plays random moves on `world` (the World's generator seeded with `seed`,
/// as the cards' `random(n)` draws) until the game is over or `plies` moves
/// are made.
pub fn playout(player: &mut Player, world: &mut World, seed: u64, plies: u32) -> Result<Playout, String> {
    world.random = Random::seeded(seed);
    let mut made = Vec::new();
    let mut moves = Vec::new();
    let mut over = false;
    for _ in 0..plies {
        if player.result(world).is_some() {
            over = true;
            break;
        }
        player.moves(world, &mut moves)?;
        if moves.is_empty() {
            over = true;
            break;
        }
        let m = moves[world.random.below(moves.len() as u64) as usize];
        made.push(m);
        player.make(world, m)?;
    }
    if !over {
        over = player.result(world).is_some();
    }
    Ok(Playout { moves: made, result: player.result(world), over })
}
