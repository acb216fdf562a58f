//! Hoppers and lame leapers by rows (issue 22): the examples
//! `content/examples/grasshopper/` (a Grasshopper, which jumps over the first
//! Piece on a Queen's line and lands just beyond it) and
//! `content/examples/xiangqi-pieces/` (Xiangqi's Cannon, Horse and Elephant),
//! made over the chess game (`extends: ../../chess`) with rows of
//! Directions' `jumpsOver`, `landsJustBeyond`, `blockedAtFile` and
//! `blockedAtRank`. Their counts and move lists are checked against
//! Fairy-Stockfish's in tests/suite/fairy.rs (tests/fairy/grasshopper-qrbn.perft,
//! xiangqi-pieces.perft); here, that each folder is the chess game with only
//! its rows changed, and that a player who clicks each Piece of the Side to
//! move in each of those positions sees a Move Mark on exactly the Squares
//! Fairy-Stockfish's legal moves from it go to.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{ok, run, visible};

/// The files of chess's each example changes (whole, or a table's changes).
const EDITED: [&str; 4] = ["tables/Kinds.csv", "tables/Kinds.fr.csv", "tables/Directions.csv", "tables/Position.csv"];

fn example(name: &str) -> PathBuf {
    common::root().join("content/examples").join(name)
}

/// A Directions row as `changed_rows` writes an added one.
fn direction(name: &str, kind: &str, step: (i32, i32), steps: u32, moves: bool, takes: bool, jumps: u32) -> String {
    let cells = format!(
        "kind {kind}, fileStep {}, rankStep {}, steps {steps}, firstMoveSteps {steps}, canMove {moves}, \
         canCapture {takes}, jumpsOver {jumps}",
        step.0, step.1
    );
    format!("+{name}: {cells}")
}

/// Each example is made over content/chess and holds only what it changes:
/// rows added to Kinds and Directions (the chess rows kept, in their order;
/// the grasshopper's Pawn has no double step: Fairy-Stockfish's), the
/// Squares of the start it changes, the French letters, and its name.
#[test]
fn each_example_is_the_chess_game_with_rows_of_its_tables_changed() {
    let mut chess = common::chess_driver();
    let queen = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    let rook = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    for (name, title) in [("grasshopper", "Grasshopper Chess"), ("xiangqi-pieces", "Xiangqi Pieces Chess")] {
        let dir = example(name);
        common::assert_holds_only_its_changes(&dir, "../../chess", title, &EDITED, &[]);
        let mut d = common::two_players(common::load_game(&dir));
        // Kinds: each added Kind has no art (White and Black -1: a token with its letter).
        let kinds = common::changed_rows(&mut chess, &mut d, "Kinds");
        let kind = |name: &str, letter: &str, value: u32| {
            let cells = format!(
                "White -1, Black -1, letter {letter}, promotionMark ={letter}, value {value}, promotionWords , promote \
                 to {}, shownLetter {letter}, shownPromotionMark ={letter}, royal false, promotes false, enPassant \
                 false, resetsFiftyMoves false, minor false, oneShade false",
                name.to_lowercase()
            );
            format!("+{name}: {cells}")
        };
        let directions = common::changed_rows(&mut chess, &mut d, "Directions");
        // The added Directions' cells past those named (landsJustBeyond, blockedAtFile, blockedAtRank).
        let rest: Vec<String> =
            directions.iter().filter_map(|r| r.rsplit_once(", landsJustBeyond ")).map(|(_, t)| t.to_string()).collect();
        let mut start = common::changed_rows(&mut chess, &mut d, "Position");
        start.sort();
        if name == "grasshopper" {
            assert_eq!(kinds, [kind("Grasshopper", "G", 250)]);
            let mut want = vec!["Pawn forward: firstMoveSteps 1".to_string()];
            want.extend(
                queen
                    .iter()
                    .map(|&s| direction(&format!("Grasshopper {} {}", s.0, s.1), "Grasshopper", s, 7, true, true, 1)),
            );
            let named: Vec<String> =
                directions.iter().map(|r| r.split(", landsJustBeyond").next().unwrap().to_string()).collect();
            assert_eq!(named, want);
            assert!(rest.iter().all(|t| t == "true, blockedAtFile 0, blockedAtRank 0"), "{rest:?}");
            let mut want: Vec<String> = Vec::new();
            for file in "abcdefgh".chars() {
                want.push(format!("{file}2: kind Grasshopper"));
                want.push(format!("{file}3: kind Pawn, side White"));
                want.push(format!("{file}6: kind Pawn, side Black"));
                want.push(format!("{file}7: kind Grasshopper"));
            }
            want.sort();
            assert_eq!(start, want);
        } else {
            assert_eq!(kinds, [kind("Cannon", "C", 450), kind("Horse", "H", 300), kind("Elephant", "E", 200)]);
            assert_eq!(directions.len(), 20, "{directions:?}");
            let mut want: Vec<String> = rook
                .iter()
                .map(|&s| direction(&format!("Cannon move {} {}", s.0, s.1), "Cannon", s, 7, true, false, 0))
                .collect();
            want.extend(
                rook.iter()
                    .map(|&s| direction(&format!("Cannon capture {} {}", s.0, s.1), "Cannon", s, 7, false, true, 1)),
            );
            let named: Vec<String> =
                directions[..8].iter().map(|r| r.split(", landsJustBeyond").next().unwrap().to_string()).collect();
            assert_eq!(named, want);
            // The Horse is blocked one step along its long side, the Elephant at the middle of its leap.
            let blocked = |r: &String| r.rsplit_once(", blockedAtFile ").map(|(_, t)| t.to_string()).unwrap();
            let ways: Vec<String> = directions[8..]
                .iter()
                .map(|r| format!("{} at {}", r.split(':').next().unwrap(), blocked(r).replace(", blockedAtRank ", " ")))
                .collect();
            assert_eq!(
                ways,
                [
                    "+Horse 1 2 at 0 1",
                    "+Horse 2 1 at 1 0",
                    "+Horse 2 -1 at 1 0",
                    "+Horse 1 -2 at 0 -1",
                    "+Horse -1 -2 at 0 -1",
                    "+Horse -2 -1 at -1 0",
                    "+Horse -2 1 at -1 0",
                    "+Horse -1 2 at 0 1",
                    "+Elephant 2 2 at 1 1",
                    "+Elephant 2 -2 at 1 -1",
                    "+Elephant -2 -2 at -1 -1",
                    "+Elephant -2 2 at -1 1",
                ]
            );
            let mut want: Vec<String> = ["b1", "g1", "b8", "g8"].iter().map(|s| format!("{s}: kind Horse")).collect();
            want.extend(["c1", "f1", "c8", "f8"].iter().map(|s| format!("{s}: kind Elephant")));
            want.extend(["b3: kind Cannon, side White", "g3: kind Cannon, side White"].map(String::from));
            want.extend(["b6: kind Cannon, side Black", "g6: kind Cannon, side Black"].map(String::from));
            want.sort();
            assert_eq!(start, want);
        }
    }
}

/// Each position of a vector file: its FEN and Fairy-Stockfish's legal moves.
fn positions(file: &str) -> Vec<(String, BTreeSet<String>)> {
    let text = std::fs::read_to_string(common::root().join("tests/fairy").join(file)).expect("the vectors");
    let mut out: Vec<(String, BTreeSet<String>)> = Vec::new();
    for line in text.lines() {
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push((fen.to_string(), BTreeSet::new()));
        } else if let (Some(moves), Some(last)) = (line.strip_prefix("moves "), out.last_mut()) {
            last.1 = moves.split_whitespace().map(str::to_string).collect();
        }
    }
    assert!(!out.is_empty(), "{file} has positions");
    out
}

/// Clicks every Piece of the Side to move, as a player does, and compares the
/// Squares marked with those Fairy-Stockfish's moves from it reach.
fn clicks_show_fairy_stockfishs_moves(name: &str, file: &str) {
    let mut d = common::two_players(common::load_game(&example(name)));
    let mut wrong = Vec::new();
    let mut clicked = 0;
    for (fen, moves) in positions(file) {
        let mut want: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for m in &moves {
            want.entry(m[..2].to_string()).or_default().insert(m[2..4].to_string());
        }
        run(&mut d, &format!("setfen {fen}"));
        let white = fen.split_whitespace().nth(1) == Some("w");
        let side = if white { "White" } else { "Black" };
        for rank in 1..=8 {
            for file in "abcdefgh".chars() {
                let sq = format!("{file}{rank}");
                let answer = ok(&mut d, &format!("eval data('Position', '{sq}', 'side')"));
                if answer.get("value").as_str() != Some(side) {
                    continue;
                }
                ok(&mut d, &format!("click {sq}"));
                let marks: BTreeSet<String> = visible(&mut d, "objects Move Mark", "Move Mark").into_iter().collect();
                let expected = want.remove(&sq).unwrap_or_default();
                if marks != expected {
                    wrong.push(format!("{fen}: {sq} marks {marks:?}, Fairy-Stockfish {expected:?}"));
                }
                ok(&mut d, "key Escape");
                clicked += 1;
            }
        }
        if !want.is_empty() {
            wrong.push(format!("{fen}: moves from Squares without a Piece of {side}: {want:?}"));
        }
    }
    assert!(clicked > 50, "{name}: clicked {clicked} Pieces");
    assert!(wrong.is_empty(), "{name}: {} Pieces differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn a_grasshopper_shows_fairy_stockfishs_moves_when_clicked() {
    clicks_show_fairy_stockfishs_moves("grasshopper", "grasshopper-qrbn.perft");
}

#[test]
fn a_cannon_a_horse_and_an_elephant_show_fairy_stockfishs_moves_when_clicked() {
    clicks_show_fairy_stockfishs_moves("xiangqi-pieces", "xiangqi-pieces.perft");
}

/// A `jumpsOver` that is no whole number from 0 up, or a `blockedAtFile`
/// that is not whole, is a mistake of the engine at its cell, never a guess.
#[test]
fn a_jump_or_a_way_that_is_not_whole_is_refused_at_its_cell() {
    let copy = common::TempContent::of(&example("xiangqi-pieces"), "hoppers-bad-jump");
    let rows = "tables/Directions.changes.csv";
    copy.replace_once(
        rows,
        "\nadd,Cannon capture 0 1,Cannon,0,1,7,7,false,true,1,",
        "\nadd,Cannon capture 0 1,Cannon,0,1,7,7,false,true,0.5,",
    );
    let stderr = check(&copy.dir);
    let want =
        "tables/Directions.changes.csv:6:50: error: the engine library takes a whole number from 0 up in `jumpsOver`, \
                not 0.5 (row `Cannon capture 0 1`)";
    assert!(stderr.contains(want), "{stderr}");
    copy.replace_once(rows, ",false,true,0.5,", ",false,true,-1,");
    assert!(check(&copy.dir).contains("in `jumpsOver`, not -1 (row `Cannon capture 0 1`)"));
    copy.replace_once(rows, ",false,true,-1,", ",false,true,1,");
    copy.replace_once(
        rows,
        "\nadd,Horse 1 2,Horse,1,2,1,1,true,true,0,false,0,1\n",
        "\nadd,Horse 1 2,Horse,1,2,1,1,true,true,0,false,0.5,1\n",
    );
    assert!(check(&copy.dir).contains("a whole number in `blockedAtFile`, not 0.5 (row `Horse 1 2`)"));
}

fn check(dir: &Path) -> String {
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(dir).output().expect("run check");
    assert!(!out.status.success(), "check should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}
