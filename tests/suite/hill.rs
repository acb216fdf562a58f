//! King of the Hill (content/variants/kingofthehill): a King on d4, e4, d5
//! or e5 wins for its Side (the Flag Squares table, Is Flag Reached, the
//! variant's Look For Game End and Find Legal Moves). The games of
//! tests/vectors/kingofthehill-games.txt (tools/fairy/make_hill_games.py,
//! each judged by Fairy-Stockfish) are played by clicks to the hill, where
//! `result` answers Fairy-Stockfish's result and the reason; the Computer
//! (Fairy-Stockfish, its Variant Engine) takes a win in one; and the
//! built-in engine, which knows no hill, plays on where the cards end the
//! game, as the driver and `check` say. Its perft is tests/fairy's.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use cardtable_runtime::source::files::Files;
use common::{move_set, ok, run, state, text, TempContent};
use std::path::PathBuf;
use std::rc::Rc;

fn hill_dir() -> PathBuf {
    common::root().join("content/variants/kingofthehill")
}

/// One record of the vector file: `game NAME` (its `uci` line and
/// `result`) or `computer NAME` (a `fen` and Fairy-Stockfish's `bestmove`).
#[derive(Default, Debug)]
struct Record {
    what: String,
    name: String,
    ucis: Vec<String>,
    result: String,
    fen: String,
    bestmove: String,
}

fn records() -> Vec<Record> {
    let path = common::root().join("tests/vectors/kingofthehill-games.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut all: Vec<Record> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "game" || key == "computer" {
            all.push(Record { what: key.to_string(), name: value.to_string(), ..Record::default() });
            continue;
        }
        let r = all.last_mut().expect("a game or a computer record first");
        match key {
            "uci" => r.ucis = value.split_whitespace().map(str::to_string).collect(),
            "result" => r.result = value.to_string(),
            "fen" => r.fen = value.to_string(),
            "bestmove" => r.bestmove = value.to_string(),
            other => panic!("kingofthehill-games.txt: unknown line `{other}`"),
        }
    }
    all
}

/// `result`'s answer: the result and the reason.
fn result(d: &mut Driver) -> (String, String) {
    let answer = run(d, "result");
    let field = |k: &str| answer.get(k).as_str().unwrap_or_else(|| panic!("no `{k}` in {answer}")).to_string();
    (field("result"), field("reason"))
}

/// A Words row's text, as the folder's Words table holds it.
fn words(d: &mut Driver, row: &str) -> String {
    text(d, &format!("eval data('Words', '{row}', 'text')"))
}

/// A move played as a player plays it, the Promotion button of the Kind its letter names.
fn play(d: &mut Driver, letters: &[(String, char)], uci: &str) {
    ok(d, &format!("click {}", &uci[0..2]));
    ok(d, &format!("click {}", &uci[2..4]));
    if let Some(p) = uci.chars().nth(4) {
        let (kind, _) = letters.iter().find(|(_, l)| *l == p).expect("a Kind of that letter");
        let button = common::promotion_button(d, kind);
        ok(d, &format!("press {button}"));
    }
}

/// Each game is played by clicks: it goes on (`*`) until its last move, a
/// King's onto the hill, after which the game is over with
/// Fairy-Stockfish's result, the reason and the winner's words in the
/// status line, no Legal Move left, and the PGN's Result the same.
#[test]
fn each_game_ends_at_the_hill_with_fairy_stockfishs_result() {
    let games: Vec<Record> = records().into_iter().filter(|r| r.what == "game").collect();
    assert!(games.len() >= 5, "the file's games: {games:?}");
    let game = common::load_game(&hill_dir());
    let letters = cardtable_chess::library::kind_letters(&game).expect("the Kinds' letters");
    for g in &games {
        let mut d = common::two_players(game.clone());
        let (last, before) = g.ucis.split_last().expect("a move");
        for m in before {
            assert_eq!(state(&mut d), "Playing", "{}: before {m}", g.name);
            play(&mut d, &letters, m);
        }
        assert_eq!(result(&mut d), ("*".to_string(), String::new()), "{}: before its last move", g.name);
        assert!(move_set(&mut d, "moves").contains(last), "{}: {last} is legal", g.name);
        let mover = text(&mut d, "get \"Game Rules\" boardState.sideToMove");
        play(&mut d, &letters, last);
        let to = &last[2..4];
        let on_hill = run(&mut d, &format!("eval data('Kinds', data('Position', '{to}', 'kind'), 'royal')"));
        assert_eq!(on_hill.get("value"), &Json::Bool(true), "{}: a King landed on {to}", g.name);
        assert_eq!(state(&mut d), "Game Over", "{}", g.name);
        let reason = words(&mut d, "Flag Reason");
        assert_eq!(result(&mut d), (g.result.clone(), reason), "{}: Fairy-Stockfish says {}", g.name, g.result);
        let status = text(&mut d, "global status");
        assert_eq!(status, words(&mut d, &format!("Flag Reached By {mover}")), "{}", g.name);
        assert!(move_set(&mut d, "moves").is_empty(), "{}: no Legal Move after the game's end", g.name);
        let pgn = run(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
        assert!(pgn.contains(&format!("[Result \"{}\"]", g.result)), "{}: {pgn}", g.name);
    }
}

/// The status line's words are the game's language's: French, where the
/// folder's Words.fr.csv gives them.
#[test]
fn the_hill_is_told_in_french_too() {
    let loaded = common::load::load_files_in(Files::Dir(hill_dir()), Some("fr")).unwrap_or_else(|e| panic!("{e:?}"));
    let mut d = common::two_players(std::sync::Arc::new(loaded.game));
    ok(&mut d, "setfen 4k3/p7/8/8/8/4K3/8/8 w - - 0 1");
    ok(&mut d, "click e3");
    ok(&mut d, "click e4");
    assert_eq!(text(&mut d, "global status"), "Les Blancs gagnent\u{a0}: le roi a atteint la colline");
    assert_eq!(result(&mut d).0, "1-0");
}

/// Undo after the King reached the hill takes the move back, and the game
/// goes on again (`*`), with the moves it had.
#[test]
fn undo_after_the_hill_goes_on() {
    let g = records().into_iter().find(|r| r.what == "game").expect("a game");
    let game = common::load_game(&hill_dir());
    let letters = cardtable_chess::library::kind_letters(&game).expect("the Kinds' letters");
    let mut d = common::two_players(game);
    let (last, before) = g.ucis.split_last().expect("a move");
    for m in before {
        play(&mut d, &letters, m);
    }
    let moves = move_set(&mut d, "moves");
    play(&mut d, &letters, last);
    assert_eq!(result(&mut d).0, g.result);
    ok(&mut d, "press Undo");
    assert_eq!(result(&mut d), ("*".to_string(), String::new()));
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(move_set(&mut d, "moves"), moves, "the moves before the hill again");
}

/// Two bare Kings are no draw: either may still reach the hill (the
/// variant's Look For Game End asks no Is Material Insufficient, as
/// Fairy-Stockfish counts no material too little for a Side with its King).
#[test]
fn bare_kings_play_on_to_the_hill() {
    let mut d = common::two_players(common::load_game(&hill_dir()));
    ok(&mut d, "setfen 4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    assert_eq!(result(&mut d), ("*".to_string(), String::new()));
    assert_eq!(state(&mut d), "Playing");
    ok(&mut d, "click e3");
    ok(&mut d, "click e4");
    assert_eq!(result(&mut d).0, "1-0");
}

/// The Computer is Fairy-Stockfish (the Variant Engine table's
/// `kingofthehill,fairy-stockfish`), told UCI_Variant kingofthehill: in a
/// position where one step onto the hill wins at once, it plays the move
/// Fairy-Stockfish's own search chose for the vector file, and wins.
#[test]
fn the_computer_steps_onto_the_hill() {
    let win = records().into_iter().find(|r| r.what == "computer").expect("a computer record");
    let mut d = Driver::with_system(common::load_game(&hill_dir()), Rc::new(Store::memory()), true);
    let engine = ok(&mut d, "engine").get("engine").as_str().unwrap_or_default().to_string();
    assert!(engine.ends_with("/fairy-stockfish"), "the Variant Engine's program is found: {engine}");
    ok(&mut d, "press New Game");
    ok(&mut d, "press Black");
    ok(&mut d, "press Expert");
    ok(&mut d, "press Play");
    ok(&mut d, &format!("setfen {}", win.fen));
    // A real engine's answer: at most a minute, taken as soon as it comes.
    let came = common::wait_until(&mut d, 0.1, 60.0, |d| state(d) != "Computer's Turn");
    assert!(came, "the Computer answered");
    let history = ok(&mut d, "table \"Move History\"").get("rows").as_array().to_vec();
    let last = history.last().expect("the Computer's move");
    let played = format!("{}{}", last.get("from").as_str().unwrap_or(""), last.get("to").as_str().unwrap_or(""));
    assert_eq!(played, win.bestmove, "the Computer plays Fairy-Stockfish's {}", win.bestmove);
    assert_eq!(state(&mut d), "Game Over");
    assert_eq!(result(&mut d).0, "1-0");
}

/// Where the cards end the game (a King on the hill), the built-in engine,
/// which reads the tables and not the cards, still lists moves; the cards
/// list none.
#[test]
fn the_built_in_engine_plays_on_at_the_hill() {
    let mut d = common::two_players(common::load_game(&hill_dir()));
    ok(&mut d, "setfen 4k3/8/8/8/3K4/8/8/8 b - - 1 1");
    assert_eq!(state(&mut d), "Game Over", "a King on d4: White has won");
    assert_eq!(result(&mut d).0, "1-0");
    assert!(move_set(&mut d, "moves").is_empty(), "the cards: no move");
    assert!(!move_set(&mut d, "enginemoves").is_empty(), "the built-in engine plays on");
}

/// `check` of a copy whose White King starts on e3, one step from the hill
/// (its castlings not allowed): the seeded playouts reach the hill, and
/// check names the built-in engine at the first position where the cards
/// end the game (and list no move) and it plays on, while Fairy-Stockfish follows the cards.
/// (From the folder's own start the playouts, 40 plies each, never bring a
/// King to the hill: check finds both engines following there.)
#[test]
fn check_names_the_built_in_engine_at_the_hill() {
    let copy = TempContent::of(&hill_dir(), "hill-e3");
    let chess = std::fs::read_to_string(common::chess_dir().join("tables/Position.csv")).expect("Position.csv");
    let moved = chess.replacen("e1,5,1,e,King,White", "e1,5,1,e,,", 1).replacen("e3,5,3,e,,", "e3,5,3,e,King,White", 1);
    assert_ne!(moved, chess);
    copy.write("tables/Position.csv", &moved);
    copy.write(
        "tables/Castling.changes.csv",
        "change,name,isAllowed\nreplace,White King Side,false\nreplace,White Queen Side,false\n",
    );
    let found = common::load::check_with_data(Files::Dir(copy.dir.clone()), None).play;
    let built_in =
        found.iter().find(|f| f.text.starts_with("the built-in engine")).expect("the built-in engine's line");
    assert!(built_in.differs, "{found:#?}");
    // The cards list no move there (the game is over), the engine its King's.
    assert!(built_in.text.contains("is a legal move of the built-in engine, not of the cards"), "{found:#?}");
    let fen = built_in.text.split(", at ").nth(1).and_then(|t| t.split_once(": ")).map(|(f, _)| f.to_string());
    let fen = fen.unwrap_or_else(|| panic!("no position in {}", built_in.text));
    let uci = found.iter().find(|f| f.text.starts_with("the UCI engine")).expect("the UCI engine's line");
    assert!(!uci.differs && uci.text.contains("fairy-stockfish follows the cards"), "{found:#?}");

    let mut d = common::two_players(common::load_game(&copy.dir));
    ok(&mut d, &format!("setfen {fen}"));
    assert_eq!(state(&mut d), "Game Over", "the cards end the game at {fen}");
    assert!(!move_set(&mut d, "enginemoves").is_empty(), "the built-in engine has moves at {fen}");
}
