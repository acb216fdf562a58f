//! The headless driver: one command a line in, one JSON object a line out.
//! Everything a player can do in the window, and everything a test needs to
//! read, over standard input and output.

use crate::exec::Ctx;
use crate::game::{Game, Layer};
use crate::ids::ObjectId;
use crate::json::Json;
use crate::library::Libraries;
use crate::program::Trees;
use crate::save::Store;
use crate::value::Value;
use crate::world::{Trace, TraceFilter, World};
use std::collections::HashMap;
use std::rc::Rc;

pub struct Driver {
    pub world: World,
    /// `snapshot N`'s Worlds, at most [`SNAPSHOTS`] of them.
    snapshots: HashMap<String, World>,
    /// The code libraries the game uses (game.yaml's `libraries`), resolved
    /// when it started; their commands follow the driver's own.
    pub libraries: Rc<Libraries>,
    /// When set, `call`, `click` and `press` run the cards with the tree
    /// walker over these trees instead of the register machine (see
    /// [`Driver::walking`]).
    walked: Option<Rc<Trees>>,
    /// The cards' trees, for `trace` (see [`Driver::with_trees`]).
    trees: Option<Rc<Trees>>,
    /// How many of the World's notices an answer has carried.
    notices_told: usize,
    /// The code libraries' options the game started with (`--fen FEN`,
    /// `--pgn FILE`), applied again when a reload starts a new game.
    start_options: Vec<(String, String)>,
}

/// What a reload could not keep, in words; and whether the game started again.
pub struct Reloaded {
    pub notes: Vec<String>,
    pub started_again: bool,
}

/// A command of the driver's own, written once: `help` lists it (as a
/// library's [`Command`](crate::library::Command) is listed) and
/// [`Driver::command`] runs it from the same row.
struct Own {
    /// The word that starts the command line: `click`.
    verb: &'static str,
    /// The verb and what follows it: `click NAME`.
    usage: &'static str,
    /// What it does, in one line.
    help: &'static str,
    /// Runs it on the rest of the line (trimmed) and answers it.
    run: fn(&mut Driver, &str) -> Json,
}

/// What a mouse command does (`mousedown`, `mousemove`, `mouseup`).
#[derive(Clone, Copy)]
enum Mouse {
    Down,
    Move,
    Up,
}

/// The driver's own commands, in the order `help` lists them; the game's
/// libraries add theirs.
const COMMANDS: &[Own] = &[
    Own {
        verb: "help",
        usage: "help",
        help: "lists the commands, the game's libraries' among them",
        run: |d, _| d.help_answer(),
    },
    Own {
        verb: "click",
        usage: "click NAME",
        help: "clicks the Object named NAME, as the window's mouse does",
        run: |d, rest| d.click(rest),
    },
    Own {
        verb: "mousedown",
        usage: "mousedown AT",
        help: "the left button goes down over the Object NAME (its centre) or at X, Y (game-screen pixels from the bottom-left): a click, and a drag when no button took it",
        run: |d, rest| d.mouse(rest, Mouse::Down),
    },
    Own {
        verb: "mousemove",
        usage: "mousemove AT",
        help: "the mouse moves to the Object NAME or to X, Y: during a drag, Mouse Dragged",
        run: |d, rest| d.mouse(rest, Mouse::Move),
    },
    Own {
        verb: "mouseup",
        usage: "mouseup AT",
        help: "the left button goes up over the Object NAME or at X, Y: after a drag, Mouse Released and Drag Ended",
        run: |d, rest| d.mouse(rest, Mouse::Up),
    },
    Own {
        verb: "drag",
        usage: "drag FROM TO",
        help: "drags from the Object FROM to the Object TO as a player does: mousedown FROM, mousemove halfway, mousemove TO, mouseup TO",
        run: |d, rest| d.drag(rest),
    },
    Own {
        verb: "window",
        usage: "window W H",
        help: "the window is W by H pixels, as a player sizes it: the room it shows beside the game screen (screenBeside()), and Screen Resized when that changed",
        run: |d, rest| d.window(rest),
    },
    Own {
        verb: "press",
        usage: "press NAME",
        help: "presses a shown button, found by its name or the text it shows",
        run: |d, rest| d.press(rest),
    },
    Own {
        verb: "key",
        usage: "key KEY",
        help: "presses a key, as the window does (Left, Enter, Escape, A ...)",
        run: |d, rest| d.key(unquote(rest)),
    },
    Own { verb: "inputs", usage: "inputs", help: "the Input Contexts and whether each is on", run: |d, _| d.inputs() },
    Own {
        verb: "table",
        usage: "table NAME",
        help: "a table's rows as they are now",
        run: |d, rest| d.table(unquote(rest)),
    },
    Own {
        verb: "global",
        usage: "global NAME",
        help: "a Global (status or $status)",
        run: |d, rest| d.global(rest.trim_start_matches('$')),
    },
    Own { verb: "state", usage: "state", help: "the Game State", run: |d, _| d.state() },
    Own {
        verb: "result",
        usage: "result",
        help: "the game's result (1-0, 0-1, 1/2-1/2, or * while it goes on) and its reason, as the cards wrote them (game.yaml's `result:`)",
        run: |d, _| d.result(),
    },
    Own {
        verb: "get",
        usage: "get OBJECT PATH",
        help: "a Data Structure of an Object, one of its fields, or what it shows",
        run: |d, rest| d.get(rest),
    },
    Own {
        verb: "eval",
        usage: "eval EXPR",
        help: "an expression of the card language, in no card",
        run: |d, rest| d.eval(rest),
    },
    Own {
        verb: "call",
        usage: "call FUNCTION name=EXPR ...",
        help: "calls a Function card with its parameters",
        run: |d, rest| d.call(rest),
    },
    Own {
        verb: "objects",
        usage: "objects [NAME]",
        help: "every living Object, or those whose name or type is NAME",
        run: |d, rest| d.objects(unquote(rest)),
    },
    Own {
        verb: "draws",
        usage: "draws",
        help: "draws a frame (its Draw Events run) and answers its lines",
        run: |d, _| d.draws(),
    },
    Own {
        verb: "faults",
        usage: "faults",
        help: "every fault so far",
        run: |d, _| Json::obj(vec![("faults", faults_json(&d.world.faults))]),
    },
    Own { verb: "notices", usage: "notices", help: "every notice so far", run: |d, _| d.notices() },
    Own {
        verb: "sounds",
        usage: "sounds",
        help: "the sounds the cards played since the last `sounds` (the driver plays none), oldest first",
        run: |d, _| d.sounds(),
    },
    Own {
        verb: "reload",
        usage: "reload",
        help: "reads the content folder again and carries the game over to it",
        run: |d, _| d.reload(),
    },
    Own {
        verb: "snapshot",
        usage: "snapshot N",
        help: "keeps the whole World under N",
        run: |d, rest| d.snapshot(rest),
    },
    Own {
        verb: "restore",
        usage: "restore N",
        help: "brings back the World kept under N",
        run: |d, rest| d.restore(rest),
    },
    Own { verb: "drop", usage: "drop N", help: "forgets the World kept under N", run: |d, rest| d.drop_snapshot(rest) },
    Own {
        verb: "save",
        usage: "save SLOT",
        help: "saves the game as the cards' steps do, answered once it is on the disk",
        run: |d, rest| d.save(unquote(rest)),
    },
    Own {
        verb: "load",
        usage: "load SLOT",
        help: "loads a saved game as the cards' steps do",
        run: |d, rest| d.load(unquote(rest)),
    },
    Own {
        verb: "wait",
        usage: "wait SECONDS",
        help: "moves the game's clock on (0 to 3600 s), as the window's frames do",
        run: |d, rest| d.wait(rest),
    },
    Own {
        verb: "trace",
        usage: "trace [limit=N] [card=NAME] [table=NAME] [depth=N] COMMAND",
        help: "runs COMMAND and answers what ran for it: Events, cards, steps, conditions, writes, faults",
        run: |d, rest| d.trace(rest),
    },
    Own {
        verb: "seed",
        usage: "seed N",
        help: "seeds the World's generator (the cards' random(n)) with the whole number N, 0 to 2^64-1",
        run: |d, rest| d.seed(rest),
    },
    Own {
        verb: "moves",
        usage: "moves",
        help: "the legal moves of the position, each by its name, as the game's `play: moves` lists them",
        run: |d, _| d.moves(),
    },
    Own {
        verb: "perft",
        usage: "perft N",
        help:
            "the leaf positions N moves deep (0 to 12, at most 1000000 of them), through the game's `play:` Functions, \
               on a rehearsal copy",
        run: |d, rest| d.perft(rest),
    },
    Own {
        verb: "playout",
        usage: "playout SEED [PLIES]",
        help: "random moves from the position (the World's generator seeded with SEED) until the game ends or PLIES \
               moves, on a rehearsal copy",
        run: |d, rest| d.playout(rest),
    },
    Own {
        verb: "play",
        usage: "play MOVE",
        help: "makes one of the listed moves on the game, through the game's `play: move`",
        run: |d, rest| d.play_move(unquote(rest)),
    },
    Own {
        verb: "bestmove",
        usage: "bestmove [depth N] [nodes N] [movetime MS] [seed N]",
        help: "the best move the search finds through the game's `play:` cards (alpha-beta over its `evaluate:`, else \
               Monte Carlo tree search), on a rehearsal copy",
        run: |d, rest| d.bestmove(rest),
    },
    Own {
        verb: "off",
        usage: "off COMPONENT",
        help: "switches a Logic Component off on every Object, from now on",
        run: |d, rest| d.off(unquote(rest)),
    },
    Own {
        verb: "clipboard",
        usage: "clipboard [TEXT]",
        help: "the driver's stand-in for the system clipboard: alone, what is on it; with TEXT (`\\n` a new line), \
               puts TEXT on it, as a player's copy elsewhere does",
        run: |d, rest| d.clipboard(rest),
    },
    Own {
        verb: "documents",
        usage: "documents [DIR]",
        help: "the folder documents are written to for the player (a game saved as PGN): alone, which (none \
               until told); with DIR, that folder",
        run: |d, rest| d.documents(unquote(rest)),
    },
];

/// `bestmove`'s words: `depth N` (1 to 64), `nodes N` (1 to 10,000,000),
/// `movetime MS` (1 to 600,000), `seed N`; each at most once.
fn search_bounds(rest: &str) -> Result<crate::play::Bounds, String> {
    use crate::play::{Bounds, SEARCH_DEPTH, SEARCH_NODES_MOST};
    let mut b = Bounds::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let usage = "`bestmove` takes depth N, nodes N, movetime MS, seed N";
        let n = words.next().map(str::parse::<u64>);
        let Some(Ok(n)) = n else { return Err(format!("{usage}; found `{rest}`")) };
        if seen.contains(&word) {
            return Err(format!("`bestmove`: `{word}` is given twice"));
        }
        seen.push(word);
        let within = |lo: u64, hi: u64| {
            if (lo..=hi).contains(&n) {
                Ok(n)
            } else {
                Err(format!("`{word}` is {lo} to {hi}, found {n}"))
            }
        };
        match word {
            "depth" => b.depth = within(1, u64::from(SEARCH_DEPTH))? as u32,
            "nodes" => b.nodes = within(1, SEARCH_NODES_MOST)?,
            "movetime" => b.movetime = Some(std::time::Duration::from_millis(within(1, 600_000)?)),
            "seed" => b.seed = n,
            _ => return Err(format!("{usage}; found `{word}`")),
        }
    }
    Ok(b)
}

/// The commands that play through game.yaml's `play:` (the `play` room):
/// `help` lists them only for a game that has it.
const PLAY_VERBS: [&str; 5] = ["moves", "perft", "playout", "play", "bestmove"];

/// How many snapshots the driver keeps at once: each is a whole World (the
/// chess game's, about 176 KB), so a script that names a new one for every
/// move would grow without end. Past it, `snapshot` with a new name is
/// refused (`drop N` frees one); an old name is taken again.
pub const SNAPSHOTS: usize = 64;
/// The longest snapshot name, in characters.
const SNAPSHOT_NAME: usize = 64;

/// What is wrong with `names` as Logic Components of `game` (`--off`, the
/// driver's `off`): each that names none, with the one it could have meant,
/// and the game's Logic Components; None when each names one.
pub fn unknown_components(game: &Game, names: &[&str]) -> Option<String> {
    let known = || game.components.iter().map(|c| c.name.as_str());
    let unknown: Vec<String> = names
        .iter()
        .filter(|n| !game.names.components.contains_key(**n))
        .map(|n| match crate::source::suggest::nearest(n, known()).as_slice() {
            [] => format!("`{n}`"),
            near => format!("`{n}` (did you mean `{}`?)", near.join("` or `")),
        })
        .collect();
    if unknown.is_empty() {
        return None;
    }
    let mut all: Vec<&str> = known().collect();
    all.sort_unstable();
    let what = if unknown.len() == 1 { "no Logic Component is named" } else { "no Logic Components are named" };
    Some(format!("{what} {}. The game's Logic Components: {}", unknown.join(", "), all.join(", ")))
}

impl Driver {
    /// The game's Player (its `play:`), or the answer that it has none.
    fn player(&self) -> Result<crate::play::Player, Json> {
        crate::play::Player::new(&self.world.game).map_err(Json::error)
    }

    /// `moves`: the legal moves, listed on a rehearsal copy.
    fn moves(&mut self) -> Json {
        let mut player = match self.player() {
            Ok(p) => p,
            Err(e) => return e,
        };
        let mut copy = crate::play::rehearsal(&self.world);
        let mut moves = Vec::new();
        match player.moves(&mut copy, &mut moves) {
            Ok(()) => Json::obj(vec![(
                "moves",
                Json::Arr(moves.iter().map(|&m| Json::Str(copy.syms.text(m).into())).collect()),
            )]),
            Err(e) => Json::error(e),
        }
    }

    /// `perft N`, on a rehearsal copy.
    fn perft(&mut self, rest: &str) -> Json {
        use crate::play::{PerftStop, PERFT_DEPTH, PERFT_LEAVES};
        let mut player = match self.player() {
            Ok(p) => p,
            Err(e) => return e,
        };
        let depth = match rest.parse::<u32>() {
            Ok(depth) if depth <= PERFT_DEPTH => depth,
            _ => return Json::error(format!("`perft` takes a depth from 0 to {PERFT_DEPTH}, found `{rest}`")),
        };
        let started = std::time::Instant::now();
        let mut copy = crate::play::rehearsal(&self.world);
        match crate::play::perft(&mut player, &mut copy, depth, PERFT_LEAVES) {
            Ok(n) => Json::obj(vec![
                ("depth", Json::Num(f64::from(depth))),
                ("nodes", Json::Num(n as f64)),
                ("seconds", Json::Num((started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0)),
            ]),
            Err(PerftStop::TooMany) => Json::error(format!(
                "`perft {depth}` stopped past {PERFT_LEAVES} leaf positions, the most `perft` counts"
            )),
            Err(PerftStop::Fault(e)) => Json::error(e),
        }
    }

    /// `playout SEED [PLIES]`, on a rehearsal copy.
    fn playout(&mut self, rest: &str) -> Json {
        use crate::play::PLAYOUT_PLIES;
        let mut player = match self.player() {
            Ok(p) => p,
            Err(e) => return e,
        };
        let mut words = rest.split_whitespace();
        let usage = format!("`playout` takes a seed (a whole number, 0 to 2^64-1) and a most of moves (1 to {PLAYOUT_PLIES}), found `{rest}`");
        let Some(Ok(seed)) = words.next().map(str::parse::<u64>) else { return Json::error(usage) };
        let plies = match words.next().map(str::parse::<u32>) {
            None => PLAYOUT_PLIES,
            Some(Ok(n)) if (1..=PLAYOUT_PLIES).contains(&n) => n,
            Some(_) => return Json::error(usage),
        };
        if words.next().is_some() {
            return Json::error(usage);
        }
        let mut copy = crate::play::rehearsal(&self.world);
        match crate::play::playout(&mut player, &mut copy, seed, plies) {
            Ok(p) => {
                let text = |s| Json::Str(copy.syms.text(s).into());
                Json::obj(vec![
                    ("moves", Json::Arr(p.moves.iter().map(|&m| text(m)).collect())),
                    ("over", Json::Bool(p.over)),
                    ("result", p.result.map_or(Json::Null, text)),
                ])
            }
            Err(e) => Json::error(e),
        }
    }

    /// `bestmove [depth N] [nodes N] [movetime MS] [seed N]`, on a rehearsal copy.
    fn bestmove(&mut self, rest: &str) -> Json {
        let mut player = match self.player() {
            Ok(p) => p,
            Err(e) => return e,
        };
        let bounds = match search_bounds(rest) {
            Ok(b) => b,
            Err(e) => return Json::error(e),
        };
        let started = std::time::Instant::now();
        let mut copy = crate::play::rehearsal(&self.world);
        match crate::play::search(&mut player, &mut copy, bounds) {
            Ok(found) => {
                let seconds = started.elapsed().as_secs_f64();
                Json::obj(vec![
                    ("move", found.best.map_or(Json::Null, |m| Json::Str(copy.syms.text(m).into()))),
                    ("score", Json::Num(found.score)),
                    ("depth", Json::Num(f64::from(found.depth))),
                    ("nodes", Json::Num(found.nodes as f64)),
                    ("method", Json::Str(found.method.into())),
                    ("seconds", Json::Num((seconds * 1000.0).round() / 1000.0)),
                ])
            }
            Err(e) => Json::error(e),
        }
    }

    /// `play MOVE`: one of the listed moves made on the game itself.
    fn play_move(&mut self, mv: &str) -> Json {
        let mut player = match self.player() {
            Ok(p) => p,
            Err(e) => return e,
        };
        let mut moves = Vec::new();
        if let Err(e) = player.moves(&mut self.world, &mut moves) {
            return Json::error(e);
        }
        let Some(&m) = moves.iter().find(|&&m| self.world.syms.text(m) == mv) else {
            let listed: Vec<&str> = moves.iter().map(|&m| self.world.syms.text(m)).collect();
            return Json::error(format!("`{mv}` is not a legal move here; the moves: {}", listed.join(" ")));
        };
        match player.make(&mut self.world, m) {
            Ok(()) => Json::obj(vec![("played", Json::Str(mv.into()))]),
            Err(e) => Json::error(e),
        }
    }

    /// A driver over a new game, started (the scene's Created Events have
    /// run), its libraries resolved. Its saved games and Persistent Values
    /// are kept in memory (see [`Driver::with_store`]).
    pub fn new(game: std::sync::Arc<Game>) -> Driver {
        Driver::with_store(game, Rc::new(Store::memory()))
    }

    /// A driver over a new game whose saved games and Persistent Values are
    /// kept in `store` (a folder: `Store::for_game`), started as
    /// [`Driver::new`] starts it, the store's notices (a file moved aside)
    /// in the World's.
    pub fn with_store(game: std::sync::Arc<Game>, store: Rc<Store>) -> Driver {
        Driver::with_system(game, store, false)
    }

    /// [`Driver::with_store`], the system asking for less motion or not
    /// (`$prefersReducedMotion`, set before the game starts).
    pub fn with_system(game: std::sync::Arc<Game>, store: Rc<Store>, reduced_motion: bool) -> Driver {
        Driver::with_parts_off(game, store, reduced_motion, &[])
    }

    /// [`Driver::with_system`], with Logic Components switched off on every
    /// Object from before the game starts, as the driver's `off COMPONENT`
    /// switches them (a name the game lacks is passed over): to test a game
    /// without one of its parts, the chess game without its Computer (`Make
    /// Computer Move`), the Player playing both Sides.
    pub fn with_parts_off(game: std::sync::Arc<Game>, store: Rc<Store>, reduced_motion: bool, off: &[&str]) -> Driver {
        Driver::with_seed(game, store, reduced_motion, off, crate::world::Random::DEFAULT_SEED)
    }

    /// [`Driver::with_parts_off`], the World's generator (the cards'
    /// `random(n)`) seeded with `seed` before the game starts (`--seed N`),
    /// so that what Game Start draws is the same every run.
    pub fn with_seed(
        game: std::sync::Arc<Game>,
        store: Rc<Store>,
        reduced_motion: bool,
        off: &[&str],
        seed: u64,
    ) -> Driver {
        let libraries = Rc::new(Libraries::start(&game));
        let host_off = off.iter().filter_map(|name| game.names.components.get(*name).copied()).collect();
        let mut world = World::new(game);
        world.use_store(store);
        world.set_reduced_motion(reduced_motion);
        world.host_off = host_off;
        world.clipboard = Rc::new(crate::outside::MemoryClipboard::default());
        world.random = crate::world::Random::seeded(seed);
        world.save_check = Some(libraries.clone());
        world.start();
        Driver {
            world,
            snapshots: HashMap::new(),
            libraries,
            walked: None,
            trees: None,
            notices_told: 0,
            start_options: Vec::new(),
        }
    }

    /// Applies one of the code libraries' command-line options (`--fen
    /// FEN`: the library's name for it, `fen`, and its value) to the game, as
    /// the window does when it opens, and keeps it: a reload that has to
    /// start a new game ([`Driver::reload_content`], `--watch`) applies it
    /// again, so the new game starts where the command line said.
    pub fn apply_start_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.start_options.push((name.to_string(), value.to_string()));
        crate::library::apply_option(&self.libraries, &mut self.world, name, value)
    }

    /// The end of the driver's input: waits until the store has written
    /// every save and setting handed to it, and answers the notices no
    /// answer has carried yet (a write that failed), for the caller to
    /// print.
    pub fn finish(&mut self) -> Vec<String> {
        self.world.store.flush();
        self.world.take_store_notices();
        let new = self.world.notices.get(self.notices_told..).unwrap_or_default().to_vec();
        self.notices_told = self.world.notices.len();
        new
    }

    /// The verbs of the driver's own commands (`click`, `restore` ...),
    /// which no library's command may take.
    pub fn own_verbs() -> impl Iterator<Item = &'static str> {
        COMMANDS.iter().map(|c| c.verb)
    }

    /// Every command: the driver's own, then those of the game's libraries.
    /// The driver's own commands that act in this game: the play commands
    /// only for a game whose game.yaml says how it is played (`play:`).
    fn own_commands(&self) -> impl Iterator<Item = &'static Own> {
        let plays = self.world.game.play.is_some();
        COMMANDS.iter().filter(move |c| plays || !PLAY_VERBS.contains(&c.verb))
    }

    fn help(&self) -> String {
        let own = self.own_commands().map(|c| c.usage);
        let usages: Vec<&str> = own.chain(self.libraries.commands().map(|(_, c)| c.usage)).collect();
        format!("commands: {}", usages.join(" | "))
    }

    /// `help`: every command's usage on one line, then what each does.
    fn help_answer(&self) -> Json {
        let own = self
            .own_commands()
            .map(|c| Json::obj(vec![("command", Json::Str(c.usage.into())), ("does", Json::Str(c.help.into()))]));
        let commands = self.libraries.commands().map(|(lib, c)| {
            Json::obj(vec![
                ("command", Json::Str(c.usage.into())),
                ("library", Json::Str(lib.into())),
                ("does", Json::Str(c.help.into())),
            ])
        });
        Json::obj(vec![
            ("help", Json::Str(self.help())),
            ("driver commands", Json::Arr(own.collect())),
            ("library commands", Json::Arr(commands.collect())),
        ])
    }

    /// From now on, `call`, `click` and `press` run their cards (a
    /// Function, a click's listeners, every card they call and every Event
    /// they send) with the tree walker over `trees` (the loader's
    /// `Loaded::trees` of this game), not the register machine: to check one
    /// against the other. Everything else (the scene's Created and Game
    /// Start, already run, and run again on the machine when Restart Game
    /// begins the World again; the chess library's commands) runs on the
    /// machine, as before.
    pub fn walking(mut self, trees: Rc<Trees>) -> Driver {
        self.walked = Some(trees);
        self
    }

    /// Gives the driver the cards' trees of its game (the loader's
    /// `Loaded::trees`), which `trace` runs the cards from: without them,
    /// `trace` answers an error. The command line's `drive`, `trace` and the
    /// window's `--script` always give them.
    pub fn with_trees(mut self, trees: Rc<Trees>) -> Driver {
        self.trees = Some(trees);
        self
    }

    /// `trace [OPTIONS] COMMAND`: runs COMMAND and answers what ran for it
    /// (host/trace.rs, docs/driver.md), beside the command's own answer.
    fn trace(&mut self, rest: &str) -> Json {
        let game = self.world.game.clone();
        let (filter, command) = match super::trace::parse(&game, rest) {
            Ok(parsed) => parsed,
            Err(why) => return Json::error(why),
        };
        match self.traced(filter, command) {
            Ok((answer, trace)) => Json::obj(vec![
                ("trace", super::trace::entries_json(&self.world, &trace)),
                ("left out", Json::Num(trace.left_out as f64)),
                ("answer", answer),
            ]),
            Err(why) => Json::error(why),
        }
    }

    /// Runs `command` with a trace made of what runs (the cards walked from
    /// their trees, as the machine would run them: the World it leaves is
    /// the one the command leaves untraced), the code libraries' answers
    /// taken in at its end as after any command. Answers the command's own
    /// answer and the trace; Err when the driver has no trees or the
    /// command is itself a trace.
    pub fn traced(&mut self, filter: TraceFilter, command: &str) -> Result<(Json, Trace), String> {
        let trees = self.trees_for_trace()?;
        let (verb, rest) = command.split_once(char::is_whitespace).map_or((command, ""), |(v, r)| (v, r.trim()));
        if verb == "trace" {
            return Err("a trace of `trace`: give the command to trace once (trace click e2)".into());
        }
        Ok(self.trace_with(trees, filter, |d| d.run(verb, rest)))
    }

    /// Runs a player's input from outside the driver's commands (the
    /// window's click at a point, `World::click_at`, or its key,
    /// `World::press_key`) with a trace made of what runs, as
    /// [`Driver::traced`] runs a command: the same trace, and the World
    /// it leaves is the one the input leaves untraced. Err when the driver
    /// has no trees.
    pub fn trace_input(&mut self, filter: TraceFilter, input: impl FnOnce(&mut World)) -> Result<Trace, String> {
        let trees = self.trees_for_trace()?;
        Ok(self.trace_with(trees, filter, |d| input(&mut d.world)).1)
    }

    /// The cards' trees a trace runs them from; Err when the driver has none.
    fn trees_for_trace(&self) -> Result<Rc<Trees>, String> {
        self.trees.clone().or_else(|| self.walked.clone()).ok_or_else(|| {
            "this driver was made without the cards' trees (`Driver::with_trees`), which a trace needs".into()
        })
    }

    /// Runs `run` with a trace in the World, then the code libraries'
    /// calls and answers, as after any command; its answer and the trace.
    fn trace_with<T>(
        &mut self,
        trees: Rc<Trees>,
        filter: TraceFilter,
        run: impl FnOnce(&mut Driver) -> T,
    ) -> (T, Trace) {
        self.world.trace = Some(Box::new(Trace::new(trees.clone(), filter.clone())));
        let answer = run(self);
        self.libraries.pump_calls(&mut self.world);
        // A command that put another World in place (`restore`) ran no card in this one.
        let trace = self.world.trace.take().map_or_else(|| Trace::new(trees, filter), |t| *t);
        (answer, trace)
    }

    /// `cardtable trace`'s lines for one script line: `shown` (the line as
    /// written), then, indented, what `line` (the trace options and the
    /// command) ran, then the command's answer, or why it could not be traced.
    pub fn trace_text(&mut self, line: &str, shown: &str) -> String {
        let game = self.world.game.clone();
        let mut out = format!("{shown}\n");
        match super::trace::parse(&game, line).and_then(|(filter, command)| self.traced(filter, command)) {
            Ok((answer, trace)) => {
                out.push_str(&super::trace::text(&self.world, &trace, 1));
                out.push_str(&format!("  answer: {answer}\n"));
            }
            Err(why) => out.push_str(&format!("  error: {why}\n")),
        }
        out
    }

    /// A click at a point of the game screen, walked when the driver walks.
    fn click_point(&mut self, x: f32, y: f32) {
        match &self.walked {
            None => self.world.click_at(x, y),
            Some(trees) => self.world.click_at_walked(x, y, trees),
        }
    }

    /// Runs one command line and answers it. Never panics on any input.
    pub fn command(&mut self, line: &str) -> Json {
        let line = line.trim();
        let (verb, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(v, r)| (v, r.trim()));
        // A save the store's writer failed to write since the last command is told in this answer.
        self.world.take_store_notices();
        let faults_before = self.world.faults.len();
        let mut answer = self.run(verb, rest);
        // The cards' calls into code libraries go out; answers that are in come in
        // (none worked out here: the search over the cards thinks only in a `wait`).
        self.libraries.pump_calls(&mut self.world);
        if self.world.faults.len() > faults_before {
            if let Json::Obj(pairs) = &mut answer {
                pairs.push(("faults".into(), faults_json(&self.world.faults[faults_before..])));
            }
        }
        // Every notice once, from the first answer on (a file moved aside as the game started).
        if let (Some(new), Json::Obj(pairs)) = (self.world.notices.get(self.notices_told..), &mut answer) {
            if !new.is_empty() {
                pairs.push(("notices".into(), notices_json(new)));
                self.notices_told = self.world.notices.len();
            }
        }
        answer
    }

    /// One command, the driver's own or a library's, its answer as it is.
    fn run(&mut self, verb: &str, rest: &str) -> Json {
        match COMMANDS.iter().find(|c| c.verb == verb) {
            Some(own) => (own.run)(self, rest),
            None if verb.is_empty() => Json::error(format!("an empty command; {}", self.help())),
            None => match self.libraries.command(&mut self.world, verb, rest) {
                Some(answer) => answer,
                None => Json::error(format!("unknown command `{verb}`; {}", self.help())),
            },
        }
    }

    fn inputs(&self) -> Json {
        let on = self.world.game.inputs.iter().zip(&self.world.inputs_on);
        Json::obj(vec![("inputs", Json::Obj(on.map(|(c, on)| (c.name.clone(), Json::Bool(*on))).collect()))])
    }

    fn state(&self) -> Json {
        let game = &self.world.game;
        let state = game.states.get(self.world.state as usize).map_or(Json::Null, |s| Json::Str(s.clone()));
        Json::obj(vec![("state", state)])
    }

    /// `result`: the Globals game.yaml's `result:` names, read, never guessed.
    fn result(&self) -> Json {
        match self.world.result() {
            None => Json::error(
                "the game names no result Globals (game.yaml's `result: { result: GLOBAL, reason: GLOBAL }`), so it tells no result",
            ),
            Some(Err(e)) => Json::error(e),
            Some(Ok(r)) => {
                Json::obj(vec![("result", Json::Str(r.result.into())), ("reason", Json::Str(r.reason.into()))])
            }
        }
    }

    /// `sounds`: the names of the sounds played since the last `sounds`, and
    /// how many more were played than the World keeps.
    fn sounds(&mut self) -> Json {
        let mut played = Vec::new();
        let dropped = self.world.sounds.take(&mut played);
        let names = played
            .iter()
            .map(|s| Json::Str(self.world.game.sounds.get(s.index()).map_or_else(String::new, |d| d.name.clone())));
        Json::obj(vec![("sounds", Json::Arr(names.collect())), ("dropped", Json::Num(f64::from(dropped)))])
    }

    fn notices(&mut self) -> Json {
        self.notices_told = self.world.notices.len();
        Json::obj(vec![("notices", notices_json(&self.world.notices))])
    }

    /// `off COMPONENT`: switched off on every Object from now on.
    fn off(&mut self, name: &str) -> Json {
        match self.world.game.names.components.get(name).copied() {
            Some(comp) => {
                if !self.world.host_off.contains(&comp) {
                    self.world.host_off.push(comp);
                }
                Json::obj(vec![("off", Json::Str(name.into()))])
            }
            None => Json::error(unknown_components(&self.world.game, &[name]).unwrap_or_default()),
        }
    }

    /// `clipboard [TEXT]`: the stand-in clipboard read, or TEXT put on it.
    fn clipboard(&mut self, rest: &str) -> Json {
        let rest = rest.trim();
        if rest.is_empty() {
            return match self.world.clipboard.get() {
                Ok(text) => Json::obj(vec![("clipboard", Json::Str(text))]),
                Err(_) => Json::obj(vec![("clipboard", Json::Null)]),
            };
        }
        let text = rest.replace("\\n", "\n");
        match self.world.clipboard.set(&text) {
            Ok(()) => Json::obj(vec![("clipboard", Json::Str(text))]),
            Err(e) => Json::error(e),
        }
    }

    /// `documents [DIR]`: where documents are written for the player.
    fn documents(&mut self, rest: &str) -> Json {
        let rest = rest.trim();
        if !rest.is_empty() {
            self.world.documents = Some(std::path::PathBuf::from(rest));
        }
        let dir = self.world.documents.as_ref().map(|d| Json::Str(d.display().to_string()));
        Json::obj(vec![("documents", dir.unwrap_or(Json::Null))])
    }

    /// `seed N`: the cards' `random(n)` draws from here on what a World seeded with N draws.
    fn seed(&mut self, rest: &str) -> Json {
        match rest.trim().parse::<u64>() {
            Ok(n) => {
                self.world.random = crate::world::Random::seeded(n);
                Json::obj(vec![("seed", Json::Str(n.to_string()))])
            }
            Err(_) => Json::error(format!("seed takes a whole number from 0 to {}, not `{}`", u64::MAX, rest.trim())),
        }
    }

    /// `save SLOT`: answered once the save is on the disk, so a process
    /// killed after the answer keeps it.
    fn save(&mut self, slot: &str) -> Json {
        match self.world.save_game(slot).and_then(|()| self.world.store.wait_for_slot(slot)) {
            Ok(()) => Json::obj(vec![("saved", Json::Str(slot.into()))]),
            Err(why) => Json::error(format!("the game was not saved: {why}")),
        }
    }

    fn load(&mut self, slot: &str) -> Json {
        match self.world.load_game(slot) {
            Ok(()) => Json::obj(vec![("loaded", Json::Str(slot.into()))]),
            Err(why) => Json::error(format!("no game was loaded: {why}")),
        }
    }

    fn restore(&mut self, name: &str) -> Json {
        let Some(w) = self.snapshots.get(name) else { return Json::error(format!("no snapshot named `{name}`")) };
        // A snapshot taken before a `reload` holds the content it had: its libraries with it.
        if !std::sync::Arc::ptr_eq(&w.game, &self.world.game) {
            self.libraries = Rc::new(Libraries::start(&w.game));
        }
        self.world = w.clone();
        self.notices_told = self.notices_told.min(self.world.notices.len());
        Json::obj(vec![("restored", Json::Str(name.into()))])
    }

    fn drop_snapshot(&mut self, name: &str) -> Json {
        match self.snapshots.remove(name) {
            Some(_) => Json::obj(vec![("dropped", Json::Str(name.into()))]),
            None => Json::error(format!("no snapshot named `{name}`")),
        }
    }

    /// `reload`: the content folder read again from disk, the game carried
    /// over to it ([`Driver::reload_content`]). Answers what could not be
    /// kept, or the new files' mistakes (each `FILE:LINE:COLUMN: error: ...`),
    /// the game going on with the content it had.
    fn reload(&mut self) -> Json {
        let strs = |v: Vec<String>| Json::Arr(v.into_iter().map(Json::Str).collect());
        match self.reload_content() {
            Ok(Reloaded { notes, started_again }) => Json::obj(vec![
                ("reloaded", Json::Str(self.world.game.files.display().to_string())),
                ("started again", Json::Bool(started_again)),
                ("not kept", strs(notes)),
            ]),
            Err(mistakes) => {
                let n = mistakes.len();
                let error = format!(
                    "the content has {n} mistake{}; the game goes on with the content it had",
                    if n == 1 { "" } else { "s" }
                );
                Json::obj(vec![("error", Json::Str(error)), ("mistakes", strs(mistakes))])
            }
        }
    }

    /// Reads the game's content folder again and carries the game over to
    /// it through the save format (`World::reloaded`): the position, the
    /// tables whose files did not change, the Globals and the Game State
    /// are kept, and what could not be is told (in the answer and as a
    /// notice to the player). When the game cannot go on at all (the scene
    /// places other Objects), the new content starts afresh, which is told
    /// too. The libraries are resolved again. Err: the new files' mistakes,
    /// each as `FILE:LINE:COLUMN: error: MESSAGE` (its first line), for the
    /// caller to show until they are fixed; nothing changes.
    pub fn reload_content(&mut self) -> Result<Reloaded, Vec<String>> {
        let files = self.world.game.files.clone();
        // In the language the game is shown in (`--lang`, or the system's).
        let lang = self.world.game.lang.clone();
        let loaded = match crate::load::load_files_in(files.clone(), lang.as_deref()) {
            Ok(loaded) => loaded,
            Err(diags) => {
                let errors = diags.iter().filter(|d| d.severity == crate::source::diag::Severity::Error);
                let mistakes: Vec<String> =
                    errors.map(|d| files.locate(d).lines().next().unwrap_or_default().to_string()).collect();
                return Err(mistakes);
            }
        };
        let game = std::sync::Arc::new(loaded.game);
        let (fresh, notes, started_again) = match self.world.reloaded(game.clone()) {
            Ok((world, notes)) => (world, notes, false),
            Err(why) => (World::new(game.clone()), vec![format!("the game started again: {why}")], true),
        };
        // The Logic Components switched off (`--off`, `off`) stay off by
        // name: the new content may number its components otherwise.
        let off: Vec<String> = self
            .world
            .host_off
            .iter()
            .filter_map(|c| self.world.game.components.get(c.index()))
            .map(|c| c.name.clone())
            .collect();
        self.world.take_over(fresh);
        self.world.host_off = off.iter().filter_map(|name| game.names.components.get(name).copied()).collect();
        if started_again {
            self.world.start();
        } else {
            self.libraries.carry_over(&mut self.world);
        }
        for n in &notes {
            self.world.notices.push(format!("Reloaded: {n}"));
        }
        self.libraries = Rc::new(Libraries::start(&game));
        self.world.save_check = Some(self.libraries.clone());
        let mut notes = notes;
        if started_again {
            // The new game starts where the command line said, as the first did.
            for (name, value) in &self.start_options {
                if let Err(e) = crate::library::apply_option(&self.libraries, &mut self.world, name, value) {
                    let note = format!("--{name} could not be applied to the new game: {e}");
                    self.world.notices.push(format!("Reloaded: {note}"));
                    notes.push(note);
                }
            }
        }
        let trees = Rc::new(loaded.trees);
        if self.walked.is_some() {
            self.walked = Some(trees.clone());
        }
        if self.trees.is_some() {
            self.trees = Some(trees);
        }
        Ok(Reloaded { notes, started_again })
    }

    /// `snapshot N`: the whole World kept under N (1 to 64 characters), at
    /// most [`SNAPSHOTS`] names at once.
    fn snapshot(&mut self, name: &str) -> Json {
        if name.is_empty() || name.chars().count() > SNAPSHOT_NAME {
            return Json::error(format!("a snapshot's name is 1 to {SNAPSHOT_NAME} characters, found `{name}`"));
        }
        if self.snapshots.len() >= SNAPSHOTS && !self.snapshots.contains_key(name) {
            return Json::error(format!(
                "{SNAPSHOTS} snapshots are kept already, the most the driver keeps: `drop N` one first (or take an \
                 old name again)"
            ));
        }
        let mut kept = self.world.clone();
        // A snapshot taken by a traced `snapshot` is no trace: restored, it would trace every command after.
        kept.trace = None;
        self.snapshots.insert(name.to_string(), kept);
        Json::obj(vec![("snapshot", Json::Str(name.into()))])
    }

    /// `wait SECONDS`: the game's clock moves on by SECONDS (up to an hour),
    /// in ticks of at most 1/60 s, as the window's frames move it. An
    /// answer of a code library (an engine's Move) is taken in before each
    /// tick; while one is on its way, the clock moves no faster than real
    /// time (it waits for the answer up to the tick's time), so a test
    /// waits no longer than SECONDS for it, and no longer than it must.
    fn wait(&mut self, rest: &str) -> Json {
        match rest.parse::<f64>() {
            Ok(s) if s.is_finite() && (0.0..=3600.0).contains(&s) => {
                let ticks = (s / crate::world::FRAME - crate::world::EPSILON).ceil().max(1.0);
                let dt = s / ticks;
                let started = std::time::Instant::now();
                let clock = self.world.time;
                for _ in 0..ticks as u64 {
                    self.libraries.pump(&mut self.world);
                    if self.libraries.awaiting() {
                        let ahead = self.world.time + dt - clock - started.elapsed().as_secs_f64();
                        if ahead > 0.0 {
                            self.libraries.wait_answer(std::time::Duration::from_secs_f64(ahead));
                            self.libraries.pump(&mut self.world);
                        }
                    }
                    if s > 0.0 {
                        self.world.tick(dt);
                    }
                }
                Json::obj(vec![("waited", Json::Num(s)), ("time", Json::Num(self.world.time))])
            }
            _ => Json::error(format!("`wait` takes a number of seconds from 0 to 3600, found `{rest}`")),
        }
    }

    /// Where a mouse command points: `X Y` (game-screen pixels from the
    /// bottom-left), or the centre of the first Object named NAME that has a
    /// box, as `click` finds it.
    fn point_of(&self, rest: &str) -> Result<(f32, f32), Json> {
        let words = split_words(rest);
        if let [x, y] = words.as_slice() {
            if let (Ok(x), Ok(y)) = (x.parse::<f32>(), y.parse::<f32>()) {
                if x.is_finite() && y.is_finite() {
                    return Ok((x, y));
                }
            }
        }
        let name = unquote(rest);
        let game = &self.world.game;
        let target = self.world.object_named(name).find(|id| {
            let o = &self.world.objects[id.0 as usize];
            game.types[o.ty.0 as usize].hit_box.is_some()
        });
        match target {
            Some(id) => Ok(self.world.screen_point(id)),
            None => Err(Json::error(format!(
                "no Object named `{name}` that can be clicked, and not a point `X Y` of the game screen"
            ))),
        }
    }

    /// The left button down, the mouse moved, or the button up, at a point.
    fn mouse(&mut self, rest: &str, what: Mouse) -> Json {
        let (x, y) = match self.point_of(rest) {
            Ok(p) => p,
            Err(e) => return e,
        };
        self.mouse_at(x, y, what);
        let verb = match what {
            Mouse::Down => "mousedown",
            Mouse::Move => "mousemove",
            Mouse::Up => "mouseup",
        };
        Json::obj(vec![
            (verb, Json::Arr(vec![Json::Num(f64::from(x)), Json::Num(f64::from(y))])),
            ("dragging", Json::Bool(self.world.dragging)),
        ])
    }

    fn mouse_at(&mut self, x: f32, y: f32, what: Mouse) {
        let trees = self.walked.clone();
        let trees = trees.as_deref();
        match what {
            Mouse::Down => self.world.mouse_down(x, y, trees),
            Mouse::Move => self.world.mouse_move(x, y, trees),
            Mouse::Up => self.world.mouse_up(x, y, trees),
        }
    }

    /// `window W H`: the game screen fitted into a window W by H pixels, as
    /// the window fits it (`present::fit`): the room shown beside it is the
    /// World's ([`World::set_beside`]).
    fn window(&mut self, rest: &str) -> Json {
        let words = split_words(rest);
        let size = |w: &String| w.parse::<u32>().ok().filter(|n| (100..=8192).contains(n));
        let (w, h) = match words.as_slice() {
            [w, h] => match (size(w), size(h)) {
                (Some(w), Some(h)) => (w, h),
                _ => {
                    return Json::error(format!(
                        "`window` takes a width and a height, each 100 to 8192 pixels, found `{rest}`"
                    ))
                }
            },
            _ => {
                return Json::error(format!(
                    "`window` takes a width and a height, each 100 to 8192 pixels, found `{rest}`"
                ))
            }
        };
        let fit = crate::present::fit(self.world.game.screen, w as f32, h as f32);
        self.world.set_beside(fit.beside);
        Json::obj(vec![
            ("window", Json::Arr(vec![Json::Num(f64::from(w)), Json::Num(f64::from(h))])),
            ("beside", Json::Num(f64::from(self.world.beside))),
        ])
    }

    /// `drag FROM TO`: as a player drags, the button down over FROM, a move
    /// halfway, a move over TO, the button up over TO.
    fn drag(&mut self, rest: &str) -> Json {
        let words = split_words(rest);
        let [from, to] = words.as_slice() else {
            return Json::error(format!("`drag` takes two Objects' names, FROM and TO, found `{rest}`"));
        };
        let quoted = |s: &str| format!("\"{s}\"");
        let (a, b) = match (self.point_of(&quoted(from)), self.point_of(&quoted(to))) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => return e,
        };
        self.mouse_at(a.0, a.1, Mouse::Down);
        self.mouse_at((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0, Mouse::Move);
        self.mouse_at(b.0, b.1, Mouse::Move);
        self.mouse_at(b.0, b.1, Mouse::Up);
        Json::obj(vec![("dragged", Json::Arr(vec![Json::Str(from.clone()), Json::Str(to.clone())]))])
    }

    fn click(&mut self, name: &str) -> Json {
        let name = unquote(name);
        let game = self.world.game.clone();
        let target = self.world.object_named(name).find(|id| {
            let o = &self.world.objects[id.0 as usize];
            game.types[o.ty.0 as usize].hit_box.is_some()
        });
        match target {
            Some(id) => {
                let (x, y) = self.world.screen_point(id);
                self.click_point(x, y);
                Json::obj(vec![("clicked", Json::Str(name.into()))])
            }
            None => Json::error(format!("no Object named `{name}` that can be clicked")),
        }
    }

    /// A key pressed, as the window presses it (`key Left`, `key Escape`,
    /// `key A`): the Commands the Input Contexts that are on bind to it run.
    fn key(&mut self, name: &str) -> Json {
        let Some(key) = crate::game::Key::parse(name) else {
            return Json::error(format!("unknown key `{name}`; expected {}", crate::game::Key::known()));
        };
        let sent = match &self.walked {
            None => self.world.press_key(key),
            Some(trees) => self.world.press_key_walked(key, trees),
        };
        let game = &self.world.game;
        let commands = sent.events().iter().map(|e| Json::Str(game.events[e.index()].name.clone())).collect();
        let mut answer = vec![("key", Json::Str(key.name())), ("commands", Json::Arr(commands))];
        if let Some(id) = sent.pressed {
            answer.push(("pressed", Json::Str(self.world.syms.text(self.world.objects[id.0 as usize].name).into())));
        }
        Json::obj(answer)
    }

    /// Presses a shown button, found by its name or the text it shows; while
    /// a menu is open, only a button of an open menu (the others hear nothing).
    fn press(&mut self, name: &str) -> Json {
        let name = unquote(name);
        let game = self.world.game.clone();
        let ids: Vec<ObjectId> = (0..self.world.objects.len() as u32).map(ObjectId).collect();
        let held = self.world.menu_open();
        for id in ids {
            let o = &self.world.objects[id.0 as usize];
            let t = &game.types[o.ty.0 as usize];
            if t.layer != Layer::Screen || t.hit_box.is_none() || !self.world.shown(o) {
                continue;
            }
            if held && !self.world.in_open_menu(o) {
                continue;
            }
            if self.world.syms.text(o.name) == name || self.world.text_of(id) == name {
                if self.world.objects[id.0 as usize].button_off {
                    return Json::error(format!(
                        "the button `{name}` is off (set button on: false) and hears no click"
                    ));
                }
                let (x, y) = self.world.screen_point(id);
                self.click_point(x, y);
                return Json::obj(vec![("pressed", Json::Str(name.into()))]);
            }
        }
        if held {
            let open: Vec<&str> = game
                .groups
                .iter()
                .zip(&game.group_kinds)
                .zip(&self.world.groups)
                .filter(|((_, k), shown)| **k == crate::game::GroupKind::Menu && **shown)
                .map(|(((n, _), _), _)| n.as_str())
                .collect();
            return Json::error(format!(
                "no button named or showing `{name}` in the open menu ({}), which holds the game",
                open.join(", ")
            ));
        }
        Json::error(format!("no button named or showing `{name}`"))
    }

    fn table(&self, name: &str) -> Json {
        let game = &self.world.game;
        let Some(&t) = game.names.tables.get(name) else { return Json::error(format!("no table named `{name}`")) };
        let def = &game.tables[t.index()];
        let table = &self.world.tables[t.index()];
        let rows = (0..table.row_count())
            .map(|r| {
                let mut pairs = vec![("name".to_string(), Json::Str(self.world.syms.text(table.rows()[r]).into()))];
                for (c, col) in def.columns.iter().enumerate() {
                    pairs.push((col.name.clone(), self.value(table.cell(r, crate::ids::ColumnId(c as u16)))));
                }
                Json::Obj(pairs)
            })
            .collect();
        Json::obj(vec![("table", Json::Str(name.into())), ("rows", Json::Arr(rows))])
    }

    fn global(&self, name: &str) -> Json {
        match self.world.game.names.globals.get(name) {
            Some(g) => Json::obj(vec![
                ("global", Json::Str(name.into())),
                ("value", self.value(self.world.globals[g.index()])),
            ]),
            None => Json::error(format!("no Global named `{name}`")),
        }
    }

    /// `get OBJECT PATH`: `get "Game Rules" boardState`, `get e2 squareInfo.name`.
    fn get(&mut self, rest: &str) -> Json {
        let words = split_words(rest);
        let [name, path] = &words[..] else { return Json::error("usage: get OBJECT PATH (quote a name with spaces)") };
        // NAME/TYPE: the Object of that type where several share the name (`e2/Piece`),
        // for a Data Structure as for what it shows.
        let whole = self.world.object_named(name).next();
        let (base, ty) = match (whole, name.split_once('/')) {
            (None, Some((n, t))) => (n, Some(t)),
            _ => (name.as_str(), None),
        };
        let game = self.world.game.clone();
        let of_type =
            |w: &World, id: &ObjectId| ty.is_none_or(|t| game.types[w.objects[id.0 as usize].ty.0 as usize].name == t);
        let Some(id) = whole.or_else(|| self.world.object_named(base).find(|id| of_type(&self.world, id))) else {
            let of = ty.map_or(String::new(), |t| format!(" of the type `{t}`"));
            return Json::error(format!("no Object named `{base}`{of}"));
        };
        let (full, name) = (name.as_str(), base);
        let o = &self.world.objects[id.0 as usize];
        let t = &game.types[o.ty.0 as usize];
        let (slot, field) = path.split_once('.').map_or((path.as_str(), None), |(s, f)| (s, Some(f)));
        let Some(&s) = game.names.slots.get(slot) else {
            return self.get_shown(full, path);
        };
        let Some(offset) = t.struct_offset.get(s.index()).copied().flatten() else {
            return Json::error(format!("the Object `{name}` has no {}", game.structs[s.index()].name));
        };
        let def = &game.structs[s.index()];
        let value_of = |i: usize| {
            if def.fields[i].is_object_name {
                Json::Str(self.world.syms.text(o.name).into())
            } else {
                self.value(o.fields[offset as usize + i])
            }
        };
        match field {
            None => Json::Obj(def.fields.iter().enumerate().map(|(i, f)| (f.name.clone(), value_of(i))).collect()),
            Some(f) => match def.fields.iter().position(|fd| fd.name == f) {
                Some(i) => Json::obj(vec![("value", value_of(i))]),
                None => Json::error(format!("the {} has no field `{f}`", def.name)),
            },
        }
    }

    /// `get OBJECT PATH` for what an Object shows, as `objects` shows it:
    /// `sprite.frame`, `transform.position.x`, `text.text`, `text.color`,
    /// or any key of its `objects` entry (`frame`, `x`, `visible`, `buttonOn` ...).
    fn get_shown(&mut self, name: &str, path: &str) -> Json {
        let alias = match path {
            "transform.position" | "position" => "x,y",
            "transform.position.x" | "position.x" => "x",
            "transform.position.y" | "position.y" => "y",
            "text.text" => "text",
            "text.color" => "textColor",
            p => p.strip_prefix("sprite.").unwrap_or(p),
        };
        // NAME/TYPE: the Object of that type where several share the name (e2/Piece).
        let (name, ty) = name.split_once('/').map_or((name, None), |(n, t)| (n, Some(t)));
        let Json::Obj(mut all) = self.objects(name) else { return Json::error("no objects") };
        let Some((_, Json::Arr(list))) = all.pop() else { return Json::error("no objects") };
        let is = |pairs: &[(String, Json)], key: &str, want: &str| {
            pairs.iter().any(|(k, v)| k == key && *v == Json::Str(want.into()))
        };
        let first = list.into_iter().find_map(|o| match o {
            Json::Obj(pairs) if is(&pairs, "name", name) && ty.is_none_or(|t| is(&pairs, "type", t)) => Some(pairs),
            _ => None,
        });
        let Some(pairs) = first else {
            let of = ty.map_or(String::new(), |t| format!(" of the type `{t}`"));
            return Json::error(format!("no Object named `{name}`{of}"));
        };
        let keys: Vec<&str> = alias.split(',').collect();
        let found: Vec<(String, Json)> = pairs.iter().filter(|(k, _)| keys.contains(&k.as_str())).cloned().collect();
        match found.len() {
            n if n == keys.len() && n == 1 => {
                Json::obj(vec![("value", found.into_iter().next().map_or(Json::Null, |p| p.1))])
            }
            n if n == keys.len() => Json::obj(vec![("value", Json::Obj(found))]),
            _ => {
                let shown: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
                Json::error(format!(
                    "`{path}`: the Object `{name}` shows no such thing; expected a Data Structure (boardState, boardState.field), \
                     sprite.frame, transform.position.x, text.text, text.color, or one of: {}",
                    shown.join(", ")
                ))
            }
        }
    }

    fn eval(&mut self, text: &str) -> Json {
        let game = self.world.game.clone();
        let expr = match crate::compile::compile_loose(&game, &mut self.world.syms, text) {
            Ok(e) => e,
            Err(msg) => return Json::error(msg),
        };
        let faults = self.world.faults.len();
        match self.world.input(|w, g| w.eval_loose(g, None, &expr)) {
            Some(v) => Json::obj(vec![("value", self.value(v))]),
            None => Json::error(self.world.faults.drain(faults..).map(|f| f.message).collect::<Vec<_>>().join("; ")),
        }
    }

    /// `call Find King side='White'`: runs a Function card and prints its answer.
    fn call(&mut self, rest: &str) -> Json {
        let words = split_words(rest);
        let split = words.iter().position(|w| w.contains('=')).unwrap_or(words.len());
        let name = words[..split].join(" ");
        let game = self.world.game.clone();
        let Some(&f) = game.names.functions.get(&name) else {
            return Json::error(format!("no Function named `{name}`"));
        };
        let func = &game.functions[f.index()];
        let mut args: Vec<Option<Value>> = func.params.iter().map(|p| p.default).collect();
        for word in &words[split..] {
            let Some((key, text)) = word.split_once('=') else {
                return Json::error(format!("expected name=value, found `{word}`"));
            };
            let Some(i) = func.params.iter().position(|p| p.name == key) else {
                return Json::error(format!("`{name}` has no parameter `{key}`"));
            };
            let expr = match crate::compile::compile_loose(&game, &mut self.world.syms, text) {
                Ok(e) => e,
                Err(msg) => return Json::error(msg),
            };
            args[i] = self.world.input(|w, g| w.eval_loose(g, None, &expr));
        }
        let Some(args) = args.into_iter().collect::<Option<Vec<Value>>>() else {
            return Json::error(format!("`{name}` needs every parameter without a default"));
        };
        let faults = self.world.faults.len();
        let walked = self.walked.clone();
        // The answer is taken inside the input: a Restart Game the call
        // asked for begins the World again as the input ends.
        let answer = self.world.input(|w, g| {
            let cx = Ctx { this: None, other: Value::None, attachment: None, base: w.stack_len() };
            match &walked {
                None => w.call_function(g, &cx, f, &args)?,
                Some(trees) => w.call_function_walked(g, &cx, f, &args, trees)?,
            }
            Ok(w.answer().to_vec())
        });
        let Some(answer) = answer else {
            return Json::error(
                self.world.faults.drain(faults..).map(|f| f.to_string()).collect::<Vec<_>>().join("; "),
            );
        };
        match func.returns {
            crate::program::Returns::Nothing => Json::obj(vec![("called", Json::Str(name))]),
            crate::program::Returns::Value(_) => Json::obj(vec![("value", self.value(answer[0]))]),
            crate::program::Returns::Struct(s) => Json::Obj(
                game.structs[s.index()]
                    .fields
                    .iter()
                    .zip(&answer)
                    .map(|(fd, v)| (fd.name.clone(), self.value(*v)))
                    .collect(),
            ),
        }
    }

    fn objects(&mut self, filter: &str) -> Json {
        let game = self.world.game.clone();
        let mut out = Vec::new();
        for i in 0..self.world.objects.len() {
            let id = ObjectId(i as u32);
            let o = &self.world.objects[i];
            let t = &game.types[o.ty.0 as usize];
            let name = self.world.syms.text(o.name).to_string();
            if !o.alive || !(filter.is_empty() || name == filter || t.name == filter) {
                continue;
            }
            let mut pairs = vec![
                ("name", Json::Str(name)),
                ("type", Json::Str(t.name.clone())),
                ("x", Json::Num(f64::from(o.x))),
                ("y", Json::Num(f64::from(o.y))),
            ];
            let button_on = (t.layer == Layer::Screen && t.hit_box.is_some()).then_some(!o.button_off);
            if t.sprite.is_some() {
                pairs.push(("frame", Json::Num(f64::from(o.frame))));
                pairs.push(("alpha", Json::Num((f64::from(o.alpha) * 1000.0).round() / 1000.0)));
                pairs.push(("tint", Json::Str(format!("#{:08X}", o.tint))));
                pairs.push(("visible", Json::Bool(o.visible)));
                pairs.extend(self.looks(o));
            }
            if t.text.is_some() {
                let (color, visible) = (o.text_color, o.visible);
                pairs.push(("text", Json::Str(self.world.text_of(id))));
                pairs.push(("textColor", Json::Str(format!("#{color:08X}"))));
                pairs.push(("visible", Json::Bool(visible)));
            }
            if let Some(on) = button_on {
                pairs.push(("buttonOn", Json::Bool(on)));
            }
            pairs.extend(self.panel_state(id));
            out.push(Json::obj(pairs));
        }
        Json::obj(vec![("objects", Json::Arr(out))])
    }

    /// What Set Sprite and Set Scale changed of an Object's sprite: its
    /// picture (`image`, its path) when not its type's, each scale not 1.
    fn looks(&self, o: &crate::world::Object) -> Vec<(&'static str, Json)> {
        let mut pairs = Vec::new();
        if let Some(image) = o.image.and_then(|i| self.world.game.images.get(i.index())) {
            let path: Vec<String> = image.path.components().map(|c| c.as_os_str().to_string_lossy().into()).collect();
            pairs.push(("image", Json::Str(path.join("/"))));
        }
        for (key, scale) in [("scaleX", o.scale_x), ("scaleY", o.scale_y)] {
            if scale != 1.0 {
                pairs.push((key, Json::Num((f64::from(scale) * 1000.0).round() / 1000.0)));
            }
        }
        pairs
    }

    /// An Object's UI Group and whether it is shown (its own visibility, its
    /// group's and, for an element, its menu's), and its Logic Components
    /// switched off, when there are.
    fn panel_state(&self, id: ObjectId) -> Vec<(&'static str, Json)> {
        let (world, game) = (&self.world, &self.world.game);
        let o = &world.objects[id.0 as usize];
        let mut pairs = Vec::new();
        if let Some(g) = o.group {
            let name = game.groups.get(g.0 as usize).map_or(String::new(), |(n, _)| n.clone());
            pairs.push(("group", Json::Str(name)));
            pairs.push(("shown", Json::Bool(world.shown(o))));
        }
        let off: Vec<Json> = world
            .disabled
            .iter()
            .filter(|(of, _)| *of == id)
            .map(|(_, c)| Json::Str(game.components[c.index()].name.clone()))
            .collect();
        if !off.is_empty() {
            pairs.push(("off", Json::Arr(off)));
        }
        pairs
    }

    /// `draws`: draws a frame (its Draw Events run, as the window's each
    /// frame) and answers its lines: the Object that drew each, its ends in
    /// screen pixels from the bottom-left, its width and its color.
    fn draws(&mut self) -> Json {
        self.world.run_draw_events();
        let lines = self.world.draws.lines.iter().map(|l| {
            let name = self.world.objects.get(l.object.0 as usize).map_or("", |o| self.world.syms.text(o.name));
            let [x1, y1, x2, y2] = l.ends.map(|v| Json::Num((v as f64 * 1000.0).round() / 1000.0));
            Json::obj(vec![
                ("object", Json::Str(name.into())),
                ("from", Json::Arr(vec![x1, y1])),
                ("to", Json::Arr(vec![x2, y2])),
                ("width", Json::Num((l.width as f64 * 1000.0).round() / 1000.0)),
                ("color", Json::Str(format!("#{:08X}", l.color))),
            ])
        });
        Json::obj(vec![("lines", Json::Arr(lines.collect()))])
    }

    fn value(&self, v: Value) -> Json {
        super::trace::value_json(&self.world, v)
    }
}

fn notices_json(notices: &[String]) -> Json {
    Json::Arr(notices.iter().map(|n| Json::Str(n.clone())).collect())
}

fn faults_json(faults: &[crate::world::Fault]) -> Json {
    Json::Arr(faults.iter().map(|f| Json::Str(f.to_string())).collect())
}

fn unquote(s: &str) -> &str {
    let s = s.trim();
    s.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(s)
}

/// Words split at spaces; a word in double quotes may hold spaces.
fn split_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::{Driver, Own, COMMANDS, PLAY_VERBS};
    use crate::json::Json;
    use std::path::Path;
    use std::rc::Rc;

    /// Each row of the driver's table is a command the driver runs and
    /// `help` and docs/driver.md list: its verb is one word no other row
    /// has, its usage starts with it, and the verb alone reaches its own
    /// command (an answer, or its own error), never "unknown command".
    #[test]
    fn every_command_in_the_table_runs_and_is_listed() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let game = match crate::load::load(&root.join("tests/fixtures/language")) {
            Ok(loaded) => loaded.game,
            Err(mistakes) => panic!("the language fixture loads: {mistakes:?}"),
        };
        let docs = std::fs::read_to_string(root.join("docs/driver.md")).expect("docs/driver.md");
        let mut driver = Driver::new(std::sync::Arc::new(game));
        let help = driver.command("help");
        let listed: Vec<&str> = help.get("help").as_str().unwrap_or_default().split(" | ").collect();
        // The fixture has no `play:`: the play commands are not listed, and answer so.
        let shown: Vec<&Own> = COMMANDS.iter().filter(|c| !PLAY_VERBS.contains(&c.verb)).collect();
        for (i, c) in COMMANDS.iter().enumerate() {
            assert!(!c.verb.is_empty() && !c.verb.contains(char::is_whitespace), "`{}`", c.verb);
            assert!(COMMANDS[..i].iter().all(|o| o.verb != c.verb), "`{}` twice", c.verb);
            assert!(c.usage == c.verb || c.usage.starts_with(&format!("{} ", c.verb)), "`{}`", c.usage);
            let answer = driver.command(c.verb);
            let error = answer.get("error").as_str().unwrap_or_default();
            assert!(
                !error.starts_with("unknown command") && !error.starts_with("an empty command"),
                "{}: {answer}",
                c.verb
            );
            if PLAY_VERBS.contains(&c.verb) {
                assert!(error.contains("game.yaml has no `play:`"), "{}: {answer}", c.verb);
            }
            let row = |l: &str| l.starts_with("| `") && l.contains(&format!("`{}`", c.usage));
            assert!(docs.lines().any(row), "docs/driver.md's commands table has no row for `{}`", c.usage);
        }
        for (i, c) in shown.iter().enumerate() {
            assert_eq!(listed[i].trim_start_matches("commands: "), c.usage, "help lists the table's rows in order");
        }
        assert_eq!(listed.len(), shown.len(), "the language fixture's game uses no library: {listed:?}");
        let does = help.get("driver commands").as_array();
        assert_eq!(does.len(), shown.len(), "{help}");
        assert!(does.iter().zip(shown).all(|(d, c)| d.get("does") == &Json::Str(c.help.into())), "{help}");
    }

    /// A trace lasts its command: none is left in the World after it, nor
    /// in a snapshot a traced `snapshot` kept, once restored.
    #[test]
    fn a_trace_ends_with_its_command() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let loaded = crate::load::load(&root.join("tests/fixtures/language")).unwrap_or_else(|_| panic!("loads"));
        let mut driver = Driver::new(std::sync::Arc::new(loaded.game)).with_trees(Rc::new(loaded.trees));
        for command in ["trace call Factorial n=3", "trace snapshot a", "restore a", "trace restore a"] {
            let answer = driver.command(command);
            assert!(!answer.is_error(), "{command}: {answer}");
            assert!(driver.world.trace.is_none(), "a trace is left after `{command}`");
        }
    }
}
