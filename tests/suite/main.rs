//! The integration tests, one test binary (cargo's own `tests/testsuite`
//! pattern): one link, one `common`. A module a subject, each played through
//! the headless driver, the binary or a real window as a player would play;
//! `cargo test --test suite MODULE::` runs one (docs/testing.md).

mod common;

mod board_sizes;
mod broken_content;
mod builtin_content;
mod cards_computer;
mod checks;
mod clock;
mod cli;
mod computer;
mod content_changes;
mod drag;
mod draws;
mod drive_binary;
mod ends;
mod engine;
mod engines_follow;
mod examples;
mod extends;
mod fairy;
mod faults;
mod files;
mod gallery;
mod games_io;
mod held;
mod hint;
mod keys;
mod hill;
mod hoppers;
mod language;
mod memory;
mod movelist;
mod perft;
mod play;
mod promotion_zones;
mod regions;
mod pgn;
mod reload;
mod results;
mod role_cards;
mod roles;
mod saves;
mod scenarios;
mod search;
mod sound;
mod strengths;
mod threats;
mod trace;
mod translate;
mod uci;
mod variants;
mod vectors;
mod window;
