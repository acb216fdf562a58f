//! The chess cards find the King's and the Pawn's roles by the Kinds table's
//! columns (`royal`, `promotes`, `enPassant`, `resetsFiftyMoves`, `minor`,
//! `oneShade`; issue 22),
//! never a Kind by its name: the chess game with its King renamed Rex and its
//! Pawn renamed Soldier plays as chess, and a Berolina Pawn invented by rows
//! alone (it moves diagonally, takes straight ahead) leaves en passant on the
//! Square it passed over and promotes. Played as a player plays: clicks, the
//! Promotion choice's buttons, `eval`, `get`, and `perft` (the cards' moves).

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{ok, state, text, two_players, TempContent};

/// content/chess with King renamed Rex and Pawn renamed Soldier in every
/// table cell that names them (and the Directions' row names).
fn rex_and_soldier() -> TempContent {
    let c = TempContent::chess("rex-soldier");
    for f in ["tables/Kinds.csv", "tables/Kinds.fr.csv", "tables/Directions.csv", "tables/Position.csv"] {
        let renamed = c.read(f).replace("King", "Rex").replace("Pawn", "Soldier");
        assert!(renamed.contains("Rex,"), "{f} names the King");
        c.write(f, &renamed);
    }
    c
}

fn driver(c: &TempContent) -> Driver {
    two_players(common::load_game(&c.dir))
}

/// One Move as two clicks, checking that the Piece stands on `to` after.
fn play(d: &mut Driver, mv: &str) {
    let (from, to) = mv.split_once('-').expect("a Move is from-to");
    let kind = cell(d, from, "kind");
    ok(d, &format!("click {from}"));
    ok(d, &format!("click {to}"));
    assert_eq!(cell(d, to, "kind"), kind, "{mv}: the {kind} should stand on {to}");
}

fn cell(d: &mut Driver, square: &str, column: &str) -> String {
    text(d, &format!("eval data('Position', '{square}', '{column}')"))
}

fn board_state(d: &mut Driver, field: &str) -> Json {
    ok(d, &format!("get \"Game Rules\" boardState.{field}")).get("value").clone()
}

/// `perft` counts the cards' Legal Moves (Find Legal Moves, Make Move). From
/// the start, 3 deep, no Move leaves a King attacked, so the count is also
/// chess's when the cards cannot find the King; the castling position, where
/// the Kings and Rooks check each other 2 deep, counts only through a Rex
/// found by its role (70, not 568, when Find King looks for "King").
#[test]
fn rex_and_soldier_count_the_moves_of_chess() {
    let c = rex_and_soldier();
    let mut d = driver(&c);
    let answer = ok(&mut d, "perft 3");
    assert_eq!(answer.get("nodes"), &Json::Num(8902.0), "{answer}");
    ok(&mut d, "setfen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let answer = ok(&mut d, "perft 2");
    assert_eq!(answer.get("nodes"), &Json::Num(568.0), "{answer}");
}

#[test]
fn rex_is_checked_and_mated() {
    let c = rex_and_soldier();
    let mut d = driver(&c);
    for mv in ["e2-e4", "f7-f5", "d1-h5"] {
        play(&mut d, mv);
    }
    assert_eq!(board_state(&mut d, "checkSquare").as_str(), Some("e8"), "Qh5+ checks the Rex on e8");
    assert_eq!(text(&mut d, "global status"), text(&mut d, "eval data('Words', 'Check', 'text')"));
    // The fool's mate.
    let mut d = driver(&c);
    for mv in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
        play(&mut d, mv);
    }
    assert_eq!(state(&mut d), "Game Over");
    assert_eq!(text(&mut d, "global status"), "Checkmate: you lose");
    assert_eq!(board_state(&mut d, "checkSquare").as_str(), Some("e1"));
    assert_eq!(text(&mut d, "eval data('Move History', 3, 'checkMark')"), "#");
}

#[test]
fn rex_castles_and_a_soldier_takes_en_passant_and_promotes() {
    let c = rex_and_soldier();
    let mut d = driver(&c);
    // Castling: the Rook comes along, and the Move is named O-O.
    for mv in ["e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "f8-c5", "e1-g1"] {
        play(&mut d, mv);
    }
    assert_eq!((cell(&mut d, "f1", "kind"), cell(&mut d, "h1", "kind")), ("Rook".to_string(), String::new()));
    assert_eq!(text(&mut d, "eval data('Move History', 6, 'letter')"), "O-O");
    // En passant: d7-d5 passes d6, where the Soldier on e5 takes it.
    let mut d = driver(&c);
    for mv in ["e2-e4", "a7-a6", "e4-e5", "d7-d5"] {
        play(&mut d, mv);
    }
    assert_eq!(board_state(&mut d, "enPassantSquare").as_str(), Some("d6"));
    play(&mut d, "e5-d6");
    assert_eq!(cell(&mut d, "d5", "kind"), "", "the Soldier that passed is taken");
    assert_eq!(text(&mut d, "eval data('Move History', 4, 'capture')"), "x");
    assert_eq!(text(&mut d, "eval data('Move History', 4, 'fromFile')"), "e");
    // Promotion: the Soldier reaching the last Rank opens the choice.
    let mut d = driver(&c);
    for mv in ["h2-h4", "g7-g5", "h4-g5", "h7-h5", "g5-g6", "h5-h4", "g6-g7", "h4-h3"] {
        play(&mut d, mv);
    }
    ok(&mut d, "click g7");
    ok(&mut d, "click h8");
    assert_eq!(state(&mut d), "Promotion");
    let button = common::promotion_button(&mut d, "Queen");
    ok(&mut d, &format!("press {button}"));
    assert_eq!(cell(&mut d, "h8", "kind"), "Queen");
    assert_eq!(cell(&mut d, "h8", "side"), "White");
}

#[test]
fn a_soldier_move_starts_the_fifty_move_count_again() {
    let c = rex_and_soldier();
    let mut d = driver(&c);
    for mv in ["g1-f3", "g8-f6", "b1-c3"] {
        play(&mut d, mv);
    }
    assert_eq!(board_state(&mut d, "fiftyMoveCount"), Json::Num(3.0));
    play(&mut d, "e7-e5");
    assert_eq!(board_state(&mut d, "fiftyMoveCount"), Json::Num(0.0), "a Soldier's Move resets the count");
}

/// content/chess with the Knight renamed Horseman and the Bishop Prelate in
/// every table that names them; `knight_minor`: the Horseman's `minor` cell.
fn horseman_and_prelate(knight_minor: bool) -> TempContent {
    let c = TempContent::chess("horseman-prelate");
    for f in [
        "tables/Kinds.csv",
        "tables/Kinds.fr.csv",
        "tables/Directions.csv",
        "tables/Position.csv",
        "tables/Promotions.csv",
    ] {
        let renamed = c.read(f).replace("Knight", "Horseman").replace("Bishop", "Prelate");
        c.write(f, &renamed);
    }
    if !knight_minor {
        c.replace_once(
            "tables/Kinds.csv",
            "=N,false,false,false,false,true,false",
            "=N,false,false,false,false,false,false",
        );
    }
    c
}

/// Is Material Insufficient reads `minor` and `oneShade`, not the names: a
/// renamed Knight or Bishop alone with its King is a Draw as in chess; a
/// Kind whose row does not say `minor` (an invented one) plays on.
#[test]
fn a_renamed_knight_or_bishop_alone_draws_and_a_kind_not_minor_plays_on() {
    let c = horseman_and_prelate(true);
    let mut d = driver(&c);
    let status = |d: &mut Driver| text(d, "global status");
    ok(&mut d, "setfen 4k3/8/8/8/8/8/3p4/4K1N1 w - - 0 1");
    play(&mut d, "e1-d2");
    assert_eq!((status(&mut d), state(&mut d)), ("Draw: insufficient material".into(), "Game Over".into()));
    ok(&mut d, "setfen 4k3/8/8/3p4/4B3/8/8/4K3 w - - 0 1");
    assert_eq!(cell(&mut d, "e4", "kind"), "Prelate");
    play(&mut d, "e4-d5");
    assert_eq!((status(&mut d), state(&mut d)), ("Draw: insufficient material".into(), "Game Over".into()));
    // Two Prelates on one shade (c1, e3: dark) against a King: a Draw; on two shades, not.
    ok(&mut d, "setfen 4k3/8/8/8/3p4/4B3/8/2B1K3 w - - 0 1");
    play(&mut d, "e3-d4");
    assert_eq!(status(&mut d), "Draw: insufficient material");
    ok(&mut d, "setfen 4k3/8/8/8/3p4/4B3/8/3BK3 w - - 0 1");
    play(&mut d, "e3-d4");
    assert_eq!(state(&mut d), "Playing", "{}", status(&mut d));

    let c = horseman_and_prelate(false);
    let mut d = driver(&c);
    ok(&mut d, "setfen 4k3/8/8/8/8/8/3p4/4K1N1 w - - 0 1");
    play(&mut d, "e1-d2");
    assert_eq!(state(&mut d), "Playing", "a Horseman not minor: {}", text(&mut d, "global status"));
}

/// The chess game with a Berolina Pawn (a Kind with the Pawn's roles that
/// moves diagonally, one step or two from its Pawn Rank, and takes straight
/// ahead) and a Position of `pieces` (square, kind, side) alone; White moves.
fn berolina(pieces: &[(&str, &str, &str)]) -> TempContent {
    let c = TempContent::chess("berolina");
    c.append("tables/Kinds.csv", "Berolina,,,E,,100,,E,,false,true,true,true,false,false\n");
    c.append("tables/Kinds.fr.csv", "Berolina,,,\n");
    c.append(
        "tables/Directions.csv",
        "Berolina forward right,Berolina,1,1,1,2,true,false,0,false,0,0\n\
         Berolina forward left,Berolina,-1,1,1,2,true,false,0,false,0,0\n\
         Berolina capture,Berolina,0,1,1,1,false,true,0,false,0,0\n",
    );
    let mut position = String::from("name,file,rank,fileLetter,kind,side\n");
    for rank in 1..=8 {
        for (i, file) in "abcdefgh".chars().enumerate() {
            let square = format!("{file}{rank}");
            let (kind, side) = pieces.iter().find(|(s, _, _)| *s == square).map_or(("", ""), |(_, k, s)| (*k, *s));
            position.push_str(&format!("{square},{},{rank},{file},{kind},{side}\n", i + 1));
        }
    }
    c.write("tables/Position.csv", &position);
    // The built-in engine takes one Kind with the Pawn's powers (its en
    // passant is the book's straight one): this game plays without it.
    c.replace_once("game.yaml", "libraries: [chess, engine, stockfishBridge]", "libraries: [chess, stockfishBridge]");
    c
}

fn moves(d: &mut Driver) -> Vec<String> {
    let answer = ok(d, "moves");
    answer.get("moves").as_array().iter().filter_map(|m| m.as_str().map(str::to_string)).collect()
}

#[test]
fn a_berolina_two_step_leaves_en_passant_on_the_square_it_passed() {
    let kings = [("d1", "King", "White"), ("h8", "King", "Black")];
    // An enemy Pawn takes it there, diagonally, as a Pawn takes.
    let c = berolina(&[kings[0], kings[1], ("b2", "Berolina", "White"), ("b4", "Pawn", "Black")]);
    let mut d = driver(&c);
    let white = moves(&mut d);
    for m in ["b2a3", "b2c3", "b2d4"] {
        assert!(white.contains(&m.to_string()), "the Berolina's {m} among {white:?}");
    }
    assert!(!white.contains(&"b2b4".to_string()) && !white.contains(&"b2b3".to_string()), "{white:?}");
    play(&mut d, "b2-d4");
    assert_eq!(board_state(&mut d, "enPassantSquare").as_str(), Some("c3"), "b2-d4 passes c3");
    assert!(moves(&mut d).contains(&"b4c3".to_string()), "the Pawn on b4 may take en passant on c3");
    play(&mut d, "b4-c3");
    assert_eq!(cell(&mut d, "d4", "kind"), "", "the Berolina that passed is taken on d4");
    assert_eq!(cell(&mut d, "c3", "side"), "Black");
    // An enemy Berolina takes it there straight ahead, as it takes.
    let c = berolina(&[kings[0], kings[1], ("b2", "Berolina", "White"), ("c4", "Berolina", "Black")]);
    let mut d = driver(&c);
    play(&mut d, "b2-d4");
    assert_eq!(board_state(&mut d, "enPassantSquare").as_str(), Some("c3"));
    play(&mut d, "c4-c3");
    assert_eq!(cell(&mut d, "d4", "kind"), "", "taken en passant by the Berolina on c4");
    // An enemy Berolina stepping diagonally onto c3 (its Move, not a capture) takes nothing.
    let c = berolina(&[kings[0], kings[1], ("b2", "Berolina", "White"), ("b4", "Berolina", "Black")]);
    let mut d = driver(&c);
    play(&mut d, "b2-d4");
    play(&mut d, "b4-c3");
    assert_eq!(cell(&mut d, "d4", "kind"), "Berolina", "a Move that is not a capture takes nothing");
}

#[test]
fn a_berolina_promotes_on_the_last_rank() {
    let c = berolina(&[("d1", "King", "White"), ("h1", "King", "Black"), ("b7", "Berolina", "White")]);
    let mut d = driver(&c);
    ok(&mut d, "click b7");
    ok(&mut d, "click a8");
    assert_eq!(state(&mut d), "Promotion", "a Berolina reaching Rank 8 opens the Promotion choice");
    let button = common::promotion_button(&mut d, "Rook");
    ok(&mut d, &format!("press {button}"));
    assert_eq!(cell(&mut d, "a8", "kind"), "Rook");
    let faults = ok(&mut d, "faults");
    assert!(faults.get("faults").as_array().is_empty(), "{faults}");
}
