//! The code libraries that know chess, over Cardtable's runtime: the chess
//! library (FEN, the cards' legal moves, perft, PGN), the built-in engine and
//! the book's Stockfish Bridge. Each is a [`Library`] the binary hands the
//! runtime ([`LIBRARIES`]); the runtime itself knows none of them, and each
//! reads every fact of the game from the content's tables, never a Kind or a
//! Side by its name.

pub mod engine;
pub mod facts;
pub mod fit;
pub mod follow;
pub mod library;
pub mod process;
pub mod regions;
pub mod stockfish_bridge;
pub mod zones;

use cardtable_runtime::library::Library;
use cardtable_runtime::source::files::Files;

/// Every library of this crate, as game.yaml's `libraries` names them:
/// `chess`, `engine`, `stockfishBridge`; and the runtime's own `search`
/// (the Computer over the cards, for any game with `play:`), handed over
/// with them.
pub static LIBRARIES: &[&dyn Library] = &[
    &library::ChessLibrary,
    &engine::EngineLibrary,
    &stockfish_bridge::StockfishBridgeLibrary,
    &cardtable_runtime::play::SearchLibrary,
];

/// Hands [`LIBRARIES`] to the runtime, and the built-in chess game as the
/// game `extends: chess` names, once a process (again is harmless): the
/// binary does it first thing, and so do the tests.
pub fn install() {
    cardtable_runtime::library::install(LIBRARIES);
    cardtable_runtime::source::files::register_game("chess", builtin());
}

/// The chess game built into the binary (`build.rs`): every file of
/// content/chess/ as it was when the binary was built, the game the window
/// plays with no folder named.
pub fn builtin() -> Files {
    Files::Embedded { label: "(built-in chess)", files: BUILTIN }
}

const BUILTIN: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/builtin_content.rs"));

#[cfg(test)]
mod tests {
    use super::LIBRARIES;
    use cardtable_runtime::code::Op;
    use cardtable_runtime::game::Game;
    use cardtable_runtime::host::driver::Driver;
    use std::path::Path;

    #[test]
    fn no_two_libraries_share_a_name_a_verb_or_an_option() {
        let mut names: Vec<&str> = LIBRARIES.iter().map(|l| l.name()).collect();
        let mut verbs: Vec<&str> = LIBRARIES.iter().flat_map(|l| l.commands()).map(|c| c.verb).collect();
        let mut opts: Vec<&str> = LIBRARIES.iter().flat_map(|l| l.options()).map(|o| o.name).collect();
        for list in [&mut names, &mut verbs, &mut opts] {
            let n = list.len();
            list.sort();
            list.dedup();
            assert_eq!(list.len(), n, "{list:?}");
        }
        for l in LIBRARIES {
            for c in l.commands() {
                assert!(c.usage.split_whitespace().next() == Some(c.verb), "{c:?}");
            }
        }
    }

    #[test]
    fn no_library_command_shadows_a_command_of_the_driver() {
        let own: Vec<&str> = Driver::own_verbs().collect();
        assert!(own.contains(&"click") && own.contains(&"restore"), "{own:?}");
        for lib in LIBRARIES {
            for c in lib.commands() {
                assert!(!own.contains(&c.verb), "the {} library's `{}` is a command of the driver", lib.name(), c.verb);
            }
        }
    }

    /// The cards whose ops read each table with `data()`: (card, table).
    fn tables_read(game: &Game) -> Vec<(&str, cardtable_runtime::ids::TableId)> {
        let functions = game.functions.iter().map(|f| (f.name.as_str(), &f.code));
        let handlers = game.components.iter().flat_map(|c| c.handlers.iter().map(|h| (c.name.as_str(), &h.code)));
        let mut read = Vec::new();
        for (card, code) in functions.chain(handlers) {
            for op in code.ops() {
                if let Op::Data { table, .. }
                | Op::ArithData { table, .. }
                | Op::JumpDataEq { table, .. }
                | Op::JumpDataText { table, .. } = op
                {
                    read.push((card, *table));
                }
            }
        }
        read
    }

    /// A table no step and no code library writes is read at load where a
    /// card names its row and column (the chess game's Board Size: all but
    /// Show Label's `data('Board Size', @self.edge, 'count')`, whose row is
    /// a Shared Variable); one only a library writes (Chosen Moves, the
    /// Stockfish Bridge's) is read as the game is played.
    #[test]
    fn a_table_play_never_writes_is_read_at_load() {
        super::install();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/chess");
        let game = match cardtable_runtime::load::load(&root) {
            Ok(loaded) => loaded.game,
            Err(mistakes) => panic!("content/chess loads: {mistakes:?}"),
        };
        let (size, chosen) = (game.names.tables["Board Size"], game.names.tables["Chosen Moves"]);
        assert!(!game.written.table(size));
        assert!(game.written.table(chosen), "the Stockfish Bridge writes Chosen Moves");
        let read = tables_read(&game);
        let size_read: Vec<&str> = read.iter().filter(|(_, t)| *t == size).map(|(card, _)| *card).collect();
        assert_eq!(size_read, ["Show Label"], "cards whose code reads Board Size as it plays");
        assert!(read.iter().any(|(_, t)| *t == chosen), "Chosen Moves was taken as a constant");
    }
}
