//! Translations (content/README.md, Translations): `tables/T.LANG.csv` beside
//! a table gives its Text columns in another language, chosen with `--lang`;
//! a row it lacks keeps the table's own words; `check` lists every row a
//! language lacks and every `{...}` hole it drops or adds.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use cardtable_runtime::source::files::Files;
use common::load::load_files_in;
use common::TempContent;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::rc::Rc;

fn cardtable(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(args)
        .current_dir(common::root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("LANG", "fr_FR.UTF-8") // drive and check do not follow the system's language
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("cardtable ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn driver_in(dir: &Path, lang: &str, store: Rc<Store>) -> Driver {
    match load_files_in(Files::Dir(dir.to_path_buf()), Some(lang)) {
        Ok(loaded) => Driver::with_store(std::sync::Arc::new(loaded.game), store),
        Err(list) => panic!("{} does not load in {lang}: {list:?}", dir.display()),
    }
}

fn value(d: &mut Driver, command: &str) -> String {
    match d.command(command) {
        Json::Obj(pairs) => match pairs.iter().find(|(k, _)| k == "value") {
            Some((_, Json::Str(s))) => s.clone(),
            other => panic!("`{command}` answers no text value: {other:?}"),
        },
        other => panic!("`{command}` answers {other}"),
    }
}

fn shown_text(d: &mut Driver, object: &str) -> String {
    let answer = d.command(&format!("objects \"{object}\"")).to_string();
    let start = answer.find("\"text\":\"").unwrap_or_else(|| panic!("`{object}` shows no text: {answer}")) + 8;
    answer[start..].split('"').next().unwrap_or("").to_string()
}

#[test]
fn the_chess_game_speaks_french_and_its_french_is_complete() {
    let mut d = driver_in(&common::chess_dir(), "fr", Rc::new(Store::memory()));
    assert_eq!(value(&mut d, "eval data('Words', 'Your Move', 'text')"), "À vous de jouer");
    assert_eq!(shown_text(&mut d, "Status Line"), "À vous de jouer");
    assert_eq!(shown_text(&mut d, "Settings Button"), "Réglages");
    // The move marks are the same in French (the Kinds' letters are not: Kinds.fr.csv, below).
    assert_eq!(value(&mut d, "eval data('Words', 'Capture Mark', 'text')"), "x");
    // Every row translated, no hole dropped nor added: check finds nothing to say.
    let out = cardtable(&["check", "content/chess"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "the French words lack nothing");
}

#[test]
fn a_row_a_language_lacks_falls_back_and_check_names_it_and_every_changed_hole() {
    let copy = TempContent::chess("translate-missing");
    let words = copy.read("tables/Words.csv");
    copy.write("tables/Words.csv", &format!("{words}Greeting,\"Hello {{name}}, you play {{side}}\"\n"));
    // A language with only three rows, one of which drops {name} and adds {nom}.
    copy.write(
        "tables/Words.xx.csv",
        "name,text\nYour Move,Dein Zug\nFlip Button,\nGreeting,\"Hallo {nom}, du spielst {side}\"\n",
    );
    let dir = copy.dir.to_string_lossy().to_string();
    let out = cardtable(&["drive", &dir, "--lang", "xx"], "eval data('Words', 'Your Move', 'text')\neval data('Words', 'Check', 'text')\neval data('Words', 'Flip Button', 'text')\n");
    assert_eq!(
        text(&out.stdout),
        "{\"value\":\"Dein Zug\"}\n{\"value\":\"Check\"}\n{\"value\":\"Flip board\"}\n",
        "a row, or a cell, the language lacks shows Words.csv's words; stderr: {}",
        text(&out.stderr)
    );
    let out = cardtable(&["check", &dir, "--lang", "xx"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "a language that lacks rows still plays: {err}");
    // The row Check is line 3 of Words.csv; Flip Button line 15 (its empty cell falls back too).
    assert!(
        err.contains("tables/Words.csv:3:1: warning: tables/Words.xx.csv (`xx`) lacks the `text` of the row `Check`"),
        "{err}"
    );
    assert!(
        err.contains(
            "tables/Words.csv:15:1: warning: tables/Words.xx.csv (`xx`) lacks the `text` of the row `Flip Button`"
        ),
        "{err}"
    );
    assert!(!err.contains("of the row `Your Move`"), "{err}");
    let lacking = err.matches("lacks the `text`").count();
    let game = common::load_game(&copy.dir);
    let rows = game.tables.iter().find(|t| t.name == "Words").map_or(0, |t| t.rows.len());
    assert_eq!(lacking, rows - 2, "every row but the two translated ones: {err}");
    assert!(
        err.contains(
            "tables/Words.xx.csv:4:10: warning: the row `Greeting` drops the hole {name} that tables/Words.csv has"
        ),
        "{err}"
    );
    assert!(err.contains("tables/Words.xx.csv:4:10: warning: the row `Greeting` adds the hole {nom} that tables/Words.csv does not have"), "{err}");
    // Without --lang, check looks at every language there is.
    let all = text(&cardtable(&["check", &dir], "").stderr);
    assert!(all.contains("drops the hole {name}") && all.contains("lacks the `text` of the row `Check`"), "{all}");
    // A language nobody wrote: said, and the game plays in its own words.
    let out = cardtable(&["drive", &dir, "--lang", "de"], "eval data('Words', 'Check', 'text')\n");
    assert_eq!(text(&out.stdout), "{\"value\":\"Check\"}\n");
    assert!(text(&out.stderr).contains("no table is translated into `de`"), "{}", text(&out.stderr));
}

#[test]
fn a_broken_translation_is_a_mistake_with_its_place() {
    let copy = TempContent::chess("translate-broken");
    copy.write("tables/Words.xx.csv", "name,text,size\nYour Move,Dein Zug,3\nYour Mvoe,Zug\n");
    copy.write("tables/Kinds.xx.csv", "name,White\nKing,10\n");
    // A column that names rows of another table is not words: translated, it would name none.
    copy.write("tables/Position.xx.csv", "name,kind\na1,Tour\n");
    let dir = copy.dir.to_string_lossy().to_string();
    let out = cardtable(&["check", &dir, "--lang", "xx"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("tables/Words.xx.csv:1:11: error: `size` is not a column of the table `Words`"), "{err}");
    assert!(err.contains("tables/Words.xx.csv:3:1: error: `Your Mvoe` is not a row of tables/Words.csv"), "{err}");
    assert!(err.contains("tables/Kinds.xx.csv:1:6: error: `White` is not a Text column of the table `Kinds`"), "{err}");
    let refused = "tables/Position.xx.csv:1:6: error: `kind` names rows of the table `Kinds` (`refers to: Kinds`), so it is not translated: a translation gives words only";
    assert!(err.contains(refused), "{err}");
    // check without --lang finds the same mistakes, in each language's own files.
    let out = cardtable(&["check", &dir], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("`Your Mvoe` is not a row of tables/Words.csv"));
    // The game in its own words is not broken by them.
    let out = cardtable(&["drive", &dir], "eval data('Words', 'Check', 'text')\n");
    assert_eq!(text(&out.stdout), "{\"value\":\"Check\"}\n", "{}", text(&out.stderr));
}

#[test]
fn a_game_saved_in_one_language_comes_back_in_the_language_it_is_loaded_in() {
    // Made before the drivers, so removed after them: a driver's store writes as it is dropped.
    let folder = common::TempDir::new("translate-save");
    let data = folder.dir.clone();
    {
        let mut english =
            Driver::with_store(common::load_game(&common::chess_dir()), Rc::new(Store::for_game(Some(&data), "Chess")));
        english.command("click e2");
        english.command("click e4");
        assert_eq!(english.command("save slot").to_string(), "{\"saved\":\"slot\"}");
        english.finish();
    }
    let mut french = driver_in(&common::chess_dir(), "fr", Rc::new(Store::for_game(Some(&data), "Chess")));
    let answer = french.command("load slot").to_string();
    assert!(!answer.contains("error"), "{answer}");
    assert_eq!(value(&mut french, "eval data('Position', 'e4', 'kind')"), "Pawn", "the save was loaded");
    assert_eq!(value(&mut french, "eval data('Words', 'Your Move', 'text')"), "À vous de jouer");
    assert_eq!(shown_text(&mut french, "Settings Button"), "Réglages");
}

/// A chess game in `lang`, one Player playing both Sides (the Computer off).
fn two_players_in(lang: &str) -> Driver {
    match load_files_in(Files::Dir(common::chess_dir()), Some(lang)) {
        Ok(loaded) => Driver::with_parts_off(
            std::sync::Arc::new(loaded.game),
            Rc::new(Store::memory()),
            false,
            &["Make Computer Move"],
        ),
        Err(list) => panic!("the chess game does not load in {lang}: {list:?}"),
    }
}

/// A game that names every Kind: Nf3, Bb5, O-O, Re1, Rxe1, Qxe1, Qd1, Kh1, Kg1.
const GAME: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. Bf1 Nxe5 8. Rxe5 O-O \
                    9. d4 Bf6 10. Re1 Re8 11. Bf4 Rxe1 12. Qxe1 Ne8 13. Qd1 d6 14. Kh1 Bf5 15. Kg1";

#[test]
fn the_french_move_list_writes_the_french_letters_and_pgn_stays_english() {
    let mut d = two_players_in("fr");
    let answer = d.command(&format!("loadpgn {GAME}")).to_string();
    assert!(answer.contains("\"moves\":29"), "{answer}");
    d.command("press Game");
    // The menu opens on the newest page: moves 13 to 15.
    assert_eq!(shown_text(&mut d, "White Move 0"), "13. Dd1");
    assert_eq!(shown_text(&mut d, "White Move 1"), "14. Rh1");
    assert_eq!(shown_text(&mut d, "Black Move 1"), "Ff5");
    assert_eq!(shown_text(&mut d, "White Move 2"), "15. Rg1");
    let earlier = d.command("press Earlier").to_string();
    assert!(!earlier.contains("error"), "{earlier}");
    for (line, want) in [
        ("White Move 1", "2. Cf3"),
        ("Black Move 1", "Cc6"),
        ("White Move 2", "3. Fb5"),
        ("White Move 3", "4. O-O"),
        ("Black Move 3", "Cxe4"),
        ("White Move 4", "5. Te1"),
        ("Black Move 7", "O-O"),
        ("White Move 10", "11. Ff4"),
        ("Black Move 10", "Txe1"),
        ("White Move 11", "12. Dxe1"),
        ("Black Move 11", "Ce8"),
    ] {
        assert_eq!(shown_text(&mut d, line), want, "{line}");
    }
    // The Move History keeps the standard letters, and PGN writes them.
    assert_eq!(value(&mut d, "eval data('Move History', 1, 'letter')"), "");
    assert_eq!(value(&mut d, "eval data('Move History', 2, 'letter')"), "N");
    let pgn = d.command("pgn").to_string();
    assert!(pgn.contains("2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Re1"), "{pgn}");
    assert!(pgn.contains("11. Bf4 Rxe1 12. Qxe1 Ne8 13. Qd1 d6 14. Kh1") && pgn.contains("15. Kg1 *"), "{pgn}");
    // The same game in English shows the standard letters.
    let mut english = common::chess_driver();
    english.command(&format!("loadpgn {GAME}"));
    english.command("press Game");
    assert_eq!(shown_text(&mut english, "White Move 0"), "13. Qd1");
    assert_eq!(shown_text(&mut english, "White Move 2"), "15. Kg1");
    assert_eq!(english.command("pgn").to_string(), pgn, "PGN is the same in both languages");
}

#[test]
fn a_french_promotion_is_written_with_the_french_letter_and_the_english_one_in_pgn() {
    let mut d = two_players_in("fr");
    let answer = d.command("loadpgn [FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"] 1. b8=Q+ Kd7 2. Qb5+").to_string();
    assert!(answer.contains("\"moves\":3"), "{answer}");
    d.command("press Game");
    assert_eq!(shown_text(&mut d, "White Move 0"), "1. b8=D+");
    assert_eq!(shown_text(&mut d, "Black Move 0"), "Rd7");
    assert_eq!(shown_text(&mut d, "White Move 1"), "2. Db5+");
    assert!(d.command("pgn").to_string().contains("1. b8=Q+ Kd7 2. Qb5+ *"));
}

#[test]
fn check_names_a_kinds_letter_a_language_lacks() {
    let copy = TempContent::chess("translate-letters");
    // French without the Knight's row, and the Bishop's promotion mark left empty.
    copy.write(
        "tables/Kinds.fr.csv",
        "name,shownLetter,shownPromotionMark\nKing,R,\nQueen,D,=D\nRook,T,=T\nBishop,F,\n",
    );
    let dir = copy.dir.to_string_lossy().to_string();
    let out = cardtable(&["check", &dir, "--lang", "fr"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "a language that lacks rows still plays: {err}");
    for lacks in [
        "tables/Kinds.csv:6:1: warning: tables/Kinds.fr.csv (`fr`) lacks the `shownLetter` of the row `Knight`",
        "tables/Kinds.csv:6:1: warning: tables/Kinds.fr.csv (`fr`) lacks the `shownPromotionMark` of the row `Knight`",
        "tables/Kinds.csv:5:1: warning: tables/Kinds.fr.csv (`fr`) lacks the `shownPromotionMark` of the row `Bishop`",
    ] {
        assert!(err.contains(lacks), "{lacks}\n{err}");
    }
    // The King has no promotion mark, nor the Pawn a letter: nothing to translate.
    assert_eq!(err.matches("lacks the").count(), 3, "{err}");
    // The Knight the language lacks shows the table's own letter.
    let out = cardtable(
        &["drive", &dir, "--lang", "fr", "--off", "Make Computer Move"],
        "click g1\nclick f3\npress Game\nobjects \"White Move 0\"\n",
    );
    assert!(text(&out.stdout).contains("\"text\":\"1. Nf3\""), "{}", text(&out.stdout));
}

#[test]
fn check_names_the_kinds_letters_of_a_language_that_translates_only_words() {
    // German gives one row of Words and no Kinds.de.csv: the Kinds' letters,
    // which French translates, are lacking too, each in the columns French gives.
    let copy = TempContent::chess("translate-no-kinds");
    copy.write("tables/Words.de.csv", "name,text\nYour Move,Du bist am Zug\n");
    let dir = copy.dir.to_string_lossy().to_string();
    let out = cardtable(&["check", &dir, "--lang", "de"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    for lacks in [
        "tables/Kinds.csv:6:1: warning: tables/Kinds.de.csv (`de`) lacks the `shownLetter` of the row `Knight`",
        "tables/Kinds.csv:3:1: warning: tables/Kinds.de.csv (`de`) lacks the `shownPromotionMark` of the row `Queen`",
        "tables/Words.csv:3:1: warning: tables/Words.de.csv (`de`) lacks the `text` of the row `Check`",
    ] {
        assert!(err.contains(lacks), "{lacks}\n{err}");
    }
    // King, Queen, Rook, Bishop and Knight's letters; Queen to Knight's promotion marks and
    // promotionWords (the Hint's).
    assert!(
        err.contains(
            "tables/Kinds.csv:4:1: warning: tables/Kinds.de.csv (`de`) lacks the `promotionWords` of the row `Rook`"
        ),
        "{err}"
    );
    assert_eq!(err.matches("tables/Kinds.de.csv (`de`) lacks").count(), 13, "{err}");
    // A table no language translates is no language's lack.
    assert!(!err.contains("Tokens.de.csv") && !err.contains("Sides.de.csv"), "{err}");
    // French, complete, lacks nothing still.
    let out = cardtable(&["check", &dir, "--lang", "fr"], "");
    assert_eq!(text(&out.stderr), "", "the French words lack nothing");
}

#[test]
fn an_invented_kinds_token_shows_the_letter_of_the_games_language() {
    // The variant's Nightrider and Camel have no art: each is its Side's token
    // with its letter; in French, the letter the French Move List writes.
    let variant = common::root().join("content/examples/nightrider-camel");
    let token = |d: &mut Driver, square: &str| {
        let answer = d.command(&format!("objects {square}")).to_string();
        let piece = answer.split("},{").find(|o| o.contains("\"type\":\"Piece\"")).unwrap_or("").to_string();
        let start = piece.find("\"text\":\"").unwrap_or_else(|| panic!("no Piece on {square}: {answer}")) + 8;
        piece[start..].split('"').next().unwrap_or("").to_string()
    };
    let mut french = driver_in(&variant, "fr", Rc::new(Store::memory()));
    assert_eq!((token(&mut french, "g1"), token(&mut french, "b8")), ("N".into(), "M".into()));
    let mut english = common::two_players(common::load_game(&variant));
    assert_eq!((token(&mut english, "g1"), token(&mut english, "b8")), ("S".into(), "C".into()));
    // A Piece with art shows no letter, in either language.
    assert_eq!(token(&mut french, "e1"), "");
}

#[test]
fn check_of_a_table_of_many_rows_a_language_half_translates_reads_each_row_once() {
    // Issue 38: `check` was quadratic in a table's rows (each warning's line
    // found by reading its file from the top, each translated row looked up
    // along the table). 20,000 more Words, French for the first 10,000: the
    // messages, their lines and the French words as before. No time is
    // asserted; the work is counted in source::diag's unit tests.
    let copy = TempContent::chess("translate-many-rows");
    let n = 20_000;
    let before = copy.read("tables/Words.csv").lines().count();
    let rows: String = (0..n).map(|i| format!("W{i:05},The words of row {i:05}\n")).collect();
    copy.append("tables/Words.csv", &rows);
    let french: String = (0..n / 2).map(|i| format!("W{i:05},Les mots de la ligne {i:05}\n")).collect();
    copy.append("tables/Words.fr.csv", &french);
    cardtable_chess::install();
    let report = cardtable_runtime::host::check::check_in(Files::Dir(copy.dir.clone()), None, None);
    assert!(report.is_fine(), "{}", report.details());
    let lacks: Vec<_> = report.diagnostics.iter().filter(|d| d.message.contains("(`fr`) lacks the")).collect();
    assert_eq!(lacks.len(), n / 2, "each row French lacks");
    let last = lacks.last().expect("a row French lacks");
    assert_eq!((last.line, last.column), (before + n, 1), "W19999 is the file's last line");
    assert_eq!(
        last.message,
        "tables/Words.fr.csv (`fr`) lacks the `text` of the row `W19999`: the game shows these words"
    );
    assert_eq!(last.source_line.as_deref(), Some("W19999,The words of row 19999"), "the row shown under the warning");
    // The rows French gives are read in French, the others in English.
    let game = load_files_in(Files::Dir(copy.dir.clone()), Some("fr")).unwrap_or_else(|e| panic!("{e:?}")).game;
    let words = game.tables.iter().find(|t| t.name == "Words").expect("Words");
    let text_of = |row: &str| {
        let r = words.rows.iter().position(|&s| game.syms.text(s) == row).expect(row);
        let c = words.columns.iter().position(|c| c.name == "text").expect("text");
        match words.cells[r * words.columns.len() + c] {
            cardtable_runtime::value::Value::Text(s) => game.syms.text(s).to_string(),
            other => format!("{other:?}"),
        }
    };
    assert_eq!(text_of("W09999"), "Les mots de la ligne 09999");
    assert_eq!(text_of("W10000"), "The words of row 10000");
}

/// Every gallery folder plays in French: each row of its Words (chess's,
/// and those it adds or replaces, as its bases made them) reads in French
/// with `--lang fr` (a row whose chess French is its English, such as `+`
/// or `Club`, may read the same), and each row whose English differs from
/// its base's (the folder it `extends:`, How to play and the status lines
/// it changes) has French of its own, not the base's French of other words.
/// tools/variants/french_words.py writes the French of the folders that
/// lacked it.
#[test]
fn every_gallery_folder_gives_its_words_and_their_changes_in_french() {
    use std::collections::BTreeMap;
    use std::path::PathBuf;
    type Words = BTreeMap<String, String>;
    /// A folder's Words, `text` by row, in English or in French.
    fn words(dir: &Path, french: bool) -> Words {
        let game = load_files_in(Files::Dir(dir.to_path_buf()), french.then_some("fr"))
            .unwrap_or_else(|e| panic!("{} does not load: {e:?}", dir.display()))
            .game;
        let t = game.tables.iter().find(|t| t.name == "Words").expect("Words");
        let c = t.columns.iter().position(|c| c.name == "text").expect("text");
        let text = |r: usize| match t.cells[r * t.columns.len() + c] {
            cardtable_runtime::value::Value::Text(s) => game.syms.text(s).to_string(),
            other => format!("{other:?}"),
        };
        t.rows.iter().enumerate().map(|(r, &name)| (game.syms.text(name).to_string(), text(r))).collect()
    }
    cardtable_chess::install();
    let chess = common::chess_dir().canonicalize().unwrap();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(common::root().join("content/variants"))
        .unwrap()
        .map(|e| e.unwrap().path().canonicalize().unwrap())
        .filter(|p| p.join("game.yaml").is_file())
        .collect();
    folders.sort();
    assert!(folders.len() >= 40, "the gallery: {folders:?}");
    // Each folder loaded twice (some 80 loads): on a few threads, each its own loads.
    let all: Vec<PathBuf> = folders.iter().cloned().chain([chess.clone()]).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    let loaded: BTreeMap<PathBuf, (Words, Words)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let mine: Vec<PathBuf> = all.iter().skip(i).step_by(threads).cloned().collect();
                scope.spawn(move || {
                    mine.into_iter().map(|d| (d.clone(), (words(&d, false), words(&d, true)))).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let (chess_en, chess_fr) = &loaded[&chess];
    let mut lacks = Vec::new();
    for dir in &folders {
        let yaml = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
        let base = yaml
            .lines()
            .find_map(|l| l.strip_prefix("extends:"))
            .map(|b| dir.join(b.trim()).canonicalize().unwrap())
            .unwrap_or_else(|| chess.clone());
        let (en, fr) = &loaded[dir];
        let (base_en, base_fr) = &loaded[&base];
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        for (row, english) in en {
            let french = &fr[row];
            let same_in_chess = chess_en.get(row) == Some(english) && chess_fr.get(row) == Some(english);
            if french == english && !same_in_chess {
                lacks.push(format!("{name}: `{row}` reads in English in French: {english:.60}"));
            } else if base_en.get(row) != Some(english) && base_fr.get(row) == Some(french) && french != english {
                lacks.push(format!("{name}: `{row}` changes its English but keeps its base's French: {french:.60}"));
            }
        }
    }
    assert!(lacks.is_empty(), "{} rows lack their French:\n{}", lacks.len(), lacks.join("\n"));
}
