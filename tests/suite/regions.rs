//! Regions (issue 36, content/README.md "Regions"): the Regions,
//! Confinement, Direction Regions and Royal Lines tables, followed by the
//! cards' moves (what a click marks), their attacks (check), Threats mode's
//! pins and arrows, and refused by the built-in engine, which knows none of
//! them. Xiangqi (content/variants/xiangqi) is made of them; its perft
//! against Fairy-Stockfish is tests/suite/fairy.rs's.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{move_set, ok, run, TempContent};

fn xiangqi() -> Driver {
    let dir: PathBuf = common::root().join("content/variants/xiangqi");
    common::two_players(common::load_game(&dir))
}

/// The Squares a click on `from` marks (the Targets table's reachable rows).
fn marked(d: &mut Driver, from: &str) -> BTreeSet<String> {
    ok(d, &format!("click {from}"));
    let table = run(d, "table Targets");
    let marks: BTreeSet<String> = table
        .get("rows")
        .as_array()
        .iter()
        .filter(|r| r.get("reachable") == &Json::Bool(true))
        .filter_map(|r| r.get("name").as_str().map(String::from))
        .collect();
    ok(d, &format!("click {from}"));
    marks
}

fn set(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

fn setfen(d: &mut Driver, fen: &str) {
    let back = ok(d, &format!("setfen {fen}"));
    assert_eq!(back.get("fen").as_str(), Some(fen), "setfen reads back as written");
}

/// The palace keeps the General and the Advisors in, the river keeps the
/// Elephant in its Side's half and lets a Soldier step sideways only once
/// across it, for each Side (Black's regions counted from its own end).
#[test]
fn the_palace_and_the_river_confine_xiangqis_pieces_for_each_side() {
    let mut d = xiangqi();
    // The start: a Soldier before the river steps forward alone; the
    // General stays in the palace; the Advisor keeps to its diagonals in it.
    assert_eq!(marked(&mut d, "e4"), set(&["e5"]));
    assert_eq!(marked(&mut d, "e1"), set(&["e2"]));
    assert_eq!(marked(&mut d, "d1"), set(&["e2"]));
    // An Elephant on its half's edge goes back, never across (c7, g7).
    setfen(&mut d, "3k5/9/9/9/9/4B4/9/9/4A4/4K4 w - - 0 1");
    assert_eq!(marked(&mut d, "e5"), set(&["c3", "g3"]));
    assert_eq!(marked(&mut d, "e2"), set(&["d1", "d3", "f1", "f3"]));
    // A Soldier across the river steps sideways too; Black's the same, mirrored.
    setfen(&mut d, "3k5/9/9/9/4P4/4p4/9/9/9/5K3 w - - 0 1");
    assert_eq!(marked(&mut d, "e6"), set(&["d6", "e7", "f6"]));
    assert_eq!(marked(&mut d, "f1"), set(&["e1", "f2"]), "the palace's edge at f1: no g1");
    ok(&mut d, "click f1");
    ok(&mut d, "click f2");
    assert_eq!(marked(&mut d, "e5"), set(&["d5", "e4", "f5"]));
    assert_eq!(marked(&mut d, "d10"), set(&["d9", "e10"]), "Black's palace: d8 to f10");
}

/// The flying general: no Move leaves the Generals facing on an open File,
/// whether the General steps onto it or the last Piece between them leaves.
#[test]
fn the_generals_may_not_face_each_other() {
    let mut d = xiangqi();
    setfen(&mut d, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(move_set(&mut d, "moves"), set(&["d1d2"]), "e1 would face e10");
    setfen(&mut d, "4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1");
    let chariot: BTreeSet<String> = move_set(&mut d, "moves").into_iter().filter(|m| m.starts_with("e6")).collect();
    assert!(!chariot.is_empty() && chariot.iter().all(|m| m[2..3] == *"e"), "it stays on the File: {chariot:?}");
}

/// The built-in engine knows no region: it says so, and the search over
/// the cards answers instead (`bestmove`).
#[test]
fn the_built_in_engine_refuses_regions_and_the_cards_play() {
    let mut d = xiangqi();
    let refused = d.command("enginemoves");
    assert!(refused.is_error(), "{refused}");
    assert!(refused.to_string().contains("knows no regions nor Royal Lines"), "{refused}");
    let best = ok(&mut d, "bestmove depth 1 seed 1");
    let m = best.get("move").as_str().expect("a move").to_string();
    assert!(move_set(&mut d, "moves").contains(&m), "{m}");
}

/// Chess with its Rooks confined to their own four Ranks (a region each
/// Side's, Black's Ranks 5 to 8): a confined Rook attacks nothing outside
/// it, so it gives no check there, pins nothing there, and its arrows stop
/// at the region's edge; unconfined, the same position is a check, a pin,
/// an arrow to the King.
#[test]
fn a_confined_piece_attacks_pins_and_points_only_inside_its_region() {
    let content = TempContent::chess("regions");
    content.write("tables/Regions.csv", "name,fromFile,toFile,fromRank,toRank,eachSide\nHome,1,8,1,4,true\n");
    let fen_check = "4r2k/8/8/8/8/8/8/4K3 w - - 0 1";
    let fen_pin = "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1";
    for confined in [false, true] {
        if confined {
            content.write("tables/Confinement.csv", "name,region\nRook,Home\n");
        }
        let mut d = common::two_players(common::load_game(&content.dir));
        setfen(&mut d, fen_check);
        let status = common::text(&mut d, "global status");
        assert_eq!(status, if confined { "Your move" } else { "Check" }, "Look For Check, confined {confined}");
        let king = move_set(&mut d, "moves");
        assert_eq!(
            king.contains("e1e2"),
            confined,
            "the King may step up the File only if the Rook is confined: {king:?}"
        );
        setfen(&mut d, fen_pin);
        ok(&mut d, "press Threats");
        ok(&mut d, "click e2");
        let pinned = run(&mut d, "eval data('Threats', 'e2', 'pinnedBy')");
        let want = if confined { "" } else { "e8" };
        assert_eq!(pinned.get("value").as_str(), Some(want), "confined {confined}");
        let toward: Vec<String> = run(&mut d, "table Arrows")
            .get("rows")
            .as_array()
            .iter()
            .filter(|r| r.get("to").as_str() == Some("e2"))
            .filter_map(|r| r.get("from").as_str().map(String::from))
            .collect();
        assert_eq!(toward.is_empty(), confined, "an arrow from the Rook toward the Bishop: {toward:?}");
        let bishop = move_set(&mut d, "moves");
        assert_eq!(bishop.contains("e2d3"), confined, "the Bishop moves off the File only if unpinned: {bishop:?}");
        ok(&mut d, "click e2");
        ok(&mut d, "click e8");
        let arrows = run(&mut d, "table Arrows");
        let down: Vec<String> = arrows
            .get("rows")
            .as_array()
            .iter()
            .filter(|r| r.get("from").as_str() == Some("e8"))
            .filter_map(|r| r.get("to").as_str().map(String::from))
            .filter(|to| to.starts_with('e'))
            .collect();
        let want = if confined { ["e5"] } else { ["e2"] };
        assert_eq!(down, want, "the Rook's arrow down the File, confined {confined}");
    }
}
