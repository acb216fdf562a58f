//! The player's clicks and keys, each as its event came (not macroquad's
//! state of the mouse and keyboard, which keeps only the last of each).

use macroquad::miniquad;
use macroquad::prelude::{KeyCode, MouseButton};

/// A click, a key or a turn of the wheel of the player.
pub enum Input {
    /// The left button went down at this point of the window (physical pixels).
    Click(f32, f32),
    /// The mouse moved to this point (the last of a run of moves).
    Moved(f32, f32),
    /// The left button went up at this point.
    Released(f32, f32),
    Key(KeyCode, miniquad::KeyMods),
    /// The mouse wheel turned: up when positive (the debug view scrolls by it).
    Wheel(f32),
}

/// The clicks, keys and wheel turns since the last frame, in order (a key
/// held down and repeating counts once).
pub struct Inputs(pub Vec<Input>);

impl miniquad::EventHandler for Inputs {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(&mut self, code: KeyCode, mods: miniquad::KeyMods, repeat: bool) {
        if !repeat {
            self.0.push(Input::Key(code, mods));
        }
    }
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        // Moves one after another count as their last: a drag follows the mouse, not each of its steps.
        if let Some(Input::Moved(..)) = self.0.last() {
            self.0.pop();
        }
        self.0.push(Input::Moved(x, y));
    }
    fn mouse_button_up_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if button == MouseButton::Left {
            self.0.push(Input::Released(x, y));
        }
    }
    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if button == MouseButton::Left {
            self.0.push(Input::Click(x, y));
        }
    }
    fn mouse_wheel_event(&mut self, _x: f32, y: f32) {
        if y != 0.0 {
            self.0.push(Input::Wheel(y));
        }
    }
}

/// A key of the keyboard as the content names it (game.yaml's `inputs:`);
/// None for a key the content cannot bind.
pub fn key_of(code: KeyCode, mods: miniquad::KeyMods) -> Option<cardtable_runtime::game::Key> {
    let name = match code {
        KeyCode::Left => "Left",
        KeyCode::Right => "Right",
        KeyCode::Up => "Up",
        KeyCode::Down => "Down",
        KeyCode::Home => "Home",
        KeyCode::End => "End",
        KeyCode::Enter | KeyCode::KpEnter => "Enter",
        KeyCode::Space => "Space",
        KeyCode::Escape => "Escape",
        KeyCode::Tab => "Tab",
        KeyCode::A => "A",
        KeyCode::B => "B",
        KeyCode::C => "C",
        KeyCode::D => "D",
        KeyCode::E => "E",
        KeyCode::F => "F",
        KeyCode::G => "G",
        KeyCode::H => "H",
        KeyCode::I => "I",
        KeyCode::J => "J",
        KeyCode::K => "K",
        KeyCode::L => "L",
        KeyCode::M => "M",
        KeyCode::N => "N",
        KeyCode::O => "O",
        KeyCode::P => "P",
        KeyCode::Q => "Q",
        KeyCode::R => "R",
        KeyCode::S => "S",
        KeyCode::T => "T",
        KeyCode::U => "U",
        KeyCode::V => "V",
        KeyCode::W => "W",
        KeyCode::X => "X",
        KeyCode::Y => "Y",
        KeyCode::Z => "Z",
        _ => return None,
    };
    let key = cardtable_runtime::game::Key::parse(name)?;
    Some(if mods.ctrl { key.with_ctrl() } else { key })
}
