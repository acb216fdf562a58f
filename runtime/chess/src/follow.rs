//! Whether each engine follows the cards, `cardtable check`'s question to
//! the chess library ([`Resolved::check_play`]): the built-in engine (its
//! legal moves, `enginemoves`) and the UCI engine the game would ask
//! (Stockfish, or the program of its Variant Engine table; `go perft 1`
//! lists its moves) against the cards' legal moves (the chess library's
//! [`Chess::legal_moves`]) and the cards' ends of a game, at the start and
//! along [`PLAYOUTS`] playouts of up to [`PLIES`] plies, each move drawn
//! from the cards' moves by the World's generator, seeded. The first
//! position where an engine differs is named by its FEN, the moves that
//! led there and the move (or the game's end); an engine that agrees
//! throughout is told in one line.
//!
//! The check is a [`Checking`]: the cards' side (the playouts, which play
//! the World's cards) moves a slice at a time on the World's thread, and
//! the engines are asked on a thread of their own, so that the window's
//! frame never waits for an engine (the Stockfish Bridge's check at a
//! game's first question); `cardtable check` plays it whole
//! ([`check_engines`]).
//!
//! A UCI engine is bounded: [`START_SECONDS`] to start, [`POSITION_SECONDS`]
//! a position, then its process group is ended ([`crate::process`]); it is
//! then told as not checked, which is no fault of the content.
//!
//! [`Resolved::check_play`]: cardtable_runtime::library::Resolved::check_play

use crate::engine::{with_rules, AnyRules, Board};
use crate::facts::Tables;
use crate::library::Chess;
use crate::stockfish_bridge::{find_program, UciProcess, VariantEngine};
use cardtable_runtime::library::Finding;
use cardtable_runtime::world::{Random, World};
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many playouts are played from the start.
pub const PLAYOUTS: u64 = 8;
/// How many plies a playout plays at most.
pub const PLIES: usize = 40;
/// How long a UCI engine may take to start (`uciok`, and `readyok` after
/// its variant is set).
pub const START_SECONDS: f64 = 10.0;
/// How long a UCI engine may take to list one position's moves.
pub const POSITION_SECONDS: f64 = 5.0;

/// An engine as the check asks it: its name in the report, and its legal
/// moves of a position (a FEN), in UCI form.
trait Engine: Send {
    fn name(&self) -> String;
    fn moves(&mut self, fen: &str) -> Result<BTreeSet<String>, String>;
}

/// The built-in engine, on the content's rules.
struct BuiltIn {
    rules: AnyRules,
}

impl Engine for BuiltIn {
    fn name(&self) -> String {
        "the built-in engine".into()
    }

    fn moves(&mut self, fen: &str) -> Result<BTreeSet<String>, String> {
        // Chess960's castlings start where this position's Kings and Rooks stand.
        let rules = self.rules.fitted(fen).unwrap_or_else(|| self.rules.clone());
        with_rules!(&rules, r => Board::from_fen(r, fen).map(|mut b| {
            let mut moves = Vec::new();
            b.legal_moves(r, &mut moves);
            moves.iter().map(|&m| Board::uci(r, m)).collect()
        }))
    }
}

/// A UCI engine, started at its first position and kept.
struct Uci {
    path: PathBuf,
    /// The `UCI_Variant` it is told (a Variant Engine's).
    variant: Option<String>,
    process: Option<UciProcess>,
    closing: Arc<AtomicBool>,
}

impl Uci {
    fn started(&mut self) -> Result<&mut UciProcess, String> {
        if self.process.is_none() {
            let mut process = UciProcess::start(&self.path, &self.closing)?;
            if let Some(v) = &self.variant {
                process.send(&format!("setoption name UCI_Variant value {v}"))?;
            }
            process.send("isready")?;
            process.expect("readyok", START_SECONDS, None)?;
            self.process = Some(process);
        }
        self.process.as_mut().ok_or_else(|| "no engine".to_string())
    }
}

impl Engine for Uci {
    fn name(&self) -> String {
        format!("the UCI engine {}", self.path.display())
    }

    fn moves(&mut self, fen: &str) -> Result<BTreeSet<String>, String> {
        let asked = (|| {
            let process = self.started()?;
            process.send(&format!("position fen {fen}"))?;
            process.send("go perft 1")?;
            let mut moves = BTreeSet::new();
            // `e2e4: 1`, a line a move, then `Nodes searched: N`.
            // An engine that does not know `perft` may search instead: its
            // `bestmove` says so at once, and it is not waited for.
            let last = process.read_until_one_of(&["Nodes", "bestmove"], POSITION_SECONDS, None, |line| {
                if let Some((m, _)) = line.split_once(": ") {
                    if (4..=7).contains(&m.len()) && m.bytes().all(|b| b.is_ascii_alphanumeric()) {
                        moves.insert(m.to_string());
                    }
                }
            })?;
            if last.starts_with("bestmove") {
                return Err("it answers `go perft 1` with a search (`bestmove`), not with its moves".to_string());
            }
            Ok(moves)
        })();
        if asked.is_err() {
            // Ended whole (its process group), now: it is asked no more.
            self.process = None;
        }
        asked
    }
}

/// One engine's part of the check: the engine, and what it came to.
struct Asked {
    engine: Box<dyn Engine>,
    /// Its first difference from the cards, or why it could not be asked
    /// (a note): it is asked no more.
    told: Option<Finding>,
}

/// The UCI engine a check asks, besides the built-in engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UciChoice {
    /// The program the game would look for: the Variant Engine table's, or
    /// Stockfish (on `PATH`, or in `/usr/games`).
    Found,
    /// The program named (`--engine PATH`, the driver's `engine PATH`).
    Named(PathBuf),
    /// None: the built-in engine alone answers (`engine builtin`).
    NoUci,
}

/// Plays the game from `world` and says, a line an engine, whether each
/// engine follows the cards (the UCI engine the game would look for).
pub fn check(chess: &Chess, world: &World) -> Vec<Finding> {
    check_engines(chess, world, &UciChoice::Found)
}

/// [`check`], with the UCI engine `uci`: the engine the game asks is the
/// engine checked. Played whole here ([`Checking`], its cards' side on this
/// thread, its engines on a thread of their own).
pub fn check_engines(chess: &Chess, world: &World, uci: &UciChoice) -> Vec<Finding> {
    let mut checking = Checking::start(chess, world, uci);
    loop {
        if let Some(found) = checking.advance(chess, Duration::from_secs(3600), true) {
            return found;
        }
    }
}

/// What the cards' side of a check hands the engines' thread, in order.
enum Step {
    /// A position of a playout: its FEN, the moves that led there, the
    /// cards' legal moves, whether the cards end the game there, and
    /// whether it is drawn by repetition or the fifty-move rule.
    Position { fen: String, line: Vec<String>, cards: BTreeSet<String>, over: bool, drawn: bool },
    /// The cards could go no further (a note): the check ends there.
    Fault(Finding),
    /// Every playout played.
    End,
}

/// An engines' check on its way: the cards' side (the playouts, on a copy
/// of the World) moves a slice at a time on the World's thread
/// ([`Checking::advance`]: the window's frame goes on between slices),
/// each position handed to the engines' thread, which asks each engine and
/// answers the findings once each engine has differed or every position is
/// asked. Dropped before its answer, its engines are ended (a UCI engine's
/// wait stops at once) and its thread waited for.
pub struct Checking {
    /// The copy of the World each playout starts from.
    from: World,
    w: World,
    playout: u64,
    random: Random,
    line: Vec<String>,
    /// How often each position (placement, side, castling, en passant) came in this playout.
    seen: HashMap<String, u32>,
    ply: usize,
    /// The cards' side has handed over its last step.
    produced: bool,
    steps: Option<Sender<Step>>,
    found: Option<Receiver<Vec<Finding>>>,
    /// The findings, once in.
    done: Option<Vec<Finding>>,
    /// Set on drop: a UCI engine's wait stops.
    closing: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Checking {
    /// Starts the check of the engines the game would ask (`uci`: the UCI
    /// engine) from `world`'s position, on a copy of it.
    pub fn start(chess: &Chess, world: &World, uci: &UciChoice) -> Checking {
        let closing = Arc::new(AtomicBool::new(false));
        let mut notes = Vec::new();
        let engines = engines(chess, world, uci, &mut notes, &closing);
        // Its saves dropped, its calls into the libraries never handed over; and
        // the libraries not held (a World holds them to check its saves: a
        // copy kept in the bridge that holds it would keep the bridge for ever).
        let mut from = cardtable_runtime::play::rehearsal(world);
        from.save_check = None;
        let mut checking = Checking {
            w: from.clone(),
            from,
            playout: 0,
            random: Random::seeded(1),
            line: Vec::new(),
            seen: HashMap::new(),
            ply: 0,
            produced: false,
            steps: None,
            found: None,
            done: None,
            closing,
            thread: None,
        };
        if engines.is_empty() {
            checking.done = Some(notes);
            return checking;
        }
        let (steps, step_rx) = channel::<Step>();
        let (found_tx, found) = channel::<Vec<Finding>>();
        let thread = std::thread::Builder::new()
            .name("engines' check".into())
            .spawn(move || ask_engines(engines, notes, &step_rx, &found_tx));
        match thread {
            Ok(t) => {
                checking.thread = Some(t);
                checking.steps = Some(steps);
                checking.found = Some(found);
            }
            Err(e) => checking.done = Some(vec![note(format!("the engines' check could not start its thread: {e}"))]),
        }
        checking
    }

    /// Whether its findings are in (no more [`Checking::advance`] is needed).
    pub fn is_done(&self) -> bool {
        self.done.is_some()
    }

    /// The findings if they are in, without waiting and without playing
    /// the cards' side on.
    pub fn take(&mut self) -> Option<Vec<Finding>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        let found = self.found.as_ref()?.try_recv();
        match found {
            Ok(found) => self.finished(found),
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.finished(vec![note("the engines' check ended without an answer".into())])
            }
        }
    }

    /// Plays the cards' side on for about `time` (at least one position),
    /// then takes the findings if they are in: Some once they are (each
    /// call after that answers them again). `wait`: once the cards' side
    /// is played, waits up to `time` for the engines' thread.
    pub fn advance(&mut self, chess: &Chess, time: Duration, wait: bool) -> Option<Vec<Finding>> {
        let until = Instant::now() + time;
        loop {
            if let Some(done) = &self.done {
                return Some(done.clone());
            }
            if let Some(found) = self.found.as_ref().and_then(|rx| rx.try_recv().ok()) {
                return self.finished(found);
            }
            if self.produced {
                let left = until.saturating_duration_since(Instant::now());
                let found = match (&self.found, wait) {
                    (Some(rx), true) => rx.recv_timeout(left).map_err(|e| matches!(e, RecvTimeoutError::Disconnected)),
                    _ => Err(false),
                };
                return match found {
                    Ok(found) => self.finished(found),
                    Err(true) => self.finished(vec![note("the engines' check ended without an answer".into())]),
                    Err(false) => None,
                };
            }
            let step = self.produce(chess);
            if matches!(step, Step::Fault(_) | Step::End) {
                self.produced = true;
            }
            // The engines' thread gone: its findings are in, or it failed (told above).
            if let Some(steps) = &self.steps {
                let _ = steps.send(step);
            }
            if Instant::now() >= until {
                return None;
            }
        }
    }

    fn finished(&mut self, found: Vec<Finding>) -> Option<Vec<Finding>> {
        self.steps = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.done = Some(found.clone());
        Some(found)
    }

    /// The cards' next position of the playouts, or why they end.
    fn produce(&mut self, chess: &Chess) -> Step {
        if self.playout >= PLAYOUTS {
            return Step::End;
        }
        let w = &mut self.w;
        let fen = match chess.fen(w) {
            Ok(fen) => fen,
            Err(e) => {
                return Step::Fault(note(format!(
                    "the cards' position cannot be read as a FEN ({e}): no engine was checked"
                )))
            }
        };
        let mut moves = Vec::new();
        if let Err(e) = chess.legal_moves(w, &mut moves) {
            return Step::Fault(note(format!("the cards fault finding the legal moves at {fen}: {e}")));
        }
        let cards: BTreeSet<String> = moves.iter().map(|&m| chess.uci(m)).collect();
        let over = chess.game_over(w);
        let key: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        let times = self.seen.entry(key).or_default();
        *times += 1;
        let drawn = *times >= 3 || fen.split(' ').nth(4).and_then(|n| n.parse::<u32>().ok()).unwrap_or(0) >= 100;
        let position = Step::Position { fen: fen.clone(), line: self.line.clone(), cards, over, drawn };
        if over || moves.is_empty() || self.ply == PLIES {
            self.next_playout();
            return position;
        }
        let m = moves[self.random.below(moves.len() as u64) as usize];
        self.line.push(chess.uci(m));
        self.ply += 1;
        if let Err(e) = chess.make(w, m).and_then(|()| chess.start_turn(w)) {
            // The position is asked first; the playouts end after it.
            let fault = note(format!("the cards fault playing {} at {fen}: {e}", chess.uci(m)));
            self.playout = PLAYOUTS;
            if let Some(steps) = &self.steps {
                let _ = steps.send(position);
            }
            return Step::Fault(fault);
        }
        position
    }

    /// The next playout, from the start, its generator seeded by its number.
    fn next_playout(&mut self) {
        self.playout += 1;
        self.w = self.from.clone();
        self.random = Random::seeded(self.playout + 1);
        self.line.clear();
        self.seen.clear();
        self.ply = 0;
    }
}
/// The engines' thread of a check: asks each engine at each position the
/// cards' side hands over, until each has differed (or could not be asked)
/// or the positions end; then answers the findings: `notes` (the engines
/// that could not be asked, the cards' fault that ended the playouts), then
/// a line an engine. Ends with no answer when the check is dropped.
fn ask_engines(mut engines: Vec<Asked>, mut notes: Vec<Finding>, steps: &Receiver<Step>, found: &Sender<Vec<Finding>>) {
    let mut positions = 0usize;
    loop {
        match steps.recv() {
            Ok(Step::Position { fen, line, cards, over, drawn }) => {
                positions += 1;
                for asked in engines.iter_mut().filter(|a| a.told.is_none()) {
                    asked.told = compare(asked.engine.as_mut(), &fen, &line, &cards, over, drawn);
                }
                if engines.iter().all(|a| a.told.is_some()) {
                    break;
                }
            }
            Ok(Step::Fault(fault)) => {
                notes.push(fault);
                break;
            }
            Ok(Step::End) => break,
            // The check was dropped: no one waits for the answer.
            Err(_) => return,
        }
    }
    let agreed = format!(
        "follows the cards: the same legal moves and game ends at {positions} positions along {PLAYOUTS} playouts of \
         up to {PLIES} plies from the start (the World's generator seeded)"
    );
    let lines = notes
        .into_iter()
        .chain(engines.into_iter().map(|a| a.told.unwrap_or_else(|| note(format!("{} {agreed}", a.engine.name())))))
        .collect();
    let _ = found.send(lines);
}

impl Drop for Checking {
    /// A check not finished: its UCI engine's wait stops, its thread ends
    /// (the engines ended with it) and is waited for.
    fn drop(&mut self) {
        self.closing.store(true, Ordering::Relaxed);
        self.steps = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A line that is no fault of the content.
fn note(text: String) -> Finding {
    Finding { text, differs: false }
}

/// The engines the game would ask, each that can be: the built-in engine
/// (a game that names `engine` or `stockfishBridge`, whose fallback it is)
/// and the UCI engine of the Stockfish Bridge (a game that names it), where
/// it would ask one (`uci`: the one named, or none); a line in `notes` for
/// each that cannot be.
fn engines(
    chess: &Chess,
    world: &World,
    uci: &UciChoice,
    notes: &mut Vec<Finding>,
    closing: &Arc<AtomicBool>,
) -> Vec<Asked> {
    let game = &world.game;
    let names = |name: &str| game.libraries.iter().any(|l| l == name);
    let mut engines: Vec<Asked> = Vec::new();
    let rules = AnyRules::new(game).map_err(String::from);
    if names("engine") || names("stockfishBridge") {
        match &rules {
            Ok(r) => engines.push(Asked { engine: Box::new(BuiltIn { rules: r.clone() }), told: None }),
            Err(e) => notes.push(note(format!("the built-in engine cannot play this game ({e}): not checked"))),
        }
    }
    if !names("stockfishBridge") || *uci == UciChoice::NoUci {
        return engines;
    }
    let variant = VariantEngine::read(&Tables::new(game, "stockfishBridge")).ok().flatten();
    // Stockfish knows chess alone: a Board or a Kind of another game is the built-in engine's.
    let start = chess.fen(world).unwrap_or_default();
    let is_chess =
        rules.as_ref().is_ok_and(|r| with_rules!(r, r => Board::from_fen(r, &start).is_ok_and(|b| b.is_chess(r))));
    if variant.is_none() && !is_chess {
        let answers = match &rules {
            Ok(_) => "the built-in engine answers for it",
            Err(_) => "and the built-in engine cannot play it: the Computer has no engine here",
        };
        notes.push(note(format!(
            "no UCI engine is asked for this game (its Board or its Kinds are not chess's, and it names no Variant \
             Engine): {answers}"
        )));
        return engines;
    }
    let program = variant.as_ref().map_or("stockfish", |v| v.program.as_str());
    let path = match uci {
        UciChoice::Named(p) => Some(p.clone()),
        _ => find_program(program),
    };
    match path {
        Some(path) => engines.push(Asked {
            engine: Box::new(Uci { path, variant: variant.map(|v| v.name), process: None, closing: closing.clone() }),
            told: None,
        }),
        None => notes.push(note(format!(
            "the UCI engine `{program}` is not found (on PATH, nor in /usr/games): not checked (the game would ask \
             the built-in engine)"
        ))),
    }
    engines
}

/// An engine against the cards at one position: None when they agree; the
/// first difference, in words (the position's FEN, the moves that led
/// there, the move or the game's end); or why the engine could not be
/// asked. `drawn`: the position came a third time in the playout, or its
/// fifty-move count is at 100, where a game ends with moves left.
fn compare(
    engine: &mut dyn Engine,
    fen: &str,
    line: &[String],
    cards: &BTreeSet<String>,
    over: bool,
    drawn: bool,
) -> Option<Finding> {
    let name = engine.name();
    let after = match line {
        [] => "at the start".to_string(),
        moves => format!("after {}", moves.join(" ")),
    };
    let theirs = match engine.moves(fen) {
        Ok(moves) => moves,
        Err(e) => {
            return Some(note(format!("{name} could not be asked ({e}), {after} ({fen}): it was ended, not checked")))
        }
    };
    let differs = |text: String| Some(Finding { text, differs: true });
    let first = theirs.symmetric_difference(cards).next();
    if let Some(m) = first {
        let (has, lacks) = if theirs.contains(m) { (name.as_str(), "the cards") } else { ("the cards", name.as_str()) };
        let more = theirs.symmetric_difference(cards).count() - 1;
        let more = if more > 0 { format!(" ({more} more moves differ)") } else { String::new() };
        return differs(format!(
            "{name} differs from the cards {after}, at {fen}: {m} is a legal move of {has}, not of {lacks}{more}"
        ));
    }
    let engine_over = theirs.is_empty() || drawn;
    match (over, engine_over) {
        (true, false) => differs(format!(
            "{name} differs from the cards {after}, at {fen}: the cards end the game there, where it plays on ({} \
             legal moves)",
            theirs.len()
        )),
        (false, true) => differs(format!(
            "{name} differs from the cards {after}, at {fen}: the cards play on there, where the game is over for it \
             ({})",
            if theirs.is_empty() { "no legal move" } else { "a draw by repetition or the fifty-move rule" }
        )),
        _ => None,
    }
}
