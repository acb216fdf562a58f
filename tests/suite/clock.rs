//! The chess clock (issue 35, item 4), played through the driver as a player
//! plays: a time control chosen in New Game (the Time Controls table) and
//! kept as a setting, both clocks running from the game's own clock (the
//! driver's `wait`, never a sleep), the increment after a Move, flag fall (a
//! loss, or a draw when the opponent cannot checkmate: Can Side Mate reads
//! the Kinds' roles), the result where every part of the product reads it
//! (the status line, `result`, PGN's Result and Termination), a save and its
//! load keeping both clocks, and the Computer's thinking time from its own
//! clock (the `engine` command tells the question's `movetime`).

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use common::{chess_driver, load_game, ok, state, text};
use std::rc::Rc;

fn num(j: &Json) -> f64 {
    match j {
        Json::Num(n) => *n,
        other => panic!("not a number: {other}"),
    }
}

/// A Side's row of the Clocks table: its seconds left when its Turn began.
fn remaining(d: &mut Driver, side: &str) -> f64 {
    let t = ok(d, "table Clocks");
    let row = t.get("rows").as_array().iter().find(|r| r.get("name").as_str() == Some(side)).cloned();
    num(row.unwrap_or_else(|| panic!("no Clocks row {side}: {t}")).get("remaining"))
}

fn shown(d: &mut Driver, clock: &str) -> String {
    text(d, &format!("get \"{clock}\" text"))
}

fn is_shown(d: &mut Driver, object: &str) -> bool {
    ok(d, &format!("get \"{object}\" shown")).get("value") == &Json::Bool(true)
}

/// Opens New Game, presses the time control's button (and others), then Play.
fn new_game(d: &mut Driver, presses: &[&str]) {
    ok(d, "press \"New Game\"");
    for p in presses {
        ok(d, &format!("press \"{p}\""));
    }
    ok(d, "press Play");
}

fn result(d: &mut Driver) -> (String, String) {
    let r = ok(d, "result");
    (r.get("result").as_str().unwrap().to_string(), r.get("reason").as_str().unwrap().to_string())
}

fn pgn(d: &mut Driver) -> String {
    ok(d, "pgn").get("pgn").as_str().unwrap().to_string()
}

#[test]
fn the_default_game_has_no_clock() {
    let mut d = chess_driver();
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.timeControl"), "none");
    assert!(!is_shown(&mut d, "Top Clock") && !is_shown(&mut d, "Bottom Clock"), "no clock shows");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    ok(&mut d, "wait 120");
    assert_eq!(state(&mut d), "Playing", "no flag falls in a game with no clock");
    assert_eq!(result(&mut d).0, "*");
}

#[test]
fn a_one_minute_game_ends_on_whites_flag_zero_one() {
    let mut d = chess_driver();
    new_game(&mut d, &["Time 1+0"]);
    assert!(is_shown(&mut d, "Top Clock") && is_shown(&mut d, "Bottom Clock"));
    assert_eq!(shown(&mut d, "Bottom Clock"), "White 1:00");
    assert_eq!(shown(&mut d, "Top Clock"), "Black 1:00");
    ok(&mut d, "wait 50.45");
    // Shown as at the last of its ten shows a second (50.4 s): tenths under 10 s.
    assert_eq!(shown(&mut d, "Bottom Clock"), "White 0:09.6", "tenths under 10 s");
    assert_eq!(text(&mut d, "get \"Bottom Clock\" textColor"), "#D23A2AFF", "low time is red");
    assert_eq!(text(&mut d, "get \"Top Clock\" textColor"), "#8C8479FF", "the waiting clock is grey");
    ok(&mut d, "wait 9.4");
    assert_eq!(state(&mut d), "Playing", "0.15 s left");
    ok(&mut d, "wait 0.2");
    assert_eq!(state(&mut d), "Game Over", "White's flag fell");
    assert_eq!(result(&mut d), ("0-1".to_string(), "time forfeit".to_string()));
    assert_eq!(text(&mut d, "global status"), "Time is up: you lose");
    assert_eq!(shown(&mut d, "Bottom Clock"), "White 0:00.0");
    let pgn = pgn(&mut d);
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("{time forfeit} 0-1"), "{pgn}");
    // The game is over: the Board no longer answers, the clocks stand.
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    ok(&mut d, "wait 5");
    assert_eq!(
        ok(&mut d, "fen").get("fen").as_str().unwrap().split(' ').next(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    );
    assert_eq!(shown(&mut d, "Top Clock"), "Black 1:00");
}

#[test]
fn the_increment_is_added_after_a_move_and_the_clocks_follow_the_flip() {
    let mut d = chess_driver();
    new_game(&mut d, &["Time 3+2"]);
    ok(&mut d, "wait 4.5");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    let white = remaining(&mut d, "White");
    assert!((white - 177.5).abs() < 1e-6, "180 - 4.5 + 2: {white}");
    assert_eq!(shown(&mut d, "Bottom Clock"), "White 2:57");
    ok(&mut d, "wait 1.5");
    assert_eq!(shown(&mut d, "Top Clock"), "Black 2:58", "Black's clock runs");
    assert_eq!(text(&mut d, "get \"Top Clock\" textColor"), "#302E2BFF", "the running clock is dark");
    ok(&mut d, "click e7");
    ok(&mut d, "click e5");
    let black = remaining(&mut d, "Black");
    assert!((black - 180.5).abs() < 1e-6, "180 - 1.5 + 2: {black}");
    ok(&mut d, "press Flip");
    ok(&mut d, "wait 0.1");
    assert_eq!(shown(&mut d, "Top Clock"), "White 2:57", "White is at the top of a flipped Board");
    assert_eq!(shown(&mut d, "Bottom Clock"), "Black 3:00");
}

/// Black to move in `fen`, in a game of 1+0: Black's flag falls.
fn black_flag_falls(fen: &str) -> (String, String) {
    let mut d = chess_driver();
    new_game(&mut d, &["Time 1+0"]);
    ok(&mut d, &format!("setfen {fen}"));
    ok(&mut d, "wait 60.1");
    assert_eq!(state(&mut d), "Game Over", "{fen}");
    result(&mut d)
}

#[test]
fn a_flag_falls_as_a_draw_when_the_opponent_cannot_mate() {
    let draw = ("1/2-1/2".to_string(), "time forfeit, insufficient material".to_string());
    let loss = ("1-0".to_string(), "time forfeit".to_string());
    // White: a lone King; a King and a Knight; a King and a Bishop (Black has a Queen).
    assert_eq!(black_flag_falls("q3k3/8/8/8/8/8/8/4K3 b - - 0 1"), draw);
    assert_eq!(black_flag_falls("q3k3/8/8/8/8/8/8/4K1N1 b - - 0 1"), draw);
    assert_eq!(black_flag_falls("q3k3/8/8/8/8/8/8/4KB2 b - - 0 1"), draw);
    // A Pawn, two Knights, a Rook: White could mate.
    assert_eq!(black_flag_falls("q3k3/8/8/8/8/8/P7/4K3 b - - 0 1"), loss);
    assert_eq!(black_flag_falls("q3k3/8/8/8/8/8/8/4K1NN b - - 0 1"), loss);
    assert_eq!(black_flag_falls("q3k3/8/8/8/8/8/8/4K2R b - - 0 1"), loss);
    let mut d = chess_driver();
    new_game(&mut d, &["Time 1+0"]);
    ok(&mut d, "setfen q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    ok(&mut d, "wait 60.1");
    assert_eq!(text(&mut d, "global status"), "Time is up: a draw (no mating material)");
    let pgn = pgn(&mut d);
    assert!(pgn.contains("[Result \"1/2-1/2\"]") && pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
}

#[test]
fn a_save_and_its_load_keep_both_clocks() {
    let store = Rc::new(Store::memory());
    let game = load_game(&common::chess_dir());
    let mut d = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
    new_game(&mut d, &["Time 5+0"]);
    ok(&mut d, "wait 3.5");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    ok(&mut d, "wait 7.25");
    ok(&mut d, "save mid");
    let before = (shown(&mut d, "Bottom Clock"), shown(&mut d, "Top Clock"));
    assert_eq!(before, ("White 4:56".to_string(), "Black 4:52".to_string()));

    // The game saved itself as it went on (the slot auto, at Black's Turn's
    // start): opened again, it comes back with its clocks, and the time
    // control is kept on this device for the next game.
    let mut again = Driver::with_parts_off(game, store, false, &["Make Computer Move"]);
    assert_eq!(text(&mut again, "get \"Game Rules\" boardState.timeControl"), "5+0");
    assert_eq!(shown(&mut again, "Bottom Clock"), "White 4:56");
    assert_eq!(shown(&mut again, "Top Clock"), "Black 5:00", "Black's Turn began when the game was saved");
    ok(&mut again, "wait 1");
    assert_eq!(shown(&mut again, "Top Clock"), "Black 4:59");
    ok(&mut again, "press \"New Game\"");
    assert_eq!(
        text(&mut again, "get \"Time 5+0\" sprite.tint"),
        "#FFE08AFF",
        "the kept time control is the chosen one"
    );
    assert_eq!(text(&mut again, "get \"Time none\" sprite.tint"), "#9C948CFF");

    ok(&mut d, "wait 20");
    assert_eq!(shown(&mut d, "Top Clock"), "Black 4:32");
    ok(&mut d, "load mid");
    ok(&mut d, "wait 0");
    assert_eq!((shown(&mut d, "Bottom Clock"), shown(&mut d, "Top Clock")), before, "the load brings both back");
    // And the game goes on from there: Black's flag falls 292.75 s later.
    ok(&mut d, "wait 292.6");
    assert_eq!(state(&mut d), "Playing");
    ok(&mut d, "wait 0.3");
    assert_eq!(result(&mut d), ("1-0".to_string(), "time forfeit".to_string()));
}

/// The `movetime` of the Computer's question on its way, in milliseconds.
fn movetime(d: &mut Driver) -> f64 {
    let e = ok(d, "engine");
    num(e.get("asked").get("movetime"))
}

#[test]
fn the_computer_thinks_for_the_time_its_clock_gives() {
    let game = load_game(&common::chess_dir());
    let mut d = Driver::with_store(game, Rc::new(Store::memory()));
    ok(&mut d, "engine manual");
    // No clock: the Strength's thinkingSeconds (Expert: 2 s).
    new_game(&mut d, &["Expert"]);
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(movetime(&mut d), 2000.0);

    new_game(&mut d, &["Expert", "Time 1+0"]);
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(movetime(&mut d), 2000.0, "60 s / 30, no more than Expert's 2 s");
    // The Computer's clock runs while it thinks (and while its Move slides).
    ok(&mut d, "wait 5");
    ok(&mut d, "answer e7e5");
    ok(&mut d, "wait 1");
    assert_eq!(state(&mut d), "Playing");
    let black = remaining(&mut d, "Black");
    assert!(black < 55.0 && black > 54.0, "60 - 5 - the slide: {black}");
    ok(&mut d, "click d2");
    ok(&mut d, "click d4");
    assert_eq!(movetime(&mut d), (black / 30.0 * 1000.0).round(), "its time left / 30");

    // 3+2 at Club: 180 / 30 + 2 = 8 s, no more than Club's 0.7 s.
    new_game(&mut d, &["Club", "Time 3+2"]);
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(movetime(&mut d), 700.0);
}

/// The clocks stand at the left end of the status line's row, under the
/// Board (no Square above y 140 px of the screen's 1100), and move right of
/// the Threats legend while Threats mode shows it.
#[test]
fn the_clocks_stand_under_the_board_and_aside_of_the_threats_legend() {
    let mut d = chess_driver();
    new_game(&mut d, &["Time 10+5"]);
    let at = |d: &mut Driver, o: &str| {
        let p = ok(d, &format!("get \"{o}\" position")).get("value").clone();
        (num(p.get("x")), num(p.get("y")))
    };
    let (top, bottom) = (at(&mut d, "Top Clock"), at(&mut d, "Bottom Clock"));
    assert_eq!((top, bottom), ((14.0, 118.0), (14.0, 86.0)), "pixels from the screen's bottom-left");
    ok(&mut d, "press Threats");
    assert_eq!(at(&mut d, "Top Clock"), (150.0, 118.0), "right of the legend");
    let legend = at(&mut d, "Attacked Key");
    assert!(legend.0 < 150.0, "the legend stays at the left: {legend:?}");
    ok(&mut d, "press Threats");
    assert_eq!(at(&mut d, "Bottom Clock"), (14.0, 86.0));
    assert_eq!(shown(&mut d, "Top Clock"), "Black 10:00");
}

/// Where an Object stands on the game screen (pixels from its bottom left).
fn at(d: &mut Driver, object: &str) -> (f64, f64) {
    let o = ok(d, &format!("objects \"{object}\""));
    let o = &o.get("objects").as_array()[0];
    (num(o.get("x")), num(o.get("y")))
}

#[test]
fn in_a_wide_window_the_clocks_stand_at_the_boards_left_and_in_a_narrow_one_under_it() {
    let mut d = chess_driver();
    new_game(&mut d, &["Time 5+0"]);
    let under = (at(&mut d, "Top Clock"), at(&mut d, "Bottom Clock"));
    assert!(
        under.0 .0 > 0.0 && under.0 .1 < 140.0 && under.1 .1 < under.0 .1,
        "under the Board (its bottom at 140): {under:?}"
    );
    // The narrowest window that shows the Move List (340 game-screen pixels
    // at each side of the 960 x 1100 game screen: 1014 x 680) and a wide one.
    for window in ["window 1014 680", "window 1600 900"] {
        ok(&mut d, window);
        assert_eq!(ok(&mut d, "get \"Move List Panel\" shown").get("value"), &Json::Bool(true), "{window}");
        let beside = num(ok(&mut d, "eval screenBeside()").get("value"));
        let (top, bottom) = (at(&mut d, "Top Clock"), at(&mut d, "Bottom Clock"));
        for (x, y) in [top, bottom] {
            assert!(
                x >= -beside && x < -200.0,
                "{window}: in the room left of the Board ({beside} px): {top:?} {bottom:?}"
            );
            assert!((140.0..1100.0).contains(&y), "{window}: beside the Board's height: {y}");
        }
        assert!(top.1 - bottom.1 > 800.0, "{window}: by the Board's top and bottom rows: {top:?} {bottom:?}");
        assert_eq!(shown(&mut d, "Top Clock"), "Black 5:00");
    }
    ok(&mut d, "press Flip");
    ok(&mut d, "wait 0.1");
    assert_eq!(shown(&mut d, "Top Clock"), "White 4:59", "a flipped Board's top Side");
    assert_eq!(at(&mut d, "Top Clock").0, at(&mut d, "Bottom Clock").0);
    assert!(at(&mut d, "Top Clock").0 < 0.0, "still beside the Board");
    ok(&mut d, "window 1013 680");
    assert_eq!(ok(&mut d, "get \"Move List Panel\" shown").get("value"), &Json::Bool(false));
    assert_eq!((at(&mut d, "Top Clock"), at(&mut d, "Bottom Clock")), under, "back under the Board");
}

fn both(d: &mut Driver) -> (String, String) {
    (shown(d, "Bottom Clock"), shown(d, "Top Clock"))
}

fn pair(white: &str, black: &str) -> (String, String) {
    (format!("White {white}"), format!("Black {black}"))
}

#[test]
fn undo_gives_back_the_time_the_clocks_showed_before_each_move_taken_back() {
    let store = Rc::new(Store::memory());
    let game = load_game(&common::chess_dir());
    let mut d = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
    new_game(&mut d, &["Time 5+0"]);
    // White thinks 3 s over e4, Black 5 s over e5, White 4 s over Nf3.
    for (think, from, to) in [(3, "e2", "e4"), (5, "e7", "e5"), (4, "g1", "f3")] {
        ok(&mut d, &format!("wait {think}"));
        ok(&mut d, &format!("click {from}"));
        ok(&mut d, &format!("click {to}"));
    }
    ok(&mut d, "wait 7");
    assert_eq!(both(&mut d), pair("4:53", "4:48"), "Black has thought 7 s");
    let kept = ok(&mut d, "table \"Clock History\"");
    assert_eq!(kept.get("rows").as_array().len(), 6, "two Sides' clocks for each of 3 Moves: {kept}");
    ok(&mut d, "save three");

    // Black to move: Undo takes back Nf3 alone, and the clocks show what
    // they showed as White played it (White's 4 s over it stay spent);
    // Black's 7 s since are given back.
    ok(&mut d, "press Undo");
    assert_eq!(both(&mut d), pair("4:53", "4:55"), "as before Nf3");
    ok(&mut d, "wait 2");
    assert_eq!(both(&mut d), pair("4:51", "4:55"), "White's clock runs again from there");
    assert_eq!(ok(&mut d, "table \"Clock History\"").get("rows").as_array().len(), 4);
    // White to move, the Player's Side: Undo takes back e5 and e4.
    ok(&mut d, "press Undo");
    assert_eq!(both(&mut d), pair("4:57", "5:00"), "as e4 was played: White's 3 s before it stay spent");
    assert_eq!(state(&mut d), "Playing");
    // Played again, the game charges the time from there.
    ok(&mut d, "wait 10");
    ok(&mut d, "click d2");
    ok(&mut d, "click d4");
    assert_eq!(both(&mut d), pair("4:47", "5:00"));

    // A saved game keeps the clocks of its Moves: loaded, an Undo gives the time back.
    let mut again = Driver::with_parts_off(game, store, false, &["Make Computer Move"]);
    ok(&mut again, "load three");
    ok(&mut again, "wait 30");
    ok(&mut again, "press Undo");
    assert_eq!(both(&mut again), pair("4:53", "4:55"), "the loaded game's Nf3 taken back");
    // A new game starts with no clocks kept.
    new_game(&mut again, &["Time 1+0"]);
    assert_eq!(ok(&mut again, "table \"Clock History\"").get("rows").as_array().len(), 0);
    assert_eq!(both(&mut again), pair("1:00", "1:00"));
}
