//! `cargo bench -p cardtable-bench`: how fast the chess game runs from its
//! cards, against the same algorithm in native Rust and in Rhai (baseline/),
//! printed as one table of medians. No figure is asserted: only that the three find the
//! same legal moves.
//!
//! `CARDS_BENCH_SAMPLES=N` changes how many samples each median is taken over.
//! `CARDS_BENCH_PROFILE=N` only checks the moves, then finds Kiwipete's legal
//! moves N times through the cards, then natively, then in Rhai, and stops: a
//! run to profile or to count instructions with, as
//! `CARDS_BENCH_PROFILE=10 valgrind --tool=callgrind --toggle-collect='cardtable_chess::library::Chess::legal_moves' target/release/deps/cards-*`
//! (`tools/bench/instructions.sh` counts all three).

mod baseline;
mod shared;

/// Counts the allocations of the thread that asks (`allocations()`), to show
/// that a frame of the clock makes none. Only this thread's: the store's
/// writer and the test harness allocate on threads of their own, and a
/// global count made the check fail when one of them did.
struct Counting;

thread_local! {
    // A `const` thread local has no lazy initialisation, so reading it from
    // inside the allocator never allocates.
    static ALLOCATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count_one() {
    // `try_with`: a thread being torn down has no counter any more.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        count_one();
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        count_one();
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many times this thread has allocated so far.
fn allocations() -> u64 {
    ALLOCATIONS.with(|n| n.get())
}

use baseline::{native, peer::Peer, Features, Setup, Tables};
use cardtable_chess::engine::{Board as EngineBoard, Limits, Rules as EngineRules, Searcher};
use cardtable_chess::library::Chess;
use cardtable_runtime::game::Game;
use cardtable_runtime::present::{draw_list, DrawItem};
use cardtable_runtime::save::Store;
use cardtable_runtime::source::files::Files;
use cardtable_runtime::value::Value;
use cardtable_runtime::world::World;
use shared::{content, load};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// A busy middlegame (chessprogramming.org's perft position 6): 30 pieces.
const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
/// The Piece clicked in the middlegame: White's Bishop, 7 moves, one a capture.
const CLICKED: &str = "g5";
/// Checked (same moves three ways), not timed: en passant, promotions.
const CHECKED_ONLY: [(&str, &str); 2] = [
    ("en passant", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
];

/// How many samples each median is taken over, by how slow one run is.
struct Plan {
    /// perft and load: each sample is one run.
    slow: usize,
    /// clicks: each sample is one click.
    clicks: usize,
    /// legal moves and the draw list: each sample is a batch of runs long
    /// enough to time (at least `batch`), and the figure is per run.
    fast: usize,
    batch: Duration,
}

/// How many runs of `f` fill `batch` (at least one); `f` runs once to see.
fn runs_per_sample(batch: Duration, f: &mut dyn FnMut()) -> u32 {
    let t = Instant::now();
    f();
    let once = t.elapsed().max(Duration::from_nanos(1));
    (batch.as_nanos() / once.as_nanos()).clamp(1, 100_000) as u32
}

/// The median of `samples` samples of `f`, per run of `f`. A sample runs
/// `f` as many times as fit in `batch` (once, when one run is longer); a
/// first run warms up.
fn median(samples: usize, batch: Duration, mut f: impl FnMut()) -> Duration {
    medians(samples, batch, vec![&mut f])[0]
}

/// The medians of several benchmarks sampled in turn (a sample of each,
/// then the next round), so that their ratios are taken under the same load.
fn medians(samples: usize, batch: Duration, mut fs: Vec<&mut dyn FnMut()>) -> Vec<Duration> {
    let runs: Vec<u32> = fs.iter_mut().map(|f| runs_per_sample(batch, *f)).collect();
    let mut times = vec![Vec::with_capacity(samples); fs.len()];
    for _ in 0..samples.max(1) {
        for (i, f) in fs.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..runs[i] {
                f();
            }
            times[i].push(t.elapsed() / runs[i]);
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or("?".into(), |s| s.split_whitespace().next().unwrap_or("?").to_string())
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    let (v, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$} {unit}")
}

fn ratio(a: Duration, b: Duration) -> String {
    let r = a.as_secs_f64() / b.as_secs_f64();
    if r >= 100.0 {
        format!("{r:.0}")
    } else if r >= 10.0 {
        format!("{r:.1}")
    } else {
        format!("{r:.2}")
    }
}

struct Row {
    label: String,
    cards: Duration,
    native: Option<Duration>,
    rhai: Option<Duration>,
}

/// A started World with a position set up through the chess library.
fn world_at(game: &std::sync::Arc<Game>, chess: &Chess, fen: &str) -> World {
    let mut world = World::new(game.clone());
    world.start();
    chess.set_fen(&mut world, fen).unwrap_or_else(|e| panic!("set_fen {fen}: {e}"));
    assert_no_faults(&world, "setting up the position");
    world
}

fn assert_no_faults(world: &World, what: &str) {
    if let Some(f) = world.faults.first() {
        panic!("the cards faulted while {what}: {f} ({} faults)", world.faults.len());
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The three move sets must be the same; says what differs if not.
fn check_same(position: &str, cards: &[String], other: &[String], who: &str) {
    if cards == other {
        return;
    }
    let missing: Vec<&String> = cards.iter().filter(|m| !other.contains(m)).collect();
    let extra: Vec<&String> = other.iter().filter(|m| !cards.contains(m)).collect();
    panic!(
        "{position}: {who} finds {} moves, the cards {}; {who} lacks {missing:?}, has besides {extra:?}",
        other.len(),
        cards.len()
    );
}

/// The rows of one table (Targets) whose Boolean column is true.
fn marked(world: &World, table: &str, column: &str) -> usize {
    let game = &world.game;
    let t = game.names.tables[table];
    let def = &game.tables[t.index()];
    let c = def.columns.iter().position(|c| c.name == column).expect("column");
    let table = &world.tables[t.index()];
    (0..table.row_count())
        .filter(|&r| table.cell(r, cardtable_runtime::ids::ColumnId(c as u16)) == Value::Bool(true))
        .count()
}

/// A copy of a content folder whose Words table has `rows` more rows
/// (`W000000,The words of row 000000`), removed when dropped.
struct BigWords {
    dir: std::path::PathBuf,
}

impl BigWords {
    fn new(from: &Path, rows: usize) -> BigWords {
        let dir = std::env::temp_dir().join(format!("cardtable-bench-words-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(from, &dir).unwrap_or_else(|e| panic!("copy {} to {}: {e}", from.display(), dir.display()));
        let words = dir.join("tables/Words.csv");
        let mut text = std::fs::read_to_string(&words).expect("tables/Words.csv");
        if !text.ends_with('\n') {
            text.push('\n');
        }
        for i in 0..rows {
            text.push_str(&format!("W{i:06},The words of row {i:06}\n"));
        }
        std::fs::write(&words, text).expect("write tables/Words.csv");
        BigWords { dir }
    }
}

impl Drop for BigWords {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

fn main() {
    let samples: Option<usize> = std::env::var("CARDS_BENCH_SAMPLES").ok().and_then(|s| s.parse().ok());
    let plan = Plan {
        slow: samples.unwrap_or(9),
        clicks: samples.map_or(81, |n| n * 4 + 1),
        fast: samples.unwrap_or(31),
        batch: Duration::from_millis(20),
    };
    let path = content();
    let started = Instant::now();
    let load_before = load_average();

    // The cards.
    let game = std::sync::Arc::new(load(&path));
    let chess = Chess::new(&game).unwrap_or_else(|e| panic!("the chess library: {e}"));
    let has = |f: &str| game.names.functions.contains_key(f);
    let features = Features {
        safe_moves: has("Find Legal Moves"),
        castling: has("Try Castling"),
        en_passant: has("Find En Passant Move"),
    };
    let legal_card = "Find Legal Moves";

    // The baselines, over the same tables.
    let tables = Tables::read(&path.join("tables"));
    let mut board = native::Board::new(&tables, features);
    let mut peer = Peer::new(&tables, features);

    println!(
        "cards: {} ({} Directions rows, {} Castling rows; Keep Safe Moves {}, castling {}, en passant {})",
        legal_card,
        tables.directions.len(),
        tables.castling.len(),
        if features.safe_moves { "on" } else { "off" },
        if features.castling { "on" } else { "off" },
        if features.en_passant { "on" } else { "off" },
    );

    // Same legal moves, three ways, before anything is timed.
    let mut positions = Vec::new();
    for (name, fen) in [("start", START), ("Kiwipete", KIWIPETE)].into_iter().chain(CHECKED_ONLY) {
        let mut world = world_at(&game, &chess, fen);
        let mut moves = Vec::new();
        chess.legal_moves(&mut world, &mut moves).unwrap_or_else(|e| panic!("{name}: legal moves: {e}"));
        let cards = sorted(moves.iter().map(|m| chess.uci(*m)).collect());
        let setup = Setup::from_fen(fen);
        board.set(&setup);
        let mut native_moves = Vec::new();
        board.legal_moves(&mut native_moves);
        let native = sorted(native_moves.iter().map(|m| native::uci(*m)).collect());
        peer.set(&setup);
        let rhai = sorted(peer.legal_moves().iter().map(|(f, t, p)| baseline::uci(*f, *t, p)).collect());
        check_same(name, &cards, &native, "native");
        check_same(name, &cards, &rhai, "rhai");
        println!(
            "legal moves, {name}: cards {}, native {}, rhai {} (the same {} moves)",
            cards.len(),
            native.len(),
            rhai.len(),
            cards.len()
        );
        if !CHECKED_ONLY.iter().any(|(n, _)| *n == name) {
            positions.push((name, fen, world, setup, cards.len()));
        }
    }

    if let Some(runs) = std::env::var("CARDS_BENCH_PROFILE").ok().and_then(|s| s.parse::<usize>().ok()) {
        let (_, _, world, setup, _) = positions.iter_mut().find(|p| p.0 == "Kiwipete").expect("Kiwipete");
        let mut moves = Vec::new();
        for _ in 0..runs {
            chess.legal_moves(world, &mut moves).expect("legal moves");
            black_box(&moves);
        }
        board.set(setup);
        let mut native_moves = Vec::new();
        for _ in 0..runs {
            board.legal_moves(&mut native_moves);
            black_box(&native_moves);
        }
        peer.set(setup);
        for _ in 0..runs {
            black_box(peer.legal_moves());
        }
        println!("profiled: Kiwipete's legal moves through the cards, native and Rhai, {runs} times each");
        return;
    }

    let mut rows = Vec::new();

    // Loading content/chess: parse, check, resolve.
    let t = median(plan.slow, Duration::ZERO, || {
        black_box(load(black_box(&path)));
    });
    rows.push(Row { label: "load content/chess".into(), cards: t, native: None, rhai: None });

    // A table near the size a table may be (16 MB): content/chess with
    // 280,000 more rows of Words (9 MB), none in French, so that `check`
    // warns of every one (what `cardtable check` does: the load in each
    // language, the comparison of the translations, every message written
    // with its line). Linear: about what the load alone takes, times the
    // languages (issue 38).
    let big = BigWords::new(&path, 280_000);
    let t = median(plan.slow.min(3), Duration::ZERO, || {
        black_box(load(black_box(&big.dir)));
    });
    rows.push(Row { label: "load it with 280,000 more rows of Words".into(), cards: t, native: None, rhai: None });
    let mut warnings = 0;
    let t = median(plan.slow.min(3), Duration::ZERO, || {
        let report = cardtable_runtime::host::check::check_folder(Files::Dir(big.dir.clone()));
        warnings = report.diagnostics.len();
        black_box(report.details());
    });
    assert!(warnings >= 280_000, "check warns of each row French lacks: {warnings}");
    rows.push(Row { label: "  check it, every message written".into(), cards: t, native: None, rhai: None });
    drop(big);

    // perft through the cards.
    for (name, depth, expected) in [("start", 3, 8902u64), ("Kiwipete", 2, 2039)] {
        let (_, _, world, _, _) = positions.iter_mut().find(|p| p.0 == name).expect("position");
        let mut nodes = 0;
        let t = median(plan.slow, Duration::ZERO, || {
            nodes = chess.perft(world, depth).unwrap_or_else(|e| panic!("perft {depth}, {name}: {e}"));
        });
        assert_no_faults(world, "counting perft");
        let flag = if nodes == expected { String::new() } else { format!(", expected {expected}") };
        rows.push(Row {
            label: format!("perft {depth}, {name} ({nodes} nodes{flag})"),
            cards: t,
            native: None,
            rhai: None,
        });
    }

    // All legal moves of the side to move: cards, native, Rhai, sampled in turn.
    for (name, _, world, setup, count) in &mut positions {
        board.set(setup);
        peer.set(setup);
        let (mut moves, mut native_moves) = (Vec::new(), Vec::new());
        let mut cards = || {
            chess.legal_moves(world, &mut moves).expect("legal moves");
            black_box(&moves);
        };
        let mut native = || {
            board.legal_moves(&mut native_moves);
            black_box(&native_moves);
        };
        let mut rhai = || {
            black_box(peer.run());
        };
        let t = medians(plan.fast, plan.batch, vec![&mut cards, &mut native, &mut rhai]);
        rows.push(Row {
            label: format!("legal moves, {name} ({count})"),
            cards: t[0],
            native: Some(t[1]),
            rhai: Some(t[2]),
        });
    }

    // One click on a Piece in a busy middlegame, end to end, as the window
    // delivers it: Select and Move (its Find Legal Moves), then every
    // listener of positionChanged. Select, then deselect, timed apart.
    let mut world = world_at(&game, &chess, MIDDLEGAME);
    let target = world
        .object_named(CLICKED)
        .find(|id| game.types[world.objects[id.0 as usize].ty.0 as usize].hit_box.is_some())
        .unwrap_or_else(|| panic!("no Object named {CLICKED} to click"));
    let (x, y) = world.screen_point(target);
    world.click_at(x, y);
    let selected_marks = marked(&world, "Targets", "reachable");
    assert!(selected_marks > 0, "a click on {CLICKED} marked no move");
    let mut frame: Vec<DrawItem> = Vec::new();
    draw_list(&mut world, &mut frame);
    let items_selected = frame.len();
    world.click_at(x, y);
    assert_eq!(marked(&world, "Targets", "reachable"), 0, "a second click on {CLICKED} left moves marked");
    assert_no_faults(&world, "clicking");
    let (mut select, mut deselect) = (Vec::new(), Vec::new());
    for _ in 0..plan.clicks {
        let t = Instant::now();
        world.click_at(x, y);
        select.push(t.elapsed());
        let t = Instant::now();
        world.click_at(x, y);
        deselect.push(t.elapsed());
    }
    assert_no_faults(&world, "clicking");
    select.sort();
    deselect.sort();
    let listeners = game.names.events.get("positionChanged").map_or(0, |e| world.listeners[e.index()].len());
    rows.push(Row {
        label: format!("click in a middlegame, end to end ({CLICKED}: {selected_marks} moves)"),
        cards: select[select.len() / 2],
        native: None,
        rhai: None,
    });
    rows.push(Row {
        label: "  the second click (deselect)".into(),
        cards: deselect[deselect.len() / 2],
        native: None,
        rhai: None,
    });

    // One frame's draw list, the whole scene (a Piece selected).
    world.click_at(x, y);
    let t = median(plan.fast, plan.batch, || {
        draw_list(&mut world, &mut frame);
        black_box(&frame);
    });
    rows.push(Row {
        label: format!("draw list, whole scene ({} items)", frame.len()),
        cards: t,
        native: None,
        rhai: None,
    });
    assert_eq!(frame.len(), items_selected);

    // Saving the game after a Move (Save The Game, A.108, saves at the start
    // of every Turn), in memory and to a folder, and loading it back. To a
    // folder, the frame only makes the save and hands it to the store's
    // writer thread, which makes its text and writes it atomically (synced):
    // the frame's part is timed with the writer idle (a Turn's save, the
    // last one written), the whole write as the save and the wait for the
    // writer to be done.
    world.use_store(std::rc::Rc::new(Store::memory()));
    let t = median(plan.slow, Duration::ZERO, || {
        world.save_game("bench").expect("a save in memory");
    });
    rows.push(Row { label: "save the game after a Move, in memory".into(), cards: t, native: None, rhai: None });
    let dir = std::env::temp_dir().join(format!("cardtable-bench-{}", std::process::id()));
    let store = std::rc::Rc::new(Store::folder(dir.clone()));
    world.use_store(store.clone());
    world.save_game("bench").expect("a save to a folder");
    store.flush();
    let mut handed = Vec::with_capacity(plan.clicks);
    for _ in 0..plan.clicks {
        let t = Instant::now();
        world.save_game("bench").expect("a save to a folder");
        handed.push(t.elapsed());
        store.flush();
    }
    handed.sort();
    rows.push(Row {
        label: "  to a folder: the frame's part".into(),
        cards: handed[handed.len() / 2],
        native: None,
        rhai: None,
    });
    let t = median(plan.slow, Duration::ZERO, || {
        world.save_game("bench").expect("a save to a folder");
        store.flush();
    });
    let size = std::fs::metadata(dir.join("saves/bench.yaml")).map_or(0, |m| m.len());
    rows.push(Row {
        label: format!("  to a folder: the whole write, synced ({} KB)", size / 1024),
        cards: t,
        native: None,
        rhai: None,
    });
    let t = median(plan.slow, Duration::ZERO, || {
        world.load_game("bench").expect("the save loads");
    });
    rows.push(Row { label: "  loading it back from the folder".into(), cards: t, native: None, rhai: None });
    assert!(store.take_notices().is_empty(), "the writer failed");
    assert_no_faults(&world, "saving and loading");
    // The folder's store let go first: it writes what it holds as it is dropped.
    world.use_store(std::rc::Rc::new(Store::memory()));
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);

    // One frame of the game's clock (tests/fixtures/clock): 32 timers
    // running (repeating, each every 0.5 to 2 s, so a few ring in some
    // frames, each ring a card of its own) and 8 tweens (Sine In Out, long
    // enough never to end), moved on by 1/60 s. No allocation in a frame.
    let clock_game =
        std::sync::Arc::new(load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/clock")));
    let mut clock = World::new(clock_game.clone());
    clock.start();
    let beat = clock_game.names.events.get("timer beat").copied();
    let name = clock.syms.intern("beat");
    clock.timers.clear();
    for i in 0..32 {
        let every = 0.5 + 1.5 * i as f64 / 31.0;
        clock.timers.push(cardtable_runtime::world::Timer {
            object: cardtable_runtime::ids::ObjectId(0),
            name,
            event: beat,
            every,
            due: every,
            once: false,
            armed: 0,
        });
    }
    for i in 0..8 {
        clock.tweens.push(cardtable_runtime::world::Tween {
            object: cardtable_runtime::ids::ObjectId(i % clock.objects.len() as u32),
            y: i % 2 == 1,
            from: 0.0,
            to: 10.0,
            start: 0.0,
            duration: 1e9,
            ease: cardtable_runtime::ids::Ease::SineInOut,
        });
    }
    clock.advance(2.0);
    let before = allocations();
    let rings_before = clock.globals[clock_game.names.globals["beats"].index()];
    clock.advance(60.0);
    let frame_allocations = allocations() - before;
    let rings = match (rings_before, clock.globals[clock_game.names.globals["beats"].index()]) {
        (Value::Num(a), Value::Num(b)) => b - a,
        _ => 0.0,
    };
    assert_no_faults(&clock, "the clock");
    assert_eq!(frame_allocations, 0, "3600 frames of the clock allocated {frame_allocations} times");
    assert_eq!((clock.timers.len(), clock.tweens.len()), (32, 8));
    let t = median(plan.fast, plan.batch, || {
        clock.advance(1.0 / 60.0);
        black_box(&clock.objects);
    });
    rows.push(Row { label: "a frame of the clock: 32 timers, 8 tweens".into(), cards: t, native: None, rhai: None });
    // The built-in engine (the engine library): its own move generator's
    // perft, and a fixed-depth search of the middlegame, with its nodes a second.
    let rules: EngineRules = EngineRules::new(&game).unwrap_or_else(|e| panic!("the engine library: {e}"));
    let start = EngineBoard::from_fen(&rules, START).expect("the start position");
    let mut nodes = 0;
    let t = median(plan.slow, Duration::ZERO, || {
        nodes = black_box(start).perft(&rules, 5);
    });
    let flag = if nodes == 4_865_609 { String::new() } else { ", expected 4865609".to_string() };
    rows.push(Row {
        label: format!("engine perft 5, start ({nodes} nodes{flag})"),
        cards: t,
        native: None,
        rhai: None,
    });
    let middle = EngineBoard::from_fen(&rules, MIDDLEGAME).expect("the middlegame");
    let limits = Limits { depth: 6, ..Limits::default() };
    let mut searched = 0;
    let t = median(plan.slow, Duration::ZERO, || {
        searched = Searcher::new(1 << 18).search(&rules, black_box(&middle), limits, &[]).nodes;
    });
    rows.push(Row {
        label: format!(
            "engine search 6 deep, middlegame ({searched} n, {:.0} kn/s)",
            searched as f64 / t.as_secs_f64() / 1000.0
        ),
        cards: t,
        native: None,
        rhai: None,
    });

    // Threats (Chapters 9 and 10): the start of a Turn (Start The Turn and
    // every listener of turnStarted, Save The Game's save included) with
    // Threats mode off, then on (Find Threats), in Kiwipete and position 6;
    // and a frame's Draw Events with an inspected Piece's arrows and two pin lines.
    let start_turn = game.names.functions["Start The Turn"];
    let mut threats_rows = Vec::new();
    for (name, fen) in [("Kiwipete", KIWIPETE), ("position 6", MIDDLEGAME)] {
        let mut world = world_at(&game, &chess, fen);
        let rules = world.object_named("Game Rules").next().expect("the Game Rules");
        let turn = |world: &mut World| {
            world.input(|w, g| {
                let cx = cardtable_runtime::exec::Ctx {
                    this: None,
                    other: Value::None,
                    attachment: None,
                    base: w.stack_len(),
                };
                w.call_function(g, &cx, start_turn, &[Value::Obj(rules)])
            });
        };
        let off = median(plan.slow * 3, Duration::ZERO, || turn(&mut world));
        let button = world
            .object_named("Threats")
            .find(|id| game.types[world.objects[id.0 as usize].ty.0 as usize].hit_box.is_some())
            .expect("the Threats button");
        let (bx, by) = world.screen_point(button);
        world.click_at(bx, by);
        assert!(marked(&world, "Threats", "isAttacked") > 0, "{name}: Threats mode marks nothing");
        let on = median(plan.slow * 3, Duration::ZERO, || turn(&mut world));
        assert_no_faults(&world, "starting Turns with Threats");
        let attacked = marked(&world, "Threats", "isAttacked");
        rows.push(Row { label: format!("Turn start, Threats off, {name}"), cards: off, native: None, rhai: None });
        rows.push(Row {
            label: format!("Turn start, Threats on, {name} ({attacked} att.)"),
            cards: on,
            native: None,
            rhai: None,
        });
        threats_rows.push((name, off, on));
    }
    let mut drawn = world_at(&game, &chess, MIDDLEGAME);
    for name in ["Threats", "c3"] {
        let id = drawn
            .object_named(name)
            .find(|id| game.types[drawn.objects[id.0 as usize].ty.0 as usize].hit_box.is_some())
            .expect("a button or a Square");
        let (x, y) = drawn.screen_point(id);
        drawn.click_at(x, y);
    }
    for _ in 0..10 {
        drawn.run_draw_events();
    }
    let lines = drawn.draws.lines.len();
    let before = allocations();
    for _ in 0..600 {
        drawn.run_draw_events();
    }
    let draw_allocations = allocations() - before;
    assert_no_faults(&drawn, "drawing the lines");
    assert_eq!(draw_allocations, 0, "600 frames of Draw Events allocated {draw_allocations} times");
    let t = median(plan.fast, plan.batch, || {
        drawn.run_draw_events();
        black_box(&drawn.draws);
    });
    rows.push(Row {
        label: format!("a frame's Draw Events: arrows, pins ({lines} lines)"),
        cards: t,
        native: None,
        rhai: None,
    });

    // The table.
    println!();
    let header = ["benchmark", "cards", "native", "rhai", "cards/native", "rhai/cards"];
    println!("{:<48}{:<12}{:<12}{:<12}{:<14}{}", header[0], header[1], header[2], header[3], header[4], header[5]);
    for r in &rows {
        let cell = |d: Option<Duration>| d.map_or(String::new(), show);
        let cn = r.native.map_or(String::new(), |n| ratio(r.cards, n));
        let rc = r.rhai.map_or(String::new(), |h| ratio(h, r.cards));
        println!("{:<48}{:<12}{:<12}{:<12}{:<14}{}", r.label, show(r.cards), cell(r.native), cell(r.rhai), cn, rc);
    }
    println!();
    println!(
        "medians of {} runs (load, perft), {} clicks each, {} samples (legal moves, taken in turn; draw list): each sample a batch of runs of at least {} ms, per run",
        plan.slow,
        plan.clicks,
        plan.fast,
        plan.batch.as_millis()
    );
    println!("the click: {} Objects, {listeners} listeners of positionChanged", world.objects.len());
    for (name, off, on) in &threats_rows {
        println!(
            "Threats, {name}: a Turn's start takes {} with Threats on, {} off (target: under 50 ms)",
            show(*on),
            show(*off)
        );
    }
    println!("the Draw Events: 600 frames made {draw_allocations} allocations");
    println!(
        "the clock: 3600 frames (60 s) rang {rings} timers ({:.2} a frame, each a card) and made {frame_allocations} allocations",
        rings / 3600.0
    );
    println!(
        "{:.1} s in all; load average {load_before} before, {} after (on 2 cores, other work inflates every figure)",
        started.elapsed().as_secs_f64(),
        load_average()
    );
}
