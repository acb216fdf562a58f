//! A newcomer's first minutes: the chess game is built into the binary, so
//! `cardtable` with no folder plays it from anywhere, and `cardtable new DIR`
//! writes it out as a folder to change.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cardtable_runtime::json::Json;

/// `cardtable ARGS` run in `cwd`, with `input` on its standard input.
fn run(cwd: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable");
    child.stdin.take().unwrap().write_all(input.as_bytes()).expect("write the input");
    child.wait_with_output().expect("cardtable ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file under `root`, relative, sorted (names starting with `.` left
/// out, as the build leaves them out of the built-in game).
fn files_under(root: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(root.join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display())) {
            let entry = entry.unwrap();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let child = rel.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                walk(root, &child, out);
            } else {
                out.push(child);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, Path::new(""), &mut out);
    out.sort();
    out
}

#[test]
fn check_with_no_folder_checks_the_built_in_game_from_anywhere() {
    // A current directory with no content/chess in it.
    let here = common::TempDir::new("elsewhere-check");
    let out = run(&here.dir, &["check"], "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.starts_with("(built-in chess): `"), "{stdout}");
    // As many tables as content/chess has schemas (tables/*.yaml).
    let tables = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("content/chess/tables"))
        .unwrap()
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "yaml")))
        .count();
    assert!(stdout.contains(&format!("is fine: {tables} tables")), "{tables} tables: {stdout}");
    assert!(stderr.is_empty(), "no warnings: {stderr}");
}

#[test]
fn drive_with_no_folder_plays_the_built_in_game_from_anywhere() {
    // A current directory with no content/chess in it.
    let here = common::TempDir::new("elsewhere-drive");
    let out = run(&here.dir, &["drive"], "click e2\ntable Targets\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "stderr:\n{}", text(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(common::parse_json(lines[0]).unwrap().get("clicked").as_str(), Some("e2"));
    let targets = common::parse_json(lines[1]).unwrap();
    let reachable: Vec<&str> = targets
        .get("rows")
        .as_array()
        .iter()
        .filter(|r| r.get("reachable") == &Json::Bool(true))
        .filter_map(|r| r.get("name").as_str())
        .collect();
    assert_eq!(reachable, ["e3", "e4"]);
}

#[test]
fn new_writes_the_built_in_game_as_content_chess_byte_for_byte_but_its_name() {
    let here = common::TempDir::new("elsewhere-new");
    let out = run(&here.dir, &["new", "my game"], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{}", text(&out.stderr));
    let written = here.dir.join("my game");
    let (want, got) = (files_under(&common::chess_dir()), files_under(&written));
    assert_eq!(got, want, "the same files as content/chess");
    for rel in &want {
        let mut a = std::fs::read(common::chess_dir().join(rel)).unwrap();
        let b = std::fs::read(written.join(rel)).unwrap();
        if rel == Path::new("game.yaml") {
            // A game of its own, named after its folder (its saves are its own); the rest as it was.
            let text = String::from_utf8(a).unwrap();
            assert!(text.starts_with("game: Chess\n"), "{text}");
            a = text.replacen("game: Chess\n", "game: my game\n", 1).into_bytes();
        }
        assert!(a == b, "{} differs from content/chess's", rel.display());
    }
    assert!(
        stdout.starts_with(&format!("wrote the built-in chess game to my game ({} files: ", want.len())),
        "says what it wrote: {stdout}"
    );
    assert!(stdout.contains("logic/") && stdout.contains("game.yaml"), "{stdout}");
    assert!(stdout.contains("it is a game of its own, `my game`"), "{stdout}");

    let check = run(&here.dir, &["check", "my game"], "");
    assert!(check.status.success(), "check {}:\n{}", written.display(), text(&check.stderr));
    assert!(text(&check.stdout).starts_with("my game: `my game` is fine"), "{}", text(&check.stdout));
}

#[test]
fn new_writes_into_an_empty_folder_and_refuses_one_that_is_not_empty() {
    let here = common::TempDir::new("elsewhere-new-refuses");
    std::fs::create_dir(here.dir.join("empty")).unwrap();
    let out = run(&here.dir, &["new", "empty"], "");
    assert!(out.status.success(), "an empty folder is written into: {}", text(&out.stderr));
    assert!(here.dir.join("empty/game.yaml").is_file());

    std::fs::create_dir(here.dir.join("full")).unwrap();
    std::fs::write(here.dir.join("full/game.yaml"), "mine").unwrap();
    let out = run(&here.dir, &["new", "full"], "");
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "a folder with something in it is refused");
    assert!(stderr.contains("full already exists and is not an empty folder; nothing was written"), "{stderr}");
    assert_eq!(std::fs::read_to_string(here.dir.join("full/game.yaml")).unwrap(), "mine", "left as it was");
    assert_eq!(files_under(&here.dir.join("full")), [PathBuf::from("game.yaml")], "nothing written");

    std::fs::write(here.dir.join("a file"), "x").unwrap();
    let out = run(&here.dir, &["new", "a file"], "");
    assert!(!out.status.success(), "a file is not a folder to write into");
    assert_eq!(std::fs::read_to_string(here.dir.join("a file")).unwrap(), "x");

    let out = run(&here.dir, &["new"], "");
    assert_eq!(out.status.code(), Some(2), "no folder named: {}", text(&out.stderr));
}

#[test]
fn a_folder_that_is_not_there_is_named_once() {
    let here = common::TempDir::new("elsewhere-missing");
    let out = run(&here.dir, &["check", "no such game"], "");
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.starts_with("no such game: error: no content folder here"), "{stderr}");
    assert_eq!(stderr.matches("no such game").count(), 2, "the mistake and the summary, once each: {stderr}");
}

#[test]
fn a_mistake_in_a_written_out_game_names_its_file_line_and_column() {
    let here = common::TempDir::new("elsewhere-new-broken");
    assert!(run(&here.dir, &["new", "g"], "").status.success());
    let sides = here.dir.join("g/tables/Sides.csv");
    let text_before = std::fs::read_to_string(&sides).unwrap();
    assert_eq!(text_before.matches("Black,-1,7,White,1").count(), 1);
    std::fs::write(&sides, text_before.replace("Black,-1,7,White,1", "Black,-1,7,1")).unwrap();
    let out = run(&here.dir, &["check", "g"], "");
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("g/tables/Sides.csv:3:1: error: this row has 5 cells; the header has 6"), "{stderr}");
}

#[test]
fn the_built_in_game_loads_as_the_folder_does() {
    let built_in = match common::load::load_files(common::load::builtin()) {
        Ok(loaded) => loaded,
        Err(list) => panic!("{:?}", list.iter().map(|d| d.to_string()).collect::<Vec<_>>()),
    };
    assert!(built_in.warnings.is_empty());
    let folder = common::load_game(&common::chess_dir());
    let g = &built_in.game;
    assert_eq!(g.name, folder.name);
    assert_eq!(
        (g.tables.len(), g.functions.len(), g.components.len(), g.images.len()),
        (folder.tables.len(), folder.functions.len(), folder.components.len(), folder.images.len())
    );
    // The window reads the art from the game's files: each picture and font is there.
    for im in &g.images {
        assert!(g.files.read(&im.path).is_ok_and(|b| b.starts_with(b"\x89PNG")), "{}", im.path.display());
    }
    for font in [&g.fonts.regular, &g.fonts.bold] {
        let font = font.as_ref().expect("the chess game names its fonts");
        assert!(g.files.read(font).is_ok_and(|b| b.len() > 1000), "{}", font.display());
    }
}
