//! The peer: the cards' legal-move algorithm in Rhai (`chess.rhai`), the
//! way a Rust developer would embed a scripting language: an `Engine` with
//! its defaults, the script compiled once into an `AST` and run many times,
//! the board an object map the script's functions take as `this`.

use super::{Features, Setup, Tables};
use rhai::{Array, CallFnOptions, Dynamic, Engine, Map, Scope, AST};

pub struct Peer {
    engine: Engine,
    ast: AST,
    scope: Scope<'static>,
    board: Dynamic,
}

/// The script, read when the bench is built.
pub const SCRIPT: &str = include_str!("chess.rhai");

fn map<const N: usize>(pairs: [(&str, Dynamic); N]) -> Dynamic {
    let mut m = Map::new();
    for (k, v) in pairs {
        m.insert(k.into(), v);
    }
    Dynamic::from_map(m)
}

impl Peer {
    /// Compiles the script (once) and builds the board's tables.
    pub fn new(tables: &Tables, features: Features) -> Peer {
        let mut engine = Engine::new();
        // Rhai's release limits in every profile (a debug build's are lower,
        // and refuse the script), so the bench also runs under `cargo test`.
        engine.set_max_expr_depths(64, 32);
        let ast = engine.compile(SCRIPT).unwrap_or_else(|e| panic!("chess.rhai: {e}"));
        let dirs: Array = tables
            .directions
            .iter()
            .map(|d| {
                map([
                    ("kind", d.kind.clone().into()),
                    ("file_step", d.file_step.into()),
                    ("rank_step", d.rank_step.into()),
                    ("steps", d.steps.into()),
                    ("first_move_steps", d.first_move_steps.into()),
                    ("can_move", d.can_move.into()),
                    ("can_capture", d.can_capture.into()),
                ])
            })
            .collect();
        let mut sides = Map::new();
        for s in &tables.sides {
            sides.insert(
                s.name.as_str().into(),
                map([
                    ("forward", s.forward.into()),
                    ("pawn_rank", s.pawn_rank.into()),
                    ("promotion_rank", s.promotion_rank.unwrap_or(-1).into()),
                    ("opponent", s.opponent.clone().into()),
                ]),
            );
        }
        let castling: Array = tables
            .castling
            .iter()
            .map(|c| {
                map([
                    ("king_from", (c.king_from as i64).into()),
                    ("king_to", (c.king_to as i64).into()),
                    ("rook_from", (c.rook_from as i64).into()),
                    ("rook_to", (c.rook_to as i64).into()),
                    ("rook_passes", (c.rook_passes as i64).into()),
                    ("is_allowed", true.into()),
                ])
            })
            .collect();
        let file: Array = (0..64i64).map(|i| (i % 8 + 1).into()).collect();
        let rank: Array = (0..64i64).map(|i| (i / 8 + 1).into()).collect();
        let empty: Array = (0..64).map(|_| "".into()).collect();
        let board = map([
            ("kind", empty.clone().into()),
            ("side", empty.into()),
            ("file", file.into()),
            ("rank", rank.into()),
            ("targets", Array::new().into()),
            ("dirs", dirs.into()),
            ("sides", Dynamic::from_map(sides)),
            ("castling", castling.into()),
            ("to_move", "White".into()),
            ("en_passant", (-1i64).into()),
            ("safe_moves", features.safe_moves.into()),
            ("with_castling", features.castling.into()),
            ("with_en_passant", features.en_passant.into()),
        ]);
        Peer { engine, ast, scope: Scope::new(), board }
    }

    /// Sets up a position on the board map.
    pub fn set(&mut self, setup: &Setup) {
        let mut board = self.board.write_lock::<Map>().expect("the board is a map");
        let strings =
            |v: &[&str]| -> Dynamic { v.iter().map(|s| Dynamic::from(s.to_string())).collect::<Array>().into() };
        board.insert("kind".into(), strings(&setup.kind));
        board.insert("side".into(), strings(&setup.side));
        board.insert("to_move".into(), setup.to_move.into());
        board.insert("en_passant".into(), setup.en_passant.map_or(-1i64, |s| s as i64).into());
        let castling = board.get_mut("castling").expect("castling").write_lock::<Array>().map(|mut rows| {
            for row in rows.iter_mut() {
                let mut row = row.write_lock::<Map>().expect("a castling row is a map");
                let rook_from = row["rook_from"].as_int().expect("rook_from") as usize;
                row.insert("is_allowed".into(), setup.castling_allowed(rook_from).into());
            }
        });
        castling.expect("castling is an array");
    }

    /// Every legal move of the side to move, as `(from, to, promotion)`.
    /// Never inlined, so that a profiler can count it alone.
    #[inline(never)]
    pub fn legal_moves(&mut self) -> Vec<(usize, usize, String)> {
        let moves = self.run();
        moves
            .into_iter()
            .map(|m| {
                let m = m.cast::<Array>();
                (m[0].as_int().unwrap() as usize, m[1].as_int().unwrap() as usize, m[2].clone().into_string().unwrap())
            })
            .collect()
    }

    /// One run of the script's `all_legal_moves` on the board (what is timed).
    pub fn run(&mut self) -> Array {
        let options = CallFnOptions::new().eval_ast(false).bind_this_ptr(&mut self.board);
        self.engine
            .call_fn_with_options::<Array>(options, &mut self.scope, &self.ast, "all_legal_moves", ())
            .unwrap_or_else(|e| panic!("chess.rhai: {e}"))
    }
}
