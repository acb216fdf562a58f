//! Every position the libraries hold is one the rules can hold (issue 38,
//! item 4): a FEN from outside with castling rights whose King or Rook is
//! not there, or an en passant Square no double step made, is mended; one
//! with a Side with no King (or two), a Pawn on a promotion Rank (or behind
//! its own), or the side not to move in check is refused, the position left
//! as it was. The cases are `tests/vectors/held.txt` (made by
//! `tools/vectors/make_held.py`, chess's against python-chess), each set up
//! with `setfen` in its content folder; then the position is played as a
//! player plays it: the castling without its Rook not offered by the cards
//! (`moves`, a click), the built-in engine (`enginemoves`, `cardtable uci`'s
//! `searchmoves`) nor a PGN's `FEN` tag (`loadpgn`).

use crate::common;

use std::collections::BTreeMap;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{move_set, ok, run};

/// One case of the file: its line, the content folder, the FEN given, and
/// what must come of it.
#[derive(Debug)]
struct Case {
    line: usize,
    content: String,
    given: String,
    /// The FEN held and each mend's words; or the refusal's words.
    held: Result<(String, Vec<String>), String>,
}

fn cases() -> Vec<Case> {
    let path = common::root().join("tests/vectors/held.txt");
    let text = std::fs::read_to_string(&path).expect("tests/vectors/held.txt");
    let mut content = String::new();
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let at = format!("held.txt:{}", n + 1);
        match key {
            "content" => content = rest.to_string(),
            "in" => cases.push(Case {
                line: n + 1,
                content: content.clone(),
                given: rest.to_string(),
                held: Ok((String::new(), Vec::new())),
            }),
            "out" | "mended" | "refused" => {
                let case = cases.last_mut().unwrap_or_else(|| panic!("{at}: `{key}` before any `in`"));
                match (key, &mut case.held) {
                    ("out", Ok((fen, _))) => *fen = rest.to_string(),
                    ("mended", Ok((_, mended))) => mended.push(rest.to_string()),
                    ("refused", _) => case.held = Err(rest.to_string()),
                    _ => panic!("{at}: `{key}` after a refusal"),
                }
            }
            "status" => {}
            other => panic!("{at}: unknown line `{other}`"),
        }
    }
    cases
}

fn fen(d: &mut Driver) -> String {
    run(d, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

fn mended(answer: &Json) -> Vec<String> {
    answer.get("mended").as_array().iter().filter_map(|m| m.as_str()).map(str::to_string).collect()
}

/// Each case set up with `setfen` in its folder: the FEN held and the mends
/// told, or the refusal's words with the position as it was; a held FEN
/// set up again needs no mend, and the cards' moves in it are the built-in
/// engine's.
#[test]
fn every_position_from_outside_is_held_or_refused_as_the_cases_say() {
    let cases = cases();
    assert!(cases.len() >= 60, "{} cases", cases.len());
    let mut drivers: BTreeMap<String, Driver> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in &cases {
        let d = drivers
            .entry(case.content.clone())
            .or_insert_with(|| common::two_players(common::load_game(&common::root().join(&case.content))));
        let before = fen(d);
        let answer = d.command(&format!("setfen {}", case.given));
        let at = format!("held.txt:{} ({}) `{}`", case.line, case.content, case.given);
        match &case.held {
            Err(words) => {
                if answer.get("error").as_str() != Some(words.as_str()) {
                    failures.push(format!("{at}: refused with `{words}`, answered {answer}"));
                }
                if fen(d) != before {
                    failures.push(format!("{at}: the refused FEN changed the position"));
                }
            }
            Ok((held, words)) => {
                if answer.is_error() {
                    failures.push(format!("{at}: held as {held}, answered {answer}"));
                    continue;
                }
                let got = (answer.get("fen").as_str().unwrap_or_default().to_string(), mended(&answer));
                if got != (held.clone(), words.clone()) {
                    failures.push(format!("{at}: held as {held} {words:?}, answered {got:?}"));
                }
                let again = d.command(&format!("setfen {held}"));
                if again.get("fen").as_str() != Some(held.as_str()) || !mended(&again).is_empty() {
                    failures.push(format!("{at}: its held FEN set up again answered {again}"));
                }
                let (cards, engine) = (move_set(d, "moves"), move_set(d, "enginemoves"));
                if cards != engine {
                    failures.push(format!("{at}: the cards' moves {cards:?}, the engine's {engine:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} cases:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// The FEN: `KQkq` with a Rook on h1 alone. The Queen side's castling
/// is offered neither by the cards nor by the engine, and a click of the
/// King then c1 does not castle; the King side's is played by clicks.
#[test]
fn a_castling_without_its_rook_is_not_offered_to_a_player() {
    let mut d = common::chess_driver();
    let answer = run(&mut d, "setfen 4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    assert_eq!(answer.get("fen").as_str(), Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "{answer}");
    assert_eq!(mended(&answer)[0], "castling right Q dropped: no White Rook on a1");
    for command in ["moves", "enginemoves"] {
        let moves = move_set(&mut d, command);
        assert!(!moves.contains("e1c1") && moves.contains("e1g1"), "{command}: {moves:?}");
    }
    ok(&mut d, "click e1");
    ok(&mut d, "click c1");
    let after = fen(&mut d);
    assert!(after.starts_with("4k3/8/8/8/8/8/8/4K2R w "), "a click of c1 moved: {after}");
    ok(&mut d, "click e1");
    ok(&mut d, "click g1");
    assert_eq!(fen(&mut d), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // The side not to move in check: refused, the position kept.
    let refused = d.command("setfen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(refused.get("error").as_str(), Some("refused: the side not to move (Black) is in check"));
    assert_eq!(fen(&mut d), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // `--fen` (the window's and `drive`'s start option) goes the same way.
    let mut d = common::chess_driver();
    assert_eq!(d.apply_start_option("fen", "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"), Ok(()));
    assert_eq!(fen(&mut d), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!move_set(&mut d, "moves").contains("e1c1"));
    assert_eq!(
        d.apply_start_option("fen", "8/8/8/8/8/8/8/4K3 w - - 0 1"),
        Err("refused: Black has no King".to_string())
    );
}

/// A PGN whose `FEN` tag names a castling without its Rook: its O-O-O is
/// no legal move, its O-O is, and the mend is told; a `FEN` tag the rules
/// cannot hold refuses the PGN.
#[test]
fn a_pgn_fen_tag_is_held_to_the_rules() {
    let mut d = common::chess_driver();
    let tags = "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1\"]";
    let refused = d.command(&format!("loadpgn {tags} 1. O-O-O *"));
    let why = refused.get("error").as_str().unwrap_or_default().to_string();
    assert!(why.starts_with("move 1. `O-O-O`"), "{refused}");
    let answer = run(&mut d, &format!("loadpgn {tags} 1. O-O *"));
    assert_eq!(answer.get("fen").as_str(), Some("4k3/8/8/8/8/8/8/5RK1 b - - 1 1"), "{answer}");
    assert_eq!(mended(&answer).len(), 3, "{answer}");
    let bad = d.command("loadpgn [SetUp \"1\"] [FEN \"4k2P/8/8/8/8/8/8/4K3 w - - 0 1\"] 1. Kd2 *");
    assert_eq!(
        bad.get("error").as_str(),
        Some("the PGN's FEN: refused: a White Pawn on h8, the Rank where White's Pawns are promoted"),
        "{bad}"
    );
}

/// `cardtable uci`: `position fen` with the FEN says each mend;
/// `go searchmoves e1c1` finds it no legal move and plays another; a FEN
/// the rules cannot hold is refused, the position before it kept.
#[test]
fn uci_position_fen_is_held_to_the_rules() {
    let mut uci = crate::uci::Uci::start(&[]);
    uci.send("position fen 4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    uci.send("go depth 2 searchmoves e1c1");
    let lines = uci.until("bestmove");
    for l in [
        "info string castling right Q dropped: no White Rook on a1",
        "info string castling right k dropped: no Black Rook on h8",
        "info string searchmoves: `e1c1` is not a legal move here",
    ] {
        assert!(lines.iter().any(|line| line == l), "no `{l}` in {lines:?}");
    }
    assert_ne!(lines.last().map(String::as_str), Some("bestmove e1c1"), "{lines:?}");
    uci.send("position fen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    uci.send("go depth 1 searchmoves e1e2");
    let lines = uci.until("bestmove");
    assert!(lines.iter().any(|l| l == "info string refused: the side not to move (Black) is in check"), "{lines:?}");
    // The position kept is the one before: e1e2 is its King's move.
    assert_eq!(lines.last().map(String::as_str), Some("bestmove e1e2"), "{lines:?}");
    uci.send("quit");
}
