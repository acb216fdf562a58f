//! The chess facts that the chess library, its PGN, the built-in engine and
//! the Stockfish Bridge share, each told once:
//!
//! - the Board ([`Grid`]): its Files and Ranks, read from the content's
//!   Board Size table (without it, chess's: [`Grid::CHESS`], 8 by 8), a
//!   Square as a number (a1 = 0, b1 = 1, ... rank by rank) and by its name
//!   (`e4`, `j10`), and the letter of a castling in a FEN by its Rook's
//!   Square;
//! - a move ([`Move`]: from, to, and the Kind a Piece is promoted to);
//! - a FEN read ([`Fen::read`]) and a FEN's placement written
//!   ([`write_placement`]), the letters the Kinds' own;
//! - the content's tables and columns looked up by name at load, each lack
//!   a [`Lack`] that names the library and the cell ([`Tables`]);
//! - the Kinds and the Sides as FEN writes them and as their roles say
//!   ([`Facts`]): each Kind's FEN letter, which Kind is royal, which have
//!   the Pawn's powers (`promotes`, `enPassant`, `resetsFiftyMoves`), which
//!   Side is FEN's `w` (its letters upper case) and which `b`, and the
//!   Board's Grid. They are read
//!   from the Kinds and Sides tables' columns, never from a Kind's or a
//!   Side's name: a content may call its King Rex.

use cardtable_runtime::game::{Game, TableDef};
use cardtable_runtime::ids::{ColumnId, StructId, TableId};
use cardtable_runtime::library::Lack;
use cardtable_runtime::value::Value;

/// A Board's size, its Files (a, b, ...) and its Ranks (1, 2, ...), with
/// its Squares numbered as the Position table's rows are: a1 = 0, b1 = 1,
/// ... along Rank 1, then Rank 2, up to the last File of the last Rank. The
/// chess libraries read it from the content's Board Size table
/// ([`Grid::read`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub files: u8,
    pub ranks: u8,
}

impl Grid {
    /// The chess game's Board, 8 by 8: a content's without a Board Size
    /// table, and the only one a UCI engine (Stockfish) plays.
    pub const CHESS: Grid = Grid { files: 8, ranks: 8 };
    /// The most Files a Square's name can letter (a to z).
    pub const MOST_FILES: u8 = 26;
    /// The most Squares (a Square is a byte).
    pub const MOST_SQUARES: usize = 255;

    /// The Board Size table's counts (its rows `file` and `rank`, column
    /// `count`), or [`Grid::CHESS`] for a content without the table; a
    /// count the libraries cannot play is a lack at its cell.
    pub fn read(tables: &Tables) -> Result<Grid, Lack> {
        let Some(t) = tables.optional("Board Size") else { return Ok(Grid::CHESS) };
        let col = tables.column(t, "count")?;
        let def = tables.def(t);
        let count = |name: &str| -> Result<(usize, f64), Lack> {
            let row = (0..def.rows.len()).find(|&r| tables.row_name(t, r) == name).ok_or_else(|| {
                tables.lack_at(t, None, None, format!("the chess libraries need the Board Size table's row `{name}`"))
            })?;
            Ok((row, tables.num(t, row, col)))
        };
        let ((file_row, files), (rank_row, ranks)) = (count("file")?, count("rank")?);
        let whole = |n: f64| n >= 1.0 && n.fract() == 0.0;
        if !whole(files) || files > f64::from(Grid::MOST_FILES) {
            let why = format!("the chess libraries play 1 to {} Files (a to z), not {files}", Grid::MOST_FILES);
            return Err(tables.lack_at(t, Some(file_row), Some(col), why));
        }
        if !whole(ranks) || files * ranks > Grid::MOST_SQUARES as f64 {
            let why = format!(
                "the chess libraries play a Board of {} Squares at most: {files} Files by {ranks} Ranks are not one",
                Grid::MOST_SQUARES
            );
            return Err(tables.lack_at(t, Some(rank_row), Some(col), why));
        }
        Ok(Grid { files: files as u8, ranks: ranks as u8 })
    }

    /// How many Squares the Board has.
    pub fn squares(self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// The Square of a File (0 = a) and a Rank (0 = Rank 1).
    #[inline]
    pub fn square(self, file: u8, rank: u8) -> u8 {
        rank * self.files + file
    }

    /// A Square's File, 0 = a.
    #[inline]
    pub fn file_of(self, sq: u8) -> u8 {
        sq % self.files
    }

    /// A Square's Rank, 0 = Rank 1.
    #[inline]
    pub fn rank_of(self, sq: u8) -> u8 {
        sq / self.files
    }

    /// A Square by its name (`e4`, `j10`), or None when it names none of
    /// the Board's.
    pub fn parse(self, s: &str) -> Option<u8> {
        let mut chars = s.chars();
        let file = chars.next()?;
        let rank = chars.as_str();
        if !file.is_ascii_lowercase() || rank.is_empty() || rank.starts_with('0') || rank.len() > 2 {
            return None;
        }
        if !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let file = file as u8 - b'a';
        let rank: u8 = rank.parse().ok()?;
        (file < self.files && (1..=self.ranks).contains(&rank)).then(|| self.square(file, rank - 1))
    }

    /// A Square's name: `e4`, `j10`.
    pub fn name(self, sq: u8) -> String {
        format!("{}{}", (b'a' + self.file_of(sq)) as char, self.rank_of(sq) + 1)
    }

    /// The letter of a castling in a FEN's castling field, by the Square
    /// its Rook starts from: FEN names the four Rooks in the Board's
    /// corners (K and Q on the first Rank, the last File and the first; k
    /// and q on the last), and no other.
    pub fn castling_letter(self, rook_from: u8) -> Option<char> {
        let (last_file, last_rank) = (self.files - 1, self.ranks - 1);
        match (self.file_of(rook_from), self.rank_of(rook_from)) {
            (f, 0) if f == last_file => Some('K'),
            (0, 0) => Some('Q'),
            (f, r) if f == last_file && r == last_rank => Some('k'),
            (0, r) if r == last_rank => Some('q'),
            _ => None,
        }
    }
}

impl Grid {
    /// The letter of a castling by its Rook's File, as Shredder-FEN (and
    /// Fairy-Stockfish's Chess960) writes it: the File's letter, upper case
    /// for a Rook in the first half of the Board's Ranks (White's), lower
    /// case in the last (`H`, `a`).
    pub fn castling_file_letter(self, rook_from: u8) -> char {
        let letter = (b'a' + self.file_of(rook_from)) as char;
        if self.rank_of(rook_from) < self.ranks / 2 {
            letter.to_ascii_uppercase()
        } else {
            letter
        }
    }
}

/// A move: from and to as Squares, and the Kind (its row of Kinds) the
/// moving Piece becomes, or [`Move::NONE`]. The built-in engine's moves and
/// the moves the cards find (the chess library's) alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promotion: u8,
}

impl Move {
    /// No promotion.
    pub const NONE: u8 = 255;

    /// The move in UCI form, `e2e4`, `e7e8q`: the promotion written by the
    /// letter `letter` gives its Kind (none, when it gives none).
    pub fn uci(self, grid: Grid, letter: impl Fn(u8) -> Option<char>) -> String {
        let mut s = grid.name(self.from);
        s.push_str(&grid.name(self.to));
        if self.promotion != Move::NONE {
            s.extend(letter(self.promotion));
        }
        s
    }
}

/// A FEN, read: each Square's Piece (its Kind, and whether it is FEN's
/// White's, upper case), the side to move (White: `w`), the castling field
/// as written, the en passant Square, the checks each Side has still to
/// give (Fairy-Stockfish's three-check field), the halfmove clock and the
/// move number.
#[derive(Clone, Debug, PartialEq)]
pub struct Fen<'a> {
    /// Each Square's Piece, a1 first, as the Board's [`Grid`] numbers them.
    pub placement: Vec<Option<(u8, bool)>>,
    pub white_to_move: bool,
    pub castling: &'a str,
    pub en_passant: Option<u8>,
    /// The checks FEN's White and Black have still to give, when the FEN
    /// says (`3+3`, after the en passant Square, as Fairy-Stockfish writes
    /// a game of check counting: its 3check, 5check).
    pub checks: Option<[u32; 2]>,
    pub halfmoves: u32,
    pub move_number: u32,
}

impl<'a> Fen<'a> {
    /// Reads a FEN whose Pieces' letters are the Kinds' that `kind_of`
    /// knows (either case), or says what is wrong with it. Only the
    /// placement and the side to move are needed: the castling field is then
    /// `-`, no en passant Square, 0 and 1.
    pub fn read(grid: Grid, fen: &'a str, kind_of: impl Fn(char) -> Option<u8>) -> Result<Fen<'a>, String> {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        if parts.len() < 2 {
            return Err("a FEN has at least the placement and the side to move".into());
        }
        let (files, ranks) = (u32::from(grid.files), grid.ranks);
        let mut placement = vec![None; grid.squares()];
        let rank_texts: Vec<&str> = parts[0].split('/').collect();
        if rank_texts.len() != usize::from(ranks) {
            return Err(format!("the FEN's placement has {} ranks, not {ranks}", rank_texts.len()));
        }
        for (i, text) in rank_texts.iter().enumerate() {
            let rank = ranks - 1 - i as u8;
            let mut file = 0u32;
            // A run of empty Squares is a number, of one digit or more (`10`).
            let mut empty = 0u32;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10) {
                    empty = empty.saturating_mul(10).saturating_add(n);
                    continue;
                }
                file = file.saturating_add(std::mem::take(&mut empty));
                let Some(kind) = kind_of(c) else { return Err(format!("`{c}` is not a piece letter")) };
                if file >= files {
                    return Err(format!("rank {} of the FEN has more than {files} squares", rank + 1));
                }
                placement[usize::from(grid.square(file as u8, rank))] = Some((kind, c.is_ascii_uppercase()));
                file += 1;
            }
            file = file.saturating_add(empty);
            if file != files {
                return Err(format!("rank {} of the FEN has {file} squares, not {files}", rank + 1));
            }
        }
        let white_to_move = match parts[1] {
            "w" => true,
            "b" => false,
            other => return Err(format!("the side to move is w or b, not `{other}`")),
        };
        let castling = parts.get(2).copied().unwrap_or("-");
        // KQkq, or the Rooks' Files (Shredder-FEN, X-FEN: `HAha`, `KGkg`), or -.
        let is_file = |c: char| c.is_ascii_alphabetic() && (c.to_ascii_lowercase() as u32) < u32::from(b'a') + files;
        if castling.is_empty() || !(castling == "-" || castling.chars().all(|c| "KQkq".contains(c) || is_file(c))) {
            return Err(format!("`{castling}` is not a castling field (KQkq, the Rooks' Files as in HAha, or -)"));
        }
        let en_passant = match parts.get(3).copied().unwrap_or("-") {
            "-" => None,
            ep => Some(grid.parse(ep).ok_or(format!("`{ep}` is not an en passant square"))?),
        };
        // Fairy-Stockfish's checks field, `W+B`, comes before the clocks.
        let checks = match parts.get(4) {
            Some(field) if field.contains('+') => Some(read_checks(field)?),
            _ => None,
        };
        let clocks = if checks.is_some() { 5 } else { 4 };
        let halfmoves = parts
            .get(clocks)
            .map_or(Ok(0), |s| s.parse())
            .map_err(|_| "the halfmove clock is a whole number".to_string())?;
        let move_number = parts
            .get(clocks + 1)
            .map_or(Ok(1), |s| s.parse())
            .map_err(|_| "the move number is a whole number".to_string())?;
        Ok(Fen { placement, white_to_move, castling, en_passant, checks, halfmoves, move_number })
    }
}

/// Fairy-Stockfish's checks field, `W+B`: the checks White and Black have
/// still to give, each a whole number.
fn read_checks(field: &str) -> Result<[u32; 2], String> {
    let wrong = || format!("`{field}` is not a checks field (the checks White and Black have still to give, as `3+3`)");
    let (white, black) = field.split_once('+').ok_or_else(wrong)?;
    let count = |s: &str| s.parse::<u32>().ok().filter(|_| s.bytes().all(|b| b.is_ascii_digit()));
    Ok([count(white).ok_or_else(wrong)?, count(black).ok_or_else(wrong)?])
}

/// The King's and the Rook's Squares of the castling a FEN's castling
/// field names for one Side on one wing, when it names one (Chess960's
/// rows, read by their Rook's File): the King is the royal Kind's Piece of
/// that Side on `rank`; `K` and `Q` (`k`, `q`) name the outermost Rook of
/// the Kind `rook` on that wing of the King (X-FEN), a File's letter (`H`,
/// `a`) the Rook on that File (Shredder-FEN). Shared by the chess library
/// (`setfen`) and the built-in engine.
pub fn castling_by_file(
    grid: Grid,
    read: &Fen,
    royal: u8,
    rook: u8,
    rank: u8,
    white: bool,
    king_side: bool,
) -> Option<(u8, u8)> {
    let piece = |file: u8| read.placement.get(usize::from(grid.square(file, rank))).copied().flatten();
    let king = (0..grid.files).find(|&f| piece(f) == Some((royal, white)))?;
    let rooks: Vec<u8> =
        (0..grid.files).filter(|&f| f != king && piece(f) == Some((rook, white)) && (f > king) == king_side).collect();
    let named = read.castling.chars().filter(|c| c.is_ascii_uppercase() == white).find_map(|c| {
        match c.to_ascii_lowercase() {
            'k' if king_side => rooks.last().copied(),
            'q' if !king_side => rooks.first().copied(),
            'k' | 'q' => None,
            l => {
                let file = (l as u8).checked_sub(b'a')?;
                rooks.contains(&file).then_some(file)
            }
        }
    })?;
    Some((grid.square(king, rank), grid.square(named, rank)))
}

/// A FEN's placement (`rnbqkbnr/pppppppp/8/...`): the letter of the Piece on
/// each Square as `piece` gives it (None: empty), the last Rank first.
pub fn write_placement(grid: Grid, piece: impl Fn(u8) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..grid.ranks).rev() {
        let mut empty = 0;
        for file in 0..grid.files {
            match piece(grid.square(file, rank)) {
                None => empty += 1,
                Some(letter) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(letter);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// A game's tables (and Data Structures) as one library looks them up at
/// load: a table, a column or a Data Structure it lacks is a [`Lack`] that
/// names the library.
#[derive(Clone, Copy)]
pub struct Tables<'g> {
    pub game: &'g Game,
    /// The library's name in the lacks: `engine`.
    pub library: &'static str,
}

impl<'g> Tables<'g> {
    pub fn new(game: &'g Game, library: &'static str) -> Tables<'g> {
        Tables { game, library }
    }

    /// The table of this name.
    pub fn table(&self, name: &str) -> Result<TableId, Lack> {
        self.game
            .names
            .tables
            .get(name)
            .copied()
            .ok_or_else(|| Lack::from(format!("the {} library needs a table `{name}`", self.library)))
    }

    /// The table of this name, if the content has one.
    pub fn optional(&self, name: &str) -> Option<TableId> {
        self.game.names.tables.get(name).copied()
    }

    pub fn def(&self, t: TableId) -> &'g TableDef {
        &self.game.tables[t.index()]
    }

    /// The column of this name in `t`.
    pub fn column(&self, t: TableId, name: &str) -> Result<ColumnId, Lack> {
        let def = self.def(t);
        def.columns.iter().position(|c| c.name == name).map(|i| ColumnId(i as u16)).ok_or_else(|| {
            Lack::from(format!("the {} library needs a column `{name}` in the table `{}`", self.library, def.name))
        })
    }

    /// The column of this name in `t`, if the table has one (a column added
    /// to the chess game's tables later, whose absence means its default).
    pub fn optional_column(&self, t: TableId, name: &str) -> Option<ColumnId> {
        self.def(t).columns.iter().position(|c| c.name == name).map(|i| ColumnId(i as u16))
    }

    /// The Data Structure of this name.
    pub fn structure(&self, name: &str) -> Result<StructId, Lack> {
        self.game
            .names
            .structs
            .get(name)
            .copied()
            .ok_or_else(|| Lack::from(format!("the {} library needs a Data Structure `{name}`", self.library)))
    }

    /// The field of this name in a Data Structure, if it has one.
    pub fn field(&self, s: StructId, name: &str) -> Option<u16> {
        self.game.structs[s.index()].fields.iter().position(|f| f.name == name).map(|i| i as u16)
    }

    /// The cell of a row (as the content's files make it) and a column.
    pub fn cell(&self, t: TableId, row: usize, col: ColumnId) -> Value {
        let def = self.def(t);
        def.cells.get(row * def.columns.len() + col.index()).copied().unwrap_or(Value::None)
    }

    /// A cell's text (empty when it holds none).
    pub fn text(&self, t: TableId, row: usize, col: ColumnId) -> &'g str {
        match self.cell(t, row, col) {
            Value::Text(s) => self.game.syms.text(s),
            _ => "",
        }
    }

    /// A cell's number (0 when it holds none).
    pub fn num(&self, t: TableId, row: usize, col: ColumnId) -> f64 {
        match self.cell(t, row, col) {
            Value::Num(n) => n,
            _ => 0.0,
        }
    }

    /// Whether a cell holds true.
    pub fn yes(&self, t: TableId, row: usize, col: ColumnId) -> bool {
        self.cell(t, row, col) == Value::Bool(true)
    }

    /// The name of a row.
    pub fn row_name(&self, t: TableId, row: usize) -> &'g str {
        self.def(t).rows.get(row).map_or("", |&s| self.game.syms.text(s))
    }

    /// A lack found at a cell of `t` (a row alone is its first cell, a
    /// column alone its header).
    pub fn lack_at(&self, t: TableId, row: Option<usize>, col: Option<ColumnId>, why: String) -> Lack {
        Lack::in_cell(t, row, col.map(ColumnId::index), why)
    }
}

/// A Kind as FEN and the rules know it: its name (as Position spells it),
/// its FEN letter (lower case; None: it cannot stand in a FEN) and its roles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindFacts {
    pub name: String,
    pub letter: Option<char>,
    /// Its letter in a Move's name, as Kinds' `letter` writes it (`N`; the
    /// Pawn's is empty): PGN's.
    pub move_letter: String,
    /// The Side's royal Piece (Kinds' `royal`): never left in check; it castles.
    pub royal: bool,
    /// Promoted on its Side's promotionRank (Kinds' `promotes`).
    pub promotes: bool,
    /// Takes and leaves Squares open to en passant (Kinds' `enPassant`).
    pub en_passant: bool,
    /// Its Move starts the fifty-move count again (Kinds' `resetsFiftyMoves`).
    pub resets_fifty: bool,
}

impl KindFacts {
    /// The Pawn's powers, each by its column of Kinds, and whether this
    /// Kind has it.
    pub fn pawn_powers(&self) -> [(&'static str, bool); 3] {
        [("promotes", self.promotes), ("enPassant", self.en_passant), ("resetsFiftyMoves", self.resets_fifty)]
    }
}

/// The Kinds and the Sides of a game as FEN and the rules know them, read
/// once, at load, from the Kinds table (`letter`, `royal`, `promotes`,
/// `enPassant`, `resetsFiftyMoves`) and the Sides table (`fenLetter`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Each Kind, in the Kinds table's order.
    pub kinds: Vec<KindFacts>,
    /// The royal Kind (its row of Kinds), or None: a game with no royal
    /// Kind (Antichess, Extinction), where no Piece is in check and none is
    /// kept from being taken. The chess library, FEN and PGN play it; the
    /// built-in engine does not ([`Facts::NO_ROYAL`]).
    pub royal: Option<u8>,
    /// The names of the Sides whose `fenLetter` is `w` and `b`: FEN's White
    /// (its Pieces' letters upper case, and the first of the engine's two
    /// Sides) and Black.
    pub sides: [String; 2],
    /// Their rows of the Sides table.
    pub side_rows: [usize; 2],
    /// The Board's size (the Board Size table's).
    pub grid: Grid,
}

/// Each Sides row's letter in FEN, in the order of [`Facts::sides`].
const FEN_SIDES: [&str; 2] = ["w", "b"];

impl Facts {
    /// Why the built-in engine cannot play a game with no royal Kind.
    pub const NO_ROYAL: &'static str = "the built-in engine plays a game with one royal Kind (a row of Kinds whose \
        `royal` is true), and this one has none: it knows no game in which every Piece may be taken";

    /// The tables of rules the built-in engine does not know (content/README.md,
    /// No royal Kind, extinction, obligatory capture; Makpong's Royal In Check,
    /// Racing Kings' May Give Check):
    /// a game that has one is not the engine's to play.
    pub const RULES_UNKNOWN_TO_THE_ENGINE: [&'static str; 5] =
        ["Extinction", "Must Capture", "Out Of Moves", "Royal In Check", "May Give Check"];

    /// Why the built-in engine cannot play this game's rules, if it cannot:
    /// no royal Kind ([`Facts::NO_ROYAL`]), or a table of a rule it does not
    /// know ([`Facts::RULES_UNKNOWN_TO_THE_ENGINE`]).
    pub fn engine_cannot_play(&self, game: &Game) -> Option<String> {
        if self.royal.is_none() {
            return Some(Facts::NO_ROYAL.to_string());
        }
        let tables = Tables::new(game, "engine");
        let unknown = Facts::RULES_UNKNOWN_TO_THE_ENGINE.into_iter().find(|t| tables.optional(t).is_some())?;
        Some(format!(
            "the built-in engine knows no rule of the `{unknown}` table (extinction, obligatory capture, what no move \
             scores, a royal Piece held in check, no check given): it would play another game"
        ))
    }

    /// Reads the Kinds and the Sides for `library`, or says what the
    /// content lacks, at its cell: two Kinds with one letter, a letter a
    /// FEN cannot hold, more than one royal Kind, a Sides table with
    /// no Side (or two) of each FEN letter, a Board Size the libraries
    /// cannot play.
    pub fn read(game: &Game, library: &'static str) -> Result<Facts, Lack> {
        let tables = Tables::new(game, library);
        let kinds = read_kinds(&tables)?;
        let royal = at_most_one_royal(&tables, &kinds)?;
        let (sides, side_rows) = read_sides(&tables)?;
        let grid = Grid::read(&tables)?;
        Ok(Facts { kinds, royal, sides, side_rows, grid })
    }

    /// Each Kind's name and FEN letter, of those that have one.
    pub fn letters(&self) -> Vec<(String, char)> {
        self.kinds.iter().filter_map(|k| Some((k.name.clone(), k.letter?))).collect()
    }

    /// The Kind (its row) of a FEN letter, either case.
    pub fn kind_of_letter(&self, letter: char) -> Option<u8> {
        let letter = letter.to_ascii_lowercase();
        self.kinds.iter().position(|k| k.letter == Some(letter)).map(|i| i as u8)
    }

    /// The Kind (its row) of a name.
    pub fn kind_named(&self, name: &str) -> Option<u8> {
        self.kinds.iter().position(|k| k.name == name).map(|i| i as u8)
    }

    /// The Kind of this name, if it has a role (`royal`...) that `role` picks.
    pub fn has(&self, name: &str, role: impl Fn(&KindFacts) -> bool) -> bool {
        self.kinds.iter().any(|k| k.name == name && role(k))
    }

    /// The FEN letter of a Kind (its row), if it has one.
    pub fn letter(&self, kind: u8) -> Option<char> {
        self.kinds.get(kind as usize).and_then(|k| k.letter)
    }

    /// The Kind's letter as a FEN writes a Piece: upper case for FEN's White.
    pub fn piece_letter(&self, name: &str, side: &str) -> Option<char> {
        let letter = self.kinds.iter().find(|k| k.name == name)?.letter?;
        Some(if self.is_white(side) { letter.to_ascii_uppercase() } else { letter })
    }

    /// Whether a Side (by its name) is FEN's White, `w`.
    pub fn is_white(&self, side: &str) -> bool {
        self.sides[0] == side
    }

    /// The Side of a FEN's piece letter (upper case: `w`'s) or of its side to move (`w`, `b`).
    pub fn side_of_fen(&self, white: bool) -> &str {
        &self.sides[usize::from(!white)]
    }
}

/// Each Kind of the Kinds table, its FEN letter and its roles.
fn read_kinds(tables: &Tables) -> Result<Vec<KindFacts>, Lack> {
    let t = tables.table("Kinds")?;
    let letter_col = tables.column(t, "letter")?;
    let [royal, promotes, en_passant, resets_fifty] =
        ["royal", "promotes", "enPassant", "resetsFiftyMoves"].map(|c| tables.column(t, c));
    let (royal, promotes, en_passant, resets_fifty) = (royal?, promotes?, en_passant?, resets_fifty?);
    let mut kinds: Vec<KindFacts> = Vec::new();
    for r in 0..tables.def(t).rows.len() {
        let name = tables.row_name(t, r);
        let written = tables.text(t, r, letter_col);
        let promotes = tables.yes(t, r, promotes);
        // A Move of the Pawn is named by its Squares alone: its letter is
        // empty, and FEN's is p.
        let letter = match written.chars().next() {
            Some(c) => Some(c),
            None if promotes => Some('p'),
            None => None,
        };
        if let Some(letter) = letter {
            if !letter.is_ascii_alphabetic() {
                let why = format!("the Kind `{name}` has the letter `{written}`, which a FEN cannot hold (a to z)");
                return Err(tables.lack_at(t, Some(r), Some(letter_col), why));
            }
        }
        let letter = letter.map(|l| l.to_ascii_lowercase());
        if let Some(other) = kinds.iter().find(|k| letter.is_some() && k.letter == letter) {
            let l = letter.unwrap_or_default();
            let why = if written.is_empty() {
                format!(
                    "the Kinds `{}` and `{name}` have the same letter `{l}` in a FEN (a Kind that promotes with no \
                     letter is p there): give `{name}` a letter",
                    other.name
                )
            } else {
                format!("the Kinds `{}` and `{name}` have the same letter `{l}`", other.name)
            };
            return Err(tables.lack_at(t, Some(r), Some(letter_col), why));
        }
        kinds.push(KindFacts {
            name: name.to_string(),
            letter,
            move_letter: written.to_string(),
            royal: tables.yes(t, r, royal),
            promotes,
            en_passant: tables.yes(t, r, en_passant),
            resets_fifty: tables.yes(t, r, resets_fifty),
        });
    }
    Ok(kinds)
}

/// The royal Kind, if there is one: a second is a mistake (the chess
/// libraries find one King for each Side, as Find King does). None is a
/// game with no royal Kind (content/README.md, No royal Kind, and
/// extinction). The mistakes of the Kinds and the Sides name no library:
/// each library that reads them finds the same, and it is told once.
fn at_most_one_royal(tables: &Tables, kinds: &[KindFacts]) -> Result<Option<u8>, Lack> {
    let t = tables.table("Kinds")?;
    let col = tables.column(t, "royal")?;
    let mut royal = kinds.iter().enumerate().filter(|(_, k)| k.royal);
    let Some((first, _)) = royal.next() else { return Ok(None) };
    if let Some((second, k)) = royal.next() {
        let why = format!(
            "the chess libraries play one royal Kind (a row of Kinds whose `royal` is true), found two: `{}` and `{}`",
            kinds[first].name, k.name
        );
        return Err(tables.lack_at(t, Some(second), Some(col), why));
    }
    Ok(Some(first as u8))
}

/// The names and rows of the Sides whose `fenLetter` is w and b.
fn read_sides(tables: &Tables) -> Result<([String; 2], [usize; 2]), Lack> {
    let t = tables.table("Sides")?;
    let col = tables.column(t, "fenLetter")?;
    let rows = tables.def(t).rows.len();
    let mut found = [None, None];
    for (i, letter) in FEN_SIDES.iter().enumerate() {
        let mut with = (0..rows).filter(|&r| tables.text(t, r, col) == *letter);
        let Some(first) = with.next() else {
            let why = format!(
                "the chess libraries need a Side whose `fenLetter` is `{letter}` (its Pieces in a FEN in {} case), \
                 found none",
                ["upper", "lower"][i]
            );
            return Err(tables.lack_at(t, None, Some(col), why));
        };
        if let Some(second) = with.next() {
            let why = format!(
                "the Sides `{}` and `{}` have the same fenLetter `{letter}`",
                tables.row_name(t, first),
                tables.row_name(t, second)
            );
            return Err(tables.lack_at(t, Some(second), Some(col), why));
        }
        found[i] = Some(first);
    }
    let [Some(w), Some(b)] = found else { unreachable!("each FEN letter's Side was found above") };
    Ok(([tables.row_name(t, w).to_string(), tables.row_name(t, b).to_string()], [w, b]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_as_chess_names_them() {
        let chess = Grid::CHESS;
        let parse_square = |s: &str| chess.parse(s);
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("h1"), Some(7));
        assert_eq!(parse_square("e4"), Some(28));
        assert_eq!(parse_square("h8"), Some(63));
        for bad in ["", "a", "i1", "a0", "a9", "A1", "e44", "4e", "e+"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
        for sq in 0..chess.squares() as u8 {
            assert_eq!(parse_square(&chess.name(sq)), Some(sq));
        }
        let letters: Vec<_> = ["h1", "a1", "h8", "a8", "e1", "b8"]
            .iter()
            .map(|s| parse_square(s).and_then(|sq| chess.castling_letter(sq)))
            .collect();
        assert_eq!(letters, [Some('K'), Some('Q'), Some('k'), Some('q'), None, None]);
        let m = Move { from: parse_square("e7").unwrap(), to: parse_square("e8").unwrap(), promotion: 1 };
        assert_eq!(m.uci(Grid::CHESS, |k| (k == 1).then_some('q')), "e7e8q");
        assert_eq!(Move { promotion: Move::NONE, ..m }.uci(Grid::CHESS, |_| Some('x')), "e7e8");
    }

    /// A Board of 10 Files by 8 Ranks and one of 12 by 10: Squares named
    /// `j1`, `l10`; a10 is none of the first's.
    #[test]
    fn squares_of_other_boards_are_named_as_fairy_stockfish_names_them() {
        let wide = Grid { files: 10, ranks: 8 };
        assert_eq!(wide.squares(), 80);
        assert_eq!(wide.parse("j1"), Some(9));
        assert_eq!(wide.parse("a2"), Some(10));
        assert_eq!(wide.parse("j8"), Some(79));
        for bad in ["k1", "a9", "a10", "a01", "j0"] {
            assert_eq!(wide.parse(bad), None, "{bad}");
        }
        let big = Grid { files: 12, ranks: 10 };
        assert_eq!(big.parse("l10"), Some(119));
        assert_eq!(big.name(119), "l10");
        for sq in 0..big.squares() as u8 {
            assert_eq!(big.parse(&big.name(sq)), Some(sq));
        }
        let corners: Vec<_> =
            ["l1", "a1", "l10", "a10"].iter().map(|s| big.castling_letter(big.parse(s).unwrap())).collect();
        assert_eq!(corners, [Some('K'), Some('Q'), Some('k'), Some('q')]);
        let m = Move { from: big.parse("a9").unwrap(), to: big.parse("a10").unwrap(), promotion: 1 };
        assert_eq!(m.uci(big, |_| Some('q')), "a9a10q");
    }

    /// Fairy-Stockfish's checks field (`1+3`: the checks White and Black
    /// have still to give) is read before the clocks; without it the clocks
    /// are the fifth and sixth fields, as in chess; a field with `+` that is
    /// not two counts is told.
    #[test]
    fn the_checks_field_is_read_before_the_clocks() {
        let kind_of = |c: char| "kp".find(c.to_ascii_lowercase()).map(|i| i as u8);
        let read = Fen::read(Grid::CHESS, "4k3/8/8/8/8/8/8/4K3 b - - 1+3 7 40", kind_of).expect("a FEN with checks");
        assert_eq!((read.checks, read.halfmoves, read.move_number), (Some([1, 3]), 7, 40));
        let read = Fen::read(Grid::CHESS, "4k3/8/8/8/8/8/8/4K3 b - - 7 40", kind_of).expect("a chess FEN");
        assert_eq!((read.checks, read.halfmoves, read.move_number), (None, 7, 40));
        for wrong in ["1+", "+3", "1+3+2", "1+-3"] {
            let err = Fen::read(Grid::CHESS, &format!("4k3/8/8/8/8/8/8/4K3 b - - {wrong} 7 40"), kind_of).unwrap_err();
            assert!(err.starts_with(&format!("`{wrong}` is not a checks field")), "{wrong}: {err}");
        }
    }

    /// A FEN of a 10 by 8 Board: a run of ten empty Squares is `10`, read
    /// and written back the same; a rank of another width is told.
    #[test]
    fn a_fen_of_another_board_is_read_and_written_back() {
        let wide = Grid { files: 10, ranks: 8 };
        let kind_of = |c: char| "kp".find(c.to_ascii_lowercase()).map(|i| i as u8);
        let fen = "4k5/pppppppppp/10/10/10/10/PPPPPPPPPP/4K4P w - - 0 1";
        let read = Fen::read(wide, fen, kind_of).expect("a 10 by 8 FEN");
        assert_eq!(read.placement.len(), 80);
        assert_eq!(read.placement[usize::from(wide.parse("j1").unwrap())], Some((1, true)));
        let letter = |sq: u8| {
            read.placement[usize::from(sq)].map(|(k, white)| {
                let l = ['k', 'p'][usize::from(k)];
                if white {
                    l.to_ascii_uppercase()
                } else {
                    l
                }
            })
        };
        assert_eq!(write_placement(wide, letter), fen.split(' ').next().unwrap());
        let err = Fen::read(wide, "4k5/pppppppppp/11/10/10/10/PPPPPPPPPP/4K4P w - - 0 1", kind_of).unwrap_err();
        assert_eq!(err, "rank 6 of the FEN has 11 squares, not 10");
        let err = Fen::read(Grid::CHESS, fen, kind_of).unwrap_err();
        assert_eq!(err, "rank 8 of the FEN has 10 squares, not 8");
    }
}
