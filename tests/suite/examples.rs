//! The games of content/examples/, played through the driver as a player
//! plays them: each checks clean and plays to its end.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::source::files::Files;
use common::{ok, text, TempContent};

fn example(name: &str) -> std::path::PathBuf {
    common::root().join("content/examples").join(name)
}

fn side_on(d: &mut Driver, cell: &str) -> String {
    text(d, &format!("eval data('Board', '{cell}', 'side')"))
}

/// The visible Marks' Cells (the selected stone's ring and its moves' dots).
fn marks(d: &mut Driver) -> Vec<String> {
    common::visible(d, "objects", "Mark")
}

fn play(d: &mut Driver, moves: &[(&str, &str)]) {
    for (from, to) in moves {
        ok(d, &format!("click {from}"));
        ok(d, &format!("click {to}"));
    }
}

/// Every game folder of the repository but the gallery's (content/chess,
/// each of content/examples/, and each test fixture that is a whole game:
/// has a game.yaml), found on the disk so that a new one is checked too.
/// content/variants/ is checked by gallery.rs, through the binary's `check`.
fn every_game_folder() -> Vec<std::path::PathBuf> {
    let mut out = vec![common::chess_dir()];
    for parent in ["content/examples", "tests/fixtures"] {
        let mut found: Vec<_> = std::fs::read_dir(common::root().join(parent))
            .unwrap_or_else(|e| panic!("{parent}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.join("game.yaml").is_file())
            .collect();
        found.sort();
        out.extend(found);
    }
    out
}

#[test]
fn every_game_folder_checks_clean() {
    let folders = every_game_folder();
    assert!(folders.len() >= 12, "{folders:?}");
    for dir in folders {
        let report = common::load::check_with_data(Files::Dir(dir.clone()), None);
        assert!(report.is_fine(), "{}: {}", dir.display(), report.details());
        // Clean means no warning either.
        assert!(!report.details().contains("warning"), "{}: {}", dir.display(), report.details());
    }
}

#[test]
fn breakthrough_is_played_to_its_end_and_starts_again() {
    let mut d = common::two_players(common::load_game(&example("breakthrough")));
    assert_eq!(text(&mut d, "global status"), "White to move");
    // A stone steps straight or diagonally forward onto an empty Cell.
    ok(&mut d, "click d2");
    assert_eq!(marks(&mut d), ["c3", "d2", "d3", "e3"]);
    // A stone of the other Side is not selected out of turn.
    ok(&mut d, "click d7");
    assert!(marks(&mut d).is_empty());
    play(&mut d, &[("d2", "d3")]);
    assert_eq!(text(&mut d, "global status"), "Black to move");
    play(&mut d, &[("h7", "h6"), ("d3", "d4"), ("h6", "h5"), ("d4", "d5"), ("h5", "h4"), ("d5", "d6")]);
    // At the edge, the Black stone on h4 has two steps (no i-file).
    ok(&mut d, "click h4");
    assert_eq!(marks(&mut d), ["g3", "h3", "h4"]);
    ok(&mut d, "click h3");
    // The White stone on d6 may not step straight onto d7 (taken), only take diagonally.
    ok(&mut d, "click d6");
    assert_eq!(marks(&mut d), ["c7", "d6", "e7"]);
    ok(&mut d, "click c7");
    assert_eq!(side_on(&mut d, "c7"), "White");
    assert_eq!(side_on(&mut d, "d6"), "");
    play(&mut d, &[("a7", "a6"), ("c7", "b8")]);
    // Reaching the far rank wins.
    assert_eq!(side_on(&mut d, "b8"), "White");
    assert_eq!(text(&mut d, "global winner"), "White");
    assert_eq!(text(&mut d, "global status"), "White wins! Press New Game to play again.");
    let status_line = ok(&mut d, "objects \"Status Line\"");
    assert_eq!(
        status_line.get("objects").as_array()[0].get("text").as_str(),
        Some("White wins! Press New Game to play again.")
    );
    assert_eq!(ok(&mut d, "state").get("state").as_str(), Some("Game Over"));
    // The game is over: the Board hears no click.
    play(&mut d, &[("e7", "e6")]);
    assert_eq!(side_on(&mut d, "e7"), "Black");

    ok(&mut d, "press \"New Game\"");
    assert_eq!(ok(&mut d, "state").get("state").as_str(), Some("Playing"));
    assert_eq!(text(&mut d, "global status"), "White to move");
    assert_eq!(side_on(&mut d, "d2"), "White");
    assert_eq!(side_on(&mut d, "b8"), "Black");
    assert_eq!(side_on(&mut d, "h3"), "");
}

#[test]
fn breakthrough_is_won_by_taking_every_stone_of_the_other_side() {
    // A copy whose Board starts with one Black stone: taking it wins.
    let copy = TempContent::of(&example("breakthrough"), "bt-last-stone");
    let board = copy.read("tables/Board.csv");
    let one_black: String = board
        .lines()
        .map(|l| {
            if l.ends_with(",Black") && !l.starts_with("d3,") {
                l.trim_end_matches("Black").to_string()
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect();
    copy.write("tables/Board.csv", &one_black.replacen("d3,4,3,", "d3,4,3,Black", 1));
    let mut d = common::two_players(common::load_game(&copy.dir));
    play(&mut d, &[("c2", "d3")]);
    assert_eq!(text(&mut d, "global status"), "White wins! Press New Game to play again.");
}

#[test]
fn a_new_step_in_the_steps_table_is_picked_up_by_reload_mid_game() {
    let copy = TempContent::of(&example("breakthrough"), "bt-reload");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play(&mut d, &[("a2", "a3"), ("h7", "h6")]);
    copy.append("tables/Steps.csv", "Jump,0,2,true,false\n");
    ok(&mut d, "reload");
    assert_eq!(side_on(&mut d, "a3"), "White");
    assert_eq!(text(&mut d, "global toMove"), "White");
    play(&mut d, &[("e2", "e4")]);
    assert_eq!(side_on(&mut d, "e4"), "White");
    assert_eq!(text(&mut d, "global status"), "Black to move");
}

#[test]
fn the_template_places_a_stone_of_each_side_in_turn_on_empty_cells() {
    // Two Players: its Computer off (tests/suite/cards_computer.rs plays it).
    let mut d = common::two_players(common::load_game(&example("template")));
    assert_eq!(text(&mut d, "global status"), "White to play");
    ok(&mut d, "click b2");
    ok(&mut d, "click b2");
    ok(&mut d, "click a1");
    assert_eq!(text(&mut d, "eval data('Board', 'b2', 'stone')"), "White");
    assert_eq!(text(&mut d, "eval data('Board', 'a1', 'stone')"), "Black");
    assert_eq!(text(&mut d, "global status"), "White to play");
    let frames: Vec<Json> = ["b2", "a1", "c3"]
        .iter()
        .map(|c| ok(&mut d, &format!("objects {c}")).get("objects").as_array()[0].get("frame").clone())
        .collect();
    assert_eq!(frames, [Json::Num(1.0), Json::Num(2.0), Json::Num(0.0)]);
}

#[test]
fn tic_tac_toe_made_from_the_template_is_won_drawn_and_started_again() {
    let mut d = common::two_players(common::load_game(&example("tic-tac-toe")));
    for cell in ["a1", "a2", "b2", "b1", "c3"] {
        ok(&mut d, &format!("click {cell}"));
    }
    assert_eq!(text(&mut d, "global status"), "White wins! Click to play again.");
    assert_eq!(ok(&mut d, "state").get("state").as_str(), Some("Game Over"));
    // A click once it is over starts again, placing nothing.
    ok(&mut d, "click c2");
    assert_eq!(text(&mut d, "global status"), "White to play");
    assert_eq!(text(&mut d, "eval data('Board', 'c2', 'stone')"), "");
    assert_eq!(text(&mut d, "eval data('Board', 'a1', 'stone')"), "");
    // W a1, B b2, W c3, B b1, W b3, B a3, W c1, B c2, W a2: no line, a draw.
    for cell in ["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"] {
        ok(&mut d, &format!("click {cell}"));
    }
    assert_eq!(text(&mut d, "global status"), "A draw. Click to play again.");
}
