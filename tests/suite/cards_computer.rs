//! The Computer over the cards (runtime/src/play/computer.rs): the `search`
//! library played as a player plays, through clicks, keys and `wait`.
//! Tic-tac-toe and Breakthrough with their Computer on: it answers every
//! turn, plays only moves the cards list, and the game reaches its end; the
//! Hint (the H key) in each. (A chess game whose engines do not follow its
//! cards, played by the search over the cards: tests/suite/engines_follow.rs.)
//! Every answer comes in a `wait` on the game's clock, never in another
//! driver command, so each test sees the Computer's Turn before it.

use crate::common::{self, ok, text};
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use std::rc::Rc;

fn example(name: &str) -> Driver {
    let game = common::load_game(&common::root().join("content/examples").join(name));
    Driver::with_parts_off(game, Rc::new(cardtable_runtime::save::Store::memory()), false, &[])
}

fn moves(d: &mut Driver) -> Vec<String> {
    ok(d, "moves").get("moves").as_array().iter().filter_map(|m| m.as_str().map(str::to_string)).collect()
}

fn global(d: &mut Driver, name: &str) -> String {
    ok(d, &format!("global {name}")).get("value").as_str().unwrap_or_default().to_string()
}

/// A random mover's move, drawn by the World's generator seeded with `seed`.
fn random_move(d: &mut Driver, seed: u64) -> String {
    let one = ok(d, &format!("playout {seed} 1"));
    one.get("moves").as_array().first().and_then(Json::as_str).expect("a move while the game goes on").to_string()
}

/// Waits for the Computer's answer (at most 20 s of the game's clock, a
/// second at a time): whether it came (the Game State left Computer's Turn).
fn computer_answers(d: &mut Driver) -> bool {
    common::wait_until(d, 1.0, 20.0, |d| common::state(d) != "Computer's Turn")
}

/// One game of tic-tac-toe against its Computer (Black), the Player a
/// random mover seeded with `seed` clicking its Cells; the result.
fn tic_tac_toe_game(d: &mut Driver, seed: u64) -> String {
    for turn in 0..5 {
        let cell = random_move(d, seed * 10 + turn);
        ok(d, &format!("click {cell}"));
        if global(d, "result") != "*" {
            break;
        }
        assert_eq!(common::state(d), "Computer's Turn", "the Computer thinks after {cell}");
        let listed = moves(d);
        assert!(computer_answers(d), "the Computer answered");
        let chosen = text(d, "eval data('Chosen Moves', 'Computer', 'move')");
        assert!(listed.contains(&chosen), "the Computer played {chosen}, which the cards list: {listed:?}");
        assert_eq!(text(d, &format!("eval data('Board', '{chosen}', 'stone')")), "Black");
        let cell = ok(d, &format!("objects {chosen}"));
        assert_eq!(cell.get("objects").as_array()[0].get("frame"), &Json::Num(2.0), "the Cell shows the stone");
        if global(d, "result") != "*" {
            break;
        }
        assert_eq!(global(d, "turn"), "White");
    }
    let result = global(d, "result");
    assert_ne!(result, "*", "a game of tic-tac-toe ends within five turns");
    assert_eq!(common::state(d), "Game Over");
    result
}

#[test]
fn tic_tac_toe_s_computer_answers_every_turn_with_a_listed_move_and_the_game_ends() {
    let mut d = example("tic-tac-toe");
    for seed in 0..3 {
        let result = tic_tac_toe_game(&mut d, seed);
        assert_ne!(result, "1-0", "game {seed}: the Computer (Black) lost to a random mover");
        // A click once it is over starts again.
        ok(&mut d, "click a1");
        assert_eq!(global(&mut d, "result"), "*");
        assert_eq!(common::state(&mut d), "Playing");
    }
}

/// The measure, through the Computer as a player meets it: 100
/// games against a random mover, none lost.
/// `cargo test --test suite cards_computer:: -- --ignored` (docs/testing.md).
#[test]
#[ignore]
fn tic_tac_toe_s_computer_loses_none_of_a_hundred_games() {
    let mut d = example("tic-tac-toe");
    let mut tally = std::collections::BTreeMap::new();
    for seed in 0..100 {
        *tally.entry(tic_tac_toe_game(&mut d, seed)).or_insert(0) += 1;
        ok(&mut d, "click a1");
    }
    eprintln!("tic-tac-toe, the Computer as Black against a random mover: {tally:?}");
    assert!(!tally.contains_key("1-0"), "{tally:?}");
}

/// The template (content/examples/template, the game a new game is copied
/// from) has a Computer too: Black, the search over its cards by playouts
/// (`bestmove` says `mcts`: no card evaluates a position). Against a
/// seeded random mover, it answers each turn with a Cell the cards list,
/// shown as its stone; once the Board is full it is asked and says that no
/// move is left, and the game waits for no one.
#[test]
fn the_template_s_computer_plays_by_its_cards_until_no_move_is_left() {
    let mut d = example("template");
    let found = ok(&mut d, "bestmove nodes 200");
    assert_eq!(found.get("method").as_str(), Some("mcts"), "{found}");
    for turn in 0..5 {
        let cell = random_move(&mut d, 40 + turn);
        ok(&mut d, &format!("click {cell}"));
        assert_eq!(common::state(&mut d), "Computer's Turn", "the Computer thinks after {cell}");
        let listed = moves(&mut d);
        assert!(computer_answers(&mut d), "the Computer answered");
        assert_eq!(common::state(&mut d), "Playing");
        if turn == 4 {
            assert!(listed.is_empty(), "{listed:?}");
            assert_eq!(global(&mut d, "status"), "No move is left");
            break;
        }
        let chosen = text(&mut d, "eval data('Chosen Moves', 'Computer', 'move')");
        assert!(listed.contains(&chosen), "the Computer played {chosen}, which the cards list: {listed:?}");
        assert_eq!(text(&mut d, &format!("eval data('Board', '{chosen}', 'stone')")), "Black");
        let shown = ok(&mut d, &format!("objects {chosen}"));
        assert_eq!(shown.get("objects").as_array()[0].get("frame"), &Json::Num(2.0), "the Cell shows the stone");
        assert_eq!(global(&mut d, "status"), "White to play");
    }
    let stones = (ok(&mut d, "table Board").get("rows").as_array().iter())
        .filter(|r| r.get("stone").as_str() == Some("Black"))
        .count();
    assert_eq!(stones, 4, "the Computer placed four stones");
}

#[test]
fn breakthrough_s_computer_answers_every_turn_with_a_listed_move_and_the_game_ends() {
    let mut d = example("breakthrough");
    for ply in 0..200 {
        if global(&mut d, "result") != "*" {
            break;
        }
        let mv = random_move(&mut d, ply);
        ok(&mut d, &format!("click {}", &mv[..2]));
        ok(&mut d, &format!("click {}", &mv[2..]));
        if global(&mut d, "result") != "*" {
            break;
        }
        assert_eq!(common::state(&mut d), "Computer's Turn", "the Computer thinks after {mv}");
        let listed = moves(&mut d);
        assert!(computer_answers(&mut d), "the Computer answered after {mv}");
        let chosen = text(&mut d, "eval data('Chosen Moves', 'Computer', 'move')");
        assert!(listed.contains(&chosen), "the Computer played {chosen}, which the cards list: {listed:?}");
        assert_eq!(text(&mut d, &format!("eval data('Board', '{}', 'side')", &chosen[2..])), "Black");
    }
    assert_eq!(global(&mut d, "result"), "0-1", "the Computer (Black) beats a random mover");
    assert_eq!(common::state(&mut d), "Game Over");
}

/// The Hint in a game that is not chess: the H key on the Player's turn,
/// answered by the search at the Search Strengths row Hint, said on the
/// status line; a move the cards list.
#[test]
fn the_hint_is_the_search_s_in_tic_tac_toe_and_breakthrough() {
    let mut d = example("tic-tac-toe");
    ok(&mut d, "click b2");
    assert!(computer_answers(&mut d));
    let listed = moves(&mut d);
    ok(&mut d, "key H");
    assert_eq!(global(&mut d, "status"), "Finding a Hint");
    assert!(common::wait_until(&mut d, 0.5, 20.0, |d| global(d, "status").starts_with("Hint: ")));
    let hint = text(&mut d, "eval data('Chosen Moves', 'Hint', 'move')");
    assert!(listed.contains(&hint), "{hint} in {listed:?}");
    assert_eq!(global(&mut d, "status"), format!("Hint: {hint}"));
    assert_eq!(global(&mut d, "turn"), "White", "a Hint makes no move");

    let mut d = example("breakthrough");
    let listed = moves(&mut d);
    ok(&mut d, "key H");
    assert!(common::wait_until(&mut d, 0.5, 20.0, |d| global(d, "status").starts_with("Hint: ")));
    let hint = text(&mut d, "eval data('Chosen Moves', 'Hint', 'move')");
    assert!(listed.contains(&hint), "{hint} in {listed:?}");
    assert_eq!(global(&mut d, "selected"), &hint[..2], "the Hint's stone is selected");
    // Breakthrough has an Evaluate: the Hint is alpha-beta's at the row Hint (depth 2, 1000 nodes).
    let found = ok(&mut d, "bestmove depth 2 nodes 1000");
    assert_eq!(found.get("move").as_str(), Some(hint.as_str()));
}
