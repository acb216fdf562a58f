//! The baselines the cards are measured against: the cards' own legal-move
//! algorithm written directly in Rust (`native`), and the same algorithm in
//! Rhai (`peer`, with its script in `chess.rhai`). Both read the content's
//! own tables (Directions, Sides, Castling) from CSV at start, so they walk
//! the same rows the cards walk.

pub mod native;
pub mod peer;

use std::path::Path;

/// Which parts of Find Legal Moves the loaded cards have. The baselines do
/// what the cards do: while the content is at Chapter 3 (Find Moves only, no
/// castling, no en passant), so are they.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    /// Keep Safe Moves (with Drop Move If Unsafe, Find King, Is Square Attacked).
    pub safe_moves: bool,
    /// Try Castling over the Castling table.
    pub castling: bool,
    /// Find En Passant Move.
    pub en_passant: bool,
}

/// One row of Directions.csv.
#[derive(Clone, Debug)]
pub struct DirectionRow {
    pub kind: String,
    pub file_step: i64,
    pub rank_step: i64,
    pub steps: i64,
    pub first_move_steps: i64,
    pub can_move: bool,
    pub can_capture: bool,
}

/// One row of Sides.csv.
#[derive(Clone, Debug)]
pub struct SideRow {
    pub name: String,
    pub forward: i64,
    pub pawn_rank: i64,
    /// The rank a Pawn promotes on (the column came with Chapter 4).
    pub promotion_rank: Option<i64>,
    pub opponent: String,
}

/// One row of Castling.csv, its Squares as Position rows (a1 = 0).
#[derive(Clone, Debug)]
pub struct CastlingRow {
    pub king_from: usize,
    pub king_to: usize,
    pub rook_from: usize,
    pub rook_to: usize,
    pub rook_passes: usize,
}

/// The content tables the baselines read.
pub struct Tables {
    pub directions: Vec<DirectionRow>,
    pub sides: Vec<SideRow>,
    pub castling: Vec<CastlingRow>,
}

/// A table as text: its header and rows.
fn read_csv(path: &Path) -> Option<(Vec<String>, Vec<Vec<String>>)> {
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).from_path(path).ok()?;
    let header = reader.headers().ok()?.iter().map(str::to_string).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())).iter().map(str::to_string).collect())
        .collect();
    Some((header, rows))
}

fn cell<'a>(header: &[String], row: &'a [String], column: &str, table: &str) -> &'a str {
    let i = header.iter().position(|h| h == column).unwrap_or_else(|| panic!("{table} has no column `{column}`"));
    &row[i]
}

fn number(text: &str) -> i64 {
    text.parse::<f64>().unwrap_or_else(|_| panic!("`{text}` is not a number")) as i64
}

fn boolean(text: &str) -> bool {
    matches!(text.to_ascii_lowercase().as_str(), "true" | "yes" | "1")
}

impl Tables {
    /// Reads Directions.csv, Sides.csv and (when there is one) Castling.csv.
    pub fn read(tables: &Path) -> Tables {
        let (h, rows) = read_csv(&tables.join("Directions.csv")).expect("content/chess/tables/Directions.csv");
        let directions = rows
            .iter()
            .map(|r| DirectionRow {
                kind: cell(&h, r, "kind", "Directions").to_string(),
                file_step: number(cell(&h, r, "fileStep", "Directions")),
                rank_step: number(cell(&h, r, "rankStep", "Directions")),
                steps: number(cell(&h, r, "steps", "Directions")),
                first_move_steps: number(cell(&h, r, "firstMoveSteps", "Directions")),
                can_move: boolean(cell(&h, r, "canMove", "Directions")),
                can_capture: boolean(cell(&h, r, "canCapture", "Directions")),
            })
            .collect();
        let (h, rows) = read_csv(&tables.join("Sides.csv")).expect("content/chess/tables/Sides.csv");
        let sides = rows
            .iter()
            .map(|r| SideRow {
                name: r[0].clone(),
                forward: number(cell(&h, r, "forward", "Sides")),
                pawn_rank: number(cell(&h, r, "pawnRank", "Sides")),
                promotion_rank: h.iter().position(|c| c == "promotionRank").map(|i| number(&r[i])),
                opponent: cell(&h, r, "opponent", "Sides").to_string(),
            })
            .collect();
        let castling = match read_csv(&tables.join("Castling.csv")) {
            None => Vec::new(),
            Some((h, rows)) => rows
                .iter()
                .map(|r| {
                    let sq = |c: &str| {
                        parse_square(cell(&h, r, c, "Castling"))
                            .unwrap_or_else(|| panic!("Castling.{c} is not a Square"))
                    };
                    CastlingRow {
                        king_from: sq("kingFrom"),
                        king_to: sq("kingTo"),
                        rook_from: sq("rookFrom"),
                        rook_to: sq("rookTo"),
                        rook_passes: sq("rookPasses"),
                    }
                })
                .collect(),
        };
        Tables { directions, sides, castling }
    }
}

/// A position as a FEN gives it: Kind and Side on each Square (a1 = 0, ""
/// when empty), the Side to move, the castlings allowed, the en passant Square.
#[derive(Clone, Debug)]
pub struct Setup {
    pub kind: Vec<&'static str>,
    pub side: Vec<&'static str>,
    pub to_move: &'static str,
    /// The FEN's castling field (`KQkq`, `-`).
    pub rights: String,
    pub en_passant: Option<usize>,
}

impl Setup {
    pub fn from_fen(fen: &str) -> Setup {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let mut kind = vec![""; 64];
        let mut side = vec![""; 64];
        for (i, text) in parts[0].split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                    continue;
                }
                kind[rank * 8 + file] = match c.to_ascii_lowercase() {
                    'k' => "King",
                    'q' => "Queen",
                    'r' => "Rook",
                    'b' => "Bishop",
                    'n' => "Knight",
                    'p' => "Pawn",
                    other => panic!("`{other}` is not a piece letter"),
                };
                side[rank * 8 + file] = if c.is_ascii_uppercase() { "White" } else { "Black" };
                file += 1;
            }
        }
        Setup {
            kind,
            side,
            to_move: if parts[1] == "w" { "White" } else { "Black" },
            rights: parts.get(2).unwrap_or(&"-").to_string(),
            en_passant: parts.get(3).and_then(|s| parse_square(s)),
        }
    }

    /// Whether the castling whose Rook starts on `rook_from` is still allowed
    /// (as the chess library's `set_fen` sets Castling's isAllowed).
    pub fn castling_allowed(&self, rook_from: usize) -> bool {
        let letter = match square_name(rook_from).as_str() {
            "h1" => 'K',
            "a1" => 'Q',
            "h8" => 'k',
            "a8" => 'q',
            _ => return false,
        };
        self.rights.contains(letter)
    }
}

pub fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
}

pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// A move as UCI (`e2e4`, `e7e8q`): how the three sets are compared.
pub fn uci(from: usize, to: usize, promotion: &str) -> String {
    let letter = match promotion {
        "Queen" => "q",
        "Rook" => "r",
        "Bishop" => "b",
        "Knight" => "n",
        _ => "",
    };
    format!("{}{}{letter}", square_name(from), square_name(to))
}

/// What a Pawn may become, in the order the chess library lists them.
pub const PROMOTIONS: [&str; 4] = ["Queen", "Rook", "Bishop", "Knight"];
