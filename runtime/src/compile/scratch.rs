//! What the loader notes while it loads, for the messages of the steps that
//! come after: which files did not load (so that what names them is not
//! reported again) and where some values were written. The load pipeline
//! (`load/mod.rs`) owns it and hands it to the steps that need it; it is no
//! part of the [`Game`](crate::game::Game), and is dropped once loaded.

use crate::ids::TypeId;
use crate::source::diag::Pos;
use std::collections::HashSet;
use std::path::PathBuf;

#[derive(Default)]
pub struct LoadScratch {
    /// Logic cards whose file did not load, by file name and by the name the
    /// file gives them: already reported, so calls to them and object types
    /// that name them are not reported again.
    pub broken_cards: HashSet<String>,
    /// Tables whose schema did not load, named as `broken_cards` are.
    pub broken_tables: HashSet<String>,
    /// Object types whose file did not load, named as `broken_cards` are.
    pub broken_types: HashSet<String>,
    /// game.yaml did not load (already reported): every Global, Custom
    /// Event, Game State and UI Group is unknown, and not reported again.
    pub broken_game_file: bool,
    /// Object types that have a sprite whose picture did not load (already reported).
    pub failed_sprites: HashSet<TypeId>,
    /// Where each object type's Object-typed Shared Variable was set, by
    /// (type, attachment, variable): for mistakes found once all types are read.
    pub shared_type_places: Vec<((usize, usize, usize), PathBuf, Pos)>,
    /// Where game.yaml names each library of `Game::libraries`, in its order.
    pub library_places: Vec<Pos>,
    /// The functions each library of `Game::libraries` offers the cards'
    /// `call library` steps, in its order.
    pub library_functions: Vec<&'static [&'static str]>,
    /// The Custom Events each library of `Game::libraries` sends (its
    /// answers), in its order: no card triggers them, yet they are sent.
    pub library_events: Vec<&'static [&'static str]>,
}
