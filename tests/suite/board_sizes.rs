//! Boards of other sizes than 8 by 8 (issue 22): the chess game on a 10 by 8
//! Board (`content/examples/board-10x8/`) and Gardner's minichess on a 5 by 5
//! one (`content/examples/board-5x5/`), both made over content/chess
//! (`extends: ../../chess`) by their tables. The cards read the Board's size from
//! the Board Size table; here a player clicks and presses keys on each Board
//! and reads what the cards did. (The window draws them: tests/suite/window.rs.)

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{ok, text};
use std::collections::BTreeSet;

fn board(name: &str) -> Driver {
    common::two_players(common::load_game(&common::root().join("content/examples").join(name)))
}

/// The Squares the Targets table marks reachable (the cards' moves of the
/// selected Piece).
fn targets(d: &mut Driver) -> BTreeSet<String> {
    ok(d, "table Targets")
        .get("rows")
        .as_array()
        .iter()
        .filter(|r| r.get("reachable") == &Json::Bool(true))
        .map(|r| r.get("name").as_str().unwrap().to_string())
        .collect()
}

/// Clicks a Piece and answers where the cards let it go.
fn targets_of(d: &mut Driver, square: &str) -> BTreeSet<String> {
    ok(d, &format!("click {square}"));
    targets(d)
}

fn set(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

fn play(d: &mut Driver, moves: &[(&str, &str)]) {
    for (from, to) in moves {
        ok(d, &format!("click {from}"));
        ok(d, &format!("click {to}"));
        assert_eq!(piece(d, from), ",", "{from} to {to} was played");
    }
}

/// What stands on a Square: `Kind,Side` (`,` when it is empty).
fn piece(d: &mut Driver, square: &str) -> String {
    let kind = text(d, &format!("eval data('Position', '{square}', 'kind')"));
    let side = text(d, &format!("eval data('Position', '{square}', 'side')"));
    format!("{kind},{side}")
}

/// On the 10-wide Board the Rook of i1 steps to j1, its Pawn goes two
/// Squares, and the Rook slides along the j-File and then along Rank 3 to
/// the a-File, nine Squares (the 10x8 Directions give sliders 9 steps).
#[test]
fn a_rook_on_the_ten_file_board_slides_to_the_j_file_and_across_ten_files() {
    let mut d = board("board-10x8");
    assert_eq!(ok(&mut d, "eval dataCount('Position')").get("value"), &Json::Num(80.0));
    assert_eq!(targets_of(&mut d, "i1"), set(&["j1"]), "i1's Rook: j1, beside it on the tenth File");
    ok(&mut d, "click j1");
    assert_eq!(piece(&mut d, "j1"), "Rook,White");
    play(&mut d, &[("a7", "a6")]);
    assert_eq!(targets_of(&mut d, "j2"), set(&["j3", "j4"]), "the j-Pawn's first Move: one Square or two");
    ok(&mut d, "click j4");
    play(&mut d, &[("a6", "a5")]);
    assert_eq!(targets_of(&mut d, "j1"), set(&["i1", "j2", "j3"]), "the Rook back to i1, or up the j-File to its Pawn");
    ok(&mut d, "click j3");
    play(&mut d, &[("b7", "b6")]);
    let across = set(&["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", "j2", "j1"]);
    assert_eq!(targets_of(&mut d, "j3"), across, "from j3 along Rank 3 to a3, and back down the j-File");
    ok(&mut d, "click a3");
    assert_eq!(piece(&mut d, "a3"), "Rook,White");
}

/// A Knight on the h-File of the 10-wide Board reaches the i-File (on an 8 by 8
/// Board h1's Knight has g3 alone), and the keyboard's End goes to the j-File.
#[test]
fn a_knight_and_the_keyboard_reach_the_files_past_h() {
    let mut d = board("board-10x8");
    assert_eq!(targets_of(&mut d, "h1"), set(&["g3", "i3"]));
    ok(&mut d, "key Escape");
    ok(&mut d, "key End");
    assert_eq!(common::visible(&mut d, "objects", "Focus Mark"), ["j2"], "End: the last File of the focus's Rank");
    ok(&mut d, "key Home");
    assert_eq!(common::visible(&mut d, "objects", "Focus Mark"), ["a2"]);
}

/// Gardner's minichess: a Pawn steps one Square only; the Knight on b5, on the
/// top edge, reaches a3 and c3 alone; after 1. e3 dxe3 2. b3 the Black King
/// on e5, in the corner, may go to d4 alone (nothing past the e-File or Rank
/// 5); Flip turns the 5 by 5 Board round its own middle.
#[test]
fn the_pieces_of_the_five_by_five_board_stay_on_it() {
    let mut d = board("board-5x5");
    assert_eq!(ok(&mut d, "eval dataCount('Position')").get("value"), &Json::Num(25.0));
    assert_eq!(targets_of(&mut d, "e2"), set(&["e3"]), "no two-Square first Move");
    ok(&mut d, "click e3");
    assert_eq!(targets_of(&mut d, "b5"), set(&["a3", "c3"]), "b5's Knight on the edge");
    ok(&mut d, "click b5");
    play(&mut d, &[("d4", "e3"), ("b2", "b3")]);
    assert_eq!(targets_of(&mut d, "e5"), set(&["d4"]), "the King in the corner");
    ok(&mut d, "click d4");
    assert_eq!(piece(&mut d, "d4"), "King,Black");

    // Where the Square (the Object) of a Square is: its x and y.
    let at = |d: &mut Driver, square: &str| {
        ok(d, "objects")
            .get("objects")
            .as_array()
            .iter()
            .find(|o| o.get("type").as_str() == Some("Square") && o.get("name").as_str() == Some(square))
            .map(|o| (o.get("x").clone(), o.get("y").clone()))
            .unwrap()
    };
    let (a1, e5) = (at(&mut d, "a1"), at(&mut d, "e5"));
    ok(&mut d, "press Flip");
    assert_eq!(at(&mut d, "a1"), e5, "turned over, a1 is where e5 was");
    assert_eq!(at(&mut d, "e5"), a1);
}

/// Each Board is made over content/chess and holds only what it changes
/// (its README lists them): its Board Size, its whole Position (every Square
/// renamed or moved), no Castling row, the sliders' `steps` (10 by 8: 9, to
/// cross the Board) or the Pawn's first Move (5 by 5: one Square) and the
/// Pawns' Ranks, its screen, the Board's place in the scene and, where the
/// Board is drawn at other than 32 pixels a meter, the two cards that draw
/// in pixels.
#[test]
fn each_board_is_the_chess_game_with_its_edits() {
    let common_edits = ["tables/Board Size.csv", "tables/Position.csv", "tables/Castling.csv", "scene.yaml"];
    let mut chess = common::chess_driver();
    for (name, title, more) in [
        ("board-10x8", "Chess on a 10 by 8 Board", &["tables/Directions.csv"][..]),
        (
            "board-5x5",
            "Gardner Minichess",
            &["tables/Directions.csv", "tables/Sides.csv", "objects/Game Rules.yaml", "objects/Walnut Board.yaml"][..],
        ),
    ] {
        let dir = common::root().join("content/examples").join(name);
        let edited: Vec<&str> = common_edits.iter().chain(more).copied().collect();
        common::assert_holds_only_its_changes(&dir, "../../chess", title, &edited, &[]);
        let mut d = board(name);
        let mut changed = |table: &str| common::changed_rows(&mut chess, &mut d, table);
        let castling = changed("Castling");
        assert!(castling.len() == 4 && castling.iter().all(|r| r.starts_with('-')), "{castling:?}");
        let sliders = ["Queen", "Rook", "Bishop"];
        if name == "board-10x8" {
            assert_eq!(changed("Board Size"), ["file: count 10"]);
            let directions = changed("Directions");
            assert_eq!(directions.len(), 16, "{directions:?}");
            assert!(
                directions
                    .iter()
                    .all(|r| sliders.iter().any(|k| r.starts_with(k)) && r.ends_with(": steps 9, firstMoveSteps 9")),
                "{directions:?}"
            );
            assert!(changed("Sides").is_empty());
        } else {
            assert_eq!(changed("Board Size"), ["file: count 5", "rank: count 5"]);
            assert_eq!(changed("Directions"), ["Pawn forward: firstMoveSteps 1"]);
            assert_eq!(changed("Sides"), ["White: promotionRank 5", "Black: pawnRank 4"]);
        }
    }
}

/// The chess library names Squares a to z: a Board Size of 27 Files is a
/// load mistake at its cell (the Position laid out for it, so that no
/// other mistake comes first), and the chess library's `fen`, `moves` and
/// `perft` play the 5 by 5 Board as Fairy-Stockfish's gardner (more in
/// tests/suite/fairy.rs), and so does the built-in engine.
#[test]
fn the_chess_library_plays_the_boards_size_and_names_what_it_cannot() {
    let mut d = board("board-5x5");
    assert_eq!(ok(&mut d, "fen").get("fen").as_str(), Some("rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"));
    assert_eq!(ok(&mut d, "perft 3").get("nodes"), &Json::Num(506.0));
    assert_eq!(ok(&mut d, "engineperft 3").get("nodes"), &Json::Num(506.0));
    assert_eq!(common::move_set(&mut d, "enginemoves"), common::move_set(&mut d, "moves"));

    let copy = common::TempContent::of(&common::root().join("content/examples/board-5x5"), "board-27-files");
    copy.remove("tables/Board Size.changes.csv");
    copy.write("tables/Board Size.csv", "name,count\nfile,27\nrank,5\n");
    let mut position = String::from("name,file,rank,fileLetter,kind,side\n");
    for rank in 1..=5 {
        for file in 1..=27 {
            let (kind, side) = match (file, rank) {
                (1, 1) => ("King", "White"),
                (1, 5) => ("King", "Black"),
                _ => ("", ""),
            };
            position.push_str(&format!("s{file}-{rank},{file},{rank},,{kind},{side}\n"));
        }
    }
    copy.write("tables/Position.csv", &position);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("check")
        .arg(&copy.dir)
        .output()
        .expect("run cardtable check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("tables/Board Size.csv:2:6: error: the chess libraries play 1 to 26 Files (a to z), not 27"),
        "{stderr}"
    );
}

/// The built-in engine plays a Board of 128 Squares at most (its bit sets
/// hold no more): on 13 Files by 10 Ranks, which the chess library plays, a
/// game loads and starts, and the engine's commands say why they cannot
/// play it, naming the Board Size table.
#[test]
fn the_built_in_engine_names_a_board_larger_than_it_plays() {
    let copy = common::TempContent::of(&common::root().join("content/examples/board-5x5"), "board-13-by-10");
    copy.remove("tables/Board Size.changes.csv");
    copy.write("tables/Board Size.csv", "name,count\nfile,13\nrank,10\n");
    let mut position = String::from("name,file,rank,fileLetter,kind,side\n");
    for rank in 1..=10 {
        for file in 1..=13u8 {
            let (kind, side) = match (file, rank) {
                (1, 1) => ("King", "White"),
                (1, 10) => ("King", "Black"),
                _ => ("", ""),
            };
            let letter = (b'a' + file - 1) as char;
            position.push_str(&format!("{letter}{rank},{file},{rank},{letter},{kind},{side}\n"));
        }
    }
    copy.write("tables/Position.csv", &position);
    // Sliders that cross the Board, as its load asks (5 by 5's 7 steps, chess's, cross chess's Board, not this
    // one); its Pawn's first Move of one Square is its changes' still.
    let chess_directions = std::fs::read_to_string(common::chess_dir().join("tables/Directions.csv")).expect("read");
    copy.write("tables/Directions.csv", &chess_directions.replace(",7,7,", ",12,12,"));
    let mut d = common::two_players(common::load_game(&copy.dir));
    assert_eq!(ok(&mut d, "fen").get("fen").as_str(), Some("k12/13/13/13/13/13/13/13/13/K12 w - - 0 1"));
    assert_eq!(ok(&mut d, "perft 1").get("nodes"), &Json::Num(3.0));
    let why =
        "the built-in engine plays a Board of 128 Squares at most; this one is 13 by 10, 130 Squares (Board Size)";
    for command in ["enginemoves", "engineperft 1", "enginebestmove depth 1"] {
        assert_eq!(d.command(command).get("error").as_str(), Some(why), "{command}");
    }
}

/// The largest Board the issue names, 12 Files by 10 Ranks (a copy of the
/// 10 by 8 Board, its Position laid out anew, its Sliders reaching 11
/// Squares): the built-in engine, on its bit sets of 128 Squares, finds the
/// cards' moves and counts, from the start and from a position with en
/// passant and promotions on the l-File and Rank 10 (Fairy-Stockfish, given
/// this Board, counts 1037758 from the start 4 deep, which `engineperft 4`
/// does too); and as the Computer its Move from a10, a Square of three
/// letters, is played.
#[test]
fn the_built_in_engine_plays_the_cards_moves_on_twelve_by_ten() {
    let copy = common::TempContent::of(&common::root().join("content/examples/board-10x8"), "board-12-by-10");
    copy.remove("tables/Board Size.changes.csv");
    copy.write("tables/Board Size.csv", "name,count\nfile,12\nrank,10\n");
    copy.write(
        "tables/Sides.csv",
        "name,forward,pawnRank,opponent,promotionRank,fenLetter\nWhite,1,2,Black,10,w\nBlack,-1,9,White,1,b\n",
    );
    let directions = copy.read("tables/Directions.changes.csv").replace(",9,9\n", ",11,11\n");
    copy.write("tables/Directions.changes.csv", &directions);
    let back = ["Rook", "Knight", "Bishop", "Queen", "", "King", "", "", "Bishop", "", "Knight", "Rook"];
    let position = laid_out(&back, 10);
    copy.write("tables/Position.csv", &position);
    let game = common::load_game(&copy.dir);
    let mut d = common::two_players(game.clone());
    let start = "rnbq1k2b1nr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RNBQ1K2B1NR w - - 0 1";
    assert_eq!(ok(&mut d, "fen").get("fen").as_str(), Some(start));
    // En passant on the l-File; a White Pawn on k9 promotes on k10, or taking l10's Rook.
    let middle = "rnbq1k2b2r/ppppppppppP1/12/12/12/12/10pP/12/PPPPPPPPPP2/RNBQ1K2B1NR b - l3 0 12";
    for fen in [start, middle] {
        ok(&mut d, &format!("setfen {fen}"));
        let moves = common::move_set(&mut d, "moves");
        assert_eq!(common::move_set(&mut d, "enginemoves"), moves, "{fen}");
        assert!(fen == start || moves.contains("k4l3"), "en passant: {moves:?}");
        for depth in 1..=3 {
            let (engine, cards) = (ok(&mut d, &format!("engineperft {depth}")), ok(&mut d, &format!("perft {depth}")));
            assert_eq!(engine.get("nodes"), cards.get("nodes"), "perft {depth} of {fen}");
        }
    }
    // The Computer plays Black: its King's one Move, a10a9 (the Rook holds the b-File).
    let mut d = Driver::new(game);
    ok(&mut d, "engine builtin");
    ok(&mut d, "setfen k11/12/12/12/12/12/12/12/12/1R3K6 b - - 0 1");
    assert!(common::wait_until(&mut d, 0.1, 60.0, |d| common::state(d) != "Computer's Turn"), "the Computer answers");
    assert_eq!(ok(&mut d, "fen").get("fen").as_str(), Some("12/k11/12/12/12/12/12/12/12/1R3K6 w - - 1 2"));
}

/// A Position of `back.len()` Files by `ranks` Ranks: each Side's Pieces
/// on its back Rank by `back` (empty: none), its Pawns on the Rank before.
fn laid_out(back: &[&str], ranks: u8) -> String {
    let mut position = String::from("name,file,rank,fileLetter,kind,side\n");
    for rank in 1..=ranks {
        for file in 1..=back.len() as u8 {
            let (kind, side) = match rank {
                1 => (back[usize::from(file - 1)], "White"),
                2 => ("Pawn", "White"),
                r if r == ranks - 1 => ("Pawn", "Black"),
                r if r == ranks => (back[usize::from(file - 1)], "Black"),
                _ => ("", ""),
            };
            let side = if kind.is_empty() { "" } else { side };
            let letter = (b'a' + file - 1) as char;
            position.push_str(&format!("{letter}{rank},{file},{rank},{letter},{kind},{side}\n"));
        }
    }
    position
}

/// The chess game's Position laid out on 10 Files by 10 Ranks: chess's
/// Pieces on the b- to i-Files of Ranks 1 and 10, the Pawns on 2 and 9 (as
/// tools/fairy/sizes.ini's `board10x10` starts).
fn ten_by_ten_position() -> String {
    laid_out(&["", "Rook", "Knight", "Bishop", "Queen", "King", "Bishop", "Knight", "Rook", ""], 10)
}

/// content/chess made 10 by 10 by its Board Size and Position alone keeps
/// chess's 8 by 8 numbers: its sliders' 7 steps (which cross chess's Board,
/// not this one) and Black's pawnRank 7 (its Pawns stand on 9). The load
/// refuses it, each at its cell, all at once. With those cells fixed (and
/// the promotion Ranks 10 and 1, which fit the Board either way), the
/// cards' moves and perft, and the built-in engine's, are Fairy-Stockfish's
/// `board10x10` from three positions (tests/vectors/board10x10.perft, made
/// by tools/fairy/make_perft.py).
#[test]
fn a_ten_by_ten_chess_left_with_eight_by_eight_numbers_is_refused_and_fixed_plays_as_fairy_stockfish() {
    let copy = common::TempContent::chess("board-10-by-10");
    copy.write("tables/Board Size.csv", "name,count\nfile,10\nrank,10\n");
    copy.write("tables/Position.csv", &ten_by_ten_position());
    let castling = copy.read("tables/Castling.csv");
    copy.write("tables/Castling.csv", &format!("{}\n", castling.lines().next().unwrap()));
    let mistakes = match common::load::load(&copy.dir) {
        Ok(_) => panic!("a 10 by 10 Board with sliders of 7 steps loaded"),
        Err(mistakes) => mistakes,
    };
    let places: BTreeSet<String> = mistakes
        .iter()
        .map(|m| m.to_string().split(": error: ").next().unwrap().rsplit("tables/").next().unwrap().to_string())
        .map(|at| at.rsplit_once(':').unwrap().0.to_string())
        .collect();
    let directions = copy.read("tables/Directions.csv");
    let sliders = directions.lines().enumerate().filter(|(_, row)| row.contains(",7,7,"));
    let mut want: BTreeSet<String> = sliders.map(|(i, _)| format!("Directions.csv:{}", i + 1)).collect();
    assert_eq!(want.len(), 16, "the Queen's, the Rooks' and the Bishops' rows");
    want.insert("Sides.csv:3".to_string());
    assert_eq!(places, want, "{mistakes:#?}");
    let first = mistakes[0].to_string();
    assert!(
        first.contains(
            "tables/Directions.csv:10:20: error: the Direction `Queen up` has steps 7, enough to cross an 8 by 8 \
             Board but not this one (10 Files by 10 Ranks, Board Size), which takes 9"
        ),
        "{first}"
    );

    copy.write("tables/Directions.csv", &directions.replace(",7,7,", ",9,9,"));
    copy.write(
        "tables/Sides.csv",
        "name,forward,pawnRank,opponent,promotionRank,fenLetter\nWhite,1,2,Black,10,w\nBlack,-1,9,White,1,b\n",
    );
    let vectors = crate::fairy::parse(&common::root().join("tests/vectors/board10x10.perft")).unwrap();
    assert_eq!(vectors.positions.len(), 3);
    let mut d = common::two_players(common::load_game(&copy.dir));
    let wrong: Vec<String> =
        vectors.positions.iter().flat_map(|p| crate::fairy::check(&mut d, &vectors, p, crate::fairy::QUICK)).collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
