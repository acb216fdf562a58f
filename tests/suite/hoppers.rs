//! Hoppers and lame leapers by rows (issue 22): the examples
//! `content/examples/grasshopper/` (a Grasshopper, which jumps over the first
//! Piece on a Queen's line and lands just beyond it) and
//! `content/examples/xiangqi-pieces/` (Xiangqi's Cannon, Horse and Elephant),
//! made from the chess game by `tools/examples/make_hoppers.py` with rows of
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

/// The edited files of each example (the rest is content/chess's, byte for byte).
const EDITED: [&str; 6] = [
    "tables/Kinds.csv",
    "tables/Kinds.fr.csv",
    "tables/Directions.csv",
    "tables/Position.csv",
    "game.yaml",
    "README.md",
];

fn example(name: &str) -> PathBuf {
    common::root().join("content/examples").join(name)
}

#[test]
fn each_example_is_the_chess_game_with_rows_of_its_tables_changed() {
    let chess = common::chess_dir();
    for name in ["grasshopper", "xiangqi-pieces"] {
        let dir = example(name);
        common::assert_chess_but(&dir, &EDITED, &[], "python3 tools/examples/make_hoppers.py");
        // The chess rows of Directions are kept as they are, in their order
        // (the grasshopper's Pawn has no double step: Fairy-Stockfish's).
        let chess_rows = std::fs::read_to_string(chess.join("tables/Directions.csv")).expect("read");
        let rows = std::fs::read_to_string(dir.join("tables/Directions.csv")).expect("read");
        let want: Vec<String> = chess_rows
            .lines()
            .map(|l| {
                if name == "grasshopper" {
                    l.replace("Pawn forward,Pawn,0,1,1,2,", "Pawn forward,Pawn,0,1,1,1,")
                } else {
                    l.to_string()
                }
            })
            .collect();
        assert_eq!(rows.lines().take(want.len()).collect::<Vec<_>>(), want, "{name}: the chess rows of Directions");
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
    copy.replace_once(
        "tables/Directions.csv",
        "\nCannon capture 0 1,Cannon,0,1,7,7,false,true,1,",
        "\nCannon capture 0 1,Cannon,0,1,7,7,false,true,0.5,",
    );
    let stderr = check(&copy.dir);
    let want = "tables/Directions.csv:41:46: error: the engine library takes a whole number from 0 up in `jumpsOver`, \
                not 0.5 (row `Cannon capture 0 1`)";
    assert!(stderr.contains(want), "{stderr}");
    copy.replace_once("tables/Directions.csv", ",false,true,0.5,", ",false,true,-1,");
    assert!(check(&copy.dir).contains("in `jumpsOver`, not -1 (row `Cannon capture 0 1`)"));
    copy.replace_once("tables/Directions.csv", ",false,true,-1,", ",false,true,1,");
    copy.replace_once(
        "tables/Directions.csv",
        "\nHorse 1 2,Horse,1,2,1,1,true,true,0,false,0,1\n",
        "\nHorse 1 2,Horse,1,2,1,1,true,true,0,false,0.5,1\n",
    );
    assert!(check(&copy.dir).contains("a whole number in `blockedAtFile`, not 0.5 (row `Horse 1 2`)"));
}

fn check(dir: &Path) -> String {
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(dir).output().expect("run check");
    assert!(!out.status.success(), "check should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}
