//! `cargo bench -p cardtable-bench --bench engine`: the built-in engine
//! (the engine library) beside shakmaty, a fast bitboard move generator
//! (a bench-only dependency): perft(5) from the start counted by both in one
//! run, their times and the ratio; and the built-in engine's nodes a second
//! in a fixed-depth search of two middlegames (Kiwipete, perft position 6).
//! No figure is asserted: the two perfts must agree with the published count.
//!
//! `ENGINE_BENCH_SAMPLES=N` changes how many runs each median is taken over
//! (9). The two perfts run in turn, and the ratio is the median of each
//! pair's: the machine's load moves less within a pair than between medians.

mod shared;

use cardtable_chess::engine::{Board, Limits, Rules, Searcher};
use shakmaty::{CastlingMode, Chess, Position};
use std::hint::black_box;
use std::time::{Duration, Instant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// chessprogramming.org's perft position 6: 30 pieces.
const POSITION6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
const PERFT5: u64 = 4_865_609;

/// Runs `a` and `b` in turn, `samples` times: the median time of each, and
/// the median of the ratios a/b of the pairs (the two of a pair ran under
/// nearly the same load, on a machine whose load moves from one second to the next).
fn paired(samples: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (Duration, Duration, f64) {
    let (mut ta, mut tb, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..samples {
        let started = Instant::now();
        a();
        let x = started.elapsed();
        let started = Instant::now();
        b();
        let y = started.elapsed();
        ta.push(x);
        tb.push(y);
        ratios.push(x.as_secs_f64() / y.as_secs_f64());
    }
    ta.sort();
    tb.sort();
    ratios.sort_by(f64::total_cmp);
    (ta[samples / 2], tb[samples / 2], ratios[samples / 2])
}

/// The median of `samples` runs of `f`.
fn median(samples: usize, mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..samples)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2]
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or("?".into(), |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

fn main() {
    // `cargo test --benches` runs a bench once with `--test`: a single quick sample.
    let quick = std::env::args().any(|a| a == "--test");
    let samples: usize = std::env::var("ENGINE_BENCH_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 1 } else { 9 })
        .max(1);
    let game = shared::load(&shared::content());
    let rules: &Rules = &Rules::new(&game).unwrap_or_else(|e| panic!("the engine library: {e}"));
    println!("load average before: {}", load_average());

    // perft(5) from the start, each in turn, the same number of runs.
    let start = Board::from_fen(rules, START).expect("the start position");
    let (mut ours, mut theirs) = (0, 0);
    let chess = Chess::default();
    let (t_ours, t_theirs, ratio) =
        paired(samples, || ours = black_box(start).perft(rules, 5), || theirs = shakmaty::perft(black_box(&chess), 5));
    let flag = |n: u64| if n == PERFT5 { String::new() } else { format!(" (expected {PERFT5})") };
    println!("perft 5 from the start, median of {samples}:");
    println!(
        "  built-in engine  {:>9.1} ms  {ours} nodes{}  {:.1} Mn/s",
        t_ours.as_secs_f64() * 1e3,
        flag(ours),
        ours as f64 / t_ours.as_secs_f64() / 1e6
    );
    println!(
        "  shakmaty         {:>9.1} ms  {theirs} nodes{}  {:.1} Mn/s",
        t_theirs.as_secs_f64() * 1e3,
        flag(theirs),
        theirs as f64 / t_theirs.as_secs_f64() / 1e6
    );
    println!("  ratio            {ratio:>9.2}x  (the median of the {samples} pairs' ratios; goal: within 5x)");
    // The same two in Kiwipete, 4 deep (castling, en passant, promotions).
    let kiwi = Board::from_fen(rules, KIWIPETE).expect("Kiwipete");
    let kiwi_theirs: Chess = KIWIPETE
        .parse::<shakmaty::fen::Fen>()
        .expect("Kiwipete")
        .into_position(CastlingMode::Standard)
        .expect("Kiwipete");
    let (mut a, mut b) = (0, 0);
    let (ta, tb, ratio) =
        paired(samples, || a = black_box(kiwi).perft(rules, 4), || b = shakmaty::perft(black_box(&kiwi_theirs), 4));
    println!(
        "perft 4, Kiwipete: built-in {:.1} ms, shakmaty {:.1} ms ({a} and {b} nodes, expected 4085603), ratio {ratio:.2}x",
        ta.as_secs_f64() * 1e3,
        tb.as_secs_f64() * 1e3,
    );
    let _ = kiwi_theirs.legal_moves();

    // The search: a fixed depth, a fresh table each run.
    for (name, fen, depth) in [("Kiwipete", KIWIPETE, 5), ("perft position 6", POSITION6, 6)] {
        let board = Board::from_fen(rules, fen).expect(name);
        let limits = Limits { depth, ..Limits::default() };
        let mut nodes = 0;
        let t = median(samples, || {
            nodes = Searcher::new(1 << 18).search(rules, black_box(&board), limits, &[]).nodes;
        });
        println!(
            "search {depth} deep, {name}: {nodes} nodes in {:.0} ms, {:.0} kn/s",
            t.as_secs_f64() * 1e3,
            nodes as f64 / t.as_secs_f64() / 1e3
        );
    }
    println!("load average after: {}", load_average());
}
