//! What play may change, found in the cards' steps: every table a step
//! writes (`set data cell`, `control row`, `reset table`), every Global
//! (`set: $g`) and every Data Structure field (`set component:
//! obj.slot.field`). A save holds these and reads the rest from the content.

use crate::game::{Game, Written};
use crate::program::{Prop, StepKind, Target, Trees};

/// The tables, Globals and fields the cards' steps write (a code library's
/// are added once it is resolved, `load::check_libraries`).
pub fn written_by_cards(game: &Game, trees: &Trees) -> Written {
    let mut w = Written::none(game);
    trees.each_step(|step| match &step.kind {
        StepKind::SetCell { table, .. } | StepKind::ControlRow { table, .. } => w.mark_table(*table),
        StepKind::ResetTable(table) => w.mark_table(*table),
        StepKind::Set { target: Target::Global(g), .. } | StepKind::PasteInto(g) => w.mark_global(*g),
        StepKind::Set { target: Target::Prop(_, Prop::Field(s, f)), .. } => w.mark_field(*s, *f as usize),
        _ => {}
    });
    w
}
