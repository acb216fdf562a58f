//! Drag and drop through the driver, as a player drags: the button down over
//! a Square (`mousedown`), the mouse moved (`mousemove`), the button up
//! (`mouseup`), or all at once (`drag FROM TO`). The engine sends Mouse
//! Pressed, Mouse Dragged, Mouse Released and Drag Ended; the chess cards
//! (Report Drag, Report Drop, Follow The Drag, Dim While Dragged) make a
//! Piece let go on one of its Legal Moves move there, and send it back
//! anywhere else. A click (down and up on one Square) works as before.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{chess_driver, ok, text};

/// A JSON number.
fn num(j: &Json) -> Option<f64> {
    match j {
        Json::Num(n) => Some(*n),
        _ => None,
    }
}

fn fen(d: &mut Driver) -> String {
    ok(d, "fen").get("fen").as_str().expect("a FEN").to_string()
}

fn selected(d: &mut Driver) -> String {
    text(d, "get \"Game Rules\" boardState.selected")
}

/// The Dragged Piece: whether it is shown, where (meters), its frame.
fn dragged_piece(d: &mut Driver) -> (bool, f64, f64, f64) {
    let all = ok(d, "objects \"Dragged Piece\"");
    let o = all.get("objects").as_array()[0].clone();
    let num = |k: &str| num(o.get(k)).unwrap_or_else(|| panic!("{k} of {o}"));
    (o.get("visible") == &Json::Bool(true), num("x"), num("y"), num("frame"))
}

fn alpha(d: &mut Driver, object: &str) -> f64 {
    num(ok(d, &format!("get {object} sprite.alpha")).get("value")).expect("an alpha")
}

/// The Squares whose Move Mark (a legal move's dot or ring) shows.
fn marked(d: &mut Driver) -> Vec<String> {
    common::visible(d, "objects \"Move Mark\"", "Move Mark")
}

/// A Square's centre on the game screen, in pixels (as `mousedown NAME` finds it).
fn centre(d: &mut Driver, square: &str) -> (f64, f64) {
    let a = ok(d, &format!("mousemove {square}"));
    let p = a.get("mousemove").as_array().to_vec();
    (num(&p[0]).unwrap(), num(&p[1]).unwrap())
}

#[test]
fn a_drag_from_e2_to_e4_moves_the_pawn_as_two_clicks_do() {
    let mut clicks = chess_driver();
    ok(&mut clicks, "click e2");
    ok(&mut clicks, "click e4");
    let mut d = chess_driver();
    let answer = ok(&mut d, "drag e2 e4");
    assert_eq!(answer.get("dragged").as_array().len(), 2, "{answer}");
    assert_eq!(fen(&mut d), fen(&mut clicks));
    assert_eq!(fen(&mut d), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(selected(&mut d), "");
    let (shown, ..) = dragged_piece(&mut d);
    assert!(!shown, "the Dragged Piece hides once it is let go");
    assert_eq!(alpha(&mut d, "e4/Piece"), 1.0);
    assert_eq!(alpha(&mut d, "e2/Piece"), 0.0, "e2 is empty");
    // Black answers with a drag too, and a Knight.
    ok(&mut d, "drag g8 f6");
    assert_eq!(fen(&mut d), "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    assert!(ok(&mut d, "faults").get("faults").as_array().is_empty());
}

#[test]
fn while_dragged_the_piece_follows_the_mouse_over_the_others_with_its_moves_marked() {
    let mut d = chess_driver();
    let (x2, y2) = centre(&mut d, "e2");
    let (x4, y4) = centre(&mut d, "e4");
    let down = ok(&mut d, "mousedown e2");
    assert_eq!(down.get("dragging"), &Json::Bool(true), "a press on the Board begins a drag: {down}");
    let (hx, hy) = ((x2 + x4) / 2.0 + 7.0, (y2 + y4) / 2.0 - 5.0);
    ok(&mut d, &format!("mousemove {hx} {hy}"));
    let (shown, x, y, frame) = dragged_piece(&mut d);
    assert!(shown, "the Dragged Piece shows while the mouse is held");
    assert!((x * 32.0 - hx).abs() < 1e-3 && (y * 32.0 - hy).abs() < 1e-3, "under the mouse: {x}, {y}");
    let pawn = num(ok(&mut d, "get e2/Piece sprite.frame").get("value")).unwrap();
    assert_eq!(frame, pawn, "it shows the Piece dragged");
    assert_eq!(alpha(&mut d, "e2/Piece"), 0.3, "the Piece left behind shows faintly");
    assert_eq!(marked(&mut d), ["e3", "e4"], "its Legal Moves are marked");
    // Drawn over the Pieces: its depth is above theirs.
    let game = common::load_game(&common::chess_dir());
    let depth = |name: &str| {
        game.types.iter().find(|t| t.name == name).and_then(|t| t.sprite.as_ref()).map(|s| s.depth).expect(name)
    };
    assert!(depth("Dragged Piece") > depth("Piece") && depth("Dragged Piece") > depth("Move Mark"));
    ok(&mut d, "mouseup e4");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

#[test]
fn let_go_on_a_square_it_cannot_reach_or_off_the_board_the_piece_returns_still_selected() {
    let mut d = chess_driver();
    let start = fen(&mut d);
    ok(&mut d, "drag e2 e5");
    assert_eq!(fen(&mut d), start, "e5 is no Legal Move of e2");
    assert_eq!(selected(&mut d), "e2", "the Piece stays selected, as after a click");
    assert!(!dragged_piece(&mut d).0);
    assert_eq!(alpha(&mut d, "e2/Piece"), 1.0, "it shows on its Square again");
    assert_eq!(marked(&mut d), ["e3", "e4"]);
    // Onto a Piece of its own Side, then off the Board altogether.
    ok(&mut d, "drag e2 d2");
    assert_eq!(fen(&mut d), start);
    ok(&mut d, "mousedown e2");
    ok(&mut d, "mousemove -40 500");
    ok(&mut d, "mouseup -40 500");
    assert_eq!(fen(&mut d), start);
    assert_eq!(selected(&mut d), "e2", "a press on the selected Piece that became a drag keeps it selected");
    assert_eq!(alpha(&mut d, "e2/Piece"), 1.0);
    // And from there it is dragged on to a Legal Move.
    ok(&mut d, "drag e2 e3");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

#[test]
fn a_click_is_the_button_down_and_up_on_one_square_and_click_click_still_moves() {
    let mut d = chess_driver();
    for c in ["mousedown e2", "mouseup e2"] {
        ok(&mut d, c);
    }
    assert_eq!(selected(&mut d), "e2", "a click selects");
    assert!(!dragged_piece(&mut d).0, "a click drags nothing");
    for c in ["mousedown e4", "mouseup e4"] {
        ok(&mut d, c);
    }
    assert_eq!(fen(&mut d), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    // A click on the selected Piece clears it, as the book's click does.
    for c in ["mousedown e7", "mouseup e7", "mousedown e7", "mouseup e7"] {
        ok(&mut d, c);
    }
    assert_eq!(selected(&mut d), "");
}

#[test]
fn a_press_a_button_took_drops_nothing_on_the_board() {
    let mut d = chess_driver();
    ok(&mut d, "click e2");
    // Undo is off at the start: a button turned off takes the press and does nothing.
    let down = ok(&mut d, "mousedown Undo");
    assert_eq!(down.get("dragging"), &Json::Bool(false), "{down}");
    ok(&mut d, "mousemove e4");
    ok(&mut d, "mouseup e4");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(!dragged_piece(&mut d).0);
    assert!(d.command("drag e2").is_error(), "`drag` takes two Objects");
    assert!(d.command("mousedown nowhere").is_error());
}

#[test]
fn a_pawn_dragged_to_its_last_rank_opens_the_promotion_choice() {
    let mut d = chess_driver();
    ok(&mut d, "setfen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    ok(&mut d, "drag e7 e8");
    assert_eq!(common::state(&mut d), "Promotion");
    let queen = common::promotion_button(&mut d, "Queen");
    ok(&mut d, &format!("press {queen}"));
    assert_eq!(fen(&mut d), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
}
