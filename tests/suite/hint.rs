//! The Hint (Chapter 8, A.65 to A.71) through the driver, as a player plays:
//! the Hint button pressed on the Player's Turn, the engine's answer (the
//! built-in engine, Stockfish, the driver's `answer` standing in for an
//! engine, fake engines that fail) taken in with `wait`; the Hint legal by
//! the cards, marked on its two Squares, said in the Hint message for
//! showSeconds; forgotten after a click and after Undo; the button off when
//! it is not the Player's Turn; Hint Not Found; a saved game loaded while a
//! Hint was being found; a promotion's words; the Hint Strength the bridge
//! asks at. No test sleeps: `wait` moves the game's clock.

use crate::common;

use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use common::{fake_engine, ok, state, stockfish, wait_until, TempContent};
use std::rc::Rc;

/// The Hint's tint on its two Squares (Square Marks' hintColor, hintAlpha).
const HINT_TINT: &str = "#5FA8E8FF";
const HINT_ALPHA: f64 = 0.5;

/// The Player against the Computer, the game's saves in memory.
fn driver(game: std::sync::Arc<Game>) -> Driver {
    Driver::with_system(game, Rc::new(Store::memory()), true)
}

fn chess() -> Driver {
    driver(common::load_game(&common::chess_dir()))
}

/// The chess game with the Hint waiting `spare` seconds past its thinking
/// time (Give A Hint's spareSeconds on the Game Rules).
fn game_with_hint_spare(label: &str, spare: f64) -> (TempContent, std::sync::Arc<Game>) {
    let copy = TempContent::chess(label);
    copy.replace_once(
        "objects/Game Rules.yaml",
        "  Give A Hint: { spareSeconds: 5 }\n",
        &format!("  Give A Hint: {{ spareSeconds: {spare} }}\n"),
    );
    let game = common::load_game(&copy.dir);
    (copy, game)
}

fn status(d: &mut Driver) -> String {
    ok(d, "global status").get("value").as_str().unwrap_or_default().to_string()
}

fn history_len(d: &mut Driver) -> usize {
    ok(d, "table \"Move History\"").get("rows").as_array().len()
}

/// The Chosen Moves table's row: from, to, landingKind.
fn chosen(d: &mut Driver, row: &str) -> (String, String, String) {
    let rows = ok(d, "table \"Chosen Moves\"").get("rows").as_array().to_vec();
    let r = rows.iter().find(|r| r.get("name").as_str() == Some(row)).expect("the row").clone();
    let cell = |c: &str| r.get(c).as_str().unwrap_or_default().to_string();
    (cell("from"), cell("to"), cell("landingKind"))
}

/// The one Object of a type named `name`.
fn object_of(d: &mut Driver, name: &str, ty: &str) -> Json {
    let all = ok(d, &format!("objects \"{name}\"")).get("objects").as_array().to_vec();
    all.into_iter().find(|o| o.get("type").as_str() == Some(ty)).unwrap_or_else(|| panic!("no {ty} {name}"))
}

/// The Squares tinted with the Hint's color.
fn hinted_squares(d: &mut Driver) -> Vec<String> {
    let all = ok(d, "objects").get("objects").as_array().to_vec();
    let mut found: Vec<String> = all
        .iter()
        .filter(|o| o.get("type").as_str() == Some("Square"))
        .filter(|o| {
            o.get("tint").as_str() == Some(HINT_TINT)
                && matches!(o.get("alpha"), Json::Num(a) if (a - HINT_ALPHA).abs() < 1e-9)
        })
        .map(|o| o.get("name").as_str().unwrap_or_default().to_string())
        .collect();
    found.sort();
    found
}

fn hint_button_on(d: &mut Driver) -> bool {
    matches!(object_of(d, "Hint", "Hint Button").get("buttonOn"), Json::Bool(true))
}

/// The Hint message: whether it shows, and its words.
fn message(d: &mut Driver) -> (bool, String) {
    let m = object_of(d, "Hint Message", "Hint Message");
    (matches!(m.get("visible"), Json::Bool(true)), m.get("text").as_str().unwrap_or_default().to_string())
}

fn legal_moves(d: &mut Driver) -> Vec<String> {
    let moves = ok(d, "moves").get("moves").as_array().to_vec();
    moves.iter().map(|m| m.as_str().unwrap_or_default().to_string()).collect()
}

/// The Player (White) asks for a Hint at the start with the engine `engine`
/// (a program, or `builtin`): while it is found the Board waits and says so;
/// the Hint is one of the cards' legal moves, its two Squares are tinted,
/// the message says it, the status line shows the Turn again; after
/// showSeconds (4) the message is gone and the Squares keep the Hint.
fn a_hint_is_given(engine_path: &str) {
    let mut d = chess();
    ok(&mut d, &format!("engine {engine_path}"));
    let legal = legal_moves(&mut d);
    assert_eq!(status(&mut d), "Your move");
    assert!(hint_button_on(&mut d), "the Hint button is on, on the Player's Turn");
    ok(&mut d, "press Hint");
    if state(&mut d) == "Finding A Hint" {
        assert_eq!(status(&mut d), "Looking for a hint…");
        assert!(!hint_button_on(&mut d), "off while the Hint is found");
        // The Board waits: a click selects nothing.
        ok(&mut d, "click e2");
        assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.selected").get("value").as_str(), Some(""));
    }
    assert!(wait_until(&mut d, 0.02, 60.0, |d| state(d) == "Playing"), "the Hint comes");
    let (from, to, kind) = chosen(&mut d, "Hint");
    let hint = format!("{from}{to}");
    assert!(legal.contains(&hint), "the Hint {hint} is one of the cards' legal moves {legal:?}");
    assert_ne!(kind, "", "the Kind it lands as");
    assert_eq!(chosen(&mut d, "Computer").0, "", "the Computer's row is not the Hint's");
    let mut both = vec![from.clone(), to.clone()];
    both.sort();
    assert_eq!(hinted_squares(&mut d), both, "the Hint's two Squares are marked");
    assert_eq!(message(&mut d), (true, format!("Try {from} to {to}.")));
    assert_eq!(status(&mut d), "Your move", "the status line shows the Turn again");
    assert!(hint_button_on(&mut d), "on again");
    assert_eq!(history_len(&mut d), 0, "a Hint makes no Move");
    // It came within the last 0.02 s of the clock.
    ok(&mut d, "wait 3.8");
    assert!(message(&mut d).0, "the message stays for showSeconds");
    ok(&mut d, "wait 0.4");
    assert!(!message(&mut d).0, "and is gone after showSeconds");
    assert_eq!(hinted_squares(&mut d), both, "the Squares keep the Hint until it is forgotten");
    // The Player plays the Hint: the click forgets it, the Move is made.
    ok(&mut d, &format!("click {from}"));
    assert_eq!(chosen(&mut d, "Hint"), (String::new(), String::new(), String::new()), "a click forgets the Hint");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    ok(&mut d, &format!("click {to}"));
    let first = ok(&mut d, "table \"Move History\"").get("rows").as_array()[0].clone();
    assert_eq!((first.get("from").as_str(), first.get("to").as_str()), (Some(from.as_str()), Some(to.as_str())));
}

#[test]
fn the_built_in_engine_gives_a_legal_hint_marked_and_said() {
    a_hint_is_given("builtin");
}

#[test]
fn stockfish_gives_a_legal_hint_marked_and_said() {
    a_hint_is_given(&stockfish().display().to_string());
}

#[test]
fn a_click_forgets_the_hint() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "press Hint");
    ok(&mut d, "answer g1f3");
    assert_eq!(hinted_squares(&mut d), ["f3", "g1"]);
    // A click on an empty Square: no Move, no selection, and the Hint is gone.
    ok(&mut d, "click e5");
    assert_eq!(chosen(&mut d, "Hint").0, "");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
}

#[test]
fn undo_forgets_the_hint() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(state(&mut d), "Computer's Turn");
    ok(&mut d, "answer e7e5");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 2), "the Computer's reply lands");
    ok(&mut d, "press Hint");
    ok(&mut d, "answer g1f3");
    assert_eq!(hinted_squares(&mut d), ["f3", "g1"]);
    ok(&mut d, "press Undo");
    assert_eq!(history_len(&mut d), 0);
    assert_eq!(chosen(&mut d, "Hint").0, "", "Undo forgets the Hint");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
}

#[test]
fn undo_while_a_hint_is_found_drops_its_answer() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    ok(&mut d, "answer e7e5");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 2));
    ok(&mut d, "press Hint");
    assert_eq!(state(&mut d), "Finding A Hint");
    ok(&mut d, "press Undo");
    assert_eq!((state(&mut d), history_len(&mut d)), ("Playing".to_string(), 0));
    // The answer to the question asked before the Undo is dropped by the bridge.
    let answered = ok(&mut d, "answer g1f3");
    assert!(matches!(answered.get("taken"), Json::Bool(false)), "{answered}");
    assert_eq!(chosen(&mut d, "Hint").0, "");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert!(!message(&mut d).0);
    // Its timer rings into a game that goes on: nothing happens.
    ok(&mut d, "wait 7");
    assert_eq!((state(&mut d), status(&mut d)), ("Playing".to_string(), "Your move".to_string()));
}

/// A Hint answer and the Computer's answer each land in their own row and
/// Event: the Hint never moves a Piece, the Computer's Move is never marked.
#[test]
fn a_hint_and_the_computers_move_are_never_confused() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "press Hint");
    ok(&mut d, "answer d2d4");
    assert_eq!(chosen(&mut d, "Hint").0, "d2");
    assert_eq!(chosen(&mut d, "Computer").0, "");
    assert_eq!((state(&mut d), history_len(&mut d)), ("Playing".to_string(), 0), "the Hint moves nothing");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(state(&mut d), "Computer's Turn");
    assert!(!hint_button_on(&mut d), "no Hint on the Computer's Turn");
    ok(&mut d, "answer e7e5");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 2));
    assert_eq!(chosen(&mut d, "Computer").0, "e7");
    assert_eq!(chosen(&mut d, "Hint").0, "", "the Computer's answer is not a Hint");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert_eq!(message(&mut d).1, "Try d2 to d4.", "the message says only the Hint");
    assert!(hint_button_on(&mut d), "on again on the Player's Turn");
}

#[test]
fn the_hint_button_is_off_on_the_computers_turn_and_after_the_game_ends() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    assert!(hint_button_on(&mut d));
    ok(&mut d, "click f2");
    ok(&mut d, "click f3");
    assert!(!hint_button_on(&mut d), "off on the Computer's Turn");
    let pressed = d.command("press Hint");
    assert!(pressed.is_error(), "a button turned off takes no press: {pressed}");
    ok(&mut d, "answer e7e5");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 2));
    assert!(hint_button_on(&mut d));
    ok(&mut d, "click g2");
    ok(&mut d, "click g4");
    ok(&mut d, "answer d8h4");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| state(d) == "Game Over"), "Fool's mate");
    assert!(!hint_button_on(&mut d), "off after the game ends");
}

/// A fake engine fails to give a Hint: no Hint is shown, the status line
/// says so, the Player's Turn goes on, and the Hint can be asked again.
fn hint_not_found(label: &str, engine_path: &str) {
    let (_copy, game) = game_with_hint_spare(label, 0.5);
    let mut d = driver(game);
    ok(&mut d, &format!("engine {engine_path}"));
    ok(&mut d, "press Hint");
    // The Hint Strength's 1 s and spareSeconds 0.5: the hintWait timer rings at 1.5 s at the latest after
    // the engines' check at the first question (which it waits for: an engine that never starts, silent.sh,
    // is given 10 s there), so 11.5 s at the latest.
    assert!(wait_until(&mut d, 0.1, 11.6, |d| state(d) == "Playing"), "{label}: the Board waits no longer");
    assert_eq!(status(&mut d), "No hint could be found", "{label}");
    assert_eq!(chosen(&mut d, "Hint").0, "", "{label}: nothing kept");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new(), "{label}: nothing marked");
    assert!(!message(&mut d).0, "{label}: no message");
    assert!(hint_button_on(&mut d), "{label}: the Hint may be asked again");
    assert!(matches!(object_of(&mut d, "Retry", "Retry Button").get("visible"), Json::Bool(false)));
    // The Player plays on.
    ok(&mut d, "engine manual");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(history_len(&mut d), 1, "{label}");
}

#[test]
fn a_silent_engine_gives_no_hint_after_the_hint_wait() {
    hint_not_found("silent", &fake_engine("silent.sh"));
}

#[test]
fn an_engine_that_answers_garbage_gives_no_hint() {
    hint_not_found("garbage", &fake_engine("garbage.sh"));
}

#[test]
fn an_engine_that_crashes_gives_no_hint() {
    hint_not_found("crash", &fake_engine("crash.sh"));
}

#[test]
fn an_engine_that_answers_an_illegal_move_gives_no_hint() {
    hint_not_found("illegal", &fake_engine("illegal.sh"));
}

#[test]
fn a_missing_engine_gives_no_hint() {
    hint_not_found("missing", "/nonexistent/engine");
}

/// An answer that comes after the hintWait timer rang is not shown later.
#[test]
fn a_hint_that_comes_too_late_is_never_marked() {
    let (_copy, game) = game_with_hint_spare("late", 0.5);
    let mut d = driver(game);
    ok(&mut d, "engine manual");
    ok(&mut d, "press Hint");
    ok(&mut d, "wait 1.6");
    assert_eq!(status(&mut d), "No hint could be found");
    ok(&mut d, "answer e2e4");
    assert_eq!(chosen(&mut d, "Hint").0, "", "forgotten as it comes");
    ok(&mut d, "press Flip");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert!(!message(&mut d).0);
}

#[test]
fn a_game_saved_while_a_hint_was_found_goes_on_without_it() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    ok(&mut d, "answer e7e5");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 2));
    ok(&mut d, "press Hint");
    assert_eq!(state(&mut d), "Finding A Hint");
    ok(&mut d, "save hinting");
    ok(&mut d, "load hinting");
    assert_eq!(state(&mut d), "Playing", "the Player's Turn goes on");
    assert_eq!(status(&mut d), "Your move");
    assert_eq!(history_len(&mut d), 2);
    assert!(hint_button_on(&mut d));
    // The Hint asked before the load never shows, and the hintWait timer brought back does nothing.
    let _ = d.command("answer g1f3");
    ok(&mut d, "wait 7");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert!(!message(&mut d).0);
    assert_eq!((state(&mut d), status(&mut d)), ("Playing".to_string(), "Your move".to_string()));
    // A new Hint is given.
    ok(&mut d, "press Hint");
    ok(&mut d, "answer g1f3");
    assert_eq!(hinted_squares(&mut d), ["f3", "g1"]);
}

/// Black to be mated by a promotion to a Queen (or a Rook), which Stockfish and the built-in engine find.
const PROMOTION: &str = "setfen k7/4P3/1K6/8/8/8/8/8 w - - 0 1";

#[test]
fn a_promotion_hint_says_promote_to_queen() {
    let mut d = chess();
    ok(&mut d, PROMOTION);
    ok(&mut d, "engine manual");
    ok(&mut d, "press Hint");
    ok(&mut d, "answer e7e8q");
    assert_eq!(chosen(&mut d, "Hint"), ("e7".into(), "e8".into(), "Queen".into()));
    assert_eq!(message(&mut d), (true, "Try e7 to e8, promote to queen.".to_string()));
    assert_eq!(hinted_squares(&mut d), ["e7", "e8"]);
    // A promotion to a Knight says so.
    ok(&mut d, "wait 5");
    ok(&mut d, "press Hint");
    ok(&mut d, "answer e7e8n");
    assert_eq!(message(&mut d), (true, "Try e7 to e8, promote to knight.".to_string()));
}

#[test]
fn the_built_in_engines_promotion_hint_says_promote_to_queen() {
    let mut d = chess();
    ok(&mut d, PROMOTION);
    ok(&mut d, "engine builtin");
    ok(&mut d, "press Hint");
    assert!(wait_until(&mut d, 0.1, 60.0, |d| state(d) == "Playing"));
    assert_eq!(message(&mut d), (true, "Try e7 to e8, promote to queen.".to_string()));
}

#[test]
fn stockfishs_promotion_hint_says_promote_to_queen() {
    let mut d = chess();
    ok(&mut d, PROMOTION);
    ok(&mut d, &format!("engine {}", stockfish().display()));
    ok(&mut d, "press Hint");
    assert!(wait_until(&mut d, 0.1, 60.0, |d| state(d) == "Playing"));
    assert_eq!(message(&mut d), (true, "Try e7 to e8, promote to queen.".to_string()));
}

/// The bridge asks the Hint at the Hint Strength table's row Hint (Skill
/// Level 20, no Elo limit, 1 s), whatever the Computer's Strength (here
/// Gentle: Skill Level 0, Elo 1350, 0.2 s), and the Computer at its own.
#[test]
fn the_hint_is_asked_at_the_hint_strength() {
    let folder = common::TempDir::new("hint-recorder");
    let dir = folder.dir.clone();
    let recorder = dir.join("recorder.sh");
    std::fs::copy(fake_engine("recorder.sh"), &recorder).unwrap();
    // The fake engines source their handshake from uci.sh beside them.
    std::fs::copy(fake_engine("uci.sh"), dir.join("uci.sh")).unwrap();
    let log = dir.join("recorder.sh.log");
    let _ = std::fs::remove_file(&log);
    let mut d = chess();
    ok(&mut d, &format!("engine {}", recorder.display()));
    ok(&mut d, "press Settings");
    ok(&mut d, "press Gentle Setting");
    ok(&mut d, "press Done");
    // The recorder answers e7e5 first: not a legal Move for White, so no Hint.
    ok(&mut d, "press Hint");
    assert!(wait_until(&mut d, 0.05, 60.0, |d| state(d) == "Playing"));
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    // Then b8c6, the Computer's reply.
    assert!(wait_until(&mut d, 0.05, 60.0, |d| history_len(d) == 2));
    let told = std::fs::read_to_string(&log).unwrap();
    // The check at the first question listed its moves (`go perft 1`) in a process of its own, then ended it.
    let told = told.split_once("go perft 1\nquit\n").map_or(told.as_str(), |(_, rest)| rest).to_string();
    let searches: Vec<&str> = told.split("isready").collect();
    assert!(searches.len() >= 3, "{told}");
    assert!(searches[0].contains("setoption name Skill Level value 20"), "the Hint: {told}");
    assert!(searches[0].contains("setoption name UCI_LimitStrength value false"), "the Hint: {told}");
    assert!(searches[1].contains("go movetime 1000"), "the Hint: {told}");
    assert!(searches[1].contains("setoption name Skill Level value 0"), "the Computer, Gentle: {told}");
    assert!(searches[1].contains("setoption name UCI_Elo value 1350"), "the Computer, Gentle: {told}");
    assert!(searches[2].contains("go movetime 200"), "the Computer, Gentle: {told}");
}

/// The Hint's words in French (`--lang fr`): Words.fr.csv and Kinds.fr.csv.
#[test]
fn the_hint_speaks_french() {
    let loaded =
        common::load::load_files_in(cardtable_runtime::source::files::Files::Dir(common::chess_dir()), Some("fr"));
    let game = std::sync::Arc::new(loaded.unwrap_or_else(|_| panic!("the chess game loads in French")).game);
    let mut d = driver(game);
    ok(&mut d, PROMOTION);
    ok(&mut d, "engine manual");
    assert_eq!(object_of(&mut d, "Hint", "Hint Button").get("text").as_str(), Some("Conseil"));
    ok(&mut d, "press Hint");
    assert_eq!(status(&mut d), "Recherche d’un conseil…");
    ok(&mut d, "answer e7e8q");
    assert_eq!(message(&mut d), (true, "Essayez e7 vers e8, promotion en dame.".to_string()));
}

#[test]
fn new_game_while_a_hint_is_found_drops_its_answer() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "press Hint");
    assert_eq!(state(&mut d), "Finding A Hint");
    ok(&mut d, "press New Game");
    ok(&mut d, "press White");
    ok(&mut d, "press Play");
    assert_eq!((state(&mut d), status(&mut d)), ("Playing".to_string(), "Your move".to_string()));
    let answered = ok(&mut d, "answer e2e4");
    assert!(matches!(answered.get("taken"), Json::Bool(false)), "{answered}");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert!(!message(&mut d).0);
    assert!(hint_button_on(&mut d));
}

/// The variant with invented Kinds (content/examples/nightrider-camel): the
/// built-in engine gives the Hint even with Stockfish named, and it is one
/// of the cards' legal moves there.
#[test]
fn the_variant_gets_its_hint_from_the_built_in_engine_even_with_stockfish() {
    let dir = common::root().join("content/examples/nightrider-camel");
    let mut d = driver(common::load_game(&dir));
    ok(&mut d, &format!("engine {}", stockfish().display()));
    let legal = legal_moves(&mut d);
    ok(&mut d, "press Hint");
    assert!(wait_until(&mut d, 0.05, 60.0, |d| state(d) == "Playing"), "the Hint comes");
    let (from, to, _) = chosen(&mut d, "Hint");
    assert!(legal.contains(&format!("{from}{to}")), "{from}{to} among {legal:?}");
    assert_eq!(message(&mut d), (true, format!("Try {from} to {to}.")));
}

/// The Player plays Black and asks for a Hint; Undo takes the Computer's
/// first Move back and the Computer is asked again while the Hint's
/// question is on its way: the answer that comes is the Computer's (the
/// bridge answers only its latest question), lands in the row Computer and
/// is played, and no Hint is marked or said.
#[test]
fn undo_as_black_while_a_hint_is_found_asks_the_computer_and_its_answer_is_no_hint() {
    let mut d = chess();
    ok(&mut d, "engine manual");
    ok(&mut d, "press New Game");
    ok(&mut d, "press Black");
    ok(&mut d, "press Play");
    assert_eq!(state(&mut d), "Computer's Turn");
    ok(&mut d, "answer e2e4");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 1));
    ok(&mut d, "press Hint");
    assert_eq!(state(&mut d), "Finding A Hint");
    ok(&mut d, "press Undo");
    assert_eq!((state(&mut d), history_len(&mut d)), ("Computer's Turn".to_string(), 0));
    ok(&mut d, "answer d2d4");
    assert!(wait_until(&mut d, 0.1, 5.0, |d| history_len(d) == 1));
    assert_eq!(chosen(&mut d, "Computer").0, "d2");
    assert_eq!(chosen(&mut d, "Hint").0, "");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert!(!message(&mut d).0);
    assert_eq!(state(&mut d), "Playing");
    // The hintWait timer of the Hint asked before rings into the Player's Turn: nothing happens.
    ok(&mut d, "wait 7");
    assert_eq!((state(&mut d), status(&mut d)), ("Playing".to_string(), "Your move".to_string()));
}

/// The Hint's answer is shown only when it is one of the cards' Legal
/// Moves: a promotion to a King, a promotion with no letter, a Move of the
/// other Side, a Move from an empty Square: each is No Hint Found, nothing
/// marked, the Player's Turn going on; then a promotion to a Queen is the Hint.
#[test]
fn a_hint_that_is_not_a_legal_move_is_never_shown() {
    let mut d = chess();
    ok(&mut d, PROMOTION);
    ok(&mut d, "engine manual");
    for answer in ["e7e8k", "e7e8", "a8a7", "d4d5", "b6c6q"] {
        ok(&mut d, "press Hint");
        assert_eq!(state(&mut d), "Finding A Hint");
        let told = ok(&mut d, &format!("answer {answer}"));
        assert_eq!(state(&mut d), "Playing", "`{answer}`");
        assert_eq!(status(&mut d), "No hint could be found", "`{answer}`");
        assert_eq!(hinted_squares(&mut d), Vec::<String>::new(), "`{answer}`: nothing marked");
        assert!(!message(&mut d).0, "`{answer}`: no message");
        assert!(told.get("notices").to_string().contains("not a legal move"), "`{answer}`: {told}");
    }
    ok(&mut d, "press Hint");
    ok(&mut d, "answer e7e8q");
    assert_eq!(message(&mut d), (true, "Try e7 to e8, promote to queen.".to_string()));
    assert!(d.world.faults.is_empty(), "{:?}", d.world.faults);
}

/// When the cards fault while they handle the Hint's answer (a step added
/// after hintFound), the World is put back as it was before the answer and
/// the Hint is not found: the Player's Turn goes on, nothing marked.
#[test]
fn a_fault_while_the_hint_is_handled_gives_no_hint() {
    let copy = TempContent::chess("hint-fault");
    copy.replace_once(
        "logic/Give A Hint.yaml",
        "              - trigger: hintFound\n",
        "              - trigger: hintFound\n              - set: $status\n                value: data('Sides', \
         'Nobody', 'opponent')\n",
    );
    let mut d = driver(common::load_game(&copy.dir));
    ok(&mut d, "engine manual");
    ok(&mut d, "press Hint");
    let told = d.command("answer e2e4");
    assert_eq!(told.get("faults").as_array().len(), 1, "the fault is reported: {told}");
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(status(&mut d), "No hint could be found");
    assert_eq!(hinted_squares(&mut d), Vec::<String>::new());
    assert!(!message(&mut d).0, "no message");
    assert!(d.world.timers.is_empty(), "the Hint's wait is over: {:?}", d.world.timers.len());
    assert!(hint_button_on(&mut d), "the Hint may be asked again");
}
