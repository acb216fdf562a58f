//! Scenarios as data: every `tests/scenarios/*.scenario` file is read and run
//! in-process through the headless `Driver`, line by line. A failing line is
//! reported as `tests/scenarios/FILE:LINE: what was expected, what was found`.
//!
//! The format (one step a line; `#` starts a comment line):
//!
//! ```text
//! game FOLDER                  (first, before any scenario; optional) the file's scenarios play this
//!                              game folder, from the top of the checkout, instead of content/chess
//! scenario TITLE               a new scenario, on a fresh game
//! new game                     a fresh game within the scenario
//! click NAME [NAME ...]        clicks each Object in turn (a Square: e2)
//! press NAME                   presses a shown button (the Promotion panel's Queen, Rook, Bishop, Knight, Cancel)
//! setfen FEN                   sets up a position (the driver's `setfen`): a fresh history, the Turn started
//! play e2-e4 [e7-e5 ...]       each Move as two clicks (one, when the Piece is selected already);
//!                              checks that the target showed a Move Mark
//!                              after the first click, and that the Piece stands there after the second;
//!                              e7-e8=Q (=R, =B, =N) also checks that the Promotion panel opened, presses
//!                              the Kind's button and checks that the promoted Piece stands there
//! driver COMMAND               any driver command (snapshot 1, restore 1); its answer must not be an error
//! expect marks SQ ... | none   exactly these Move Marks are visible (dots and rings alike)
//! expect dots SQ ... | none    exactly these Move Marks are visible and show frame 0 (an empty Square)
//! expect rings SQ ... | none   exactly these Move Marks are visible and show frame 1 (a Piece to take)
//! expect lit SQ ... | none     exactly these Squares show any highlight (alpha above 0)
//! expect highlight SQ ... KIND these Squares show KIND: selected, last-move, check (tint and alpha
//!                              of Square Marks' Shared Variables on the Square type), or none (alpha 0)
//! expect piece SQ SIDE KIND    the Position table says so, and the Piece Object there is shown
//!                              (visible, alpha 1) with the frame the Kinds table gives
//! expect empty SQ ...          the Position table has no Piece there, and the Piece Object is transparent
//! expect status WORDS          the Global status reads WORDS
//! expect turn SIDE             the Game Rules' Board State says SIDE is to move
//! expect selected SQ | none    the Game Rules' Board State says SQ is selected (or nothing)
//! expect eval EXPR = JSON      the driver's `eval EXPR` answers {"value": JSON}
//! expect get OBJECT PATH = JSON  the driver's `get` answers JSON (its "value" when PATH names a field)
//! expect global NAME = JSON    the driver's `global NAME` answers {"value": JSON}
//! expect object NAME KEY = JSON  the Object NAME, as the driver's `objects NAME` shows it, has KEY = JSON
//!                              (null: it shows no KEY): image, scaleX, shown, off, x ...; NAME/TYPE picks
//!                              the Object of that type where several share the name (a1/Rank Label)
//! expect press refused NAME    the driver's `press NAME` answers an error (no such button is shown, or an
//!                              open menu holds the game and the button is not in it)
//! expect text NAME = JSON      the Object NAME's Text component shows JSON ("Status Line" quoted)
//! expect no faults             no card has faulted so far
//! expect state STATE           the Game State (Playing, Promotion, Game Over)
//! expect san N SAN             the Nth Move (1-based; `last` for the last) of the Move History is named SAN:
//!                              letter + fromFile + fromRank + capture + square + promotion + checkMark
//! expect history N             the Move History has N Moves
//! expect moves from SQ: SQ ... | none
//!                              exactly these Move Marks show when the Piece on SQ is clicked (a selection
//!                              there is first cleared by clicking it; nothing is selected afterwards)
//! expect castling ROW allowed|refused
//!                              the King of that Castling row (White King Side ...) shows a Move Mark on
//!                              its kingTo when clicked (as `expect moves from`), or does not
//! expect castling right ROW yes|no   the Castling table's isAllowed of that row
//! expect group NAME shown|hidden     the UI Group is shown or hidden
//! expect panel SIDE            the Promotion panel is shown, each of its four buttons showing its Kind in
//!                              the frame the Kinds table gives SIDE
//! expect fen FEN               the driver's `fen` answers FEN
//! expect legal N               the cards find N Legal Moves for the Side to move (the driver's `moves`)
//! expect clicks ignored SQ ... clicking each Square changes nothing: the same FEN and Move History, nothing
//!                              selected, no Move Mark
//! remember NAME: COMMAND       runs the driver COMMAND (objects, fen, table "Move History" ...) and keeps its
//!                              answer as NAME
//! expect same NAME             the driver command remembered as NAME answers as it did then
//! expect drawn SIDE            the Board is drawn with SIDE at the bottom: every Piece, Square and Move Mark
//!                              stands at the centre of its Square as drawn (Place On Board's 3.75 m Squares,
//!                              the Board's corner at 0, 4.375 m), and exactly the Rank Labels of the File drawn
//!                              on the left and the File Labels of the Rank drawn at the bottom are shown
//! key KEY [KEY ...]            presses each key in turn, as the window does (Left, Enter, Escape, Home ...)
//! expect focus SQ | hidden     the Focus Mark is named SQ, is shown, and stands at the centre of SQ as the
//!                              Board is drawn now (Board State's isFlipped); or it is not shown
//! expect outline KIND          the Promotion panel is shown, and the Promotion Focus is on KIND (its Promotion
//!                              Choice) and stands where the Promotion KIND button stands
//! expect inputs CONTEXT ... | none   exactly these Input Contexts are on (the driver's `inputs`), comma-separated
//! expect threats SQ ... | none       exactly these Threat Marks are visible (Threats mode: attacked)
//! expect unprotected SQ ... | none   exactly these Threat Marks are visible and show frame 1 (the ring)
//! expect pins SQ ... | none          exactly these Pin Marks are visible (pinned)
//! expect draws = JSON                the driver's `draws` (a frame drawn: its Draw Events' lines) answers
//!                                    {"lines": JSON}
//! expect draws N                     a frame drawn has N lines
//! ```
//!
//! Every driver answer is also checked as it comes: an `error`, or new
//! `faults`, fails the line that caused it; and each scenario ends with an
//! implicit `expect no faults`.
//!
//! `CARDTABLE_SCENARIO=capture cargo test --test suite scenarios:: -- --nocapture`
//! runs only the scenarios whose file name or title holds that text.

use crate::common;

use std::collections::BTreeSet;
use std::rc::Rc;

use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::program::Trees;
use cardtable_runtime::value::Value;

/// How Square Marks tints a Square, read from the content (the Shared
/// Variables it is given on the Square object type), so that no scenario
/// spells a color.
struct Highlights {
    /// (kind, tint as the driver prints it, alpha)
    kinds: Vec<(&'static str, String, f64)>,
}

impl Highlights {
    fn from_game(game: &Game) -> Result<Highlights, String> {
        let square = game.types.iter().find(|t| t.name == "Square").ok_or("the content has no object type `Square`")?;
        let attachment = square
            .attachments
            .iter()
            .find(|a| game.components[a.component.index()].name == "Square Marks")
            .ok_or("the Square object type has no Square Marks")?;
        let comp = &game.components[attachment.component.index()];
        let shared = |name: &str| -> Result<Value, String> {
            let i = comp.shared.iter().position(|s| s.name == name).ok_or(format!("Square Marks has no `{name}`"))?;
            Ok(attachment.shared[i])
        };
        let mut kinds = Vec::new();
        for (kind, color, alpha) in [
            ("selected", "selectedColor", "selectedAlpha"),
            ("last-move", "lastMoveColor", "lastMoveAlpha"),
            ("check", "checkColor", "checkAlpha"),
        ] {
            let Value::Color(c) = shared(color)? else { return Err(format!("Square Marks' `{color}` is not a Color")) };
            let Value::Num(a) = shared(alpha)? else { return Err(format!("Square Marks' `{alpha}` is not a Number")) };
            kinds.push((kind, format!("#{c:08X}"), a));
        }
        Ok(Highlights { kinds })
    }

    /// The tint and alpha of a kind; None for `none`.
    fn of(&self, kind: &str) -> Result<Option<(&str, f64)>, String> {
        if kind == "none" {
            return Ok(None);
        }
        match self.kinds.iter().find(|(k, _, _)| *k == kind) {
            Some((_, tint, alpha)) => Ok(Some((tint, *alpha))),
            None => Err(format!("unknown highlight `{kind}`; expected selected, last-move, check or none")),
        }
    }

    /// The name of the highlight a Square shows, for messages.
    fn name_of(&self, tint: &str, alpha: f64) -> String {
        if alpha == 0.0 {
            return "none".into();
        }
        match self.kinds.iter().find(|(_, t, a)| t == tint && (a - alpha).abs() < 1e-3) {
            Some((k, _, _)) => (*k).to_string(),
            None => format!("tint {tint} at alpha {alpha}"),
        }
    }
}

/// One failure: where, and what.
#[derive(Debug)]
struct Failure {
    at: String,
    message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// The result of running one file.
#[derive(Default)]
struct Outcome {
    /// (title, passed)
    scenarios: Vec<(String, bool)>,
    failures: Vec<Failure>,
}

struct Runner<'a> {
    game: std::sync::Arc<Game>,
    highlights: &'a Highlights,
    driver: Option<Driver>,
    /// Clicks and calls walked from these trees, not run on the machine.
    walked: Option<Rc<Trees>>,
    /// The answers kept by `remember NAME: COMMAND`: the command and its answer, by NAME.
    remembered: std::collections::BTreeMap<String, (String, Json)>,
}

type Step = Result<(), String>;

impl Runner<'_> {
    fn driver(&mut self) -> &mut Driver {
        self.driver.get_or_insert_with(|| {
            let mut d = match &self.walked {
                None => Driver::new(self.game.clone()),
                Some(trees) => Driver::new(self.game.clone()).walking(trees.clone()),
            };
            // The scenarios play both Sides on one Board, as a Player did
            // before the Computer: it is off (Make Computer Move; tests/suite/computer.rs
            // plays against it), and no engine is started (a game without
            // them answers both commands with an error, which is no matter).
            d.command("engine manual");
            d.command("off Make Computer Move");
            d
        })
    }

    /// A driver command whose answer must be neither an error nor bring faults.
    fn ask(&mut self, command: &str) -> Result<Json, String> {
        let answer = self.driver().command(command);
        if answer.is_error() {
            return Err(format!("`{command}` answered {answer}"));
        }
        if !answer.get("faults").as_array().is_empty() {
            return Err(format!("`{command}` made the cards fault: {}", answer.get("faults")));
        }
        Ok(answer)
    }

    fn objects_of_type(&mut self, ty: &str) -> Result<Vec<Json>, String> {
        let answer = self.ask(&format!("objects \"{ty}\""))?;
        let list: Vec<Json> =
            answer.get("objects").as_array().iter().filter(|o| o.get("type").as_str() == Some(ty)).cloned().collect();
        if list.is_empty() {
            return Err(format!("no Object of type `{ty}` in the world"));
        }
        Ok(list)
    }

    fn object(&mut self, name: &str, ty: &str) -> Result<Json, String> {
        let answer = self.ask(&format!("objects {name}"))?;
        answer
            .get("objects")
            .as_array()
            .iter()
            .find(|o| o.get("type").as_str() == Some(ty))
            .cloned()
            .ok_or_else(|| format!("no {ty} Object named `{name}`"))
    }

    fn eval(&mut self, expr: &str) -> Result<Json, String> {
        Ok(self.ask(&format!("eval {expr}"))?.get("value").clone())
    }

    fn position(&mut self, square: &str, column: &str) -> Result<String, String> {
        let v = self.eval(&format!("data('Position', '{square}', '{column}')"))?;
        v.as_str().map(str::to_string).ok_or_else(|| format!("Position {square} {column} is {v}, not a Text"))
    }

    fn board_state(&mut self, field: &str) -> Result<String, String> {
        let v = self.ask(&format!("get \"Game Rules\" boardState.{field}"))?.get("value").clone();
        v.as_str().map(str::to_string).ok_or_else(|| format!("boardState.{field} is {v}, not a Text"))
    }

    fn step(&mut self, line: &str) -> Step {
        let (verb, rest) = split_verb(line);
        match verb {
            "new" if rest == "game" => {
                self.driver = None;
                Ok(())
            }
            "click" => {
                let names = words(rest);
                if names.is_empty() {
                    return Err("`click` needs at least one name".into());
                }
                for name in names {
                    self.ask(&format!("click {name}"))?;
                }
                Ok(())
            }
            "play" => {
                let moves = words(rest);
                if moves.is_empty() {
                    return Err("`play` needs Moves such as e2-e4".into());
                }
                for mv in moves {
                    self.play(mv)?;
                }
                Ok(())
            }
            "press" => {
                if rest.is_empty() {
                    return Err("`press` needs a button's name".into());
                }
                self.ask(&format!("press {rest}")).map(|_| ())
            }
            "setfen" => {
                if rest.is_empty() {
                    return Err("`setfen` needs a FEN".into());
                }
                self.ask(&format!("setfen {rest}")).map(|_| ())
            }
            "key" => {
                let keys = words(rest);
                if keys.is_empty() {
                    return Err("`key` needs at least one key, such as Left or Enter".into());
                }
                for key in keys {
                    self.ask(&format!("key {key}"))?;
                }
                Ok(())
            }
            "driver" => self.ask(rest).map(|_| ()),
            "remember" => {
                let Some((name, command)) = rest.split_once(':').map(|(n, c)| (n.trim(), c.trim())) else {
                    return Err("usage: remember NAME: COMMAND".into());
                };
                if name.is_empty() || command.is_empty() {
                    return Err("usage: remember NAME: COMMAND".into());
                }
                let answer = self.ask(command)?;
                self.remembered.insert(name.to_string(), (command.to_string(), answer));
                Ok(())
            }
            "expect" => self.expect(rest),
            _ => Err(format!(
                "unknown step `{verb}`; expected scenario, new game, click, press, key, setfen, play, driver, remember or expect"
            )),
        }
    }

    fn play(&mut self, mv: &str) -> Step {
        let (plain, promotion) = match mv.split_once('=') {
            Some((m, letter)) => {
                let kind = match letter {
                    "Q" => "Queen",
                    "R" => "Rook",
                    "B" => "Bishop",
                    "N" => "Knight",
                    _ => return Err(format!("`{mv}`: a Pawn is promoted to =Q, =R, =B or =N")),
                };
                (m, Some(kind))
            }
            None => (mv, None),
        };
        let Some((from, to)) = plain.split_once('-') else {
            return Err(format!("`{mv}`: a Move is written from-to, e2-e4 (or e7-e8=Q)"));
        };
        let kind = self.position(from, "kind")?;
        let side = self.position(from, "side")?;
        if kind.is_empty() {
            return Err(format!("{mv}: no Piece on {from}"));
        }
        // a Piece already selected (a Pawn after Cancel) is not clicked again: that would clear it
        if self.board_state("selected")? != from {
            self.ask(&format!("click {from}"))?;
        }
        let marks = self.visible_marks(None)?;
        if !marks.contains(to) {
            return Err(format!(
                "{mv}: after clicking {from} ({side} {kind}), {to} shows no Move Mark; marks: {}",
                show(&marks)
            ));
        }
        self.ask(&format!("click {to}"))?;
        let kind = match promotion {
            Some(new_kind) => {
                let state = self.state()?;
                if state != "Promotion" {
                    return Err(format!("{mv}: after clicking {to}, the Game State is {state}, not Promotion"));
                }
                self.ask(&format!("press {new_kind}"))?;
                new_kind.to_string()
            }
            None => kind,
        };
        let (now_kind, now_side) = (self.position(to, "kind")?, self.position(to, "side")?);
        if (now_kind.as_str(), now_side.as_str()) != (kind.as_str(), side.as_str()) {
            return Err(format!("{mv}: {to} holds `{now_side} {now_kind}` after the Move, expected {side} {kind}"));
        }
        let left = self.position(from, "kind")?;
        if !left.is_empty() {
            return Err(format!("{mv}: {from} still holds a {left} after the Move"));
        }
        Ok(())
    }

    /// The names of the visible Move Marks, of one frame or of any.
    fn visible_marks(&mut self, frame: Option<f64>) -> Result<BTreeSet<String>, String> {
        Ok(self
            .objects_of_type("Move Mark")?
            .iter()
            .filter(|o| o.get("visible") == &Json::Bool(true))
            .filter(|o| frame.is_none_or(|f| o.get("frame") == &Json::Num(f)))
            .filter_map(|o| o.get("name").as_str().map(str::to_string))
            .collect())
    }

    /// The names of the visible Objects of one type, of one frame or of any.
    fn visible_of(&mut self, ty: &str, frame: Option<f64>) -> Result<BTreeSet<String>, String> {
        Ok(self
            .objects_of_type(ty)?
            .iter()
            .filter(|o| o.get("visible") == &Json::Bool(true))
            .filter(|o| frame.is_none_or(|f| o.get("frame") == &Json::Num(f)))
            .filter_map(|o| o.get("name").as_str().map(str::to_string))
            .collect())
    }

    fn expect(&mut self, rest: &str) -> Step {
        let (what, args) = split_verb(rest);
        match what {
            "threats" | "unprotected" | "pins" => {
                let (ty, frame) = match what {
                    "threats" => ("Threat Mark", None),
                    "unprotected" => ("Threat Mark", Some(1.0)),
                    _ => ("Pin Mark", None),
                };
                let want = square_set(args)?;
                let got = self.visible_of(ty, frame)?;
                if got != want {
                    return Err(format!("expected {what} {}, found {}", show(&want), show(&got)));
                }
                Ok(())
            }
            "marks" | "dots" | "rings" => {
                let frame = match what {
                    "dots" => Some(0.0),
                    "rings" => Some(1.0),
                    _ => None,
                };
                let want = square_set(args)?;
                let got = self.visible_marks(frame)?;
                if got != want {
                    let all = self.visible_marks(None)?;
                    let rings = self.visible_marks(Some(1.0))?;
                    return Err(format!(
                        "expected {what} {}, found {} (all visible marks: {}; rings: {})",
                        show(&want),
                        show(&got),
                        show(&all),
                        show(&rings)
                    ));
                }
                Ok(())
            }
            "lit" => {
                let want = square_set(args)?;
                let got: BTreeSet<String> = self
                    .objects_of_type("Square")?
                    .iter()
                    .filter(|o| o.get("visible") == &Json::Bool(true) && num(o.get("alpha")) > 0.0)
                    .filter_map(|o| o.get("name").as_str().map(str::to_string))
                    .collect();
                if got != want {
                    return Err(format!("expected lit {}, found lit {}", show(&want), show(&got)));
                }
                Ok(())
            }
            "highlight" => {
                let w = words(args);
                let Some((kind, squares)) = w.split_last().filter(|(_, s)| !s.is_empty()) else {
                    return Err("usage: expect highlight SQUARE ... selected|last-move|check|none".into());
                };
                let want = self.highlights.of(kind)?;
                let mut wrong = Vec::new();
                for sq in squares {
                    let o = self.object(sq, "Square")?;
                    let (tint, alpha) = (o.get("tint").as_str().unwrap_or("").to_string(), num(o.get("alpha")));
                    let ok = match want {
                        None => alpha == 0.0,
                        Some((t, a)) => tint == t && (alpha - a).abs() < 1e-3 && o.get("visible") == &Json::Bool(true),
                    };
                    if !ok {
                        wrong.push(format!("{sq} shows {}", self.highlights.name_of(&tint, alpha)));
                    }
                }
                if !wrong.is_empty() {
                    return Err(format!("expected {kind} on {}, but {}", squares.join(" "), wrong.join(", ")));
                }
                Ok(())
            }
            "piece" => {
                let [sq, side, kind] = words(args)[..] else { return Err("usage: expect piece SQUARE SIDE KIND".into()) };
                let (k, s) = (self.position(sq, "kind")?, self.position(sq, "side")?);
                if (k.as_str(), s.as_str()) != (kind, side) {
                    let found = if k.is_empty() { "nothing".to_string() } else { format!("{s} {k}") };
                    return Err(format!("Position {sq}: expected {side} {kind}, found {found}"));
                }
                let frame = self.eval(&format!("data('Kinds', '{kind}', '{side}')"))?;
                let o = self.object(sq, "Piece")?;
                if num(o.get("alpha")) != 1.0 || o.get("visible") != &Json::Bool(true) || o.get("frame") != &frame {
                    return Err(format!("the Piece Object {sq} should show frame {frame} at alpha 1, but it is {o}"));
                }
                Ok(())
            }
            "empty" => {
                let squares = words(args);
                if squares.is_empty() {
                    return Err("usage: expect empty SQUARE ...".into());
                }
                for sq in squares {
                    let (k, s) = (self.position(sq, "kind")?, self.position(sq, "side")?);
                    if !k.is_empty() || !s.is_empty() {
                        return Err(format!("Position {sq}: expected empty, found {s} {k}"));
                    }
                    let o = self.object(sq, "Piece")?;
                    if num(o.get("alpha")) != 0.0 && o.get("visible") == &Json::Bool(true) {
                        return Err(format!("{sq} is empty, but its Piece Object still shows: {o}"));
                    }
                }
                Ok(())
            }
            "status" => {
                let got = self.ask("global status")?.get("value").clone();
                if got.as_str() != Some(args) {
                    return Err(format!("expected status `{args}`, found {got}"));
                }
                Ok(())
            }
            "turn" => {
                let got = self.board_state("sideToMove")?;
                if got != args {
                    return Err(format!("expected {args} to move, found {got}"));
                }
                Ok(())
            }
            "selected" => {
                let got = self.board_state("selected")?;
                let want = if args == "none" { "" } else { args };
                if got != want {
                    return Err(format!("expected selected `{want}`, found `{got}`"));
                }
                Ok(())
            }
            "draws" => {
                let answer = self.ask("draws")?;
                let lines = answer.get("lines");
                match args.trim().strip_prefix('=') {
                    Some(want) => same_json(lines, want.trim()),
                    None => {
                        let n: usize = args.trim().parse().map_err(|_| "usage: expect draws = JSON, or expect draws N")?;
                        if lines.as_array().len() != n {
                            return Err(format!("expected {n} lines, the frame drew {lines}"));
                        }
                        Ok(())
                    }
                }
            }
            "eval" => {
                let (expr, want) = split_expected(args)?;
                let got = self.eval(expr)?;
                same_json(&got, want)
            }
            "get" => {
                let (path, want) = split_expected(args)?;
                let answer = self.ask(&format!("get {path}"))?;
                let got = match answer.get("value") {
                    Json::Null => answer.clone(),
                    v => v.clone(),
                };
                same_json(&got, want)
            }
            "text" => {
                let (name, want) = split_expected(args)?;
                let answer = self.ask(&format!("objects {name}"))?;
                let Some(o) = answer.get("objects").as_array().iter().find(|o| o.get("text") != &Json::Null) else {
                    return Err(format!("no Object named {name} with a Text component"));
                };
                same_json(o.get("text"), want)
            }
            "global" => {
                let (name, want) = split_expected(args)?;
                let got = self.ask(&format!("global {name}"))?.get("value").clone();
                same_json(&got, want)
            }
            "object" => {
                let (what, want) = split_expected(args)?;
                let Some((name, key)) = what.rsplit_once(char::is_whitespace) else {
                    return Err("usage: expect object NAME KEY = JSON".into());
                };
                let name = name.trim();
                // NAME/TYPE: the Object of that name and type (a1/Rank Label), where several share a name.
                let (name, ty) = match name.split_once('/') {
                    Some((n, t)) => (n, Some(t)),
                    None => (name, None),
                };
                let answer = self.ask(&format!("objects \"{name}\""))?;
                let Some(o) = answer.get("objects").as_array().iter().find(|o| {
                    o.get("name").as_str() == Some(name) && ty.is_none_or(|t| o.get("type").as_str() == Some(t))
                }) else {
                    return Err(format!("no Object named {name}{}", ty.map(|t| format!(" of type {t}")).unwrap_or_default()));
                };
                same_json(o.get(key), want).map_err(|e| format!("{name}'s {key}: {e}; the Object: {o}"))
            }
            "press" => {
                let Some(name) = args.strip_prefix("refused ").map(str::trim).filter(|n| !n.is_empty()) else {
                    return Err("usage: expect press refused NAME".into());
                };
                let answer = self.driver().command(&format!("press {name}"));
                if !answer.is_error() {
                    return Err(format!("`press {name}` was not refused: {answer}"));
                }
                Ok(())
            }
            "focus" => {
                let marks = self.objects_of_type("Focus Mark")?;
                let [mark] = &marks[..] else { return Err(format!("{} Focus Marks", marks.len())) };
                let shown = mark.get("visible") == &Json::Bool(true);
                if args == "hidden" {
                    return if shown { Err(format!("the Focus Mark is shown: {mark}")) } else { Ok(()) };
                }
                if !shown || mark.get("name").as_str() != Some(args) {
                    return Err(format!("expected the Focus Mark shown on {args}, it is {mark}"));
                }
                let flipped = self.ask("get \"Game Rules\" boardState.isFlipped")?.get("value") == &Json::Bool(true);
                let file = num(&self.eval(&format!("data('Position', '{args}', 'file')"))?);
                let rank = num(&self.eval(&format!("data('Position', '{args}', 'rank')"))?);
                let (f, r) = if flipped { (9.0 - file, 9.0 - rank) } else { (file, rank) };
                let (x, y) = ((f - 0.5) * 3.75, 4.375 + (r - 0.5) * 3.75);
                if (num(mark.get("x")) - x).abs() > 1e-6 || (num(mark.get("y")) - y).abs() > 1e-6 {
                    let (mx, my) = (mark.get("x"), mark.get("y"));
                    return Err(format!("the Focus Mark stands at {mx}, {my}, not at {args}'s {x}, {y}"));
                }
                Ok(())
            }
            "outline" => {
                if !self.group_shown("Promotion")? {
                    return Err("the Promotion panel is hidden".into());
                }
                let kind = self.ask("get \"Promotion Focus\" promotionChoice.kind")?.get("value").clone();
                if kind.as_str() != Some(args) {
                    return Err(format!("the Promotion Focus is on {kind}, not {args}"));
                }
                let outline = self.object("\"Promotion Focus\"", "Promotion Focus")?;
                let button = self.object(args, &format!("Promotion {args}"))?;
                if outline.get("x") != button.get("x") || outline.get("y") != button.get("y") {
                    return Err(format!("the outline {outline} does not stand on the {args} button {button}"));
                }
                Ok(())
            }
            "inputs" => {
                let answer = self.ask("inputs")?;
                let Json::Obj(pairs) = answer.get("inputs") else { return Err(format!("`inputs` answered {answer}")) };
                let on: Vec<&str> =
                    pairs.iter().filter(|(_, v)| v == &Json::Bool(true)).map(|(k, _)| k.as_str()).collect();
                let want: Vec<&str> =
                    if args == "none" { Vec::new() } else { args.split(',').map(str::trim).collect() };
                if on != want {
                    let (want, on) = (want.join(", "), on.join(", "));
                    return Err(format!("expected the Input Contexts on: {want}, found: {on}"));
                }
                Ok(())
            }
            "no" if args == "faults" => self.no_faults(),
            "same" => {
                let Some((command, then)) = self.remembered.get(args).cloned() else {
                    return Err(format!("nothing remembered as `{args}`"));
                };
                let now = self.ask(&command)?;
                if now != then {
                    return Err(format!("`{command}` answered\n  then: {then}\n  now:  {now}"));
                }
                Ok(())
            }
            "drawn" => {
                let flipped = match args {
                    "White" => false,
                    "Black" => true,
                    _ => return Err("usage: expect drawn White|Black (the Side at the bottom)".into()),
                };
                let (meters, left, bottom) = (3.75, 0.0, 4.375);
                let mut wrong = Vec::new();
                for ty in ["Piece", "Square", "Move Mark", "Rank Label", "File Label"] {
                    for o in self.objects_of_type(ty)? {
                        let name = o.get("name").as_str().unwrap_or("").to_string();
                        let file = num(&self.eval(&format!("data('Position', '{name}', 'file')"))?);
                        let rank = num(&self.eval(&format!("data('Position', '{name}', 'rank')"))?);
                        let (f, r) = if flipped { (9.0 - file, 9.0 - rank) } else { (file, rank) };
                        let (x, y) = (left + (f - 0.5) * meters, bottom + (r - 0.5) * meters);
                        if (num(o.get("x")) - x).abs() > 1e-6 || (num(o.get("y")) - y).abs() > 1e-6 {
                            wrong.push(format!("the {ty} {name} stands at {}, {} (not {x}, {y})", o.get("x"), o.get("y")));
                        }
                        let on_edge = match ty {
                            "Rank Label" => Some(f == 1.0),
                            "File Label" => Some(r == 1.0),
                            _ => None,
                        };
                        if let Some(edge) = on_edge {
                            if o.get("visible") != &Json::Bool(edge) {
                                wrong.push(format!("the {ty} {name} is visible: {}, expected {edge}", o.get("visible")));
                            }
                        }
                    }
                }
                if !wrong.is_empty() {
                    return Err(format!("the Board is not drawn with {args} at the bottom: {}", wrong.join("; ")));
                }
                Ok(())
            }
            "state" => {
                let got = self.state()?;
                if got != args {
                    return Err(format!("expected the Game State `{args}`, found `{got}`"));
                }
                Ok(())
            }
            "san" => {
                let Some((n, want)) = args.split_once(char::is_whitespace).map(|(n, s)| (n, s.trim())) else {
                    return Err("usage: expect san N|last SAN".into());
                };
                let history = self.move_names()?;
                let i = match n {
                    "last" => history.len().checked_sub(1).ok_or("the Move History is empty")?,
                    _ => n
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .ok_or(format!("`{n}`: expected a Move's number from 1, or last"))?,
                };
                match history.get(i) {
                    Some(got) if got == want => Ok(()),
                    Some(got) => Err(format!("expected Move {} to be named `{want}`, found `{got}`; history: {}", i + 1, history.join(" "))),
                    None => Err(format!("the Move History has {} Moves, no Move {}: {}", history.len(), i + 1, history.join(" "))),
                }
            }
            "history" => {
                let want: usize = args.parse().map_err(|_| "usage: expect history N".to_string())?;
                let history = self.move_names()?;
                if history.len() != want {
                    return Err(format!("expected {want} Moves in the Move History, found {}: {}", history.len(), history.join(" ")));
                }
                Ok(())
            }
            "moves" => {
                let Some((sq, targets)) = args.strip_prefix("from ").and_then(|a| a.split_once(':')) else {
                    return Err("usage: expect moves from SQUARE: SQUARE ... | none".into());
                };
                let (sq, want) = (sq.trim(), square_set(targets)?);
                let got = self.marks_of(sq)?;
                if got != want {
                    return Err(format!("expected the Piece on {sq} to show marks {}, found {}", show(&want), show(&got)));
                }
                Ok(())
            }
            "castling" => {
                let w = words(args);
                let (is_right, rest) = match w.split_first() {
                    Some((&"right", rest)) => (true, rest),
                    _ => (false, &w[..]),
                };
                let Some((verdict, row)) = rest.split_last().filter(|(_, r)| !r.is_empty()) else {
                    return Err("usage: expect castling ROW allowed|refused, or expect castling right ROW yes|no".into());
                };
                let row = row.join(" ");
                if is_right {
                    let want = match *verdict {
                        "yes" => true,
                        "no" => false,
                        other => return Err(format!("`{other}`: expected yes or no")),
                    };
                    let got = self.eval(&format!("data('Castling', '{row}', 'isAllowed')"))?;
                    if got != Json::Bool(want) {
                        return Err(format!("expected the Castling table's {row} isAllowed {want}, found {got}"));
                    }
                    return Ok(());
                }
                let want = match *verdict {
                    "allowed" => true,
                    "refused" => false,
                    other => return Err(format!("`{other}`: expected allowed or refused")),
                };
                let cell = |r: &mut Self, col: &str| -> Result<String, String> {
                    let v = r.eval(&format!("data('Castling', '{row}', '{col}')"))?;
                    v.as_str().map(str::to_string).ok_or_else(|| format!("Castling {row} {col} is {v}"))
                };
                let (king_from, king_to) = (cell(self, "kingFrom")?, cell(self, "kingTo")?);
                let marks = self.marks_of(&king_from)?;
                if marks.contains(&king_to) != want {
                    return Err(format!(
                        "expected {row} {verdict}: the King on {king_from} shows marks {} ({king_to} {})",
                        show(&marks),
                        if want { "missing" } else { "marked" }
                    ));
                }
                Ok(())
            }
            "group" => {
                let w = words(args);
                let Some((verdict, name)) = w.split_last().filter(|(_, n)| !n.is_empty()) else {
                    return Err("usage: expect group NAME shown|hidden".into());
                };
                let want = match *verdict {
                    "shown" => true,
                    "hidden" => false,
                    other => return Err(format!("`{other}`: expected shown or hidden")),
                };
                let name = name.join(" ");
                let got = self.group_shown(&name)?;
                if got != want {
                    return Err(format!("expected the UI Group {name} {verdict}, it is {}", if got { "shown" } else { "hidden" }));
                }
                Ok(())
            }
            "panel" => {
                let side = args;
                if !self.group_shown("Promotion")? {
                    return Err("the Promotion panel is hidden".into());
                }
                for kind in ["Queen", "Rook", "Bishop", "Knight"] {
                    let frame = self.eval(&format!("data('Kinds', '{kind}', '{side}')"))?;
                    let button = self.object(kind, &format!("Promotion {kind}"))?;
                    if button.get("frame") != &frame || button.get("visible") != &Json::Bool(true) {
                        return Err(format!("the {kind} button should show frame {frame} ({side} {kind}), but it is {button}"));
                    }
                }
                Ok(())
            }
            "fen" => {
                let got = self.fen()?;
                if got != args {
                    return Err(format!("expected the FEN `{args}`, found `{got}`"));
                }
                Ok(())
            }
            "legal" => {
                let want: usize = args.parse().map_err(|_| "usage: expect legal N".to_string())?;
                let moves = self.ask("moves")?.get("moves").as_array().to_vec();
                if moves.len() != want {
                    let list: Vec<String> = moves.iter().filter_map(|m| m.as_str().map(str::to_string)).collect();
                    return Err(format!("expected {want} Legal Moves, the cards find {}: {}", moves.len(), list.join(" ")));
                }
                Ok(())
            }
            "clicks" => {
                let Some(squares) = args.strip_prefix("ignored").map(words).filter(|s| !s.is_empty()) else {
                    return Err("usage: expect clicks ignored SQUARE ...".into());
                };
                let (fen, history) = (self.fen()?, self.move_names()?);
                for sq in squares {
                    self.ask(&format!("click {sq}"))?;
                    let (now_fen, now_history) = (self.fen()?, self.move_names()?);
                    if now_fen != fen || now_history != history {
                        return Err(format!("a click on {sq} changed the game: `{fen}` became `{now_fen}`"));
                    }
                    let selected = self.board_state("selected")?;
                    let marks = self.visible_marks(None)?;
                    if !selected.is_empty() || !marks.is_empty() {
                        return Err(format!("a click on {sq} selected `{selected}` and shows marks {}", show(&marks)));
                    }
                }
                Ok(())
            }
            _ => Err(format!(
                "unknown expectation `{what}`; expected marks, dots, rings, lit, highlight, piece, empty, status, turn, \
                 selected, eval, get, global, object, press refused, text, no faults, state, san, history, moves, \
                 castling, group, panel, fen, legal or clicks"
            )),
        }
    }

    fn state(&mut self) -> Result<String, String> {
        let v = self.ask("state")?.get("state").clone();
        v.as_str().map(str::to_string).ok_or_else(|| format!("the Game State is {v}"))
    }

    fn fen(&mut self) -> Result<String, String> {
        let v = self.ask("fen")?.get("fen").clone();
        v.as_str().map(str::to_string).ok_or_else(|| format!("`fen` answered {v}"))
    }

    /// Each Move of the Move History, named as its row's parts say.
    fn move_names(&mut self) -> Result<Vec<String>, String> {
        let table = self.ask("table \"Move History\"")?;
        Ok(table.get("rows").as_array().iter().map(san_of_row).collect())
    }

    fn group_shown(&mut self, name: &str) -> Result<bool, String> {
        let driver = self.driver();
        let i = driver
            .world
            .game
            .groups
            .iter()
            .position(|(g, _)| g == name)
            .ok_or(format!("no UI Group named `{name}`"))?;
        Ok(driver.world.groups[i])
    }

    /// The Move Marks a click on SQ shows; leaves nothing selected.
    fn marks_of(&mut self, sq: &str) -> Result<BTreeSet<String>, String> {
        let selected = self.board_state("selected")?;
        if !selected.is_empty() && selected != sq {
            // a click on the selected Piece clears the selection (a click elsewhere might be a Move)
            self.ask(&format!("click {selected}"))?;
        }
        if self.board_state("selected")? != sq {
            self.ask(&format!("click {sq}"))?;
        }
        let marks = self.visible_marks(None)?;
        if self.board_state("selected")? == sq {
            self.ask(&format!("click {sq}"))?;
        }
        Ok(marks)
    }

    fn no_faults(&mut self) -> Step {
        let Some(driver) = self.driver.as_mut() else { return Ok(()) };
        let answer = driver.command("faults");
        let faults = answer.get("faults").as_array();
        if !faults.is_empty() {
            return Err(format!("the cards faulted: {}", answer.get("faults")));
        }
        Ok(())
    }
}

/// A Move History row's name: letter + fromFile + fromRank + capture + square + promotion + checkMark.
fn san_of_row(row: &Json) -> String {
    ["letter", "fromFile", "fromRank", "capture", "square", "promotion", "checkMark"]
        .iter()
        .map(|c| match row.get(c) {
            Json::Str(s) => s.clone(),
            Json::Num(n) => n.to_string(),
            _ => String::new(),
        })
        .collect()
}

fn split_verb(line: &str) -> (&str, &str) {
    let line = line.trim();
    line.split_once(char::is_whitespace).map_or((line, ""), |(v, r)| (v, r.trim()))
}

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

fn square_set(args: &str) -> Result<BTreeSet<String>, String> {
    let w = words(args);
    match &w[..] {
        [] => Err("name the Squares, or write `none`".into()),
        ["none"] => Ok(BTreeSet::new()),
        _ if w.contains(&"none") => Err("`none` stands alone".into()),
        _ => Ok(w.iter().map(|s| s.to_string()).collect()),
    }
}

fn show(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        "none".into()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(" ")
    }
}

fn num(j: &Json) -> f64 {
    match j {
        Json::Num(n) => *n,
        _ => f64::NAN,
    }
}

/// `EXPR = JSON`, split at the last ` = ` (an expression's `==` has no spaces inside).
fn split_expected(args: &str) -> Result<(&str, &str), String> {
    args.rsplit_once(" = ")
        .map(|(a, b)| (a.trim(), b.trim()))
        .filter(|(a, b)| !a.is_empty() && !b.is_empty())
        .ok_or_else(|| "expected `... = JSON`".into())
}

fn same_json(got: &Json, want: &str) -> Step {
    if got.to_string() == want {
        Ok(())
    } else {
        Err(format!("expected {want}, found {got}"))
    }
}

/// Runs one scenario file's text. `label` names it in failures (a path).
/// With `walked`, clicks and calls run on the tree walker over those trees.
fn run_text(
    label: &str,
    text: &str,
    game: &std::sync::Arc<Game>,
    highlights: &Highlights,
    filter: Option<&str>,
    walked: Option<&Rc<Trees>>,
) -> Outcome {
    let mut out = Outcome::default();
    // A scenario: its title, the line it starts on, its steps (line number, text).
    type Scenario<'t> = (String, usize, Vec<(usize, &'t str)>);
    let mut scenarios: Vec<Scenario> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (verb, rest) = split_verb(line);
        if verb == "game" && scenarios.is_empty() {
            // Read by `game_of`, before the file is run.
            continue;
        }
        if verb == "scenario" {
            scenarios.push((rest.to_string(), i + 1, Vec::new()));
        } else if let Some(s) = scenarios.last_mut() {
            s.2.push((i + 1, line));
        } else {
            out.failures.push(Failure {
                at: format!("{label}:{}", i + 1),
                message: "a step before the first `scenario TITLE` line".into(),
            });
        }
    }
    if scenarios.is_empty() && out.failures.is_empty() {
        out.failures.push(Failure { at: label.to_string(), message: "no `scenario` in this file".into() });
    }
    for (title, start, steps) in scenarios {
        if filter.is_some_and(|f| !label.contains(f) && !title.contains(f)) {
            continue;
        }
        let mut runner = Runner {
            game: game.clone(),
            highlights,
            driver: None,
            walked: walked.cloned(),
            remembered: Default::default(),
        };
        let mut passed = true;
        for (line_no, step) in &steps {
            if let Err(message) = runner.step(step) {
                out.failures.push(Failure {
                    at: format!("{label}:{line_no}"),
                    message: format!("[{title}] `{step}`: {message}"),
                });
                passed = false;
                break;
            }
        }
        if passed {
            if let Err(message) = runner.no_faults() {
                out.failures.push(Failure {
                    at: format!("{label}:{start}"),
                    message: format!("[{title}] at its end: {message}"),
                });
                passed = false;
            }
        }
        if steps.is_empty() {
            out.failures.push(Failure { at: format!("{label}:{start}"), message: format!("[{title}] has no steps") });
            passed = false;
        }
        out.scenarios.push((title, passed));
    }
    out
}

fn chess() -> (std::sync::Arc<Game>, Highlights) {
    let game = common::load_game(&common::chess_dir());
    let highlights = Highlights::from_game(&game).unwrap_or_else(|e| panic!("reading Square Marks' colors: {e}"));
    (game, highlights)
}

#[test]
fn every_scenario_file_passes() {
    let (game, highlights) = chess();
    run_every_file(&game, &highlights, None);
}

/// The same scenarios with every click and call walked by the tree walker
/// from the cards' trees (the scene's Created and the chess library's
/// commands still run on the register machine): the walker runs the book's
/// whole game as the machine does.
#[test]
fn every_scenario_file_passes_on_the_tree_walker() {
    let loaded = common::load::load(&common::chess_dir()).unwrap_or_else(|e| panic!("content/chess loads: {e:?}"));
    let trees = Rc::new(loaded.trees);
    let game = std::sync::Arc::new(loaded.game);
    let highlights = Highlights::from_game(&game).unwrap_or_else(|e| panic!("reading Square Marks' colors: {e}"));
    run_every_file(&game, &highlights, Some(&trees));
}

/// Runs every scenario file, walked from `walked` when given; panics with every failure.
fn run_every_file(game: &std::sync::Arc<Game>, highlights: &Highlights, walked: Option<&Rc<Trees>>) {
    let dir = common::root().join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/scenarios/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scenario"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .scenario files in {}", dir.display());
    let filter = std::env::var("CARDTABLE_SCENARIO").ok();
    let mut failures = Vec::new();
    let (mut ran, mut passed) = (0, 0);
    for path in &files {
        let label = path.strip_prefix(common::root()).unwrap_or(path).display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{label}: {e}"));
        let other = game_of(&text).map(|folder| {
            let loaded = common::load::load(&common::root().join(folder))
                .unwrap_or_else(|e| panic!("{label}: the game {folder} does not load: {e:?}"));
            let game = std::sync::Arc::new(loaded.game);
            let highlights = Highlights::from_game(&game).unwrap_or(Highlights { kinds: Vec::new() });
            (game, highlights, Rc::new(loaded.trees))
        });
        let (game, highlights, walked) = match &other {
            Some((game, highlights, trees)) => (game, highlights, walked.map(|_| trees)),
            None => (game, highlights, walked),
        };
        let out = run_text(&label, &text, game, highlights, filter.as_deref(), walked);
        for (title, ok) in &out.scenarios {
            println!("{} {label}: {title}", if *ok { "ok  " } else { "FAIL" });
            ran += 1;
            passed += usize::from(*ok);
        }
        failures.extend(out.failures);
    }
    println!("{passed} of {ran} scenarios passed");
    if !failures.is_empty() {
        let list: Vec<String> = failures.iter().map(|f| f.to_string()).collect();
        panic!("{} scenario failure(s):\n{}", list.len(), list.join("\n"));
    }
    assert!(ran > 0, "the filter CARDTABLE_SCENARIO={filter:?} matched no scenario");
}

/// The folder a scenario file's `game FOLDER` line names, before its first scenario.
fn game_of(text: &str) -> Option<&str> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'))?;
    match split_verb(first) {
        ("game", folder) if !folder.is_empty() => Some(folder),
        _ => None,
    }
}

// The harness itself: a wrong expectation must fail, at its own line.

fn run_inline(text: &str) -> Outcome {
    let (game, highlights) = chess();
    run_text("inline.scenario", text, &game, &highlights, None, None)
}

#[test]
fn harness_reports_a_wrong_expectation_at_its_line() {
    let out = run_inline("scenario wrong on purpose\nclick e2\n\n# a comment\nexpect marks e3\nexpect marks e3 e4\n");
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    let f = out.failures[0].to_string();
    assert!(f.starts_with("inline.scenario:5: [wrong on purpose] `expect marks e3`"), "{f}");
    assert!(f.contains("found e3 e4"), "{f}");
}

#[test]
fn harness_fails_each_kind_of_wrong_expectation() {
    let wrong = [
        "expect marks none",
        "expect dots e3",
        "expect rings e4",
        "expect lit none",
        "expect highlight e2 last-move",
        "expect highlight e2 none",
        "expect highlight e4 selected",
        "expect piece e2 White Queen",
        "expect piece e2 Black Pawn",
        "expect empty e2",
        "expect status Check",
        "expect turn Black",
        "expect selected none",
        "expect eval data('Position', 'e2', 'kind') = \"Queen\"",
        "expect get \"Game Rules\" boardState.selected = \"e4\"",
        "expect global status = \"Check\"",
        "expect text \"Status Line\" = \"Check\"",
        "expect sparkles e2",
        "frobnicate e2",
        "click nowhere",
        "play e2-e5",
        "play e5-e6",
        "play e2-e4=Q",
        "play e2-e3=K",
        "press Queen",
        "press",
        "setfen not a position",
        "setfen",
        "expect state Game Over",
        "expect state Promotion",
        "expect san 1 e4",
        "expect san last e4",
        "expect san zero e4",
        "expect history 1",
        "expect moves from e2: e3",
        "expect moves from e2: none",
        "expect moves from g1: f3",
        "expect castling White King Side allowed",
        "expect castling right White King Side no",
        "expect castling right Black Queen Side maybe",
        "expect group Promotion shown",
        "expect group Nowhere hidden",
        "expect panel White",
        "expect fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "expect legal 21",
        "expect clicks ignored e4",
        "expect clicks ignored g1",
        "expect drawn Black",
        "expect drawn Red",
        "expect same nothing",
        "expect focus e2",
        "expect focus e3",
        "expect outline Queen",
        "expect inputs Promotion Choice",
        "expect inputs none",
    ];
    for step in wrong {
        let out = run_inline(&format!("scenario one wrong step\nclick e2\n{step}\n"));
        assert!(
            out.failures.iter().any(|f| f.at == "inline.scenario:3"),
            "`{step}` should fail at line 3, failures: {:?}",
            out.failures
        );
    }
}

/// The expectations of Objects and buttons, on a game of no chess (a `game` line).
#[test]
fn harness_fails_each_wrong_expectation_of_objects_and_buttons() {
    let game = common::load_game(&common::root().join("tests/fixtures/panels"));
    let none = Highlights { kinds: Vec::new() };
    let run = |text: &str| run_text("inline.scenario", text, &game, &none, None, None);
    let right = "scenario right\nexpect object Picture x = 11\nexpect object Picture image = null\n\
                 expect press refused Close\nexpect object Large Option shown = false\n";
    assert!(run(right).failures.is_empty(), "{:?}", run(right).failures);
    for step in [
        "expect object Picture x = 12",
        "expect object Picture image = \"art/look-large.png\"",
        "expect object Nobody x = 1",
        "expect object Picture/Board x = 11",
        "expect object Picture",
        "expect object Large Option shown = true",
        "expect press refused Options",
        "expect press refused",
    ] {
        let out = run(&format!("scenario one wrong step\n{step}\n"));
        assert!(
            out.failures.iter().any(|f| f.at == "inline.scenario:2"),
            "`{step}` should fail at line 2, failures: {:?}",
            out.failures
        );
    }
    assert_eq!(game_of("# a comment\n\ngame tests/fixtures/panels\nscenario x\n"), Some("tests/fixtures/panels"));
    assert_eq!(game_of("scenario x\ngame tests/fixtures/panels\n"), None);
}

/// `expect same` fails once the remembered command answers otherwise.
#[test]
fn harness_fails_a_remembered_answer_that_changed() {
    let out = run_inline("scenario changed\nremember fen: fen\nclick e2 e4\nexpect same fen\n");
    assert!(out.failures.iter().any(|f| f.at == "inline.scenario:4"), "{:?}", out.failures);
    let out = run_inline("scenario usage\nremember fen\n");
    assert!(out.failures.iter().any(|f| f.at == "inline.scenario:2"), "{:?}", out.failures);
}

#[test]
fn harness_passes_the_right_expectations() {
    let out = run_inline(
        "scenario right\nclick e2\nexpect marks e3 e4\nexpect dots e3 e4\nexpect rings none\nexpect lit e2\n\
         expect highlight e2 selected\nexpect highlight e4 none\nexpect piece e2 White Pawn\nexpect empty e4\n\
         expect status Your move\nexpect turn White\nexpect selected e2\n\
         expect eval data('Position', 'e2', 'kind') = \"Pawn\"\n\
         expect get \"Game Rules\" boardState.selected = \"e2\"\nexpect global status = \"Your move\"\nexpect no faults\n\
         expect drawn White\nremember fen: fen\nexpect same fen\n",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.scenarios, vec![("right".to_string(), true)]);
}

#[test]
fn harness_passes_the_right_expectations_of_the_rules_steps() {
    let out = run_inline(
        "scenario right\nexpect state Playing\nexpect history 0\nexpect legal 20\n\
         expect moves from g1: f3 h3\nexpect selected none\nexpect moves from a1: none\n\
         expect castling White King Side refused\nexpect castling right White King Side yes\n\
         expect group Promotion hidden\nexpect fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         expect clicks ignored e5 e7 a3\nclick e2\nexpect moves from g1: f3 h3\nexpect selected none\n\
         play e2-e4 e7-e5\nexpect san 1 e4\nexpect san last e5\nexpect history 2\n\
         setfen 8/1P5k/8/8/8/8/6PP/6K1 w - - 0 1\nexpect history 0\nclick b7 b8\nexpect state Promotion\n\
         expect group Promotion shown\nexpect panel White\npress Cancel\nexpect state Playing\n\
         play b7-b8=N\nexpect san 1 b8=N\nexpect piece b8 White Knight\n",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.scenarios, vec![("right".to_string(), true)]);
}

#[test]
fn harness_names_a_move_as_its_row_parts_say() {
    let row = Json::obj(vec![
        ("name", Json::Str("3".into())),
        ("letter", Json::Str("R".into())),
        ("fromFile", Json::Str("a".into())),
        ("fromRank", Json::Str("".into())),
        ("capture", Json::Str("x".into())),
        ("square", Json::Str("d1".into())),
        ("promotion", Json::Str("".into())),
        ("checkMark", Json::Str("+".into())),
    ]);
    assert_eq!(san_of_row(&row), "Raxd1+");
}

#[test]
fn harness_reads_the_highlight_colors_from_the_content() {
    let (_, h) = chess();
    // Square.yaml gives Square Marks these values; the harness must have found them there.
    assert_eq!(h.of("selected").unwrap(), Some(("#F2C94CFF", 0.44)));
    assert_eq!(h.of("last-move").unwrap(), Some(("#F6EB72FF", 0.32)));
    assert_eq!(h.of("check").unwrap(), Some(("#E5252AFF", 0.66)));
    assert_eq!(h.of("none").unwrap(), None);
    assert!(h.of("gold").is_err());
}

#[test]
fn harness_rejects_steps_outside_a_scenario() {
    let out = run_inline("click e2\nscenario late\nexpect marks none\n");
    assert!(out.failures.iter().any(|f| f.at == "inline.scenario:1"), "{:?}", out.failures);
}
