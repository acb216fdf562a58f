//! game.yaml's `play:`: the driver's `moves`, `perft`, `playout` and `play`
//! on games that are not chess, through their own cards: tic-tac-toe's and
//! Breakthrough's perft against tools/play/reference_perft.py (the rules
//! alone, `tests/play/perft.txt`), the real game left as it was by every
//! rehearsal, a seeded playout the same each time, only listed moves played.

use crate::common;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use std::rc::Rc;

fn example(name: &str) -> Driver {
    let game = common::load_game(&common::root().join("content/examples").join(name));
    Driver::with_store(game, Rc::new(cardtable_runtime::save::Store::memory()))
}

/// `tests/play/perft.txt`'s counts: (game, depth, nodes).
fn reference() -> Vec<(String, u32, f64)> {
    let path = common::root().join("tests/play/perft.txt");
    let text = std::fs::read_to_string(&path).expect("tests/play/perft.txt (tools/play/reference_perft.py)");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(w.len(), 3, "`{l}`: GAME DEPTH NODES");
            (w[0].to_string(), w[1].parse().expect("a depth"), w[2].parse().expect("a count"))
        })
        .collect()
}

#[test]
fn tic_tac_toe_and_breakthrough_count_as_their_rules() {
    let mut counted = 0;
    for (game, depth, nodes) in reference() {
        // Breakthrough's depth 4 is a quarter of a million leaves: 1 to 3 here.
        if game == "breakthrough" && depth > 3 {
            continue;
        }
        let mut d = example(&game);
        let answer = common::ok(&mut d, &format!("perft {depth}"));
        assert_eq!(answer.get("nodes"), &Json::Num(nodes), "{game} perft {depth}");
        counted += 1;
    }
    assert_eq!(counted, 12, "tic-tac-toe 1 to 9, Breakthrough 1 to 3");
}

/// `moves`, `perft` and `playout` run on a rehearsal copy: the game's
/// tables, Globals and Game State are as they were.
#[test]
fn a_rehearsal_leaves_the_game_as_it_was() {
    for name in ["tic-tac-toe", "breakthrough"] {
        let mut d = example(name);
        let look = |d: &mut Driver| {
            let board = d.command("table Board").to_string();
            let moves = d.command("table Moves").to_string();
            let globals: Vec<String> = ["turn", "toMove", "result", "status"]
                .iter()
                .map(|g| d.command(&format!("global {g}")).to_string())
                .collect();
            (board, moves, globals, d.command("state").to_string())
        };
        let before = look(&mut d);
        common::ok(&mut d, "moves");
        common::ok(&mut d, "perft 3");
        let out = common::ok(&mut d, "playout 7");
        assert_eq!(out.get("over"), &Json::Bool(true), "{name}: a playout plays to the end: {out}");
        assert_eq!(look(&mut d), before, "{name}");
    }
}

#[test]
fn a_playout_is_the_same_for_the_same_seed_and_ends_with_the_result() {
    let mut d = example("tic-tac-toe");
    let a = common::ok(&mut d, "playout 42");
    assert_eq!(common::ok(&mut d, "playout 42"), a);
    let results: Vec<String> =
        (0..20).map(|s| common::ok(&mut d, &format!("playout {s}")).get("result").to_string()).collect();
    for r in &results {
        assert!(["\"1-0\"", "\"0-1\"", "\"1/2-1/2\""].contains(&r.as_str()), "{r}");
    }
    assert!(results.iter().any(|r| r != &results[0]), "twenty seeds, one result: {results:?}");
    let two = common::ok(&mut d, "playout 42 2");
    assert_eq!(two.get("moves").as_array().len(), 2);
    assert_eq!(two.get("over"), &Json::Bool(false));
    for bad in ["playout", "playout x", "playout 1 0", "playout 1 10001", "playout 1 2 3"] {
        assert!(d.command(bad).is_error(), "{bad}");
    }
}

#[test]
fn play_makes_only_a_listed_move_on_the_game_itself() {
    let mut d = example("tic-tac-toe");
    assert_eq!(common::ok(&mut d, "play b2").get("played").as_str(), Some("b2"));
    assert_eq!(d.command("global turn").get("value").as_str(), Some("Black"));
    let refused = d.command("play b2");
    assert!(refused.get("error").as_str().is_some_and(|e| e.starts_with("`b2` is not a legal move here")), "{refused}");
    assert_eq!(common::strings(common::ok(&mut d, "moves").get("moves")).len(), 8);
    // White makes a line: the game is over, and lists no move.
    for m in ["a1", "a3", "c3", "c1"] {
        common::ok(&mut d, &format!("play {m}"));
    }
    assert_eq!(d.command("global result").get("value").as_str(), Some("1-0"));
    assert!(common::ok(&mut d, "moves").get("moves").as_array().is_empty());
}

#[test]
fn a_game_without_play_has_no_moves() {
    // The chess game with its `play:` taken out of game.yaml.
    let c = common::TempContent::chess("no-play");
    let yaml = c.read("game.yaml");
    let at = yaml.find("\nplay:\n").expect("chess's game.yaml has play:");
    let end = yaml[at + 1..].find("\n\n").map_or(yaml.len(), |e| at + 1 + e);
    let rest: String = yaml[at + 1..end].lines().filter(|l| !l.starts_with("  ") && !l.starts_with("play:")).collect();
    c.write("game.yaml", &format!("{}\n{rest}{}", &yaml[..at], &yaml[end..]));
    let game = common::load_game(&c.dir);
    let mut d = Driver::with_store(game, Rc::new(cardtable_runtime::save::Store::memory()));
    for command in ["moves", "perft 1", "playout 1", "play a1a2"] {
        let answer = d.command(command);
        let e = answer.get("error").as_str().unwrap_or_default();
        assert!(e.contains("game.yaml has no `play:`"), "{command}: {answer}");
    }
}
