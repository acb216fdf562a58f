//! The Computer (Chapter 7, A.49 to A.64) through the driver, as a player
//! plays: whole games against Stockfish and against the built-in engine (also
//! in the variant with invented Kinds, and on the Boards of 5 by 5 and 10 by
//! 8) as White and as Black, every Computer Move legal by the cards; Undo in
//! each of its cases; a Strength changed mid-game; New Game while the
//! Computer thinks; each fake engine of
//! tests/fixtures/engines ending in Computer Unavailable and Retry
//! recovering with a working engine; `$prefersReducedMotion`; and a slide
//! seen mid-way. The driver's `wait` takes the engine's answer in as it
//! arrives, so no test sleeps.

use crate::common;

use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use common::{fake_engine, ok, state, stockfish, wait_until, TempContent};
use std::rc::Rc;

/// The chess game, the Computer waiting `spare` seconds past its thinking time.
fn game_with_spare(label: &str, spare: f64) -> (TempContent, std::sync::Arc<Game>) {
    let copy = TempContent::chess(label);
    copy.replace_once("objects/Game Rules.yaml", "    spareSeconds: 5\n", &format!("    spareSeconds: {spare}\n"));
    let game = common::load_game(&copy.dir);
    (copy, game)
}

/// A game against `engine` (a program, `builtin`, or `manual`: the driver
/// answers for the Computer with `answer MOVE`).
fn against_in(game: std::sync::Arc<Game>, engine: &str, reduced_motion: bool) -> Driver {
    let mut d = Driver::with_system(game, Rc::new(Store::memory()), reduced_motion);
    ok(&mut d, &format!("engine {engine}"));
    d
}

/// The chess game against `engine`, with no slides.
fn against(engine: &str) -> Driver {
    against_in(common::load_game(&common::chess_dir()), engine, true)
}

/// The chess game against Stockfish, with no slides.
fn against_stockfish() -> Driver {
    against(&stockfish().display().to_string())
}

/// The driver answers the Computer (`engine manual`, `answer MOVE`).
fn manual(reduced_motion: bool) -> Driver {
    against_in(common::load_game(&common::chess_dir()), "manual", reduced_motion)
}

fn board(d: &mut Driver, field: &str) -> String {
    ok(d, &format!("get \"Game Rules\" boardState.{field}")).get("value").as_str().unwrap_or_default().to_string()
}

fn fen(d: &mut Driver) -> String {
    ok(d, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

fn history(d: &mut Driver) -> Vec<String> {
    let rows = ok(d, "table \"Move History\"").get("rows").as_array().to_vec();
    rows.iter()
        .map(|r| format!("{}{}", r.get("from").as_str().unwrap_or(""), r.get("to").as_str().unwrap_or("")))
        .collect()
}

fn chosen(d: &mut Driver, row: &str) -> String {
    let rows = ok(d, "table \"Chosen Moves\"").get("rows").as_array().to_vec();
    rows.iter()
        .find(|r| r.get("name").as_str() == Some(row))
        .map(|r| format!("{}{}", r.get("from").as_str().unwrap_or(""), r.get("to").as_str().unwrap_or("")))
        .unwrap_or_default()
}

fn object(d: &mut Driver, name: &str) -> Json {
    ok(d, &format!("objects \"{name}\"")).get("objects").as_array()[0].clone()
}

/// Waits (in steps of `step` seconds, at most `most`) until the Move History
/// holds `moves` Moves; whether it came.
fn wait_for_moves(d: &mut Driver, step: f64, most: f64, moves: usize) -> bool {
    wait_until(d, step, most, |d| history(d).len() == moves)
}

fn play(d: &mut Driver, mv: &str) {
    ok(d, &format!("click {}", &mv[0..2]));
    ok(d, &format!("click {}", &mv[2..4]));
    if state(d) == "Promotion" {
        ok(d, "press Queen");
    }
}

/// New Game with this Side and Strength, through the panel.
fn new_game(d: &mut Driver, side: &str, strength: &str) {
    ok(d, "press New Game");
    ok(d, &format!("press {side}"));
    ok(d, &format!("press {strength}"));
    ok(d, "press Play");
}

/// A whole game against Stockfish, the Player choosing Moves from the cards'
/// Legal Moves; every Move of the Computer is one of the cards' Legal Moves.
fn whole_game(side: &str, reduced_motion: bool) {
    let engine = stockfish().display().to_string();
    whole_game_of(&common::chess_dir(), &engine, side, "Gentle", reduced_motion);
}

/// A whole game of the content in `dir` against the engine `engine` (a
/// program, or `builtin`) at `strength`, as `whole_game`; the Computer's
/// Moves, each with the Kind it landed as. The Computer may answer between
/// any two commands (the built-in engine often does at once), so its Moves
/// are checked afterwards: the game's Move History is played again, by
/// clicks, in a game of two players, each Move one of the cards' Legal Moves
/// there.
fn whole_game_of(
    dir: &std::path::Path,
    engine: &str,
    side: &str,
    strength: &str,
    reduced_motion: bool,
) -> Vec<(String, String)> {
    let game = common::load_game(dir);
    let mut d = against_in(game.clone(), engine, reduced_motion);
    new_game(&mut d, side, strength);
    assert_eq!(board(&mut d, "playerSide"), side);
    let mut players = 0;
    for turn in 0..400 {
        match state(&mut d).as_str() {
            "Game Over" => break,
            "Playing" => {
                assert_eq!(board(&mut d, "sideToMove"), side, "the Player's Turn");
                if players >= 30 {
                    break;
                }
                let moves: Vec<String> = ok(&mut d, "moves")
                    .get("moves")
                    .as_array()
                    .iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect();
                assert!(!moves.is_empty(), "a game that goes on has Moves");
                play(&mut d, &moves[(turn * 7) % moves.len()]);
                players += 1;
            }
            "Computer's Turn" => {
                // A real engine's answer: at most a minute, ended as soon as it comes.
                let came = wait_until(&mut d, 0.1, 60.0, |d| state(d) != "Computer's Turn");
                assert!(came, "the Computer answered");
                assert_ne!(state(&mut d), "Computer Unavailable", "{engine} answered in time");
            }
            other => panic!("the game stands in {other}"),
        }
    }
    assert!(d.world.faults.is_empty(), "{:?}", d.world.faults);
    let rows = ok(&mut d, "table \"Move History\"").get("rows").as_array().to_vec();
    let text = |r: &Json, c: &str| r.get(c).as_str().unwrap_or("").to_string();
    // White moves first: the Computer's Moves are the odd rows when the Player is White.
    let computers = if side == "White" { 1 } else { 0 };
    let mut replay = common::two_players(game);
    let mut made_by = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let (from, to, landed) = (text(r, "from"), text(r, "to"), text(r, "landingKind"));
        let legal: Vec<String> = ok(&mut replay, "moves")
            .get("moves")
            .as_array()
            .iter()
            .filter_map(|m| m.as_str().map(String::from))
            .collect();
        let made = format!("{from}{to}");
        assert!(
            legal.iter().any(|m| m.starts_with(&made)),
            "Move {i}, {made}, is one of the cards' Legal Moves {legal:?}"
        );
        ok(&mut replay, &format!("click {from}"));
        ok(&mut replay, &format!("click {to}"));
        if state(&mut replay) == "Promotion" {
            let button = common::promotion_button(&mut replay, &landed);
            ok(&mut replay, &format!("press {button}"));
        }
        if i % 2 == computers {
            made_by.push((made, landed));
        }
    }
    assert!(made_by.len() >= 10 || state(&mut d) == "Game Over", "the Computer played {made_by:?}");
    made_by
}

/// With `engine builtin` (as when no UCI engine is found), the built-in
/// engine answers, on the bridge's thread: a whole game, every Computer Move
/// one of the cards' Legal Moves.
#[test]
fn a_whole_game_against_the_built_in_engine_as_white() {
    let mut d = manual(true);
    assert_eq!(ok(&mut d, "engine builtin").get("engine").as_str(), Some("builtin"));
    // whole_game_of holds the game to ten Moves of the Computer's, or its end
    // (the Player, a random mover, may be mated sooner).
    whole_game_of(&common::chess_dir(), "builtin", "White", "Gentle", false);
}

#[test]
fn a_whole_game_against_the_built_in_engine_as_black_at_club() {
    // Under load the Computer, White here, mated in 9 (Bxf7, Qf5): whole_game_of
    // holds it to ten Moves or the game's end.
    whole_game_of(&common::chess_dir(), "builtin", "Black", "Club", true);
}

/// The variant with invented Kinds (content/examples/nightrider-camel): the
/// built-in engine plays it even with Stockfish named, for Stockfish cannot
/// know a Nightrider or a Camel; some of its Moves are theirs.
#[test]
fn the_computer_plays_the_variant_with_the_built_in_engine_even_with_stockfish() {
    let dir = common::root().join("content/examples/nightrider-camel");
    let engine = stockfish().display().to_string();
    let mut all = Vec::new();
    for side in ["White", "Black"] {
        all.extend(whole_game_of(&dir, &engine, side, "Casual", true));
    }
    assert!(
        all.iter().any(|(_, kind)| kind == "Nightrider" || kind == "Camel"),
        "an invented Kind moved for the Computer: {all:?}"
    );
}

/// Gardner's minichess, 5 by 5 (content/examples/board-5x5): the built-in
/// engine, on its bit sets of 64 Squares, plays the Computer a whole game
/// (to ten of its Moves, or the game's end), each of its Moves one of the
/// cards' Legal Moves.
#[test]
fn the_built_in_engine_plays_a_whole_game_on_the_five_by_five_board() {
    let dir = common::root().join("content/examples/board-5x5");
    let made = whole_game_of(&dir, "builtin", "White", "Casual", true);
    assert!(!made.is_empty(), "the Computer moved");
}

/// The Board of 10 by 8 (content/examples/board-10x8), Stockfish named: the
/// built-in engine answers on its bit sets of 128 Squares (Stockfish plays
/// no Board but chess's), a whole game as Black, each of its Moves one of
/// the cards' Legal Moves, some of them on the Files past h.
#[test]
fn the_built_in_engine_plays_a_whole_game_on_the_ten_by_eight_board_even_with_stockfish() {
    let dir = common::root().join("content/examples/board-10x8");
    let engine = stockfish().display().to_string();
    let made = whole_game_of(&dir, &engine, "Black", "Casual", true);
    assert!(
        made.iter().any(|(m, _)| m.chars().any(|c| c == 'i' || c == 'j')),
        "a Move of the Computer's on the i or j File: {made:?}"
    );
}

/// A variant of the gallery (content/variants/nocastle, chess without
/// castling), Stockfish named: the Computer plays a whole game through its
/// panels and the bridge, each of its Moves one of the cards' Legal Moves.
#[test]
fn the_computer_plays_a_whole_game_of_nocastle() {
    let dir = common::root().join("content/variants/nocastle");
    let engine = stockfish().display().to_string();
    // whole_game_of holds it to ten Moves of the Computer, or the game's end
    // (the Player's fixed choices may be mated sooner).
    let made = whole_game_of(&dir, &engine, "White", "Casual", true);
    assert!(!made.is_empty(), "the Computer moved");
}

/// Fairy-Stockfish, where the bridge finds it, as its Variant Engine table
/// says (content/variants/makruk: `makruk,fairy-stockfish`), no engine
/// named: the Computer plays Makruk through its panels, each of its Moves
/// one of the cards' Legal Moves.
#[test]
fn the_computer_asks_fairy_stockfish_for_a_variant_of_the_gallery() {
    let dir = common::root().join("content/variants/makruk");
    let mut d = Driver::with_system(common::load_game(&dir), Rc::new(Store::memory()), true);
    let engine = ok(&mut d, "engine").get("engine").as_str().unwrap_or_default().to_string();
    assert!(engine.ends_with("/fairy-stockfish"), "the Variant Engine's program is found: {engine}");
    let made = whole_game_of(&dir, &engine, "White", "Gentle", true);
    assert!(!made.is_empty(), "the Computer moved");
}

/// What the bridge tells a variant engine: `setoption name UCI_Variant
/// value makruk` before the position, as Makruk's FEN.
#[test]
fn a_variant_engine_is_told_the_variant_before_the_position() {
    // Dropped last, after the Driver has ended the engine that writes in it.
    let dir = common::TempDir::new("variant-recorder");
    let recorder = dir.path("recorder.sh");
    std::fs::copy(fake_engine("recorder.sh"), &recorder).unwrap();
    std::fs::copy(fake_engine("uci.sh"), dir.path("uci.sh")).unwrap();
    let game = common::load_game(&common::root().join("content/variants/makruk"));
    let mut d = against_in(game, &recorder.display().to_string(), true);
    new_game(&mut d, "White", "Club");
    play(&mut d, "e3e4");
    // The recorder's e7e5 is no Move of Makruk's (Black's Pawns stand on the
    // sixth Rank): the bridge does not play it.
    let came = wait_until(&mut d, 0.05, 60.0, |d| state(d) == "Computer Unavailable");
    assert!(came, "the recorder's answer is refused: {}", state(&mut d));
    assert_eq!(history(&mut d), ["e3e4"]);
    drop(d);
    let told = std::fs::read_to_string(dir.path("recorder.sh.log")).unwrap();
    let variant = told.find("setoption name UCI_Variant value makruk\n").unwrap_or_else(|| panic!("{told}"));
    let position = told.find("position fen rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1\n");
    assert!(position.is_some_and(|p| p > variant), "the variant, then the position: {told}");
}

/// A game of check counting tells its variant engine the checks: 3check's
/// Variant Engine table names Fairy-Stockfish's `3check`, and the position
/// carries FEN's checks field (`3+3`, Fairy-Stockfish's), so that the
/// Computer plays the game in which they were given.
#[test]
fn a_variant_engine_is_told_the_checks_each_side_has_left() {
    let dir = common::TempDir::new("checks-recorder");
    let recorder = dir.path("recorder.sh");
    std::fs::copy(fake_engine("recorder.sh"), &recorder).unwrap();
    std::fs::copy(fake_engine("uci.sh"), dir.path("uci.sh")).unwrap();
    let game = common::load_game(&common::root().join("content/variants/3check"));
    let mut d = against_in(game, &recorder.display().to_string(), true);
    new_game(&mut d, "White", "Club");
    play(&mut d, "e2e4");
    // The recorder answers e7e5, one of the cards' Moves here.
    let came = wait_until(&mut d, 0.05, 60.0, |d| history(d).len() == 2);
    assert!(came, "the recorder's answer is played: {}", state(&mut d));
    drop(d);
    let told = std::fs::read_to_string(dir.path("recorder.sh.log")).unwrap();
    let variant = told.find("setoption name UCI_Variant value 3check\n").unwrap_or_else(|| panic!("{told}"));
    let position = told.find("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3+3 0 1\n");
    assert!(position.is_some_and(|p| p > variant), "the variant, then the position with its checks: {told}");
}

/// The built-in engine answers only the latest question: a New Game while
/// it searches (Expert: 2 s) stops the search, its answer is dropped, and
/// the new game's Computer answers.
#[test]
fn new_game_while_the_built_in_engine_thinks_drops_its_answer() {
    let mut d = against("builtin");
    new_game(&mut d, "White", "Expert");
    new_game_while_it_thinks(&mut d);
    assert_ne!(state(&mut d), "Computer Unavailable");
}

#[test]
fn a_whole_game_against_stockfish_as_white_with_slides() {
    whole_game("White", false);
}

#[test]
fn a_whole_game_against_stockfish_as_black_with_no_slides() {
    whole_game("Black", true);
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The answer to the question asked before the game went back to its start
/// comes within 3 s and is dropped by the bridge: no Chosen Move, the start
/// position, the Player's Turn.
fn its_answer_is_dropped(d: &mut Driver) {
    ok(d, "wait 3");
    assert_eq!(chosen(d, "Computer"), "", "the bridge wrote no answer to the old question");
    assert_eq!(fen(d), START);
    assert_eq!(state(d), "Playing");
}

/// e2e4, then New Game (White, Club) while the Computer thinks: the old
/// game's answer is dropped, and the new game's Computer answers d2d4.
fn new_game_while_it_thinks(d: &mut Driver) {
    play(d, "e2e4");
    assert_eq!(state(d), "Computer's Turn");
    new_game(d, "White", "Club");
    assert_eq!(fen(d), START);
    its_answer_is_dropped(d);
    play(d, "d2d4");
    assert!(wait_for_moves(d, 0.1, 60.0, 2), "the new game's Computer answers");
}

#[test]
fn undo_after_the_computer_replied_takes_back_both_moves() {
    let mut d = manual(true);
    assert_eq!(object(&mut d, "Undo").get("buttonOn"), &Json::Bool(false), "nothing to undo at the start");
    play(&mut d, "e2e4");
    assert_eq!(state(&mut d), "Computer's Turn");
    assert_eq!(ok(&mut d, "global status").get("value").as_str(), Some("The computer is thinking…"));
    ok(&mut d, "answer e7e5");
    assert_eq!(history(&mut d), ["e2e4", "e7e5"]);
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(object(&mut d, "Undo").get("buttonOn"), &Json::Bool(true));
    ok(&mut d, "press Undo");
    assert_eq!(history(&mut d), Vec::<String>::new());
    assert_eq!(fen(&mut d), START);
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(object(&mut d, "Undo").get("buttonOn"), &Json::Bool(false));
    play(&mut d, "d2d4");
    assert_eq!(state(&mut d), "Computer's Turn", "play goes on from there");
}

#[test]
fn undo_before_the_computer_replied_takes_back_the_players_move_and_drops_the_answer() {
    let mut d = against_stockfish();
    play(&mut d, "e2e4");
    assert_eq!(state(&mut d), "Computer's Turn");
    ok(&mut d, "press Undo");
    assert_eq!(history(&mut d), Vec::<String>::new());
    assert_eq!(fen(&mut d), START);
    assert_eq!(state(&mut d), "Playing");
    // Stockfish's answer to the question before the Undo comes and is dropped by the bridge.
    its_answer_is_dropped(&mut d);
}

#[test]
fn undo_after_the_game_ended_on_the_players_move_takes_back_only_that_move() {
    let mut d = manual(true);
    for (mine, reply) in [("e2e4", "e7e5"), ("f1c4", "b8c6"), ("d1h5", "g8f6")] {
        play(&mut d, mine);
        ok(&mut d, &format!("answer {reply}"));
    }
    play(&mut d, "h5f7");
    assert_eq!(state(&mut d), "Game Over");
    assert_eq!(ok(&mut d, "global status").get("value").as_str(), Some("Checkmate: you win"));
    ok(&mut d, "press Undo");
    assert_eq!(history(&mut d), ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"]);
    assert_eq!(state(&mut d), "Playing", "a finished game is played on");
    assert_eq!(board(&mut d, "sideToMove"), "White");
    assert_eq!(fen(&mut d), "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
}

#[test]
fn undo_as_black_back_at_the_start_lets_the_computer_move_again() {
    let mut d = manual(true);
    new_game(&mut d, "Black", "Club");
    assert_eq!(state(&mut d), "Computer's Turn", "White, the Computer, moves first");
    ok(&mut d, "answer e2e4");
    play(&mut d, "e7e5");
    ok(&mut d, "answer g1f3");
    ok(&mut d, "press Undo");
    assert_eq!(history(&mut d), ["e2e4"]);
    ok(&mut d, "press Undo");
    assert_eq!(history(&mut d), Vec::<String>::new());
    assert_eq!(state(&mut d), "Computer's Turn", "the Computer moves again");
    ok(&mut d, "answer d2d4");
    assert_eq!(history(&mut d), ["d2d4"]);
}

#[test]
fn new_game_while_the_computer_thinks_drops_its_answer() {
    let mut d = against_stockfish();
    new_game_while_it_thinks(&mut d);
}

#[test]
fn a_strength_chosen_mid_game_counts_from_the_computers_next_move() {
    // Dropped last, after the Driver has ended the engine that writes in it.
    let dir = common::TempDir::new("recorder");
    let recorder = dir.path("recorder.sh");
    std::fs::copy(fake_engine("recorder.sh"), &recorder).unwrap();
    // The UCI handshake it sources from its own folder.
    std::fs::copy(fake_engine("uci.sh"), dir.path("uci.sh")).unwrap();
    let log = dir.path("recorder.sh.log");
    let mut d = against(&recorder.display().to_string());
    play(&mut d, "e2e4");
    assert!(wait_for_moves(&mut d, 0.05, 60.0, 2));
    ok(&mut d, "press Settings");
    ok(&mut d, "press Gentle Setting");
    ok(&mut d, "press Done");
    assert_eq!(board(&mut d, "strength"), "Gentle");
    play(&mut d, "g1f3");
    assert!(wait_for_moves(&mut d, 0.05, 60.0, 4));
    assert_eq!(history(&mut d), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    let told = std::fs::read_to_string(&log).unwrap();
    // The check at the first question listed its moves (`go perft 1`) in a process of its own, then ended it.
    let told = told.split_once("go perft 1\nquit\n").map_or(told.as_str(), |(_, rest)| rest).to_string();
    let searches: Vec<&str> = told.split("isready").collect();
    // Club: Skill Level 8, Elo 1800, 0.7 s; Gentle: Skill Level 0, Elo 1350, 0.2 s (the Strengths table).
    assert!(searches[0].contains("setoption name Skill Level value 8"), "{told}");
    assert!(searches[0].contains("setoption name UCI_Elo value 1800"), "{told}");
    assert!(searches[1].contains("go movetime 700"), "{told}");
    assert!(searches[1].contains("setoption name Skill Level value 0"), "{told}");
    assert!(searches[1].contains("setoption name UCI_Elo value 1350"), "{told}");
    assert!(searches[2].contains("go movetime 200"), "{told}");
    assert!(
        searches[1].contains("position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
        "the position as FEN: {told}"
    );
}

/// A fake engine ends in Computer Unavailable with Retry shown; Retry with
/// Stockfish plays on.
fn unavailable_then_retry(label: &str, engine_path: &str) {
    let (copy, game) = game_with_spare(label, 1.0);
    let mut d = against_in(game, engine_path, true);
    assert_eq!(object(&mut d, "Retry").get("visible"), &Json::Bool(false));
    play(&mut d, "e2e4");
    // The engines' check at the first question comes first, and the Computer (and its answerWait) waits for
    // it: an engine that never starts is given 10 s there (silent.sh), one that starts slowly its start.
    let came = wait_until(&mut d, 0.1, 20.0, |d| state(d) == "Computer Unavailable");
    assert!(came, "{label}: the Computer is unavailable, not {}", state(&mut d));
    assert_eq!(history(&mut d), ["e2e4"], "{label}: the position stays");
    assert_eq!(
        ok(&mut d, "global status").get("value").as_str(),
        Some("The computer is unavailable: press Retry"),
        "{label}"
    );
    assert_eq!(object(&mut d, "Retry").get("visible"), &Json::Bool(true), "{label}: Retry is shown");
    // The Board waits: a click moves nothing.
    ok(&mut d, "click d2");
    ok(&mut d, "click d4");
    assert_eq!(history(&mut d), ["e2e4"], "{label}");
    ok(&mut d, &format!("engine {}", stockfish().display()));
    // The answerWait timer is the game's clock, which `wait` moves no faster
    // than real time while an answer is awaited: a fresh Stockfish on a
    // loaded machine took longer than the copy's 1.7 s, so the copy, read
    // again, gives it a minute (the wait below ends as soon as it answers).
    copy.replace_once("objects/Game Rules.yaml", "    spareSeconds: 1\n", "    spareSeconds: 60\n");
    assert_eq!(ok(&mut d, "reload").get("started again"), &Json::Bool(false), "{label}");
    assert_eq!(state(&mut d), "Computer Unavailable", "{label}: the reload keeps the game where it stands");
    ok(&mut d, "press Retry");
    assert_eq!(state(&mut d), "Computer's Turn", "{label}: Retry asks again");
    // A fresh Stockfish starts (its network loaded) and thinks: on a loaded
    // machine that took more than 10 s of real time; `wait` returns once it answers.
    assert!(wait_for_moves(&mut d, 0.1, 60.0, 2), "{label}: Stockfish answers");
    assert_eq!(state(&mut d), "Playing", "{label}");
    assert_eq!(object(&mut d, "Retry").get("visible"), &Json::Bool(false), "{label}: Retry is hidden again");
    assert!(d.world.faults.is_empty(), "{label}: {:?}", d.world.faults);
}

#[test]
fn a_missing_engine_makes_the_computer_unavailable_and_retry_recovers() {
    unavailable_then_retry("missing", "/nonexistent/stockfish");
}

#[test]
fn an_engine_that_crashes_mid_search_makes_the_computer_unavailable_and_retry_recovers() {
    unavailable_then_retry("crash", &fake_engine("crash.sh"));
}

#[test]
fn an_engine_that_answers_garbage_makes_the_computer_unavailable_and_retry_recovers() {
    unavailable_then_retry("garbage", &fake_engine("garbage.sh"));
}

#[test]
fn an_engine_that_answers_an_illegal_move_makes_the_computer_unavailable_and_retry_recovers() {
    unavailable_then_retry("illegal", &fake_engine("illegal.sh"));
}

#[test]
fn a_silent_engine_makes_the_computer_unavailable_and_retry_recovers() {
    unavailable_then_retry("silent", &fake_engine("silent.sh"));
}

#[test]
fn an_engine_that_starts_very_slowly_makes_the_computer_unavailable_and_retry_recovers() {
    unavailable_then_retry("slow", &fake_engine("slow_start.sh"));
}

#[test]
fn with_reduced_motion_the_computers_move_is_made_with_no_slide() {
    let mut d = manual(true);
    play(&mut d, "e2e4");
    ok(&mut d, "answer e7e5");
    assert_eq!(history(&mut d), ["e2e4", "e7e5"], "made at once, with no wait");
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(object(&mut d, "Moving Piece").get("visible"), &Json::Bool(false));
    assert_eq!(ok(&mut d, "table Slides").get("rows").as_array()[0].get("from").as_str(), Some(""), "no slide planned");
}

fn place(j: &Json) -> (f64, f64) {
    let n = |k: &str| match j.get(k) {
        Json::Num(v) => *v,
        other => panic!("{k}: {other}"),
    };
    (n("x"), n("y"))
}

#[test]
fn the_computers_move_slides_between_its_squares_then_lands() {
    let mut d = manual(false);
    play(&mut d, "e2e4");
    ok(&mut d, "answer g8f6");
    assert_eq!(state(&mut d), "Computer's Turn", "the Move slides first");
    assert_eq!(history(&mut d), ["e2e4"]);
    let moving = object(&mut d, "Moving Piece");
    assert_eq!(moving.get("visible"), &Json::Bool(true));
    // g8 and f6 on the Board drawn White at the bottom: 3.75 m Squares, the corner at (0, 4.375).
    let (g8, f6) = ((6.5 * 3.75, 4.375 + 7.5 * 3.75), (5.5 * 3.75, 4.375 + 5.5 * 3.75));
    assert_eq!(place(&moving), g8, "it starts on g8");
    ok(&mut d, "wait 0.15");
    let (x, y) = place(&object(&mut d, "Moving Piece"));
    assert!(x < g8.0 && x > f6.0 && y < g8.1 && y > f6.1, "mid-way between g8 and f6: ({x}, {y})");
    let g8_piece = ok(&mut d, "objects g8")
        .get("objects")
        .as_array()
        .iter()
        .find(|o| o.get("type").as_str() == Some("Piece"))
        .cloned();
    assert_eq!(
        g8_piece.map(|p| p.get("alpha").clone()),
        Some(Json::Num(0.0)),
        "the Piece on g8 shows nothing while it slides"
    );
    assert_eq!(history(&mut d), ["e2e4"], "not made yet");
    ok(&mut d, "wait 0.3");
    assert_eq!(history(&mut d), ["e2e4", "g8f6"], "landed and made");
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(object(&mut d, "Moving Piece").get("visible"), &Json::Bool(false));
}

#[test]
fn a_castling_slides_the_rook_too() {
    let mut d = manual(false);
    for (mine, reply) in [("e2e4", "e7e5"), ("g1f3", "g8f6"), ("f1c4", "f8c5"), ("d2d3", "e8g8")] {
        play(&mut d, mine);
        ok(&mut d, &format!("answer {reply}"));
        ok(&mut d, "wait 0.1");
        if reply == "e8g8" {
            assert_eq!(object(&mut d, "Moving Rook").get("visible"), &Json::Bool(true), "the Rook slides too");
        }
        ok(&mut d, "wait 0.5");
    }
    assert_eq!(
        d.command("fen").get("fen").as_str().map(|f| f.split(' ').next().unwrap_or("").to_string()),
        Some("rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R".to_string())
    );
    assert_eq!(object(&mut d, "Moving Rook").get("visible"), &Json::Bool(false));
}

/// A newer question stops the built-in engine's search on its way: after a
/// New Game while it searches at Expert (made 60 s here, a copy's
/// Strengths: the engine's one thread would be busy for that long), the
/// new game's Computer (Club, 3 moves deep) answers well within the time the
/// old search would take: within 30 s, however loaded the machine (it takes
/// a fraction of a second), not after a minute.
#[test]
fn a_newer_question_stops_the_built_in_engines_search() {
    let copy = TempContent::chess("newer-question");
    copy.replace_once("tables/Strengths.csv", "Expert,20,0,2,100,0", "Expert,20,0,60,100,0");
    let mut d = against_in(common::load_game(&copy.dir), "builtin", true);
    new_game(&mut d, "White", "Expert");
    play(&mut d, "e2e4");
    // The search is under way (the engine's thread has taken the question).
    ok(&mut d, "wait 0.3");
    assert_eq!(state(&mut d), "Computer's Turn");
    new_game(&mut d, "White", "Club");
    play(&mut d, "d2d4");
    // The old search's minute is real time (a search's thinking time is), so is this bound.
    let started = std::time::Instant::now();
    assert!(wait_for_moves(&mut d, 0.05, 30.0, 2), "the new game's Computer answers within 30 s");
    assert!(started.elapsed().as_secs_f64() < 30.0, "{:?}", started.elapsed());
    assert_eq!(history(&mut d)[0], "d2d4");
}

/// Each fake engine, told a GUI's lines, answers the UCI handshake (its
/// shared uci.sh) and then makes its own fault: so the tests above see that
/// fault, not a script that fails to start. (slow_start.sh sleeps 30 s first.)
#[test]
fn each_fake_engine_answers_the_handshake_then_makes_its_own_fault() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let told = "uci\nisready\nposition startpos moves e2e4\ngo movetime 100\nquit\n";
    for (name, answers, code) in [
        ("crash", "info depth 1\n", 3),
        ("garbage", "%%% not chess\nbestmove banana\n", 0),
        ("illegal", "bestmove e8e1\n", 0),
        ("silent", "", 0),
        ("stale", "bestmove e7e5\n", 0),
        ("king_promotion", "bestmove b2b1k\n", 0),
    ] {
        let mut child = Command::new(fake_engine(&format!("{name}.sh")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{name}.sh runs: {e}"));
        child.stdin.take().expect("its input").write_all(told.as_bytes()).expect("told");
        let out = child.wait_with_output().expect("it ends");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("id name {name}\nuciok\nreadyok\n{answers}"),
            "{name}"
        );
        assert_eq!(out.status.code(), Some(code), "{name}.sh's exit code");
    }
}

/// The bridge gives the built-in engine the game's positions (Position
/// History): the Computer, White, a lone King against a Queen, takes the
/// draw by threefold repetition that its Ke2 makes. The Kings shuffle first
/// (1. Ke2 Kf8 2. Ke1 Ke8 3. Ke2 Kf8 4. Kd1 Ke8), the Computer's Moves
/// given by hand (`engine manual`); then the built-in engine answers.
/// Without the history every Move of it looked a Queen down, Ke2 no better.
#[test]
fn the_built_in_engine_takes_a_draw_by_repetition_from_the_games_history() {
    let mut d = manual(true);
    new_game(&mut d, "Black", "Strong");
    ok(&mut d, "setfen q3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for (computer, player) in [("e1e2", "e8f8"), ("e2e1", "f8e8"), ("e1e2", "e8f8"), ("e2d1", "f8e8")] {
        assert_eq!(state(&mut d), "Computer's Turn");
        ok(&mut d, &format!("answer {computer}"));
        assert!(wait_until(&mut d, 0.1, 5.0, |d| state(d) == "Playing"), "the Computer's Move is made");
        if player == "f8e8" && computer == "e2d1" {
            ok(&mut d, "engine builtin");
        }
        play(&mut d, player);
    }
    assert!(wait_until(&mut d, 0.1, 60.0, |d| state(d) != "Computer's Turn"), "the built-in engine answered");
    assert_eq!(history(&mut d).last().map(String::as_str), Some("d1e2"), "{:?}", history(&mut d));
    assert_eq!(state(&mut d), "Game Over", "a draw by threefold repetition");
}

/// The position after 1. e4, Black (the Computer) to move.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

/// After an answer that is not played: Computer Unavailable, Retry shown,
/// the Board at `fen`, no fault, and a notice naming the answer.
fn refused(d: &mut Driver, answer: &str, fen_then: &str) {
    let told = ok(d, &format!("answer {answer}"));
    assert_eq!(state(d), "Computer Unavailable", "`{answer}`");
    assert_eq!(fen(d), fen_then, "`{answer}`: the Board as it was");
    assert_eq!(object(d, "Retry").get("visible"), &Json::Bool(true), "`{answer}`: Retry is shown");
    let notices = told.get("notices").as_array().to_vec();
    assert!(notices.iter().any(|n| n.as_str().is_some_and(|n| n.contains("not a legal move"))), "`{answer}`: {told}");
    assert!(d.world.faults.is_empty(), "`{answer}`: {:?}", d.world.faults);
    ok(d, "press Retry");
    assert_eq!(state(d), "Computer's Turn", "`{answer}`: Retry asks again");
}

/// The Computer's answer is played only when it is one of the cards' Legal
/// Moves: White's Pawn moved for Black, a Pawn promoted where none may be,
/// a Move from an empty Square, a King's leap, words that are no Move, each
/// ends in Computer Unavailable with the Board as it was and nothing saved
/// of it; a legal answer after Retry is played.
#[test]
fn an_answer_that_is_not_a_legal_move_is_never_played() {
    let mut d = manual(true);
    play(&mut d, "e2e4");
    for answer in ["d2d4", "e7e5k", "e7e5q", "e2e5", "e8e1", "e7e5x", "e7", "banana", "E7E5K"] {
        refused(&mut d, answer, AFTER_E4);
    }
    // The game saved last is the one after 1. e4: none of them was saved.
    ok(&mut d, "load auto");
    assert_eq!(history(&mut d), ["e2e4"], "the save holds no refused answer");
    assert_eq!(fen(&mut d), AFTER_E4);
}

/// After the refused answers, a legal one is played.
#[test]
fn a_legal_answer_after_a_refused_one_is_played() {
    let mut d = manual(true);
    play(&mut d, "e2e4");
    refused(&mut d, "d2d4", AFTER_E4);
    ok(&mut d, "answer e7e5");
    assert_eq!(history(&mut d), ["e2e4", "e7e5"]);
    assert_eq!(state(&mut d), "Playing");
}

/// A promotion letter is needed exactly where a promotion is due, and it
/// names a Kind the Promotion choice offers: b2b1 and b2b1k are refused,
/// b2b1q is played.
#[test]
fn a_promotion_is_played_only_with_a_letter_of_the_promotion_choice() {
    let mut d = manual(true);
    ok(&mut d, "setfen 4k3/8/8/8/8/8/1p6/4K3 w - - 0 1");
    play(&mut d, "e1d1");
    let after = fen(&mut d);
    assert_eq!(state(&mut d), "Computer's Turn");
    for answer in ["b2b1", "b2b1k", "b2b1p", "b2b2q"] {
        refused(&mut d, answer, &after);
    }
    ok(&mut d, "answer b2b1q");
    assert!(fen(&mut d).starts_with("4k3/8/8/8/8/8/8/1q1K4 w"), "{}", fen(&mut d));
    assert_eq!(state(&mut d), "Playing");
}

/// A UCI engine that promotes a Pawn to a King is refused as the driver's
/// answer is: Computer Unavailable, the Board as it was.
#[test]
fn an_engine_that_promotes_to_a_king_makes_the_computer_unavailable() {
    let (_copy, game) = game_with_spare("king", 1.0);
    let mut d = against_in(game, &fake_engine("king_promotion.sh"), true);
    ok(&mut d, "setfen 4k3/8/8/8/8/8/1p6/4K3 w - - 0 1");
    play(&mut d, "e1d1");
    let after = fen(&mut d);
    assert!(wait_until(&mut d, 0.1, 5.0, |d| state(d) != "Computer's Turn"));
    assert_eq!(state(&mut d), "Computer Unavailable");
    assert_eq!(fen(&mut d), after);
    assert!(d.world.faults.is_empty(), "{:?}", d.world.faults);
}

/// A UCI engine that gives, for a later position, the answer of an earlier
/// one (e7e5 again once e7 is empty) makes the Computer unavailable, with
/// no fault and Retry shown, instead of leaving the game in the Computer's
/// Turn.
#[test]
fn an_engine_that_answers_for_an_earlier_position_makes_the_computer_unavailable() {
    let (_copy, game) = game_with_spare("stale", 1.0);
    let mut d = against_in(game, &fake_engine("stale.sh"), true);
    play(&mut d, "e2e4");
    assert!(wait_for_moves(&mut d, 0.1, 60.0, 2), "its first answer is legal");
    play(&mut d, "g1f3");
    let after = fen(&mut d);
    assert!(wait_until(&mut d, 0.1, 5.0, |d| state(d) == "Computer Unavailable"), "{}", state(&mut d));
    assert_eq!(fen(&mut d), after);
    assert_eq!(object(&mut d, "Retry").get("visible"), &Json::Bool(true));
    assert!(d.world.faults.is_empty(), "{:?}", d.world.faults);
}

/// When the cards fault while they handle the Computer's answer (here a
/// step added after the Move is made and the game saved), the World is put
/// back as it was before the answer and the content's failure path runs:
/// Computer Unavailable with Retry, the Board as it was, the save made
/// meanwhile dropped; the fault is reported.
#[test]
fn a_fault_while_the_answer_is_handled_makes_the_computer_unavailable_as_it_was() {
    let copy = TempContent::chess("answer-fault");
    copy.replace_once(
        "logic/Make Computer Move.yaml",
        "          - trigger: moveMade\n            applies to: self\n          - trigger: positionChanged\n",
        "          - trigger: moveMade\n            applies to: self\n          - trigger: positionChanged\n          \
         - set: $status\n            value: data('Sides', 'Nobody', 'opponent')\n",
    );
    let mut d = against_in(common::load_game(&copy.dir), "manual", true);
    play(&mut d, "e2e4");
    let told = d.command("answer e7e5");
    assert_eq!(told.get("faults").as_array().len(), 1, "the fault is reported: {told}");
    assert_eq!(state(&mut d), "Computer Unavailable");
    assert_eq!(fen(&mut d), AFTER_E4, "the Board as it was before the answer");
    assert_eq!(history(&mut d), ["e2e4"]);
    assert_eq!(object(&mut d, "Retry").get("visible"), &Json::Bool(true));
    assert!(d.world.timers.is_empty(), "the answer's wait is over");
    ok(&mut d, "load auto");
    assert_eq!(history(&mut d), ["e2e4"], "the save made while the answer was handled was dropped");
}

/// `cardtable drive` as a process, its fake engine writing its process id
/// into `pid_file` (CARDTABLE_TEST_PID_FILE, read by tests/fixtures/engines/uci.sh).
struct DriveProcess {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::io::BufReader<std::process::ChildStdout>,
    pid_file: std::path::PathBuf,
}

impl DriveProcess {
    fn start(label: &str, args: &[&str]) -> DriveProcess {
        use std::process::{Command, Stdio};
        let pid_file = std::env::temp_dir().join(format!("cardtable-{label}-{}.pid", std::process::id()));
        let _ = std::fs::remove_file(&pid_file);
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("drive")
            .args(["--reduced-motion"])
            .args(args)
            .env("CARDTABLE_TEST_PID_FILE", &pid_file)
            .current_dir(common::root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start cardtable drive");
        let stdin = child.stdin.take();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        DriveProcess { child, stdin, stdout, pid_file }
    }

    /// One command, its answer not read.
    fn send(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("the driver's input is open");
        writeln!(stdin, "{line}").and_then(|_| stdin.flush()).expect("write a command");
    }

    /// One command, and its answer.
    fn command(&mut self, line: &str) -> Json {
        use std::io::{BufRead, Write};
        let stdin = self.stdin.as_mut().expect("the driver's input is open");
        writeln!(stdin, "{line}").and_then(|_| stdin.flush()).expect("write a command");
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).expect("read an answer");
        common::parse_json(answer.trim_end()).unwrap_or_else(|e| panic!("`{line}` answered `{answer}`: {e}"))
    }

    fn state(&mut self) -> String {
        self.command("state").get("state").as_str().unwrap_or_default().to_string()
    }

    /// Waits (0.1 s of the game's clock at a time, at most `most` seconds)
    /// until the Game State is `wanted`; every notice told on the way.
    fn wait_for_state(&mut self, wanted: &str, most: f64) -> Vec<String> {
        let mut notices = Vec::new();
        let mut waited = 0.0;
        while self.state() != wanted && waited < most {
            let answer = self.command("wait 0.1");
            notices.extend(answer.get("notices").as_array().iter().filter_map(|n| n.as_str().map(String::from)));
            waited += 0.1;
        }
        notices
    }

    /// The fake engine's process id.
    fn engine_pid(&self) -> u32 {
        let text = std::fs::read_to_string(&self.pid_file).expect("the fake engine wrote its process id");
        text.trim().parse().expect("a process id")
    }

    /// The most memory the driver's process has held (VmHWM), in bytes.
    fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("its status");
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
        line.split_whitespace().nth(1).and_then(|kb| kb.parse::<u64>().ok()).expect("a number of kB") * 1024
    }

    /// Sends the driver's process `signal` (TERM, HUP, INT) and waits, at
    /// most [`EXIT_BOUND`], looking every 10 ms, for it to end; its exit
    /// status and how long the end took.
    fn signal(mut self, signal: &str) -> (std::process::ExitStatus, std::time::Duration) {
        let sent =
            std::process::Command::new("kill").args([&format!("-{signal}"), &self.child.id().to_string()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -{signal}");
        let at = std::time::Instant::now();
        let status = self.wait_for_exit(at);
        let _ = std::fs::remove_file(&self.pid_file);
        (status, at.elapsed())
    }

    /// Waits, at most [`EXIT_BOUND`] from `from`, for the process to end;
    /// past it, the process is killed and the test fails.
    fn wait_for_exit(&mut self, from: std::time::Instant) -> std::process::ExitStatus {
        loop {
            if let Some(status) = self.child.try_wait().expect("cardtable drive can be waited for") {
                return status;
            }
            if from.elapsed() > EXIT_BOUND {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("cardtable drive had not ended {EXIT_BOUND:?} after it was asked to");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// The fake engine's process id once it has started (the Computer asked
    /// it: it writes its id as it starts), waiting in steps of 0.1 s of the
    /// game's clock, at most [`EXIT_BOUND`] of real time.
    fn started_engine(&mut self) -> u32 {
        let from = std::time::Instant::now();
        // The engine that answers: the check of the engine against the cards at the first
        // question starts the same program first, and ends it (its pid written, then gone).
        let answering = |f: &std::path::Path| {
            std::fs::read_to_string(f).ok().and_then(|t| t.trim().parse::<u32>().ok()).is_some_and(running)
        };
        while !answering(&self.pid_file) {
            assert!(from.elapsed() < EXIT_BOUND, "the engine never started");
            self.command("wait 0.1");
        }
        self.engine_pid()
    }

    /// Ends the driver's input and waits for the process to end.
    fn end(mut self) -> std::process::ExitStatus {
        self.stdin = None;
        let status = self.child.wait().expect("cardtable drive ends");
        let _ = std::fs::remove_file(&self.pid_file);
        status
    }
}

/// How long a test waits for `cardtable drive` to end once asked (it takes
/// well under a second: the engine's half a second of grace); a real
/// process, so a bound of real time that ends as soon as it has.
const EXIT_BOUND: std::time::Duration = std::time::Duration::from_secs(30);

/// The parent of process `pid` (the fourth field of /proc/PID/stat).
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit(')').next()?.split_whitespace().nth(1)?.parse().ok()
}

/// Whether every one of `pids` has ended (or, killed, ends within a few
/// seconds: SIGKILL is delivered as the process is next scheduled, a
/// moment after `kill` returns, later on a loaded machine), looking every
/// 10 ms.
fn all_ended(pids: &[u32]) -> bool {
    let from = std::time::Instant::now();
    while pids.iter().any(|&p| running(p)) {
        if from.elapsed() > std::time::Duration::from_secs(5) {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    true
}

/// Whether a process runs (a zombie, ended and not yet waited for, does not).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| stat.rsplit(')').next().and_then(|rest| rest.split_whitespace().next()).map(|s| s != "Z"))
        .unwrap_or(false)
}

/// An engine that ignores `quit`, the end of its input and SIGTERM, and
/// never answers, is killed when `cardtable drive` ends while the Computer
/// thinks: no process outlives it.
#[test]
fn an_engine_that_ignores_quit_does_not_outlive_the_driver() {
    let mut d = DriveProcess::start("deaf", &[]);
    d.command(&format!("engine {}", fake_engine("deaf.sh")));
    d.command("click e2");
    d.command("click e4");
    assert_eq!(d.state(), "Computer's Turn");
    // The engine has started and been asked (the driver waits for it in real time meanwhile).
    d.command("wait 0.5");
    assert_eq!(d.state(), "Computer's Turn", "the engine never answers");
    let pid = d.engine_pid();
    assert!(running(pid), "the engine runs while the game does");
    let status = d.end();
    assert!(status.success(), "{status}");
    assert!(!running(pid), "the engine {pid} ended with the driver");
}

/// An engine that answers with an endless line (no newline) is stopped by
/// the bridge's bound on a line: the Computer is unavailable (before the
/// content's answerWait, 5.7 s at Club, would say so), the player is told
/// why, the engine is killed while the game goes on, and the driver's
/// memory stays small (it grew by gigabytes, and was never given back).
#[test]
fn an_engine_that_floods_without_a_newline_is_ended_and_holds_no_memory() {
    let mut d = DriveProcess::start("flood", &[]);
    d.command(&format!("engine {}", fake_engine("flood.sh")));
    d.command("click e2");
    d.command("click e4");
    let notices = d.wait_for_state("Computer Unavailable", 5.0);
    assert_eq!(d.state(), "Computer Unavailable");
    assert!(notices.iter().any(|n| n.contains("a line longer than")), "{notices:?}");
    let pid = d.engine_pid();
    assert!(!running(pid), "the engine {pid} was ended");
    let peak = d.peak_memory();
    assert!(peak < 200 << 20, "the driver held at most {} MB", peak >> 20);
    assert!(d.end().success());
}

/// An engine that says line after line and never `bestmove` is stopped by
/// the bridge's bound on lines: the Computer is unavailable, the player is
/// told why, and the engine is killed while the game goes on.
#[test]
fn an_engine_that_never_stops_talking_is_ended() {
    let mut d = DriveProcess::start("chatter", &[]);
    d.command(&format!("engine {}", fake_engine("chatter.sh")));
    d.command("click e2");
    d.command("click e4");
    let notices = d.wait_for_state("Computer Unavailable", 5.0);
    assert_eq!(d.state(), "Computer Unavailable");
    assert!(notices.iter().any(|n| n.contains("lines and no `bestmove`")), "{notices:?}");
    let pid = d.engine_pid();
    assert!(!running(pid), "the engine {pid} was ended");
    assert!(d.end().success());
}

/// `cardtable drive` takes the code libraries' options as the window does:
/// `--engine PATH` (or builtin), `--fen FEN`.
#[test]
fn drive_takes_engine_and_fen_from_the_command_line() {
    let mut d =
        DriveProcess::start("engine-option", &["--engine", "builtin", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
    assert_eq!(d.command("engine").get("engine").as_str(), Some("builtin"));
    assert_eq!(d.command("fen").get("fen").as_str(), Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    assert!(d.end().success());
    let illegal = fake_engine("illegal.sh");
    let mut d = DriveProcess::start("engine-option", &["--engine", &illegal]);
    assert_eq!(d.command("engine").get("engine").as_str(), Some(illegal.as_str()));
    assert!(d.end().success());
}

/// `cardtable drive` against the wrapped engine (tests/fixtures/engines/wrapped.sh:
/// a shell that does not `exec` its engine and ignores SIGTERM, SIGINT and
/// SIGHUP, its child the deaf engine, which ignores them and `quit` too),
/// keeping its data in `data`, after 1. e4 (the Computer thinking, the
/// game's save handed to the store's writer); the engine (Cardtable's
/// grandchild) and the wrapper (its child), both running.
#[cfg(unix)]
fn thinking_wrapped(label: &str, data: &std::path::Path) -> (DriveProcess, u32, u32) {
    let data = data.display().to_string();
    let mut d = DriveProcess::start(label, &["--data-dir", &data]);
    d.command(&format!("engine {}", fake_engine("wrapped.sh")));
    d.command("click e2");
    d.command("click e4");
    assert_eq!(d.state(), "Computer's Turn");
    let engine = d.started_engine();
    let wrapper = parent_of(engine).expect("the engine's parent");
    assert!(running(engine) && running(wrapper), "the wrapper and its engine run while the game does");
    assert_ne!(wrapper, d.child.id(), "the engine is Cardtable's grandchild");
    (d, wrapper, engine)
}

/// The game's save, handed to the store's writer before the end, is on the disk.
fn saved_after_e4(data: &std::path::Path) {
    let save = std::fs::read_to_string(data.join("saves/auto.yaml")).expect("the save is on the disk");
    assert!(save.contains("e4"), "the save holds 1. e4:\n{save}");
}

/// SIGTERM, SIGHUP or SIGINT ends `cardtable drive` while it waits for its
/// next line and its engine thinks: the engine, behind a wrapper that does
/// not `exec` it and with every process of it deaf to those signals and to
/// `quit`, is ended whole (its process group killed after its grace), the
/// save handed before the signal is on the disk, and the process ends by
/// the signal, within a second or so.
#[cfg(unix)]
fn a_signal_ends_drive_and_its_wrapped_engine_whole(signal: &str, number: i32) {
    use std::os::unix::process::ExitStatusExt;
    let data = common::TempDir::new(&format!("signal-{signal}"));
    let (d, wrapper, engine) = thinking_wrapped(&format!("signal-{signal}"), &data.dir);
    let (status, took) = d.signal(signal);
    assert_eq!(status.signal(), Some(number), "ended by SIG{signal}: {status}");
    assert!(all_ended(&[wrapper, engine]), "no process of the engine outlives the driver ({wrapper}, {engine})");
    saved_after_e4(&data.dir);
    // The folder's lock was let go: another process keeps its data there.
    let again =
        DriveProcess::start(&format!("signal-{signal}-after"), &["--data-dir", &data.dir.display().to_string()]);
    assert!(again.end().success());
    eprintln!("SIG{signal}: cardtable drive ended {took:?} after the signal");
}

#[cfg(unix)]
#[test]
fn sigterm_ends_drive_and_its_wrapped_engine_whole() {
    a_signal_ends_drive_and_its_wrapped_engine_whole("TERM", 15);
}

#[cfg(unix)]
#[test]
fn sighup_ends_drive_and_its_wrapped_engine_whole() {
    a_signal_ends_drive_and_its_wrapped_engine_whole("HUP", 1);
}

#[cfg(unix)]
#[test]
fn sigint_ends_drive_and_its_wrapped_engine_whole() {
    a_signal_ends_drive_and_its_wrapped_engine_whole("INT", 2);
}

/// The end of `drive`'s input ends a wrapped engine whole too.
#[cfg(unix)]
#[test]
fn the_end_of_drive_ends_a_wrapped_engine_whole() {
    let data = common::TempDir::new("wrapped-end");
    let (d, wrapper, engine) = thinking_wrapped("wrapped-end", &data.dir);
    assert!(d.end().success());
    assert!(all_ended(&[engine, wrapper]), "the engine {engine} and its wrapper {wrapper} ended");
    saved_after_e4(&data.dir);
}

/// New Game while a wrapped engine thinks, deaf to `stop`: the bridge gives
/// up on it (after its 10 s for a `bestmove`) and ends it whole, the
/// wrapper and its engine; the engine started again for the new game's
/// question (if it was by then) is ended whole with the driver.
#[cfg(unix)]
#[test]
fn new_game_ends_a_wrapped_engine_whole() {
    let data = common::TempDir::new("wrapped-new-game");
    let (mut d, wrapper, engine) = thinking_wrapped("wrapped-new-game", &data.dir);
    for press in ["New Game", "Black", "Gentle", "Play"] {
        d.command(&format!("press {press}"));
    }
    // The Computer, White now, asks at once: the old engine must stop first.
    let from = std::time::Instant::now();
    while running(engine) || running(wrapper) {
        assert!(from.elapsed() < EXIT_BOUND, "the engine {engine} still runs after New Game");
        d.command("wait 0.2");
    }
    // The engine started again for the new game, if it was by now, and its wrapper.
    let last = Some(d.engine_pid()).filter(|&p| p != engine);
    let last: Vec<u32> = last.into_iter().flat_map(|p| [Some(p), parent_of(p).filter(|&w| w > 1)]).flatten().collect();
    assert!(d.end().success());
    assert!(all_ended(&last), "the engine and its wrapper {last:?} ended with the driver");
}

/// Another engine named (`engine builtin`) while a wrapped engine thinks
/// ends it whole at once: the command answers once the wrapper and its
/// engine are gone.
#[cfg(unix)]
#[test]
fn another_engine_named_ends_a_wrapped_engine_whole() {
    let data = common::TempDir::new("wrapped-swap");
    let (mut d, wrapper, engine) = thinking_wrapped("wrapped-swap", &data.dir);
    d.command("engine builtin");
    assert!(all_ended(&[engine, wrapper]), "the engine {engine} and its wrapper {wrapper} ended");
    assert!(d.end().success());
}

/// SIGTERM while `drive` runs a long command (`wait 30`, in real time while
/// the engine thinks): the game's thread cannot end the game in order, so
/// the signals' thread ends it, within a second or two, not thirty: the
/// wrapped engine ended whole, the store flushed (the save on the disk),
/// the process ended by the signal.
#[cfg(unix)]
#[test]
fn sigterm_ends_drive_busy_with_a_long_command() {
    use std::os::unix::process::ExitStatusExt;
    let data = common::TempDir::new("signal-busy");
    let (mut d, wrapper, engine) = thinking_wrapped("signal-busy", &data.dir);
    d.send("wait 30");
    // (Time for the driver to take the line: either way the end must be short.)
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (status, took) = d.signal("TERM");
    assert_eq!(status.signal(), Some(15), "ended by SIGTERM: {status}");
    assert!(took < std::time::Duration::from_secs(10), "it did not wait for the command: {took:?}");
    assert!(all_ended(&[engine, wrapper]), "the engine {engine} and its wrapper {wrapper} ended");
    saved_after_e4(&data.dir);
    eprintln!("SIGTERM, busy: cardtable drive ended {took:?} after the signal");
}
