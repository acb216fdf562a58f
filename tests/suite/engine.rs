//! The built-in engine (the engine library): its cases in
//! `tests/engine/cases.txt` (perft against the published counts, mates in one
//! and two), its legal moves against the cards' in the reference games and
//! in a content with invented Kinds, and its moves always legal.
//!
//! Everything goes through the driver (`setfen`, `moves`, `enginemoves`,
//! `engineperft`, `bestmove`), but the mates' proof, which tries every
//! answer with the engine's own move generator.

use crate::common;

use std::collections::BTreeSet;

use cardtable_chess::engine::piece::kind_of;
use cardtable_chess::engine::{Board, Move, Rules};
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{move_set, run, strings, TempContent};

fn num(j: &Json) -> f64 {
    match j {
        Json::Num(n) => *n,
        other => panic!("not a number: {other}"),
    }
}

/// The chess content's engine (its Rules, as the engine library reads them)
/// and a driver over the same game.
fn chess_engine() -> (Rules, Driver) {
    let game = common::load_game(&common::chess_dir());
    let rules = Rules::new(&game).expect("the engine reads the chess content");
    (rules, Driver::new(game))
}

/// `engineperft` counts at most [`ENGINE_PERFT_POSITIONS`] leaf positions:
/// one past them stops the count (in a few seconds, not the minutes of the
/// start's depth 7) and the answer names the bound.
#[test]
fn engineperft_stops_past_its_bound_of_leaf_positions() {
    use cardtable_chess::engine::ENGINE_PERFT_POSITIONS;
    let (rules, mut d) = chess_engine();
    let mut b = Board::from_fen(&rules, START).unwrap();
    assert_eq!(b.perft_within(&rules, 4, &mut 197_280), None, "one short of the start's depth 4");
    let mut left = 197_281;
    assert_eq!(b.perft_within(&rules, 4, &mut left), Some(197_281));
    assert_eq!(left, 0);
    let answer = d.command("engineperft 7");
    let bound = format!("`engineperft 7` stopped past {ENGINE_PERFT_POSITIONS} leaf positions");
    assert!(answer.get("error").as_str().is_some_and(|e| e.starts_with(&bound)), "{answer}");
}

/// `b` is the position after a move of the mating side: it is mate, or
/// (with `n` > 0) every answer leaves a move after which this holds with
/// `n - 1`.
fn mated_within(r: &Rules, b: &Board, n: u32) -> bool {
    let mut answers = Vec::new();
    let mut b2 = *b;
    b2.legal_moves(r, &mut answers);
    if answers.is_empty() {
        return b.in_check(r);
    }
    if n == 0 {
        return false;
    }
    answers.iter().all(|&a| {
        let after = b.make(r, a);
        let mut mine = Vec::new();
        let mut a2 = after;
        a2.legal_moves(r, &mut mine);
        mine.iter().any(|&m| mated_within(r, &after.make(r, m), n - 1))
    })
}

#[test]
fn the_cases_of_the_engine() {
    let text = std::fs::read_to_string(common::root().join("tests/engine/cases.txt")).expect("the cases");
    let (rules, mut d) = chess_engine();
    assert_eq!(run(&mut d, "enginemoves").get("chess"), &Json::Bool(true), "the chess content is chess");
    let mut wrong = Vec::new();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        count += 1;
        let at = format!("tests/engine/cases.txt:{}", i + 1);
        let words: Vec<&str> = line.splitn(4, ' ').collect();
        match words[..] {
            ["perft", depth, nodes, fen] => {
                run(&mut d, &format!("setfen {fen}"));
                let started = std::time::Instant::now();
                let answer = run(&mut d, &format!("engineperft {depth}"));
                let got = num(answer.get("nodes")) as u64;
                println!("perft {depth} {got:>9} in {:.2} s: {fen}", started.elapsed().as_secs_f64());
                if got.to_string() != nodes {
                    wrong.push(format!("{at}: perft {depth} counts {got}, the published count is {nodes} ({fen})"));
                }
            }
            ["mate", n, fen, rest] => {
                let fen = format!("{fen} {rest}");
                let n: u32 = n.parse().expect("a number of moves");
                run(&mut d, &format!("setfen {fen}"));
                let answer = run(&mut d, &format!("enginebestmove depth {}", 2 * n));
                let mv = answer.get("move").as_str().unwrap_or("").to_string();
                let mate = answer.get("mate");
                let mut b = Board::from_fen(&rules, &fen).expect("the case's FEN");
                let proved = b.parse_move(&rules, &mv).is_some_and(|m| mated_within(&rules, &b.make(&rules, m), n - 1));
                if mate != &Json::Num(f64::from(n)) || !proved {
                    wrong.push(format!(
                        "{at}: mate in {n}: the engine answered {answer}; its move mates in {n}: {proved}"
                    ));
                }
            }
            _ => wrong.push(format!("{at}: not a case: {line}")),
        }
    }
    assert!(count > 30, "the cases were read: {count}");
    assert!(wrong.is_empty(), "{} case(s) wrong:\n{}", wrong.len(), wrong.join("\n"));
}

/// The reference games: each position's legal moves (as the file groups them).
struct Game {
    number: usize,
    plies: Vec<(BTreeSet<String>, String)>,
}

fn expand(legal: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for group in legal.split_whitespace() {
        let b = group.as_bytes();
        let from = &group[..2];
        let mut i = 2;
        while i + 2 <= b.len() {
            let to = &group[i..i + 2];
            i += 2;
            let promo = b
                .get(i)
                .copied()
                .filter(|c| b"qrbn".contains(c))
                .filter(|_| !b.get(i + 1).is_some_and(|c| c.is_ascii_digit()));
            match promo {
                Some(p) => {
                    out.insert(format!("{from}{to}{}", p as char));
                    i += 1;
                }
                None => {
                    out.insert(format!("{from}{to}"));
                }
            }
        }
    }
    out
}

fn reference_games() -> Vec<Game> {
    let text = std::fs::read_to_string(common::root().join("tests/vectors/random_games.txt")).expect("the vectors");
    let mut games: Vec<Game> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("game ") {
            let number = rest.split_whitespace().next().and_then(|n| n.parse().ok()).expect("a game number");
            games.push(Game { number, plies: Vec::new() });
        } else if let Some(rest) = line.strip_prefix("p ") {
            let parts: Vec<&str> = rest.split(" | ").collect();
            let game = games.last_mut().expect("a game before its positions");
            game.plies.push((expand(parts[0]), parts[1].trim().to_string()));
        }
    }
    games
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Every position of the 1000 reference games: the engine's legal moves are
/// the file's (python-chess's, which the cards' are: tests/suite/vectors.rs); and
/// in every 20th position of the first 100 games, they are the cards' (the
/// driver's `moves`), and its move at depth 2 is one of them.
#[test]
fn the_engines_legal_moves_are_the_reference_games_and_the_cards() {
    let (rules, mut d) = chess_engine();
    let games = reference_games();
    assert_eq!(games.len(), 1000);
    let (mut positions, mut with_cards) = (0, 0);
    let mut moves = Vec::new();
    for g in &games {
        let mut b = Board::from_fen(&rules, START).unwrap();
        for (ply, (legal, played)) in g.plies.iter().enumerate() {
            b.legal_moves(&rules, &mut moves);
            let mine: BTreeSet<String> = moves.iter().map(|&m| Board::uci(&rules, m)).collect();
            assert_eq!(&mine, legal, "game {} ply {ply}: {}", g.number, b.fen(&rules));
            // The quiescence's moves: those that take (en passant too) or promote.
            let mut captures = Vec::new();
            b.legal_captures(&rules, &mut captures);
            let taking: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| {
                    let c = b.piece_at(&rules, m.from);
                    let pawn = c != 0 && Some(kind_of(c)) == rules.pawn;
                    b.piece_at(&rules, m.to) != 0 || m.promotion != Move::NONE || (pawn && m.to == b.ep)
                })
                .collect();
            assert_eq!(captures, taking, "game {} ply {ply}: the captures of {}", g.number, b.fen(&rules));
            positions += 1;
            if g.number <= 100 && ply % 20 == 0 {
                let fen = b.fen(&rules);
                run(&mut d, &format!("setfen {fen}"));
                let cards = move_set(&mut d, "moves");
                let engine = move_set(&mut d, "enginemoves");
                assert_eq!(cards, mine, "game {} ply {ply}: the cards' moves: {fen}", g.number);
                assert_eq!(engine, mine, "game {} ply {ply}: enginemoves: {fen}", g.number);
                let best = run(&mut d, &format!("enginebestmove depth 2 noise 30 seed {ply}"));
                let mv = best.get("move").as_str().unwrap_or("").to_string();
                assert!(cards.contains(&mv), "game {} ply {ply}: bestmove {best} is not legal: {fen}", g.number);
                with_cards += 1;
            }
            let m = moves.iter().copied().find(|&m| Board::uci(&rules, m) == *played);
            b = b.make(&rules, m.unwrap_or_else(|| panic!("game {} ply {ply}: {played} is not legal", g.number)));
        }
    }
    println!("{positions} positions, {with_cards} of them against the cards");
    assert!(with_cards >= 50);
}

/// A copy of the chess content with two invented Kinds, defined only by
/// rows of Kinds and Directions: the Nightrider (letter S), a rider along
/// the Knight's leaps, and the Camel (letter C), a leaper of (1, 3); and the
/// Promotion choice offers a Nightrider where it offered a Knight (the
/// fourth row of Promotions).
fn invented() -> TempContent {
    let copy = TempContent::chess("engine-invented");
    let kinds = copy.read("tables/Kinds.csv");
    // The Nightrider before the Knight, and in the Promotion choice's fourth place.
    let kinds = kinds.replacen("Knight,", "Nightrider,4,10,S,=S,550,,S,=S,,,,,,\nKnight,", 1);
    let promotions = copy.read("tables/Promotions.csv").replace("Fourth,Knight,Knight", "Fourth,Nightrider,Nightrider");
    copy.write("tables/Promotions.csv", &promotions);
    copy.write("tables/Kinds.csv", &format!("{kinds}Camel,3,9,C,=C,250,,C,=C,,,,,,\n"));
    let mut dirs = copy.read("tables/Directions.csv");
    for (f, r) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
        dirs.push_str(&format!("Nightrider {f} {r},Nightrider,{f},{r},7,7,true,true,0,false,0,0\n"));
    }
    for (f, r) in [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)] {
        dirs.push_str(&format!("Camel {f} {r},Camel,{f},{r},1,1,true,true,0,false,0,0\n"));
    }
    copy.write("tables/Directions.csv", &dirs);
    copy
}

#[test]
fn invented_kinds_move_as_the_cards_move_them() {
    let copy = invented();
    let mut d = Driver::new(common::load_game(&copy.dir));
    let positions = [
        // (the White Camel on c5: on d5 it would give check with White to move, which setfen refuses)
        "4k3/8/8/2C5/8/2S5/8/4K3 w - - 0 1",
        "r3k2r/pp1s1ppp/2c5/2C5/1S6/8/PP3PPP/R3K2R w KQkq - 0 1",
        "r3k2r/pp1s1ppp/2c5/3C4/1S6/8/PP3PPP/R3K2R b KQkq - 0 1",
        // the Black King in check from a Nightrider three leaps off (b2, c4, d6, e8)
        "4k3/8/8/8/4c3/8/1S6/4K3 b - - 0 1",
        // a Black Camel on d6 pinned by that Nightrider
        "4k3/8/3c4/8/8/8/1S6/4K1C1 b - - 0 1",
    ];
    for fen in positions {
        let set = run(&mut d, &format!("setfen {fen}"));
        assert_eq!(set.get("fen").as_str(), Some(fen), "the chess library reads and writes the invented letters");
        let cards = move_set(&mut d, "moves");
        let engine = move_set(&mut d, "enginemoves");
        assert_eq!(engine, cards, "{fen}");
        assert!(!cards.is_empty(), "{fen}");
        let cards_perft = num(run(&mut d, "perft 2").get("nodes"));
        let engine_perft = num(run(&mut d, "engineperft 2").get("nodes"));
        assert_eq!(engine_perft, cards_perft, "perft 2 of {fen}");
    }
    // A Pawn becomes what the Promotion choice offers: here no Knight, but a Nightrider.
    run(&mut d, "setfen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let cards = move_set(&mut d, "moves");
    assert_eq!(move_set(&mut d, "enginemoves"), cards);
    for m in ["b7b8q", "b7b8r", "b7b8b", "b7b8s"] {
        assert!(cards.contains(m), "{m} in {cards:?}");
    }
    assert!(!cards.contains("b7b8n"), "{cards:?}");
    // A UCI engine knows chess alone: not a position with an invented Kind,
    // nor here one without (a Pawn may become a Nightrider).
    run(&mut d, "setfen 4k3/8/8/2C5/8/8/8/4K3 w - - 0 1");
    assert_eq!(run(&mut d, "enginemoves").get("chess"), &Json::Bool(false));
    run(&mut d, "setfen 4k3/8/8/3N4/8/8/8/4K3 w - - 0 1");
    assert_eq!(run(&mut d, "enginemoves").get("chess"), &Json::Bool(false));
    // The Nightrider rides: from a1 it reaches c2, e3, g4 (and b3, c5, d7).
    run(&mut d, "setfen 4k3/8/8/8/8/8/8/S3K3 w - - 0 1");
    let engine = move_set(&mut d, "enginemoves");
    for m in ["a1c2", "a1e3", "a1g4", "a1b3", "a1c5", "a1d7"] {
        assert!(engine.contains(m), "{m} in {engine:?}");
    }
    // The Camel leaps: from g1 to h4, f4, d2 (and nothing nearer).
    run(&mut d, "setfen 4k3/8/8/8/8/8/8/4K1C1 w - - 0 1");
    let engine = move_set(&mut d, "enginemoves");
    let camel: BTreeSet<String> = engine.iter().filter(|m| m.starts_with("g1")).cloned().collect();
    assert_eq!(camel, ["g1d2", "g1f4", "g1h4"].iter().map(|s| s.to_string()).collect());
    // And the search takes a Queen with a Nightrider across the Board.
    run(&mut d, "setfen 4k3/8/8/8/6q1/8/8/S3K3 w - - 0 1");
    let best = run(&mut d, "enginebestmove depth 3");
    assert_eq!(best.get("move").as_str(), Some("a1g4"), "{best}");
}

/// The engine tests a move of a Piece other than the King (Drop Move If
/// Unsafe) only when the King is in check or the Piece is pinned: the
/// nearest on a ray to its King, the next Piece beyond it an enemy whose
/// Direction reaches the King. Here the pinning rider is the Lance (letter
/// L), an invented Kind riding the four Rook Directions 3 steps at most:
/// 3 Squares off it pins, 4 off it does not; and the Nightrider (S) pins
/// along its leaps. The engine's moves and perft are the cards' in each.
#[test]
fn pins_are_found_by_the_reach_of_the_content_directions() {
    let copy = invented();
    let kinds = copy.read("tables/Kinds.csv");
    copy.write("tables/Kinds.csv", &format!("{kinds}Lance,2,8,L,=L,300,,L,=L,,,,,,\n"));
    let mut dirs = copy.read("tables/Directions.csv");
    for (f, r) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        dirs.push_str(&format!("Lance {f} {r},Lance,{f},{r},3,3,true,true,0,false,0,0\n"));
    }
    copy.write("tables/Directions.csv", &dirs);
    let mut d = Driver::new(common::load_game(&copy.dir));
    let positions = [
        // the Knight on e2 pinned by the Lance on e4 (3 steps from e1)
        ("4k3/8/8/8/4l3/8/4N3/4K3 w - - 0 1", false),
        // the Lance on e5, 4 steps off: the Knight is free
        ("4k3/8/8/4l3/8/8/4N3/4K3 w - - 0 1", true),
        // along a rank: the Bishop on d1 behind the White Lance on b1, free;
        // pinned by a Black Lance on b1, free of one on a1
        ("4k3/8/8/8/8/8/8/lL1BK3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/1l1BK3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/l2BK3 w - - 0 1", true),
        // two Pieces between: neither pinned
        ("4k3/8/8/8/4l3/4N3/4N3/4K3 w - - 0 1", true),
        // the Camel on d3 pinned by the Nightrider on b7 (its leaps from e1: d3, c5, b7)
        ("4k3/1s6/8/8/8/3C4/8/4K3 w - - 0 1", false),
        ("4k3/1s6/8/8/8/3C4/8/4K3 b - - 0 1", false),
    ];
    for (fen, free) in positions {
        run(&mut d, &format!("setfen {fen}"));
        let cards = move_set(&mut d, "moves");
        let engine = move_set(&mut d, "enginemoves");
        assert_eq!(engine, cards, "{fen}");
        // Whether the Knight (Bishop, Camel) next to the King's line may leave it.
        let piece = if fen.contains("BK") {
            "d1"
        } else if fen.contains('C') {
            "d3"
        } else {
            "e2"
        };
        if fen.contains(" w ") {
            let leaves = cards.iter().any(|m| m.starts_with(piece));
            assert_eq!(leaves, free, "{fen}: {cards:?}");
        }
        for depth in [2, 3] {
            let cards_perft = num(run(&mut d, &format!("perft {depth}")).get("nodes"));
            let engine_perft = num(run(&mut d, &format!("engineperft {depth}")).get("nodes"));
            assert_eq!(engine_perft, cards_perft, "perft {depth} of {fen}");
        }
    }
}

/// The noise: without it the move is the same whatever the seed; with it,
/// each seed plays its own legal moves (at 400 centipawns, half of the moves
/// or more are not the noiseless one), and the same seed the same move.
#[test]
fn noise_makes_the_engine_vary_by_as_much_as_it_is_told() {
    let game = common::load_game(&common::chess_dir());
    let mut d = Driver::new(game);
    let fens = [
        START,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    let mut differ = [0; 3];
    for fen in fens {
        run(&mut d, &format!("setfen {fen}"));
        let cards = move_set(&mut d, "moves");
        let plain = run(&mut d, "enginebestmove depth 2 seed 1").get("move").clone();
        for seed in 0..8 {
            assert_eq!(run(&mut d, &format!("enginebestmove depth 2 seed {seed}")).get("move"), &plain, "{fen}");
            for (i, noise) in [20, 100, 400].into_iter().enumerate() {
                let command = format!("enginebestmove depth 2 noise {noise} seed {seed}");
                let answer = run(&mut d, &command);
                let mv = answer.get("move").as_str().unwrap_or("").to_string();
                assert!(cards.contains(&mv), "{command}: {answer} in {fen}");
                assert_eq!(run(&mut d, &command).get("move"), answer.get("move"), "the same seed, the same move");
                if answer.get("move") != &plain {
                    differ[i] += 1;
                }
            }
        }
    }
    println!(
        "moves other than the noiseless one, of 24: noise 20: {}, 100: {}, 400: {}",
        differ[0], differ[1], differ[2]
    );
    assert!(differ[0] <= differ[2] && differ[2] >= 12, "{differ:?}");
}

/// A match against a random mover, 100 games (`cargo test --test suite -- --nocapture
/// engine::random_mover` prints the score): the engine at depth 2, each
/// Side in turn; a game ends in mate, stalemate, the fifty-move rule, a
/// threefold repetition, or at 400 plies (a draw). It must win 95.
#[test]
fn the_engine_beats_a_random_mover() {
    use cardtable_chess::engine::{Limits, Searcher};
    let (rules, _) = chess_engine();
    let mut searcher = Searcher::new(1 << 16);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut rng = cardtable_runtime::world::Random::seeded(0x1234_5678);
    for g in 0..100 {
        let engine_side = (g % 2) as u8;
        let mut b = Board::from_fen(&rules, START).unwrap();
        let mut seen: Vec<u64> = vec![b.hash];
        let mut moves = Vec::new();
        let outcome = loop {
            b.legal_moves(&rules, &mut moves);
            if moves.is_empty() {
                break if !b.in_check(&rules) {
                    0
                } else if b.side == engine_side {
                    -1
                } else {
                    1
                };
            }
            if b.fifty >= 100 || seen.iter().filter(|&&h| h == b.hash).count() >= 3 || seen.len() > 400 {
                break 0;
            }
            let m = if b.side == engine_side {
                let limits = Limits { depth: 2, ..Limits::default() };
                searcher.search(&rules, &b, limits, &seen[..seen.len() - 1]).best.unwrap()
            } else {
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            };
            b = b.make(&rules, m);
            seen.push(b.hash);
        };
        match outcome {
            1 => wins += 1,
            0 => draws += 1,
            _ => losses += 1,
        }
    }
    println!("against a random mover, 100 games: {wins} won, {draws} drawn, {losses} lost");
    assert!(wins >= 95, "{wins} won, {draws} drawn, {losses} lost");
}

/// A Knight that rides (one row of Directions changed) is no chess Knight:
/// a position with one is not for a UCI engine, and the engine generates its
/// ride as the cards do.
#[test]
fn a_changed_kind_is_not_chess_any_more() {
    let copy = TempContent::chess("engine-riding-knight");
    copy.replace_once(
        "tables/Directions.csv",
        "Knight 1 2,Knight,1,2,1,1,true,true,0,false,0,0",
        "Knight 1 2,Knight,1,2,7,7,true,true,0,false,0,0",
    );
    let mut d = Driver::new(common::load_game(&copy.dir));
    let start = run(&mut d, "enginemoves");
    assert_eq!(start.get("chess"), &Json::Bool(false), "{start}");
    run(&mut d, "setfen 4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    let engine = run(&mut d, "enginemoves");
    assert_eq!(strings(engine.get("moves")), move_set(&mut d, "moves"));
    assert!(strings(engine.get("moves")).contains("a1c5"), "{engine}");
    run(&mut d, "setfen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(run(&mut d, "enginemoves").get("chess"), &Json::Bool(true));
}

/// `bestmove MS` keeps to its time (loosely: the machine is shared) and
/// still answers a legal move; with neither time nor depth it searches 4 deep.
#[test]
fn bestmove_keeps_to_its_time() {
    let mut d = common::chess_driver();
    run(&mut d, "setfen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    let cards = move_set(&mut d, "moves");
    let answer = run(&mut d, "enginebestmove 50");
    assert!(num(answer.get("seconds")) < 2.0, "{answer}");
    assert!(num(answer.get("depth")) >= 1.0, "{answer}");
    assert!(cards.contains(answer.get("move").as_str().unwrap_or("")), "{answer}");
    let answer = run(&mut d, "enginebestmove");
    assert_eq!(answer.get("depth"), &Json::Num(4.0), "{answer}");
    for bad in ["enginebestmove depth", "enginebestmove soon", "engineperft 8", "engineperft x"] {
        assert!(d.command(bad).is_error(), "{bad}");
    }
}

/// The game's history reaches the search: Black, a Queen up, and White, a
/// lone King, shuffle their Kings (1. Ke2 Kf8 2. Ke1 Ke8 3. Ke2 Kf8 4. Kd1
/// Ke8), played by clicks as two Players play; now White's Ke2 brings back
/// for the third time a position played twice (after 1. Ke2 and 3. Ke2): a
/// draw by threefold repetition, the only way White does not lose. The
/// engine sees it only through the Position History (before it, it saw
/// none and scored every Move as a Queen down). And a position seen once
/// before is no draw yet: after 2. ... Ke8, the same Ke2 is still lost.
#[test]
fn the_engine_sees_a_repetition_coming_from_the_games_history() {
    let mut d = common::two_players(common::load_game(&common::chess_dir()));
    run(&mut d, "setfen q3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let click = |d: &mut Driver, mv: &str| {
        run(d, &format!("click {}", &mv[0..2]));
        run(d, &format!("click {}", &mv[2..4]));
    };
    for mv in ["e1e2", "e8f8", "e2e1", "f8e8"] {
        click(&mut d, mv);
    }
    // Ke2 now would be that position's second time: not a draw.
    let answer = run(&mut d, "enginebestmove depth 3");
    assert!(num(answer.get("score")) < -500.0, "a Queen down, nothing drawn yet: {answer}");
    for mv in ["e1e2", "e8f8", "e2d1", "f8e8"] {
        click(&mut d, mv);
    }
    let state = run(&mut d, "state");
    assert_eq!(state.get("state").as_str(), Some("Playing"), "no draw yet: {state}");
    let answer = run(&mut d, "enginebestmove depth 3");
    assert_eq!(answer.get("move").as_str(), Some("d1e2"), "the repetition, the only draw: {answer}");
    assert_eq!(num(answer.get("score")), 0.0, "scored as a draw: {answer}");
    // And the cards agree: Ke2 ends the game as a draw by repetition.
    click(&mut d, "d1e2");
    let state = run(&mut d, "state");
    assert_eq!(state.get("state").as_str(), Some("Game Over"), "threefold repetition: {state}");
}
