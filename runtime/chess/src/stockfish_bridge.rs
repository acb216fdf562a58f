//! The book's Stockfish Bridge: the library the cards call by name (`call
//! library: stockfishBridge, function: chooseComputerMove`) to ask a UCI
//! chess engine for a Move. The engine is a program (Stockfish from `PATH`,
//! or where Debian installs it, or `--engine PATH` / the driver's `engine
//! PATH`), started once and kept, spoken to on a thread of its own, so the
//! frame never waits for it. The answer comes back later: the Chosen Moves
//! table's row (Computer, or Hint) holds the Move's `from`, `to` and
//! `landingKind` (all empty when the engine gave none), and the cards hear
//! `computerMoveChosen` (or `hintChosen`), Other the Object the call was for.
//!
//! Each Strength's settings are read from the content's Strengths table
//! (`skillLevel`, `eloLimit`, `thinkingSeconds`), the Strength from the
//! Board State of the Object the call is for (`strength`); a Hint's from
//! the Hint Strength table's row Hint (the same columns), when the content
//! has that table, else from the Board State's Strength too. The bridge
//! answers only its latest question: an answer to an earlier one, or to a
//! question asked about another position or before a Restart Game (New
//! Game), is dropped, so the cards never see it.
//!
//! Where no UCI engine is found (or `engine builtin` / `--engine builtin`
//! says so), and always for a position a UCI engine cannot know (an
//! invented piece, or a Board other than chess's 8 by 8:
//! [`Board::is_chess`] is false), the built-in
//! engine ([`crate::engine`]) answers instead ([`fallback`]), on the same
//! thread, through the same answers, only the latest question counting: it
//! searches for the Strength's `thinkingSeconds`, at most `engineDepth` moves
//! deep, each evaluation off by up to `engineNoise` centipawns.
//!
//! A game that a variant engine knows says so in its Variant Engine table
//! (one row: its `UCI_Variant` name, and the `program` to look for, such as
//! `fairy-stockfish`): the bridge then asks that program, told `setoption
//! name UCI_Variant value NAME` before each position, whatever Kinds stand
//! on the Board; where the program is not found, the built-in engine
//! answers. Its answers are held to the cards' Legal Moves as any engine's.
//!
//! An engine answers only where it is proven to follow the cards: at the
//! first question of a game, the bridge plays the check of `cardtable
//! check` ([`crate::follow::Checking`], with the engine the bridge
//! asks: `--engine PATH` is the one checked) from the position on a copy of
//! the World, once, off the frame's thread (its cards' side a slice at each
//! pump, its engines on a thread of their own): the question, and the
//! timers of the Object it is for, wait for it, and a notice says so; what it found is kept in the data folder by the key of
//! the content's files and the engines ([`CHECKED_KEY`]), so the next start
//! with the same key reads it instead of playing it again. Where the engine that would answer differs from the cards
//! (or cannot play the game at all), the search over the cards answers
//! instead ([`cardtable_runtime::play::Thinking`], the runtime's, bounded
//! by the Strength's row of the content's Search Strengths table), a slice
//! at each frame's pump ([`Resolved::work`]) so that the frame never waits, and a notice names the
//! engine and its first differing position and move. Its answer comes back
//! as an engine's does, held to the cards' Legal Moves the same way.

use crate::engine::{history_hashes, with_rules, AnyRules, Board, Limits, Searcher};
use crate::facts::{Facts, Tables};
use crate::library::Chess;
use crate::process::EngineProcess;
use cardtable_runtime::game::{Game, Written};
use cardtable_runtime::ids::{ColumnId, EventId, ObjectId, StructId, TableId};
use cardtable_runtime::json::Json;
use cardtable_runtime::library::{CliOption, Command, Finding, Lack, Library, Resolved};
use cardtable_runtime::play::{default_bounds, rehearsal, SearchStrengths, Thinking};
use cardtable_runtime::value::{Sym, Value};
use cardtable_runtime::world::World;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long an engine may take to start (`uciok`) or to say it is ready.
const START_SECONDS: f64 = 10.0;
/// How much longer than its thinking time an engine may take to answer `go`
/// before the bridge gives up on it (the cards' own answerWait timer usually
/// rings first).
const SPARE_SECONDS: f64 = 10.0;
/// The longest line the bridge reads from an engine (Stockfish's longest,
/// an `info ... pv` line, is a few hundred bytes): past it the engine has
/// failed, and is ended.
const MAX_LINE: usize = 64 * 1024;
/// The most lines an engine may say while the bridge waits for one word
/// (`uciok`, `readyok`, `bestmove`): past it the engine has failed, and is
/// ended. Stockfish says a few hundred in a long search.
const MAX_LINES: usize = 100_000;
/// How many lines read from an engine may wait for the bridge's thread: the
/// reader waits past it, so an engine that talks faster than it is heard
/// holds no more memory than this.
const QUEUED_LINES: usize = 256;

pub struct StockfishBridgeLibrary;

const FUNCTIONS: &[&str] = &["chooseComputerMove", "chooseHint"];
const EVENTS: &[&str] = &["computerMoveChosen", "hintChosen"];

const COMMANDS: &[Command] = &[
    Command {
        verb: "engine",
        usage: "engine [PATH|builtin|manual]",
        help: "the UCI engine the Computer asks from now on (a program; builtin: the built-in engine, as when no UCI \
               engine is found; manual: the driver answers, with `answer`)",
    },
    Command {
        verb: "answer",
        usage: "answer MOVE",
        help: "answers the Computer's question on its way with a Move in UCI form (e7e5, e2e1q), as an engine would",
    },
];

const OPTIONS: &[CliOption] = &[CliOption {
    name: "engine",
    value: "PATH",
    help: "the UCI chess engine the Computer asks (stockfishBridge library; default: stockfish from PATH, or the \
           program of the game's Variant Engine table, else the built-in engine; builtin: the built-in engine always)",
}];

impl Library for StockfishBridgeLibrary {
    fn name(&self) -> &'static str {
        "stockfishBridge"
    }
    fn commands(&self) -> &'static [Command] {
        COMMANDS
    }
    fn options(&self) -> &'static [CliOption] {
        OPTIONS
    }
    fn functions(&self) -> &'static [&'static str] {
        FUNCTIONS
    }
    fn events(&self) -> &'static [&'static str] {
        EVENTS
    }
    fn resolve(&self, game: &Game) -> Result<Box<dyn Resolved>, Lack> {
        Ok(Box::new(Bridge::new(game)?))
    }

    fn misfits(&self, game: &Game) -> Vec<Lack> {
        crate::fit::misfits(game)
    }
}

/// The bridge resolved against a game's content.
pub struct Bridge {
    chess: Chess,
    chosen: TableId,
    chosen_cols: [ColumnId; 3],
    strengths: TableId,
    /// skillLevel, eloLimit, thinkingSeconds, engineDepth, engineNoise of Strengths.
    strength_cols: [ColumnId; 5],
    /// Strengths' `builtInEngine`, when the content has it: a Strength the
    /// built-in engine always plays, whatever UCI engine is installed.
    strength_builtin: Option<ColumnId>,
    /// The Hint Strength table, the name of its row Hint (None: the content
    /// never names it, so no row has it), the same five columns and its
    /// `builtInEngine` (when it has one); None
    /// when the content has no such table (a Hint is then asked at the
    /// Board State's Strength).
    hint_strength: Option<HintStrength>,
    /// The built-in engine's rules, read from the content at load (Err: why
    /// there is no built-in engine for this content).
    rules: Result<AnyRules, String>,
    /// The Kinds' FEN letters (a Move's promotion letter names its Kind).
    facts: Facts,
    /// The Variant Engine table's row: the game's `UCI_Variant` name and the
    /// program that knows it; None: the game is chess, for Stockfish.
    variant: Option<VariantEngine>,
    board_state: StructId,
    strength_field: u16,
    /// Board State's `computerSeconds`, when the content has it: the Computer's
    /// thinking time for this Move (the cards set it from its clock); 0 or
    /// less, the Strength's `thinkingSeconds`.
    seconds_field: Option<u16>,
    computer_event: Option<EventId>,
    hint_event: Option<EventId>,
    /// The engine named (`--engine`, `engine PATH`); None: looked for.
    engine: RefCell<Option<PathBuf>>,
    /// `engine manual`: no engine; the driver's `answer MOVE` answers.
    manual: Cell<bool>,
    /// `engine builtin`: the built-in engine answers, whatever is installed.
    builtin: Cell<bool>,
    /// The stop flag of the built-in engine's search on its way: set when a
    /// newer question is asked, for its answer is not wanted.
    searching: RefCell<Option<Arc<AtomicBool>>>,
    worker: RefCell<Option<Worker>>,
    /// The number of the latest question; only its answer counts.
    latest: Cell<u64>,
    asked: RefCell<Option<Asked>>,
    arrived: RefCell<VecDeque<Answer>>,
    /// The Search Strengths table, when the content has it: how the search
    /// over the cards searches at each Strength.
    search_strengths: Option<SearchStrengths>,
    /// What the check found at the game's first question (None: not asked yet).
    followed: RefCell<Option<Followed>>,
    /// The engines' check on its way, and the key it will be kept under.
    checking: RefCell<Option<(crate::follow::Checking, Option<String>)>>,
    /// The question that waits for it.
    pending: RefCell<Option<Pending>>,
    /// The World's time when the timers that wait with the question were last held.
    held: Cell<f64>,
    /// Whether the player has been told that the search over the cards plays.
    told: Cell<bool>,
    /// The search over the cards on its way: its question's number and its thinking.
    thinking: RefCell<Option<(u64, Thinking)>>,
}

/// The Hint Strength table, the name of its row Hint, its five settings'
/// columns and its `builtInEngine` column.
type HintStrength = (TableId, Option<Sym>, [ColumnId; 5], Option<ColumnId>);

/// A UCI engine that plays the game as one of its variants (the Variant
/// Engine table).
#[derive(Clone, Debug)]
pub(crate) struct VariantEngine {
    /// Its `UCI_Variant` value (the row's name: `makruk`).
    pub(crate) name: String,
    /// The program to look for on `PATH` and in `/usr/games` (`fairy-stockfish`).
    pub(crate) program: String,
}

impl VariantEngine {
    /// The Variant Engine table's one row, when the content has the table
    /// and a row; a second row, an empty program or one that is a path is a
    /// mistake at load.
    pub(crate) fn read(tables: &Tables) -> Result<Option<VariantEngine>, Lack> {
        let Some(t) = tables.optional("Variant Engine") else { return Ok(None) };
        let program = tables.column(t, "program")?;
        let rows = tables.def(t).rows.len();
        if rows > 1 {
            let why = format!("the Variant Engine table has one row (the game's UCI_Variant), not {rows}");
            return Err(tables.lack_at(t, Some(1), None, why));
        }
        if rows == 0 {
            return Ok(None);
        }
        let name = tables.row_name(t, 0).trim().to_string();
        let text = tables.text(t, 0, program).trim().to_string();
        let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        if !plain(&name) {
            let why = format!("`{name}` is not a UCI_Variant name (letters, digits, - _ .)");
            return Err(tables.lack_at(t, Some(0), None, why));
        }
        if !plain(&text) || text.starts_with('.') {
            let why = format!("`{text}` is not a program's name (letters, digits, - _ ., no folder)");
            return Err(tables.lack_at(t, Some(0), Some(program), why));
        }
        Ok(Some(VariantEngine { name, program: text }))
    }
}

/// A UCI engine's program by its name, as the bridge looks for it: on
/// `PATH`, else where Debian installs it (`/usr/games`).
pub(crate) fn find_program(program: &str) -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path.into_iter().chain([Path::new("/usr/games").join(program)]).find(|p| p.is_file())
}

/// The Persistent Value's key under which the engines' check is kept in
/// the data folder: its key on the first line, then a line a finding
/// (`differs TEXT` or `note TEXT`).
pub const CHECKED_KEY: &str = "stockfishBridge: engines checked";

/// What the engines' check found, and where it came from.
struct Followed {
    findings: Vec<Finding>,
    /// `play`: played at this start; `cache`: read from the data folder.
    from: &'static str,
    /// The key it is kept under ([`check_key`]); None: the content's files
    /// could not all be read, so it is not kept.
    key: Option<String>,
}

/// The key of an engines' check: a hash of the content's rules
/// ([`cardtable_runtime::source::files::Files::rules_hash`]), of the
/// built-in engine (this program: its size and time of change) and of the
/// UCI engine asked (its path, size and time of change), in hex. Any change
/// of a content file but its images, fonts and sounds, of this program or
/// of the engine program makes another key. None when a content file cannot
/// be read.
fn check_key(world: &World, uci: &crate::follow::UciChoice) -> Option<String> {
    use crate::follow::UciChoice;
    fn stamp(path: &Path) -> String {
        match std::fs::metadata(path) {
            Ok(m) => {
                let changed = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                format!("{} {} {changed}", path.display(), m.len())
            }
            Err(_) => format!("{} missing", path.display()),
        }
    }
    let rules = world.game.files.rules_hash().ok()?;
    let this = std::env::current_exe().map_or_else(|_| "?".to_string(), |p| stamp(&p));
    let variant = VariantEngine::read(&Tables::new(&world.game, "stockfishBridge")).ok().flatten();
    let program = variant.as_ref().map_or("stockfish", |v| v.program.as_str());
    let engine = match uci {
        UciChoice::NoUci => "no UCI engine".to_string(),
        UciChoice::Named(p) => stamp(p),
        UciChoice::Found => find_program(program).map_or_else(|| format!("{program} not found"), |p| stamp(&p)),
    };
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format!("{rules:016x}\n{this}\n{engine}").bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    Some(format!("{rules:016x}-{h:016x}"))
}

/// The check kept in the data folder under `key`, if that is its key.
fn read_checked(world: &World, key: &str) -> Option<Vec<Finding>> {
    let cardtable_runtime::save::Kept::Text(text) = world.store.value(CHECKED_KEY)? else { return None };
    let mut lines = text.lines();
    if lines.next()? != key {
        return None;
    }
    lines
        .map(|l| match l.split_once(' ') {
            Some(("differs", t)) => Some(Finding { text: t.to_string(), differs: true }),
            Some(("note", t)) => Some(Finding { text: t.to_string(), differs: false }),
            _ => None,
        })
        .collect()
}

/// Keeps the check's findings in the data folder under `key` (a failure to
/// write is no fault of the game: the next start plays the check again).
fn keep_checked(world: &World, key: &str, found: &[Finding]) {
    let mut text = key.to_string();
    for f in found {
        text.push('\n');
        text.push_str(if f.differs { "differs " } else { "note " });
        text.push_str(&f.text.replace(['\n', '\r'], " "));
    }
    let _ = world.store.set_value(CHECKED_KEY, cardtable_runtime::save::Kept::Text(text));
}

/// A question that waits for the engines' check, then is asked
/// ([`Bridge::ask_on`]): its number, the Object it is for, whether it is a
/// Hint, the engine that would answer, the position and the Strength's
/// settings.
struct Pending {
    question: u64,
    object: ObjectId,
    hint: bool,
    engine: Asks,
    fen: String,
    skill: f64,
    elo: f64,
    seconds: f64,
}

/// The question on its way.
struct Asked {
    question: u64,
    restarts: u32,
    fen: String,
    hint: bool,
    object: ObjectId,
    /// The seconds the engine was given (`go movetime`).
    seconds: f64,
}

/// A question for the engine's thread.
pub(crate) struct Job {
    question: u64,
    engine: Asks,
    fen: String,
    /// The `UCI_Variant` to set before the position (a variant engine's).
    variant: Option<String>,
    skill: f64,
    elo: f64,
    seconds: f64,
}

/// Who answers a Job: a UCI engine (a program), or the built-in engine.
enum Asks {
    Uci(PathBuf),
    BuiltIn(Box<BuiltIn>),
}

/// A question for the built-in engine: the position (a FEN its rules read,
/// and its hash), and how deep and how exactly to search (the Strength's
/// engineDepth, engineNoise).
struct BuiltIn {
    rules: AnyRules,
    fen: String,
    hash: u64,
    /// The hashes of the game's positions before it, oldest first (Position
    /// History): a repetition is a draw.
    history: Vec<u64>,
    depth: u32,
    noise: i32,
    /// Set when a newer question is asked: the search stops.
    stop: Arc<AtomicBool>,
}

/// The Strength's settings, from its row of the Strengths table.
struct Settings {
    skill: f64,
    elo: f64,
    seconds: f64,
    depth: f64,
    noise: f64,
    /// The Strength's `builtInEngine`: the built-in engine answers, whatever
    /// UCI engine is installed.
    built_in_only: bool,
}

/// What the engine's thread answers: a Move in UCI form, or why there is none.
struct Answer {
    question: u64,
    best: Result<String, String>,
}

/// The bridge's thread, which speaks to the engine. Dropped, it ends: the
/// engine is told `quit` and its process group killed if it has not ended within [`crate::process::GRACE`],
/// and the drop waits for that, so no engine outlives the bridge (the
/// driver's or the window's end).
struct Worker {
    jobs: Option<Sender<Job>>,
    answers: Receiver<Answer>,
    /// Set when the Worker is dropped: a wait for the engine stops at once.
    closing: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What the built-in engine answers, where no UCI engine is asked: the
/// Move of the position (`e2e4`, `e7e8q`, with the Kinds' letters), searched
/// for `seconds` at most, at most `b.depth` moves deep, each evaluation off
/// by up to `b.noise` centipawns (seeded by `seed`), using `searcher`'s
/// table. It runs on the bridge's thread, never the frame's; `b.stop` ends
/// the search early (a newer question).
fn fallback(searcher: &mut Searcher, b: &BuiltIn, seconds: f64, seed: u64) -> Result<String, String> {
    let seconds = if seconds.is_finite() { seconds.clamp(0.01, 3600.0) } else { 1.0 };
    let time = Some(Duration::from_secs_f64(seconds));
    let limits = Limits { depth: b.depth.clamp(1, 100), time, noise: b.noise, seed, nodes: None };
    searcher.stop = Some(b.stop.clone());
    let best = with_rules!(&b.rules, r => Board::from_fen(r, &b.fen).map(|board| {
        searcher.search(r, &board, limits, &b.history).best.map(|m| Board::uci(r, m))
    }));
    searcher.stop = None;
    best?.ok_or_else(|| "the position has no legal move".into())
}

impl Bridge {
    pub fn new(game: &Game) -> Result<Bridge, Lack> {
        let lacks = |what: String| format!("the stockfishBridge library needs {what}");
        let tables = Tables::new(game, "stockfishBridge");
        let column = |t: TableId, name: &str| tables.column(t, name);
        let chosen = tables.table("Chosen Moves")?;
        let strengths = tables.table("Strengths")?;
        let five = |t: TableId| -> Result<[ColumnId; 5], Lack> {
            Ok([
                column(t, "skillLevel")?,
                column(t, "eloLimit")?,
                column(t, "thinkingSeconds")?,
                column(t, "engineDepth")?,
                column(t, "engineNoise")?,
            ])
        };
        let hint_strength = match tables.optional("Hint Strength") {
            Some(t) => Some((t, game.syms.get("Hint"), five(t)?, tables.optional_column(t, "builtInEngine"))),
            None => None,
        };
        let board_state = tables.structure("Board State")?;
        let strength_field =
            tables.field(board_state, "strength").ok_or_else(|| lacks("Board State's `strength`".into()))?;
        Ok(Bridge {
            rules: AnyRules::new(game).map_err(String::from),
            facts: Facts::read(game, "stockfishBridge")?,
            variant: VariantEngine::read(&tables)?,
            chess: Chess::new(game)?,
            chosen,
            chosen_cols: [column(chosen, "from")?, column(chosen, "to")?, column(chosen, "landingKind")?],
            strengths,
            strength_cols: five(strengths)?,
            strength_builtin: tables.optional_column(strengths, "builtInEngine"),
            hint_strength,
            board_state,
            strength_field,
            seconds_field: tables.field(board_state, "computerSeconds"),
            computer_event: game.names.events.get("computerMoveChosen").copied(),
            hint_event: game.names.events.get("hintChosen").copied(),
            engine: RefCell::new(None),
            manual: Cell::new(false),
            builtin: Cell::new(false),
            searching: RefCell::new(None),
            worker: RefCell::new(None),
            latest: Cell::new(0),
            asked: RefCell::new(None),
            arrived: RefCell::new(VecDeque::new()),
            search_strengths: SearchStrengths::read(game, "stockfishBridge")?,
            followed: RefCell::new(None),
            checking: RefCell::new(None),
            pending: RefCell::new(None),
            held: Cell::new(0.0),
            told: Cell::new(false),
            thinking: RefCell::new(None),
        })
    }

    /// The engine to ask: the one named, else the Variant Engine's program
    /// (or, for chess, Stockfish) where it is found.
    fn engine_path(&self) -> Option<PathBuf> {
        if let Some(p) = self.engine.borrow().clone() {
            return Some(p);
        }
        find_program(self.variant.as_ref().map_or("stockfish", |v| v.program.as_str()))
    }

    /// The settings a question is asked at: for a Hint, the Hint Strength
    /// table's row Hint (when the content has the table); else the Strength
    /// of the Object's Board State: skill level, Elo limit, thinking seconds,
    /// the built-in engine's depth and noise (each column's default for a
    /// Strength with no row).
    fn settings(&self, world: &World, object: ObjectId, hint: bool) -> Settings {
        if let (true, Some((t, name, cols, builtin))) = (hint, &self.hint_strength) {
            let row = name.and_then(|s| world.tables[t.index()].find(s));
            return Self::read_settings(world, *t, row, cols, *builtin);
        }
        let row = self.strength(world, object).and_then(|s| world.tables[self.strengths.index()].find(s));
        Self::read_settings(world, self.strengths, row, &self.strength_cols, self.strength_builtin)
    }

    /// The Strength in the Board State of `object`, by its name.
    fn strength(&self, world: &World, object: ObjectId) -> Option<Sym> {
        match self.board_field(world, object, self.strength_field) {
            Some(Value::Text(s)) => Some(s),
            _ => None,
        }
    }

    /// A field of the Board State of `object` (None: it has none).
    fn board_field(&self, world: &World, object: ObjectId, field: u16) -> Option<Value> {
        let o = world.objects.get(object.0 as usize)?;
        world.game.types[o.ty.0 as usize]
            .struct_offset
            .get(self.board_state.index())
            .copied()
            .flatten()
            .and_then(|off| o.fields.get(off as usize + field as usize).copied())
    }

    /// A Number field of the Board State of `object`, when the content has the field.
    fn board_number(&self, world: &World, object: ObjectId, field: Option<u16>) -> Option<f64> {
        match self.board_field(world, object, field?) {
            Some(Value::Num(n)) => Some(n),
            _ => None,
        }
    }

    /// Whether the engines' check is known: played already, or kept in the
    /// data folder under [`CHECKED_KEY`] with the key of what it checks
    /// (the content's rules and the engines, [`check_key`]), read from there
    /// at the game's first question. When it is not, the question waits for
    /// it ([`Bridge::start_check`]).
    fn known(&self, world: &World) -> bool {
        if self.followed.borrow().is_none() {
            let key = check_key(world, &self.uci_choice());
            if let Some(findings) = key.as_deref().and_then(|k| read_checked(world, k)) {
                *self.followed.borrow_mut() = Some(Followed { findings, from: "cache", key });
            }
        }
        self.followed.borrow().is_some()
    }

    /// Why the engine that would answer (`engine`) may not: its first
    /// difference from the cards, as the check found it; None when it
    /// follows them (or could not be asked: no fault of the content), or
    /// before the check is known.
    fn differs(&self, engine: &Asks) -> Option<String> {
        let prefix = match engine {
            Asks::BuiltIn(_) => "the built-in engine ".to_string(),
            Asks::Uci(path) => format!("the UCI engine {} ", path.display()),
        };
        let followed = self.followed.borrow();
        followed.as_ref()?.findings.iter().find(|f| f.differs && f.text.starts_with(&prefix)).map(|f| f.text.clone())
    }

    /// Starts the engines' check from the World's position, unless one is on
    /// its way: its cards' side plays a slice at each frame's pump
    /// ([`Resolved::work`]) and in the driver's `wait`, its engines are asked
    /// on a thread of their own ([`crate::follow::Checking`]), so the frame
    /// never waits for it; a notice tells the player the Computer waits.
    fn start_check(&self, world: &mut World) {
        if self.checking.borrow().is_some() {
            return;
        }
        let choice = self.uci_choice();
        let key = check_key(world, &choice);
        let checking = crate::follow::Checking::start(&self.chess, world, &choice);
        *self.checking.borrow_mut() = Some((checking, key));
        world.notices.push(
            "The Computer waits while Cardtable checks that its engines follow the cards (once for these cards and \
             engines)."
                .into(),
        );
    }

    /// Takes the engines' check's findings if they are in: kept in the data
    /// folder, and the question that waits for them asked on. While it is on
    /// its way, the timers of the Object the question is for wait with the
    /// question (the check's time is not the Computer's: its answerWait
    /// rings no sooner for it).
    fn check_on(&self, world: &mut World) {
        let found = match self.checking.borrow_mut().as_mut() {
            None => return,
            Some((c, _)) => c.take(),
        };
        let Some(findings) = found else {
            let since = world.time - self.held.get();
            self.held.set(world.time);
            if let Some(p) = self.pending.borrow().as_ref() {
                for t in world.timers.iter_mut().filter(|t| t.object == p.object) {
                    t.due += since;
                }
            }
            return;
        };
        let Some((_, key)) = self.checking.borrow_mut().take() else { return };
        if let Some(k) = &key {
            keep_checked(world, k, &findings);
        }
        *self.followed.borrow_mut() = Some(Followed { findings, from: "play", key });
        let pending = self.pending.borrow_mut().take();
        if let Some(p) = pending {
            self.ask_on(world, p);
        }
    }

    /// The UCI engine the check asks: the one this bridge would ask.
    fn uci_choice(&self) -> crate::follow::UciChoice {
        use crate::follow::UciChoice;
        if self.builtin.get() {
            return UciChoice::NoUci;
        }
        match self.engine.borrow().clone() {
            Some(p) => UciChoice::Named(p),
            None => UciChoice::Found,
        }
    }

    /// What the check found, for the driver's `engine`: where it came from
    /// (`play`: played at this start; `cache`: read from the data folder),
    /// its key, and its lines; Null before the game's first question.
    fn followed_json(&self) -> Json {
        let followed = self.followed.borrow();
        let Some(f) = followed.as_ref() else {
            return match self.checking.borrow().is_some() {
                true => Json::obj(vec![("from", Json::Str("checking".into()))]),
                false => Json::Null,
            };
        };
        Json::obj(vec![
            ("from", Json::Str(f.from.into())),
            ("key", f.key.clone().map_or(Json::Null, Json::Str)),
            (
                "findings",
                Json::Arr(
                    f.findings
                        .iter()
                        .map(|x| {
                            Json::obj(vec![("text", Json::Str(x.text.clone())), ("differs", Json::Bool(x.differs))])
                        })
                        .collect(),
                ),
            ),
        ])
    }

    /// The search over the cards answers question `question` instead of an
    /// engine, for `why` (told once a game, as a notice): it starts here and
    /// thinks a slice at each frame's pump ([`Resolved::work`]) and in the driver's `wait`.
    fn search_instead(&self, world: &mut World, question: u64, object: ObjectId, hint: bool, why: &str) {
        if !self.told.get() {
            self.told.set(true);
            world.notices.push(format!("The Computer plays by the search over the cards: {why}."));
        }
        let row = if hint { world.syms.get("Hint") } else { self.strength(world, object) };
        let bounds = match &self.search_strengths {
            Some(s) => s.bounds(world, row, question),
            None => default_bounds(question),
        };
        match Thinking::start(world, bounds) {
            Ok(t) => *self.thinking.borrow_mut() = Some((question, t)),
            Err(e) => self.arrived.borrow_mut().push_back(Answer { question, best: Err(e) }),
        }
    }

    /// Moves the search over the cards on for about `time`; its answer,
    /// once it has one, waits with the engines' (`arrived`).
    fn think(&self, time: Duration) {
        let mut thinking = self.thinking.borrow_mut();
        let Some((question, t)) = thinking.as_mut() else { return };
        let Some(answer) = t.think(time) else { return };
        let best = match answer {
            Ok(Some(m)) => Ok(m),
            Ok(None) => Err("the position has no legal move".to_string()),
            Err(e) => Err(format!("the cards faulted while the search played them: {e}")),
        };
        self.arrived.borrow_mut().push_back(Answer { question: *question, best });
        *thinking = None;
    }

    /// The five settings in a row of a table (each column's default when
    /// there is no row).
    fn read_settings(
        world: &World,
        t: TableId,
        row: Option<usize>,
        cols: &[ColumnId; 5],
        builtin: Option<ColumnId>,
    ) -> Settings {
        let table = &world.tables[t.index()];
        let def = &world.game.tables[t.index()];
        let num = |c: &ColumnId| {
            let v = match row {
                Some(r) => table.cell(r, *c),
                None => def.columns[c.0 as usize].default,
            };
            match v {
                Value::Num(n) => n,
                _ => 0.0,
            }
        };
        let [skill, elo, seconds, depth, noise] = cols.each_ref().map(num);
        let built_in_only = builtin.is_some_and(|c| {
            let v = match row {
                Some(r) => table.cell(r, c),
                None => def.columns[c.0 as usize].default,
            };
            matches!(v, Value::Bool(true))
        });
        Settings { skill, elo, seconds, depth, noise, built_in_only }
    }

    /// The built-in engine's question about the World's position, when it is
    /// the one to answer: `engine builtin`, no UCI engine found, or a Kind on
    /// the Board no UCI engine knows. None: a UCI engine answers.
    fn built_in(
        &self,
        world: &World,
        fen: &str,
        uci: Option<&PathBuf>,
        s: &Settings,
    ) -> Option<Result<BuiltIn, String>> {
        let rules = match &self.rules {
            // Chess960's castlings start where this position's Kings and Rooks stand.
            Ok(r) => r.fitted(fen).unwrap_or_else(|| r.clone()),
            Err(e) if uci.is_none() || self.builtin.get() => {
                return Some(Err(format!("no UCI engine is asked, and the built-in engine cannot play this game: {e}")))
            }
            Err(_) => return None,
        };
        let read = with_rules!(&rules, r => Board::from_fen(r, fen).map(|b| (b.hash, b.is_chess(r))));
        let (hash, is_chess) = match read {
            Ok(read) => read,
            Err(e) if uci.is_none() || self.builtin.get() => return Some(Err(e)),
            Err(_) => return None,
        };
        // A variant engine knows the game's Kinds; Stockfish only chess's.
        if uci.is_some() && !self.builtin.get() && (self.variant.is_some() || is_chess) {
            return None;
        }
        let depth = if s.depth.is_finite() && s.depth >= 1.0 { s.depth.min(100.0) as u32 } else { 100 };
        let noise = if s.noise.is_finite() && s.noise > 0.0 { s.noise.min(100_000.0) as i32 } else { 0 };
        // The positions played before it (none when the History cannot be read).
        let earlier = self.chess.earlier_fens(world).unwrap_or_default();
        let history = with_rules!(&rules, r => history_hashes(r, &earlier));
        let fen = fen.to_string();
        Some(Ok(BuiltIn { rules, fen, hash, history, depth, noise, stop: Arc::new(AtomicBool::new(false)) }))
    }

    fn ask(&self, world: &mut World, object: ObjectId, hint: bool) {
        let question = self.latest.get() + 1;
        self.latest.set(question);
        let fen = self.chess.fen(world).unwrap_or_default();
        let mut s = self.settings(world, object, hint);
        if let (false, Some(n)) = (hint, self.board_number(world, object, self.seconds_field)) {
            if n.is_finite() && n > 0.0 {
                s.seconds = n;
            }
        }
        let seconds = s.seconds;
        *self.asked.borrow_mut() =
            Some(Asked { question, restarts: world.restarts, fen: fen.clone(), hint, object, seconds });
        // A search over the cards on its way answers an earlier question: it stops.
        *self.thinking.borrow_mut() = None;
        // So does a question that waits for the engines' check (the check goes on).
        *self.pending.borrow_mut() = None;
        // The built-in engine's search on its way answers an earlier question: it stops.
        if let Some(stop) = self.searching.borrow_mut().take() {
            stop.store(true, Ordering::Relaxed);
        }
        if self.manual.get() {
            return;
        }
        // A Strength the built-in engine always plays asks no UCI engine.
        let path = if self.builtin.get() || s.built_in_only { None } else { self.engine_path() };
        let engine = match (self.built_in(world, &fen, path.as_ref(), &s), path) {
            (Some(Ok(b)), _) => {
                *self.searching.borrow_mut() = Some(b.stop.clone());
                Asks::BuiltIn(Box::new(b))
            }
            // No engine can play this game: the search over the cards does.
            (Some(Err(e)), _) => return self.search_instead(world, question, object, hint, &e),
            (None, Some(p)) => Asks::Uci(p),
            (None, None) => return self.search_instead(world, question, object, hint, "no engine answers"),
        };
        let pending = Pending { question, object, hint, engine, fen, skill: s.skill, elo: s.elo, seconds: s.seconds };
        if !self.known(world) {
            // The question waits for the engines' check.
            self.start_check(world);
            self.held.set(world.time);
            *self.pending.borrow_mut() = Some(pending);
            return;
        }
        self.ask_on(world, pending);
    }

    /// A question whose engine is known to follow the cards (or not): asked
    /// of it, or of the search over the cards.
    fn ask_on(&self, world: &mut World, p: Pending) {
        let Pending { question, object, hint, engine, fen, skill, elo, seconds } = p;
        if let Some(why) = self.differs(&engine) {
            *self.searching.borrow_mut() = None;
            return self.search_instead(world, question, object, hint, &why);
        }
        let variant = self.variant.as_ref().map(|v| v.name.clone());
        let job = Job { question, engine, fen, variant, skill, elo, seconds };
        let mut worker = self.worker.borrow_mut();
        let w = worker.get_or_insert_with(Worker::start);
        if let Err(sent) = w.send(job) {
            // The thread is gone: a new one, once.
            *w = Worker::start();
            let _ = w.send(sent);
        }
    }

    /// Ends the bridge's thread and its engine (a search of the built-in
    /// engine stopped first): the next question starts them again.
    fn end_worker(&self) {
        // The engines' check, and the question that waits for it, with it.
        *self.pending.borrow_mut() = None;
        *self.checking.borrow_mut() = None;
        if let Some(stop) = self.searching.borrow_mut().take() {
            stop.store(true, Ordering::Relaxed);
        }
        let worker = self.worker.borrow_mut().take();
        drop(worker);
    }

    /// The question on its way, as the `engine` command tells it: its
    /// `movetime` in milliseconds, and whether it is a Hint; null when none is.
    fn asked_json(&self) -> Json {
        match self.asked.borrow().as_ref() {
            Some(a) => {
                Json::obj(vec![("movetime", Json::Num((a.seconds * 1000.0).round())), ("hint", Json::Bool(a.hint))])
            }
            None => Json::Null,
        }
    }

    /// Writes the answer into Chosen Moves and tells the cards.
    fn deliver(&self, world: &mut World, asked: &Asked, best: Option<(String, String, String)>) {
        let row_name = if asked.hint { "Hint" } else { "Computer" };
        let sym = world.syms.intern(row_name);
        let game = world.game.clone();
        let table = &mut world.tables[self.chosen.index()];
        let row = match table.find(sym) {
            Some(r) => r,
            None => table.add_row(&game.tables[self.chosen.index()], sym),
        };
        let (from, to, kind) = best.unwrap_or_default();
        for (c, text) in self.chosen_cols.iter().zip([from, to, kind]) {
            let v = Value::Text(world.syms.intern(&text));
            *world.tables[self.chosen.index()].cell_mut(row, *c) = v;
        }
        let event = if asked.hint { self.hint_event } else { self.computer_event };
        if let Some(event) = event {
            let object = asked.object;
            world.input(|w, g| w.dispatch(g, event, Some(object), None));
        }
    }

    /// The answer `uci` as [`Bridge::read_move`] reads it, when it is one
    /// of the cards' Legal Moves of the position on the Board (found on a
    /// copy of the World, through Find Legal Moves): the Side to move's
    /// Piece, a Square it may reach, a promotion letter exactly when a
    /// promotion is due and naming a Kind the Promotion choice offers. None
    /// otherwise, or when the cards cannot say (their fault is not the
    /// game's: the copy is dropped).
    fn legal_move(&self, world: &World, uci: &str) -> Option<(String, String, String)> {
        let uci = uci.trim().to_ascii_lowercase();
        let mut copy = world.clone();
        let mut moves = Vec::new();
        self.chess.legal_moves(&mut copy, &mut moves).ok()?;
        if !moves.iter().any(|&m| self.chess.uci(m) == uci) {
            return None;
        }
        self.read_move(world, &uci)
    }

    /// Delivers an answer (`best`, or None: no Move). When the cards fault
    /// while they handle it, the World is put back as it was before it (the
    /// Board, the Game State, the answer's wait timer; the faults and
    /// notices kept, the saves made meanwhile dropped) and the answer is
    /// delivered again as no Move, so the content's own failure path runs
    /// (Computer Unavailable with Retry, Hint Not Found); should that fault
    /// too, the World is put back once more and the content's wait timer,
    /// still running, ends the wait.
    fn deliver_or_undo(&self, world: &mut World, asked: &Asked, best: Option<(String, String, String)>) {
        let gave_move = best.is_some();
        world.hold_saves();
        let before = world.clone();
        let faults = world.faults.len();
        self.deliver(world, asked, best);
        if world.faults.len() > faults {
            Self::undo(world, &before);
            if gave_move {
                let faults = world.faults.len();
                self.deliver(world, asked, None);
                if world.faults.len() > faults {
                    Self::undo(world, &before);
                }
            }
        }
        world.release_saves();
    }

    /// Puts the World back to `before`, keeping the faults and the notices
    /// given since.
    fn undo(world: &mut World, before: &World) {
        let new_faults = world.faults.split_off(before.faults.len().min(world.faults.len()));
        let notices = std::mem::take(&mut world.notices);
        *world = before.clone();
        world.faults.extend(new_faults);
        world.notices = notices;
    }

    /// A Move in UCI form as Squares and the Kind the Piece lands as:
    /// `e7e8q` is e7, e8, Queen (on a Board of 10 Ranks, `a9a10q`); None
    /// when it is no Move on this Board.
    fn read_move(&self, world: &World, uci: &str) -> Option<(String, String, String)> {
        /// A Square's name (its File's letter and its Rank's digits) at the
        /// start of `s`, and what follows it.
        fn split_square(s: &str) -> Option<(&str, &str)> {
            let digits = s.get(1..)?.bytes().take_while(u8::is_ascii_digit).count();
            Some(s.split_at(1 + digits))
        }
        let grid = self.chess.grid();
        if !uci.is_ascii() {
            return None;
        }
        let (from, rest) = split_square(uci)?;
        let (to, promotion) = split_square(rest)?;
        grid.parse(from)?;
        grid.parse(to)?;
        if promotion.len() > 1 {
            return None;
        }
        let (from, to) = (from.to_string(), to.to_string());
        // A promotion's letter names its Kind by the Kinds table's letters (q: Queen; s: Nightrider).
        let kind = match promotion.chars().next() {
            Some(p) => self.facts.kinds[usize::from(self.facts.kind_of_letter(p)?)].name.clone(),
            None => self.chess.kind_on(world, &from),
        };
        Some((from, to, kind))
    }
}

impl Drop for Bridge {
    /// The game is over for good (the driver's or the window's end, another
    /// game): its engine ends with it.
    fn drop(&mut self) {
        self.end_worker();
    }
}

impl Resolved for Bridge {
    /// Its answers are written into Chosen Moves.
    fn writes(&self, written: &mut Written) {
        written.mark_table(self.chosen);
    }

    fn command(&self, world: &mut World, verb: &str, rest: &str) -> Json {
        match verb {
            "engine" => {
                if rest == "manual" {
                    self.manual.set(true);
                    self.end_worker();
                    return Json::obj(vec![("engine", Json::Str("manual".into()))]);
                }
                if !rest.is_empty() {
                    let _ = self.apply_option(world, "engine", rest);
                }
                if self.manual.get() {
                    return Json::obj(vec![("engine", Json::Str("manual".into())), ("asked", self.asked_json())]);
                }
                let path = if self.builtin.get() { None } else { self.engine_path() };
                let engine = path.map_or(Json::Str("builtin".into()), |p| Json::Str(p.display().to_string()));
                Json::obj(vec![("engine", engine), ("asked", self.asked_json()), ("checked", self.followed_json())])
            }
            "answer" => {
                if self.asked.borrow().is_none() {
                    return Json::error("no question of the Computer is on its way");
                }
                let question = self.latest.get();
                self.arrived.borrow_mut().push_back(Answer { question, best: Ok(rest.trim().to_string()) });
                let given = self.take_answers(world);
                Json::obj(vec![("answered", Json::Str(rest.trim().into())), ("taken", Json::Bool(given))])
            }
            other => Json::error(format!("the stockfishBridge library has no command `{other}`")),
        }
    }

    fn apply_option(&self, _world: &mut World, name: &str, value: &str) -> Result<(), String> {
        match name {
            "engine" => {
                self.manual.set(false);
                self.builtin.set(value == "builtin");
                *self.engine.borrow_mut() = (value != "builtin").then(|| PathBuf::from(value));
                // The engine kept is another program now: the next question starts the new one,
                // and checks it first.
                self.end_worker();
                *self.followed.borrow_mut() = None;
                self.told.set(false);
                Ok(())
            }
            other => Err(format!("the stockfishBridge library has no option `--{other}`")),
        }
    }

    fn call(&self, world: &mut World, function: &str, object: ObjectId) {
        match function {
            "chooseComputerMove" => self.ask(world, object, false),
            "chooseHint" => self.ask(world, object, true),
            _ => {}
        }
    }

    /// `cardtable check`'s engines' check ([`crate::follow`]) with the
    /// engine this bridge asks (`--engine PATH`), read from the data folder
    /// when it is kept there under its key, else played and kept there; a
    /// last line says which.
    fn check_play(&self, world: &World) -> Vec<Finding> {
        let choice = self.uci_choice();
        let key = check_key(world, &choice);
        let dir = world.store.dir().map(|d| d.display().to_string());
        let cached = key.as_deref().and_then(|k| read_checked(world, k));
        let (mut found, how) = match (cached, &key, &dir) {
            (Some(found), Some(k), Some(d)) => (found, format!("read from the data folder {d} (key {k})")),
            (Some(found), _, _) => (found, "read from the data folder".to_string()),
            (None, k, d) => {
                let found = crate::follow::check_engines(&self.chess, &rehearsal(world), &choice);
                let how = match (k, d) {
                    (Some(k), Some(d)) => {
                        keep_checked(world, k, &found);
                        format!("played, and kept in the data folder {d} (key {k})")
                    }
                    (None, _) => "played (a content file could not be read: not kept)".to_string(),
                    (_, None) => "played (no --data-dir: not kept)".to_string(),
                };
                (found, how)
            }
        };
        found.push(Finding { text: format!("the engines' check was {how}"), differs: false });
        found
    }

    fn work(&self, time: Duration) {
        if let Some((c, _)) = self.checking.borrow_mut().as_mut() {
            c.advance(&self.chess, time, false);
            return;
        }
        self.think(time);
    }

    fn take_answers(&self, world: &mut World) -> bool {
        self.check_on(world);
        if let Some(w) = self.worker.borrow().as_ref() {
            let mut arrived = self.arrived.borrow_mut();
            while let Ok(a) = w.answers.try_recv() {
                arrived.push_back(a);
            }
        }
        let mut gave = false;
        loop {
            let Some(answer) = self.arrived.borrow_mut().pop_front() else { break };
            let asked = self.asked.borrow_mut().take_if(|a| a.question == answer.question);
            let Some(asked) = asked else { continue };
            // Asked before a Restart Game (New Game), or about another position (an Undo since): dropped.
            let fen = self.chess.fen(world).unwrap_or_default();
            if asked.restarts != world.restarts || asked.fen != fen || answer.question != self.latest.get() {
                continue;
            }
            let best = match answer.best {
                Ok(m) => {
                    let legal = self.legal_move(world, &m);
                    if legal.is_none() {
                        // (At most a Move's length of it said: the answer is the engine's, of any length.)
                        let shown: String = m.chars().take(12).flat_map(char::escape_debug).collect();
                        world.notices.push(format!(
                            "The chess engine answered `{shown}`, which is not a legal move here; it was not played."
                        ));
                    }
                    legal
                }
                Err(why) => {
                    world.notices.push(format!("The chess engine gave no move: {why}."));
                    None
                }
            };
            self.deliver_or_undo(world, &asked, best);
            gave = true;
        }
        gave
    }

    fn awaiting(&self) -> bool {
        self.asked.borrow().is_some() && !self.manual.get()
    }

    fn wait_answer(&self, timeout: Duration) {
        if !self.arrived.borrow().is_empty() {
            return;
        }
        if let Some((c, _)) = self.checking.borrow_mut().as_mut() {
            c.advance(&self.chess, timeout, true);
            return;
        }
        if self.thinking.borrow().is_some() {
            return self.think(timeout);
        }
        if let Some(w) = self.worker.borrow().as_ref() {
            if let Ok(a) = w.answers.recv_timeout(timeout) {
                self.arrived.borrow_mut().push_back(a);
            }
        }
    }
}

impl Worker {
    fn start() -> Worker {
        let (jobs, job_rx) = channel::<Job>();
        let (answer_tx, answers) = channel::<Answer>();
        let closing = Arc::new(AtomicBool::new(false));
        let closed = closing.clone();
        let thread = std::thread::Builder::new()
            .name("stockfish bridge".into())
            .spawn(move || engine_thread(job_rx, answer_tx, closed))
            .map_err(|e| eprintln!("the Stockfish Bridge could not start its thread: {e}"))
            .ok();
        Worker { jobs: Some(jobs), answers, closing, thread }
    }

    /// Hands the thread a question; Err gives it back when the thread is gone.
    fn send(&self, job: Job) -> Result<(), Job> {
        match &self.jobs {
            Some(jobs) => jobs.send(job).map_err(|e| e.0),
            None => Err(job),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.closing.store(true, Ordering::Relaxed);
        // No more questions: the thread's wait for one ends.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// What the reader of an engine's output hands the bridge's thread: a line
/// (bytes that are not UTF-8 replaced), or why it stopped reading.
type Line = Result<String, String>;

/// A UCI engine's process (Stockfish), kept between questions: the program
/// the bridge speaks to, where [`crate::engine::Engine`] is the built-in
/// engine's rules. Dropped, it is told `quit` and, if it has not ended
/// within [`crate::process::GRACE`], its whole process group is killed; and waited for
/// ([`EngineProcess`]).
pub(crate) struct UciProcess {
    path: PathBuf,
    process: EngineProcess,
    lines: Receiver<Line>,
    closing: Arc<AtomicBool>,
}

/// Reads an engine's output line by line into `tx`, each line at most
/// [`MAX_LINE`] bytes: a longer one is the engine's failure, told as Err,
/// and the reading ends (dropping the output: an engine that writes on is
/// stopped by its broken pipe, or killed by the bridge).
fn read_lines(stdout: impl std::io::Read, tx: std::sync::mpsc::SyncSender<Line>) {
    use std::io::Read;
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = match buf.strip_suffix(b"\n") {
            Some(line) => Ok(String::from_utf8_lossy(line).trim_end().to_string()),
            None if buf.len() > MAX_LINE => Err(format!("the engine wrote a line longer than {MAX_LINE} bytes")),
            // Its last line, with no end: the output ends after it.
            None => Ok(String::from_utf8_lossy(&buf).trim_end().to_string()),
        };
        let failed = line.is_err();
        if tx.send(line).is_err() || failed {
            return;
        }
    }
}

impl UciProcess {
    pub(crate) fn start(path: &Path, closing: &Arc<AtomicBool>) -> Result<UciProcess, String> {
        let (process, stdout) =
            EngineProcess::start(path).map_err(|e| format!("cannot start the engine {}: {e}", path.display()))?;
        let (tx, lines) = std::sync::mpsc::sync_channel(QUEUED_LINES);
        let mut engine = UciProcess { path: path.to_path_buf(), process, lines, closing: closing.clone() };
        let Some(stdout) = stdout else {
            return Err("the engine's output could not be opened".into());
        };
        std::thread::Builder::new()
            .name("engine output".into())
            .spawn(move || read_lines(stdout, tx))
            .map_err(|e| format!("no thread to read the engine with: {e}"))?;
        engine.send("uci")?;
        engine.expect("uciok", START_SECONDS, None)?;
        Ok(engine)
    }

    pub(crate) fn send(&mut self, line: &str) -> Result<(), String> {
        self.process.send(line)
    }

    /// Reads lines until one starts with `word` (that line), for at most
    /// `seconds`. With `jobs`, a newer question that comes meanwhile stops
    /// the wait (Err("newer")), kept in `newer`.
    pub(crate) fn expect(
        &mut self,
        word: &str,
        seconds: f64,
        jobs: Option<(&Receiver<Job>, &mut Option<Job>)>,
    ) -> Result<String, String> {
        self.read_until(word, seconds, jobs, |_| ())
    }

    /// [`UciProcess::expect`], each line read before `word`'s handed to `heard`.
    pub(crate) fn read_until(
        &mut self,
        word: &str,
        seconds: f64,
        jobs: Option<(&Receiver<Job>, &mut Option<Job>)>,
        heard: impl FnMut(&str),
    ) -> Result<String, String> {
        self.read_until_one_of(&[word], seconds, jobs, heard)
    }

    /// [`UciProcess::read_until`] the first line that starts with one of `words`.
    pub(crate) fn read_until_one_of(
        &mut self,
        words: &[&str],
        seconds: f64,
        mut jobs: Option<(&Receiver<Job>, &mut Option<Job>)>,
        mut heard: impl FnMut(&str),
    ) -> Result<String, String> {
        let word = words.join("` or `");
        let until = Instant::now() + Duration::from_secs_f64(seconds);
        let mut said = 0;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(format!("the engine said no `{word}` in {seconds} s"));
            }
            if self.closing.load(Ordering::Relaxed) {
                return Err("the game ended".into());
            }
            if let Some((rx, newer)) = jobs.as_mut() {
                if let Ok(job) = rx.try_recv() {
                    **newer = Some(job);
                    return Err("newer".into());
                }
            }
            match self.lines.recv_timeout(left.min(Duration::from_millis(20))) {
                Ok(Ok(line)) if line.split_whitespace().next().is_some_and(|w| words.contains(&w)) => return Ok(line),
                Ok(Ok(line)) => {
                    heard(&line);
                    said += 1;
                    if said > MAX_LINES {
                        return Err(format!("the engine said more than {MAX_LINES} lines and no `{word}`"));
                    }
                }
                Ok(Err(why)) => return Err(why),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err("the engine stopped".into()),
            }
        }
    }

    /// One question: the Strength's settings, the position, `go movetime`,
    /// and the Move of `bestmove`.
    fn best_move(&mut self, job: &Job, newer: &mut Option<Job>, jobs: &Receiver<Job>) -> Result<String, String> {
        if let Some(v) = &job.variant {
            self.send(&format!("setoption name UCI_Variant value {v}"))?;
        }
        self.send(&format!("setoption name Skill Level value {}", job.skill.clamp(0.0, 20.0).round()))?;
        if job.elo > 0.0 {
            self.send("setoption name UCI_LimitStrength value true")?;
            self.send(&format!("setoption name UCI_Elo value {}", job.elo.round()))?;
        } else {
            self.send("setoption name UCI_LimitStrength value false")?;
        }
        self.send(&format!("position fen {}", job.fen))?;
        self.send("isready")?;
        self.expect("readyok", START_SECONDS, None)?;
        let ms = (job.seconds.max(0.01) * 1000.0).round();
        self.send(&format!("go movetime {ms}"))?;
        let line = match self.expect("bestmove", job.seconds + SPARE_SECONDS, Some((jobs, newer))) {
            Err(e) if e == "newer" => {
                // A newer question: this one's answer is not wanted.
                self.send("stop")?;
                self.expect("bestmove", START_SECONDS, None)?;
                return Err("newer".into());
            }
            other => other?,
        };
        match line.split_whitespace().nth(1) {
            Some(m) if m != "(none)" && m != "0000" => Ok(m.to_string()),
            _ => Err("the engine gave no Move".into()),
        }
    }
}

/// The engine's thread: one question at a time, only the latest. It ends
/// when the Worker is dropped, ending its engine first.
fn engine_thread(jobs: Receiver<Job>, answers: Sender<Answer>, closing: Arc<AtomicBool>) {
    let mut engine: Option<UciProcess> = None;
    // The built-in engine's search, its table kept from one question to the next.
    let mut searcher: Option<Searcher> = None;
    let mut next: Option<Job> = None;
    loop {
        let mut job = match next.take() {
            Some(j) => j,
            None => match jobs.recv() {
                Ok(j) => j,
                Err(_) => return,
            },
        };
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        let path = match &job.engine {
            Asks::Uci(path) => path.clone(),
            Asks::BuiltIn(b) => {
                let s = searcher.get_or_insert_with(Searcher::default);
                let seed = job.question ^ b.hash;
                let best = fallback(s, b, job.seconds, seed);
                if b.stop.load(Ordering::Relaxed) {
                    // A newer question stopped it: this answer is not wanted.
                    continue;
                }
                if answers.send(Answer { question: job.question, best }).is_err() {
                    return;
                }
                continue;
            }
        };
        if engine.as_ref().is_some_and(|e| e.path != path) {
            engine = None;
        }
        let best = (|| {
            if engine.is_none() {
                engine = Some(UciProcess::start(&path, &closing)?);
            }
            let e = engine.as_mut().ok_or("no engine")?;
            e.best_move(&job, &mut next, &jobs)
        })();
        match best {
            Err(e) if e == "newer" => continue,
            Err(e) => {
                // A fault of the engine: the next question starts it again.
                engine = None;
                if answers.send(Answer { question: job.question, best: Err(e) }).is_err() {
                    return;
                }
            }
            Ok(m) => {
                if answers.send(Answer { question: job.question, best: Ok(m) }).is_err() {
                    return;
                }
            }
        }
    }
}
