//! The stack the cards' frames live on: one vector of values, each running
//! card's parameters, locals, constants and temporaries a frame of it. A
//! frame is pushed by [`Stack::push_frame`] alone, so that the register
//! machine, which reads its frame through a pointer, can tell whether that
//! pointer is still fresh ([`Stack::stamp`]).

use crate::value::Value;
use std::ops::{Deref, DerefMut};

/// The frames of the cards that run, read and written as a slice
/// (`stack[base + slot]`); grown only by [`Stack::push_frame`].
#[derive(Clone, Debug, Default)]
pub struct Stack {
    values: Vec<Value>,
    /// How many frames were ever pushed (debug builds only: see `stamp`).
    #[cfg(debug_assertions)]
    pushes: u64,
}

/// When a pointer into the stack was taken: it is fresh while the stack's
/// stamp is the same. In debug builds, how many frames had been pushed and
/// where the values were; in release builds nothing, since only
/// `debug_assert!`s compare stamps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    #[cfg(debug_assertions)]
    pushes: u64,
    #[cfg(debug_assertions)]
    at: *const Value,
}

impl Stack {
    pub(crate) fn with_capacity(capacity: usize) -> Stack {
        Stack { values: Vec::with_capacity(capacity), ..Stack::default() }
    }

    /// A new frame on top, starting as `frame`: its base. It may move the
    /// whole stack (a bigger allocation), so a pointer into it taken before
    /// is stale.
    #[inline(always)]
    pub(crate) fn push_frame(&mut self, frame: &[Value]) -> usize {
        let base = self.values.len();
        self.values.extend_from_slice(frame);
        #[cfg(debug_assertions)]
        {
            self.pushes += 1;
        }
        base
    }

    /// Back to `len` values: the frames above gone.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
    }

    /// Where the values are, valid until the next push. (The vector's own:
    /// it makes no reference to the values, so pointers taken before stay
    /// valid.)
    #[inline(always)]
    pub(crate) fn as_mut_ptr(&mut self) -> *mut Value {
        self.values.as_mut_ptr()
    }

    /// The stack's stamp now (see [`Stamp`]).
    #[inline(always)]
    pub(crate) fn stamp(&self) -> Stamp {
        Stamp {
            #[cfg(debug_assertions)]
            pushes: self.pushes,
            #[cfg(debug_assertions)]
            at: self.values.as_ptr(),
        }
    }
}

impl Deref for Stack {
    type Target = [Value];

    #[inline(always)]
    fn deref(&self) -> &[Value] {
        &self.values
    }
}

impl DerefMut for Stack {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Value] {
        &mut self.values
    }
}
