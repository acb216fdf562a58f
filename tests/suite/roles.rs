//! The chess libraries know a Kind by its roles (Kinds' `royal`, `promotes`,
//! `enPassant`, `resetsFiftyMoves`) and a Side by its `fenLetter`, never by
//! its name: a copy of the chess content whose King is called Rex and whose
//! Pawn is called Soldier reads and writes the same FENs and counts the same
//! leaf positions with the built-in engine as chess does. Only the libraries
//! are asked here (`setfen`, `fen`, `enginemoves`, `engineperft`); the cards
//! are, in tests/suite/role_cards.rs. A content without a royal Kind loads (no
//! Piece is then in check: Antichess), and `check` says the built-in engine
//! cannot play it; two royal Kinds are a load mistake at the Kinds table's `royal`.

use crate::common;

use std::process::Command;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{run, strings, TempContent};

/// The chess content with King called Rex and Pawn called Soldier, in every
/// table that names a Kind (the rows of Kinds and of its French words, the
/// kind column of Directions and of Position).
fn renamed() -> TempContent {
    let copy = TempContent::chess("roles-renamed");
    for (file, from, to) in [
        ("tables/Kinds.csv", "\nKing,", "\nRex,"),
        ("tables/Kinds.csv", "\nPawn,", "\nSoldier,"),
        ("tables/Kinds.fr.csv", "\nKing,", "\nRex,"),
    ] {
        copy.replace_once(file, from, to);
    }
    for file in ["tables/Directions.csv", "tables/Position.csv"] {
        let text = copy.read(file);
        assert!(text.contains(",King,") && text.contains(",Pawn,"), "{file} names the King and the Pawn");
        copy.write(file, &text.replace(",King,", ",Rex,").replace(",Pawn,", ",Soldier,"));
    }
    copy
}

/// Positions with castling rights, en passant, promotions and checks.
const POSITIONS: [(&str, u32); 5] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    // Kiwipete: castlings both ways, pins, a promotion two moves off.
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    // perft position 3: en passant that would expose the King.
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    // perft position 4: promotions, castling out of a check's way.
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    // an en passant Square open to Black's Soldier on d4.
    ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", 3),
];

fn nodes(d: &mut Driver, depth: u32) -> f64 {
    match run(d, &format!("engineperft {depth}")).get("nodes") {
        Json::Num(n) => *n,
        other => panic!("engineperft {depth}: {other}"),
    }
}

#[test]
fn renamed_king_and_pawn_give_the_same_fens_and_counts_as_chess() {
    let copy = renamed();
    let mut chess = common::chess_driver();
    let mut renamed = Driver::new(common::load_game(&copy.dir));
    // The content's own start, read from its tables.
    assert_eq!(run(&mut renamed, "fen"), run(&mut chess, "fen"));
    for (fen, depth) in POSITIONS {
        for d in [&mut chess, &mut renamed] {
            assert_eq!(run(d, &format!("setfen {fen}")).get("fen").as_str(), Some(fen), "setfen {fen}");
            assert_eq!(run(d, "fen").get("fen").as_str(), Some(fen));
        }
        let (ours, theirs) = (run(&mut renamed, "enginemoves"), run(&mut chess, "enginemoves"));
        assert_eq!(strings(ours.get("moves")), strings(theirs.get("moves")), "{fen}");
        // Rex and Soldier move as chess's King and Pawn, in their roles: a UCI engine may play them.
        assert_eq!(ours.get("chess"), &Json::Bool(true), "{fen}: {ours}");
        assert_eq!(nodes(&mut renamed, depth), nodes(&mut chess, depth), "{fen}, {depth} deep");
    }
    // The Soldier takes en passant and is promoted; the Rex castles.
    run(&mut renamed, "setfen 4k3/P7/8/8/3pP3/8/8/R3K3 b Q e3 0 1");
    assert!(strings(run(&mut renamed, "enginemoves").get("moves")).contains("d4e3"));
    run(&mut renamed, "setfen 4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1");
    let moves = strings(run(&mut renamed, "enginemoves").get("moves"));
    assert!(moves.contains("a7a8q") && moves.contains("e1c1"), "{moves:?}");
}

fn check(dir: &std::path::Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(dir).output().expect("run check");
    assert!(!out.status.success(), "check should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_content_without_a_royal_kind_loads_and_one_with_two_is_a_load_mistake() {
    let copy = TempContent::chess("roles-no-royal");
    copy.replace_once("tables/Kinds.csv", "\nKing,0,6,K,,0,,K,,true,", "\nKing,0,6,K,,0,,K,,false,");
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(&copy.dir).output().expect("run check");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("starts without a fault"), "{stdout}");
    assert!(
        stdout.contains(
            "the built-in engine cannot play this game (the built-in engine plays a game with one royal Kind (a row \
             of Kinds whose `royal` is true), and this one has none"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("the Computer has no engine here"), "{stdout}");
    let mut d = common::two_players(common::load_game(&copy.dir));
    let answer = d.command("enginemoves");
    assert!(answer.is_error() && answer.to_string().contains("one royal Kind"), "{answer}");

    copy.replace_once("tables/Kinds.csv", "\nKing,0,6,K,,0,,K,,false,", "\nKing,0,6,K,,0,,K,,true,");
    copy.replace_once(
        "tables/Kinds.csv",
        "\nRook,2,8,R,=R,500,\", promote to rook\",R,=R,false,",
        "\nRook,2,8,R,=R,500,\", promote to rook\",R,=R,true,",
    );
    let stderr = check(&copy.dir);
    assert!(
        stderr.contains(
            "tables/Kinds.csv:4:42: error: the chess libraries play one royal Kind (a row of Kinds whose `royal` is \
             true), found two: `King` and `Rook`"
        ),
        "{stderr}"
    );
}

/// The engine takes the Pawn's powers together, on one Kind: one of them
/// alone is a mistake at its cell, not a guess.
#[test]
fn the_pawns_powers_apart_are_a_load_mistake_of_the_engine() {
    let copy = TempContent::chess("roles-pawn-apart");
    copy.replace_once(
        "tables/Kinds.csv",
        "\nPawn,5,11,,,100,,,,false,true,true,true",
        "\nPawn,5,11,,,100,,,,false,true,false,true",
    );
    let stderr = check(&copy.dir);
    assert!(
        stderr.contains(
            "tables/Kinds.csv:7:31: error: the engine library takes the Pawn's powers together (promotes, enPassant, \
             resetsFiftyMoves): `Pawn` has some but not `enPassant`"
        ),
        "{stderr}"
    );
}

/// FEN's `w` and `b` are the Sides' `fenLetter`s: one missing, or two Sides
/// with one letter, is a load mistake at the cell.
#[test]
fn each_fen_letter_is_one_sides() {
    let copy = TempContent::chess("roles-fen-letters");
    copy.replace_once("tables/Sides.csv", "\nBlack,-1,7,White,1,b", "\nBlack,-1,7,White,1,w");
    let stderr = check(&copy.dir);
    assert!(
        stderr.contains("tables/Sides.csv:3:20: error: the Sides `White` and `Black` have the same fenLetter `w`"),
        "{stderr}"
    );
    copy.replace_once("tables/Sides.csv", "\nBlack,-1,7,White,1,w", "\nBlack,-1,7,White,1,");
    let stderr = check(&copy.dir);
    let want = "tables/Sides.csv:1:46: error: the chess libraries need a Side whose `fenLetter` is `b` (its Pieces in \
                a FEN in lower case), found none";
    assert!(stderr.contains(want), "{stderr}");
    assert!(stderr.contains("has 1 mistake;"), "{stderr}");
}

/// A FEN tells each Kind by its letter; a Kind that promotes with an empty
/// `letter` (the Pawn) is p there, so a second one is a load mistake at its
/// cell, which says what to do.
#[test]
fn a_second_pawn_without_a_letter_is_a_load_mistake() {
    let copy = TempContent::chess("roles-two-p");
    copy.append("tables/Kinds.csv", "Berolina,,,,,100,,,,false,true,true,true,false,false\n");
    let stderr = check(&copy.dir);
    let want = "tables/Kinds.csv:8:12: error: the Kinds `Pawn` and `Berolina` have the same letter `p` in a FEN (a \
                Kind that promotes with no letter is p there): give `Berolina` a letter";
    assert!(stderr.contains(want), "{stderr}");
}
