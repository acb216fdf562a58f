//! Threats mode (Chapter 9) against python-chess: for every position of
//! `tests/vectors/threats.txt` (the six perft positions, 600 positions of the
//! reference games and 60 more where en passant is legal, made by
//! `tools/vectors/make_threats.py`), the
//! Threats table the cards fill at the start of the Turn (Show Threats, on
//! "turnStarted", with Threats mode on) says what python-chess says: which
//! Pieces are attacked, which are unprotected, which are pinned and by whom.
//!
//! The positions are shared among threads (each loads its own game); all of
//! them take about 3 s in a debug build.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;

fn vectors() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(common::root().join("tests/vectors/threats.txt")).expect("threats.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (fen, marks) = l.split_once(" | ").unwrap_or((l.trim_end_matches(" |"), ""));
            let mut marks: Vec<&str> = marks.split_whitespace().collect();
            marks.sort();
            (fen.trim().to_string(), marks.join(" "))
        })
        .collect()
}

/// The Threats table as the vectors write it: `e4AU`, `f2APc5`.
fn marks_of(table: &Json) -> Result<String, String> {
    let mut out = Vec::new();
    for row in table.get("rows").as_array() {
        let name = row.get("name").as_str().ok_or("a row without a name")?;
        let attacked = matches!(row.get("isAttacked"), Json::Bool(true));
        let unprotected = matches!(row.get("isUnprotected"), Json::Bool(true));
        let pinned = row.get("pinnedBy").as_str().unwrap_or("");
        if attacked || unprotected || !pinned.is_empty() {
            let mut m = name.to_string();
            if attacked {
                m.push('A');
            }
            if unprotected {
                m.push('U');
            }
            if !pinned.is_empty() {
                m.push('P');
                m.push_str(pinned);
            }
            out.push(m);
        }
    }
    out.sort();
    Ok(out.join(" "))
}

fn threats_on() -> Driver {
    let mut driver = common::chess_driver();
    let pressed = driver.command("press Threats");
    assert!(!pressed.is_error(), "press Threats answered {pressed}");
    let on = driver.command("get \"Game Rules\" boardState.isShowingThreats");
    assert!(matches!(on.get("value"), Json::Bool(true)), "Threats mode is on: {on}");
    driver
}

fn check(driver: &mut Driver, fen: &str) -> Result<String, String> {
    let set = driver.command(&format!("setfen {fen}"));
    if set.is_error() {
        return Err(format!("setfen answered {set}"));
    }
    let faults = driver.command("faults");
    if !faults.get("faults").as_array().is_empty() {
        return Err(format!("faults: {faults}"));
    }
    marks_of(&driver.command("table Threats"))
}

fn run(step: usize) {
    // step: 1 for every position (a larger step, for a quick look, keeps the six perft positions)
    let all = vectors();
    assert!(all.len() >= 566, "the vectors hold {} positions", all.len());
    // The six perft positions always, then every step-th of the games'.
    let rows: Vec<&(String, String)> = all[..6].iter().chain(all[6..].iter().step_by(step)).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    let next = AtomicUsize::new(0);
    let wrong = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut driver = threats_on();
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some((fen, want)) = rows.get(k) else { break };
                    match check(&mut driver, fen) {
                        Ok(got) if &got == want => {}
                        Ok(got) => {
                            wrong.lock().unwrap().push(format!("{fen}\n  cards:        {got}\n  python-chess: {want}"))
                        }
                        Err(e) => wrong.lock().unwrap().push(format!("{fen}: {e}")),
                    }
                }
            });
        }
    });
    println!("{} positions on {threads} threads in {:.2} s", rows.len(), started.elapsed().as_secs_f64());
    let wrong = wrong.into_inner().unwrap();
    assert!(wrong.is_empty(), "{} of {} positions disagree:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}

#[test]
fn the_threats_table_equals_python_chess() {
    run(1);
}

/// Chapter 9's last line: "Turn Threats on, and close the game. Run it again.
/// Threats mode is still on, and the legend is back." A second Driver on the
/// same store is the game run again: the saved game comes back
/// (savedGameLoaded), and Show Threats takes the kept choice, fills the
/// Threats table and shows the legend.
#[test]
fn threats_mode_is_kept_on_this_computer() {
    use cardtable_runtime::save::Store;
    use std::rc::Rc;
    let game = common::load_game(&common::chess_dir());
    let store = Rc::new(Store::memory());
    let group_shown =
        |d: &mut Driver| d.command("objects \"Attacked Key\"").get("objects").as_array()[0].get("shown").clone();
    {
        let mut first = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
        assert_eq!(group_shown(&mut first), Json::Bool(false), "the legend starts hidden");
        for c in ["press Threats", "click e2", "click e4", "click g8", "click f6"] {
            let a = first.command(c);
            assert!(!a.is_error(), "{c}: {a}");
        }
        let t = first.command("eval data('Threats', 'e4', 'isUnprotected')");
        assert_eq!(t.get("value"), &Json::Bool(true), "{t}");
        first.finish();
    }
    let mut again = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
    let on = again.command("get \"Game Rules\" boardState.isShowingThreats");
    assert_eq!(on.get("value"), &Json::Bool(true), "Threats mode is still on: {on}");
    assert_eq!(group_shown(&mut again), Json::Bool(true), "the legend is back");
    let t = again.command("eval data('Threats', 'e4', 'isUnprotected')");
    assert_eq!(t.get("value"), &Json::Bool(true), "the marks are back: {t}");
    let marks = again.command("objects e4");
    let mark = marks.get("objects").as_array().iter().find(|o| o.get("type").as_str() == Some("Threat Mark")).cloned();
    let mark = mark.unwrap_or_else(|| panic!("no Threat Mark on e4: {marks}"));
    assert_eq!(
        (mark.get("visible"), mark.get("frame")),
        (&Json::Bool(true), &Json::Num(1.0)),
        "the ring on e4: {mark}"
    );
    // Turned off, and run again: off, the legend hidden, nothing marked.
    assert!(!again.command("press Threats").is_error());
    again.finish();
    let mut third = Driver::with_store(game, store);
    let on = third.command("get \"Game Rules\" boardState.isShowingThreats");
    assert_eq!(on.get("value"), &Json::Bool(false), "{on}");
    assert_eq!(group_shown(&mut third), Json::Bool(false));
    let t = third.command("eval data('Threats', 'e4', 'isAttacked')");
    assert_eq!(t.get("value"), &Json::Bool(false), "{t}");
}

/// The Arrows table as the vectors write it: `e5>f7E` (its own arrow, to an
/// enemy Piece), `e5>g4O` (its own, to any other Square), `d5>e6A` (from an
/// enemy Piece that can capture it).
fn arrows_of(table: &Json, focus: &str) -> Result<String, String> {
    let mut out = Vec::new();
    for row in table.get("rows").as_array() {
        let from = row.get("from").as_str().ok_or("an arrow without from")?;
        let to = row.get("to").as_str().ok_or("an arrow without to")?;
        let color = row.get("color").as_str().unwrap_or("");
        let kind = match (from == focus, color) {
            (true, "#D8322FE6") => "E",
            (true, "#2A9D8FE6") => "O",
            (false, "#D8322FE6") => "A",
            _ => return Err(format!("an arrow {from}>{to} in {color}")),
        };
        out.push(format!("{from}>{to}{kind}"));
    }
    out.sort();
    Ok(out.join(" "))
}

/// Chapter 10's arrows against python-chess: for each position of
/// `tests/vectors/arrows.txt` (150: the perft positions, 60 where en passant
/// is legal, with the passed Pawn inspected, and others), the Piece
/// inspected (clicked in Threats mode) shows an arrow along each direction
/// it captures along to the farthest Square it reaches, and one from every
/// enemy Piece that can capture it (en passant: to the en passant Square).
#[test]
fn the_arrows_of_an_inspected_piece_equal_python_chess() {
    let text = std::fs::read_to_string(common::root().join("tests/vectors/arrows.txt")).expect("arrows.txt");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").map(str::trim).collect())
        .collect();
    assert!(rows.len() >= 100, "{} positions", rows.len());
    let mut driver = threats_on();
    let mut wrong = Vec::new();
    for row in &rows {
        let [fen, focus, want] = row[..] else {
            let [fen, focus] = row[..] else { panic!("a line of arrows.txt: {row:?}") };
            wrong.push(format!("{fen}: no arrows for {focus}"));
            continue;
        };
        assert!(!driver.command(&format!("setfen {fen}")).is_error());
        let clicked = driver.command(&format!("click {focus}"));
        if clicked.is_error() || !clicked.get("faults").as_array().is_empty() {
            wrong.push(format!("{fen}: click {focus} answered {clicked}"));
            continue;
        }
        let mut want: Vec<&str> = want.split_whitespace().collect();
        want.sort();
        match arrows_of(&driver.command("table Arrows"), focus) {
            Ok(got) if got == want.join(" ") => {}
            Ok(got) => {
                wrong.push(format!("{fen} ({focus})\n  cards:        {got}\n  python-chess: {}", want.join(" ")))
            }
            Err(e) => wrong.push(format!("{fen} ({focus}): {e}")),
        }
    }
    assert!(wrong.is_empty(), "{} of {} positions disagree:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}

/// The lines a frame draws: (from, to, width, color).
fn lines(driver: &mut Driver) -> Vec<([f64; 4], f64, String)> {
    let answer = driver.command("draws");
    let num = |j: &Json| match j {
        Json::Num(n) => *n,
        other => panic!("a number: {other}"),
    };
    answer
        .get("lines")
        .as_array()
        .iter()
        // The Game Rules' lines (Draw Threat Lines), not the move dots (Show Move Dot, on each Move Mark).
        .filter(|l| l.get("object").as_str() == Some("Game Rules"))
        .map(|l| {
            let (from, to) = (l.get("from").as_array(), l.get("to").as_array());
            (
                [num(&from[0]), num(&from[1]), num(&to[0]), num(&to[1])],
                num(l.get("width")),
                l.get("color").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// A Square's center on the screen, pixels from the bottom-left (the Board
/// 960 px wide from x 0, from y 140; a1 at the bottom-left, unflipped).
fn center(square: &str, flipped: bool) -> (f64, f64) {
    let b = square.as_bytes();
    let (mut f, mut r) = ((b[0] - b'a') as f64, (b[1] - b'1') as f64);
    if flipped {
        (f, r) = (7.0 - f, 7.0 - r);
    }
    (f * 120.0 + 60.0, 140.0 + r * 120.0 + 60.0)
}

/// The pin line of Chapter 10: dashes of amber, each on the line from the
/// pinning Piece toward the King, from 0.25 Square after the pinner to 0.3
/// Square before the King; none outside Threats mode.
#[test]
fn a_pin_line_runs_in_dashes_from_the_pinner_to_the_king() {
    let mut d = threats_on();
    for c in ["click e2", "click e4", "click b7", "click b6", "click d1", "click h5"] {
        assert!(!d.command(c).is_error(), "{c}");
    }
    let drawn = lines(&mut d);
    assert!(drawn.len() >= 4, "{drawn:?}");
    let (h5, e8) = (center("h5", false), center("e8", false));
    let length = ((e8.0 - h5.0).powi(2) + (e8.1 - h5.1).powi(2)).sqrt();
    let (ux, uy) = ((e8.0 - h5.0) / length, (e8.1 - h5.1) / length);
    let mut along = Vec::new();
    for ([x1, y1, x2, y2], width, color) in &drawn {
        assert_eq!(color, "#F0A020E6", "only the pin line: {drawn:?}");
        assert!((width - 0.03 * 120.0).abs() < 1e-3, "{width}");
        for (x, y) in [(x1, y1), (x2, y2)] {
            let (dx, dy) = (x - h5.0, y - h5.1);
            assert!((dx * uy - dy * ux).abs() < 0.01, "({x}, {y}) is on the line from h5 to e8");
            along.push(dx * ux + dy * uy);
        }
    }
    along.sort_by(f64::total_cmp);
    assert!((along[0] - 0.25 * 120.0).abs() < 0.01, "{along:?}");
    // The last dash stops at most 0.3 Square before the King, and less than a dash's spacing before that.
    let (last, stop) = (along[along.len() - 1], length - 0.3 * 120.0);
    assert!(last <= stop + 0.01 && last > stop - 0.22 * 120.0, "{last} of {stop}: {along:?}");
    // Off: no pin, no line.
    assert!(!d.command("press Threats").is_error());
    assert!(lines(&mut d).is_empty());
}

/// Arrows turn round with a flipped Board: every line of the inspected
/// Piece's arrows stands where the unflipped one stands turned half round
/// about the Board's center (480, 620).
#[test]
fn arrows_turn_round_with_a_flipped_board() {
    let mut d = threats_on();
    assert!(!d.command("setfen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").is_error());
    assert!(!d.command("click e5").is_error());
    let straight = lines(&mut d);
    assert_eq!(straight.len(), 8 * 3, "eight arrows of three lines: {straight:?}");
    let start = center("e5", false);
    // Each arrow is its shaft, from 0.22 Square after e5's center, then its head's two sides.
    for shaft in straight.iter().step_by(3) {
        let l = shaft.0;
        assert!(((l[0] - start.0).hypot(l[1] - start.1) - 0.22 * 120.0).abs() < 0.01, "{l:?}");
    }
    assert!(!d.command("press Flip").is_error());
    let turned = lines(&mut d);
    assert_eq!(turned.len(), straight.len());
    for ((a, wa, ca), (b, wb, cb)) in straight.iter().zip(&turned) {
        assert_eq!((wa, ca), (wb, cb));
        for k in 0..2 {
            assert!((b[2 * k] - (960.0 - a[2 * k])).abs() < 0.01, "{a:?} turned is {b:?}");
            assert!((b[2 * k + 1] - (1240.0 - a[2 * k + 1])).abs() < 0.01, "{a:?} turned is {b:?}");
        }
    }
}

/// The Threat and Pin Marks and the lines hide while the Computer's Move
/// slides (Show Threat Mark, Show Pin Mark and Draw Threat Lines on
/// "slideStarted"), and show again once it has landed ("positionChanged").
#[test]
fn the_marks_and_lines_hide_while_the_computers_move_slides() {
    let game = common::load_game(&common::chess_dir());
    let mut d = Driver::with_parts_off(game, std::rc::Rc::new(cardtable_runtime::save::Store::memory()), false, &[]);
    for c in [
        "engine manual",
        "press Threats",
        // White's Bishop on b5 pins Black's Knight on c6 to its King.
        "setfen r1bqkbnr/ppp2ppp/2n5/1B1pp3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
        "click e1",
        "click g1",
    ] {
        let answer = d.command(c);
        assert!(!answer.is_error(), "{c}: {answer}");
    }
    let shown = |d: &mut Driver, ty: &str| -> Vec<String> {
        let answer = d.command(&format!("objects \"{ty}\""));
        let mut names: Vec<String> = answer
            .get("objects")
            .as_array()
            .iter()
            .filter(|o| o.get("type").as_str() == Some(ty) && matches!(o.get("visible"), Json::Bool(true)))
            .filter_map(|o| o.get("name").as_str().map(str::to_string))
            .collect();
        names.sort();
        names
    };
    let thinking = d.command("state");
    assert_eq!(thinking.get("state").as_str(), Some("Computer's Turn"), "{thinking}");
    assert_eq!(shown(&mut d, "Pin Mark"), ["c6"], "the pinned Knight's bar before the slide");
    assert!(!shown(&mut d, "Threat Mark").is_empty(), "the attacked Pieces are outlined");
    assert!(!lines(&mut d).is_empty(), "the pin line shows before the slide");

    assert!(!d.command("answer g8f6").is_error());
    assert!(!d.command("wait 0.1").is_error());
    assert_eq!(object_visible(&mut d, "Moving Piece"), Some(true), "mid-slide");
    assert_eq!(shown(&mut d, "Pin Mark"), Vec::<String>::new(), "no pin bar while it slides");
    assert_eq!(shown(&mut d, "Threat Mark"), Vec::<String>::new(), "no threat mark while it slides");
    assert!(lines(&mut d).is_empty(), "no line while it slides");

    assert!(!d.command("wait 0.5").is_error());
    assert_eq!(object_visible(&mut d, "Moving Piece"), Some(false), "landed");
    assert_eq!(shown(&mut d, "Pin Mark"), ["c6"], "the bar again once the Move is made");
    assert!(!lines(&mut d).is_empty(), "the pin line again once the Move is made");
}

fn object_visible(d: &mut Driver, name: &str) -> Option<bool> {
    let answer = d.command(&format!("objects \"{name}\""));
    answer.get("objects").as_array().first().and_then(|o| match o.get("visible") {
        Json::Bool(b) => Some(*b),
        _ => None,
    })
}
