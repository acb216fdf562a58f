//! The card language, case by case: every line of `tests/language.cases`
//! calls one Function card of `tests/fixtures/language/logic/` through the
//! headless `Driver` (its `call` command) and says what the answer must be.
//! The cards are small, each named for the one feature of the language it
//! exercises (precedence, short circuits, Repeat, recursion, tables, ...);
//! nothing here knows chess. A failing line is reported as
//! `tests/language.cases:LINE: expected ..., found ...`, and the test fails
//! once at the end with every failing line.
//!
//! The format (one case a line; `#` starts a comment line; blank lines are
//! allowed):
//!
//! ```text
//! call FUNCTION name=value ... = JSON   the call answers JSON: for a Function that answers one
//!                                       value, the driver's answer is {"value": JSON}; for one that
//!                                       answers a structure (or nothing), the driver's whole answer
//!                                       is JSON, fields in the structure's order
//! call FUNCTION name=value ... ! TEXT   the call fails, its error containing TEXT (a fault names
//!                                       the card and the step: `Divide, step 2`)
//! ```
//!
//! Everything before ` = ` (or ` ! `) is given to the driver as it is, so a
//! value is an expression (`n=-2`, `s='abc'`), and a word with spaces is put
//! in double quotes (`"t=' 4 '"`), as the driver reads it. JSON is compared
//! exactly, after both sides are written the one way `Json` writes them
//! (numbers as the driver prints them: `14` and `14.0` are the same).
//!
//! Every line runs on a fresh Driver over the one loaded game, so no case
//! sees the Globals or tables another case changed.
//!
//! Every case runs three times: on the register machine (the cards' lowered
//! code, small Functions copied into their callers) as the interpreter
//! alone, on it again with each card's machine code made at its first run
//! (`code/native.rs`; the interpreter runs what the machine code hands
//! back), and on the tree walker (the same cards from their trees,
//! `World::call_function_walked`). A build without the `jit` feature
//! (`cargo test --no-default-features`) has no machine code: the second
//! run is not made, and the test prints which runs it made. Each machine's
//! run and the walker's must
//! give the same answer or the same fault (message, card, step and line),
//! leave the same World (every table, Global and Object, the Game State and
//! the faults kept), and spend the same steps of the input's budget: each
//! spends one per While and Repeat round, per call and per step the machine
//! hands over, so the counts are equal, not merely close. A case where the
//! two may rightly differ says why on a comment line just above it:
//!
//! ```text
//! # differs: WHY
//! ```
//!
//! The harness then requires that they do differ (a marker that no longer
//! holds is a failure, so that it is removed), and checks the machine's
//! answer as written.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use cardtable_runtime::code::{JIT, NEVER_NATIVE};
use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::program::{Returns, Trees};

const CASES: &str = "tests/language.cases";

// This package's `jit` feature turns the runtime's on (the runtime may have
// it when this package has not: another package of the build asked for it).
const _: () = assert!(JIT || !cfg!(feature = "jit"), "the `jit` feature does not reach the runtime");

/// One line of the cases file, split into the driver command and what it must answer.
enum Expect {
    /// ` = JSON`
    Answer(Json),
    /// ` ! TEXT`
    Error(String),
}

#[test]
fn every_language_case_answers_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/fixtures/language");
    let (game, trees) = match common::load::load(&dir) {
        Ok(loaded) => {
            let warnings: Vec<String> = loaded.warnings.iter().map(|d| d.to_string()).collect();
            assert!(warnings.is_empty(), "{} loads with warnings:\n{}", dir.display(), warnings.join("\n"));
            (std::sync::Arc::new(loaded.game), Rc::new(loaded.trees))
        }
        Err(diags) => {
            let all: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
            panic!("{} does not load:\n{}", dir.display(), all.join("\n"))
        }
    };
    let text = std::fs::read_to_string(root.join(CASES)).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    let mut failures = Vec::new();
    let (mut ran, mut differing) = (0, 0);
    // The reason of a `# differs:` line, for the case below it.
    let mut differs: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(why) = differs_marker(comment) {
                if why.is_empty() {
                    failures.push(format!("{CASES}:{}: `# differs:` says nothing of why", i + 1));
                }
                differs = Some(why);
            }
            continue;
        }
        ran += 1;
        let marked = differs.take().is_some();
        differing += usize::from(marked);
        let outcome = run_case(&game, line).and_then(|command| match (same_on_both(&game, &trees, command), marked) {
            (Ok(()), false) | (Err(_), true) => Ok(()),
            (Err(difference), false) => Err(format!("the machine and the tree walker differ: {difference}")),
            (Ok(()), true) => {
                Err("marked `# differs:`, but the machine and the tree walker agree: remove the marker".into())
            }
        });
        if let Err(problem) = outcome {
            failures.push(format!("{CASES}:{}: {problem}", i + 1));
        }
    }
    if differs.is_some() {
        failures.push(format!("{CASES}: a `# differs:` line with no case below it"));
    }
    if !failures.is_empty() {
        panic!("{} of {ran} language case(s) failed:\n{}", failures.len(), failures.join("\n"));
    }
    assert!(ran > 0, "{CASES} holds no case");
    // Every card the machine code run asked for became machine code: one
    // Cranelift refused (its verifier is on in the tests) ran on the
    // interpreter instead, and must not pass for machine code.
    let mut compiled = 0;
    for f in &game.functions {
        match f.code.native_made() {
            Some(Ok(())) => compiled += 1,
            Some(Err(why)) => failures.push(format!("`{}` was not made machine code: {why}", f.name)),
            None => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(compiled > 0, JIT, "{compiled} Functions made machine code");
    let runs: Vec<&str> = machine_runs().iter().map(|&(_, run)| run).collect();
    println!("{ran} language cases, each on the tree walker and on: {}", runs.join(", "));
    if JIT {
        println!("{compiled} of {} Functions made machine code", game.functions.len());
    } else {
        println!("(a build without the `jit` feature: no machine code to run them as)");
    }
    // Each marker is a difference to explain; there should be few.
    assert!(differing * 20 <= ran, "{differing} of {ran} cases are marked `# differs:`");
}

/// Every case traced (`trace call ...`, the cards walked from their trees
/// with a trace made of what ran) answers as the machine answers it untraced,
/// leaves the same World and spends the same steps; and its trace begins
/// with the Function called and its parameters. The cases marked `# differs:`
/// differ between the machine and the tree walker, which a trace runs on,
/// and are left out.
#[test]
fn a_trace_of_every_language_case_changes_nothing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = common::load::load(&root.join("tests/fixtures/language")).unwrap_or_else(|_| panic!("loads"));
    let (game, trees) = (std::sync::Arc::new(loaded.game), Rc::new(loaded.trees));
    let text = std::fs::read_to_string(root.join(CASES)).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    let (mut failures, mut traced) = (Vec::new(), 0);
    let mut differs = false;
    for (i, line) in text.lines().enumerate().map(|(i, l)| (i, l.trim())) {
        if let Some(comment) = line.strip_prefix('#') {
            differs |= differs_marker(comment).is_some();
            continue;
        }
        if line.is_empty() || std::mem::take(&mut differs) {
            continue;
        }
        let Ok((command, _)) = parse_case(line) else { continue };
        traced += 1;
        let mut machine = Driver::new(game.clone());
        let mut tracer = Driver::new(game.clone()).with_trees(trees.clone());
        let (untraced, answer) = (machine.command(command), tracer.command(&format!("trace {command}")));
        let mut problems = Vec::new();
        let first = answer.get("trace").as_array().first().cloned().unwrap_or(Json::Null);
        let called = command["call ".len()..].split_whitespace().next().unwrap_or_default();
        if !first.get("function").as_str().is_some_and(|f| f.starts_with(called)) || first.get("with") == &Json::Null {
            problems.push(format!("the trace does not begin with the call of `{called}`: {answer}"));
        }
        // The faults a command made go beside the trace, not in the answer inside it.
        let mut inside = answer.get("answer").clone();
        if let (Json::Obj(pairs), faults @ Json::Arr(_)) = (&mut inside, answer.get("faults")) {
            pairs.push(("faults".into(), faults.clone()));
        }
        if inside.to_string() != untraced.to_string() {
            problems.push(format!("traced, it answers {answer}; untraced, {untraced}"));
        }
        if machine.world.steps_left() != tracer.world.steps_left() {
            problems.push("traced, it spends other steps".into());
        }
        for (m, t) in world_of(&game, &mut machine).iter().zip(&world_of(&game, &mut tracer)) {
            if m != t {
                problems.push(format!("untraced it leaves {m}, traced {t}"));
            }
        }
        if !problems.is_empty() {
            failures.push(format!("{CASES}:{}: {}", i + 1, problems.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{} of {traced} traced case(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert!(traced > 100, "only {traced} cases traced");
}

/// `differs: WHY` (after the `#`): the reason, trimmed.
fn differs_marker(comment: &str) -> Option<&str> {
    comment.trim().strip_prefix("differs:").map(str::trim)
}

/// Runs the command on the register machine, first as the interpreter
/// alone and then as the cards' machine code from their first run (with
/// the interpreter doing what the machine code hands back), and on the tree
/// walker, each on a fresh Driver: `Err` says how the answers, the Worlds
/// left or the steps spent differ.
fn same_on_both(game: &std::sync::Arc<Game>, trees: &Rc<Trees>, command: &str) -> Result<(), String> {
    for (native_after, machine_is) in machine_runs() {
        let mut machine = Driver::new(game.clone());
        machine.world.native_after = native_after;
        let mut walker = Driver::new(game.clone()).walking(trees.clone());
        let (on_machine, walked) = (machine.command(command), walker.command(command));
        if on_machine.to_string() != walked.to_string() {
            return Err(format!("{machine_is} answers {on_machine}, the walker {walked}"));
        }
        let (left_machine, left_walker) = (machine.world.steps_left(), walker.world.steps_left());
        if left_machine != left_walker {
            let budget = machine.world.step_budget;
            let (spent, walked) = (budget - left_machine, budget - left_walker);
            return Err(format!("{machine_is} spent {spent} steps, the walker {walked}"));
        }
        let (machine_world, walker_world) = (world_of(game, &mut machine), world_of(game, &mut walker));
        for (m, w) in machine_world.iter().zip(&walker_world) {
            if m != w {
                return Err(format!("{machine_is} leaves {m}, the walker {w}"));
            }
        }
    }
    Ok(())
}

/// The register machine's runs of a case (`World::native_after`, and what
/// the run is called): the interpreter alone, and the cards' machine code
/// from their first run where the build makes machine code (`code::JIT`).
fn machine_runs() -> Vec<(u32, &'static str)> {
    let mut runs = vec![(NEVER_NATIVE, "the machine")];
    if JIT {
        runs.push((0, "the machine code"));
    }
    runs
}

/// What a Driver shows of its World: every table, every Global, the
/// Objects, the Game State and the faults kept.
fn world_of(game: &Game, driver: &mut Driver) -> Vec<String> {
    let mut tables: Vec<&String> = game.names.tables.keys().collect();
    let mut globals: Vec<&String> = game.names.globals.keys().collect();
    tables.sort();
    globals.sort();
    let commands = tables
        .into_iter()
        .map(|t| format!("table \"{t}\""))
        .chain(globals.into_iter().map(|g| format!("global {g}")))
        .chain(["objects".to_string(), "state".to_string(), "faults".to_string()]);
    commands.map(|c| driver.command(&c).to_string()).collect()
}

/// Runs one case on a fresh Driver; `Err` says what was expected and what
/// was found. Answers the case's command.
fn run_case<'l>(game: &std::sync::Arc<Game>, line: &'l str) -> Result<&'l str, String> {
    let (command, expect) = parse_case(line)?;
    let answer = Driver::new(game.clone()).command(command);
    match expect {
        Expect::Answer(json) => {
            let expected = if answers_one_value(game, command) { Json::obj(vec![("value", json)]) } else { json };
            let (expected, found) = (expected.to_string(), answer.to_string());
            if expected == found {
                Ok(command)
            } else {
                Err(format!("expected {expected}, found {found}"))
            }
        }
        Expect::Error(text) => match answer.get("error").as_str() {
            Some(message) if message.contains(&text) => Ok(command),
            _ => Err(format!("expected an error containing {:?}, found {answer}", text)),
        },
    }
}

/// `call ... = JSON` or `call ... ! TEXT`: the command, and what it must answer.
fn parse_case(line: &str) -> Result<(&str, Expect), String> {
    let shape = "expected `call FUNCTION name=value ... = JSON` or `call FUNCTION name=value ... ! TEXT`";
    if !line.starts_with("call ") {
        return Err(format!("{shape}, found `{line}`"));
    }
    // The first ` = ` or ` ! ` outside double quotes ends the command.
    let mut quoted = false;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'"' => quoted = !quoted,
            b' ' if !quoted && matches!(bytes.get(i + 1), Some(b'=' | b'!')) && bytes.get(i + 2) == Some(&b' ') => {
                let (command, rest) = (&line[..i], line[i + 3..].trim());
                return if bytes[i + 1] == b'=' {
                    match common::parse_json(rest) {
                        Ok(json) => Ok((command, Expect::Answer(json))),
                        Err(e) => Err(format!("the expected answer `{rest}` is not JSON: {e}")),
                    }
                } else if rest.is_empty() {
                    Err(format!("{shape}: the text after ` ! ` is empty"))
                } else {
                    Ok((command, Expect::Error(rest.to_string())))
                };
            }
            _ => {}
        }
    }
    Err(format!("{shape}, found `{line}`"))
}

/// Whether the Function a `call` names answers one value (so the driver answers `{"value": ...}`).
fn answers_one_value(game: &Game, command: &str) -> bool {
    // The driver's rule: the Function's name is the words before the first word holding `=`.
    let words: Vec<&str> = command["call ".len()..].split_whitespace().collect();
    let name = words.iter().take_while(|w| !w.contains('=')).copied().collect::<Vec<_>>().join(" ");
    game.names.functions.get(&name).is_some_and(|f| matches!(game.functions[f.index()].returns, Returns::Value(_)))
}

#[test]
fn the_case_reader_splits_command_and_answer() {
    // Single quotes do not hide a ` = `: the first one outside double quotes splits.
    assert!(parse_case(r#"call Join s='a = b' n=1 = "a = b1""#).is_err());
    let (command, expect) = parse_case(r#"call Join "s='a = b'" n=1 = "a = b1""#).unwrap();
    assert_eq!(command, r#"call Join "s='a = b'" n=1"#);
    assert!(matches!(expect, Expect::Answer(Json::Str(ref s)) if s == "a = b1"));
    let (_, expect) = parse_case("call Divide a=1 b=0 ! Divide, step 2").unwrap();
    assert!(matches!(expect, Expect::Error(ref t) if t == "Divide, step 2"));
    assert!(parse_case("eval 1 + 2 = 3").is_err());
    assert_eq!(differs_marker(" differs: the walker counts a step less"), Some("the walker counts a step less"));
    assert_eq!(differs_marker(" differs:"), Some(""));
    assert_eq!(differs_marker(" --- Calls"), None);
    assert!(parse_case("call Join s='a' = {").is_err());
    assert_eq!(
        common::parse_json(r#"{"a": [1, 2.50, null], "b": "x\"y"}"#).map(|j| j.to_string()),
        Ok(r#"{"a":[1,2.5,null],"b":"x\"y"}"#.to_string())
    );
}
