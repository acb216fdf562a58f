//! PGN out of the World and into it. Out: the Seven Tag Roster (its Result
//! the cards', game.yaml's `result:`), the content's own tags (its PGN Tags
//! table: `Variant`), `SetUp` and `FEN` when the game began from a set-up
//! position, `Termination`, the Move History's names as the Move List shows
//! them, the reason as a comment, and the result. In: the position of
//! the `FEN` tag (or the start), then each move found among the cards' Legal
//! Moves by its name and played as a player plays it (its Square clicked,
//! then its target, then the Promotion choice's button), so that a move the
//! cards refuse is an error that names its move number.

use super::{Chess, ChessState};
use crate::facts::{Fen, Move, Tables};
use cardtable_runtime::ids::{ColumnId, ObjectId};
use cardtable_runtime::library::Lack;
use cardtable_runtime::value::Value;
use cardtable_runtime::world::{Object, World};

/// What the chess library keeps for PGN in the World (so snapshots and
/// saves carry it): the FEN set up last (`setfen`, `--fen`, a PGN's), which
/// PGN out names when it is not the start.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Start {
    pub fen: Option<String>,
}

impl cardtable_runtime::library::SerdeState for Start {
    const KEY: &'static str = "chess start";
    const WHAT: &'static str = "the chess library's start";
}

/// The position every game starts from, unless a FEN says otherwise.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The tags PGN out writes itself: a PGN Tags row may name none of them.
const OWN_TAGS: [&str; 10] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination", "SetUp", "FEN"];

/// The optional PGN Tags table (a row a tag: its name, and `value`): what a
/// variant's PGN says of itself (`Variant,Chess960`). A name that is no PGN
/// symbol (a letter or digit, then letters, digits and `_`), one PGN out
/// writes itself, a value on more than one line or two rows of one tag are
/// mistakes at their cells.
pub(super) fn read_tags(tables: &Tables) -> Result<Vec<(String, String)>, Lack> {
    let Some(t) = tables.optional("PGN Tags") else { return Ok(Vec::new()) };
    let value = tables.column(t, "value")?;
    let mut tags: Vec<(String, String)> = Vec::new();
    for r in 0..tables.def(t).rows.len() {
        let name = tables.row_name(t, r).to_string();
        let symbol = name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !symbol {
            let why = format!("`{name}` is not a PGN tag's name (a letter or digit, then letters, digits and _)");
            return Err(tables.lack_at(t, Some(r), None, why));
        }
        if OWN_TAGS.contains(&name.as_str()) {
            let why = format!("PGN out writes the tag `{name}` itself; the PGN Tags table adds others (Variant)");
            return Err(tables.lack_at(t, Some(r), None, why));
        }
        if tags.iter().any(|(n, _)| *n == name) {
            return Err(tables.lack_at(t, Some(r), None, format!("the tag `{name}` has a row above")));
        }
        let text = tables.text(t, r, value).to_string();
        if text.contains(['\n', '\r']) {
            return Err(tables.lack_at(t, Some(r), Some(value), "a PGN tag's value is one line".into()));
        }
        tags.push((name, text));
    }
    Ok(tags)
}

/// A tag's value in PGN's quotes: `\` and `"` escaped.
fn quoted(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// PGN's `Termination` of a result the cards wrote (the PGN standard's
/// words, 9.8.1): `unterminated` while the game goes on (`*`), `time
/// forfeit` when the cards' reason says so (it starts with `time forfeit`:
/// a flag fell, content/README.md, The game's result), `normal` for every
/// other end the cards make (checkmate, resignation, a draw by rule); the
/// reason itself is the comment after the last move.
fn termination(result: &str, reason: &str) -> &'static str {
    if result == "*" {
        "unterminated"
    } else if reason.starts_with("time forfeit") {
        "time forfeit"
    } else {
        "normal"
    }
}

/// The Move History's columns that make a Move's name, in order.
const NAME_PARTS: [&str; 7] = ["letter", "fromFile", "fromRank", "capture", "square", "promotion", "checkMark"];

/// Today's date as PGN writes it (`2026.12.07`), in UTC: the save store's
/// stamp (`20261207T...`) with PGN's dots.
fn today() -> String {
    let stamp = cardtable_runtime::save::stamp(std::time::SystemTime::now());
    format!("{}.{}.{}", &stamp[0..4], &stamp[4..6], &stamp[6..8])
}

impl Chess {
    /// The game as PGN, its Seven Tag Roster left as the driver's `pgn`
    /// writes it (`?` for what it does not know).
    pub fn pgn(&self, world: &World) -> Result<String, String> {
        self.pgn_with(world, false)
    }

    /// The Seven Tag Roster's players of a game played in the window: the
    /// Player's Side is `Player`, the other the Computer at its Strength
    /// (Board State's `playerSide` and `strength`), or `Player` too when the
    /// Computer is off (game.yaml's `play: computer`, switched off); in
    /// FEN's order, White first.
    fn players(&self, world: &World) -> [String; 2] {
        let Ok(rules) = self.rules(world) else { return ["?".into(), "?".into()] };
        let field = |name: &str| {
            let f = world.game.structs[self.board_state.index()].fields.iter().position(|f| f.name == name)?;
            Some(Self::text(world, self.field(world, rules, f as u16)).to_string())
        };
        let computer_on =
            world.game.play.as_ref().and_then(|p| p.computer).is_some_and(|c| !world.host_off.contains(&c));
        let player = field("playerSide").unwrap_or_default();
        let strength = field("strength").unwrap_or_default();
        self.facts.sides.clone().map(|side| {
            if !computer_on || side == player || player.is_empty() {
                "Player".to_string()
            } else if strength.is_empty() {
                "Cardtable Computer".to_string()
            } else {
                format!("Cardtable Computer ({strength})")
            }
        })
    }

    /// The game as PGN; `roster`: its Seven Tag Roster filled in as a game
    /// saved or copied from the window is (the players, the date).
    pub fn pgn_with(&self, world: &World, roster: bool) -> Result<String, String> {
        let names = self.move_names(world)?;
        let state: ChessState = cardtable_runtime::library::state(world).unwrap_or_default();
        // The result is the cards' (game.yaml's `result:`), never guessed
        // here: a game that names no result Globals is `*`, with no
        // Termination, for nothing says how it ended.
        let (result, reason) = match world.result() {
            None => ("*", None),
            Some(Ok(r)) => (r.result, Some(r.reason)),
            Some(Err(e)) => return Err(e),
        };
        let mut out = String::new();
        let ([white, black], date, site) = match roster {
            true => (self.players(world), today(), "Cardtable"),
            false => (["?".to_string(), "?".to_string()], "????.??.??".to_string(), "?"),
        };
        for (tag, value) in [
            ("Event", "Cardtable game"),
            ("Site", site),
            ("Date", &date),
            ("Round", "-"),
            ("White", &white),
            ("Black", &black),
            ("Result", result),
        ] {
            out.push_str(&format!("[{tag} \"{}\"]\n", quoted(value)));
        }
        for (tag, value) in &self.pgn_tags {
            out.push_str(&format!("[{tag} \"{}\"]\n", quoted(value)));
        }
        let start: Start = cardtable_runtime::library::state(world).unwrap_or_default();
        // A game from a set-up position, or a variant's own start, names it.
        let fen = start.fen.as_deref().or(self.start.as_deref());
        if let Some(fen) = fen.filter(|f| *f != START) {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
        }
        // Last among the tags, so that the Roster, the content's own tags and
        // the set-up position read as before it.
        if let Some(reason) = reason {
            out.push_str(&format!("[Termination \"{}\"]\n", termination(result, reason)));
        }
        out.push('\n');
        let mut words = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let ply = i + usize::from(state.black_first);
            let number = state.first_move as usize + ply / 2;
            if ply % 2 == 0 {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(name.clone());
        }
        // The reason, as a comment after the last move (a `}` would end it early).
        let reason: Vec<String> = reason.unwrap_or("").split_whitespace().map(|w| w.replace('}', ")")).collect();
        let n = reason.len();
        for (i, w) in reason.into_iter().enumerate() {
            let open = if i == 0 { "{" } else { "" };
            let close = if i + 1 == n { "}" } else { "" };
            words.push(format!("{open}{w}{close}"));
        }
        words.push(result.to_string());
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
        Ok(out)
    }

    /// A paste: a FEN (one line that reads as one) is set up, anything that
    /// starts as a PGN does (a tag, a move number) is played in; the game
    /// is set from it, or, for anything else or what the rules refuse,
    /// nothing changes and the answer says why.
    pub fn paste(&self, world: &mut World, text: &str) -> Result<String, String> {
        let text = text.trim();
        let one_line = !text.contains('\n');
        if one_line && Fen::read(self.facts.grid, text, |c| self.facts.kind_of_letter(c)).is_ok() {
            let before = world.clone();
            return match self.set_fen(world, text) {
                Ok(_) => Ok(format!("The position was pasted: {text}")),
                Err(e) => {
                    *world = before;
                    Err(format!("Nothing was pasted: the FEN cannot be played here: {e}."))
                }
            };
        }
        if text.starts_with('[') || text.starts_with(|c: char| c.is_ascii_digit()) {
            return match self.load_pgn(world, text) {
                Ok((n, _)) => Ok(format!("The game was pasted: {n} moves.")),
                Err(e) => Err(format!("Nothing was pasted: the PGN cannot be played here: {e}.")),
            };
        }
        let shown: String = text.chars().take(40).collect();
        Err(format!("Nothing was pasted: `{shown}` is neither a PGN nor a FEN."))
    }

    /// The game written as PGN (its Seven Tag Roster filled in) into the
    /// documents folder, as `Cardtable YYYY.MM.DD.pgn`: the answer names
    /// the file, or says why none was written.
    pub fn save_pgn(&self, world: &mut World) -> Result<String, String> {
        let pgn = self.pgn_with(world, true).map_err(|e| format!("The game was not saved as PGN: {e}."))?;
        let Some(folder) = world.documents.clone() else {
            return Err("The game was not saved as PGN: there is no documents folder here.".into());
        };
        let stem = format!("Cardtable {}", today());
        match cardtable_runtime::outside::write_document(&folder, &stem, "pgn", &pgn) {
            Ok(path) => Ok(format!("The game was saved as PGN: {}", path.display())),
            Err(e) => Err(format!("The game was not saved as PGN: {e}.")),
        }
    }

    /// Each Move's name, from the Move History.
    pub(super) fn move_names(&self, world: &World) -> Result<Vec<String>, String> {
        let game = &world.game;
        let t = *game.names.tables.get("Move History").ok_or("PGN needs the table `Move History`")?;
        let def = &game.tables[t.index()];
        let cols: Vec<usize> = NAME_PARTS
            .iter()
            .map(|n| def.columns.iter().position(|c| c.name == *n).ok_or(format!("PGN needs Move History's `{n}`")))
            .collect::<Result<_, _>>()?;
        let table = &world.tables[t.index()];
        Ok((0..table.row_count())
            .map(|r| cols.iter().map(|&c| Self::text(world, table.cell(r, ColumnId(c as u16)))).collect())
            .collect())
    }

    /// Plays a PGN from its start (its `FEN` tag, or the position the content starts from):
    /// each move through the cards, as a player plays it. Answers how many
    /// moves were played, and what its FEN needed mended ([`Chess::hold`]);
    /// an error names the move that could not be, or why the FEN is refused.
    pub fn load_pgn(&self, world: &mut World, pgn: &str) -> Result<(usize, Vec<String>), String> {
        let (tags, moves) = split_pgn(pgn)?;
        // The Logic Component that plays the Computer's Side (game.yaml's
        // `play: computer`), when it is on: off while the moves are played
        // in, on again for the last, so that the game goes on with the
        // Computer to move when it is its turn, and nothing it asked for
        // in between counts.
        let computer = world.game.play.as_ref().and_then(|p| p.computer).filter(|c| !world.host_off.contains(c));
        let before = world.clone();
        let played = self.play_pgn(world, &tags, &moves, computer);
        if let Some(c) = computer {
            world.host_off.retain(|o| *o != c);
        }
        // A PGN that cannot be played changes nothing.
        if played.is_err() {
            *world = before;
        }
        played
    }

    fn play_pgn(
        &self,
        world: &mut World,
        tags: &Tags,
        moves: &[String],
        computer: Option<cardtable_runtime::ids::CompId>,
    ) -> Result<(usize, Vec<String>), String> {
        if let (Some(c), false) = (computer, moves.is_empty()) {
            world.host_off.push(c);
        }
        let content_start = self.start.as_deref().unwrap_or(START);
        let fen = tags.iter().find(|(k, _)| k == "FEN").map_or(content_start, |(_, v)| v.as_str());
        let mended = self.set_fen(world, fen).map_err(|e| format!("the PGN's FEN: {e}"))?;
        let state: ChessState = cardtable_runtime::library::state(world).unwrap_or_default();
        let mut legal = Vec::new();
        for (i, san) in moves.iter().enumerate() {
            let ply = i + usize::from(state.black_first);
            let number = state.first_move as usize + ply / 2;
            let at = format!("move {number}{} `{san}`", if ply % 2 == 0 { "." } else { "..." });
            let playing = world.game.states.get(world.state as usize).is_some_and(|s| s == "Playing");
            if !playing {
                return Err(format!("{at}: the game is over before it"));
            }
            if let (Some(c), true) = (computer, i + 1 == moves.len()) {
                world.host_off.retain(|o| *o != c);
            }
            let mut copy = world.clone();
            self.legal_moves(&mut copy, &mut legal)?;
            let m = find_move(&copy, self, &legal, san).map_err(|why| format!("{at}: {why}"))?;
            self.play(world, m).map_err(|why| format!("{at}: {why}"))?;
        }
        Ok((moves.len(), mended))
    }

    /// A move played as a player plays it: its Square clicked, its target,
    /// then for a promotion the button of its Kind.
    fn play(&self, world: &mut World, m: Move) -> Result<(), String> {
        let position = &world.tables[self.position.index()];
        let (from, to) = (position.rows()[usize::from(m.from)], position.rows()[usize::from(m.to)]);
        let history = world.game.names.tables.get("Move History").copied();
        let count = |w: &World| history.map_or(0, |t| w.tables[t.index()].row_count());
        let before = count(world);
        let faults = world.faults.len();
        for square in [from, to] {
            let name = world.syms.text(square).to_string();
            let id = world
                .object_named(&name)
                .find(|id| world.game.types[world.objects[id.0 as usize].ty.0 as usize].hit_box.is_some())
                .ok_or(format!("no Square `{name}` to click"))?;
            let (x, y) = world.screen_point(id);
            world.click_at(x, y);
        }
        if let Some(promoted) = self.facts.kinds.get(usize::from(m.promotion)) {
            let name = promoted.name.clone();
            let kind = world.syms.get(&name).ok_or(format!("no Kind `{name}` to promote to"))?;
            // The button whose Promotion Choice offers the Kind (Show
            // Promotion Choice sets its `kind` from its place in Kinds: the
            // fourth button, named Knight, offers an invented Kind at row
            // 4), or, without that Data Structure, the button named so.
            let game = &world.game;
            let choice = game.names.structs.get("Promotion Choice").and_then(|&c| {
                let f = game.structs[c.index()].fields.iter().position(|f| f.name == "kind")?;
                Some((c, f))
            });
            let offers = |o: &Object| {
                let t = &game.types[o.ty.0 as usize];
                let offered = choice.and_then(|(c, f)| {
                    let off = t.struct_offset.get(c.index()).copied().flatten()?;
                    o.fields.get(off as usize + f).copied()
                });
                t.hit_box.is_some() && world.shown(o) && offered.map_or(o.name == kind, |v| v == Value::Text(kind))
            };
            let button =
                (0..world.objects.len() as u32).map(ObjectId).find(|&id| offers(&world.objects[id.0 as usize]));
            let id = button.ok_or(format!("the Promotion choice shows no `{name}` to press"))?;
            let (x, y) = world.screen_point(id);
            world.click_at(x, y);
        }
        if let Some(f) = world.faults.get(faults) {
            return Err(f.to_string());
        }
        if count(world) != before + 1 {
            return Err("the cards did not make it (no Move was added to the Move History)".into());
        }
        Ok(())
    }
}

/// The tags and the moves of a PGN (comments, variations, NAGs, move numbers
/// and the result left out).
/// A PGN's tags (name, value) and its moves' names.
type Tags = Vec<(String, String)>;

fn split_pgn(pgn: &str) -> Result<(Tags, Vec<String>), String> {
    let mut tags = Vec::new();
    let mut text = String::new();
    for line in pgn.lines() {
        let l = line.trim();
        if l.starts_with('%') {
            continue;
        }
        let mut rest = l;
        while let Some(tag) = rest.strip_prefix('[') {
            let Some(end) = tag.find(']') else { return Err(format!("a tag is never closed: `{l}`")) };
            let inner = &tag[..end];
            let (key, value) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
            tags.push((key.to_string(), value.trim().trim_matches('"').to_string()));
            rest = tag[end + 1..].trim_start();
        }
        let rest = rest.split(';').next().unwrap_or("");
        text.push_str(rest);
        text.push(' ');
    }
    let mut moves = Vec::new();
    let (mut comment, mut depth) = (false, 0usize);
    let mut clean = String::new();
    for c in text.chars() {
        match c {
            '{' if !comment => comment = true,
            '}' if comment => comment = false,
            '(' if !comment => depth += 1,
            ')' if !comment && depth > 0 => depth -= 1,
            _ if comment || depth > 0 => {}
            _ => clean.push(c),
        }
    }
    for word in clean.split_whitespace() {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
            continue;
        }
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if word.is_empty() || word.starts_with('$') {
            continue;
        }
        moves.push(word.to_string());
    }
    Ok((tags, moves))
}

/// The one Legal Move that `san` names, or why there is none.
fn find_move(world: &World, chess: &Chess, legal: &[Move], san: &str) -> Result<Move, String> {
    let position = &world.tables[chess.position.index()];
    let square = |i: u8| world.syms.text(position.rows()[usize::from(i)]).to_string();
    let kind_at = |i: u8| Chess::text(world, position.cell(usize::from(i), chess.kind));
    let kinds = &chess.facts.kinds;
    let letter_of = |kind: &str| kinds.iter().find(|k| k.name == kind).map(|k| k.move_letter.as_str());
    let promoted = |m: &Move| kinds.get(usize::from(m.promotion)).map(|k| k.move_letter.as_str());
    let text = san.trim_end_matches(['+', '#', '!', '?']);
    let found: Vec<Move> = if matches!(text, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        // The royal Piece's move along its Rank by two Files or more (chess's
        // e1g1, Capablanca's f1i1, Janus's e1b1), or onto a Piece of its own
        // Side (Chess960's King onto its Rook): towards the last File for
        // O-O, towards the a-File for O-O-O (long).
        let long = text.len() == 5;
        let grid = chess.grid();
        let side_at = |i: u8| Chess::text(world, position.cell(usize::from(i), chess.side));
        legal
            .iter()
            .copied()
            .filter(|m| {
                let (Some(f), Some(t)) = (grid.parse(&square(m.from)), grid.parse(&square(m.to))) else {
                    return false;
                };
                let (from_file, to_file) = (i32::from(grid.file_of(f)), i32::from(grid.file_of(t)));
                let own = !kind_at(m.to).is_empty() && side_at(m.to) == side_at(m.from);
                chess.facts.has(kind_at(m.from), |k| k.royal)
                    && grid.rank_of(f) == grid.rank_of(t)
                    && ((to_file - from_file).abs() >= 2 || own)
                    && (to_file < from_file) == long
            })
            .collect()
    } else {
        let (body, promo) = match text.split_once('=') {
            Some((b, p)) => (b, Some(p)),
            None => match text.chars().last() {
                Some(c) if c.is_ascii_uppercase() && text.len() > 2 => {
                    (&text[..text.len() - 1], Some(&text[text.len() - 1..]))
                }
                _ => (text, None),
            },
        };
        // The Square moved to: the last File's letter and the Rank's digits after it
        // (`b10` on a Board of ten Ranks).
        let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
        if digits == 0 || body.len() < digits + 1 || !body.is_char_boundary(body.len() - digits - 1) {
            return Err("not a move's name".into());
        }
        let (head, to) = body.split_at(body.len() - digits - 1);
        let piece = head.chars().next().filter(|c| c.is_ascii_uppercase()).map(String::from).unwrap_or_default();
        let rest: String =
            head.chars().skip(usize::from(!piece.is_empty())).filter(|&c| c != 'x' && c != '-').collect();
        let file = rest.chars().find(|c| c.is_ascii_lowercase());
        let rank: String = rest.chars().filter(char::is_ascii_digit).collect();
        let rank = (!rank.is_empty()).then_some(rank);
        legal
            .iter()
            .copied()
            .filter(|m| {
                let f = square(m.from);
                square(m.to) == to
                    && letter_of(kind_at(m.from)).unwrap_or("") == piece
                    && file.is_none_or(|c| f.starts_with(c))
                    && rank.as_deref().is_none_or(|r| f.get(1..) == Some(r))
                    && promoted(m) == promo
            })
            .collect()
    };
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err("not a legal move here".into()),
        _ => Err("names more than one legal move".into()),
    }
}
