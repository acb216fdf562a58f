//! Content mistakes as data: every `tests/broken/*.broken` file describes a
//! change to a copy of `content/chess` and the mistakes `load` must report
//! for it. The format (`#` starts a comment line):
//!
//! ```text
//! file: tables/Sides.csv           the file the next edits apply to
//! replace: "Black,-1,7,White,1"    text that occurs exactly once in that file ...
//! with: "Black,-1,7,1"             ... and what it becomes
//! write: "not a picture"           or: the file's whole new text
//! remove: art/square.png           or: the file is deleted
//! expect: tables/Sides.csv:3:1: error: this row has 5 cells; the header has 6
//! errors: 1                        optional: exactly this many errors
//! ```
//!
//! A case whose first line (after comments) is `extends: BASE` is made in a
//! folder `v` made over a copy of content/chess beside it, `../chess`: its
//! game.yaml is `extends: BASE` and `game: Variant`, its edits' files are
//! `v`'s (`tables/Kinds.changes.csv`) or the base's (`../chess/logic/X.yaml`),
//! and a mistake names a base's file as the loader does, `../chess/...`.
//!
//! A case with `errors: 0` must load (`load` answers Ok): its `expect:` lines
//! are matched with the warnings of that load.
//!
//! A text is either written bare (to the end of the line, trimmed) or in
//! double quotes with `\n`, `\t`, `\"` and `\\` escapes. Each `expect:` line
//! must equal the first line of one reported mistake (its Display).
//!
//! The second half of this file runs the real `cardtable check` binary.

use crate::common;

use std::path::Path;
use std::process::Command;

use cardtable_runtime::source::diag::{Diagnostic, Severity};
use common::TempContent;

#[derive(Debug)]
enum Edit {
    Replace { file: String, from: String, to: String },
    Write { file: String, text: String },
    Remove { file: String },
}

#[derive(Debug, Default)]
struct Case {
    edits: Vec<Edit>,
    /// (line in the .broken file, the expected first line of a mistake)
    expects: Vec<(usize, String)>,
    errors: Option<usize>,
    /// `extends: BASE`: the case is a folder made over a copy of chess.
    extends: Option<String>,
}

/// A bare value, or a double-quoted one with escapes.
fn text_value(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    let Some(inner) = raw.strip_prefix('"') else { return Ok(raw.to_string()) };
    let inner = inner.strip_suffix('"').ok_or("a quoted text needs its closing `\"`")?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            other => return Err(format!("unknown escape `\\{}`", other.map_or(String::new(), String::from))),
        }
    }
    Ok(out)
}

fn parse_case(text: &str) -> Result<Case, String> {
    let mut case = Case::default();
    let mut file: Option<String> = None;
    let mut pending_replace: Option<(usize, String)> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else { return Err(format!("line {n}: expected `key: value`")) };
        let value = value.trim();
        let at = |e: String| format!("line {n}: {e}");
        if pending_replace.is_some() && key != "with" {
            return Err(format!("line {n}: `replace:` must be followed by `with:`"));
        }
        match key {
            "file" => file = Some(text_value(value).map_err(at)?),
            "replace" => pending_replace = Some((n, text_value(value).map_err(at)?)),
            "with" => {
                let (_, from) = pending_replace.take().ok_or(format!("line {n}: `with:` without `replace:`"))?;
                let file = file.clone().ok_or(format!("line {n}: `replace:` needs a `file:` first"))?;
                case.edits.push(Edit::Replace { file, from, to: text_value(value).map_err(at)? });
            }
            "write" => {
                let file = file.clone().ok_or(format!("line {n}: `write:` needs a `file:` first"))?;
                case.edits.push(Edit::Write { file, text: text_value(value).map_err(at)? });
            }
            "remove" => case.edits.push(Edit::Remove { file: text_value(value).map_err(at)? }),
            "expect" => case.expects.push((n, value.to_string())),
            "extends" if case.edits.is_empty() && file.is_none() => {
                case.extends = Some(text_value(value).map_err(at)?)
            }
            "errors" => case.errors = Some(value.parse().map_err(|_| format!("line {n}: `errors:` takes a number"))?),
            other => {
                return Err(format!(
                    "line {n}: unknown key `{other}`; expected extends (first), file, replace, with, write, remove, expect or errors"
                ))
            }
        }
    }
    if let Some((n, _)) = pending_replace {
        return Err(format!("line {n}: `replace:` without `with:`"));
    }
    if case.edits.is_empty() {
        return Err("no edit: a case needs `file:` with `replace:`/`with:` or `write:`, or `remove:`".into());
    }
    if case.expects.is_empty() {
        return Err("no `expect:` line".into());
    }
    Ok(case)
}

/// Applies a case to a fresh copy of the chess content and loads it. Err is a
/// failure message naming the line of the .broken file.
fn run_case(label: &str, case: &Case) -> Result<(), String> {
    let copy = match &case.extends {
        Some(base) => TempContent::variant_of_chess(label, base),
        None => TempContent::chess(label),
    };
    for edit in &case.edits {
        match edit {
            Edit::Replace { file, from, to } => {
                let text =
                    std::fs::read_to_string(copy.path(file)).map_err(|e| format!("{label}: read {file}: {e}"))?;
                let count = text.matches(from.as_str()).count();
                if count != 1 {
                    return Err(format!(
                        "{label}: `{from}` occurs {count} times in {file}; it must occur exactly once"
                    ));
                }
                copy.write(file, &text.replacen(from.as_str(), to, 1));
            }
            Edit::Write { file, text } => {
                if let Some(folder) = copy.path(file).parent() {
                    std::fs::create_dir_all(folder).map_err(|e| format!("{label}: make {}: {e}", folder.display()))?;
                }
                copy.write(file, text)
            }
            Edit::Remove { file } => {
                std::fs::remove_file(copy.path(file)).map_err(|e| format!("{label}: remove {file}: {e}"))?
            }
        }
    }
    // A case with `errors: 0` (warnings only) must load; any other case must not.
    let wants_error = case.errors != Some(0);
    let diags: Vec<Diagnostic> = match common::load::load(&copy.dir) {
        Ok(_) if wants_error => return Err(format!("{label}: the broken content loaded without an error")),
        Ok(loaded) => loaded.warnings,
        Err(list) if !wants_error => {
            let all: Vec<String> =
                list.iter().map(|d| format!("    {}", d.to_string().lines().next().unwrap_or(""))).collect();
            return Err(format!(
                "{label}: expected the content to load with warnings only, but it did not:\n{}",
                all.join("\n")
            ));
        }
        Err(list) => list,
    };
    let firsts: Vec<String> = diags.iter().map(|d| d.to_string().lines().next().unwrap_or("").to_string()).collect();
    let shown = || firsts.iter().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n");
    let mut problems = Vec::new();
    for (n, want) in &case.expects {
        if !firsts.iter().any(|l| l == want) {
            problems.push(format!("{label}:{n}: no mistake reads\n    {want}"));
        }
    }
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    if let Some(want) = case.errors {
        if errors != want {
            problems.push(format!("{label}: expected {want} error(s), got {errors}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n  the loader reported:\n{}", problems.join("\n"), shown()))
    }
}

fn broken_files() -> Vec<std::path::PathBuf> {
    let dir = common::root().join("tests/broken");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/broken/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "broken"))
        .collect();
    files.sort();
    files
}

fn label_of(path: &Path) -> String {
    path.strip_prefix(common::root()).unwrap_or(path).display().to_string()
}

#[test]
fn every_broken_case_reports_its_mistakes() {
    let files = broken_files();
    assert!(files.len() >= 30, "only {} .broken files", files.len());
    let filter = std::env::var("CARDTABLE_BROKEN").ok();
    let mut failures = Vec::new();
    for path in &files {
        let label = label_of(path);
        if filter.as_deref().is_some_and(|f| !label.contains(f)) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let result = parse_case(&text).map_err(|e| format!("{label}: {e}")).and_then(|case| run_case(&label, &case));
        match result {
            Ok(()) => println!("ok   {label}"),
            Err(e) => {
                println!("FAIL {label}");
                failures.push(e);
            }
        }
    }
    if !failures.is_empty() {
        panic!("{} broken case(s) failed:\n{}", failures.len(), failures.join("\n"));
    }
}

/// The shape the content reference promises for every mistake:
/// `FILE:LINE:COLUMN: error: ...` (or `warning:`), and says what was expected
/// or what is wrong in words, not only a code.
fn names_a_place(line: &str) -> bool {
    let mut parts = line.splitn(4, ':');
    let (Some(file), Some(l), Some(c), Some(rest)) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    !file.is_empty()
        && l.parse::<usize>().is_ok_and(|n| n > 0)
        && c.parse::<usize>().is_ok_and(|n| n > 0)
        && (rest.starts_with(" error: ") || rest.starts_with(" warning: "))
}

#[test]
fn every_expected_mistake_names_file_line_and_column() {
    let mut lacking = Vec::new();
    for path in broken_files() {
        let case = parse_case(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (n, want) in &case.expects {
            if !names_a_place(want) {
                lacking.push(format!("{}:{n}: {want}", label_of(&path)));
            }
        }
    }
    assert!(lacking.is_empty(), "mistakes without FILE:LINE:COLUMN:\n{}", lacking.join("\n"));
}

#[test]
fn the_committed_chess_content_loads_without_mistakes() {
    match common::load::load(&common::chess_dir()) {
        Ok(loaded) => assert!(
            loaded.warnings.is_empty(),
            "warnings: {:?}",
            loaded.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>()
        ),
        Err(list) => panic!("{:?}", list.iter().map(|d| d.to_string()).collect::<Vec<_>>()),
    }
}

/// content/README.md lists every table of the chess game with each column's
/// type, empty cell and reference, as the schemas say
/// (`load::tables_reference`); `CARDTABLE_BLESS=1` writes it anew.
#[test]
fn the_content_reference_lists_the_chess_tables_as_their_schemas_say() {
    let (start, end) = ("<!-- the chess game's tables: generated -->\n", "<!-- end of the chess game's tables -->");
    let path = common::root().join("content/README.md");
    let readme = std::fs::read_to_string(&path).expect("content/README.md");
    let (Some(a), Some(b)) = (readme.find(start), readme.find(end)) else {
        panic!("content/README.md lacks the markers {start:?} and {end:?}")
    };
    let want = common::load::tables_reference(cardtable_runtime::source::files::Files::Dir(common::chess_dir()));
    assert!(want.contains("| firstMoveSteps | Number | the row's `steps` |  |"), "{want}");
    assert!(want.contains("| kind | Text | a mistake: it names a row | Kinds |"), "{want}");
    assert!(want.contains("It has a column named after each row of Sides."), "{want}");
    let have = &readme[a + start.len()..b];
    if have != want {
        if std::env::var("CARDTABLE_BLESS").is_ok_and(|v| v == "1") {
            std::fs::write(&path, format!("{}{want}{}", &readme[..a + start.len()], &readme[b..])).expect("write");
        } else {
            panic!(
                "content/README.md's tables differ from the schemas (CARDTABLE_BLESS=1 writes them); they are:\n{want}"
            );
        }
    }
}

#[test]
fn the_broken_case_format_reads_quotes_and_escapes() {
    let case = parse_case(
        "# c\nfile: a b.yaml\nreplace: \"x: \\\"1\\\"\\n\"\nwith: y\nwrite: \"\\\\\"\nremove: art/x.png\nexpect: e\nerrors: 2\n",
    )
    .unwrap();
    assert!(
        matches!(&case.edits[0], Edit::Replace { file, from, to } if file == "a b.yaml" && from == "x: \"1\"\n" && to == "y")
    );
    assert!(matches!(&case.edits[1], Edit::Write { text, .. } if text == "\\"));
    assert!(matches!(&case.edits[2], Edit::Remove { file } if file == "art/x.png"));
    assert_eq!(case.errors, Some(2));
    assert!(parse_case("file: x\nreplace: a\nexpect: e\n").is_err(), "replace without with");
    assert!(parse_case("file: x\nreplace: a\nwith: b\n").is_err(), "no expect");
    assert!(parse_case("frob: x\n").is_err(), "unknown key");
}

#[test]
fn a_broken_case_that_does_not_match_fails() {
    let case = parse_case(
        "file: tables/Sides.csv\nreplace: \"Black,-1,7,White,1\"\nwith: \"Black,-1,7,1\"\nexpect: something else\n",
    )
    .unwrap();
    let err = run_case("self-test.broken", &case).unwrap_err();
    assert!(err.contains("self-test.broken:4: no mistake reads"), "{err}");
    assert!(err.contains("this row has 5 cells"), "the report lists what the loader said: {err}");
    let stale = parse_case("file: tables/Sides.csv\nreplace: not there\nwith: x\nexpect: y\n").unwrap();
    assert!(run_case("stale.broken", &stale).unwrap_err().contains("occurs 0 times"));
}

// The `cardtable check` binary.

fn check(dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(dir).output().expect("run cardtable check")
}

#[test]
fn check_lists_every_mistake_and_fails() {
    let copy = TempContent::chess("check-two");
    copy.replace_once("tables/Sides.csv", "Black,-1,7,White,1", "Black,-1,7,1");
    copy.replace_once("logic/Find King.yaml", "dataCount('Position')", "dataCount('Positions')");
    let out = check(&copy.dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "check should fail; stderr:\n{stderr}");
    assert!(stderr.contains("tables/Sides.csv:3:1: error: this row has 5 cells; the header has 6"), "{stderr}");
    assert!(stderr.contains("logic/Find King.yaml:"), "{stderr}");
    assert!(stderr.contains("Positions"), "{stderr}");
    assert!(stderr.contains("has 2 mistakes"), "{stderr}");
}

#[test]
fn check_passes_the_chess_content() {
    let out = check(&common::chess_dir());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("is fine"), "{stdout}");
}

#[test]
fn check_starts_the_game_and_lists_the_faults_before_the_first_input() {
    // Every file is right, but the Position table has no rows (nor the
    // Castling table, whose Squares are Position's rows): the first
    // Turn, run by the Game Rules' Created, faults looking along a Board
    // with no Pieces; the Focus Mark (Keyboard Focus, Move The Focus Mark)
    // finds no Square e2 to stand on when the Board is laid out and turned,
    // nor a Square in front of the King when the game begins. (Position's
    // schema no longer says its rows are the Board Size's grid, which the
    // load would tell instead.)
    let copy = TempContent::chess("check-starts");
    for table in ["tables/Position.csv", "tables/Castling.csv"] {
        let header = copy.read(table).lines().next().unwrap_or_default().to_string();
        copy.write(table, &format!("{header}\n"));
    }
    let grid =
        copy.read("tables/Position.yaml").lines().find(|l| l.starts_with("rows laid out by:")).unwrap().to_string();
    copy.replace_once("tables/Position.yaml", &format!("{grid}\n"), "");
    let out = check(&copy.dir);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "check should fail; stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(!stdout.contains("is fine"), "{stdout}");
    let faults: Vec<&str> = stderr.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(
        faults,
        [
            "  Square Position, step 5 (logic/Square Position.yaml:25): the table `Position` has no row `e2`",
            "  Keyboard Focus (gameStarted), step 6 (logic/Keyboard Focus.yaml:37): the table `Position` has no row number 12 (it has no rows)",
            "  Square Position, step 5 (logic/Square Position.yaml:25): the table `Position` has no row `e2`",
            "  Find First Piece Along, step 25 (logic/Find First Piece Along.yaml:77): the table `Position` has no row number 8 (it has no rows)",
        ],
        "{stderr}"
    );
    assert!(stderr.contains("`Chess` loads, but has 4 faults as it starts."), "{stderr}");
}

// Loader faults found while writing the cases above, each kept as a test of
// what the loader says now that they are fixed.

/// Loads a copy of the chess content with edits applied, and answers the first
/// line of every mistake.
fn mistakes_after(label: &str, edits: &[(&str, &str, &str)]) -> Vec<String> {
    let copy = TempContent::chess(label);
    for (file, from, to) in edits {
        copy.replace_once(file, from, to);
    }
    match common::load::load(&copy.dir) {
        Ok(_) => Vec::new(),
        Err(list) => list.iter().map(|d| d.to_string().lines().next().unwrap_or("").to_string()).collect(),
    }
}

#[test]
fn quoted_values_report_the_right_column() {
    // The same mistake, unquoted and quoted: `fro` starts at column 29 in
    // `    value: data('Position', fro, 'side')` and at column 30 in
    // `    value: "data('Position', fro, 'side')"`.
    let plain = mistakes_after(
        "col-plain",
        &[(
            "logic/Move Piece.yaml",
            "    value: data('Position', from, 'side')",
            "    value: data('Position', fro, 'side')",
        )],
    );
    assert!(
        plain.iter().any(|l| l.starts_with("logic/Move Piece.yaml:18:29: error: unknown name `fro`")),
        "{plain:#?}"
    );
    let quoted = mistakes_after(
        "col-quoted",
        &[(
            "logic/Move Piece.yaml",
            "    value: data('Position', from, 'side')",
            "    value: \"data('Position', fro, 'side')\"",
        )],
    );
    assert!(
        quoted.iter().any(|l| l.starts_with("logic/Move Piece.yaml:18:30: error: unknown name `fro`")),
        "{quoted:#?}"
    );
    // And a Shared Variable, which YAML makes you quote: in
    // `              color: '@self.lastMoveColour'` the name starts at column 29.
    let shared = mistakes_after(
        "col-shared",
        &[("logic/Square Marks.yaml", "color: '@self.lastMoveColor'", "color: '@self.lastMoveColour'")],
    );
    assert!(
        shared
            .iter()
            .any(|l| l.starts_with("logic/Square Marks.yaml:38:29: error: `Square Marks` has no Shared Variable")),
        "{shared:#?}"
    );
}

#[test]
fn a_mistake_in_a_call_argument_is_reported_once() {
    let list = mistakes_after(
        "cascade",
        &[("logic/Lay Out The Board.yaml", "squareMeters: '@self.squareMeters'", "squareMeters: '@self.squareMeter'")],
    );
    assert!(list.iter().any(|l| l.contains("has no Shared Variable `squareMeter`")), "{list:#?}");
    assert_eq!(list.len(), 1, "expected the one mistake, got:\n{}", list.join("\n"));
}

#[test]
fn a_card_that_does_not_parse_is_not_called_unknown() {
    let list = mistakes_after("yaml-cascade", &[("logic/Find King.yaml", "  side: Text", "  side: [Text")]);
    assert!(list.iter().any(|l| l.starts_with("logic/Find King.yaml:")), "{list:#?}");
    assert_eq!(list.len(), 1, "expected the one mistake, got:\n{}", list.join("\n"));
}

// Warnings: the content loads, and the warning names the place.

/// Declares a Custom Event `boardTurned` that Show Label listens for and no card sends.
fn content_with_an_unsent_event(label: &str) -> TempContent {
    let copy = TempContent::chess(label);
    copy.replace_once("game.yaml", "states: [", "  boardTurned: The Board was turned round.\nstates: [");
    copy.replace_once(
        "logic/Show Label.yaml",
        "events:\n  - when: boardLaidOut\n",
        "events:\n  - when: boardTurned\n    steps:\n      - set alpha: 1\n  - when: boardLaidOut\n",
    );
    copy
}

#[test]
fn an_event_nothing_sends_is_a_warning_and_the_content_loads() {
    let copy = content_with_an_unsent_event("unsent-event");
    let loaded = match common::load::load(&copy.dir) {
        Ok(loaded) => loaded,
        Err(list) => {
            panic!("a warning must not stop the load: {:?}", list.iter().map(|d| d.to_string()).collect::<Vec<_>>())
        }
    };
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(loaded.warnings.len(), 1, "{warnings:#?}");
    let w = &loaded.warnings[0];
    assert_eq!(w.severity, Severity::Warning);
    assert_eq!(
        warnings[0].lines().next().unwrap(),
        "logic/Show Label.yaml:20:11: warning: no card sends the Custom Event `boardTurned` (no `trigger: boardTurned`), \
         so these steps never run"
    );
    assert_eq!(w.source_line.as_deref(), Some("  - when: boardTurned"), "the warning shows its line");
    // The game plays as before.
    let mut driver = cardtable_runtime::host::driver::Driver::new(std::sync::Arc::new(loaded.game));
    assert_eq!(driver.command("click e2").get("clicked").as_str(), Some("e2"));
    assert_eq!(driver.command("faults").get("faults").as_array().len(), 0);
}

#[test]
fn check_shows_a_warning_and_passes() {
    let copy = content_with_an_unsent_event("check-warning");
    let out = check(&copy.dir);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "a warning is not a failure; stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("is fine"), "{stdout}");
    assert!(
        stderr.contains("logic/Show Label.yaml:20:11: warning: no card sends the Custom Event `boardTurned`"),
        "{stderr}"
    );
}

#[test]
fn a_warnings_only_case_that_does_not_load_fails() {
    let case = parse_case(
        "file: tables/Sides.csv\nreplace: \"Black,-1,7,White,1\"\nwith: \"Black,-1,7,1\"\nexpect: x.yaml:1:1: warning: w\nerrors: 0\n",
    )
    .unwrap();
    let err = run_case("warn-self-test.broken", &case).unwrap_err();
    assert!(err.contains("expected the content to load with warnings only"), "{err}");
    assert!(err.contains("this row has 5 cells"), "{err}");
}

// Cascades and gaps found while writing the cases above: each is a test of
// what the loader says, now that it says it.

#[test]
fn a_picture_that_is_not_a_png_is_reported_once() {
    let copy = TempContent::chess("png-cascade");
    copy.write("art/move-marks.png", "GIF89a this is not a PNG picture");
    let list: Vec<String> = match common::load::load(&copy.dir) {
        Ok(_) => panic!("a picture that is not a PNG must not load"),
        Err(list) => list.iter().map(|d| d.to_string().lines().next().unwrap_or("").to_string()).collect(),
    };
    assert_eq!(
        list,
        ["objects/Move Mark.yaml:5:10: error: `art/move-marks.png` is not a PNG picture"],
        "expected the one mistake"
    );
}

#[test]
fn an_unknown_state_in_is_state_is_reported_once() {
    let copy = TempContent::chess("is-state-cascade");
    copy.replace_once("logic/Report Click.yaml", "is state: Playing", "is state: Play");
    let list: Vec<String> = match common::load::load(&copy.dir) {
        Ok(_) => panic!("an unknown Game State must not load"),
        Err(list) => list.iter().map(|d| d.to_string().lines().next().unwrap_or("").to_string()).collect(),
    };
    assert_eq!(
        list,
        ["logic/Report Click.yaml:12:19: error: unknown Game State `Play`; expected one of: Playing, Promotion, Game Over, Computer's Turn, Computer Unavailable, Finding A Hint"],
        "expected the one mistake"
    );
}

#[test]
fn a_call_argument_of_the_wrong_type_is_reported() {
    let list = mistakes_after(
        "call-arg-type",
        &[("logic/Look For Game End.yaml", "timesForDraw: '@self.timesSeenForDraw'", "timesForDraw: true")],
    );
    assert!(
        list.iter().any(|l| l.starts_with("logic/Look For Game End.yaml:34:")
            && l.contains("Boolean")
            && l.contains("Number")),
        "expected a mistake at the argument, got: {list:#?}"
    );
}

#[test]
fn check_reports_a_library_whose_needs_the_content_lacks() {
    // The language fixture has no chess board: naming the chess library is a
    // mistake, placed at its name in game.yaml.
    let copy = TempContent::of(&common::root().join("tests/fixtures/language"), "library-needs");
    let text = copy.read("game.yaml");
    copy.write("game.yaml", &format!("libraries: [chess]\n{text}"));
    let out = check(&copy.dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "check should fail; stderr:\n{stderr}");
    assert!(stderr.contains("game.yaml:1:13: error: the chess library needs a table `Position`"), "{stderr}");
    assert!(stderr.contains("has 1 mistake;"), "{stderr}");
    // Without it, the fixture is fine.
    copy.write("game.yaml", &text);
    assert!(check(&copy.dir).status.success());
}
