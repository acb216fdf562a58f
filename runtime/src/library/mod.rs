//! Code libraries the cards' world is driven with from outside, as the
//! book's Stockfish Bridge is a code library its cards call. This is the one
//! place in the runtime that may know a game: everything else knows only
//! tables, Objects, Events and actions. A library reaches the content through
//! the names it resolves once, when it is made, and says plainly which it
//! lacks.

pub mod chess;
