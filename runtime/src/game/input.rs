//! Input Contexts (game.yaml's `inputs:`): named Commands bound to keys.
//! A key pressed while a context that binds it is on is the Event named
//! after its Command; a handler may hear only one of the Command's keys
//! (`when: Move Focus`, `key: Left`).

use crate::ids::EventId;

/// A key the content may bind, by its name: the arrows, Home, End, Enter,
/// Space, Escape, Tab and the letters A to Z, each alone or with Ctrl
/// (`Ctrl+Z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u8);

/// The keys' names, in `Key` order; the letters follow.
const NAMED: [&str; 10] = ["Left", "Right", "Up", "Down", "Home", "End", "Enter", "Space", "Escape", "Tab"];

/// The bit of a key pressed with Ctrl.
const CTRL: u8 = 0x80;

impl Key {
    /// A key by its name (`Left`, `escape`, `A`, `Ctrl+Z`); case does not count.
    pub fn parse(name: &str) -> Option<Key> {
        let name = name.trim();
        let ctrl = name.get(..5).filter(|p| p.eq_ignore_ascii_case("ctrl+"));
        if ctrl.is_some() {
            return Key::parse(&name[5..]).filter(|k| k.0 & CTRL == 0).map(|k| Key(k.0 | CTRL));
        }
        if let Some(i) = NAMED.iter().position(|n| n.eq_ignore_ascii_case(name)) {
            return Some(Key(i as u8));
        }
        match name.as_bytes() {
            [c] if c.is_ascii_alphabetic() => Some(Key(NAMED.len() as u8 + (c.to_ascii_uppercase() - b'A'))),
            _ => None,
        }
    }

    /// The same key with Ctrl held.
    pub fn with_ctrl(self) -> Key {
        Key(self.0 | CTRL)
    }

    /// The key's name as the content writes it.
    pub fn name(self) -> String {
        let plain = self.0 & !CTRL;
        let name = match NAMED.get(plain as usize) {
            Some(n) => n.to_string(),
            None => ((b'A' + (plain - NAMED.len() as u8)) as char).to_string(),
        };
        if self.0 & CTRL == 0 {
            name
        } else {
            format!("Ctrl+{name}")
        }
    }

    /// Every key name, for a message that lists them.
    pub fn known() -> String {
        format!("{}, or a letter A to Z, each alone or after Ctrl+ (Ctrl+Z)", NAMED.join(", "))
    }
}

/// The most Input Contexts that may bind one key: a key sends at most one
/// Command of each, kept without allocating while it is pressed.
pub const MAX_COMMANDS_PER_KEY: usize = 8;

/// One Input Context: its Commands' keys, and whether it is on when a game starts.
pub struct InputContext {
    pub name: String,
    /// On when a game starts (the context named Default, or `on: true`).
    pub on_at_start: bool,
    /// Each key it binds and the Command (an Event) the key sends, in the order written.
    pub bindings: Vec<(Key, EventId)>,
    /// Each key it binds to a button (`press NAME: [KEY]`) and the button's
    /// name: the key presses it as a click on it would, in the order written.
    pub presses: Vec<(Key, String)>,
    /// Where each press binding is written (file, line, column), for the
    /// loader's check that it names a button of the scene.
    pub press_at: Vec<(std::path::PathBuf, crate::source::diag::Pos)>,
    /// The contexts it takes its keys from while it is on (`takes keys
    /// from: [Default]`): a key it binds sends no Command of theirs and
    /// presses none of their buttons.
    pub takes_from: Vec<crate::ids::ContextId>,
}

impl InputContext {
    /// Whether it binds `key` to a Command or a button.
    pub fn binds(&self, key: Key) -> bool {
        self.bindings.iter().any(|&(k, _)| k == key) || self.presses.iter().any(|(k, _)| *k == key)
    }
}

#[cfg(test)]
mod tests {
    use super::Key;

    #[test]
    fn every_key_name_reads_back_as_itself() {
        for name in [
            "Left",
            "Right",
            "Up",
            "Down",
            "Home",
            "End",
            "Enter",
            "Space",
            "Escape",
            "Tab",
            "A",
            "Z",
            "Ctrl+Z",
            "Ctrl+Enter",
        ] {
            assert_eq!(Key::parse(name).map(Key::name).as_deref(), Some(name));
        }
        assert_eq!(Key::parse("escape"), Key::parse("Escape"));
        assert_eq!(Key::parse("q").map(Key::name).as_deref(), Some("Q"));
        assert_eq!(Key::parse("ctrl+z"), Key::parse("Ctrl+Z"));
        assert_ne!(Key::parse("Ctrl+Z"), Key::parse("Z"));
        for bad in ["", "Esc", "AB", "1", "F1", "é", "Ctrl+", "Ctrl+Ctrl+Z", "Ctrl+é"] {
            assert_eq!(Key::parse(bad), None, "{bad}");
        }
    }
}
