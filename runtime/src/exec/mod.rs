//! Running the cards against the World: the register machine (`machine.rs`),
//! the tree walker for what it hands over (`walk.rs`), Events and inputs
//! (`events.rs`). Here live the machine's own types: why a card stopped
//! ([`Fail`]), what a block asks of the one around it ([`Flow`]), who runs
//! ([`Ctx`]); and the guards of an input, its step budget and its depth.

use crate::ids::{ObjectId, TypeId};
use crate::value::Value;

/// Why a card stopped: a message, and the step it happened in (filled in
/// by the innermost step that sees it).
#[derive(Debug)]
pub struct Fail {
    pub message: String,
    pub site: Option<u32>,
    /// The step budget ran out, and the innermost loop took the blame.
    pub blamed_loop: bool,
    /// Events and calls nested too deep: the whole input stops, not only
    /// the handler it happened in.
    pub too_deep: bool,
}

pub type Res<T> = Result<T, Box<Fail>>;

pub(crate) fn fail<T>(message: impl Into<String>) -> Res<T> {
    Err(Box::new(Fail { message: message.into(), site: None, blamed_loop: false, too_deep: false }))
}

/// A bound of game.yaml's `limits:` passed: what would have passed it,
/// and the bound's name.
#[cold]
#[inline(never)]
pub(crate) fn past_limit<T>(what: String, limit: &str) -> Res<T> {
    fail(format!("{what} (game.yaml's `limits: {limit}`)"))
}

#[cold]
fn too_deep(most: u32) -> Res<()> {
    let message = format!("Events and calls nested more than {most} deep");
    Err(Box::new(Fail { message, site: None, blamed_loop: false, too_deep: true }))
}

/// What a block asks of the block around it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Next,
    Return,
}

/// Who runs: `self`, `other`, the Logic Component (for `@self.x`), and where the frame starts.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub this: Option<ObjectId>,
    pub other: Value,
    pub attachment: Option<(TypeId, u16)>,
    pub base: usize,
}

mod clock;
mod draw;
mod events;
pub use events::KeyCommands;
mod machine;
mod panels;
mod saves;
mod screen;
mod trace;
mod walk;

/// How many times a Repeat runs for a count of `n`: its whole part; none
/// for a count below 1, infinite or not a number.
#[inline(always)]
pub(crate) fn repeat_count(n: f64) -> f64 {
    if n.is_finite() && n > 0.0 {
        n.floor()
    } else {
        0.0
    }
}

#[inline(always)]
pub(crate) fn want_num(v: Value) -> Res<f64> {
    match v {
        Value::Num(n) => Ok(n),
        other => fail(format!("expected a Number, found {}", other.type_name())),
    }
}

#[inline(always)]
pub(crate) fn want_bool(v: Value) -> Res<bool> {
    match v {
        Value::Bool(b) => Ok(b),
        other => fail(format!("expected a Boolean (true or false), found {}", other.type_name())),
    }
}

fn want_color(v: Value) -> Res<u32> {
    match v {
        Value::Color(c) => Ok(c),
        other => fail(format!("expected a Color, found {}", other.type_name())),
    }
}

impl crate::world::World {
    /// `random(n)`: an integer from 0 to n-1 from the World's generator,
    /// for the register machine and the tree walker alike. n's whole part
    /// counts (as a Repeat's does); below 1, infinite or not a number, a
    /// fault.
    pub(crate) fn random_below(&mut self, n: Value) -> Res<Value> {
        let n = want_num(n)?;
        if !(n >= 1.0 && n.is_finite()) {
            return fail(format!(
                "random(n) needs n of 1 or more (it answers 0 to n-1), here n is {}",
                crate::value::format_number(n)
            ));
        }
        // Past 2^53 a Number no longer holds every integer.
        let n = n.floor().min(9_007_199_254_740_992.0) as u64;
        Ok(Value::Num(self.random.below(n) as f64))
    }
}
