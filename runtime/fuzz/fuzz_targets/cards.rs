//! Any Function card, loaded beside a few small ones it may call (`base/`),
//! then every Function called: mistakes with places, or faults with steps,
//! never a panic. Built with the address sanitizer (cargo fuzz's default),
//! it also watches the register machine's frame pointer: a register read
//! after the stack moved would be a use of freed memory.
#![no_main]
use cardtable::ids::FuncId;
use cardtable::exec::Ctx;
use cardtable::value::{Type, Value};
use cardtable::world::World;
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
    let loaded = match cardtable::load::load(dir) {
        Ok(loaded) => loaded,
        Err(mistakes) => {
            for m in &mistakes {
                let _ = m.to_string();
            }
            return;
        }
    };
    let game = Rc::new(loaded.game);
    let mut world = World::new(game.clone());
    // Enough for every case of the language's tests; a While that never ends stops soon.
    world.step_budget = 200_000;
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
        world.input(|w, g| {
            let cx = Ctx { this: None, other: Value::None, attachment: None, base: w.stack_len() };
            w.call_function(g, &cx, FuncId(i as u16), &args)
        });
    }
    for fault in &world.faults {
        let _ = fault.to_string();
    }
});
