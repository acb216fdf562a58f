//! The result is the cards' (game.yaml's `result:`): the chess cards write
//! `$gameResult` and `$resultReason` where a game ends, and the driver's
//! `result` and PGN's `[Result]` and `[Termination]` read them. The chess
//! games of tests/vectors/results.txt (tools/vectors/make_results.py, from
//! python-chess's `Board.outcome()`) are played by clicks, the Computer off,
//! and again through `loadpgn`; then resignation, Undo after a mate, a mated
//! position set by FEN, a game that names no result, a result Global that
//! holds no result, and the ends of tic-tac-toe and Breakthrough.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{ok, state, TempContent};

/// One game of tests/vectors/results.txt.
#[derive(Default)]
struct Vector {
    name: String,
    fen: Option<String>,
    ucis: Vec<String>,
    sans: Vec<String>,
    result: String,
    reason: String,
    termination: String,
}

fn vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(common::root().join("tests/vectors/results.txt")).expect("results.txt");
    let mut games: Vec<Vector> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "game" {
            games.push(Vector { name: value.to_string(), ..Vector::default() });
            continue;
        }
        let g = games.last_mut().expect("a game first");
        let words = || value.split_whitespace().map(str::to_string).collect();
        match key {
            "fen" => g.fen = (value != "start").then(|| value.to_string()),
            "uci" => g.ucis = words(),
            "san" => g.sans = words(),
            "result" => g.result = value.to_string(),
            "reason" => g.reason = value.to_string(),
            "termination" => g.termination = value.to_string(),
            other => panic!("results.txt: unknown line `{other}`"),
        }
    }
    games
}

/// `result`'s answer: the result and the reason.
fn result(d: &mut Driver) -> (String, String) {
    let answer = common::run(d, "result");
    let text = |k: &str| answer.get(k).as_str().unwrap_or_else(|| panic!("no `{k}` in {answer}")).to_string();
    (text("result"), text("reason"))
}

fn pgn(d: &mut Driver) -> String {
    common::run(d, "pgn").get("pgn").as_str().expect("pgn").to_string()
}

/// A tag's value in a PGN, if it has the tag.
fn tag(pgn: &str, name: &str) -> Option<String> {
    let start = format!("[{name} \"");
    let line = pgn.lines().find(|l| l.starts_with(&start))?;
    Some(line[start.len()..].trim_end_matches("\"]").to_string())
}

/// A move played as a player plays it: its Square, its target, the
/// Promotion button of the Kind a UCI move's letter names.
fn play(d: &mut Driver, uci: &str) {
    ok(d, &format!("click {}", &uci[0..2]));
    ok(d, &format!("click {}", &uci[2..4]));
    if let Some(letter) = uci.chars().nth(4) {
        let kind = match letter {
            'q' => "Queen",
            'r' => "Rook",
            'b' => "Bishop",
            _ => "Knight",
        };
        let button = common::promotion_button(d, kind);
        ok(d, &format!("press {button}"));
    }
}

/// What a game's result, its PGN and its Game State must say, as the vector says.
fn check_ending(d: &mut Driver, g: &Vector, how: &str) -> Result<(), String> {
    let at = |what: String| format!("{} ({how}): {what}", g.name);
    let got = result(d);
    if got != (g.result.clone(), g.reason.clone()) {
        return Err(at(format!("`result` answers {got:?}, python-chess says {} {:?}", g.result, g.reason)));
    }
    let pgn = pgn(d);
    if tag(&pgn, "Result").as_deref() != Some(g.result.as_str())
        || tag(&pgn, "Termination").as_deref() != Some(g.termination.as_str())
    {
        return Err(at(format!("PGN's Result and Termination are not {} {}:\n{pgn}", g.result, g.termination)));
    }
    // The movetext's last words (its lines joined): the last move, the reason as a comment, the result.
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    let comment = if g.reason.is_empty() { String::new() } else { format!(" {{{}}}", g.reason) };
    let last = g.sans.last().map_or("]".to_string(), |s| format!(" {s}"));
    let end = format!("{last}{comment} {}", g.result);
    if !flat.ends_with(&end) || !pgn.ends_with('\n') {
        return Err(at(format!("the movetext does not end `{end}`:\n{pgn}")));
    }
    let over = state(d) == "Game Over";
    if over != (g.result != "*") {
        return Err(at(format!("the Game State is {} for the result {}", state(d), g.result)));
    }
    Ok(())
}

#[test]
fn every_vector_game_ends_as_python_chess_says_by_clicks_and_by_loadpgn() {
    let games = vectors();
    assert!(games.len() >= 15, "{} games", games.len());
    for kind in ["checkmate", "stalemate", "insufficient material", "threefold repetition", "fifty-move rule", ""] {
        assert!(games.iter().any(|g| g.reason == kind), "no game ends by {kind:?}");
    }
    let mut failures = Vec::new();
    for g in &games {
        let mut d = common::chess_driver();
        if let Some(fen) = &g.fen {
            ok(&mut d, &format!("setfen {fen}"));
        }
        for uci in &g.ucis {
            play(&mut d, uci);
        }
        failures.extend(check_ending(&mut d, g, "clicks").err());

        let mut d = common::chess_driver();
        let fen = g.fen.as_ref().map_or("[Event \"results\"] ".to_string(), |f| format!("[FEN \"{f}\"] "));
        ok(&mut d, &format!("loadpgn {fen}{}", g.sans.join(" ")));
        failures.extend(check_ending(&mut d, g, "loadpgn").err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Resigns through the Game menu, as the Player does.
fn resign(d: &mut Driver) {
    for button in ["Game", "Resign", "Resign"] {
        ok(d, &format!("press {button}"));
    }
}

#[test]
fn the_player_who_resigns_loses_whichever_side_they_play() {
    let mut d = common::chess_driver();
    play(&mut d, "e2e4");
    resign(&mut d);
    assert_eq!(result(&mut d), ("0-1".into(), "resignation".into()), "White, the Player, resigned");
    let pgn = pgn(&mut d);
    assert_eq!(tag(&pgn, "Termination").as_deref(), Some("normal"));
    assert!(pgn.ends_with("\n1. e4 {resignation} 0-1\n"), "{pgn}");

    let mut d = common::chess_driver();
    for button in ["New Game", "Black", "Play"] {
        ok(&mut d, &format!("press {button}"));
    }
    assert_eq!(result(&mut d), ("*".into(), String::new()), "a new game goes on");
    resign(&mut d);
    assert_eq!(result(&mut d), ("1-0".into(), "resignation".into()), "Black, the Player, resigned");
}

#[test]
fn undo_after_a_mate_gives_a_game_in_progress() {
    let mut d = common::chess_driver();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut d, uci);
    }
    assert_eq!(result(&mut d), ("0-1".into(), "checkmate".into()));
    ok(&mut d, "press Undo");
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    let pgn = pgn(&mut d);
    assert_eq!(tag(&pgn, "Result").as_deref(), Some("*"), "{pgn}");
    assert_eq!(tag(&pgn, "Termination").as_deref(), Some("unterminated"), "{pgn}");
    assert!(pgn.ends_with(" *\n") && !pgn.contains('{'), "{pgn}");
}

#[test]
fn a_mated_position_set_by_fen_is_over_and_the_next_one_goes_on() {
    let mut d = common::chess_driver();
    // White's Queen on g7, held by the King on g6: Black, to move, is mated.
    ok(&mut d, "setfen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(state(&mut d), "Game Over");
    assert_eq!(result(&mut d), ("1-0".into(), "checkmate".into()));
    let pgn = pgn(&mut d);
    assert!(pgn.contains("[FEN \"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\"]"), "{pgn}");
    assert!(pgn.ends_with("\n{checkmate} 1-0\n"), "{pgn}");
    // A position set after the end is judged anew: the old result goes.
    ok(&mut d, "setfen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    // And a loadpgn after a mate too.
    ok(&mut d, "setfen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    ok(&mut d, "loadpgn 1. e4");
    assert_eq!(result(&mut d), ("*".into(), String::new()));
}

#[test]
fn a_saved_game_keeps_its_result() {
    let mut d = common::chess_driver();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut d, uci);
    }
    ok(&mut d, "save mated");
    for button in ["New Game", "Play"] {
        ok(&mut d, &format!("press {button}"));
    }
    assert_eq!(result(&mut d), ("*".into(), String::new()), "New Game starts with the result at `*`");
    ok(&mut d, "load mated");
    assert_eq!(result(&mut d), ("0-1".into(), "checkmate".into()));
}

#[test]
fn a_game_that_names_no_result_tells_none() {
    let mut d = Driver::new(common::load_game(&common::root().join("tests/fixtures/panels")));
    let answer = d.command("result");
    assert!(
        answer.is_error() && answer.to_string().contains("names no result Globals (game.yaml's `result:"),
        "{answer}"
    );
    // A chess game without `result:`: PGN's Result is `*` even after a mate, with no Termination.
    let copy = TempContent::chess("no-result");
    copy.replace_once("game.yaml", "result: { result: gameResult, reason: resultReason }\n", "");
    let mut d = common::two_players(common::load_game(&copy.dir));
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut d, uci);
    }
    assert!(d.command("result").is_error());
    let pgn = pgn(&mut d);
    assert_eq!(tag(&pgn, "Result").as_deref(), Some("*"), "{pgn}");
    assert_eq!(tag(&pgn, "Termination"), None, "{pgn}");
    assert!(pgn.ends_with("2. g4 Qh4# *\n"), "{pgn}");
}

#[test]
fn a_result_global_that_holds_no_result_is_told_not_guessed() {
    let copy = TempContent::chess("bad-result");
    copy.replace_once("logic/Look For Game End.yaml", "value: \"'*'\"", "value: \"'going on'\"");
    let mut d = common::two_players(common::load_game(&copy.dir));
    let want = "the result Global `$gameResult` holds `going on`, which is none of `1-0`, `0-1`, `1/2-1/2`, `*` \
                (game.yaml's `result:`)";
    for command in ["result", "pgn"] {
        let answer = d.command(command);
        assert_eq!(answer.get("error").as_str(), Some(want), "{command}: {answer}");
    }
    // The game goes on: a mate writes a result again.
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut d, uci);
    }
    assert_eq!(result(&mut d), ("0-1".into(), "checkmate".into()));
}

/// The example, played by one Player for both Sides (its Computer, Make Computer Move, off).
fn example(name: &str) -> Driver {
    common::two_players(common::load_game(&common::root().join("content/examples").join(name)))
}

fn clicks(d: &mut Driver, cells: &[&str]) {
    for cell in cells {
        ok(d, &format!("click {cell}"));
    }
}

#[test]
fn tic_tac_toe_writes_a_win_by_each_side_and_a_draw() {
    let mut d = example("tic-tac-toe");
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    clicks(&mut d, &["a1", "a2", "b2", "b1", "c3"]);
    assert_eq!(result(&mut d), ("1-0".into(), "three in a line".into()), "White, who places first");
    // A click once it is over starts a new game: the result is `*` again.
    clicks(&mut d, &["a1"]);
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    clicks(&mut d, &["a1", "a2", "b1", "b2", "a3", "c2"]);
    assert_eq!(result(&mut d), ("0-1".into(), "three in a line".into()), "Black");
    clicks(&mut d, &["a1"]);
    // a1 b1 c1 / a2 b2 c2 / a3 b3 c3, no line: X O X / X O O / O X X.
    clicks(&mut d, &["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"]);
    assert_eq!(result(&mut d), ("1/2-1/2".into(), "a full Board".into()));
}

#[test]
fn breakthrough_writes_the_winner_by_the_sides_table() {
    let mut d = example("breakthrough");
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    let moves = [
        "a2", "a3", "h7", "h6", "a3", "a4", "h6", "h5", "a4", "a5", "h5", "h4", "a5", "a6", "h4", "h3", "b2", "b3",
        "h3", "g2", "b3", "b4", "g2", "f1",
    ];
    clicks(&mut d, &moves);
    assert_eq!(state(&mut d), "Game Over");
    assert_eq!(result(&mut d), ("0-1".into(), "goal rank reached".into()), "Black, the Sides table's second row");
    ok(&mut d, "press \"New Game\"");
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    clicks(&mut d, &["d2", "d3", "h7", "h6", "d3", "d4", "h6", "h5", "d4", "d5", "h5", "h4", "d5", "d6", "h4", "h3"]);
    clicks(&mut d, &["d6", "c7", "a7", "a6", "c7", "b8"]);
    assert_eq!(result(&mut d), ("1-0".into(), "goal rank reached".into()), "White, the first row");
}

#[test]
fn the_template_declares_its_result_and_never_ends() {
    let mut d = example("template");
    clicks(&mut d, &["a1", "a2", "b2", "b1", "c3"]);
    assert_eq!(result(&mut d), ("*".into(), String::new()));
    assert_eq!(d.command("result").get("result"), &Json::Str("*".into()));
}
