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

mod common;

use std::path::Path;
use std::rc::Rc;

use cardtable::game::Game;
use cardtable::host::driver::Driver;
use cardtable::json::Json;
use cardtable::program::Returns;

const CASES: &str = "tests/language.cases";

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
    let game = match cardtable::load::load(&dir) {
        Ok(loaded) => {
            let warnings: Vec<String> = loaded.warnings.iter().map(|d| d.to_string()).collect();
            assert!(warnings.is_empty(), "{} loads with warnings:\n{}", dir.display(), warnings.join("\n"));
            Rc::new(loaded.game)
        }
        Err(diags) => {
            let all: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
            panic!("{} does not load:\n{}", dir.display(), all.join("\n"))
        }
    };
    let text = std::fs::read_to_string(root.join(CASES)).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    let mut failures = Vec::new();
    let mut ran = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        ran += 1;
        if let Err(problem) = run_case(&game, line) {
            failures.push(format!("{CASES}:{}: {problem}", i + 1));
        }
    }
    if !failures.is_empty() {
        panic!("{} of {ran} language case(s) failed:\n{}", failures.len(), failures.join("\n"));
    }
    assert!(ran > 0, "{CASES} holds no case");
}

/// Runs one case on a fresh Driver; `Err` says what was expected and what was found.
fn run_case(game: &Rc<Game>, line: &str) -> Result<(), String> {
    let (command, expect) = parse_case(line)?;
    let answer = Driver::new(game.clone()).command(command);
    match expect {
        Expect::Answer(json) => {
            let expected = if answers_one_value(game, command) { Json::obj(vec![("value", json)]) } else { json };
            let (expected, found) = (expected.to_string(), answer.to_string());
            if expected == found {
                Ok(())
            } else {
                Err(format!("expected {expected}, found {found}"))
            }
        }
        Expect::Error(text) => match answer.get("error").as_str() {
            Some(message) if message.contains(&text) => Ok(()),
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
    assert!(parse_case("call Join s='a' = {").is_err());
    assert_eq!(
        common::parse_json(r#"{"a": [1, 2.50, null], "b": "x\"y"}"#).map(|j| j.to_string()),
        Ok(r#"{"a":[1,2.5,null],"b":"x\"y"}"#.to_string())
    );
}
