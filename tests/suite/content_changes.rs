//! The game changes by editing content, never Rust: a copy of content/chess
//! with a table changed plays differently, as the book's chapters promise.

use crate::common;

use std::collections::BTreeSet;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::TempContent;

fn ok(driver: &mut Driver, command: &str) -> Json {
    let answer = driver.command(command);
    assert!(!answer.is_error(), "`{command}` answered {answer}");
    assert!(answer.get("faults").as_array().is_empty(), "`{command}` made the cards fault: {answer}");
    answer
}

/// The visible Move Marks, with their frame (0 a dot, 1 a ring).
fn marks(driver: &mut Driver) -> BTreeSet<(String, u8)> {
    ok(driver, "objects \"Move Mark\"")
        .get("objects")
        .as_array()
        .iter()
        .filter(|o| o.get("type").as_str() == Some("Move Mark") && o.get("visible") == &Json::Bool(true))
        .map(|o| {
            let frame = match o.get("frame") {
                Json::Num(n) => *n as u8,
                other => panic!("a Move Mark's frame is {other}"),
            };
            (o.get("name").as_str().unwrap().to_string(), frame)
        })
        .collect()
}

fn set(items: &[(&str, u8)]) -> BTreeSet<(String, u8)> {
    items.iter().map(|(s, f)| (s.to_string(), *f)).collect()
}

fn status(driver: &mut Driver) -> String {
    ok(driver, "global status").get("value").as_str().expect("status is a Text").to_string()
}

fn status_line_text(driver: &mut Driver) -> String {
    let answer = ok(driver, "objects \"Status Line\"");
    answer.get("objects").as_array()[0].get("text").as_str().expect("the Status Line shows a text").to_string()
}

/// Sets `steps` (the fourth column) of every Knight row of Directions.csv.
fn knights_ride(copy: &TempContent, steps: u32) {
    let text = copy.read("tables/Directions.csv");
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let kind = header.iter().position(|c| *c == "kind").expect("a kind column");
    let col = header.iter().position(|c| *c == "steps").expect("a steps column");
    let mut changed = 0;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let mut cells: Vec<String> = line.split(',').map(str::to_string).collect();
            if cells.get(kind).map(String::as_str) == Some("Knight") {
                cells[col] = steps.to_string();
                changed += 1;
            }
            cells.join(",")
        })
        .collect();
    assert_eq!(changed, 8, "the chess content has eight Knight rows");
    copy.write("tables/Directions.csv", &(lines.join("\n") + "\n"));
}

#[test]
fn the_committed_knights_take_one_step() {
    let mut d = common::chess_driver();
    ok(&mut d, "click b1");
    assert_eq!(marks(&mut d), set(&[("a3", 0), ("c3", 0)]));
}

#[test]
fn knights_with_seven_steps_ride_their_l_across_the_board() {
    let copy = TempContent::chess("knights-ride");
    knights_ride(&copy, 7);
    let mut d = common::two_players(common::load_game(&copy.dir));
    ok(&mut d, "click b1");
    // b1 -> c3 -> d5 -> e7 (a Black Pawn: a ring, and the ride stops); b1 -> a3, then off the Board.
    assert_eq!(marks(&mut d), set(&[("a3", 0), ("c3", 0), ("d5", 0), ("e7", 1)]));
    ok(&mut d, "click g1");
    assert_eq!(marks(&mut d), set(&[("h3", 0), ("f3", 0), ("e5", 0), ("d7", 1)]));
    // Other Pieces move as before.
    ok(&mut d, "click e2");
    assert_eq!(marks(&mut d), set(&[("e3", 0), ("e4", 0)]));
    // The long ride is a real Move: g1 takes the Pawn on d7, and the Turn passes.
    ok(&mut d, "click g1");
    ok(&mut d, "click d7");
    let piece = ok(&mut d, "eval data('Position', 'd7', 'kind')");
    assert_eq!(piece.get("value").as_str(), Some("Knight"));
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.sideToMove").get("value").as_str(), Some("Black"));
}

#[test]
fn a_riding_knight_attacks_from_afar() {
    // Is Square Attacked reads the same Directions rows: with seven steps, the
    // Black Knight on g8 attacks d2 along g8-f6-e4-d2; with one step, it does not.
    let attacked = |d: &mut Driver, square: &str| {
        let answer = ok(d, &format!("call Is Square Attacked square='{square}' bySide='Black'"));
        match answer.get("attacked") {
            Json::Bool(b) => *b,
            other => panic!("Is Square Attacked answered {answer} (attacked: {other})"),
        }
    };
    let mut committed = common::chess_driver();
    assert!(!attacked(&mut committed, "d2"));
    assert!(attacked(&mut committed, "f6"));
    let copy = TempContent::chess("knights-attack");
    knights_ride(&copy, 7);
    let mut d = common::two_players(common::load_game(&copy.dir));
    assert!(attacked(&mut d, "d2"));
    assert!(attacked(&mut d, "f6"));
    assert!(!attacked(&mut d, "e1"));
}

#[test]
fn the_status_speaks_the_words_of_the_words_table() {
    let copy = TempContent::chess("words");
    copy.replace_once("tables/Words.csv", "Your Move,Your move", "Your Move,À vous");
    copy.replace_once("tables/Words.csv", "Check,Check", "Check,Échec");
    let mut d = common::two_players(common::load_game(&copy.dir));
    assert_eq!(status(&mut d), "À vous");
    assert_eq!(status_line_text(&mut d), "À vous");
    for (from, to) in [("e2", "e4"), ("f7", "f6"), ("d1", "h5")] {
        ok(&mut d, &format!("click {from}"));
        ok(&mut d, &format!("click {to}"));
    }
    assert_eq!(status(&mut d), "Échec");
    assert_eq!(status_line_text(&mut d), "Échec");
    ok(&mut d, "click g7");
    ok(&mut d, "click g6");
    assert_eq!(status(&mut d), "À vous");
    assert_eq!(status_line_text(&mut d), "À vous");
}

/// Where the Object of `ty` named `name` stands (x, y).
fn place(driver: &mut Driver, name: &str, ty: &str) -> (f64, f64) {
    let answer = ok(driver, &format!("objects {name}"));
    let o = answer
        .get("objects")
        .as_array()
        .iter()
        .find(|o| o.get("type").as_str() == Some(ty))
        .unwrap_or_else(|| panic!("no {ty} named {name}: {answer}"))
        .clone();
    let num = |j: &Json| match j {
        Json::Num(n) => *n,
        other => panic!("{other} is no number"),
    };
    (num(o.get("x")), num(o.get("y")))
}

/// New Game for a Player who plays Black, through its Game Start: the Side
/// the Player plays is Board State's own playerSide until the saves feature
/// keeps the Side chosen, so a copy whose Board State starts as Black stands
/// for a Player who chose Black. The Board is drawn turned over (e2 where d7
/// is drawn: 3.75 m Squares, the corner at 0, 4.375 m), White is to move, and
/// Play starts the game again the same way round.
#[test]
fn a_player_who_plays_black_sees_the_board_turned_over_and_white_moves_first() {
    let copy = TempContent::chess("plays-black");
    copy.replace_once(
        "structures/Board State.yaml",
        "playerSide: { type: Text, default: White,",
        "playerSide: { type: Text, default: Black,",
    );
    let mut d = common::two_players(common::load_game(&copy.dir));
    let turned = (3.5 * 3.75, 4.375 + 6.5 * 3.75);
    for ty in ["Piece", "Square", "Move Mark"] {
        assert_eq!(place(&mut d, "e2", ty), turned, "the {ty} of e2 is drawn where d7 is, turned over");
    }
    assert_eq!(place(&mut d, "a1", "Piece"), (7.5 * 3.75, 4.375 + 7.5 * 3.75), "a1 is drawn top right");
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.isFlipped").get("value"), &Json::Bool(true));
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.sideToMove").get("value").as_str(), Some("White"));
    assert_eq!(status(&mut d), "Your move");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.sideToMove").get("value").as_str(), Some("Black"));
    ok(&mut d, "press \"New Game\"");
    ok(&mut d, "press Play");
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.sideToMove").get("value").as_str(), Some("White"));
    assert_eq!(place(&mut d, "e2", "Piece"), turned, "a new game for Black is turned over too");

    // The content as committed: White at the bottom.
    let mut white = common::chess_driver();
    assert_eq!(place(&mut white, "e2", "Piece"), (4.5 * 3.75, 4.375 + 1.5 * 3.75));
}

/// The FEN the chess library reads from the game.
fn fen(driver: &mut Driver) -> String {
    ok(driver, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

/// `--fen` and `--pgn` (the window's, through `Driver::apply_start_option`)
/// hold for the game a reload has to start again (`--watch`: a scene that
/// places other Objects): the new game starts from the command line's
/// position, not the content's start; a reload that keeps the game keeps
/// the game's own position.
#[test]
fn a_reload_that_starts_a_new_game_applies_the_command_lines_fen_and_pgn_again() {
    let copy = TempContent::chess("reload-fen");
    let start = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let mut d = common::two_players(common::load_game(&copy.dir));
    assert_eq!(d.apply_start_option("fen", start), Ok(()));
    ok(&mut d, "click a1");
    ok(&mut d, "click a7");
    assert_eq!(fen(&mut d), "4k3/R7/8/8/8/8/8/4K3 b - - 1 1");
    // A Directions change keeps the game where it was.
    copy.replace_once("tables/Directions.csv", "Knight 1 2,", "Knight 1 2 ,");
    copy.replace_once("tables/Directions.csv", "Knight 1 2 ,", "Knight 1 2,");
    let kept = d.reload_content().unwrap_or_else(|m| panic!("{m:?}"));
    assert!(!kept.started_again);
    assert_eq!(fen(&mut d), "4k3/R7/8/8/8/8/8/4K3 b - - 1 1");
    // A scene that places one more Object starts a new game: from --fen's position.
    let scene = copy.read("scene.yaml");
    let second = "\n  - object: No Moves Note\n    name: Second Note\n    group: Game Menu Panel\n    x: 0\n    y: 0\n";
    copy.write("scene.yaml", &format!("{scene}{second}"));
    let again = d.reload_content().unwrap_or_else(|m| panic!("{m:?}"));
    assert!(again.started_again, "{:?}", again.notes);
    assert_eq!(fen(&mut d), start);

    // The same with --pgn: the new game is the PGN's, played again.
    copy.write("scene.yaml", &scene);
    let pgn = copy.path("game.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 *\n").expect("write the PGN");
    let mut d = common::two_players(common::load_game(&copy.dir));
    assert_eq!(d.apply_start_option("pgn", &pgn.display().to_string()), Ok(()));
    let played = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    assert_eq!(fen(&mut d), played);
    ok(&mut d, "click b8");
    ok(&mut d, "click c6");
    copy.write("scene.yaml", &format!("{scene}{second}"));
    let again = d.reload_content().unwrap_or_else(|m| panic!("{m:?}"));
    assert!(again.started_again, "{:?}", again.notes);
    assert_eq!(fen(&mut d), played);
}
