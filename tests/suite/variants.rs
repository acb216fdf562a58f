//! The chess variant of `content/examples/nightrider-camel/` (issue 14): the
//! chess game with a Nightrider (a rider) and a Camel (a leaper) invented by
//! rows of tables alone. Its moves, checks, pins, names, FENs and promotions,
//! played as a player plays them, are the scenario
//! `tests/scenarios/variant_nightrider_camel.scenario`; here: that the folder
//! is made over the chess game and holds only those rows changed, that `cardtable check`
//! finds nothing wrong with it, and that the built-in engine plays it against
//! itself through the cards, every move one the cards allow.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn variant_dir() -> PathBuf {
    common::root().join("content/examples/nightrider-camel")
}
use common::{move_set, ok, run};

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// The variant is made over content/chess and holds only what it changes:
/// its Kinds (whole: the Nightrider stands before the Knight), their French
/// words, rows of Directions, Position and Promotions (as their changes),
/// and the game's name (the cards, objects and art are the chess game's).
#[test]
fn the_variant_is_the_chess_game_with_rows_of_its_tables_changed() {
    let (chess, variant) = (common::chess_dir(), variant_dir());
    let edited = [
        "tables/Kinds.csv",
        "tables/Kinds.fr.csv",
        "tables/Directions.csv",
        "tables/Position.csv",
        "tables/Promotions.csv",
    ];
    common::assert_holds_only_its_changes(&variant, "../../chess", "Nightrider and Camel Chess", &edited, &[]);
    let read = |dir: &Path, f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    // Kinds: the chess rows, the Nightrider before the Knight, the Camel
    // last; neither has art.
    let (ck, vk) = (read(&chess, "tables/Kinds.csv"), read(&variant, "tables/Kinds.csv"));
    let mut want = lines(&ck);
    let knight = want.iter().position(|l| l.starts_with("Knight,")).expect("a Knight row");
    want.insert(knight, "Nightrider,,,S,=S,550,\", promote to nightrider\",S,=S,false,false,false,false,false,false");
    want.push("Camel,,,C,=C,250,\", promote to camel\",C,=C,false,false,false,false,false,false");
    assert_eq!(lines(&vk), want);
    assert_eq!(
        lines(&vk)[5],
        "Nightrider,,,S,=S,550,\", promote to nightrider\",S,=S,false,false,false,false,false,false",
        "row 4 of Kinds (the header, King, then 1 to 4)"
    );
    // Their words in French (the Hint message) and their letters in the
    // French Move List: the chess rows, the two Kinds added.
    let (cf, vf) = (read(&chess, "tables/Kinds.fr.csv"), read(&variant, "tables/Kinds.fr.csv"));
    let mut want = lines(&cf);
    let knight = want.iter().position(|l| l.starts_with("Knight,")).expect("a Knight row");
    want.insert(knight, "Nightrider,\", promotion en noctambule\",N,=N");
    want.push("Camel,\", promotion en chameau\",M,=M");
    assert_eq!(lines(&vf), want);
    // The tables as the game loads them, against chess's.
    let (mut theirs, mut ours) = (common::chess_driver(), common::two_players(common::load_game(&variant)));
    // Promotions: the fourth place offers the Nightrider to both Sides, where
    // chess offers the Knight.
    let promotions = common::changed_rows(&mut theirs, &mut ours, "Promotions");
    assert_eq!(promotions, ["Fourth: White Nightrider, Black Nightrider"]);
    // Directions: the chess rows, then 8 of each new Kind.
    let added = common::changed_rows(&mut theirs, &mut ours, "Directions");
    assert_eq!(added.len(), 16, "{added:?}");
    let rest = ", canMove true, canCapture true, jumpsOver 0, landsJustBeyond false, blockedAtFile 0, blockedAtRank 0";
    let nightrider = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let camel = [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)];
    let row = |kind: &str, (f, r): (i32, i32), steps: u32| {
        format!("+{kind} {f} {r}: kind {kind}, fileStep {f}, rankStep {r}, steps {steps}, firstMoveSteps {steps}{rest}")
    };
    let mut want: Vec<String> = nightrider.iter().map(|&s| row("Nightrider", s, 7)).collect();
    want.extend(camel.iter().map(|&s| row("Camel", s, 1)));
    assert_eq!(added, want);
    // Position: the four Knights' Squares hold Camels (b) and Nightriders (g).
    assert_eq!(
        common::changed_rows(&mut theirs, &mut ours, "Position"),
        ["b1: kind Camel", "g1: kind Nightrider", "b8: kind Camel", "g8: kind Nightrider"]
    );
    for square in ["b1", "g1", "b8", "g8"] {
        let knight = ok(&mut theirs, &format!("eval data('Position', '{square}', 'kind')"));
        assert_eq!(knight.get("value").as_str(), Some("Knight"), "chess's {square}");
    }
}

/// `cardtable check` finds no mistake and no fault in the variant.
#[test]
fn check_finds_nothing_wrong_with_the_variant() {
    let out =
        Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(variant_dir()).output().expect("run check");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("`Nightrider and Camel Chess` is fine"), "{stdout}");
    assert!(stdout.contains("it starts without a fault"), "{stdout}");
    assert!(stderr.is_empty(), "no warnings: {stderr}");
}

/// The built-in engine (noise 0, depth 2) plays the variant against itself
/// to the end of a game or 150 plies; each of its moves is among the cards'
/// Legal Moves (`moves`) and is played as a player plays it, by clicks (and
/// the Promotion button), and the cards find the Piece where it went. The
/// invented Kinds take part: some of the moves are theirs, named with their
/// letters in the Move History.
#[test]
fn the_engine_plays_the_variant_against_itself_with_only_legal_moves() {
    let game = common::load_game(&variant_dir());
    let letters = cardtable_chess::library::kind_letters(&game).expect("the Kinds' letters");
    let mut d = common::two_players(game);
    let mut plies = 0;
    let mut invented_moved = 0;
    while plies < 150 {
        if run(&mut d, "state").get("state").as_str() == Some("Game Over") {
            break;
        }
        let legal = move_set(&mut d, "moves");
        if legal.is_empty() {
            break;
        }
        let best = run(&mut d, "enginebestmove depth 2 noise 0");
        let m = best.get("move").as_str().unwrap_or_else(|| panic!("no move: {best}")).to_string();
        assert!(legal.contains(&m), "ply {plies}: the engine's {m} is not one of the cards' moves {legal:?}");
        let (from, to) = (&m[0..2], &m[2..4]);
        let kind = run(&mut d, &format!("eval data('Position', '{from}', 'kind')"))
            .get("value")
            .as_str()
            .unwrap_or("")
            .to_string();
        if kind == "Nightrider" || kind == "Camel" {
            invented_moved += 1;
        }
        run(&mut d, &format!("click {from}"));
        run(&mut d, &format!("click {to}"));
        let mut landed = kind.clone();
        if let Some(p) = m.chars().nth(4) {
            let (promoted, _) = letters.iter().find(|(_, l)| *l == p).expect("a Kind of that letter");
            let button = common::promotion_button(&mut d, promoted);
            run(&mut d, &format!("press {button}"));
            landed = promoted.clone();
        }
        let there = run(&mut d, &format!("eval data('Position', '{to}', 'kind')"));
        assert_eq!(there.get("value").as_str(), Some(landed.as_str()), "ply {plies}: {m}");
        plies += 1;
    }
    let status = run(&mut d, "global status");
    eprintln!(
        "{plies} plies, {invented_moved} by a Nightrider or a Camel; the status line: {status}; {}",
        run(&mut d, "fen")
    );
    let faults = run(&mut d, "faults");
    assert!(faults.get("faults").as_array().is_empty(), "{faults}");
    assert!(plies >= 20, "a game of {plies} plies");
    assert!(invented_moved >= 4, "the Nightriders and Camels moved {invented_moved} times");
    // The Move History names each Move of an invented Kind with its letter.
    let history = run(&mut d, "table Move History");
    let rows = history.get("rows").as_array();
    assert_eq!(rows.len(), plies);
    let mut named = 0;
    for row in rows {
        let letter = match row.get("landingKind").as_str() {
            Some("Nightrider") => "S",
            Some("Camel") => "C",
            _ => continue,
        };
        if row.get("promotion").as_str() == Some("") {
            assert_eq!(row.get("letter").as_str(), Some(letter), "{row}");
            named += 1;
        }
    }
    assert_eq!(named, invented_moved, "{history}");
}

/// A Wazir-rider (issue 19): a Kind that rides the four orthogonal
/// Directions two Squares at most, its Directions' `firstMoveSteps` left
/// empty. An empty `firstMoveSteps` is the row's `steps` (Directions.yaml:
/// `default: { column: steps }`), so on its Side's Pawn Rank it moves two
/// Squares, as far as it gives check (Is Square Attacked reads `steps`);
/// before, an empty cell meant 1 there, and it moved one Square but gave
/// check from two. The cards (`moves`, Follow Direction) and the built-in
/// engine (`enginemoves`, which reads the same cell) agree.
#[test]
fn an_empty_first_move_steps_is_the_rows_steps_for_the_cards_and_the_engine() {
    let copy = common::TempContent::chess("wazir-rider");
    copy.append("tables/Kinds.csv", "Wazir Rider,,,W,=W,500,,W,=W,,,,,,\n");
    let rows: String = [("up", 0, 1), ("right", 1, 0), ("down", 0, -1), ("left", -1, 0)]
        .iter()
        .map(|(name, f, r)| format!("Wazir Rider {name},Wazir Rider,{f},{r},2,,true,true,0,false,0,0\n"))
        .collect();
    copy.append("tables/Directions.csv", &rows);
    let mut d = common::two_players(common::load_game(&copy.dir));
    assert_eq!(
        run(&mut d, "eval data('Directions', 'Wazir Rider up', 'firstMoveSteps')").get("value"),
        &cardtable_runtime::json::Json::Num(2.0),
        "the empty cell holds the row's steps"
    );
    // On e2, White's Pawn Rank, a Black Rook two Squares up, the Black King far.
    run(&mut d, "setfen 7k/8/8/8/4r3/8/4W3/K7 w - - 0 1");
    let from_e2 =
        |moves: &BTreeSet<String>| -> Vec<String> { moves.iter().filter(|m| m.starts_with("e2")).cloned().collect() };
    let cards = move_set(&mut d, "moves");
    assert_eq!(from_e2(&cards), ["e2c2", "e2d2", "e2e1", "e2e3", "e2e4", "e2f2", "e2g2"], "{cards:?}");
    assert_eq!(move_set(&mut d, "enginemoves"), cards, "the built-in engine agrees");
    // The Targets a player sees when the Piece is clicked: two Squares up, taking the Rook.
    common::ok(&mut d, "click e2");
    let reachable = |d: &mut cardtable_runtime::host::driver::Driver, sq: &str| {
        run(d, &format!("eval data('Targets', '{sq}', 'reachable')")).get("value")
            == &cardtable_runtime::json::Json::Bool(true)
    };
    assert!(reachable(&mut d, "e3") && reachable(&mut d, "e4") && reachable(&mut d, "c2"));
    assert!(!reachable(&mut d, "e5") && !reachable(&mut d, "b2"));
    // Its check reaches as far: the Black King two Squares up must step off the file's e3 and e4.
    run(&mut d, "setfen 8/8/8/8/4k3/8/4W3/K7 b - - 0 1");
    let cards = move_set(&mut d, "moves");
    assert_eq!(cards.iter().cloned().collect::<Vec<_>>(), ["e4d3", "e4d4", "e4d5", "e4e5", "e4f3", "e4f4", "e4f5"]);
    assert_eq!(move_set(&mut d, "enginemoves"), cards, "the built-in engine agrees");
}
