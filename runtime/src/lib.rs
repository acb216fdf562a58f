//! Cardtable: a data-driven game engine. A content folder is loaded
//! ([`load`]) into a [`game::Game`]; a [`world::World`] plays it; the
//! [`driver`] and the window are two faces of the same World.

pub mod bytecode;
pub mod compile;
pub mod diag;
pub mod draw;
pub mod driver;
pub mod game;
mod inline;
pub mod interp;
pub mod json;
pub mod library;
pub mod load;
pub mod program;
pub mod value;
mod vm;
pub mod window;
pub mod world;
mod yaml;
