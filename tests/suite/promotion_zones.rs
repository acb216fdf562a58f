//! Promotion zones (issue 34, item 4; content/README.md, Promotion zones):
//! Grand Chess (content/variants/grand) promotes a Pawn on Ranks 8 to 10
//! (3 to 1 for Black), at its Player's choice but on the last Rank, and
//! only to a Kind its Side has lost. Played through the driver as a player
//! plays: `moves` and `play` (the cards' List Moves and Play Move, which ask
//! Promotion Due and Offered Promotion), the Promotion choice's buttons in
//! the window's way, `fen`, `pgn`; the built-in engine says it cannot play
//! the game. Fairy-Stockfish's counts are tests/fairy/grand.perft's
//! (tests/suite/fairy.rs).

use crate::common;

use cardtable_runtime::host::driver::Driver;
use common::{move_set, ok, run};

fn grand() -> Driver {
    common::two_players(common::load_game(&common::root().join("content/variants/grand")))
}

fn fen(d: &mut Driver) -> String {
    run(d, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

/// Inside the zone a promotion is optional (Ranks 8 and 9: the Pawn may stay
/// a Pawn), on the last Rank forced (no b9b10 without a Kind); each played.
#[test]
fn a_pawn_may_promote_inside_the_zone_and_must_on_the_last_rank() {
    let mut d = grand();
    // Kings alone: every Kind is lost, so every place is offered.
    ok(&mut d, "setfen k9/10/1P8/10/10/10/10/10/10/9K w - - 0 1");
    let moves = move_set(&mut d, "moves");
    for m in ["b8b9", "b8b9q", "b8b9c", "b8b9a", "b8b9r", "b8b9b", "b8b9n"] {
        assert!(moves.contains(m), "optional on Rank 9: {m} in {moves:?}");
    }
    ok(&mut d, "play b8b9");
    assert!(fen(&mut d).starts_with("k9/1P8/10/"), "the Pawn stays a Pawn on Rank 9: {}", fen(&mut d));
    ok(&mut d, "play a10a9");
    let moves = move_set(&mut d, "moves");
    assert!(!moves.contains("b9b10"), "forced on Rank 10: no b9b10 in {moves:?}");
    assert!(moves.contains("b9b10c") && moves.contains("b9b10q"), "{moves:?}");
    ok(&mut d, "play b9b10c");
    assert!(fen(&mut d).starts_with("1C8/k9/10/"), "a Chancellor on b10: {}", fen(&mut d));
    // A Black Pawn in its zone, Ranks 3 to 1, the same way down the Board.
    ok(&mut d, "setfen k9/10/10/10/10/10/10/1p8/10/9K b - - 0 1");
    let moves = move_set(&mut d, "moves");
    assert!(moves.contains("b3b2") && moves.contains("b3b2q"), "{moves:?}");
    ok(&mut d, "play b3b2q");
    assert!(fen(&mut d).starts_with("k9/10/10/10/10/10/10/10/1q8/9K w"), "{}", fen(&mut d));
}

/// Only to a Kind its Side has lost (fewer on the Board than Promotions'
/// `limit`): with every Kind on the Board the Pawn on b9 has no move (it may
/// not stay on Rank 10); with its Queen lost it becomes a Queen alone, and
/// then a second Pawn may not become one.
#[test]
fn a_pawn_becomes_only_a_kind_its_side_has_lost() {
    let mut d = grand();
    ok(&mut d, "setfen r8r/1Pbqkcabn1/p1pppppppp/10/10/10/10/PPPPPPPPP1/1NBQKCABNp/R8R w - - 0 1");
    let moves = move_set(&mut d, "moves");
    assert!(moves.iter().all(|m| !m.starts_with("b9")), "nothing lost, no b9 move: {moves:?}");
    ok(&mut d, "setfen r8r/1P1qkcabn1/p1pppppppp/10/10/10/10/PPPPPPPPP1/1NB1KCABNp/R8R w - - 0 1");
    let b9: Vec<String> = move_set(&mut d, "moves").into_iter().filter(|m| m.starts_with("b9")).collect();
    assert_eq!(b9, ["b9a10q", "b9b10q"], "the Queen lost: a Queen alone, by a step or by taking a10");
    ok(&mut d, "play b9a10q");
    assert!(fen(&mut d).starts_with("Q8r/"), "{}", fen(&mut d));
    // The Queen is back: a Pawn stepping into the zone may only stay one.
    ok(&mut d, "setfen r8r/1nbqkcabn1/1ppppppppp/P9/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1");
    let a7: Vec<String> = move_set(&mut d, "moves").into_iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(a7, ["a7a8", "a7b8"], "no Kind lost: the Pawn enters the zone as a Pawn");
}

/// In the window's way: a click of the Pawn and of b10 opens the Promotion
/// choice, which shows only the Kinds the Side has lost (here the Queen and
/// a Rook), and a press of one makes it.
#[test]
fn the_promotion_choice_offers_only_the_kinds_lost() {
    let mut d = grand();
    ok(&mut d, "setfen 9r/1P1qkcabn1/p1pppppppp/10/10/10/10/PPPPPPPPP1/1NB1KCABNp/R9 w - - 0 1");
    ok(&mut d, "click b9");
    ok(&mut d, "click b10");
    assert_eq!(common::state(&mut d), "Promotion");
    let buttons = ["Queen", "Rook", "Bishop", "Knight", "Fifth", "Sixth"];
    let shown: Vec<String> = ok(&mut d, "objects")
        .get("objects")
        .as_array()
        .iter()
        .filter(|o| o.get("type").as_str().is_some_and(|t| t.starts_with("Promotion ")))
        .filter(|o| o.get("visible") == &cardtable_runtime::json::Json::Bool(true))
        .filter_map(|o| o.get("name").as_str().map(str::to_string))
        .filter(|n| buttons.contains(&n.as_str()))
        .collect();
    let offered: Vec<(String, String)> = buttons
        .iter()
        .filter(|b| shown.iter().any(|s| s == *b))
        .map(|b| (b.to_string(), common::text(&mut d, &format!("get {b} promotionChoice.kind"))))
        .collect();
    let kinds: Vec<&str> = offered.iter().map(|(_, k)| k.as_str()).collect();
    assert_eq!(kinds, ["Queen", "Rook"], "the Kinds White has lost: {offered:?}");
    let rook = &offered[1].0;
    ok(&mut d, &format!("press {rook}"));
    assert!(fen(&mut d).starts_with("1R7r/"), "{}", fen(&mut d));
    // The PGN names it as chess does.
    let pgn = run(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    assert!(pgn.contains("b10=R"), "{pgn}");
}

/// The window's Promotion choice opens on Sides' promotionRank alone, so a
/// PGN's promotion on Rank 9 cannot be played by clicks: `loadpgn` refuses
/// it at its move and changes nothing, as any PGN that cannot be played
/// (never a Pawn moved unpromoted); on Rank 10 it is played (`b10=Q`: a Square of a two-digit
/// Rank, which PGN's reading took as `10` before).
#[test]
fn loadpgn_refuses_a_promotion_the_window_cannot_make() {
    let mut d = grand();
    let start = "k9/10/1P8/10/10/10/10/10/10/9K w - - 0 1";
    let before = fen(&mut d);
    let answer = d.command(&format!("loadpgn [FEN \"{start}\"] 1. b9=Q"));
    let why = answer.get("error").as_str().unwrap_or_default().to_string();
    assert!(why.starts_with("move 1. `b9=Q`"), "{answer}");
    assert_eq!(fen(&mut d), before, "the game as it was before the PGN");
    let answer = ok(&mut d, "loadpgn [FEN \"9k/1P8/10/10/10/10/10/10/10/K9 w - - 0 1\"] 1. b10=Q");
    assert!(answer.get("fen").as_str().unwrap_or_default().starts_with("1Q7k/"), "{answer}");
}

/// The built-in engine promotes on one Rank: it says so rather than play.
#[test]
fn the_built_in_engine_refuses_promotion_zones() {
    let mut d = grand();
    let answer = d.command("enginemoves");
    let why = answer.get("error").as_str().unwrap_or_default().to_string();
    assert!(why.contains("Promotion Zones table"), "{answer}");
}
