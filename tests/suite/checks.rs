//! Check counting (content/README.md, Check counting): content/variants/3check
//! and 5check, whose Checks table says how many checks each Side has given
//! and how many win, and whose cards count them and end the game. Played
//! through the driver: a game to the third check and its `result`, Undo
//! taking the last check back, `setfen` and `fen` of FEN's checks field as
//! Fairy-Stockfish writes it (`3+3`), and plain chess refusing that field.
//! Their perft against Fairy-Stockfish's is tests/suite/fairy.rs's
//! (tests/fairy/3check.perft, 5check.perft).

use crate::common;

use cardtable_runtime::host::driver::Driver;
use common::{ok, run};

fn variant(name: &str) -> Driver {
    common::two_players(common::load_game(&common::root().join("content/variants").join(name)))
}

fn play(d: &mut Driver, moves: &str) {
    for m in moves.split_whitespace() {
        ok(d, &format!("click {}", &m[0..2]));
        ok(d, &format!("click {}", &m[2..4]));
    }
}

fn fen(d: &mut Driver) -> String {
    run(d, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

/// The checks each Side has given (the Checks table's `given`), White's first.
fn given(d: &mut Driver) -> Vec<f64> {
    let rows = ok(d, "table Checks").get("rows").as_array().to_vec();
    rows.iter()
        .map(|r| match r.get("given") {
            cardtable_runtime::json::Json::Num(n) => *n,
            _ => -1.0,
        })
        .collect()
}

/// Bxf7+, Qh5+, Qxg6+: White's three checks, the third ends the game.
const THREE_CHECKS: &str = "e2e4 e7e5 f1c4 b8c6 c4f7 e8f7 d1h5 g7g6 h5g6";

#[test]
fn the_third_check_wins_and_result_says_so() {
    let mut d = variant("3check");
    assert!(fen(&mut d).ends_with(" - 3+3 0 1"), "the start's checks field: {}", fen(&mut d));
    let (most, last) = THREE_CHECKS.rsplit_once(' ').unwrap();
    play(&mut d, most);
    assert_eq!(given(&mut d), [2.0, 0.0]);
    assert_eq!(common::state(&mut d), "Playing");
    assert_eq!(run(&mut d, "result").get("result").as_str(), Some("*"));
    play(&mut d, last);
    assert_eq!(given(&mut d), [3.0, 0.0]);
    assert_eq!(common::state(&mut d), "Game Over");
    let result = run(&mut d, "result");
    assert_eq!(result.get("result").as_str(), Some("1-0"), "{result}");
    assert_eq!(result.get("reason").as_str(), Some("check count"), "{result}");
    assert_eq!(common::text(&mut d, "global status"), "Three checks: you win");
    assert!(fen(&mut d).contains(" b KQ - 0+3 0 5"), "{}", fen(&mut d));
    assert!(run(&mut d, "moves").get("moves").as_array().is_empty(), "no move after the last check");
    let pgn = run(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    assert!(pgn.contains("5. Qxg6+ {check count} 1-0"), "{pgn}");
}

/// Undo takes the last check back with its Move: two given, the game on.
#[test]
fn undo_takes_the_last_check_back() {
    let mut d = variant("3check");
    play(&mut d, THREE_CHECKS);
    assert_eq!(common::state(&mut d), "Game Over");
    ok(&mut d, "press Undo");
    assert_eq!(given(&mut d), [2.0, 0.0]);
    assert_eq!(common::state(&mut d), "Playing");
    assert_eq!(run(&mut d, "result").get("result").as_str(), Some("*"));
    assert!(fen(&mut d).contains(" w KQ - 1+3 0 5"), "{}", fen(&mut d));
    // White to move: Undo takes back Black's g6 and White's Qh5+.
    ok(&mut d, "press Undo");
    assert_eq!(given(&mut d), [1.0, 0.0], "{}", fen(&mut d));
    assert!(fen(&mut d).contains(" w KQ - 2+3 0 4"), "{}", fen(&mut d));
}

/// Five checks win 5check: the third is not the end.
#[test]
fn five_checks_win_five_check() {
    let mut d = variant("5check");
    assert!(fen(&mut d).ends_with(" - 5+5 0 1"), "{}", fen(&mut d));
    play(&mut d, THREE_CHECKS);
    assert_eq!(common::state(&mut d), "Playing");
    assert!(fen(&mut d).contains(" - 2+5 "), "{}", fen(&mut d));
    ok(&mut d, "setfen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+5 0 2");
    play(&mut d, "d1h5 g8f6 h5f7");
    assert_eq!(common::state(&mut d), "Game Over");
    assert_eq!(common::text(&mut d, "global status"), "Five checks: you win");
}

/// `setfen` reads the checks field into the Checks table and `fen` writes
/// it back; a FEN without it starts the counts again; a count past the
/// checks that win is refused.
#[test]
fn setfen_and_fen_carry_the_checks_field() {
    let mut d = variant("3check");
    let with = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+2 0 2";
    assert_eq!(run(&mut d, &format!("setfen {with}")).get("fen").as_str(), Some(with));
    assert_eq!(given(&mut d), [2.0, 1.0]);
    assert_eq!(fen(&mut d), with);
    let over = "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3";
    ok(&mut d, &format!("setfen {over}"));
    assert_eq!(common::state(&mut d), "Game Over", "a position set after the last check is over");
    assert_eq!(run(&mut d, "result").get("reason").as_str(), Some("check count"));
    ok(&mut d, "setfen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(given(&mut d), [0.0, 0.0]);
    assert!(fen(&mut d).contains(" - 3+3 0 2"), "{}", fen(&mut d));
    let too_many = d.command("setfen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4+3 0 2");
    let said = too_many.get("error").as_str().unwrap_or_default().to_string();
    assert!(said.contains("White 4 checks still to give, more than the 3 that win"), "{too_many}");
    let not_a_count = d.command("setfen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+x 0 2");
    assert!(not_a_count.get("error").as_str().unwrap_or_default().contains("`1+x` is not a checks field"));
}

/// Plain chess counts no checks: its FEN keeps six fields, and a FEN with
/// the checks field is refused, saying why.
#[test]
fn chess_refuses_a_checks_field() {
    let mut d = common::chess_driver();
    assert!(fen(&mut d).ends_with(" KQkq - 0 1"));
    let answer = d.command("setfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    let said = answer.get("error").as_str().unwrap_or_default().to_string();
    assert!(said.starts_with("this game counts no checks (it has no Checks table)"), "{answer}");
    assert!(fen(&mut d).ends_with(" KQkq - 0 1"), "the position is as it was");
}
