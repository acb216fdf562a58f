//! Draw Events on the small game of tests/fixtures/draw (the scenarios are
//! tests/scenarios/draw.scenario): faults, the draw list, and the lines'
//! storage kept from frame to frame.

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::present::{draw_list, DrawKind, LINE_DEPTH};
use std::path::Path;

fn driver() -> Driver {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/draw");
    let loaded = cardtable_runtime::load::load(&dir).unwrap_or_else(|e| panic!("the fixture loads: {e:?}"));
    Driver::new(std::sync::Arc::new(loaded.game))
}

#[test]
fn a_draw_action_outside_a_draw_event_is_a_fault_and_the_game_goes_on() {
    let mut d = driver();
    let answer = d.command("press Stray");
    let faults = answer.get("faults").as_array();
    assert_eq!(faults.len(), 1, "{answer}");
    assert_eq!(
        faults[0].as_str(),
        Some("Draw Cross, step 1 (logic/Draw Cross.yaml:8): a Draw action runs only in a Draw Event (`when: When Drawn`), as a frame is drawn")
    );
    d.command("press Toggle");
    assert_eq!(d.command("draws").get("lines").as_array().len(), 3);
}

#[test]
fn the_draw_list_holds_the_lines_turned_to_the_screen_top_left() {
    let mut d = driver();
    d.command("press Toggle");
    let mut items = Vec::new();
    draw_list(&mut d.world, &mut items);
    let lines: Vec<_> = items.iter().filter(|i| matches!(i.kind, DrawKind::Line { .. })).collect();
    assert_eq!(lines.len(), 3);
    // (64, 64) to (164, 114) from the bottom-left of a screen 300 high, 4 thick, red at half alpha.
    assert_eq!(lines[0].rect, (64.0, 236.0, 164.0, 186.0));
    assert_eq!(lines[0].kind, DrawKind::Line { width: 4.0 });
    assert_eq!(lines[0].color, [1.0, 0.0, 0.0, 128.0 / 255.0]);
    // The Painter has no sprite: its lines stand at LINE_DEPTH.
    assert!(lines.iter().all(|l| l.depth == LINE_DEPTH));
}

#[test]
fn the_lines_storage_is_kept_from_frame_to_frame() {
    let mut d = driver();
    d.command("press Toggle");
    d.world.run_draw_events();
    let capacity = d.world.draws.lines.capacity();
    let at = d.world.draws.lines.as_ptr();
    for _ in 0..1000 {
        d.world.run_draw_events();
    }
    assert_eq!(d.world.draws.lines.len(), 3);
    assert_eq!((d.world.draws.lines.capacity(), d.world.draws.lines.as_ptr()), (capacity, at));
    assert!(d.world.faults.is_empty());
}
