//! perft through the cards: the number of leaf positions a given number of
//! Moves deep, counted by the driver's `perft` (the cards' Find Legal Moves,
//! Make Move and Pass The Turn, castling, en passant and the four promotions
//! included), against the published counts.
//!
//! The table is data: a position, a depth, the count. The positions are the
//! usual ones of the Chess Programming Wiki's "Perft Results" page. (Position 3
//! has the Black King on h4 and position 6 the Black Bishop on g4: without
//! them the counts are other ones.)
//!
//! Every row runs in the default `cargo test`; the rows are shared among
//! threads (each loads its own game: a World is not Send). Each row's time is
//! printed (`cargo test --test suite perft:: -- --nocapture`).

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// (name, FEN, depth, the published count)
const TABLE: &[(&str, &str, u32, u64)] = &[
    ("start", START, 1, 20),
    ("start", START, 2, 400),
    ("start", START, 3, 8_902),
    ("Kiwipete", KIWIPETE, 1, 48),
    ("Kiwipete", KIWIPETE, 2, 2_039),
    ("Kiwipete", KIWIPETE, 3, 97_862),
    ("position 3", POSITION_3, 1, 14),
    ("position 3", POSITION_3, 2, 191),
    ("position 3", POSITION_3, 3, 2_812),
    ("position 3", POSITION_3, 4, 43_238),
    ("position 4", POSITION_4, 1, 6),
    ("position 4", POSITION_4, 2, 264),
    ("position 4", POSITION_4, 3, 9_467),
    ("position 5", POSITION_5, 1, 44),
    ("position 5", POSITION_5, 2, 1_486),
    ("position 5", POSITION_5, 3, 62_379),
    ("position 6", POSITION_6, 1, 46),
    ("position 6", POSITION_6, 2, 2_079),
    ("position 6", POSITION_6, 3, 89_890),
];

/// Sets up the position and counts; Err says what went wrong.
fn perft(driver: &mut Driver, fen: &str, depth: u32) -> Result<u64, String> {
    let set = driver.command(&format!("setfen {fen}"));
    if set.is_error() {
        return Err(format!("setfen answered {set}"));
    }
    // The FEN comes back as it went in (but the move number, see
    // `setfen_keeps_the_move_number`): the cards' tables say the same position.
    let back = set.get("fen").as_str().unwrap_or("").to_string();
    let fields = |f: &str| f.split_whitespace().take(5).collect::<Vec<_>>().join(" ");
    if fields(&back) != fields(fen) {
        return Err(format!("setfen {fen} reads back as {back}"));
    }
    let answer = driver.command(&format!("perft {depth}"));
    if answer.is_error() || !answer.get("faults").as_array().is_empty() {
        return Err(format!("perft {depth} answered {answer}"));
    }
    match answer.get("nodes") {
        Json::Num(n) => Ok(*n as u64),
        other => Err(format!("perft {depth} answered nodes {other}")),
    }
}

/// Runs the rows on a few threads, prints each row's time, and fails with every disagreement.
fn run_table(table: &[(&str, &str, u32, u64)]) {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    // The slowest rows first, so that the threads finish together.
    let mut order: Vec<usize> = (0..table.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(table[i].3));
    let next = AtomicUsize::new(0);
    type Counted = (usize, Result<u64, String>, Duration);
    let results: Mutex<Vec<Counted>> = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut driver = common::chess_driver();
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&i) = order.get(k) else { break };
                    let (_, fen, depth, _) = table[i];
                    let t = Instant::now();
                    let got = perft(&mut driver, fen, depth);
                    results.lock().unwrap().push((i, got, t.elapsed()));
                }
            });
        }
    });
    let total = started.elapsed();
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let mut wrong = Vec::new();
    for (i, got, took) in &results {
        let (name, fen, depth, want) = table[*i];
        let verdict = match got {
            Ok(n) if *n == want => "ok  ",
            Ok(n) => {
                wrong.push(format!("{name} depth {depth}: the cards count {n}, the published count is {want} ({fen})"));
                "FAIL"
            }
            Err(e) => {
                wrong.push(format!("{name} depth {depth}: {e} ({fen})"));
                "FAIL"
            }
        };
        println!("{verdict} {name:<10} depth {depth}: {want:>7} nodes in {:>6.2} s", took.as_secs_f64());
    }
    println!("{} rows on {threads} threads in {:.2} s", table.len(), total.as_secs_f64());
    assert_eq!(results.len(), table.len(), "every row ran");
    assert!(wrong.is_empty(), "{} perft row(s) disagree:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn perft_through_the_cards_gives_the_published_counts() {
    run_table(TABLE);
}

/// One more Move deep: minutes, not seconds.
const DEEPER: &[(&str, &str, u32, u64)] =
    &[("start", START, 4, 197_281), ("position 3", POSITION_3, 5, 674_624), ("position 4", POSITION_4, 4, 422_333)];

#[test]
#[ignore = "slow: run with cargo test --release -- --ignored"]
fn perft_one_move_deeper() {
    run_table(DEEPER);
}

#[test]
fn perft_leaves_the_game_as_it_was() {
    // perft counts on a copy of the World: the game, its selection and its marks stay.
    let mut driver = common::chess_driver();
    driver.command("click e2");
    let fen = driver.command("fen");
    let answer = driver.command("perft 2");
    assert_eq!(answer.get("nodes"), &Json::Num(400.0), "{answer}");
    assert_eq!(driver.command("fen"), fen);
    assert_eq!(driver.command("get \"Game Rules\" boardState.selected").get("value").as_str(), Some("e2"));
    assert_eq!(driver.command("eval data('Targets', 'e4', 'reachable')").get("value"), &Json::Bool(true));
    driver.command("click e4");
    assert_eq!(driver.command("eval data('Position', 'e4', 'kind')").get("value").as_str(), Some("Pawn"));
}

#[test]
fn the_cards_legal_moves_of_the_start_position() {
    let mut driver = common::chess_driver();
    let answer = driver.command("moves");
    let moves: Vec<&str> = answer.get("moves").as_array().iter().filter_map(|m| m.as_str()).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
            "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4"
        ]
    );
}

#[test]
fn moves_lists_each_promotion_kind_and_castling_as_the_kings_move() {
    let mut driver = common::chess_driver();
    assert!(!driver.command("setfen r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1").is_error());
    let answer = driver.command("moves");
    let moves: Vec<&str> = answer.get("moves").as_array().iter().filter_map(|m| m.as_str()).collect();
    for m in ["b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n", "e1g1", "e1c1"] {
        assert!(moves.contains(&m), "`{m}` missing from {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.starts_with("b7") && m.len() == 4), "a promotion names its Kind: {moves:?}");
}

#[test]
fn setfen_keeps_the_move_number() {
    let mut driver = common::chess_driver();
    let answer = driver.command(&format!("setfen {POSITION_5}"));
    assert_eq!(answer.get("fen").as_str(), Some(POSITION_5));
    let mut driver = common::chess_driver();
    driver.command("setfen 4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    driver.command("click e8");
    driver.command("click d8");
    assert_eq!(driver.command("fen").get("fen").as_str(), Some("3k4/8/8/8/8/8/8/R3K3 w - - 1 2"));
}

#[test]
fn snapshot_and_restore_carry_the_move_number() {
    // The move number of the position set up last is the chess library's
    // state, kept in the World: a snapshot carries it.
    let mut driver = common::chess_driver();
    let at_37 = "4k3/8/8/8/8/8/8/R3K3 w - - 0 37";
    assert_eq!(driver.command(&format!("setfen {at_37}")).get("fen").as_str(), Some(at_37));
    assert!(!driver.command("snapshot a").is_error());
    assert_eq!(driver.command(&format!("setfen {START}")).get("fen").as_str(), Some(START));
    assert!(!driver.command("restore a").is_error());
    assert_eq!(driver.command("fen").get("fen").as_str(), Some(at_37));
}

/// `perft` counts at most so many leaf positions (the driver's, a million):
/// one past them stops the count and says so, whatever the depth; the count
/// that fits answers. It counts through the game's `play:` cards.
#[test]
fn perft_stops_past_its_bound_of_leaf_positions() {
    use cardtable_runtime::play::{perft, PerftStop, Player, PERFT_LEAVES};
    let game = common::load_game(&common::chess_dir());
    let mut player = Player::new(&game).expect("chess says how it is played");
    let mut driver = common::two_players(game);
    let mut world = driver.world.clone();
    let short = perft(&mut player, &mut world, 3, 8_901);
    assert!(matches!(short, Err(PerftStop::TooMany)), "one short of start's depth 3: {short:?}");
    let mut world = driver.world.clone();
    assert_eq!(perft(&mut player, &mut world, 3, 8_902).ok(), Some(8_902));
    assert_eq!(PERFT_LEAVES, 1_000_000);
    let answer = driver.command("perft 13");
    assert_eq!(answer.get("error").as_str(), Some("`perft` takes a depth from 0 to 12, found `13`"));
    // The bound through the driver, on the game whose moves cost least:
    // Breakthrough's depth 4 is 256,036, its depth 5 some six million.
    let mut breakthrough =
        common::two_players(common::load_game(&common::root().join("content/examples/breakthrough")));
    let answer = breakthrough.command("perft 5");
    assert_eq!(
        answer.get("error").as_str(),
        Some("`perft 5` stopped past 1000000 leaf positions, the most `perft` counts"),
        "Breakthrough's depth 5 is past a million"
    );
}

#[test]
fn perft_brings_back_the_rows_a_move_adds() {
    // A content whose Make Move also adds a row to Move History and one to
    // Position History: perft must take each move back whole, rows and all.
    let copy = common::TempContent::chess("perft-rows");
    copy.replace_once(
        "logic/Make Move.yaml",
        "steps:\n",
        "steps:\n  - control row: Move History\n    action name: addedRow\n    row: dataCount('Move History')\n  \
         - control row: Position History\n    action name: addedRow\n    row: dataCount('Position History')\n",
    );
    let game = common::load_game(&copy.dir);
    let chess = cardtable_chess::library::Chess::new(&game).expect("the chess library resolves");
    let mut player = cardtable_runtime::play::Player::new(&game).expect("chess says how it is played");
    let mut driver = common::two_players(game);
    for (fen, depth, want) in [(KIWIPETE, 2, 2_039), (POSITION_3, 3, 2_812), (POSITION_4, 2, 264)] {
        assert!(!driver.command(&format!("setfen {fen}")).is_error());
        let rows = |d: &mut Driver, t: &str| d.command(&format!("table \"{t}\"")).get("rows").as_array().len();
        let (moves, positions) = (rows(&mut driver, "Move History"), rows(&mut driver, "Position History"));
        // On the World itself, not on a copy as the driver's `perft` counts:
        // the play room's snapshots take back every row a move adds.
        let counted = cardtable_runtime::play::perft(&mut player, &mut driver.world, depth, u64::MAX);
        assert_eq!(counted.ok(), Some(want), "{fen} depth {depth}");
        assert_eq!(driver.command("fen").get("fen").as_str(), Some(fen), "perft left the position as it was");
        assert_eq!(rows(&mut driver, "Move History"), moves, "{fen}: Move History");
        assert_eq!(rows(&mut driver, "Position History"), positions, "{fen}: Position History");
        assert!(driver.world.faults.is_empty(), "{:?}", driver.world.faults);
        // The content does add the rows: one Move made through the cards adds one.
        let mut moves_now = Vec::new();
        chess.legal_moves(&mut driver.world, &mut moves_now).expect("legal moves");
        chess.make(&mut driver.world, moves_now[0]).expect("a move");
        assert_eq!(rows(&mut driver, "Move History"), moves + 1, "{fen}: the variant adds a row");
    }
}

#[test]
fn the_fen_option_sets_up_the_position_through_the_library() {
    // What the window does with `--fen FEN`.
    let mut driver = common::chess_driver();
    let apply =
        |d: &mut Driver, fen: &str| cardtable_runtime::library::apply_option(&d.libraries, &mut d.world, "fen", fen);
    assert_eq!(apply(&mut driver, POSITION_5), Ok(()));
    assert_eq!(driver.command("fen").get("fen").as_str(), Some(POSITION_5));
    assert_eq!(apply(&mut driver, "8/8/8 w"), Err("the FEN's placement has 3 ranks, not 8".into()));
    assert!(cardtable_runtime::library::options().contains(&(
        "fen",
        "FEN",
        "start from this position, a FEN (chess library)"
    )));
}
