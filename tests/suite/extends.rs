//! A game made over another (game.yaml's `extends:`, content/README.md "A
//! game made over another"): the folder holds only the files that differ,
//! read over its base's (`Files::Layered`); a table's rows changed by
//! `tables/T.changes.csv`; every mistake named in the file it is in; `new
//! --extends`; a game saved and loaded in such a folder. The broken cases
//! 150 to 169 (tests/broken/) hold the mistakes' words.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use cardtable_runtime::game::Game;
use cardtable_runtime::source::files::Files;
use common::{TempContent, TempDir};

/// The rows of a table, by name, as the game loaded them.
fn rows(game: &Game, table: &str) -> Vec<String> {
    let t = game.tables.iter().find(|t| t.name == table).unwrap_or_else(|| panic!("no table {table}"));
    t.rows.iter().map(|&r| game.syms.text(r).to_string()).collect()
}

/// A cell of a table, as text.
fn cell(game: &Game, table: &str, row: &str, column: &str) -> String {
    let t = game.tables.iter().find(|t| t.name == table).unwrap_or_else(|| panic!("no table {table}"));
    let r = t.rows.iter().position(|&s| game.syms.text(s) == row).unwrap_or_else(|| panic!("no row {row}"));
    let c = t.columns.iter().position(|c| c.name == column).unwrap_or_else(|| panic!("no column {column}"));
    match t.cells[r * t.columns.len() + c] {
        cardtable_runtime::value::Value::Text(s) => game.syms.text(s).to_string(),
        other => format!("{other:?}"),
    }
}

/// The first line of each mistake of a folder that does not load.
fn mistakes(dir: &Path) -> Vec<String> {
    match common::load::load(dir) {
        Ok(_) => panic!("{} loaded", dir.display()),
        Err(list) => list.iter().map(|d| d.to_string().lines().next().unwrap_or("").to_string()).collect(),
    }
}

/// A file the folder holds is read in place of its base's; every other is
/// the base's; a folder lists what either holds; and the game says which
/// file on the disk each is (`Files::real_path`), and names its cards and
/// tables by it.
#[test]
fn a_folder_reads_its_own_files_over_its_bases() {
    let v = TempContent::variant_of_chess("layered", "../chess");
    std::fs::create_dir_all(v.path("tables")).unwrap();
    let base = v.path("../chess/tables/Promotions.csv");
    let promotions = std::fs::read_to_string(&base).unwrap().replace("First,Queen,Queen", "First,Knight,Knight");
    v.write("tables/Promotions.csv", &promotions);
    v.write("tables/Extra.yaml", "table: Extra\ncolumns:\n  n: { type: Number }\n");
    v.write("tables/Extra.csv", "name,n\nx,1\n");
    let loaded = common::load::load(&v.dir).unwrap_or_else(|e| panic!("{e:?}"));
    let game = &loaded.game;
    assert_eq!(game.name, "Variant", "game.yaml's own `game:` over chess's");
    assert_eq!(cell(game, "Promotions", "First", "White"), "Knight", "the folder's Promotions.csv");
    assert_eq!(cell(game, "Promotions", "Second", "White"), "Rook");
    assert_eq!(rows(game, "Extra"), ["x"], "a table of its own");
    assert!(game.tables.iter().any(|t| t.name == "Kinds"), "the base's tables too");
    assert!(matches!(game.files, Files::Layered(ref l) if l.len() == 2), "two layers");
    let real = |rel: &str| game.files.real_path(Path::new(rel)).expect("on the disk");
    assert_eq!(real("tables/Promotions.csv"), v.path("tables/Promotions.csv"));
    assert_eq!(
        real("tables/Kinds.csv").canonicalize().unwrap(),
        v.path("../chess/tables/Kinds.csv").canonicalize().unwrap()
    );
    let tables = game.files.list("tables").unwrap();
    assert!(
        tables.contains(&PathBuf::from("tables/Extra.yaml")) && tables.contains(&PathBuf::from("tables/Kinds.yaml"))
    );
    // Faults and traces name a card by the file it is in: the base's here.
    let find_king = game.functions.iter().find(|f| f.name == "Find King").expect("Find King");
    assert_eq!(find_king.file, Path::new("../chess/logic/Find King.yaml"));
    let promotions = game.tables.iter().find(|t| t.name == "Promotions").unwrap();
    assert_eq!(promotions.file, Path::new("tables/Promotions.csv"));
}

/// A chain: a folder over a folder over the built-in chess game, each with
/// its changes of one table, applied from the lowest up; more than
/// `MAX_BASES` bases is a mistake at the `extends:` that goes too deep.
#[test]
fn a_chain_of_bases_applies_each_ones_changes_in_order() {
    let top = TempDir::new("chain");
    let make = |name: &str, extends: &str, changes: &str| {
        let dir = top.path(name);
        std::fs::create_dir_all(dir.join("tables")).unwrap();
        std::fs::write(dir.join("game.yaml"), format!("extends: {extends}\ngame: {name}\n")).unwrap();
        if !changes.is_empty() {
            std::fs::write(dir.join("tables/Promotions.changes.csv"), changes).unwrap();
        }
        dir
    };
    make("a", "chess", "change,name,White\nreplace,First,Knight\nremove,Fourth\n");
    let b = make("b", "../a", "change,name,White,Black\nreplace,First,Rook\nadd,Fifth,Queen,Queen\n");
    let game = common::load_game(&b);
    assert_eq!(game.name, "b");
    assert_eq!(rows(&game, "Promotions"), ["First", "Second", "Third", "Fifth"]);
    assert_eq!(cell(&game, "Promotions", "First", "White"), "Rook", "b's change over a's");
    assert_eq!(cell(&game, "Promotions", "First", "Black"), "Queen", "chess's, changed by neither");
    // Folders each over the one before: eight `extends:` load (d6, ..., d0,
    // a, chess), nine (from d7) are one too many, told at the ninth.
    let mut last = "a".to_string();
    for i in 0..cardtable_runtime::load::MAX_BASES {
        let name = format!("d{i}");
        make(&name, &format!("../{last}"), "");
        last = name;
    }
    assert_eq!(common::load_game(&top.path("d6")).name, "d6");
    let told = mistakes(&top.path(&last));
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("error: `extends:` goes more than 8 games deep"), "{told:?}");
    assert!(told[0].starts_with("../a/game.yaml:1:10:"), "told at the ninth extends: {told:?}");
}

/// Two folders each over the other: a cycle, told at the `extends:` that
/// closes it; a base that is not there: told at the folder's `extends:`.
#[test]
fn a_cycle_or_a_missing_base_is_told_at_its_extends() {
    let top = TempDir::new("cycle");
    for (name, over) in [("p", "../q"), ("q", "../p")] {
        std::fs::create_dir_all(top.path(name)).unwrap();
        std::fs::write(top.path(name).join("game.yaml"), format!("game: {name}\nextends: {over}\n")).unwrap();
    }
    assert_eq!(
        mistakes(&top.path("p")),
        ["../q/game.yaml:2:10: error: `extends: ../p` makes a cycle: it names a game already in the chain of bases"]
    );
    std::fs::write(top.path("q/game.yaml"), "game: q\nextends: ../gone\n").unwrap();
    assert_eq!(
        mistakes(&top.path("p")),
        ["../q/game.yaml:2:10: error: `extends: ../gone` names no game: `../gone` (from this folder) is no folder"]
    );
}

/// A changes file adds a row (its columns left out hold their defaults, as
/// an empty cell of T.csv does), replaces a row's given cells (the others
/// kept) and removes a row; a translation of the table goes on working.
#[test]
fn a_changes_file_adds_replaces_and_removes_rows() {
    let v = TempContent::variant_of_chess("changes", "../chess");
    std::fs::create_dir_all(v.path("tables")).unwrap();
    v.write(
        "tables/Kinds.changes.csv",
        "change,name,letter,value,shownLetter\nadd,Amazon,A,1200,A\nreplace,Queen,,950,\nremove,Knight,,,\n",
    );
    // The Knight's rows gone from the tables that name it.
    v.write("tables/Promotions.changes.csv", "change,name\nremove,Fourth\n");
    let directions = std::fs::read_to_string(v.path("../chess/tables/Directions.csv")).unwrap();
    let knight: Vec<&str> = directions.lines().filter(|l| l.split(',').nth(1) == Some("Knight")).collect();
    let removes: String = knight.iter().map(|l| format!("remove,{}\n", l.split(',').next().unwrap())).collect();
    // The Amazon moves as a Knight leaps (one row is enough to be a Kind that moves).
    let header = directions.lines().next().unwrap();
    let leap = knight[0].replacen("Knight", "Amazon", 2);
    v.write("tables/Directions.changes.csv", &format!("change,{header}\n{removes}add,{leap}\n"));
    let position = ["b1", "g1", "b8", "g8"].map(|s| format!("replace,{s},Amazon\n")).concat();
    v.write("tables/Position.changes.csv", &format!("change,name,kind\n{position}"));
    let loaded = common::load::load(&v.dir).unwrap_or_else(|e| panic!("{e:?}"));
    let game = &loaded.game;
    let kinds = rows(game, "Kinds");
    assert_eq!(kinds.last().map(String::as_str), Some("Amazon"), "an added row comes last: {kinds:?}");
    assert!(!kinds.iter().any(|k| k == "Knight"), "{kinds:?}");
    assert_eq!(cell(game, "Kinds", "Amazon", "letter"), "A");
    assert_eq!(cell(game, "Kinds", "Amazon", "royal"), "Bool(false)", "a column left out: its default");
    assert_eq!(cell(game, "Kinds", "Queen", "value"), "Num(950.0)", "a given cell replaced");
    assert_eq!(cell(game, "Kinds", "Queen", "letter"), "Q", "a cell left empty kept");
    assert_eq!(cell(game, "Position", "b1", "kind"), "Amazon");
    // In French: the Queen's words are the translation's, the Amazon keeps its own.
    let fr = common::load::load_files_in(Files::Dir(v.dir.clone()), Some("fr")).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(cell(&fr.game, "Kinds", "Queen", "promotionWords"), ", promotion en dame");
    assert_eq!(cell(&fr.game, "Kinds", "Amazon", "letter"), "A");
}

/// `cardtable check` names a mistake by the file on the disk it is in: the
/// folder's own, or its base's (the way there made short).
#[test]
fn check_names_the_file_a_mistake_is_in() {
    let v = TempContent::variant_of_chess("check", "../chess");
    std::fs::create_dir_all(v.path("tables")).unwrap();
    v.write("tables/Promotions.changes.csv", "change,name,White\nreplace,First,Amazon\n");
    let retry = std::fs::read_to_string(v.path("../chess/logic/Report Retry.yaml")).unwrap();
    std::fs::write(v.path("../chess/logic/Report Retry.yaml"), retry.replace("retryPressed", "retryPresed")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("check").arg(&v.dir).output().expect("check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    let chess = v.dir.parent().unwrap().join("chess");
    let theirs = format!("{}/logic/Report Retry.yaml:7:18: error: unknown Custom Event `retryPresed`", chess.display());
    let ours = format!(
        "{}/tables/Promotions.changes.csv:2:15: error: `Amazon` is not a row of the table `Kinds`",
        v.dir.display()
    );
    assert!(stderr.contains(&theirs), "the base's file: {theirs}\n{stderr}");
    assert!(stderr.contains(&ours), "the folder's file: {ours}\n{stderr}");
}

/// `cardtable new DIR --extends GAME` writes a game.yaml of two lines and
/// nothing else, over a built-in game or a folder (named from the new
/// folder); the folder loads as its base, under its own name; a folder
/// that holds something is refused, nothing written.
#[test]
fn new_extends_writes_a_game_yaml_and_nothing_else() {
    let top = TempDir::new("new-extends");
    let new = |dir: &Path, base: &str| {
        Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .current_dir(&top.dir)
            .args(["new", &dir.display().to_string(), "--extends", base])
            .output()
            .expect("new")
    };
    let out = new(&top.path("mine"), "chess");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(common::files(&top.path("mine")).into_iter().collect::<Vec<_>>(), ["game.yaml"]);
    assert_eq!(std::fs::read_to_string(top.path("mine/game.yaml")).unwrap(), "extends: chess\ngame: mine\n");
    let game = common::load_game(&top.path("mine"));
    assert_eq!((game.name.as_str(), rows(&game, "Promotions").len()), ("mine", 4));
    // Over that folder, named the way there from the new one.
    std::fs::create_dir_all(top.path("more")).unwrap();
    let out = new(&top.path("more/deeper"), "mine");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(top.path("more/deeper/game.yaml")).unwrap();
    assert_eq!(text, "extends: ../../mine\ngame: deeper\n");
    assert_eq!(common::load_game(&top.path("more/deeper")).name, "deeper");
    let out = new(&top.path("mine"), "chess");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists and is not an empty folder"));
    assert_eq!(std::fs::read_to_string(top.path("mine/game.yaml")).unwrap(), "extends: chess\ngame: mine\n");
}

/// A game played and saved in a folder made over chess (content/variants/
/// amazon) comes back in a new process: the position, its Amazons too.
#[test]
fn a_game_saved_in_a_made_over_folder_loads_again() {
    let data = TempDir::new("extends-save");
    let amazon = common::root().join("content/variants/amazon");
    let (first, _) = common::drive_in(&data.dir, &amazon, "fen\nloadpgn 1. e4 e5 2. Ah5\nfen\nsave auto\n");
    let start = first[0].get("fen").as_str().unwrap_or_default().to_string();
    assert!(start.starts_with("rnbakbnr/"), "the Amazon's letter where the Queen was: {start}");
    let played = first[2].get("fen").as_str().unwrap_or_default().to_string();
    assert_ne!(played, start);
    assert_eq!(first[3].to_string(), r#"{"saved":"auto"}"#);
    let (second, _) = common::drive_in(&data.dir, &amazon, "load auto\nfen\n");
    // The loaded game's Computer (Black) is to move: it waits for the engines' check, and says so.
    assert_eq!(second[0].get("loaded").as_str(), Some("auto"), "{}", second[0]);
    assert_eq!(second[1].get("fen").as_str(), Some(played.as_str()));
}

/// `cardtable trace` names each card line by the file the card is in: the
/// base's for a card the folder takes from it, the folder's for its own.
#[test]
fn a_trace_names_the_file_each_card_is_in() {
    let v = TempContent::variant_of_chess("trace", "../chess");
    std::fs::create_dir_all(v.path("logic")).unwrap();
    let select = std::fs::read_to_string(v.path("../chess/logic/Select and Move.yaml")).unwrap();
    v.write("logic/Select and Move.yaml", &select);
    v.write("script.txt", "click e2\n");
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["trace", "--script"])
        .arg(v.path("script.txt"))
        .arg(&v.dir)
        .output()
        .expect("trace");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("(../chess/logic/Report Click.yaml:10)"), "the base's card: {stdout}");
    assert!(stdout.contains("(logic/Select and Move.yaml:"), "the folder's own card: {stdout}");
    assert!(!stdout.contains("../chess/logic/Select and Move.yaml"), "{stdout}");
}
