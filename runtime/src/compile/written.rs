//! What play may change, found in the cards' steps: every table a step
//! writes (`set data cell`, `control row`, `reset table`), every Global
//! (`set: $g`) and every Data Structure field (`set component:
//! obj.slot.field`). A save holds these and reads the rest from the content.

use crate::game::{Game, Written};
use crate::program::*;

/// The tables, Globals and fields the cards' steps write (a code library's
/// are added once it is resolved, `load::check_libraries`).
pub fn written_by_cards(game: &Game, trees: &Trees) -> Written {
    let mut written = Written::none(game);
    for tree in trees.all() {
        walk(&tree.body, &mut written);
    }
    written
}

fn walk(block: &[Step], w: &mut Written) {
    for step in block {
        match &step.kind {
            StepKind::SetCell { table, .. } | StepKind::ControlRow { table, .. } => w.mark_table(*table),
            StepKind::ResetTable(table) => w.mark_table(*table),
            StepKind::Set { target: Target::Global(g), .. } => w.mark_global(*g),
            StepKind::Set { target: Target::Prop(_, Prop::Field(s, f)), .. } => w.mark_field(*s, *f as usize),
            StepKind::If { then, otherwise, .. } => {
                walk(then, w);
                walk(otherwise, w);
            }
            StepKind::Repeat { body, .. } | StepKind::While { body, .. } => walk(body, w),
            _ => {}
        }
    }
}
