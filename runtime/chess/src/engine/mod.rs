//! The built-in chess engine, a code library (`libraries: [chess, engine]`):
//! its own board and move generator, built from the content's Kinds,
//! Directions, Sides and Castling when a game starts ([`Rules`]), so that a
//! Kind invented in the content (a rider, a leaper) is generated and searched
//! like the others; and a search ([`Searcher`]). It reads the position from
//! the World through the chess library's FEN. It plays a Board of any size
//! the Board Size table gives, up to 128 Squares ([`rules::too_big`]):
//! its sets of Squares are a `u64`'s bits on a Board of 64 Squares or fewer
//! (chess's), a `u128`'s on a larger one ([`squares`], [`AnyRules`]).
//!
//! It adds the driver's `enginemoves`, `engineperft N` and `enginebestmove ...` (the driver's own `bestmove` searches through any game's `play:` cards);
//! `cardtable uci [FOLDER]` speaks UCI with it ([`uci`]).

pub mod board;
pub mod evaluation;
pub mod held;
pub mod piece;
pub mod rules;
pub mod search;
pub mod squares;
pub mod uci;

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use board::{Board, Move};
pub use rules::Rules;
pub use search::{Found, Limits, Searcher, MATE};
pub use squares::SquareSet;

use crate::facts::Facts;
use crate::library::Chess;
use cardtable_runtime::game::Game;
use cardtable_runtime::json::Json;
use cardtable_runtime::library::{CliOption, Command, Lack, Library, Resolved};
use cardtable_runtime::world::World;

/// The engine's rules on the bit sets its Board needs: a `u64`'s for a
/// Board of 64 Squares or fewer (chess's: the code it always had), a
/// `u128`'s for one of up to 128. Chosen once, when a game starts; what
/// runs on them is generic over [`SquareSet`] ([`with_rules!`]).
#[derive(Clone, Debug)]
pub enum AnyRules {
    Bits64(Arc<Rules<u64>>),
    Bits128(Arc<Rules<u128>>),
}

/// Runs `$body` with `$r` the rules of an [`AnyRules`] on their own bits
/// (`&Arc<Rules<u64>>` or `&Arc<Rules<u128>>`): the body is compiled for
/// each, and the one the Board needs runs.
macro_rules! with_rules {
    ($rules:expr, $r:ident => $body:expr) => {
        match $rules {
            $crate::engine::AnyRules::Bits64($r) => $body,
            $crate::engine::AnyRules::Bits128($r) => $body,
        }
    };
}
pub(crate) use with_rules;

impl AnyRules {
    /// Reads the rules from a game's content ([`Rules::new`]) on the bits
    /// its Board needs; a Board of more than 128 Squares is a lack that says
    /// so ([`rules::too_big`]), and so is a game the engine cannot play
    /// ([`Facts::engine_cannot_play`]).
    pub fn new(game: &Game) -> Result<AnyRules, Lack> {
        let facts = Facts::read(game, "engine")?;
        // Regions first, as Engine::new says them.
        if let Some(why) = crate::regions::engine_refusal(&crate::facts::Tables::new(game, "engine")) {
            return Err(why.into());
        }
        if let Some(why) = facts.engine_cannot_play(game) {
            return Err(why.into());
        }
        let grid = facts.grid;
        if grid.squares() <= u64::SQUARES {
            Ok(AnyRules::Bits64(Arc::new(Rules::new(game)?)))
        } else {
            Ok(AnyRules::Bits128(Arc::new(Rules::new(game)?)))
        }
    }

    /// The rules with Chess960's castlings starting where this FEN's Kings
    /// and Rooks stand ([`Rules::fitted`]); None when they start there already.
    pub fn fitted(&self, fen: &str) -> Option<AnyRules> {
        match self {
            AnyRules::Bits64(r) => r.fitted(fen).map(|r| AnyRules::Bits64(Arc::new(r))),
            AnyRules::Bits128(r) => r.fitted(fen).map(|r| AnyRules::Bits128(Arc::new(r))),
        }
    }

    /// The FEN as the rules can hold it, or why they cannot ([`held::hold`]).
    pub fn hold(&self, fen: &str) -> Result<held::Held, String> {
        with_rules!(self, r => held::hold(r, fen))
    }

    /// Whether the engine reads this FEN (its Board's size, its Kinds' letters).
    pub fn reads(&self, fen: &str) -> Result<(), String> {
        with_rules!(self, r => Board::from_fen(r, fen).map(|_| ()))
    }
}

/// The engine library in the registry.
pub struct EngineLibrary;

const COMMANDS: &[Command] = &[
    Command {
        verb: "enginemoves",
        usage: "enginemoves",
        help:
            "the built-in engine's legal moves of the position, in UCI form (they are the cards'), and whether every \
               Piece on the Board moves as in chess (a UCI engine could play it)",
    },
    Command {
        verb: "engineperft",
        usage: "engineperft N",
        help: "the leaf positions N moves deep (0 to 7, at most 200000000 of them), through the built-in engine's own \
               move generator",
    },
    Command {
        verb: "enginebestmove",
        usage: "enginebestmove [MS] [depth N] [movetime MS] [noise CP] [seed S]",
        help: "the built-in engine's move for the position: searched MS milliseconds (at most 10000) and/or N moves \
               deep (1 to 64, and 10 s at most), each evaluation off by up to CP centipawns (seeded by S)",
    },
];

/// The engine resolved against a game: its rules (Err: why it cannot play
/// the game's Board, which its commands answer), and the chess library's
/// reading of the World.
pub struct Engine {
    pub rules: Result<AnyRules, String>,
    chess: Chess,
}

impl Library for EngineLibrary {
    fn name(&self) -> &'static str {
        "engine"
    }

    fn commands(&self) -> &'static [Command] {
        COMMANDS
    }

    fn options(&self) -> &'static [CliOption] {
        &[]
    }

    fn resolve(&self, game: &Game) -> Result<Box<dyn Resolved>, Lack> {
        Ok(Box::new(Engine::new(game)?))
    }

    fn misfits(&self, game: &Game) -> Vec<Lack> {
        crate::fit::misfits(game)
    }
}

impl Engine {
    /// Reads the rules from the content, and the chess library's names. A
    /// Board too large for the engine, promotion zones, regions or Royal
    /// Lines ([`crate::regions`]), or a game with no
    /// royal Kind or with a rule it does not know
    /// ([`Facts::engine_cannot_play`]), are no lack of the content: the
    /// engine's commands (and `check`) say why they cannot play it.
    pub fn new(game: &Game) -> Result<Engine, Lack> {
        let tables = crate::facts::Tables::new(game, "engine");
        let facts = Facts::read(game, "engine")?;
        // Regions first: Xiangqi's stalemate (the Out Of Moves table) is the
        // lesser of what the engine does not know of it.
        let refused = rules::too_big::<u128>(facts.grid)
            .or_else(|| crate::regions::engine_refusal(&tables))
            .or_else(|| facts.engine_cannot_play(game))
            .or_else(|| rules::promotes_elsewhere(&tables));
        let rules = match refused {
            Some(why) => Err(why),
            None => Ok(AnyRules::new(game)?),
        };
        Ok(Engine { rules, chess: Chess::new(game)? })
    }

    /// The engine's rules, or why it cannot play this game's Board.
    pub fn rules(&self) -> Result<&AnyRules, String> {
        self.rules.as_ref().map_err(Clone::clone)
    }

    /// The World's position as a FEN the engine reads (its Board's size,
    /// its Kinds' letters).
    pub fn fen(&self, world: &World) -> Result<String, String> {
        let fen = self.chess.fen(world)?;
        self.rules()?.reads(&fen)?;
        Ok(fen)
    }

    /// The World's position on the engine's board of the rules' bits.
    fn board<S: SquareSet>(&self, r: &Rules<S>, world: &World) -> Result<Board<S>, String> {
        Board::from_fen(r, &self.chess.fen(world)?)
    }

    /// The hashes of the game's positions before the World's, oldest first
    /// (the chess library's [`Chess::earlier_fens`]), for the search to see
    /// a repetition: [`history_hashes`].
    fn history<S: SquareSet>(&self, r: &Rules<S>, world: &World) -> Result<Vec<u64>, String> {
        Ok(history_hashes(r, &self.chess.earlier_fens(world)?))
    }

    /// A driver command on the rules' bits.
    fn command_on<S: SquareSet>(&self, r: &Rules<S>, world: &mut World, verb: &str, rest: &str) -> Json {
        let strs = |v: &[String]| Json::Arr(v.iter().map(|s| Json::Str(s.clone())).collect());
        match verb {
            "enginemoves" => match self.board(r, world) {
                Ok(mut b) => {
                    let mut moves = Vec::new();
                    b.legal_moves(r, &mut moves);
                    let moves: Vec<String> = moves.iter().map(|&m| Board::uci(r, m)).collect();
                    Json::obj(vec![("moves", strs(&moves)), ("chess", Json::Bool(b.is_chess(r)))])
                }
                Err(e) => Json::error(e),
            },
            "engineperft" => match (rest.trim().parse::<u32>(), self.board(r, world)) {
                (Ok(depth), Ok(mut b)) if depth <= 7 => {
                    let started = Instant::now();
                    let mut left = ENGINE_PERFT_POSITIONS;
                    let Some(nodes) = b.perft_within(r, depth, &mut left) else {
                        return Json::error(format!(
                            "`engineperft {depth}` stopped past {ENGINE_PERFT_POSITIONS} leaf positions, the most \
                             `engineperft` counts"
                        ));
                    };
                    Json::obj(vec![
                        ("depth", Json::Num(f64::from(depth))),
                        ("nodes", Json::Num(nodes as f64)),
                        ("seconds", Json::Num((started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0)),
                    ])
                }
                (_, Err(e)) => Json::error(e),
                _ => Json::error(format!("`engineperft` takes a depth from 0 to 7, found `{rest}`")),
            },
            "enginebestmove" => {
                let limits = match parse_limits(rest) {
                    Ok(l) => l,
                    Err(e) => return Json::error(e),
                };
                let board = match self.board(r, world) {
                    Ok(b) => b,
                    Err(e) => return Json::error(e),
                };
                let history = match self.history(r, world) {
                    Ok(h) => h,
                    Err(e) => return Json::error(e),
                };
                let found = Searcher::default().search(r, &board, limits, &history);
                let uci = |m: Move| Board::uci(r, m);
                let pv: Vec<String> = found.pv.iter().map(|&m| uci(m)).collect();
                let mate = (found.score.abs() >= MATE - 200)
                    .then(|| (MATE - found.score.abs() + 1) / 2 * found.score.signum());
                Json::obj(vec![
                    ("move", found.best.map_or(Json::Null, |m| Json::Str(uci(m)))),
                    ("score", Json::Num(f64::from(found.score))),
                    ("mate", mate.map_or(Json::Null, |m| Json::Num(f64::from(m)))),
                    ("depth", Json::Num(f64::from(found.depth))),
                    ("nodes", Json::Num(found.nodes as f64)),
                    ("seconds", Json::Num((found.elapsed.as_secs_f64() * 1000.0).round() / 1000.0)),
                    ("pv", strs(&pv)),
                ])
            }
            other => Json::error(format!("the engine library has no command `{other}`")),
        }
    }
}

/// The hashes of earlier positions given as FENs: 0 (which no position
/// has) for one that can never come again, so that each stays the number
/// of plies back it was played.
pub fn history_hashes<S: SquareSet>(rules: &Rules<S>, fens: &[Option<String>]) -> Vec<u64> {
    fens.iter().map(|f| f.as_deref().and_then(|f| Board::from_fen(rules, f).ok()).map_or(0, |b| b.hash)).collect()
}

/// The most leaf positions `engineperft` counts (a few seconds: the start
/// position's depth 6 is 119,060,324): a deeper count is refused as it
/// passes them, so that no command runs for hours.
pub const ENGINE_PERFT_POSITIONS: u64 = 200_000_000;
/// The longest `enginebestmove` thinks, in milliseconds: the most `MS` and
/// `movetime` take, and where a search given only a depth stops (its answer's
/// `depth` says how deep it went).
pub const BESTMOVE_MS: u64 = 10_000;
/// The deepest `enginebestmove` searches, in moves (plies).
pub const BESTMOVE_DEPTH: u64 = 64;

/// `enginebestmove`'s words: `500` (milliseconds), `depth 4`, `movetime 500`,
/// `noise 50`, `seed 7`. With neither depth nor time, a depth of 4. Every
/// search stops after [`BESTMOVE_MS`].
pub fn parse_limits(rest: &str) -> Result<Limits, String> {
    let mut limits = Limits { depth: 0, ..Limits::default() };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut i = 0;
    let number = |w: Option<&&str>, what: &str| -> Result<u64, String> {
        w.and_then(|w| w.parse::<u64>().ok()).ok_or(format!("`{what}` takes a whole number"))
    };
    let ms = |n: u64| match n {
        0..=BESTMOVE_MS => Ok(Some(Duration::from_millis(n))),
        _ => Err(format!("`enginebestmove` thinks at most {BESTMOVE_MS} ms, found {n}")),
    };
    while i < words.len() {
        match words[i] {
            "depth" => {
                limits.depth = match number(words.get(i + 1), "depth")? {
                    n @ 1..=BESTMOVE_DEPTH => n as u32,
                    n => return Err(format!("`depth` is 1 to {BESTMOVE_DEPTH}, found {n}")),
                };
                i += 2;
            }
            "movetime" => {
                limits.time = ms(number(words.get(i + 1), "movetime")?)?;
                i += 2;
            }
            "noise" => {
                limits.noise = number(words.get(i + 1), "noise")?.min(100_000) as i32;
                i += 2;
            }
            "seed" => {
                limits.seed = number(words.get(i + 1), "seed")?;
                i += 2;
            }
            w => match w.parse::<u64>() {
                Ok(n) => {
                    limits.time = ms(n)?;
                    i += 1;
                }
                Err(_) => {
                    return Err(format!(
                        "`enginebestmove` takes MS, depth N, movetime MS, noise CP, seed S; found `{w}`"
                    ))
                }
            },
        }
    }
    if limits.depth == 0 {
        limits.depth = if limits.time.is_some() { 100 } else { 4 };
    }
    // A deep search given no time still ends.
    limits.time.get_or_insert(Duration::from_millis(BESTMOVE_MS));
    Ok(limits)
}

impl Resolved for Engine {
    fn command(&self, world: &mut World, verb: &str, rest: &str) -> Json {
        match &self.rules {
            Ok(rules) => {
                // Chess960's castlings start where the World's Kings and Rooks stood at its start.
                let fitted = self.chess.fen(world).ok().and_then(|fen| rules.fitted(&fen));
                with_rules!(fitted.as_ref().unwrap_or(rules), r => self.command_on(r, world, verb, rest))
            }
            Err(why) => Json::error(why.clone()),
        }
    }

    fn apply_option(&self, _world: &mut World, name: &str, _value: &str) -> Result<(), String> {
        Err(format!("the engine library has no option `--{name}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine may think off the frame thread: its parts cross threads.
    #[test]
    fn the_engine_can_think_on_another_thread() {
        fn send<T: Send>() {}
        fn sync<T: Sync>() {}
        send::<Rules>();
        sync::<Rules>();
        send::<Rules<u128>>();
        sync::<Rules<u128>>();
        send::<AnyRules>();
        sync::<AnyRules>();
        send::<Board>();
        send::<Board<u128>>();
        send::<Searcher>();
        send::<Found>();
    }

    #[test]
    fn bestmove_reads_its_words() {
        let l = parse_limits("").unwrap();
        assert_eq!((l.depth, l.time, l.noise), (4, Some(Duration::from_millis(BESTMOVE_MS)), 0));
        let l = parse_limits("250 noise 40 seed 9").unwrap();
        assert_eq!((l.depth, l.time, l.noise, l.seed), (100, Some(Duration::from_millis(250)), 40, 9));
        let l = parse_limits("depth 3 movetime 100").unwrap();
        assert_eq!((l.depth, l.time), (3, Some(Duration::from_millis(100))));
        assert!(parse_limits("depth").is_err());
        assert!(parse_limits("depth x").is_err());
        assert!(parse_limits("fast").is_err());
        // Each argument bounded, the bound named; a depth alone stops in time too.
        assert_eq!(
            parse_limits("99999999999999").unwrap_err(),
            "`enginebestmove` thinks at most 10000 ms, found 99999999999999"
        );
        assert!(parse_limits("movetime 10001").unwrap_err().contains("at most 10000 ms"));
        assert_eq!(parse_limits("depth 100").unwrap_err(), "`depth` is 1 to 64, found 100");
        assert!(parse_limits("depth 0").is_err());
        let l = parse_limits("depth 64").unwrap();
        assert_eq!((l.depth, l.time), (64, Some(Duration::from_millis(BESTMOVE_MS))));
        assert_eq!(parse_limits("10000").unwrap().time, Some(Duration::from_millis(10_000)));
    }
}
