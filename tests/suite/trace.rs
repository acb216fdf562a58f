//! The driver's `trace COMMAND` (docs/driver.md, `trace`): what a command
//! ran, as a player's command runs it.
//!
//! Exact traces are kept as files, `tests/traces/*.trace`, one case each:
//!
//! ```text
//! # what the case pins (lines starting with `#`)
//! folder: content/examples/tic-tac-toe     the game, from the top of the checkout
//! off: Make Computer Move                  (optional) a Logic Component switched off from the start
//! > click a1                               a command, run as it is (its answer must be no error)
//! > trace limit=5 click b2                 a command traced: the lines below it, up to the next
//!   Event Mouse Pressed from b2/Cell, ...  `>` line, are its trace as `cardtable trace` prints it
//! ```
//!
//! A trace that differs fails with both, whole. `TRACE_BLESS=1 cargo test
//! --release --test suite trace::` writes the traces found into the files instead:
//! read every change before committing it.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use std::path::Path;
use std::rc::Rc;

/// A driver over `folder` (from the top of the checkout) that can trace,
/// with `off` switched off from the start.
fn tracer(folder: &Path, off: &[&str]) -> Driver {
    let loaded = common::load::load(folder).unwrap_or_else(|_| panic!("{} loads", folder.display()));
    let store = Rc::new(cardtable_runtime::save::Store::memory());
    Driver::with_parts_off(std::sync::Arc::new(loaded.game), store, false, off).with_trees(Rc::new(loaded.trees))
}

#[test]
fn every_kept_trace_is_the_trace_made() {
    let root = common::root();
    let bless = std::env::var_os("TRACE_BLESS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(root.join("tests/traces"))
        .expect("tests/traces")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trace"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let (made, problems) = play(&root, &text);
        let name = file.strip_prefix(&root).unwrap_or(file).display().to_string();
        failures.extend(problems.into_iter().map(|p| format!("{name}: {p}")));
        if made != text {
            if bless {
                std::fs::write(file, &made).unwrap_or_else(|e| panic!("{name}: {e}"));
            } else {
                failures.push(format!(
                    "{name}: the trace made differs from the file's.\n--- the file\n{text}\n--- made\n{made}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Plays a case file: answers the file as it would be with the traces made
/// in place of its own, and what went wrong on the way.
fn play(root: &Path, text: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut problems = Vec::new();
    let mut driver: Option<Driver> = None;
    let mut off: Vec<String> = Vec::new();
    let mut in_trace = false;
    for line in text.lines() {
        if in_trace && !line.starts_with('>') {
            continue;
        }
        in_trace = false;
        out.push_str(line);
        out.push('\n');
        if let Some(folder) = line.strip_prefix("folder: ") {
            let offs: Vec<&str> = off.iter().map(String::as_str).collect();
            driver = Some(tracer(&root.join(folder.trim()), &offs));
        } else if let Some(component) = line.strip_prefix("off: ") {
            off.push(component.trim().to_string());
        } else if let Some(command) = line.strip_prefix("> ") {
            let Some(d) = driver.as_mut() else {
                problems.push(format!("`{line}` before a `folder:` line"));
                continue;
            };
            match command.strip_prefix("trace ") {
                Some(traced) => {
                    let shown = d.trace_text(traced, traced);
                    // The first line is the command, already written.
                    out.extend(shown.split_inclusive('\n').skip(1));
                    in_trace = true;
                }
                None => {
                    let answer = d.command(command);
                    if answer.is_error() {
                        problems.push(format!("`{command}` answered {answer}"));
                    }
                }
            }
        }
    }
    (out, problems)
}

/// The pinned Bishop (the issue's case): clicked, it is selected but has no
/// Move, because Drop Move If Unsafe finds its King attacked after each of
/// them. python-chess 1.11.2 gives the Bishop's Moves before the pin is
/// looked at (`pseudo_legal_moves` from e2: a6 b5 c4 d1 d3 f1 f3 g4 h5) and
/// after (`legal_moves` from e2: none).
#[test]
fn the_pinned_bishop_s_trace_names_the_card_that_dropped_each_move() {
    const PSEUDO: [&str; 9] = ["a6", "b5", "c4", "d1", "d3", "f1", "f3", "g4", "h5"];
    let mut d = tracer(&common::chess_dir(), &["Make Computer Move"]);
    common::ok(&mut d, "setfen 4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    // The click looks for the Bishop's Moves, then (positionChanged) for every
    // Move of White's: each Drop Move If Unsafe with what it found, by Move.
    let answer = common::ok(&mut d, r#"trace card="Drop Move If Unsafe" depth=2 click e2"#);
    assert_eq!(answer.get("left out"), &Json::Num(0.0));
    let entries = answer.get("trace").as_array();
    let is = |e: &Json, key: &str, value: &str| e.get(key).as_str() == Some(value);
    let mut by_call: Vec<Vec<&Json>> = Vec::new();
    for e in entries {
        if e.get("depth") == &Json::Num(0.0) {
            assert!(is(e, "function", "Drop Move If Unsafe") && is(e, "at", "logic/Drop Move If Unsafe.yaml:1"), "{e}");
            by_call.push(Vec::new());
        }
        by_call.last_mut().expect("a call first").push(e);
    }
    let mut tried: Vec<&str> = Vec::new();
    for call in by_call.iter().filter(|c| c[0].get("with").get("from").as_str() == Some("e2")) {
        let to = call[0].get("with").get("to").as_str().unwrap_or_default();
        tried.push(to);
        let attacked = call.iter().find(|e| is(e, "function", "Is Square Attacked")).expect("asks");
        assert_eq!(attacked.get("answer").get("attacked"), &Json::Bool(true), "{to}: {attacked}");
        let seen = call.iter().find(|e| is(e, "said", "kingLook.attacked == true")).expect("looks");
        assert!(seen.get("value") == &Json::Bool(true) && is(seen, "at", "logic/Drop Move If Unsafe.yaml:55"));
        let written = call.iter().find(|e| is(e, "table", "Targets")).expect("drops it");
        assert!(is(written, "row", to) && is(written, "column", "reachable"), "{written}");
        assert_eq!((written.get("old"), written.get("new")), (&Json::Bool(true), &Json::Bool(false)), "{written}");
    }
    tried.sort_unstable();
    tried.dedup();
    assert_eq!(tried, PSEUDO, "the Moves tried: {answer}");
    // And so the Bishop has no Move: the chess library's `moves` agrees.
    let moves = common::ok(&mut d, "moves");
    assert!(moves.get("moves").as_array().iter().all(|m| !m.as_str().unwrap_or_default().starts_with("e2")), "{moves}");
}

/// Reads: under each condition and step, what its expressions read, one
/// level deeper and after it; a short-circuit that looked at no cell reads
/// none; `dataFind` tells what it sought and found; `table=` keeps a table's
/// reads beside its writes.
#[test]
fn a_trace_tells_the_cells_and_fields_each_step_read() {
    let mut d = tracer(&common::chess_dir(), &["Make Computer Move"]);
    let answer = common::ok(&mut d, r#"trace card="Select and Move" depth=2 click e2"#);
    let entries = answer.get("trace").as_array();
    let is = |e: &Json, key: &str, value: &str| e.get(key).as_str() == Some(value);
    let at = |line: &str| format!("logic/Select and Move.yaml:{line}");
    let reads_of = |line: &str| -> Vec<&Json> {
        let at = at(line);
        entries.iter().filter(|e| is(e, "at", &at) && e.get("read") != &Json::Null).collect()
    };
    // `set: selectedSquare, value: self.boardState.selected`: the field, after the step.
    let step = entries.iter().position(|e| is(e, "at", &at("27")) && e.get("read") == &Json::Null).expect("the set");
    let read = &entries[step + 1];
    assert!(is(read, "read", "field") && is(read, "object", "Game Rules/Game Rules"), "{read}");
    assert!(is(read, "field", "boardState.selected") && is(read, "value", ""), "{read}");
    assert_eq!(read.get("depth"), &Json::Num(2.0), "one deeper than its step: {read}");
    // `selectedSquare != "" && data(...)`: false at its first half, no cell read.
    assert!(reads_of("32").is_empty(), "{:?}", reads_of("32"));
    // `data('Position', clickedSquare, 'side') == self.boardState.sideToMove && ...`: a cell, then a field.
    let cond = reads_of("58");
    assert_eq!(cond.len(), 2, "{cond:?}");
    assert!(is(cond[0], "read", "cell") && is(cond[0], "table", "Position") && is(cond[0], "row", "e2"), "{}", cond[0]);
    assert!(is(cond[0], "column", "side") && is(cond[0], "value", "White"), "{}", cond[0]);
    assert!(is(cond[1], "field", "boardState.sideToMove") && is(cond[1], "value", "White"), "{}", cond[1]);
    let if_at = entries.iter().position(|e| is(e, "at", &at("58"))).expect("the if");
    assert!(entries[if_at].get("read") == &Json::Null && entries[if_at].get("value") == &Json::Bool(true));

    // dataFind, in the chess game's Is Out Of Moves, kept by `table=Targets` with the writes.
    let answer = common::ok(&mut d, r#"trace table=Targets card="Is Out Of Moves" click e4"#);
    let entries = answer.get("trace").as_array();
    let find = entries.iter().find(|e| is(e, "read", "find")).expect("a dataFind read");
    assert!(is(find, "table", "Targets") && is(find, "column", "reachable"), "{find}");
    assert_eq!(find.get("sought"), &Json::Bool(true), "{find}");
    assert!(matches!(find.get("found"), Json::Num(n) if *n >= 0.0), "Black has a Move: {find}");
    assert!(entries.iter().all(|e| is(e, "table", "Targets")), "only Targets' entries: {answer}");
    assert!(entries.iter().any(|e| is(e, "read", "cell")) && entries.iter().any(|e| e.get("new") != &Json::Null));
}

/// What a driver shows of its World: every table, Global and Object, the
/// Game State, the faults, the position and the steps left of the budget.
fn world_of(d: &mut Driver) -> Vec<String> {
    let game = d.world.game.clone();
    let mut names: Vec<String> = game.names.tables.keys().map(|t| format!("table \"{t}\"")).collect();
    names.extend(game.names.globals.keys().map(|g| format!("global {g}")));
    names.sort();
    names.extend(["objects", "state", "faults", "fen"].map(String::from));
    let mut all: Vec<String> = names.iter().map(|c| format!("{c}: {}", d.command(c))).collect();
    all.push(format!("steps left: {}", d.world.steps_left()));
    all
}

/// A trace does not change the game: a game played with each command traced
/// is the game played without (the chess game: a Piece selected, moved, one
/// taken, a click on nothing it may do).
#[test]
fn a_traced_game_is_the_game_untraced() {
    let commands = ["click e2", "click e4", "click d7", "click d5", "click e4", "click d5", "click a8", "click h1"];
    let mut plain = tracer(&common::chess_dir(), &["Make Computer Move"]);
    let mut traced = tracer(&common::chess_dir(), &["Make Computer Move"]);
    for command in commands {
        let answer = plain.command(command);
        let trace = traced.command(&format!("trace limit=1 {command}"));
        assert_eq!(trace.get("answer"), &answer, "{command}");
        let left_out = matches!(trace.get("left out"), Json::Num(n) if *n > 0.0);
        assert!(left_out && trace.get("trace").as_array().len() == 1, "{trace}");
        let (p, t) = (world_of(&mut plain), world_of(&mut traced));
        for (p, t) in p.iter().zip(&t) {
            assert_eq!(p, t, "after `{command}`");
        }
    }
    let fen = common::ok(&mut traced, "fen");
    assert_eq!(fen.get("fen").as_str(), Some("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"));
}

/// The options: each wrong one named, all at once; a trace of a trace, and
/// a driver made without the trees, refused.
#[test]
fn a_trace_s_options_are_checked() {
    let mut d = tracer(&common::root().join("content/examples/tic-tac-toe"), &[]);
    let error = |d: &mut Driver, c: &str| d.command(c).get("error").as_str().unwrap_or_default().to_string();
    let e = error(&mut d, "trace limit=0 depth=x card=\"Place Ston\" table=Bord click a1");
    for part in [
        "`limit` is 1 to 1000000",
        "`depth` is a whole number",
        "`Place Ston` (did you mean `Place Stone`?)",
        "`Bord` (did you mean `Board`?)",
    ] {
        assert!(e.contains(part), "{part}: {e}");
    }
    assert!(error(&mut d, "trace colour=red click a1").contains("unknown option `colour`"));
    assert!(error(&mut d, "trace").starts_with("usage: trace"));
    assert!(error(&mut d, "trace trace click a1").contains("a trace of `trace`"));
    let game = common::load_game(&common::root().join("content/examples/tic-tac-toe"));
    assert!(error(&mut Driver::new(game), "trace click a1").contains("without the cards' trees"));
    // None of them ran the click.
    assert_eq!(common::ok(&mut d, "table Board").to_string().matches("White").count(), 0);
}

/// content/GUIDE.md's "Find out why a piece did not move" quotes three real
/// traces of the pinned Bishop: each line it quotes (but its `...`) is a
/// line of the trace its command makes now, in the same order.
#[test]
fn the_guide_s_traces_are_the_traces_made() {
    let guide = std::fs::read_to_string(common::root().join("content/GUIDE.md")).expect("content/GUIDE.md");
    let start = guide.find("## Find out why a piece did not move").expect("the GUIDE's section");
    let section = &guide[start..guide[start + 3..].find("\n## ").map_or(guide.len(), |e| start + 3 + e)];
    // The blocks with no language named are what the traces print.
    let blocks: Vec<&str> = section.split("```").skip(1).step_by(2).filter(|b| b.starts_with('\n')).collect();
    let options = [r#"card="Select and Move" depth=2"#, "table=Targets", r#"card="Drop Move If Unsafe" depth=2"#];
    assert_eq!(blocks.len(), options.len(), "{blocks:?}");
    for (block, option) in blocks.iter().zip(options) {
        let mut d = tracer(&common::chess_dir(), &["Make Computer Move"]);
        d.apply_start_option("fen", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").expect("the position");
        let made = d.trace_text(&format!("{option} click e2"), "click e2");
        let mut lines = made.lines().map(str::trim);
        for quoted in block.lines().map(str::trim).filter(|l| !l.is_empty() && *l != "...") {
            assert!(lines.any(|l| l == quoted), "`{quoted}` is not in the trace of `{option}` (in order):\n{made}");
        }
    }
}
