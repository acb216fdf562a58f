//! The stack the cards' frames live on: one vector of values, each running
//! card's parameters, locals, constants and temporaries a frame of it. A
//! frame is pushed by [`Stack::push_frame`] alone, so that the register
//! machine, which reads its frame through a pointer, can tell whether that
//! pointer is still fresh ([`Stack::stamp`]).

use crate::value::Value;
use std::ops::{Deref, DerefMut};

/// The frames of the cards that run, read and written as a slice
/// (`stack[base + slot]`); grown only by [`Stack::push_frame`] and
/// [`Stack::push_frame_init`].
#[derive(Clone, Debug, Default)]
pub struct Stack {
    /// The frames, `values[..top]`; past `top`, values of frames gone,
    /// kept so that a frame pushed there need not write every register.
    values: Vec<Value>,
    top: usize,
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
        let base = self.grow(frame);
        self.values[base..base + frame.len()].copy_from_slice(frame);
        base
    }

    /// A new frame on top, as [`Stack::push_frame`], where only the runs of
    /// registers `init` (first, count) start as `frame` holds them: the
    /// others hold whatever a frame gone left there (the code reads none of
    /// them before writing it: `code/init.rs`). Runs past the frame are
    /// ignored.
    #[inline(never)]
    pub(crate) fn push_frame_init(&mut self, frame: &[Value], init: &[(u16, u16)]) -> usize {
        let base = self.grow(frame);
        for &(first, len) in init {
            let (first, end) = (first as usize, (first as usize + len as usize).min(frame.len()));
            if first < end {
                self.values[base + first..base + end].copy_from_slice(&frame[first..end]);
            }
        }
        base
    }

    /// Room for `frame` on top: the new top's base. Values past the old
    /// top are reused; what the vector lacks is taken from `frame`.
    #[inline(always)]
    fn grow(&mut self, frame: &[Value]) -> usize {
        let base = self.top;
        let end = base + frame.len();
        if end > self.values.len() {
            let have = self.values.len() - base;
            self.values.extend_from_slice(&frame[have..]);
        }
        self.top = end;
        #[cfg(debug_assertions)]
        {
            self.pushes += 1;
        }
        base
    }

    /// Back to `len` values: the frames above gone.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.top = self.top.min(len);
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
        &self.values[..self.top]
    }
}

impl DerefMut for Stack {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Value] {
        &mut self.values[..self.top]
    }
}
