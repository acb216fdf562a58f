//! The chess library: FEN out of the World and into it, and perft through the
//! cards' own Find Legal Moves and Make Move. It reads and writes the content's
//! tables (Position, Castling, Sides, Targets) and the Board State of the Game
//! Rules, by the names the book gives them.
//!
//! A game uses it with `libraries: [chess]` in game.yaml; it adds the driver's
//! `fen`, `setfen FEN`, `pgn` and `loadpgn`, and the window's `--fen FEN`.
//! The driver's own `moves` and `perft N` list and count moves through the
//! game's `play:` cards (the runtime's `play` room); `Chess::legal_moves`
//! and `Chess::perft` stay for the code that checks the cards against the
//! engine.

use crate::facts::{castling_by_file, write_placement, Facts, Fen, Grid, Move, Tables};
use crate::zones::Zones;
use cardtable_runtime::exec::Ctx;
use cardtable_runtime::game::{Game, Written};
use cardtable_runtime::ids::ObjectId;
use cardtable_runtime::ids::{ColumnId, EventId, FuncId, StructId, TableId};
use cardtable_runtime::json::Json;
use cardtable_runtime::library::{CliOption, Command, Lack, Library, Resolved};
use cardtable_runtime::value::{Value, EMPTY};
use cardtable_runtime::world::{Table, World};

mod pgn;
pub use pgn::START;

/// Each Kind's letter in a FEN (lower case), from the Kinds table's `letter`
/// column (the letter of a Move's name; a Kind that `promotes`, the Pawn,
/// whose Moves are named by their Squares, is `p`), so that an invented Kind
/// has its own; a Kind with no letter cannot stand in a FEN: [`Facts`].
/// Err: two Kinds share a letter, or a letter is not one (at the second
/// Kind's letter), or the content lacks what [`Facts::read`] reads.
pub fn kind_letters(game: &Game) -> Result<Vec<(String, char)>, Lack> {
    Ok(Facts::read(game, "chess")?.letters())
}

/// The Kinds a Pawn may become, for each Side ([`Facts::sides`]' order:
/// FEN's White, then Black): those the Promotion choice offers, each Object
/// of the scene with a Data Structure Promotion Choice whose `place` (1, 2,
/// ...) names a row of the Promotions table, counted from its first (Show
/// Promotion Choice offers that row's cell in the column of the Side to
/// move), or, with no Promotions table, a row of the Kinds table (row 1 is
/// its second); a button without a place, whose `kind` is not empty, offers
/// that Kind to both; in the scene's order (Queen, Rook, Bishop, Knight in
/// the chess content). Without one, every Kind that is neither royal nor
/// promotes, in the Kinds table's order (the same four in chess).
pub fn promotion_kinds(game: &Game, facts: &Facts) -> [Vec<String>; 2] {
    let mut kinds: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let choice = game.names.structs.get("Promotion Choice").copied();
    let field_of = |name: &str| choice.and_then(|c| game.structs[c.index()].fields.iter().position(|f| f.name == name));
    let (kind_field, place_field) = (field_of("kind"), field_of("place"));
    let kinds_table = game.names.tables.get("Kinds").map(|t| &game.tables[t.index()]);
    let promotions = game.names.tables.get("Promotions").map(|t| &game.tables[t.index()]);
    // The Promotions column of each Side, by its name.
    let side_columns =
        promotions.map(|t| facts.sides.clone().map(|name| t.columns.iter().position(|c| c.name == name)));
    if let Some(choice) = choice {
        for p in &game.scene {
            let ty = &game.types[p.ty.0 as usize];
            let Some(Some(off)) = ty.struct_offset.get(choice.index()).copied() else { continue };
            let value_of = |field: Option<usize>| {
                let at = off as usize + field?;
                p.fields.iter().find(|(i, _)| *i as usize == at).map_or(ty.fields.get(at).copied(), |f| Some(f.1))
            };
            let place = match value_of(place_field) {
                Some(Value::Num(n)) if n >= 1.0 && n.fract() == 0.0 => Some(n as usize),
                _ => None,
            };
            let offered: [Option<Value>; 2] = match (place, promotions, side_columns, kinds_table) {
                (Some(n), Some(t), Some(columns), _) => {
                    columns.map(|c| t.cells.get((n - 1) * t.columns.len() + c?).copied().filter(|_| n <= t.rows.len()))
                }
                (Some(n), None, _, Some(t)) => {
                    [0, 1].map(|_| t.rows.get(n).map(|&row| Value::Text(row)).or(value_of(kind_field)))
                }
                _ => [0, 1].map(|_| value_of(kind_field)),
            };
            for (side, value) in offered.into_iter().enumerate() {
                if let Some(Value::Text(s)) = value {
                    let name = game.syms.text(s);
                    if !name.is_empty() && !kinds[side].iter().any(|k| k == name) {
                        kinds[side].push(name.to_string());
                    }
                }
            }
        }
    }
    for side in &mut kinds {
        if side.is_empty() {
            *side = facts.kinds.iter().filter(|k| !k.royal && !k.promotes).map(|k| k.name.clone()).collect();
        }
    }
    kinds
}

/// The Castling table's rows that a FEN names by their Rook's File
/// (Chess960's Shredder-FEN): the columns that say so of a row
/// (`fenByFile`) and where its King starts (`kingFrom`), and the Kind of
/// each row's Rook (the one on its rookFrom in the content's Position).
#[derive(Clone, Debug)]
struct CastlingByFile {
    fen_by_file: ColumnId,
    king_from: ColumnId,
    rook_kinds: Vec<Option<u8>>,
}

/// The chess library resolved against a game: the tables, columns, Board
/// State fields and Functions it reads and calls, by the names the book
/// gives them, and the Kinds' and Sides' [`Facts`].
pub struct Chess {
    /// The Kinds' FEN letters and roles, the Sides' FEN letters.
    facts: Facts,
    /// What a Kind that promotes may become (rows of Kinds), for each Side
    /// ([`Facts::sides`]' order), in the order perft tries them:
    /// [`promotion_kinds`].
    promotions: [Vec<u8>; 2],
    position: TableId,
    kind: ColumnId,
    side: ColumnId,
    castling: Option<(TableId, ColumnId, ColumnId)>,
    /// Castlings a FEN names by their Rook's File (Shredder-FEN, as
    /// Fairy-Stockfish writes Chess960's: `HAha`), where the Castling table
    /// has a column `fenByFile` that says so of a row: [`CastlingByFile`].
    by_file: Option<CastlingByFile>,
    sides: TableId,
    promotion_rank: Option<ColumnId>,
    /// The Promotion Zones table's zones, when the game has one: where a
    /// Kind is promoted, forced or not, and to which Kinds ([`Zones`]);
    /// without it, chess's `promotionRank`.
    zones: Option<Zones>,
    targets: TableId,
    reachable: ColumnId,
    cleared_tables: Vec<TableId>,
    /// Position History and its columns kind, side, castlingsAllowed: the
    /// positions played since the last Capture or Pawn Move ([`Chess::earlier_fens`]).
    history: Option<(TableId, [ColumnId; 3])>,
    /// Check counting, when the content has a Checks table ([`CheckCounts`]).
    checks: Option<CheckCounts>,
    /// The optional Starting Turn table (its row `start`: `sideToMove`,
    /// `enPassantSquare`, `fiftyMoveCount`), where a position set up from
    /// outside leaves its Turn for Go Back To The Start to start from.
    starting_turn: Option<(TableId, [ColumnId; 3])>,
    board_state: StructId,
    side_to_move: u16,
    en_passant: Option<u16>,
    fifty: Option<u16>,
    /// Board State fields emptied when a position is set up.
    cleared_fields: Vec<u16>,
    find_legal_moves: FuncId,
    make_move: FuncId,
    pass_the_turn: FuncId,
    start_the_turn: FuncId,
    position_changed: Option<EventId>,
    /// The position the content starts a game from: [`Chess::content_start`].
    start: Option<String>,
    /// The PGN Tags table's rows (tag, value), which PGN out writes after
    /// the Seven Tag Roster: [`pgn::read_tags`].
    pgn_tags: Vec<(String, String)>,
    /// The rules a position set up from outside is held to
    /// ([`crate::engine::held`]), read from the content at the first
    /// `setfen` (None: the content lacks the tables the rules read).
    held_to: std::sync::OnceLock<Option<crate::engine::AnyRules>>,
}

/// Check counting (content/README.md, Check counting): the Checks table,
/// its columns `given` (the checks a Side has given) and `toWin` (the
/// checks that win), and the rows of FEN's White and Black. FEN's checks
/// field (`3+3`, Fairy-Stockfish's) is the checks each has still to give,
/// toWin less given.
#[derive(Clone, Copy, Debug)]
struct CheckCounts {
    table: TableId,
    given: ColumnId,
    to_win: ColumnId,
    rows: [usize; 2],
}

/// What the chess library keeps in the World: the move number of the
/// position set up last, and whether Black moved first from it. The cards
/// keep no move number, so FEN's is counted from these and the Move History.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChessState {
    pub first_move: u32,
    pub black_first: bool,
}

impl Default for ChessState {
    fn default() -> Self {
        ChessState { first_move: 1, black_first: false }
    }
}

impl cardtable_runtime::library::SerdeState for ChessState {
    const KEY: &'static str = "chess";
    const WHAT: &'static str = "the chess library's state";
}

/// A library state `T` that a save brought back and that cannot be read
/// (`firstMove: -3`) becomes a new game's, and `mended` says so.
fn unreadable_state<T: cardtable_runtime::library::SerdeState + Default>(world: &mut World, mended: &mut Vec<String>) {
    use cardtable_runtime::world::{LibraryState, SavedLibraryState};
    let at = world
        .libraries
        .iter()
        .position(|s| s.as_any().downcast_ref::<SavedLibraryState>().is_some_and(|saved| saved.key == T::KEY));
    let Some(at) = at else { return };
    let Some(saved) = world.libraries[at].as_any().downcast_ref::<SavedLibraryState>() else { return };
    let mut state = T::default();
    if let Err(e) = state.load(&saved.saved) {
        mended.push(format!("`{}` under `libraries` cannot be read ({e}): it was set to a new game's", T::KEY));
        world.libraries[at] = Box::new(T::default());
    }
}

/// The chess library in the registry.
pub struct ChessLibrary;

const COMMANDS: &[Command] = &[
    Command { verb: "fen", usage: "fen", help: "the position as FEN" },
    Command {
        verb: "setfen",
        usage: "setfen FEN",
        help: "sets up the position of a FEN (a fresh history), then the Turn starts as the cards start it",
    },
    Command {
        verb: "pgn",
        usage: "pgn",
        help: "the game as PGN: the Seven Tag Roster, the Move List's names, the result",
    },
    Command {
        verb: "loadpgn",
        usage: "loadpgn FILE-OR-PGN",
        help: "plays a PGN (a file, or the PGN on the line) from its FEN or the start, each move through the cards",
    },
];

const OPTIONS: &[CliOption] = &[
    CliOption { name: "fen", value: "FEN", help: "start from this position, a FEN (chess library)" },
    CliOption {
        name: "pgn",
        value: "FILE",
        help: "start from a PGN's last position, its moves played (chess library)",
    },
];

/// The most leaf positions `perft` counts through the cards (a few seconds
/// to a minute's work: the start position's depth 4 is 197,281): a deeper
/// count is refused as it passes them, so that no command runs for hours.
pub const PERFT_POSITIONS: u64 = 1_000_000;

/// A PGN given on a line: the text itself when it looks like PGN (a tag or
/// a move number first), else the name of a file that holds it.
fn pgn_text(arg: &str) -> Result<String, String> {
    let arg = arg.trim();
    let unquoted = arg.strip_prefix('"').and_then(|a| a.strip_suffix('"')).unwrap_or(arg);
    if arg.starts_with('[') || arg.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(arg.to_string());
    }
    cardtable_runtime::source::read::read_text(std::path::Path::new(unquoted), cardtable_runtime::source::read::PGN)
        .map_err(|e| format!("cannot read the PGN file `{unquoted}`: {e}"))
}

/// The functions the cards may call (`call library: chess, function: F`):
/// the game in and out through the clipboard and the documents folder
/// ([`Chess::call`]).
const FUNCTIONS: &[&str] = &["copyFen", "copyPgn", "paste", "savePgn"];

impl Library for ChessLibrary {
    fn name(&self) -> &'static str {
        "chess"
    }

    fn functions(&self) -> &'static [&'static str] {
        FUNCTIONS
    }

    fn commands(&self) -> &'static [Command] {
        COMMANDS
    }

    fn options(&self) -> &'static [CliOption] {
        OPTIONS
    }

    fn resolve(&self, game: &Game) -> Result<Box<dyn Resolved>, Lack> {
        Ok(Box::new(Chess::new(game)?))
    }

    fn misfits(&self, game: &Game) -> Vec<Lack> {
        crate::fit::misfits(game)
    }
}

impl Resolved for Chess {
    fn command(&self, world: &mut World, verb: &str, rest: &str) -> Json {
        match verb {
            "fen" => match self.fen(world) {
                Ok(fen) => Json::obj(vec![("fen", Json::Str(fen))]),
                Err(e) => Json::error(e),
            },
            "setfen" => match self.set_fen(world, rest) {
                Ok(mended) => {
                    let mut answer = vec![("fen", Json::Str(self.fen(world).unwrap_or_default()))];
                    if !mended.is_empty() {
                        answer.push(("mended", Json::Arr(mended.into_iter().map(Json::Str).collect())));
                    }
                    Json::obj(answer)
                }
                Err(e) => Json::error(e),
            },
            "pgn" => match self.pgn(world) {
                Ok(pgn) => Json::obj(vec![("pgn", Json::Str(pgn))]),
                Err(e) => Json::error(e),
            },
            "loadpgn" => match pgn_text(rest).and_then(|text| self.load_pgn(world, &text)) {
                Ok((n, mended)) => {
                    let mut answer =
                        vec![("moves", Json::Num(n as f64)), ("fen", Json::Str(self.fen(world).unwrap_or_default()))];
                    if !mended.is_empty() {
                        answer.push(("mended", Json::Arr(mended.into_iter().map(Json::Str).collect())));
                    }
                    Json::obj(answer)
                }
                Err(e) => Json::error(e),
            },
            other => Json::error(format!("the chess library has no command `{other}`")),
        }
    }

    /// `setfen` and `--fen` write Position, Castling, the tables a new
    /// position clears, and the Board State's fields it sets (`loadpgn` plays
    /// through the cards, which say their own).
    fn writes(&self, written: &mut Written) {
        written.mark_table(self.position);
        if let Some((t, _, _)) = self.castling {
            written.mark_table(t);
        }
        for &t in &self.cleared_tables {
            written.mark_table(t);
        }
        if let Some((t, _)) = self.starting_turn {
            written.mark_table(t);
        }
        let fields = [Some(self.side_to_move), self.en_passant, self.fifty].into_iter().flatten();
        for f in fields.chain(self.cleared_fields.iter().copied()) {
            written.mark_field(self.board_state, f as usize);
        }
    }

    /// A game whose cards drew its start (Chess960's, `random` at the
    /// Board's Created) began from a position its files do not hold: seen
    /// before the game's first Move (the host asks after every input and
    /// every tick of the clock), it is kept as the game's start, which its
    /// PGN names in its `FEN` tag. It is never an answer: false.
    fn take_answers(&self, world: &mut World) -> bool {
        let start: Option<pgn::Start> = cardtable_runtime::library::state(world);
        if start.is_some_and(|s| s.fen.is_some()) || !self.move_names(world).is_ok_and(|n| n.is_empty()) {
            return false;
        }
        // The Pieces and the castlings (not the Move's number, which a library's state may set).
        fn board(fen: &str) -> (Option<&str>, Option<&str>) {
            let mut f = fen.split(' ');
            (f.next(), f.nth(1))
        }
        if let Ok(fen) = self.fen(world) {
            if self.start.as_deref().is_none_or(|start| board(start) != board(&fen)) {
                // A New Game from a position set up before (its tables'
                // starts kept across the restart) may start with Black to move.
                if fen.split(' ').nth(1) == Some("b") {
                    let mut state: ChessState = cardtable_runtime::library::state(world).unwrap_or_default();
                    if !state.black_first {
                        state.black_first = true;
                        *cardtable_runtime::library::state_mut(world) = state;
                    }
                }
                let fen = self.fen(world).unwrap_or(fen);
                *cardtable_runtime::library::state_mut(world) = pgn::Start { fen: Some(fen) };
            }
        }
        false
    }

    /// A game begun from the content's own start, with Moves played, began
    /// from the old content's: its PGN names that one, whatever the new
    /// files start with. (Before its first Move, the game takes the new
    /// files' position, reload's rule for a table play has not changed.)
    fn carry_over(&self, world: &mut World) {
        let start: pgn::Start = cardtable_runtime::library::state(world).unwrap_or_default();
        let played = self.move_names(world).is_ok_and(|names| !names.is_empty());
        if start.fen.is_none() && self.start.is_some() && played {
            *cardtable_runtime::library::state_mut(world) = pgn::Start { fen: self.start.clone() };
        }
    }

    fn fit_save(&self, world: &mut World, mended: &mut Vec<String>) -> Result<(), String> {
        self.fit_saved(world, mended)
    }

    /// The cards' calls: `copyFen` and `copyPgn` put the position's FEN or
    /// the game's PGN (its Seven Tag Roster filled in) on the clipboard;
    /// `paste` sets the game from the clipboard's PGN or FEN; `savePgn`
    /// writes the game as PGN into the documents folder. Each says what it
    /// did, or why it could not, in a notice; a bad paste changes nothing.
    fn call(&self, world: &mut World, function: &str, _object: ObjectId) {
        let done = match function {
            "copyFen" => self
                .fen(world)
                .map(|fen| world.copy_text(&fen).then(|| format!("The position was copied as FEN: {fen}"))),
            "copyPgn" => self
                .pgn_with(world, true)
                .map(|pgn| world.copy_text(&pgn).then(|| "The game was copied as PGN.".to_string())),
            "paste" => match world.paste_text() {
                None => Ok(None),
                Some(text) => self.paste(world, &text).map(Some),
            },
            "savePgn" => self.save_pgn(world).map(Some),
            _ => return,
        };
        match done {
            Ok(Some(note)) => world.notices.push(note),
            Ok(None) => {}
            Err(e) => world.notices.push(e),
        }
    }

    /// Whether each engine follows the cards: [`crate::follow`] (the
    /// Stockfish Bridge's check, where the game names it: the engine it asks
    /// is the one checked, and the check is kept in the data folder).
    fn check_play(&self, world: &World) -> Vec<cardtable_runtime::library::Finding> {
        if world.game.libraries.iter().any(|l| l == "stockfishBridge") {
            return Vec::new();
        }
        crate::follow::check(self, world)
    }

    fn apply_option(&self, world: &mut World, name: &str, value: &str) -> Result<(), String> {
        match name {
            "fen" => self.set_fen(world, value).map(|_| ()),
            "pgn" => pgn_text(value).and_then(|text| self.load_pgn(world, &text)).map(|_| ()),
            other => Err(format!("the chess library has no option `--{other}`")),
        }
    }
}

/// What [`Chess::perft`] brings back after each move.
struct Saved {
    tables: Vec<(usize, Table)>,
    globals: Vec<Value>,
    state: u16,
    fields: Vec<Value>,
}

impl Chess {
    /// Resolves every name the library needs, or says which is missing.
    pub fn new(game: &Game) -> Result<Chess, Lack> {
        let tables = Tables::new(game, "chess");
        let (table, column) = (|name: &str| tables.table(name), |t, name: &str| tables.column(t, name));
        let function = |name: &str| game.names.functions.get(name).copied();
        let position = table("Position")?;
        let sides = table("Sides")?;
        let targets = table("Targets")?;
        let castling = match tables.optional("Castling") {
            Some(t) => Some((t, column(t, "rookFrom")?, column(t, "isAllowed")?)),
            None => None,
        };
        let board_state = tables.structure("Board State")?;
        let field = |name: &str| tables.field(board_state, name);
        let cleared_fields = ["selected", "lastFrom", "lastTo", "checkSquare", "promotionSquare", "inspected"]
            .iter()
            .filter_map(|f| field(f))
            .collect();
        let facts = Facts::read(game, "chess")?;
        let by_file = match castling.and_then(|(t, _, _)| Some((t, tables.optional_column(t, "fenByFile")?))) {
            Some((t, fen_by_file)) => {
                let (king_from, rook_from) = (column(t, "kingFrom")?, column(t, "rookFrom")?);
                let kind = column(position, "kind")?;
                // The Kind that starts on each row's rookFrom in the content's Position: its Rook.
                let rook_kinds = (0..tables.def(t).rows.len())
                    .map(|r| {
                        let square = tables.text(t, r, rook_from);
                        let at = tables.def(position).rows.iter().position(|n| game.syms.text(*n) == square);
                        at.and_then(|i| facts.kind_named(tables.text(position, i, kind)))
                    })
                    .collect();
                Some(CastlingByFile { fen_by_file, king_from, rook_kinds })
            }
            None => None,
        };
        let checks = match tables.optional("Checks") {
            Some(t) => Some(read_checks(&tables, &facts, t)?),
            None => None,
        };
        let zones = Zones::read(&tables, &facts)?;
        let promotions =
            promotion_kinds(game, &facts).map(|side| side.iter().filter_map(|k| facts.kind_named(k)).collect());
        let mut chess = Chess {
            facts,
            promotions,
            position,
            kind: column(position, "kind")?,
            side: column(position, "side")?,
            castling,
            by_file,
            sides,
            promotion_rank: column(sides, "promotionRank").ok(),
            zones,
            targets,
            reachable: column(targets, "reachable")?,
            cleared_tables: ["Move History", "Position History", "Targets"]
                .iter()
                .filter_map(|t| tables.optional(t))
                .collect(),
            // Optional: without it (or its columns) a search sees no history.
            history: tables.optional("Position History").and_then(|t| {
                Some((t, [column(t, "kind").ok()?, column(t, "side").ok()?, column(t, "castlingsAllowed").ok()?]))
            }),
            checks,
            starting_turn: match tables.optional("Starting Turn") {
                Some(t) => {
                    Some((t, [column(t, "sideToMove")?, column(t, "enPassantSquare")?, column(t, "fiftyMoveCount")?]))
                }
                None => None,
            },
            board_state,
            side_to_move: field("sideToMove").ok_or("the chess library needs Board State's `sideToMove`")?,
            en_passant: field("enPassantSquare"),
            fifty: field("fiftyMoveCount"),
            cleared_fields,
            find_legal_moves: function("Find Legal Moves")
                .ok_or("the chess library needs a Function `Find Legal Moves`")?,
            make_move: function("Make Move").ok_or("the chess library needs a Function `Make Move`")?,
            pass_the_turn: function("Pass The Turn").ok_or("the chess library needs a Function `Pass The Turn`")?,
            start_the_turn: function("Start The Turn").ok_or("the chess library needs a Function `Start The Turn`")?,
            position_changed: game.names.events.get("positionChanged").copied(),
            start: None,
            pgn_tags: pgn::read_tags(&tables)?,
            held_to: std::sync::OnceLock::new(),
        };
        chess.start = chess.content_start(game);
        Ok(chess)
    }

    /// The Object that carries the Board State: the Game Rules.
    fn rules(&self, world: &World) -> Result<ObjectId, String> {
        let game = &world.game;
        world
            .objects
            .iter()
            .position(|o| {
                o.alive
                    && game.types[o.ty.0 as usize]
                        .struct_offset
                        .get(self.board_state.index())
                        .copied()
                        .flatten()
                        .is_some()
            })
            .map(|i| ObjectId(i as u32))
            .ok_or("no Object carries the Board State".into())
    }

    fn field_index(&self, world: &World, rules: ObjectId, field: u16) -> usize {
        let o = &world.objects[rules.0 as usize];
        let off = world.game.types[o.ty.0 as usize].struct_offset[self.board_state.index()].unwrap_or(0);
        off as usize + field as usize
    }

    fn field(&self, world: &World, rules: ObjectId, field: u16) -> Value {
        world.objects[rules.0 as usize].fields[self.field_index(world, rules, field)]
    }

    fn set_field(&self, world: &mut World, rules: ObjectId, field: u16, v: Value) {
        let i = self.field_index(world, rules, field);
        world.objects[rules.0 as usize].fields[i] = v;
    }

    fn text(world: &World, v: Value) -> &str {
        match v {
            Value::Text(s) => world.syms.text(s),
            _ => "",
        }
    }

    /// Which castlings a FEN names (`KQkq`, or `-`), of the Castling
    /// rows for which `allowed` says so: each by its Rook's Square
    /// ([`Grid::castling_letter`]), or where `by_file` says so of a row by
    /// its Rook's File (`H`, `a`: [`Grid::castling_file_letter`]); White's
    /// first, each Side's from the last File, as FEN and Fairy-Stockfish
    /// write them (`KQkq`, `HAha`, `GBgb`).
    fn castling_field(
        grid: Grid,
        rows: usize,
        rook_from: impl Fn(usize) -> String,
        allowed: impl Fn(usize) -> bool,
        by_file: impl Fn(usize) -> bool,
    ) -> String {
        let mut letters: Vec<(bool, u8, char)> = (0..rows)
            .filter(|&r| allowed(r))
            .filter_map(|r| {
                let sq = grid.parse(&rook_from(r))?;
                let letter = if by_file(r) { grid.castling_file_letter(sq) } else { grid.castling_letter(sq)? };
                Some((letter.is_ascii_lowercase(), u8::MAX - grid.file_of(sq), letter))
            })
            .collect();
        letters.sort();
        letters.dedup();
        let rights: String = letters.into_iter().map(|(_, _, l)| l).collect();
        if rights.is_empty() {
            "-".to_string()
        } else {
            rights
        }
    }

    /// The Kind on a Square (`e2`) of the Position table: `Pawn`, or empty.
    pub fn kind_on(&self, world: &World, square: &str) -> String {
        let pos = &world.tables[self.position.index()];
        match self.facts.grid.parse(square).map(usize::from) {
            Some(r) if r < pos.row_count() => Self::text(world, pos.cell(r, self.kind)).to_string(),
            _ => String::new(),
        }
    }

    /// The Board's size (the content's Board Size table).
    pub fn grid(&self) -> Grid {
        self.facts.grid
    }

    /// Whether the Position table's `rows` are the Board's Squares, one
    /// each, as Board Size says (the load checks the content's files; a
    /// table that play has grown or shrunk is told here).
    fn is_the_board(&self, rows: usize) -> Result<(), String> {
        let grid = self.facts.grid;
        if rows == grid.squares() {
            return Ok(());
        }
        Err(format!(
            "Position has {rows} rows, not the {} Squares of a Board {} Files by {} Ranks (Board Size)",
            grid.squares(),
            grid.files,
            grid.ranks
        ))
    }

    /// A World just made from a saved game held to what the library reads
    /// of it, as `setfen` holds a FEN: the fifty-move count (Board State's
    /// `fiftyMoveCount`) a whole number that FEN's halfmove clock can be (0
    /// to 4294967295; a count edited to -5 or 2.5 is set to 0), the
    /// library's move number one FEN's can be (from 1; else 1), its start a
    /// FEN it reads (else none); each mend told. Then the position as FEN
    /// must read back as `setfen` reads it ([`Fen::read`]): a Position
    /// that is not the Board's Squares, or a FEN of it that `setfen` would
    /// refuse, cannot be played, and the save is refused.
    pub fn fit_saved(&self, world: &mut World, mended: &mut Vec<String>) -> Result<(), String> {
        let Ok(rules) = self.rules(world) else { return Ok(()) };
        if let Some(f) = self.fifty {
            match self.field(world, rules, f) {
                Value::Num(n) if n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) => {}
                other => {
                    self.set_field(world, rules, f, Value::Num(0.0));
                    let found = match other {
                        Value::Num(n) => cardtable_runtime::world::number(n),
                        _ => "not a Number".to_string(),
                    };
                    mended.push(format!(
                        "the fifty-move count (Board State's `fiftyMoveCount`) is {found}, not a whole number of 0 or \
                         more as a FEN's halfmove clock is: it was set to 0"
                    ));
                }
            }
        }
        // A state that cannot be read at all is a new game's, told here (not later, when first used).
        unreadable_state::<ChessState>(world, mended);
        unreadable_state::<pgn::Start>(world, mended);
        // The states a save holds, read (and claimed) only to be mended: a save without them keeps none.
        let plies = world.game.names.tables.get("Move History").map_or(0, |t| world.tables[t.index()].row_count());
        if let Some(mut state) = cardtable_runtime::library::state::<ChessState>(world) {
            let number = u64::from(state.first_move) + (plies as u64 + u64::from(state.black_first)) / 2;
            if state.first_move == 0 || number > u64::from(u32::MAX) {
                mended.push(format!(
                    "the chess library's move number (`firstMove`) is {}, and a FEN's move number is a whole number \
                     from 1 to 4294967295: it was set to 1",
                    state.first_move
                ));
                state.first_move = 1;
                *cardtable_runtime::library::state_mut(world) = state;
            }
        }
        if let Some(fen) = cardtable_runtime::library::state::<pgn::Start>(world).and_then(|s| s.fen) {
            if let Err(e) = Fen::read(self.facts.grid, &fen, |c| self.facts.kind_of_letter(c)) {
                mended.push(format!(
                    "the chess library's start (`chess start`'s `fen`), `{fen}`, is not a FEN `setfen` reads ({e}): \
                     it was dropped, and PGN out names the content's start"
                ));
                *cardtable_runtime::library::state_mut(world) = pgn::Start { fen: None };
            }
        }
        let fen = self.fen(world).map_err(|e| format!("its position cannot be played: {e}"))?;
        // Held to the rules as a FEN from outside is: castling rights and an
        // en passant Square that cannot be are dropped, a position that
        // cannot be is refused.
        let held = self.hold(&world.game, &fen).map_err(|e| format!("its position, `{fen}`, cannot be played: {e}"))?;
        if !held.mended.is_empty() {
            let read = Fen::read(self.facts.grid, &held.fen, |c| self.facts.kind_of_letter(c))?;
            let castling = held.fen.split_whitespace().nth(2).unwrap_or("-");
            self.write_castling(world, &read, castling);
            if let (Some(f), None) = (self.en_passant, read.en_passant) {
                self.set_field(world, rules, f, Value::Text(EMPTY));
            }
            mended.extend(held.mended.iter().map(|m| format!("its position `{fen}`: {m}")));
        }
        self.keep_start_after_load(world);
        Ok(())
    }

    /// The position as FEN.
    pub fn fen(&self, world: &World) -> Result<String, String> {
        let rules = self.rules(world)?;
        let pos = &world.tables[self.position.index()];
        self.is_the_board(pos.row_count())?;
        let mut out =
            self.placement(|r| (Self::text(world, pos.cell(r, self.kind)), Self::text(world, pos.cell(r, self.side))));
        let white = self.facts.is_white(Self::text(world, self.field(world, rules, self.side_to_move)));
        out.push_str(if white { " w " } else { " b " });
        let rights = match self.castling {
            Some((t, rook_from, allowed)) => {
                let table = &world.tables[t.index()];
                Self::castling_field(
                    self.facts.grid,
                    table.row_count(),
                    |r| Self::text(world, table.cell(r, rook_from)).to_string(),
                    |r| table.cell(r, allowed) == Value::Bool(true),
                    |r| self.by_file.as_ref().is_some_and(|b| table.cell(r, b.fen_by_file) == Value::Bool(true)),
                )
            }
            None => "-".to_string(),
        };
        out.push_str(&rights);
        let ep =
            self.en_passant.map(|f| Self::text(world, self.field(world, rules, f)).to_string()).unwrap_or_default();
        out.push(' ');
        out.push_str(if ep.is_empty() { "-" } else { &ep });
        if let Some(c) = self.checks {
            let table = &world.tables[c.table.index()];
            let [white, black] = c.rows.map(|r| checks_left(table.cell(r, c.to_win), table.cell(r, c.given)));
            out.push_str(&format!(" {white}+{black}"));
        }
        let fifty = match self.fifty.map(|f| self.field(world, rules, f)) {
            Some(Value::Num(n)) => n as i64,
            _ => 0,
        };
        let plies = world.game.names.tables.get("Move History").map_or(0, |t| world.tables[t.index()].row_count());
        let ChessState { first_move: first, black_first } =
            cardtable_runtime::library::state(world).unwrap_or_default();
        out.push_str(&format!(" {fifty} {}", first as usize + (plies + usize::from(black_first)) / 2));
        Ok(out)
    }

    /// A FEN's placement, each Square's Kind and Side given by `piece`
    /// (from a row of Position: a1 is row 0).
    fn placement<'a>(&self, piece: impl Fn(usize) -> (&'a str, &'a str)) -> String {
        write_placement(self.facts.grid, |sq| {
            let (kind, side) = piece(usize::from(sq));
            self.facts.piece_letter(kind, side)
        })
    }

    /// The position the content starts a game from, as FEN: the Position
    /// and Castling tables as their files make them, the Board State's
    /// `sideToMove` as its Data Structure gives it. [`START`] for the chess
    /// game; a variant's own (content/examples/nightrider-camel) otherwise,
    /// which a PGN of it names in its `FEN` tag. None when Position is not
    /// the 64 Squares of a board.
    fn content_start(&self, game: &Game) -> Option<String> {
        let tables = Tables::new(game, "chess");
        if tables.def(self.position).rows.len() != self.facts.grid.squares() {
            return None;
        }
        let placement =
            self.placement(|r| (tables.text(self.position, r, self.kind), tables.text(self.position, r, self.side)));
        let side = game.structs[self.board_state.index()].fields.get(self.side_to_move as usize);
        let white = side.is_none_or(|f| match f.default {
            Value::Text(s) => game.syms.text(s) != self.facts.side_of_fen(false),
            _ => true,
        });
        let rights = match self.castling {
            Some((t, rook_from, allowed)) => Self::castling_field(
                self.facts.grid,
                tables.def(t).rows.len(),
                |r| tables.text(t, r, rook_from).to_string(),
                |r| tables.yes(t, r, allowed),
                |r| self.by_file.as_ref().is_some_and(|b| tables.yes(t, r, b.fen_by_file)),
            ),
            None => "-".to_string(),
        };
        let checks = self.checks.map_or(String::new(), |c| {
            let [white, black] =
                c.rows.map(|r| checks_left(tables.cell(c.table, r, c.to_win), tables.cell(c.table, r, c.given)));
            format!(" {white}+{black}")
        });
        Some(format!("{placement} {} {rights} -{checks} 0 1", if white { "w" } else { "b" }))
    }

    /// The positions of the game before the one on the Board, oldest first,
    /// as FENs, from the Position History table (the cards record one at the
    /// start of each Turn, since the last Capture or Pawn Move; the one on
    /// the Board may be the last): for a search to see a repetition coming.
    /// The Side to move of each is the current one every other position back;
    /// its castlings are the current ones when as many were allowed (they
    /// only ever go, so the same number means the same ones), and when more
    /// were allowed it can never come again: None. No en passant Square (a
    /// position where one could be taken is not recorded).
    pub fn earlier_fens(&self, world: &World) -> Result<Vec<Option<String>>, String> {
        let Some((t, [kind, side, allowed])) = self.history else { return Ok(Vec::new()) };
        let now = self.fen(world)?;
        let fields: Vec<&str> = now.split_whitespace().collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or("-");
        let (placement, to_move, castling) = (field(0), field(1), field(2));
        let castlings_now = self.castling.map_or(0, |(t, _, allowed)| {
            let table = &world.tables[t.index()];
            (0..table.row_count()).filter(|&r| table.cell(r, allowed) == Value::Bool(true)).count()
        });
        let table = &world.tables[t.index()];
        let squares = self.facts.grid.squares();
        let count = table.row_count() / squares;
        let mut positions: Vec<(String, usize)> = (0..count)
            .map(|p| {
                let out = self.placement(|r| {
                    let r = p * squares + r;
                    (Self::text(world, table.cell(r, kind)), Self::text(world, table.cell(r, side)))
                });
                let n = match table.cell(p * squares, allowed) {
                    Value::Num(n) if n >= 0.0 => n as usize,
                    _ => 0,
                };
                (out, n)
            })
            .collect();
        // A Move always changes the placement: the last one recorded is the
        // Board's own when it has the Board's placement.
        if positions.last().is_some_and(|(p, _)| p == placement) {
            positions.pop();
        }
        let n = positions.len();
        Ok(positions
            .into_iter()
            .enumerate()
            .map(|(i, (p, allowed))| {
                let same_side = (n - i).is_multiple_of(2);
                let side = match (to_move == "w") == same_side {
                    true => "w",
                    false => "b",
                };
                (allowed == castlings_now).then(|| format!("{p} {side} {castling} - 0 1"))
            })
            .collect())
    }

    /// The Castling table's `allowed` cells (and a Chess960 row's King and
    /// Rook Squares) as a FEN's castling field says.
    fn write_castling(&self, world: &mut World, read: &Fen, castling: &str) {
        let grid = self.facts.grid;
        if let Some((t, rook_from, allowed)) = self.castling {
            for r in 0..world.tables[t.index()].row_count() {
                if let Some(b) = self
                    .by_file
                    .as_ref()
                    .filter(|b| world.tables[t.index()].cell(r, b.fen_by_file) == Value::Bool(true))
                {
                    let found = self.castling_by_file(world, read, t, r, rook_from, b);
                    if let Some((king, rook)) = found {
                        for (col, sq) in [(b.king_from, king), (rook_from, rook)] {
                            let sym = world.syms.intern(&grid.name(sq));
                            *world.tables[t.index()].cell_mut(r, col) = Value::Text(sym);
                        }
                    }
                    *world.tables[t.index()].cell_mut(r, allowed) = Value::Bool(found.is_some());
                    continue;
                }
                let rook = grid.parse(Self::text(world, world.tables[t.index()].cell(r, rook_from)));
                let on = rook.and_then(|sq| grid.castling_letter(sq)).is_some_and(|l| castling.contains(l));
                *world.tables[t.index()].cell_mut(r, allowed) = Value::Bool(on);
            }
        }
    }

    /// The FEN as the content's rules can hold it, each mend told, or why
    /// it cannot be held ([`crate::engine::held::hold`]): every position
    /// set up from outside goes through it. A content without the tables
    /// the rules read (Directions...), or whose rules the engine cannot play
    /// (no royal Kind, extinction: a Side may have no royal Piece), has its
    /// FEN set up as it is.
    pub fn hold(&self, game: &Game, fen: &str) -> Result<crate::engine::held::Held, String> {
        let read = Fen::read(self.facts.grid, fen, |c| self.facts.kind_of_letter(c))?;
        self.hold_checks(game, &read)?;
        match self.held_to.get_or_init(|| crate::engine::AnyRules::new(game).ok()) {
            Some(rules) => rules.hold(fen),
            None => Ok(crate::engine::held::Held { fen: fen.to_string(), mended: Vec::new() }),
        }
    }

    /// Refuses a FEN's checks field (`3+3`) in a game that counts no checks,
    /// and a count of checks still to give past the checks that win.
    fn hold_checks(&self, game: &Game, read: &Fen) -> Result<(), String> {
        let Some(left) = read.checks else { return Ok(()) };
        let Some(c) = self.checks else {
            return Err("this game counts no checks (it has no Checks table): the FEN's checks field \
                 (`3+3`, the checks White and Black have still to give, as Fairy-Stockfish writes \
                 its 3check) is not one of its fields"
                .into());
        };
        let def = &game.tables[c.table.index()];
        for (i, (&r, left)) in c.rows.iter().zip(left).enumerate() {
            let to_win = match def.cells.get(r * def.columns.len() + c.to_win.index()) {
                Some(Value::Num(n)) => *n,
                _ => 0.0,
            };
            if f64::from(left) > to_win {
                return Err(format!(
                    "the FEN's checks field gives {} {left} checks still to give, more than the {to_win} that win \
                     (the Checks table's toWin)",
                    self.facts.side_of_fen(i == 0)
                ));
            }
        }
        Ok(())
    }

    /// The Pieces, castlings and checks given of a FEN, read, into the
    /// Position, Castling and Checks tables (Position already the Board's Squares).
    fn write_position(&self, world: &mut World, read: &Fen, castling: &str) {
        let game = world.game.clone();
        for (r, piece) in read.placement.iter().enumerate() {
            let name =
                |(kind, white): (u8, bool)| (&self.facts.kinds[usize::from(kind)].name, self.facts.side_of_fen(white));
            let (kind, side) =
                piece.map(name).map_or((EMPTY, EMPTY), |(k, s)| (world.syms.intern(k), world.syms.intern(s)));
            let pos = &mut world.tables[self.position.index()];
            *pos.cell_mut(r, self.kind) = Value::Text(kind);
            *pos.cell_mut(r, self.side) = Value::Text(side);
        }
        self.write_castling(world, read, castling);
        // No check given, or as many as the FEN's checks field says.
        if let Some(c) = self.checks {
            let table = &mut world.tables[c.table.index()];
            table.reset(&game.tables[c.table.index()]);
            for (&r, left) in c.rows.iter().zip(read.checks.unwrap_or_default()) {
                let Value::Num(to_win) = table.cell(r, c.to_win) else { continue };
                if read.checks.is_some() {
                    *table.cell_mut(r, c.given) = Value::Num(to_win - f64::from(left));
                }
            }
        }
    }

    /// A game set up from outside (its Starting Turn names a Side) and
    /// brought back from a save goes back to its start as before: the
    /// Position, Castling and Checks tables' starts are its start FEN's
    /// (`World::set_table_start`), the Starting Turn's its own.
    fn keep_start_after_load(&self, world: &mut World) {
        let Some((t, [to_move, _, _])) = self.starting_turn else { return };
        let table = &world.tables[t.index()];
        if table.row_count() == 0 || Self::text(world, table.cell(0, to_move)).is_empty() {
            return;
        }
        let Some(fen) = cardtable_runtime::library::state::<pgn::Start>(world).and_then(|s| s.fen) else { return };
        let Ok(read) = Fen::read(self.facts.grid, &fen, |c| self.facts.kind_of_letter(c)) else { return };
        if world.tables[self.position.index()].row_count() != self.facts.grid.squares() {
            return;
        }
        let starts = [Some(self.position), self.castling.map(|c| c.0), self.checks.map(|c| c.table)];
        let now: Vec<_> = starts.iter().flatten().map(|t| (*t, world.tables[t.index()].clone())).collect();
        self.write_position(world, &read, read.castling);
        for &(table, _) in &now {
            world.set_table_start(table);
        }
        for (table, rows) in now {
            world.tables[table.index()] = rows;
        }
        world.set_table_start(t);
    }

    /// Sets up the position of a FEN, held to the rules first ([`Chess::hold`]:
    /// refused, or mended as the answer says): the tables, the Board State,
    /// a fresh history; then the Turn starts as the cards start it.
    pub fn set_fen(&self, world: &mut World, fen: &str) -> Result<Vec<String>, String> {
        let held = self.hold(&world.game, fen)?;
        let fen = held.fen.as_str();
        let read = Fen::read(self.facts.grid, fen, |c| self.facts.kind_of_letter(c))?;
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let (castling, move_number) = (read.castling, read.move_number.max(1));
        let grid = self.facts.grid;
        let ep = read.en_passant.map_or("-".to_string(), |sq| grid.name(sq));
        let side = self.facts.side_of_fen(read.white_to_move);

        let rules = self.rules(world)?;
        let game = world.game.clone();
        if world.tables[self.position.index()].row_count() != grid.squares() {
            world.tables[self.position.index()].reset(&game.tables[self.position.index()]);
            self.is_the_board(world.tables[self.position.index()].row_count())?;
        }
        self.write_position(world, &read, castling);
        for &t in &self.cleared_tables {
            world.tables[t.index()].reset(&game.tables[t.index()]);
        }
        let side = world.syms.intern(side);
        self.set_field(world, rules, self.side_to_move, Value::Text(side));
        if let Some(f) = self.en_passant {
            let sym = if ep == "-" { EMPTY } else { world.syms.intern(&ep) };
            self.set_field(world, rules, f, Value::Text(sym));
        }
        if let Some(f) = self.fifty {
            self.set_field(world, rules, f, Value::Num(f64::from(read.halfmoves)));
        }
        for &f in &self.cleared_fields {
            self.set_field(world, rules, f, Value::Text(EMPTY));
        }
        // The position set up is the game's start: Undo (Go Back To The
        // Start's `reset table`s and its Starting Turn) and a New Game go back to it.
        if let Some((t, [to_move, en_passant, fifty])) = self.starting_turn {
            let ep = if ep == "-" { EMPTY } else { world.syms.intern(&ep) };
            let table = &mut world.tables[t.index()];
            if table.row_count() > 0 {
                *table.cell_mut(0, to_move) = Value::Text(side);
                *table.cell_mut(0, en_passant) = Value::Text(ep);
                *table.cell_mut(0, fifty) = Value::Num(f64::from(read.halfmoves));
            }
        }
        let starts = [
            Some(self.position),
            self.castling.map(|c| c.0),
            self.checks.map(|c| c.table),
            self.starting_turn.map(|s| s.0),
        ];
        for t in starts.into_iter().flatten() {
            world.set_table_start(t);
        }
        world.state = 0;
        // The result Globals as game.yaml starts them: the Turn started
        // below writes them again when the position set is already over.
        world.reset_result();
        // A menu or the Promotion choice left open would hold the Board the new position is on.
        world.close_choices();
        *cardtable_runtime::library::state_mut(world) =
            ChessState { first_move: move_number, black_first: !read.white_to_move };
        let checks = read.checks.map(|[w, b]| format!(" {w}+{b}")).unwrap_or_default();
        let start = format!("{} {} {castling} {ep}{checks} {} {move_number}", parts[0], parts[1], read.halfmoves);
        *cardtable_runtime::library::state_mut(world) = pgn::Start { fen: Some(start) };
        let start = self.start_the_turn;
        let changed = self.position_changed;
        world.input(|w, g| {
            let cx = Ctx { this: Some(rules), other: Value::None, attachment: None, base: w.stack_len() };
            w.call_function(g, &cx, start, &[Value::Obj(rules)])?;
            if let Some(e) = changed {
                w.dispatch(g, e, Some(rules), None)?;
            }
            Ok(())
        });
        Ok(held.mended)
    }

    /// The King's and the Rook's Squares of the castling of row `r` of
    /// Castling (a row read by its Rook's File) that the FEN's castling
    /// field names, or None when it names none. The row's Side and wing are
    /// its Rook's Rank (the first half of the Board: FEN's White, upper
    /// case) and which side of its King its Rook stands now; the King is the
    /// royal Piece of that Side on that Rank; the letter names the Rook: `K`
    /// and `Q` (`k`, `q`) the outermost Rook on that wing (X-FEN), a File's
    /// letter (`H`, `a`) the Rook on that File (Shredder-FEN). The Rook is a
    /// Piece of the Kind that starts on the row's rookFrom in the content.
    fn castling_by_file(
        &self,
        world: &World,
        read: &Fen,
        t: TableId,
        r: usize,
        rook_from: ColumnId,
        b: &CastlingByFile,
    ) -> Option<(u8, u8)> {
        let grid = self.facts.grid;
        let table = &world.tables[t.index()];
        let rook_now = grid.parse(Self::text(world, table.cell(r, rook_from)))?;
        let king_now = grid.parse(Self::text(world, table.cell(r, b.king_from)))?;
        let rank = grid.rank_of(rook_now);
        let king_side = grid.file_of(rook_now) > grid.file_of(king_now);
        let rook_kind = (*b.rook_kinds.get(r)?)?;
        castling_by_file(grid, read, self.facts.royal?, rook_kind, rank, rank < grid.ranks / 2, king_side)
    }

    /// Every legal move of the side to move, as the cards' Find Legal Moves marks them.
    pub fn legal_moves(&self, world: &mut World, out: &mut Vec<Move>) -> Result<(), String> {
        out.clear();
        let rows = world.tables[self.position.index()].row_count();
        self.is_the_board(rows)?;
        let rules = self.rules(world)?;
        let side = self.field(world, rules, self.side_to_move);
        let ep = self.en_passant.map_or(Value::Text(EMPTY), |f| self.field(world, rules, f));
        let promotion_rank = self.promotion_rank(world, side);
        let side_index = usize::from(Self::text(world, side) == self.facts.sides[1]);
        for from in 0..rows {
            let pos = &world.tables[self.position.index()];
            if pos.cell(from, self.side) != side {
                continue;
            }
            let promotes = self.facts.has(Self::text(world, pos.cell(from, self.kind)), |k| k.promotes);
            let from_name = Value::Text(pos.rows()[from]);
            let args = [from_name, ep];
            let cx = Ctx { this: Some(rules), other: Value::None, attachment: None, base: world.stack_len() };
            let faults = world.faults.len();
            world.input(|w, g| w.call_function(g, &cx, self.find_legal_moves, &args));
            if world.faults.len() > faults {
                return Err(world.faults[faults].to_string());
            }
            let targets = &world.tables[self.targets.index()];
            for r in 0..targets.row_count() {
                if targets.cell(r, self.reachable) != Value::Bool(true) {
                    continue;
                }
                let Some(to) = self.facts.grid.parse(world.syms.text(targets.rows()[r])) else { continue };
                let from = from as u8;
                let rank = usize::from(self.facts.grid.rank_of(to)) + 1;
                match (&self.zones, promotes) {
                    (Some(zones), true) => {
                        let pos = &world.tables[self.position.index()];
                        let kind = self.facts.kind_named(Self::text(world, pos.cell(usize::from(from), self.kind)));
                        match kind.and_then(|k| zones.zone(side_index, k, rank)) {
                            Some(zone) => {
                                for &promotion in &self.promotions[side_index] {
                                    let count = self.count(world, side, promotion);
                                    if zones.allows(zone, promotion, count) {
                                        out.push(Move { from, to, promotion });
                                    }
                                }
                                if !zone.forced {
                                    out.push(Move { from, to, promotion: Move::NONE });
                                }
                            }
                            None => out.push(Move { from, to, promotion: Move::NONE }),
                        }
                    }
                    _ if promotes && Some(rank) == promotion_rank => {
                        for &promotion in &self.promotions[side_index] {
                            out.push(Move { from, to, promotion });
                        }
                    }
                    _ => out.push(Move { from, to, promotion: Move::NONE }),
                }
            }
        }
        Ok(())
    }

    /// How many Pieces of Side `side` of Kind `kind` (its row of Kinds) stand on the Board.
    fn count(&self, world: &World, side: Value, kind: u8) -> usize {
        let Some(name) = self.facts.kinds.get(usize::from(kind)).and_then(|k| world.syms.get(&k.name)) else {
            return 0;
        };
        let pos = &world.tables[self.position.index()];
        (0..pos.row_count())
            .filter(|&r| pos.cell(r, self.side) == side && pos.cell(r, self.kind) == Value::Text(name))
            .count()
    }

    fn promotion_rank(&self, world: &World, side: Value) -> Option<usize> {
        let col = self.promotion_rank?;
        let Value::Text(s) = side else { return None };
        let sides: &Table = &world.tables[self.sides.index()];
        let r = sides.find(s)?;
        match sides.cell(r, col) {
            Value::Num(n) => Some(n as usize),
            _ => None,
        }
    }

    /// Makes a move as the cards do (Make Move, the promoted Kind, Pass The Turn).
    pub fn make(&self, world: &mut World, m: Move) -> Result<(), String> {
        let rules = self.rules(world)?;
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        if from.max(to) >= world.tables[self.position.index()].row_count() {
            return Err("a move off the Position table".into());
        }
        // The Kind it becomes, by its name (a Kind of the content: its name is known).
        let promoted = self.facts.kinds.get(usize::from(m.promotion)).and_then(|k| world.syms.get(&k.name));
        let from_name = Value::Text(world.tables[self.position.index()].rows()[from]);
        let to_name = Value::Text(world.tables[self.position.index()].rows()[to]);
        let faults = world.faults.len();
        let (make, pass) = (self.make_move, self.pass_the_turn);
        let position = self.position;
        let kind_col = self.kind;
        world.input(|w, g| {
            let cx = Ctx { this: Some(rules), other: Value::None, attachment: None, base: w.stack_len() };
            w.call_function(g, &cx, make, &[Value::Obj(rules), from_name, to_name])?;
            if let Some(kind) = promoted {
                *w.tables[position.index()].cell_mut(to, kind_col) = Value::Text(kind);
            }
            w.call_function(g, &cx, pass, &[Value::Obj(rules)])?;
            Ok(())
        });
        match world.faults.get(faults) {
            Some(f) => Err(f.to_string()),
            None => Ok(()),
        }
    }

    /// Starts the Turn of the Side to move as the cards start it (Start The
    /// Turn: a Check marked, then `turnStarted`, on which the cards look
    /// for the game's end), after a move made with [`Chess::make`].
    pub fn start_turn(&self, world: &mut World) -> Result<(), String> {
        let rules = self.rules(world)?;
        let faults = world.faults.len();
        let start = self.start_the_turn;
        world.input(|w, g| {
            let cx = Ctx { this: Some(rules), other: Value::None, attachment: None, base: w.stack_len() };
            w.call_function(g, &cx, start, &[Value::Obj(rules)])
        });
        match world.faults.get(faults) {
            Some(f) => Err(f.to_string()),
            None => Ok(()),
        }
    }

    /// Whether the cards have ended the game: the result they write
    /// (game.yaml's `result:`) is no longer `*`, or, for a game that names
    /// none, the Game State is Game Over (as PGN's result reads it).
    pub fn game_over(&self, world: &World) -> bool {
        let game = &world.game;
        match game.result {
            Some(r) => {
                !matches!(world.globals[r.result.index()], Value::Text(s) if matches!(world.syms.text(s), "*" | ""))
            }
            None => game.states.get(world.state as usize).is_some_and(|s| s == "Game Over"),
        }
    }

    /// Counts the leaf positions `depth` moves deep, through the cards.
    pub fn perft(&self, world: &mut World, depth: u32) -> Result<u64, String> {
        let mut left = u64::MAX;
        self.perft_within(world, depth, &mut left).map_err(Option::unwrap_or_default)
    }

    /// [`Chess::perft`], counting at most `left` leaf positions (each one
    /// counted is taken from it): past them, `Err(None)`, the World left
    /// wherever the count stopped.
    pub fn perft_within(&self, world: &mut World, depth: u32, left: &mut u64) -> Result<u64, Option<String>> {
        let mut moves = Vec::new();
        self.legal_moves(world, &mut moves)?;
        if depth <= 1 {
            let leaves = if depth == 0 { 1 } else { moves.len() as u64 };
            *left = left.checked_sub(leaves).ok_or(None)?;
            return Ok(leaves);
        }
        let rules = self.rules(world)?;
        let mut total = 0;
        for m in moves {
            let saved = self.save(world, rules);
            self.make(world, m)?;
            total += self.perft_within(world, depth - 1, left)?;
            self.restore(world, rules, saved);
        }
        Ok(total)
    }

    /// What a move may change: the tables (but the scratch Targets), each
    /// whole (its rows, their names and its cells: a move may add rows to a
    /// history), the Globals, the Game State and the Board State.
    fn save(&self, world: &World, rules: ObjectId) -> Saved {
        Saved {
            tables: world
                .tables
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != self.targets.index())
                .map(|(i, t)| (i, t.clone()))
                .collect(),
            globals: world.globals.clone(),
            state: world.state,
            fields: world.objects[rules.0 as usize].fields.clone(),
        }
    }

    fn restore(&self, world: &mut World, rules: ObjectId, saved: Saved) {
        for (i, table) in saved.tables {
            world.tables[i] = table;
        }
        world.globals = saved.globals;
        world.state = saved.state;
        world.objects[rules.0 as usize].fields = saved.fields;
    }

    /// A move in UCI form: `e2e4`, `e7e8q`.
    pub fn uci(&self, m: Move) -> String {
        m.uci(self.facts.grid, |kind| self.facts.letter(kind))
    }

    /// The Kinds' and Sides' facts the library read at load.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }
}

/// The Checks table of check counting, read: its columns `given` and
/// `toWin`, a row for each Side, each toWin a whole number from 1.
fn read_checks(tables: &Tables, facts: &Facts, t: TableId) -> Result<CheckCounts, Lack> {
    let (given, to_win) = (tables.column(t, "given")?, tables.column(t, "toWin")?);
    let mut rows = [0; 2];
    for (row, side) in rows.iter_mut().zip(&facts.sides) {
        *row = (0..tables.def(t).rows.len()).find(|&r| tables.row_name(t, r) == side).ok_or_else(|| {
            tables.lack_at(
                t,
                None,
                None,
                format!("the chess library needs a row of the table `Checks` for each Side: none is named `{side}`"),
            )
        })?;
        let n = tables.num(t, *row, to_win);
        if n < 1.0 || n.fract() != 0.0 {
            let why = format!("`toWin` is how many checks win, a whole number from 1, not {n}");
            return Err(tables.lack_at(t, Some(*row), Some(to_win), why));
        }
    }
    Ok(CheckCounts { table: t, given, to_win, rows })
}

/// The checks a Side has still to give (toWin less given, never below 0),
/// as FEN's checks field writes them.
fn checks_left(to_win: Value, given: Value) -> u32 {
    match (to_win, given) {
        (Value::Num(w), Value::Num(g)) => (w - g).max(0.0) as u32,
        (Value::Num(w), _) => w.max(0.0) as u32,
        _ => 0,
    }
}
