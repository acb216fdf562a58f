//! Cardtable: a data-driven game engine. A content folder is loaded
//! ([`load`]) into a [`game::Game`]; a [`world::World`] holds what changes
//! while it is played; [`exec`] runs the cards against it; the headless
//! driver ([`host`]) and the window are two faces of the same World.
//!
//! The rooms, from the bottom up (a room uses only the rooms above it in
//! this list; ARCHITECTURE.md has the map and each room's invariants):
//! - [`ids`], [`value`], [`program`], [`json`]: the words every room shares.
//! - [`source`]: reading content text: YAML with positions, diagnostics, typed values.
//! - [`code`]: the instruction set, the lowering, the inliner, the check.
//! - [`game`]: the loaded content, which never changes while playing.
//! - [`save`]: what a game keeps on the computer: the save format, the
//!   content's fingerprint, the store of saves and Persistent Values.
//! - [`outside`]: the clipboard and documents written for the player (a
//!   game as PGN): the host's, a stand-in, or none.
//! - [`compile`]: card headers, steps and expressions into [`program`] form.
//! - [`world`]: the state of a game being played.
//! - [`exec`]: the register machine, the tree walker, Events, faults and budgets.
//! - [`present`]: what a frame shows, from the World alone.
//! - [`library`]: code libraries behind one interface (the chess library).
//! - [`play`]: any game played through the Functions its `play:` names:
//!   moves listed and made, positions taken back, perft, playouts, search.
//! - [`load`]: the pipeline from a folder to a [`game::Game`], the libraries
//!   it names checked against it.
//! - [`host`]: the headless driver.

pub mod ids;
pub mod value;
pub mod program;
pub mod json;

pub mod source;

pub mod code;
pub mod game;
pub mod save;
pub mod outside;

pub mod compile;

pub mod world;
pub mod exec;

pub mod present;

pub mod library;

pub mod play;

pub mod load;

pub mod host;
