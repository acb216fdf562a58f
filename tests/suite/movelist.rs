//! The Move List beside the Board, through the driver as a player plays: a
//! window wide enough (`window W H`, the room the engine's `screenBeside()`
//! reads) shows it at the Board's right; a Move clicked in it, or Left,
//! Right, Home and End, show that position on the Board for reading only;
//! End, or a click on the Board, bring the live position back. The positions
//! browsed to are checked against the Board as the game itself drew them
//! when each was live, never against positions written here.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{chess_driver, ok, text};

/// The window a 1366 x 768 laptop gives a window made full, less its bars:
/// 624 game-screen pixels beside the 960 x 1100 game screen.
const WIDE: &str = "window 1366 680";
/// The player's window as it opens (setup.rs): the game screen's own shape.
const NARROW: &str = "window 593 680";

fn num(j: &Json) -> f64 {
    match j {
        Json::Num(n) => *n,
        other => panic!("a number, found {other}"),
    }
}

fn global(d: &mut Driver, name: &str) -> Json {
    ok(d, &format!("global {name}")).get("value").clone()
}

fn browsed(d: &mut Driver) -> f64 {
    num(&global(d, "browsedMoves"))
}

/// What each Piece Object shows, Square by Square: its frame, or `-` where
/// it shows nothing (alpha 0).
fn board(d: &mut Driver) -> Vec<String> {
    let all = ok(d, "objects Piece");
    let mut out: Vec<String> = all
        .get("objects")
        .as_array()
        .iter()
        .filter(|o| o.get("type").as_str() == Some("Piece"))
        .map(|o| {
            let name = o.get("name").as_str().unwrap().to_string();
            if num(o.get("alpha")) == 0.0 {
                format!("{name}:-")
            } else {
                format!("{name}:{}", num(o.get("frame")))
            }
        })
        .collect();
    out.sort();
    out
}

/// Each Square's highlight (its alpha and tint), Square by Square.
fn marks(d: &mut Driver) -> Vec<String> {
    let all = ok(d, "objects Square");
    let mut out: Vec<String> = all
        .get("objects")
        .as_array()
        .iter()
        .filter(|o| o.get("type").as_str() == Some("Square") && num(o.get("alpha")) > 0.0)
        .map(|o| format!("{}:{}:{}", o.get("name").as_str().unwrap(), num(o.get("alpha")), o.get("tint")))
        .collect();
    out.sort();
    out
}

/// The shown Moves of the list beside the Board, top line first, and the one marked.
fn listed(d: &mut Driver) -> (Vec<String>, Option<String>) {
    let mut lines = Vec::new();
    let mut marked = None;
    for kind in ["Listed White Move", "Listed Black Move"] {
        let all = ok(d, &format!("objects \"{kind}\""));
        for o in all.get("objects").as_array() {
            if o.get("shown") != &Json::Bool(true) || o.get("visible") != &Json::Bool(true) {
                continue;
            }
            let name = o.get("name").as_str().unwrap();
            let line: usize = name.rsplit(' ').next().unwrap().parse().unwrap();
            let words = o.get("text").as_str().unwrap().to_string();
            if num(o.get("alpha")) > 0.5 {
                assert!(marked.is_none(), "one Move marked, not {marked:?} and {words}");
                marked = Some(words.clone());
            }
            lines.push((line, kind == "Listed Black Move", words));
        }
    }
    lines.sort();
    (lines.into_iter().map(|(_, _, w)| w).collect(), marked)
}

fn shown(d: &mut Driver, object: &str) -> bool {
    let all = ok(d, &format!("objects \"{object}\""));
    let o = &all.get("objects").as_array()[0];
    o.get("visible") == &Json::Bool(true) && o.get("shown") != &Json::Bool(false)
}

fn key(d: &mut Driver, key: &str) -> Vec<String> {
    let answer = ok(d, &format!("key {key}"));
    answer.get("commands").as_array().iter().map(|c| c.as_str().unwrap().to_string()).collect()
}

/// A game with a capture, a check, castling on both sides, en passant and
/// a promotion, each Move as a player clicks it (UCI form); the Board as
/// the game drew it after each (position 0: the start).
const GAME: &[&str] = &[
    "e2e4", "d7d5", "e4d5", "c7c5", "d5c6", "g8f6", "c6b7", "c8d7", "b7a8q", "d8c8", "g1f3", "e7e6", "f1e2", "f8e7",
    "e1g1", "e8g8", "a8b8", "c8b8",
];

fn play(d: &mut Driver, uci: &str) {
    assert!(uci.len() == 4 || uci.ends_with('q'), "{uci}: a Queen is the promotion clicked here");
    ok(d, &format!("click {}", &uci[0..2]));
    ok(d, &format!("click {}", &uci[2..4]));
    if uci.len() == 5 {
        let button = common::promotion_button(d, "Queen");
        ok(d, &format!("press {button}"));
    }
}

fn played() -> (Driver, Vec<Vec<String>>, Vec<Vec<String>>) {
    let mut d = chess_driver();
    ok(&mut d, WIDE);
    let (mut boards, mut last_moves) = (vec![board(&mut d)], vec![marks(&mut d)]);
    for uci in GAME {
        play(&mut d, uci);
        boards.push(board(&mut d));
        last_moves.push(marks(&mut d));
    }
    assert_eq!(ok(&mut d, "table Move History").get("rows").as_array().len(), GAME.len());
    (d, boards, last_moves)
}

#[test]
fn the_list_stands_beside_the_board_only_in_a_window_wide_enough_and_takes_its_keys_there() {
    let mut d = chess_driver();
    assert_eq!(global(&mut d, "moveListBeside"), Json::Bool(false), "the driver's window has the game screen's shape");
    assert!(!shown(&mut d, "Move List Panel"));
    assert_eq!(key(&mut d, "Left"), ["Move Focus"], "narrow, Left moves the Board's focus");
    let answer = ok(&mut d, WIDE);
    assert_eq!(num(answer.get("beside")), 624.0, "{answer}");
    assert_eq!(global(&mut d, "moveListBeside"), Json::Bool(true));
    assert!(shown(&mut d, "Move List Panel") && shown(&mut d, "Move List Beside Heading"));
    assert_eq!(listed(&mut d), (vec![], None), "no Move yet");
    assert_eq!(key(&mut d, "Left"), ["Browse Earlier"], "wide, Left browses the Moves and nothing else");
    assert_eq!(key(&mut d, "Home"), ["Browse Start"]);
    assert_eq!(key(&mut d, "Up"), ["Move Focus"], "Up and Down still move the Board's focus");
    assert_eq!(browsed(&mut d), -1.0, "with no Move there is nothing to browse");
    // Just too narrow: 339 pixels beside it.
    let answer = ok(&mut d, "window 1013 680");
    assert_eq!(num(answer.get("beside")), 339.0, "{answer}");
    assert!(!shown(&mut d, "Move List Panel"));
    assert_eq!(key(&mut d, "Left"), ["Move Focus"]);
    ok(&mut d, "window 1014 680");
    assert!(shown(&mut d, "Move List Panel"), "340 pixels are enough");
    // The Game menu's own list is there in either window.
    ok(&mut d, "press Game");
    assert!(shown(&mut d, "No Moves Note"));
}

#[test]
fn browsing_shows_each_position_as_the_game_drew_it_and_end_comes_back() {
    let (mut d, boards, last_moves) = played();
    let live = board(&mut d);
    let live_fen = ok(&mut d, "fen").get("fen").as_str().unwrap().to_string();
    let history = ok(&mut d, "table Move History");
    // Home, then Right to the end: each position as it was live.
    assert_eq!(key(&mut d, "Home"), ["Browse Start"]);
    for (k, want) in boards.iter().enumerate().take(GAME.len()) {
        assert_eq!(browsed(&mut d), k as f64);
        assert_eq!(&board(&mut d), want, "the position after {k} Moves");
        if k > 0 {
            // The Move that led there is marked as the last Move was (Check and selection are not).
            let tint = |m: &Vec<String>| m.iter().filter(|s| s.contains("#F6EB72")).cloned().collect::<Vec<_>>();
            assert_eq!(tint(&marks(&mut d)), tint(&last_moves[k]), "the last Move's Squares after {k} Moves");
        }
        assert!(shown(&mut d, "Browsing Note"), "the Board says it shows an earlier position");
        key(&mut d, "Right");
    }
    assert_eq!(browsed(&mut d), -1.0, "Right past the last Move is the live position");
    assert_eq!(board(&mut d), live);
    assert!(!shown(&mut d, "Browsing Note"));
    // Left from the live position, a Move clicked, End.
    key(&mut d, "Left");
    assert_eq!(board(&mut d), boards[GAME.len() - 1]);
    ok(&mut d, "press \"Listed White Move 2\"");
    assert_eq!(browsed(&mut d), 5.0, "3. dxc6, White's fifth... Move 5 of the game");
    assert_eq!(board(&mut d), boards[5]);
    ok(&mut d, "press \"Listed Black Move 4\"");
    assert_eq!(board(&mut d), boards[10], "after 5... Qc8");
    assert_eq!(key(&mut d, "End"), ["Browse End"]);
    assert_eq!(browsed(&mut d), -1.0);
    assert_eq!(board(&mut d), live);
    assert_eq!(marks(&mut d), last_moves[GAME.len()]);
    // Nothing of the game changed.
    assert_eq!(ok(&mut d, "fen").get("fen").as_str().unwrap(), live_fen);
    assert_eq!(ok(&mut d, "table Move History"), history);
    assert!(ok(&mut d, "faults").get("faults").as_array().is_empty());
}

#[test]
fn a_click_on_the_board_while_browsing_brings_the_live_position_back_and_nothing_else() {
    let mut d = chess_driver();
    ok(&mut d, WIDE);
    for uci in ["e2e4", "e7e5", "g1f3"] {
        play(&mut d, uci);
    }
    let live = board(&mut d);
    let fen = ok(&mut d, "fen").get("fen").as_str().unwrap().to_string();
    key(&mut d, "Home");
    assert_eq!(browsed(&mut d), 0.0);
    // b8 holds Black's Knight, live and at the start: the click selects nothing.
    ok(&mut d, "click b8");
    assert_eq!(browsed(&mut d), -1.0, "the click brought the live position back");
    assert_eq!(board(&mut d), live);
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.selected"), "", "and selected nothing");
    assert!(!shown(&mut d, "Browsing Note"));
    ok(&mut d, "click b8");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.selected"), "b8", "the next click plays");
    ok(&mut d, "click b8");
    // A drag while browsing moves nothing either.
    key(&mut d, "Left");
    ok(&mut d, "drag b8 c6");
    assert_eq!(browsed(&mut d), -1.0);
    assert_eq!(ok(&mut d, "fen").get("fen").as_str().unwrap(), fen, "no Move was made");
    ok(&mut d, "drag b8 c6");
    assert_ne!(ok(&mut d, "fen").get("fen").as_str().unwrap(), fen, "live, the drag plays");
    // A window made narrow while browsing shows the live position, its keys the Board's again.
    key(&mut d, "Home");
    let live = board(&mut d);
    assert_ne!(live, board_at_live(&mut d));
    ok(&mut d, NARROW);
    assert_eq!(browsed(&mut d), -1.0);
    assert!(!shown(&mut d, "Move List Panel") && !shown(&mut d, "Browsing Note"));
    assert_eq!(key(&mut d, "Left"), ["Move Focus"]);
}

/// The Board after End, taken back to where it was browsing (Home).
fn board_at_live(d: &mut Driver) -> Vec<String> {
    key(d, "End");
    let live = board(d);
    key(d, "Home");
    live
}

#[test]
fn browsing_changes_neither_the_save_nor_the_move_history() {
    let data = common::TempDir::new("movelist-save");
    let game = common::load_game(&common::chess_dir());
    let store = std::rc::Rc::new(cardtable_runtime::save::Store::for_game(Some(&data.dir), "Chess"));
    let mut d = Driver::with_parts_off(game, store, false, &["Make Computer Move"]);
    ok(&mut d, WIDE);
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        play(&mut d, uci);
    }
    ok(&mut d, "save before");
    let history = ok(&mut d, "table Move History");
    for k in ["Left", "Left", "Home", "Right"] {
        key(&mut d, k);
    }
    ok(&mut d, "press \"Listed Black Move 0\"");
    ok(&mut d, "press Flip");
    ok(&mut d, "press Flip");
    key(&mut d, "End");
    ok(&mut d, "save after");
    let read = |slot: &str| std::fs::read(data.path(&format!("saves/{slot}.yaml"))).expect("a save");
    assert!(read("before") == read("after"), "the save after browsing is the one before");
    assert_eq!(ok(&mut d, "table Move History"), history);
    // A save made while browsing comes back live, its Board answering clicks.
    key(&mut d, "Home");
    ok(&mut d, "save browsing");
    ok(&mut d, "load browsing");
    assert_eq!(browsed(&mut d), -1.0);
    ok(&mut d, "click a2");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.selected"), "a2");
}

#[test]
fn the_list_writes_the_moves_in_the_game_s_language_the_one_shown_marked_and_the_result_under_the_last() {
    for (lang, queen_mate, reason) in [(None, "Qh4#", "Checkmate"), (Some("fr"), "Dh4#", "Échec et mat")] {
        let loaded = common::load::load_files_in(common::load::builtin(), lang).unwrap_or_else(|_| panic!("loads"));
        let mut d = common::two_players(std::sync::Arc::new(loaded.game));
        ok(&mut d, WIDE);
        for uci in ["g1f3", "e7e5", "f3g1", "d8h4", "e2e3", "h4f2", "e1f2"] {
            play(&mut d, uci);
        }
        let knight = if lang.is_some() { "C" } else { "N" };
        let (moves, marked) = listed(&mut d);
        assert_eq!(
            moves,
            [
                format!("1. {knight}f3"),
                "e5".into(),
                format!("2. {knight}g1"),
                "Qh4".into(),
                "3. e3".into(),
                "Qxf2+".into(),
                "4. Kxf2".into()
            ]
            .map(|m: String| if lang.is_some() { m.replace('Q', "D").replace('K', "R") } else { m })
            .to_vec()
        );
        assert_eq!(marked.as_deref(), Some(if lang.is_some() { "4. Rxf2" } else { "4. Kxf2" }), "the last Move");
        assert!(!shown(&mut d, "Listed Result"), "no result while the game goes on");
        key(&mut d, "Left");
        assert_eq!(listed(&mut d).1.as_deref(), Some(if lang.is_some() { "Dxf2+" } else { "Qxf2+" }));
        key(&mut d, "End");
        // Fool's mate from the start.
        ok(&mut d, "setfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            play(&mut d, uci);
        }
        let (moves, marked) = listed(&mut d);
        assert_eq!(moves, ["1. f3", "e5", "2. g4", queen_mate]);
        assert_eq!(marked.as_deref(), Some(queen_mate));
        let result = ok(&mut d, "objects \"Listed Result\"");
        let o = &result.get("objects").as_array()[0];
        assert_eq!(o.get("text").as_str(), Some(format!("0-1  {reason}").as_str()), "{lang:?}");
        assert_eq!(o.get("visible"), &Json::Bool(true));
        // Under the last Move: its line (the second, y 975) less one line's 30 pixels.
        assert_eq!(num(o.get("y")), 945.0, "{o}");
        // Browsing a finished game: the result stays.
        key(&mut d, "Home");
        assert_eq!(browsed(&mut d), 0.0, "a finished game may be browsed");
        assert!(shown(&mut d, "Listed Result"));
        let note = ok(&mut d, "objects \"Browsing Note\"");
        let words = note.get("objects").as_array()[0].get("text").as_str().unwrap().to_string();
        assert!(
            words.starts_with(if lang.is_some() { "La position de départ" } else { "The starting position" }),
            "{words}"
        );
    }
}

#[test]
fn an_undo_drops_the_positions_it_took_back_and_a_long_game_keeps_the_move_shown_on_the_list() {
    let (mut d, boards, _) = played();
    ok(&mut d, "press Undo");
    let n = ok(&mut d, "table Move History").get("rows").as_array().len();
    assert_eq!(n, GAME.len() - 2, "Undo took back White's and Black's last Moves");
    assert_eq!(num(&ok(&mut d, "eval dataCount('Seen Positions')").get("value").clone()), ((n + 1) * 64) as f64);
    key(&mut d, "Left");
    assert_eq!(board(&mut d), boards[n - 1]);
    key(&mut d, "End");
    // A long game: 60 more Moves, drawn by the World's generator (`playout`,
    // on a copy), each then clicked; the list shows 28 lines of the 38 full Moves.
    let more = ok(&mut d, "playout 5 60");
    let moves: Vec<String> = more.get("moves").as_array().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    assert_eq!(moves.len(), 60, "the playout went on: {more}");
    for uci in &moves {
        play(&mut d, uci);
    }
    assert_eq!(ok(&mut d, "table Move History").get("rows").as_array().len(), n + 60);
    let (moves, marked) = listed(&mut d);
    assert_eq!(moves.len(), 56, "28 lines of two Moves");
    assert_eq!(moves.last(), marked.as_ref(), "the last Move is on the list, marked");
    key(&mut d, "Home");
    let (moves, marked) = listed(&mut d);
    assert_eq!(moves.first().map(String::as_str), Some("1. e4"), "browsing back scrolls the list to the start");
    assert_eq!(marked, None, "the start is no Move");
    assert!(ok(&mut d, "faults").get("faults").as_array().is_empty());
}
