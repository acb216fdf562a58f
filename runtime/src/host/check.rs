//! `cardtable check`: a content folder loaded and checked, then started
//! headless as the driver and the window start it (the scene placed, every
//! Created Event run, with all they set off), so that a game that faults
//! before its first input is not called fine.

use crate::game::Game;
use crate::load::load_files;
use crate::source::diag::{Diagnostic, Severity};
use crate::source::files::Files;
use crate::world::{Fault, World};
use std::rc::Rc;

/// What `check` found in a folder.
pub struct CheckReport {
    /// The content: a folder, as it was named, or the built-in game.
    pub files: Files,
    /// Every mistake and warning of the load, in the loader's order.
    pub diagnostics: Vec<Diagnostic>,
    /// The game, when it loaded.
    pub game: Option<Rc<Game>>,
    /// Every fault while the game started, before the first input, oldest first.
    pub faults: Vec<Fault>,
}

/// Loads the content `files`; if it loads, starts it headless (`World::new`
/// and `World::start`, as `Driver::new` does) and keeps every fault.
pub fn check_folder(files: Files) -> CheckReport {
    let (diagnostics, game, faults) = match load_files(files.clone()) {
        Ok(loaded) => {
            let game = Rc::new(loaded.game);
            let mut world = World::new(game.clone());
            world.start();
            (loaded.warnings, Some(game), world.faults)
        }
        Err(list) => (list, None, Vec::new()),
    };
    CheckReport { files, diagnostics, game, faults }
}

impl CheckReport {
    /// How many mistakes (not warnings) the load found.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Error).count()
    }

    /// The folder loads, and starts without a fault.
    pub fn is_fine(&self) -> bool {
        self.game.is_some() && self.errors() == 0 && self.faults.is_empty()
    }

    /// Every mistake, warning and fault, each with its place, one after the
    /// other (empty when there is none).
    pub fn details(&self) -> String {
        let dir = self.files.display();
        let mut out = String::new();
        for d in &self.diagnostics {
            out.push_str(&format!("{}\n\n", self.files.locate(d)));
        }
        if !self.faults.is_empty() {
            out.push_str(&format!(
                "{dir}: the game faults as it starts (the scene's Created Events, before any input):\n"
            ));
            for f in &self.faults {
                out.push_str(&format!("  {f}\n"));
            }
            out.push('\n');
        }
        out
    }

    /// One line: fine, or how many mistakes or faults.
    pub fn verdict(&self) -> String {
        let dir = self.files.display();
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        match &self.game {
            None => format!("{dir} has {}; nothing was started.", plural(self.errors(), "mistake")),
            Some(g) if !self.faults.is_empty() => format!(
                "{dir}: `{}` loads, but has {} as it starts.",
                g.name,
                plural(self.faults.len(), "fault")
            ),
            Some(g) => format!(
                "{dir}: `{}` is fine: {} tables, {} Data Structures, {} object types, {} Functions, {} Logic Components; it starts without a fault",
                g.name,
                g.tables.len(),
                g.structs.len(),
                g.types.len(),
                g.functions.len(),
                g.components.len()
            ),
        }
    }
}
