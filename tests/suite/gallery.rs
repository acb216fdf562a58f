//! The gallery of variants, `content/variants/NAME/` (issue 22), each made
//! over content/chess (`extends: ../../chess`; 5check over 3check, grand, gothic,
//! embassy, janus and centaur over capablanca, chancellor over modern, extinction, horde and
//! giveaway over antichess; kinglet and threekings over extinction, codrus over giveaway, losers,
//! breakthrough, suicide and jesonmor over antichess; makpong over makruk): that each folder
//! holds only what it changes (its listed files, whole or as a table's changes), that `cardtable
//! check` finds nothing wrong with it, and that the built-in engine plays it
//! against itself to a game's end through the cards, every move one the cards
//! allow. Its moves and perft against Fairy-Stockfish's are tests/suite/fairy.rs's.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{move_set, ok, run};

/// (folder, game.yaml's `game`, the files of chess it changes, each held
/// whole or, for a table's rows, as `tables/T.changes.csv`): every variant
/// of the gallery.
const GALLERY: &[(&str, &str, &[&str])] = &[
    ("nocastle", "No Castling Chess", &["game.yaml", "tables/Castling.csv", "tables/Words.csv", "tables/Words.fr.csv"]),
    ("amazon", "Amazon Chess", PIECES_EDITED),
    ("almost", "Almost Chess", PIECES_EDITED),
    ("hoppelpoppel", "Hoppel-Poppel", PIECES_EDITED),
    ("knightmate", "Knightmate", PIECES_EDITED),
    (
        "chigorin",
        "Chigorin Chess",
        &[
            "game.yaml",
            "objects/Promotion Focus.yaml",
            "objects/Promotion Panel.yaml",
            "scene.yaml",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Kinds.fr.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    ("shatranj", "Shatranj", OLD_GAME_EDITED),
    (
        "kingofthehill",
        "King of the Hill",
        &[
            "game.yaml",
            "logic/Find Legal Moves.yaml",
            "logic/Look For Game End.yaml",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    ("makruk", "Makruk", THIRD_RANK_EDITED),
    ("ai-wok", "Ai-wok", THIRD_RANK_EDITED),
    ("asean", "ASEAN Chess", ASEAN_EDITED),
    ("shatar", "Shatar", OLD_GAME_EDITED),
    ("newzealand", "New Zealand Chess", PIECES_EDITED),
    (
        "losalamos",
        "Los Alamos Chess",
        &[
            "game.yaml",
            "objects/Game Rules.yaml",
            "objects/Promotion Focus.yaml",
            "objects/Promotion Panel.yaml",
            "objects/Walnut Board.yaml",
            "scene.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Directions.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    (
        "fischerandom",
        "Chess960",
        &[
            "game.yaml",
            "logic/Go Back To The Start.yaml",
            "logic/Is Castling Way Clear.yaml",
            "logic/Make Computer Move.yaml",
            "logic/Make Move.yaml",
            "logic/Name The Move.yaml",
            "logic/Plan The Slide.yaml",
            "logic/Try Castling.yaml",
            "logic/Update Castling.yaml",
            "objects/Walnut Board.yaml",
            "tables/Castling.csv",
            "tables/Castling.yaml",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    (
        "capablanca",
        "Capablanca Chess",
        &[
            "game.yaml",
            "objects/Promotion Focus.yaml",
            "objects/Promotion Panel.yaml",
            "scene.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Kinds.fr.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // Promotion zones (content/README.md): made over capablanca.
    (
        "grand",
        "Grand Chess",
        &[
            "game.yaml",
            "logic/Offered Promotion.yaml",
            "logic/Promotion Due.yaml",
            "logic/Show Promotion Choice.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Promotions.yaml",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // Regions (content/README.md): the palace, each Side's half, the flying general.
    (
        "xiangqi",
        "Xiangqi",
        &[
            "game.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Confinement.csv",
            "tables/Direction Regions.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Kinds.fr.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Regions.csv",
            "tables/Royal Lines.csv",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
            // Its Board on the lines (Draw Lined Board), its Pieces red and
            // black tokens, its stalemate a loss (issue 36).
            "objects/Walnut Board.yaml",
            "tables/Board Finishes.csv",
            "tables/Tokens.csv",
            "logic/Look For Game End.yaml",
        ],
    ),
    // Xiangqi on 7 by 7 (made over xiangqi): no Advisor, Elephant nor river.
    (
        "minixiangqi",
        "Minixiangqi",
        &[
            "game.yaml",
            "tables/Board Size.csv",
            "tables/Confinement.csv",
            "tables/Direction Regions.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Position.csv",
            "tables/Regions.csv",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // Check counting (content/README.md): 5check is made over 3check.
    ("3check", "Three-Check Chess", CHECKS_EDITED),
    ("5check", "Five-Check Chess", &["game.yaml", "tables/Words.csv", "tables/Words.fr.csv"]),
    // Capablanca's Board with other starts (made over capablanca): its Position changed.
    ("gothic", "Gothic Chess", &["game.yaml", "tables/Position.csv"]),
    (
        "embassy",
        "Embassy Chess",
        &["game.yaml", "tables/Castling.csv", "tables/Position.csv", "tables/Words.csv", "tables/Words.fr.csv"],
    ),
    (
        "janus",
        "Janus Chess",
        &[
            "game.yaml",
            "tables/Castling.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Kinds.fr.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    ("centaur", "Centaur Chess", OTHER_PIECES_EDITED),
    (
        "modern",
        "Modern Chess",
        &[
            "game.yaml",
            "objects/Promotion Focus.yaml",
            "objects/Promotion Panel.yaml",
            "scene.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Kinds.fr.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // Made over modern: the Minister's place is the Chancellor's.
    ("chancellor", "Chancellor Chess", OTHER_PIECES_EDITED),
    (
        "gardner",
        "Gardner Minichess",
        &[
            "game.yaml",
            "objects/Game Rules.yaml",
            "objects/Walnut Board.yaml",
            "scene.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Directions.csv",
            "tables/Position.csv",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    (
        "courier",
        "Courier Chess",
        &[
            "game.yaml",
            "objects/Promotion Focus.yaml",
            "objects/Promotion Panel.yaml",
            "scene.yaml",
            "tables/Board Size.csv",
            "tables/Castling.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Kinds.fr.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // No royal Kind, extinction, obligatory capture, what no move scores
    // (content/README.md): extinction is made over antichess.
    ("antichess", "Antichess", ANTICHESS_EDITED),
    (
        "extinction",
        "Extinction Chess",
        &["game.yaml", "tables/Castling.csv", "tables/Words.csv", "tables/Words.fr.csv"],
    ),
    ("giveaway", "Giveaway", &["game.yaml", "tables/Castling.csv"]),
    (
        "horde",
        "Horde",
        &[
            "game.yaml",
            "logic/Follow Direction.yaml",
            "logic/Follow Jumping Direction.yaml",
            "logic/Update En Passant.yaml",
            "tables/Castling.csv",
            "tables/Kinds.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // More of the same tables (issue 34's gallery grown): kinglet and
    // threekings made over extinction, codrus over giveaway, losers over antichess.
    ("kinglet", "Kinglet Chess", &["game.yaml", "tables/Promotions.csv", "tables/Words.csv", "tables/Words.fr.csv"]),
    (
        "threekings",
        "Three Kings Chess",
        &[
            "game.yaml",
            "tables/Castling.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    ("codrus", "Codrus", &["game.yaml", "tables/Promotions.csv", "tables/Words.csv", "tables/Words.fr.csv"]),
    (
        "losers",
        "Losers",
        &[
            "game.yaml",
            "tables/Castling.csv",
            "tables/Kinds.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // King of the Hill's flag region over antichess: Pawns alone, the last Rank wins.
    (
        "breakthrough",
        "Breakthrough",
        &[
            "game.yaml",
            "logic/Find Legal Moves.yaml",
            "logic/Look For Game End.yaml",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // Antichess whose stalemate is scored by the Pieces left.
    ("suicide", "Suicide Chess", &["game.yaml"]),
    // Makruk whose King may not move away from check (made over makruk).
    ("makpong", "Makpong", &["game.yaml", "logic/Find Legal Moves.yaml"]),
    // King of the Hill's flag on the eighth Rank, Black's Move to follow, no check given.
    (
        "racingkings",
        "Racing Kings",
        &[
            "game.yaml",
            "logic/Find Legal Moves.yaml",
            "logic/Look For Game End.yaml",
            "tables/Castling.csv",
            "tables/Position.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
    // Nine Knights a Side on modern's 9 by 9 Board, over antichess; the flag e5.
    (
        "jesonmor",
        "Jeson Mor",
        &[
            "game.yaml",
            "logic/Find Legal Moves.yaml",
            "logic/Look For Game End.yaml",
            "scene.yaml",
            "tables/Board Size.csv",
            "tables/Directions.csv",
            "tables/Kinds.csv",
            "tables/Position.csv",
            "tables/Promotions.csv",
            "tables/Sides.csv",
            "tables/Words.csv",
            "tables/Words.fr.csv",
        ],
    ),
];

/// What centaur changes of capablanca, and chancellor of modern: the Kinds
/// of other pieces, their Directions, the start, the Promotion choice's
/// places, How to play's words.
const OTHER_PIECES_EDITED: &[&str] = &[
    "game.yaml",
    "tables/Directions.csv",
    "tables/Kinds.csv",
    "tables/Kinds.fr.csv",
    "tables/Position.csv",
    "tables/Promotions.csv",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

/// The chess cards and tables Antichess changes: the King no royal Piece,
/// a Pawn promoted to a King too (five places: a fifth button), no
/// castling, and the cards of extinction, obligatory capture and a Side
/// with no royal Piece.
const ANTICHESS_EDITED: &[&str] = &[
    "game.yaml",
    "logic/Drop Move If Unsafe.yaml",
    "logic/Find Legal Moves.yaml",
    "logic/Keep Safe Moves.yaml",
    "logic/Look For Check.yaml",
    "logic/Look For Game End.yaml",
    "logic/Try Castling.yaml",
    "logic/Update Castling.yaml",
    "objects/Promotion Focus.yaml",
    "objects/Promotion Panel.yaml",
    "scene.yaml",
    "tables/Castling.csv",
    "tables/Kinds.csv",
    "tables/Promotions.csv",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

/// The chess cards 3check changes to count checks, and How to play's words.
const CHECKS_EDITED: &[&str] = &[
    "game.yaml",
    "logic/Find Legal Moves.yaml",
    "logic/Go Back To The Start.yaml",
    "logic/Look For Game End.yaml",
    "logic/Pass The Turn.yaml",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

/// The game a variant is made over (its game.yaml's `extends:`): chess, but
/// 5check's, made over 3check; the 10 by 8 Boards' made over capablanca;
/// chancellor's, made over modern.
fn base_of(name: &str) -> &'static str {
    match name {
        "5check" => "../3check",
        "grand" => "../capablanca",
        "gothic" | "embassy" | "janus" | "centaur" => "../capablanca",
        "chancellor" => "../modern",
        "extinction" | "horde" | "giveaway" | "losers" | "breakthrough" | "suicide" | "jesonmor" => "../antichess",
        "kinglet" | "threekings" => "../extinction",
        "codrus" => "../giveaway",
        "makpong" => "../makruk",
        "minixiangqi" => "../xiangqi",
        _ => "../../chess",
    }
}

/// The files an old game edits (no castling, a Pawn of one step, other
/// pieces, one Kind to promote to): its pieces' files, Castling, and the
/// Promotion choice of one place.
const OLD_GAME_EDITED: &[&str] = &[
    "game.yaml",
    "objects/Promotion Focus.yaml",
    "objects/Promotion Panel.yaml",
    "scene.yaml",
    "tables/Castling.csv",
    "tables/Directions.csv",
    "tables/Kinds.csv",
    "tables/Kinds.fr.csv",
    "tables/Position.csv",
    "tables/Promotions.csv",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

/// The files Makruk and Ai-wok edit: an old game's, and Sides (the Pawns'
/// Rank, the promotion Rank).
const THIRD_RANK_EDITED: &[&str] = &[
    "game.yaml",
    "objects/Promotion Focus.yaml",
    "objects/Promotion Panel.yaml",
    "scene.yaml",
    "tables/Castling.csv",
    "tables/Directions.csv",
    "tables/Kinds.csv",
    "tables/Kinds.fr.csv",
    "tables/Position.csv",
    "tables/Promotions.csv",
    "tables/Sides.csv",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

/// ASEAN chess's: Makruk's but the Promotion choice (four places, chess's).
const ASEAN_EDITED: &[&str] = &[
    "game.yaml",
    "tables/Castling.csv",
    "tables/Directions.csv",
    "tables/Kinds.csv",
    "tables/Kinds.fr.csv",
    "tables/Position.csv",
    "tables/Promotions.csv",
    "tables/Sides.csv",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

/// The Variant Engine table every variant has and chess has not (its rows,
/// its schema): the Computer asks Fairy-Stockfish for the variant of the
/// folder's name.
const VARIANT_ENGINE: [&str; 2] = ["tables/Variant Engine.csv", "tables/Variant Engine.yaml"];

/// The files of a variant that chess has not: the Variant Engine table, and
/// Chess960's cards, table of its starting positions and PGN tag.
fn own_files(name: &str) -> Vec<&'static str> {
    let mut own = VARIANT_ENGINE.to_vec();
    if name == "kingofthehill" {
        own.extend([
            "logic/Is Flag Reached.yaml",
            "logic/Show Flag Result.yaml",
            "tables/Flag Squares.csv",
            "tables/Flag Squares.yaml",
        ]);
    }
    if name == "fischerandom" {
        own.extend([
            "logic/Choose Chess960 Start.yaml",
            "logic/Lay Out Chess960 Start.yaml",
            "logic/Place On Empty Square.yaml",
            "tables/Chess960 Start.csv",
            "tables/Chess960 Start.yaml",
            "tables/PGN Tags.csv",
            "tables/PGN Tags.yaml",
        ]);
    }
    if name == "3check" {
        own.extend([
            "logic/Is Check Count Reached.yaml",
            "logic/Show Checks Result.yaml",
            "tables/Checks.csv",
            "tables/Checks.yaml",
        ]);
    }
    if name == "grand" {
        own.extend(["tables/Promotion Zones.csv", "tables/Promotion Zones.yaml"]);
    }
    if name == "5check" {
        // Its own counts: five checks win.
        own.push("tables/Checks.csv");
    }
    if name == "antichess" {
        own.extend([
            "logic/Can Side Capture Any.yaml",
            "logic/Find Ordinary Legal Moves.yaml",
            "logic/Is Capture.yaml",
            "logic/Is Extinct.yaml",
            "logic/Is Game Extinct.yaml",
            "logic/Keep Captures.yaml",
            "logic/Show Scored Result.yaml",
        ]);
    }
    if name == "horde" {
        own.extend(["tables/First Move Ranks.csv", "tables/First Move Ranks.yaml"]);
    }
    if ["kinglet", "threekings", "codrus"].contains(&name) {
        // Its own extinction: which Kind's loss ends the game, and what it scores.
        own.push("tables/Extinction.csv");
    }
    if name == "racingkings" {
        own.extend([
            "logic/Can Royal Reach Flag.yaml",
            "logic/Drop Move If Checking.yaml",
            "logic/Is Flag Reached.yaml",
            "logic/Is Race Over.yaml",
            "logic/Keep Moves Without Check.yaml",
            "logic/Show Flag Result.yaml",
            "tables/Flag Squares.csv",
            "tables/Flag Squares.yaml",
            "tables/May Give Check.csv",
            "tables/May Give Check.yaml",
        ]);
    }
    if name == "makpong" {
        own.extend([
            "logic/Keep Capture Of The Checker.yaml",
            "tables/Royal In Check.csv",
            "tables/Royal In Check.yaml",
        ]);
    }
    if name == "xiangqi" {
        own.extend([
            "logic/Draw Lined Board.yaml",
            "logic/Find Perpetual Check.yaml",
            "logic/Show Perpetual Check Result.yaml",
            "logic/Show Stalemate Result.yaml",
            "objects/River Words.yaml",
            "structures/Lined Board Data.yaml",
            "tables/Lined Board Finishes.csv",
            "tables/Lined Board Finishes.yaml",
            "tables/Out Of Moves.csv",
            "tables/Out Of Moves.yaml",
        ]);
    }
    if name == "suicide" {
        own.push("tables/Out Of Moves.csv");
    }
    if name == "losers" {
        own.extend(["tables/Extinction.csv", "tables/Out Of Moves.csv"]);
    }
    if name == "breakthrough" || name == "jesonmor" {
        // King of the Hill's flag cards and table, and its own extinction
        // (none), obligatory capture (none) and what no move scores (a loss).
        own.extend([
            "logic/Is Flag Reached.yaml",
            "logic/Show Flag Result.yaml",
            "tables/Flag Squares.csv",
            "tables/Flag Squares.yaml",
            "tables/Extinction.csv",
            "tables/Must Capture.csv",
            "tables/Out Of Moves.csv",
        ]);
    }
    if name == "antichess" || name == "extinction" || name == "horde" {
        // Its own facts: which Kinds' extinction ends the game, what no
        // move scores, whether a Side must capture.
        own.extend(["tables/Extinction.csv", "tables/Must Capture.csv", "tables/Out Of Moves.csv"]);
    }
    if name == "antichess" {
        own.extend(["tables/Extinction.yaml", "tables/Must Capture.yaml", "tables/Out Of Moves.yaml"]);
    }
    own
}

/// The files a variant of other pieces edits: its Kinds (and their French
/// names), their Directions, the start, what a Pawn may become, and How to
/// play's words.
const PIECES_EDITED: &[&str] = &[
    "game.yaml",
    "tables/Directions.csv",
    "tables/Kinds.csv",
    "tables/Kinds.fr.csv",
    "tables/Position.csv",
    "tables/Promotions.csv",
    "tables/Words.csv",
    "tables/Words.fr.csv",
];

fn variant_dir(name: &str) -> PathBuf {
    common::root().join("content/variants").join(name)
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(rel).display()))
}

/// The lines of `b` that differ from `a`'s, line for line (both as long).
fn changed_lines(a: &str, b: &str) -> Vec<String> {
    assert_eq!(a.lines().count(), b.lines().count(), "as many lines");
    a.lines().zip(b.lines()).filter(|(x, y)| x != y).map(|(_, y)| y.to_string()).collect()
}

/// The gallery holds the listed variants and no other; each extends
/// content/chess and holds only what it changes: game.yaml (its name, and
/// for a Board of another size its screen), each listed file whole (and
/// then not chess's) or, for a table, as its changes file, its own README
/// and its Variant Engine table; no copy of a file of chess's.
#[test]
fn each_variant_extends_chess_and_holds_only_what_it_changes() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(common::root().join("content/variants"))
        .expect("content/variants")
        .map(|e| e.expect("a folder entry").file_name().to_string_lossy().into_owned())
        .collect();
    let listed: BTreeSet<String> = GALLERY.iter().map(|(n, _, _)| n.to_string()).collect();
    assert_eq!(on_disk, listed, "content/variants holds the gallery's variants (GALLERY in tests/suite/gallery.rs)");
    for &(name, title, edited) in GALLERY {
        let dir = variant_dir(name);
        common::assert_holds_only_its_changes(&dir, base_of(name), title, edited, &own_files(name));
        assert_eq!(read(&dir, VARIANT_ENGINE[0]), format!("name,program\n{name},fairy-stockfish\n"));
    }
}

/// The text of a table's cell, as the game loaded it.
fn cell(game: &cardtable_runtime::game::Game, table: &str, row: &str, column: &str) -> String {
    let t = game.tables.iter().find(|t| t.name == table).unwrap_or_else(|| panic!("no table {table}"));
    let r = t.rows.iter().position(|&s| game.syms.text(s) == row).unwrap_or_else(|| panic!("no row {row}"));
    let c = t.columns.iter().position(|c| c.name == column).unwrap_or_else(|| panic!("no column {column}"));
    match t.cells[r * t.columns.len() + c] {
        cardtable_runtime::value::Value::Text(s) => game.syms.text(s).to_string(),
        other => panic!("{table} {row} {column}: {other:?}"),
    }
}

/// nocastle's edits: Castling is its header alone, and How to play's
/// paragraph on castling says there is none, in English and in French.
#[test]
fn nocastle_has_no_castling_row_and_says_so() {
    let (chess, dir) = (common::chess_dir(), variant_dir("nocastle"));
    let castling = read(&dir, "tables/Castling.csv");
    assert_eq!(castling.lines().collect::<Vec<_>>(), [read(&chess, "tables/Castling.csv").lines().next().unwrap()]);
    let file = "tables/Words.fr.csv";
    let line = "Pas de roque\u{a0}: dans cette variante, le roi ne roque jamais.";
    assert_eq!(changed_lines(&read(&chess, file), &read(&dir, file)), [line], "{file}");
    // How to play's words, one row of Words replaced (tables/Words.changes.csv).
    let (theirs, ours) = (common::load_game(&chess), common::load_game(&dir));
    let words = |g| cell(g, "Words", "How To Play Text", "text");
    let line = "No castling: in this variant the king never castles.";
    assert_eq!(changed_lines(&words(&theirs), &words(&ours)), [line], "Words: How To Play Text");
}

/// `cardtable check` finds no mistake and no fault in any variant.
#[test]
fn check_finds_nothing_wrong_with_any_variant() {
    // Four `check`s at a time: each mostly waits on its engines' answers.
    for batch in GALLERY.chunks(4) {
        let running: Vec<_> = batch
            .iter()
            .map(|&(name, title, _)| {
                let child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
                    .arg("check")
                    .arg(variant_dir(name))
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("check");
                (name, title, child)
            })
            .collect();
        for (name, title, child) in running {
            let out = child.wait_with_output().expect("check");
            let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            assert!(out.status.success(), "{name}: stdout:\n{stdout}\nstderr:\n{stderr}");
            assert!(stdout.contains(&format!("`{title}` is fine")), "{name}: {stdout}");
            assert!(stdout.contains("it starts without a fault"), "{name}: {stdout}");
            assert!(stderr.is_empty(), "{name}: no warnings: {stderr}");
        }
    }
}

/// Where chess castles, nocastle does not: a FEN with castling letters
/// reads as one without (Fairy-Stockfish's `nocastle` does the same), the
/// King's Targets hold no castling Square, and after a save and a load, and
/// in a New Game, there is still none.
#[test]
fn nocastle_never_castles() {
    let both = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut chess = common::chess_driver();
    run(&mut chess, &format!("setfen {both}"));
    assert!(move_set(&mut chess, "moves").contains("e1g1"), "chess castles here");
    let mut d = common::two_players(common::load_game(&variant_dir("nocastle")));
    let read_back = run(&mut d, &format!("setfen {both}"));
    assert_eq!(read_back.get("fen").as_str(), Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1"));
    let king = |d: &mut Driver| -> BTreeSet<String> {
        move_set(d, "moves").into_iter().filter(|m| m.starts_with("e1") || m.starts_with("e8")).collect()
    };
    assert_eq!(king(&mut d).into_iter().collect::<Vec<_>>(), ["e1d1", "e1f1"]);
    assert_eq!(move_set(&mut d, "enginemoves"), move_set(&mut d, "moves"), "the built-in engine agrees");
    ok(&mut d, "click e1");
    let reachable = |d: &mut Driver, sq: &str| {
        run(d, &format!("eval data('Targets', '{sq}', 'reachable')")).get("value") == &Json::Bool(true)
    };
    assert!(reachable(&mut d, "f1") && !reachable(&mut d, "g1") && !reachable(&mut d, "c1"));
    ok(&mut d, "click f1");
    ok(&mut d, "save s1");
    ok(&mut d, "load s1");
    assert_eq!(run(&mut d, "eval dataCount('Castling')").get("value"), &Json::Num(0.0));
    assert!(king(&mut d).iter().all(|m| !m.ends_with("g8") && !m.ends_with("c8")), "{:?}", king(&mut d));
    // A New Game starts from the position set up (issue 35), kept across the save and the load.
    ok(&mut d, "press New Game");
    ok(&mut d, "press Play");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1"));
    assert_eq!(run(&mut d, "eval dataCount('Castling')").get("value"), &Json::Num(0.0));
}

/// The built-in engine (depth 2, a little noise, seeded by the ply) plays
/// each variant against itself to the end of the game: each of its moves is
/// among the cards' Legal Moves and is played as a player plays it, by
/// clicks (and the Promotion button). The game's PGN then plays back
/// through the cards to the same position.
#[test]
fn the_engine_plays_each_variant_against_itself_to_the_end() {
    // A game a thread, on as many threads as the machine has cores (each its
    // own Driver: a World is not Send).
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    std::thread::scope(|s| {
        let games: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    while let Some(&(name, _, _)) = GALLERY.get(next.fetch_add(1, Ordering::SeqCst)) {
                        play_to_the_end(name);
                    }
                })
            })
            .collect();
        for g in games {
            if let Err(e) = g.join() {
                std::panic::resume_unwind(e);
            }
        }
    });
}

/// The variants with no royal Kind or with a rule the built-in engine does
/// not know (extinction, obligatory capture, Makpong's King held in check,
/// Racing Kings' flag and checks),
/// which it cannot play.
const NO_ROYAL: &[&str] = &[
    "antichess",
    "extinction",
    "horde",
    "giveaway",
    "kinglet",
    "threekings",
    "codrus",
    "losers",
    "breakthrough",
    "suicide",
    "makpong",
    "racingkings",
    "jesonmor",
];

/// One game of [`the_engine_plays_each_variant_against_itself_to_the_end`].
/// Grand Chess's is not played: the built-in engine refuses its Promotion
/// Zones (tests/suite/promotion_zones.rs says so); nor Xiangqi's and
/// Minixiangqi's, whose regions and Royal Lines it refuses (tests/suite/regions.rs).
fn play_to_the_end(name: &str) {
    if name == "grand" || name == "xiangqi" || name == "minixiangqi" {
        return;
    }
    let game = common::load_game(&variant_dir(name));
    let letters = cardtable_chess::library::kind_letters(&game).expect("the Kinds' letters");
    let mut d = common::two_players(game);
    let mut plies = 0;
    while common::state(&mut d) != "Game Over" {
        assert!(plies < 600, "{name}: no end after {plies} plies: {}", run(&mut d, "fen"));
        let legal = move_set(&mut d, "moves");
        assert!(!legal.is_empty(), "{name}: no legal move, and the game is not over");
        // The built-in engine plays a game with a royal Kind: the search over
        // the cards plays the others (`check` says so).
        let best = if NO_ROYAL.contains(&name) {
            run(&mut d, &format!("bestmove depth 1 seed {plies}"))
        } else {
            run(&mut d, &format!("enginebestmove depth 2 noise 30 seed {plies}"))
        };
        let m = best.get("move").as_str().unwrap_or_else(|| panic!("no move: {best}")).to_string();
        assert!(legal.contains(&m), "{name} ply {plies}: the engine's {m} is not one of the cards' {legal:?}");
        ok(&mut d, &format!("click {}", &m[0..2]));
        ok(&mut d, &format!("click {}", &m[2..4]));
        if let Some(p) = m.chars().nth(4) {
            let (promoted, _) = letters.iter().find(|(_, l)| *l == p).expect("a Kind of that letter");
            let button = common::promotion_button(&mut d, promoted);
            ok(&mut d, &format!("press {button}"));
        }
        plies += 1;
    }
    let status = common::text(&mut d, "global status");
    let fen = run(&mut d, "fen").get("fen").as_str().unwrap_or_default().to_string();
    eprintln!("{name}: {plies} plies, {status}; {fen}");
    assert!(plies >= 10, "{name}: a game of {plies} plies");
    let faults = run(&mut d, "faults");
    assert!(faults.get("faults").as_array().is_empty(), "{name}: {faults}");
    let history = run(&mut d, "table Move History");
    assert_eq!(history.get("rows").as_array().len(), plies, "{name}: every Move recorded");
    let pgn = run(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    let mut again = common::two_players(common::load_game(&variant_dir(name)));
    let loaded = run(&mut again, &format!("loadpgn {}", pgn.replace('\n', " ")));
    assert_eq!(loaded.get("fen").as_str(), Some(fen.as_str()), "{name}: the PGN plays back: {pgn}");
}

/// The Promotion buttons shown (the `objects` of the four chess buttons and
/// the Fifth and Sixth of chigorin and capablanca that are visible), each
/// with the Kind it offers.
fn promotion_offers(d: &mut Driver) -> Vec<(String, String)> {
    let shown: BTreeSet<String> = ["Promotion Queen", "Promotion Rook", "Promotion Bishop", "Promotion Knight"]
        .iter()
        .flat_map(|t| common::visible(d, "objects", t))
        .collect();
    ["Queen", "Rook", "Bishop", "Knight", "Fifth", "Sixth"]
        .iter()
        .filter(|b| shown.contains(**b))
        .map(|b| (b.to_string(), common::text(d, &format!("get {b} promotionChoice.kind"))))
        .collect()
}

fn offers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(b, k)| (b.to_string(), k.to_string())).collect()
}

/// chigorin's Promotion choice has five places (Fairy-Stockfish 11.1: a
/// Pawn of either Side becomes a Queen, a Chancellor, a Rook, a Bishop or a
/// Knight): clicking a Pawn onto its last Rank shows five buttons, and the
/// fifth, pressed, makes a Knight; the keyboard's outline goes to the fifth
/// place and no further, and Enter there makes one too.
#[test]
fn chigorin_offers_five_promotions_by_click_and_by_key() {
    let fen = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
    let five =
        [("Queen", "Queen"), ("Rook", "Chancellor"), ("Bishop", "Rook"), ("Knight", "Bishop"), ("Fifth", "Knight")];
    let mut d = common::two_players(common::load_game(&variant_dir("chigorin")));
    run(&mut d, &format!("setfen {fen}"));
    ok(&mut d, "click b7");
    ok(&mut d, "click b8");
    assert_eq!(common::state(&mut d), "Promotion");
    assert_eq!(promotion_offers(&mut d), offers(&five));
    ok(&mut d, "press Fifth");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("1N2k3/8/8/8/8/8/6p1/4K3 b - - 0 1"));
    // Black's choice is the same five; by keys: Right past the fifth stays on it.
    ok(&mut d, "click g2");
    ok(&mut d, "click g1");
    assert_eq!(promotion_offers(&mut d), offers(&five));
    for _ in 0..6 {
        ok(&mut d, "key Right");
    }
    assert_eq!(common::text(&mut d, "get \"Promotion Focus\" promotionChoice.kind"), "Knight");
    ok(&mut d, "key Enter");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("1N2k3/8/8/8/8/8/8/4K1n1 w - - 0 2"));
}

/// Promotions with a column apart for each Side (newer Fairy-Stockfish's chigorin).
const OWN_PROMOTIONS: &str = "name,White,Black\nFirst,Chancellor,Queen\nSecond,Rook,Rook\nThird,Knight,Bishop\n";

/// What a Pawn may become is each Side's column of Promotions: chigorin's
/// folder with the newer Fairy-Stockfish's rule (White's Pawn becomes a
/// Chancellor, a Rook or a Knight; Black's a Queen, a Rook or a Bishop; three
/// places, so the fourth button and the fifth are hidden) offers each Side
/// its own, in the cards' moves, the engine's, the buttons and the keys.
#[test]
fn each_side_promotes_to_its_own_column_of_promotions() {
    let copy = common::TempContent::of(&variant_dir("chigorin"), "own-promotions");
    copy.write("tables/Promotions.csv", OWN_PROMOTIONS);
    let mut d = common::two_players(common::load_game(&copy.dir));
    run(&mut d, "setfen 8/1P2k3/8/8/8/8/6p1/4K3 w - - 0 1");
    let promotions = |d: &mut Driver, command: &str| -> Vec<String> {
        move_set(d, command).into_iter().filter(|m| m.len() == 5).collect()
    };
    assert_eq!(promotions(&mut d, "moves"), ["b7b8c", "b7b8n", "b7b8r"]);
    assert_eq!(promotions(&mut d, "enginemoves"), ["b7b8c", "b7b8n", "b7b8r"]);
    ok(&mut d, "click b7");
    ok(&mut d, "click b8");
    assert_eq!(promotion_offers(&mut d), offers(&[("Queen", "Chancellor"), ("Rook", "Rook"), ("Bishop", "Knight")]));
    for _ in 0..5 {
        ok(&mut d, "key Right");
    }
    assert_eq!(
        common::text(&mut d, "get \"Promotion Focus\" promotionChoice.kind"),
        "Knight",
        "the outline stops at the third"
    );
    ok(&mut d, "press Queen");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("1C6/4k3/8/8/8/8/6p1/4K3 b - - 0 1"));
    assert_eq!(promotions(&mut d, "moves"), ["g2g1b", "g2g1q", "g2g1r"]);
    assert_eq!(promotions(&mut d, "enginemoves"), ["g2g1b", "g2g1q", "g2g1r"]);
    let all = move_set(&mut d, "moves").len() as f64;
    assert_eq!(run(&mut d, "perft 1").get("nodes"), &Json::Num(all), "perft counts the moves");
    assert_eq!(run(&mut d, "engineperft 1").get("nodes"), &Json::Num(all));
    ok(&mut d, "click g2");
    ok(&mut d, "click g1");
    assert_eq!(promotion_offers(&mut d), offers(&[("Queen", "Queen"), ("Rook", "Rook"), ("Bishop", "Bishop")]));
    ok(&mut d, "press Bishop");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("1C6/4k3/8/8/8/8/8/4K1b1 w - - 0 2"));
}

/// content/README.md's examples are the gallery's own rows: the Knibis's two
/// Directions rows are hoppelpoppel's, the Promotions table with a column
/// apart for each Side is the one [`each_side_promotes_to_its_own_column_of_promotions`] plays,
/// and the castling rows are capablanca's (White's).
#[test]
fn the_readmes_variant_examples_are_the_gallerys_rows() {
    let readme = std::fs::read_to_string(common::root().join("content/README.md")).expect("content/README.md");
    let directions = read(&variant_dir("hoppelpoppel"), "tables/Directions.csv");
    for row in
        ["Knibis 1 2,Knibis,1,2,1,1,true,false,0,false,0,0", "Knibis up right,Knibis,1,1,7,7,false,true,0,false,0,0"]
    {
        assert!(readme.contains(&format!("\n{row}\n")), "content/README.md shows {row}");
        assert!(directions.lines().any(|l| l == row), "hoppelpoppel's Directions has {row}");
    }
    assert!(readme.contains(&format!("```csv\n{OWN_PROMOTIONS}```")), "content/README.md shows {OWN_PROMOTIONS}");
    let castling = read(&variant_dir("capablanca"), "tables/Castling.csv");
    let white: Vec<&str> = castling.lines().take(3).collect();
    assert!(readme.contains(&format!("```csv\n{}\n```", white.join("\n"))), "content/README.md shows {white:?}");
}

/// Makruk's Pawns promote on the sixth Rank (the third for Black), to a Met
/// alone: clicking a Pawn there shows one button, the Met's, and pressing it
/// makes one. The Khon
/// steps forward for its own Side: White's up the Board, Black's down.
#[test]
fn makruk_promotes_on_the_sixth_rank_to_a_met_alone() {
    let mut d = common::two_players(common::load_game(&variant_dir("makruk")));
    run(&mut d, "setfen 4k3/8/8/1P6/6p1/3s4/8/3SK3 w - - 0 1");
    let from = |d: &mut Driver, sq: &str| -> Vec<String> {
        move_set(d, "moves").into_iter().filter(|m| m.starts_with(sq)).collect()
    };
    assert_eq!(from(&mut d, "b5"), ["b5b6m"], "a Met, and only on reaching the sixth Rank");
    assert_eq!(from(&mut d, "d1"), ["d1c2", "d1d2", "d1e2"], "White's Khon: forward is up");
    assert_eq!(move_set(&mut d, "enginemoves"), move_set(&mut d, "moves"), "the built-in engine agrees");
    ok(&mut d, "click b5");
    ok(&mut d, "click b6");
    assert_eq!(common::state(&mut d), "Promotion");
    assert_eq!(promotion_offers(&mut d), offers(&[("Queen", "Met")]));
    ok(&mut d, "press Queen");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("4k3/8/1M6/8/6p1/3s4/8/3SK3 b - - 0 1"));
    assert_eq!(from(&mut d, "d3"), ["d3c2", "d3c4", "d3d2", "d3e2", "d3e4"], "Black's Khon: forward is down");
    ok(&mut d, "click g4");
    ok(&mut d, "click g3");
    assert_eq!(promotion_offers(&mut d), offers(&[("Queen", "Met")]));
    ok(&mut d, "press Queen");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("4k3/8/1M6/8/8/3s2m1/8/3SK3 w - - 0 2"));
}

/// Capablanca chess as a player plays it: a Pawn on the 10-File Board's last
/// Rank is offered six Kinds and becomes the sixth, a Knight; the King on f1
/// castles three Squares, to i1, the Rook from j1 landing on h1; and where
/// g1 is attacked (a Rook on g5), though f1, h1 and i1 are not, it may not
/// (Is Castling Way Clear), as Fairy-Stockfish says.
#[test]
fn capablanca_offers_six_promotions_and_castles_three_squares() {
    let mut d = common::two_players(common::load_game(&variant_dir("capablanca")));
    run(&mut d, "setfen r4k3r/1P6P1/10/10/10/10/1p6p1/R4K3R w KQkq - 0 1");
    ok(&mut d, "click b7");
    ok(&mut d, "click b8");
    let six = [
        ("Queen", "Queen"),
        ("Rook", "Chancellor"),
        ("Bishop", "Archbishop"),
        ("Knight", "Rook"),
        ("Fifth", "Bishop"),
        ("Sixth", "Knight"),
    ];
    assert_eq!(promotion_offers(&mut d), offers(&six));
    ok(&mut d, "press Sixth");
    assert_eq!(run(&mut d, "fen").get("fen").as_str(), Some("rN3k3r/8P1/10/10/10/10/1p6p1/R4K3R b KQkq - 0 1"));
    let mut d = common::two_players(common::load_game(&variant_dir("capablanca")));
    run(&mut d, "setfen r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
    ok(&mut d, "click f1");
    ok(&mut d, "click i1");
    assert_eq!(
        run(&mut d, "fen").get("fen").as_str(),
        Some("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1")
    );
    run(&mut d, "setfen r4k3r/pppppppppp/10/6r3/10/10/PPPPPP1PPP/R4K3R w KQkq - 0 1");
    let king: Vec<String> = move_set(&mut d, "moves").into_iter().filter(|m| m.starts_with("f1")).collect();
    assert_eq!(king, ["f1c1", "f1e1"], "g1 is attacked: no castling to i1, no step to g1");
    assert_eq!(move_set(&mut d, "enginemoves"), move_set(&mut d, "moves"), "the built-in engine agrees");
}

/// Whether a FEN's first Rank is one of Chess960's 960 (Black's last its
/// mirror): two Bishops on Squares of both colours, the King between the
/// two Rooks, a Queen and two Knights; and its castling field names the
/// two Rooks by their Files (as Fairy-Stockfish writes Chess960's).
fn is_chess960_start(fen: &str) -> bool {
    let parts: Vec<&str> = fen.split(' ').collect();
    let ranks: Vec<&str> = parts[0].split('/').collect();
    let (black, white) = (ranks[0], ranks[7]);
    let (files, pawns) = (white.chars().collect::<Vec<char>>(), ranks[1] == "pppppppp" && ranks[6] == "PPPPPPPP");
    let at = |c: char| files.iter().enumerate().filter(|(_, &x)| x == c).map(|(i, _)| i).collect::<Vec<usize>>();
    let (b, r, k) = (at('B'), at('R'), at('K'));
    let mut sorted = files.clone();
    sorted.sort();
    let rooks: String = [r[1], r[0]].iter().map(|&f| (b'A' + f as u8) as char).collect();
    pawns
        && black == white.to_lowercase()
        && sorted.iter().collect::<String>() == "BBKNNQRR"
        && b[0] % 2 != b[1] % 2
        && r[0] < k[0]
        && k[0] < r[1]
        && parts[2] == format!("{rooks}{}", rooks.to_lowercase())
}

/// Chess960 (issue 22): each new game draws its back ranks (random, the
/// driver's `seed`), a legal arrangement of the 960 every time, the same
/// for the same seed, a new one at New Game; castling is the King's click
/// then its Rook's, where the King does not move (on g1) and where King and
/// Rook swap, with FEN's castling letters the Rooks' Files, as
/// Fairy-Stockfish writes them.
#[test]
fn fischerandom_deals_960_starts_and_castles_by_clicking_the_rook() {
    let game = common::load_game(&variant_dir("fischerandom"));
    let mut d = common::two_players(game.clone());
    let first = fen_of(&mut d);
    assert_eq!(first, "nrnkqrbb/pppppppp/8/8/8/8/PPPPPPPP/NRNKQRBB w FBfb - 0 1", "seed 0 draws 175");
    let mut seen = BTreeSet::new();
    for seed in 0..12 {
        ok(&mut d, &format!("seed {seed}"));
        ok(&mut d, "press New Game");
        ok(&mut d, "press Play");
        let fen = fen_of(&mut d);
        assert!(is_chess960_start(&fen), "seed {seed}: {fen}");
        let number = match run(&mut d, "table Chess960 Start").get("rows").as_array()[0].get("number") {
            Json::Num(n) => Some(*n),
            _ => None,
        };
        seen.insert(fen.clone());
        ok(&mut d, &format!("seed {seed}"));
        ok(&mut d, "press New Game");
        ok(&mut d, "press Play");
        assert_eq!(fen_of(&mut d), fen, "seed {seed} again: the same start");
        assert!(number.is_some_and(|n| (0.0..960.0).contains(&n)), "{number:?}");
    }
    assert!(seen.len() >= 10, "twelve seeds, {} starts", seen.len());
    // A saved game keeps the generator: loaded, its next new game is the one it would have drawn.
    ok(&mut d, "seed 99");
    ok(&mut d, "save drawn");
    ok(&mut d, "press New Game");
    ok(&mut d, "press Play");
    let next = fen_of(&mut d);
    ok(&mut d, "seed 5");
    ok(&mut d, "load drawn");
    ok(&mut d, "press New Game");
    ok(&mut d, "press Play");
    assert_eq!(fen_of(&mut d), next, "the loaded game draws what the saved one would have");
    // Its PGN says Chess960 (the PGN Tags table) and names the start it drew.
    let pgn = run(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    assert!(pgn.contains(&format!("[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{next}\"]")), "{pgn}");
    // Moves taken back go back to the start drawn, not to chess's (Go Back To The Start).
    for square in ["b2", "b3", "b7", "b6"] {
        ok(&mut d, &format!("click {square}"));
    }
    ok(&mut d, "press Undo");
    assert_eq!(fen_of(&mut d), next, "Undo");
    // The King on g1 castles on the King's side without moving: the King's click, then the Rook's.
    run(&mut d, "setfen 1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1");
    let king: Vec<String> = move_set(&mut d, "moves").into_iter().filter(|m| m.starts_with("g1")).collect();
    assert_eq!(king, ["g1b1", "g1f1", "g1h1"]);
    assert_eq!(move_set(&mut d, "enginemoves"), move_set(&mut d, "moves"), "the built-in engine agrees");
    ok(&mut d, "click g1");
    ok(&mut d, "click h1");
    assert_eq!(fen_of(&mut d), "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b hb - 1 1");
    // Black's Queen side: the King from g8 to c8, the Rook from b8 to d8.
    ok(&mut d, "click g8");
    ok(&mut d, "click b8");
    assert_eq!(fen_of(&mut d), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2");
    let history = run(&mut d, "table Move History");
    let names: Vec<&str> =
        history.get("rows").as_array().iter().map(|r| r.get("letter").as_str().unwrap_or("")).collect();
    assert_eq!(names, ["O-O", "O-O-O"]);
    // King and Rook swap (the King on f1, its Rook on g1), and a castling as Fairy-Stockfish reads KQkq.
    run(&mut d, "setfen 4k3/8/8/8/8/8/8/R4KR1 w KQ - 0 1");
    assert_eq!(fen_of(&mut d), "4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1");
    ok(&mut d, "click f1");
    ok(&mut d, "click g1");
    assert_eq!(fen_of(&mut d), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    let faults = run(&mut d, "faults");
    assert!(faults.get("faults").as_array().is_empty(), "{faults}");
    // The Computer's castling, as Fairy-Stockfish answers it (the King onto its Rook, b8h8).
    let mut d = Driver::with_parts_off(game, std::rc::Rc::new(cardtable_runtime::save::Store::memory()), true, &[]);
    ok(&mut d, "engine manual");
    run(&mut d, "setfen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1");
    ok(&mut d, "click a2");
    ok(&mut d, "click a3");
    ok(&mut d, "answer b8h8");
    assert_eq!(fen_of(&mut d), "r4rk1/pppppppp/8/8/8/P7/1PPPPPPP/RK5R w HA - 1 2");
    let faults = run(&mut d, "faults");
    assert!(faults.get("faults").as_array().is_empty(), "{faults}");
}

/// The position as FEN.
fn fen_of(d: &mut Driver) -> String {
    run(d, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

/// Janus's King on e castles four Squares to i (its Rook from j1 to h1) and
/// three to b (a1 to c1), as Fairy-Stockfish's `janus` (the King's click
/// then the Square it lands on); Embassy's castles three to h (j1 to g1);
/// and a Pawn of janus, on the last Rank, is offered five Kinds, the Janus
/// among them, the sixth button of Capablanca's panel hidden.
#[test]
fn janus_and_embassy_castle_from_e_and_janus_offers_five_promotions() {
    let mut d = common::two_players(common::load_game(&variant_dir("janus")));
    run(&mut d, "setfen r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1");
    let king: Vec<String> = move_set(&mut d, "moves").into_iter().filter(|m| m.starts_with("e1")).collect();
    assert_eq!(king, ["e1b1", "e1d1", "e1f1", "e1i1"]);
    assert_eq!(move_set(&mut d, "enginemoves"), move_set(&mut d, "moves"), "the built-in engine agrees");
    ok(&mut d, "click e1");
    ok(&mut d, "click i1");
    assert_eq!(fen_of(&mut d), "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1");
    ok(&mut d, "click e8");
    ok(&mut d, "click b8");
    assert_eq!(fen_of(&mut d), "1kr6r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 w - - 2 2");
    run(&mut d, "setfen 4k5/1P8/10/10/10/10/10/4K5 w - - 0 1");
    ok(&mut d, "click b7");
    ok(&mut d, "click b8");
    let five = [("Queen", "Queen"), ("Rook", "Janus"), ("Bishop", "Rook"), ("Knight", "Bishop"), ("Fifth", "Knight")];
    assert_eq!(promotion_offers(&mut d), offers(&five));
    ok(&mut d, "press Rook");
    assert_eq!(fen_of(&mut d), "1J2k5/10/10/10/10/10/10/4K5 b - - 0 1");
    let mut d = common::two_players(common::load_game(&variant_dir("embassy")));
    run(&mut d, "setfen r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1");
    ok(&mut d, "click e1");
    ok(&mut d, "click h1");
    assert_eq!(fen_of(&mut d), "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R5RK2 b kq - 1 1");
}
