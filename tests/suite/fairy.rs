//! Fairy-Stockfish as the reference (issue 22): every `tests/fairy/*.perft`
//! holds Fairy-Stockfish's perft of one of its variants from the start and
//! from positions reached by random legal moves (made by
//! `tools/fairy/make_perft.py`), and the content folder that plays it. Here
//! each position is set up through the driver (`setfen`, which must read the
//! FEN as Fairy-Stockfish writes it), and its moves and counts are the cards'
//! (`moves`, `perft N`) and the built-in engine's (`enginemoves`,
//! `engineperft N`). A count that differs is reported with its position and
//! the moves that differ between the cards' list and the file's.
//!
//! The default test counts through the cards up to [`QUICK`] leaves a
//! position (half a second each at most), the built-in engine to
//! every depth of the file, on every Board (5 by 5 and 10 by 8 too);
//! `cargo test --test suite fairy:: -- --ignored` counts every depth through the
//! cards too.

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;

/// The leaves the default test counts through the cards at most, a position:
/// 1.0 million in all over the 23 files (at make_perft.py's QUICK, 60,000,
/// it was 4.9 million, some two minutes of CPU, too much of `cargo test`'s
/// ten minutes). The built-in engine counts every depth, and the ignored
/// test every depth through the cards.
pub(crate) const QUICK: u64 = 20_000;

/// One position of a vector file.
#[derive(Debug)]
pub(crate) struct Position {
    id: String,
    fen: String,
    /// (depth, leaves), depth 1 up.
    perft: Vec<(u32, u64)>,
    moves: BTreeSet<String>,
}

/// One vector file: its variant, its content folder and its positions.
#[derive(Debug)]
pub(crate) struct Vectors {
    file: String,
    variant: String,
    content: PathBuf,
    /// Whether the built-in engine's moves and counts are checked too: not
    /// where the file says `engine unchecked: WHY` (check counting's, which
    /// the built-in engine does not count).
    engine_checked: bool,
    pub(crate) positions: Vec<Position>,
}

/// Reads one `.perft` file; Err names the file, the line and what was expected.
pub(crate) fn parse(path: &Path) -> Result<Vectors, String> {
    let file = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let (mut variant, mut content) = (None, None);
    let mut engine_checked = true;
    let mut positions: Vec<Position> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |what: &str| format!("{file}:{}: {what}, found `{line}`", n + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let current = positions.last_mut();
        match (key, current) {
            ("variant", _) => variant = Some(rest.to_string()),
            ("content", _) => content = Some(common::root().join(rest)),
            ("engine", _) if rest.starts_with("unchecked: ") => engine_checked = false,
            ("id", _) => positions.push(Position {
                id: rest.to_string(),
                fen: String::new(),
                perft: Vec::new(),
                moves: BTreeSet::new(),
            }),
            // A random position's walk from the start (`from`: a start of its own, Chess960's).
            ("line" | "from", Some(_)) => {}
            ("fen", Some(p)) => p.fen = rest.to_string(),
            ("perft", Some(p)) => {
                let (d, n) = rest.split_once(' ').ok_or_else(|| at("`perft DEPTH LEAVES`"))?;
                let depth = d.parse().map_err(|_| at("a depth"))?;
                let leaves = n.parse().map_err(|_| at("a count of leaves"))?;
                if depth as usize != p.perft.len() + 1 {
                    return Err(at(&format!("depth {}", p.perft.len() + 1)));
                }
                p.perft.push((depth, leaves));
            }
            ("moves", Some(p)) => p.moves = rest.split_whitespace().map(str::to_string).collect(),
            _ => {
                return Err(at("`variant`, `content`, `engine unchecked: WHY`, `id`, or a position's `from`, `line`, `fen`, `perft` or `moves`"))
            }
        }
    }
    let variant = variant.ok_or(format!("{file}: no `variant` line"))?;
    let content = content.ok_or(format!("{file}: no `content` line"))?;
    if let Some(p) = positions.iter().find(|p| p.fen.is_empty() || p.perft.is_empty()) {
        return Err(format!("{file}: position `{}` has no `fen` or no `perft`", p.id));
    }
    Ok(Vectors { file, variant, content, engine_checked, positions })
}

/// Every vector file, read.
fn all_vectors() -> Vec<Vectors> {
    let dir = common::root().join("tests/fairy");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    paths.sort();
    paths.iter().map(|p| parse(p).unwrap_or_else(|e| panic!("{e}"))).collect()
}

fn moves_of(driver: &mut Driver, command: &str) -> Result<BTreeSet<String>, String> {
    let answer = driver.command(command);
    if answer.is_error() {
        return Err(format!("`{command}` answered {answer}"));
    }
    Ok(common::strings(answer.get("moves")))
}

fn count(driver: &mut Driver, command: &str) -> Result<u64, String> {
    let answer = driver.command(command);
    if answer.is_error() || !answer.get("faults").as_array().is_empty() {
        return Err(format!("`{command}` answered {answer}"));
    }
    match answer.get("nodes") {
        Json::Num(n) => Ok(*n as u64),
        other => Err(format!("`{command}` answered nodes {other}")),
    }
}

/// The moves one list has and the other lacks, in words (`who`: "the cards'
/// moves", "the built-in engine's moves").
fn difference(who: &str, theirs: &BTreeSet<String>, file: &BTreeSet<String>) -> String {
    let extra: Vec<&String> = theirs.difference(file).collect();
    let lacking: Vec<&String> = file.difference(theirs).collect();
    if extra.is_empty() && lacking.is_empty() {
        format!("the {} moves here are Fairy-Stockfish's: the difference is deeper", file.len())
    } else {
        format!("{who}: {extra:?} beyond Fairy-Stockfish's, {lacking:?} missing")
    }
}

/// Checks one position: `setfen` reads its FEN back the same; the cards' and
/// the engine's moves are the file's; their counts, the cards' up to
/// `cards_up_to` leaves. Every disagreement, in words.
pub(crate) fn check(driver: &mut Driver, v: &Vectors, p: &Position, cards_up_to: u64) -> Vec<String> {
    let mut wrong = Vec::new();
    let here = format!("{} `{}` ({})", v.file, p.id, p.fen);
    let set = driver.command(&format!("setfen {}", p.fen));
    if set.is_error() {
        return vec![format!("{here}: setfen answered {set}")];
    }
    let back = set.get("fen").as_str().unwrap_or("");
    if back != p.fen {
        wrong.push(format!("{here}: setfen reads it back as {back}"));
    }
    let cards = moves_of(driver, "moves");
    let engine = moves_of(driver, "enginemoves");
    let mut lists = vec![("the cards' moves", &cards)];
    if v.engine_checked {
        lists.push(("the built-in engine's moves", &engine));
    }
    for (who, got) in lists {
        match got {
            Ok(m) if *m == p.moves => {}
            Ok(m) => wrong.push(format!("{here}: {}", difference(who, m, &p.moves))),
            Err(e) => wrong.push(format!("{here}: {e}")),
        }
    }
    for &(depth, want) in &p.perft {
        let mut runs = vec![];
        if v.engine_checked {
            runs.push(("the built-in engine", "the built-in engine's moves", "engineperft", &engine));
        }
        if want <= cards_up_to {
            runs.push(("the cards", "the cards' moves", "perft", &cards));
        }
        for (who, whose, command, moves) in runs {
            match count(driver, &format!("{command} {depth}")) {
                Ok(n) if n == want => {}
                Ok(n) => {
                    let moves = match moves {
                        Ok(m) => difference(whose, m, &p.moves),
                        Err(e) => e.clone(),
                    };
                    wrong.push(format!(
                        "{here}: depth {depth}: {who} count {n}, Fairy-Stockfish {want}; {moves} \
                         (Fairy-Stockfish's `go perft {depth}` from this FEN divides the count by move)"
                    ));
                }
                Err(e) => wrong.push(format!("{here}: {e}")),
            }
        }
    }
    wrong
}

/// Runs every position of every file on a few threads (each its own Drivers:
/// a World is not Send) and fails with every disagreement.
fn check_all(cards_up_to: u64) {
    let vectors = all_vectors();
    let jobs: Vec<(usize, usize)> =
        vectors.iter().enumerate().flat_map(|(f, v)| (0..v.positions.len()).map(move |p| (f, p))).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    let next = AtomicUsize::new(0);
    let wrong: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let done = AtomicUsize::new(0);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut drivers: HashMap<usize, Driver> = HashMap::new();
                while let Some(&(f, p)) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let v = &vectors[f];
                    let driver = drivers.entry(f).or_insert_with(|| common::two_players(common::load_game(&v.content)));
                    let found = check(driver, v, &v.positions[p], cards_up_to);
                    wrong.lock().unwrap().extend(found);
                    done.fetch_add(1, Ordering::SeqCst);
                }
            });
        }
    });
    let wrong = wrong.into_inner().unwrap();
    println!(
        "{} positions of {} variants ({}) on {threads} threads in {:.2} s",
        jobs.len(),
        vectors.len(),
        vectors.iter().map(|v| v.variant.as_str()).collect::<Vec<_>>().join(", "),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(done.load(Ordering::SeqCst), jobs.len(), "every position ran");
    assert!(wrong.is_empty(), "{} disagreement(s) with Fairy-Stockfish:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn the_cards_and_the_engine_count_as_fairy_stockfish() {
    check_all(QUICK);
}

/// Every depth of the files through the cards (some near 760,000 leaves:
/// about 4 minutes on two loaded cores, 100 s of CPU).
#[test]
#[ignore = "slow: cargo test --test suite fairy:: -- --ignored"]
fn the_cards_count_every_depth_as_fairy_stockfish() {
    check_all(u64::MAX);
}

/// The reader refuses a file that is not one, naming the line.
#[test]
fn a_vector_file_that_is_not_one_is_refused_with_its_line() {
    let dir = common::TempContent::of(&common::root().join("tests/fairy"), "fairy-vectors");
    let path = dir.path("chess.perft");
    let text = dir.read("chess.perft").replacen("perft 2 ", "perft 3 ", 1);
    dir.write("chess.perft", &text);
    let line = text.lines().position(|l| l.starts_with("perft 3 ")).unwrap() + 1;
    let err = parse(&path).expect_err("a depth skipped");
    assert!(err.starts_with(&format!("chess.perft:{line}: depth 2, found `perft 3 ")), "{err}");
}

/// Each content folder starts a game where Fairy-Stockfish starts the
/// variant (the file's `start`, its `position startpos`).
#[test]
fn each_content_starts_where_fairy_stockfish_starts() {
    for v in all_vectors() {
        let start = v.positions.iter().find(|p| p.id == "start").unwrap_or_else(|| panic!("{}: no start", v.file));
        let mut driver = common::two_players(common::load_game(&v.content));
        let fen = common::run(&mut driver, "fen");
        assert_eq!(fen.get("fen").as_str(), Some(start.fen.as_str()), "{}: {}", v.file, v.content.display());
    }
}

/// Every variant of the gallery (content/variants/NAME) has its vectors,
/// made for Fairy-Stockfish's variant of its name (tools/fairy/make_perft.py's
/// manifest), and so has chess.
#[test]
fn every_gallery_variant_has_its_vectors() {
    let vectors = all_vectors();
    let has = |variant: &str, content: &Path| vectors.iter().any(|v| v.variant == variant && v.content == content);
    assert!(has("chess", &common::chess_dir()), "tests/fairy/chess.perft, for content/chess");
    let gallery = common::root().join("content/variants");
    for entry in std::fs::read_dir(&gallery).expect("content/variants") {
        let name = entry.expect("a folder entry").file_name().to_string_lossy().into_owned();
        assert!(
            has(&name, &gallery.join(&name)),
            "no tests/fairy/*.perft of the variant `{name}` for content/variants/{name}: add it to \
             tools/fairy/make_perft.py's MANIFEST and run it"
        );
    }
}
