//! Any Function card, loaded beside a few small ones it may call (`base/`),
//! then every Function called: mistakes with places, or faults with steps,
//! never a panic. Built with the address sanitizer (cargo fuzz's default),
//! it also watches the register machine's frame pointer: a register read
//! after the stack moved would be a use of freed memory; with debug
//! assertions (`-a`), each read checks the pointer was taken since the last
//! frame was pushed, whether the stack moved or not. Each call is also
//! made on a copy of the World by the tree walker, from the card's tree: a
//! different answer, fault, World or count of steps is a panic, a finding.
//! Half the inputs (by the parity of their length) run the cards' machine
//! code from their first run, half the interpreter alone.
#![no_main]
use cardtable_runtime::ids::FuncId;
use cardtable_runtime::exec::Ctx;
use cardtable_runtime::value::{Type, Value};
use cardtable_runtime::world::World;
use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::OnceLock;

/// A copy of `base/` in a folder of this process's own, once.
fn folder() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("cardtable-fuzz-cards-{}", std::process::id()));
        copy(&Path::new(env!("CARGO_MANIFEST_DIR")).join("base"), &dir);
        dir
    })
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a temporary folder");
    for entry in std::fs::read_dir(from).expect("base/ is there") {
        let entry = entry.expect("base/ reads");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("a copy");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let dir = folder();
    std::fs::write(dir.join("logic/Fuzz.yaml"), data).expect("the card is written");
    let loaded = match cardtable_runtime::load::load(dir) {
        Ok(loaded) => loaded,
        Err(mistakes) => {
            for m in &mistakes {
                let _ = m.to_string();
            }
            return;
        }
    };
    let trees = loaded.trees;
    let game = std::sync::Arc::new(loaded.game);
    let mut world = World::new(game.clone());
    // Enough for every case of the language's tests; a While that never ends stops soon.
    world.step_budget = 200_000;
    // Half the inputs run each card's machine code from its first run
    // (`code/native.rs`), half the interpreter alone: both against the walker.
    world.native_after = if data.len() % 2 == 0 { 0 } else { cardtable_runtime::code::NEVER_NATIVE };
    world.start();
    let text = Value::Text(world.syms.intern("3"));
    for (i, f) in game.functions.iter().enumerate() {
        let args: Vec<Value> = f
            .params
            .iter()
            .map(|p| match p.ty {
                Type::Number => Value::Num(3.0),
                Type::Text => text,
                Type::Boolean => Value::Bool(true),
                _ => Value::None,
            })
            .collect();
        let mut walked = world.clone();
        // Saves and Persistent Values of its own: the machine's run must not show in the walked one.
        walked.use_store(Rc::new(world.store.duplicate()));
        let cx = |w: &World| Ctx { this: None, other: Value::None, attachment: None, base: w.stack_len() };
        let ran = world.input(|w, g| w.call_function(g, &cx(w), FuncId(i as u16), &args));
        let walked_ran = walked.input(|w, g| w.call_function_walked(g, &cx(w), FuncId(i as u16), &args, &trees));
        // The answer is the first values of `ret`, as wide as the Function answers, when it ran.
        let width = ran.map(|()| game.answer_width(f.returns));
        let walked_width = walked_ran.map(|()| game.answer_width(f.returns));
        assert_eq!(seen(&world, width), seen(&walked, walked_width), "`{}` on the machine, then walked", f.name);
    }
    for fault in &world.faults {
        let _ = fault.to_string();
    }
});

/// What a call leaves that the machine and the tree walker must agree on:
/// the answer, the faults, the steps left, the Globals, the tables, the
/// Objects and the Game State. Texts by what they say (the two may intern
/// them in another order), numbers as Debug text (so that a NaN equals a NaN).
fn seen(w: &World, answer: Option<usize>) -> String {
    let show = |v: &Value| match v {
        Value::Text(s) => format!("{:?}", w.syms.text(*s)),
        other => format!("{other:?}"),
    };
    let values = |vs: &[Value]| vs.iter().map(show).collect::<Vec<_>>().join(",");
    let answer = answer.map(|width| values(&w.answer()[..width]));
    let mut out = format!("{answer:?}\n{:?}\n{}\n{}\n", w.faults, w.steps_left(), values(&w.globals));
    for t in &w.tables {
        let rows: Vec<&str> = t.rows().iter().map(|r| w.syms.text(*r)).collect();
        out += &format!("{rows:?}: {}\n", values(t.cells()));
    }
    for o in &w.objects {
        out += &format!("{:?} {} {} {} {} {}\n", w.syms.text(o.name), o.x, o.y, values(&o.fields), o.alive, o.visible);
    }
    out + &w.state.to_string()
}
