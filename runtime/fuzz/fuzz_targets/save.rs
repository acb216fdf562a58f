//! Any bytes as a saved game and as the kept values (`values.yaml`): read
//! as the store reads them (`SaveFile::read`, `read_values`), a save then
//! fitted to its game as a load fits it (`World::world_from_save`, with the
//! chess library's checks), and the World it makes played on as a loaded
//! game is: `load:succeeded` sent, the chess library's `fen`, `moves` and
//! `pgn` asked, and the World saved again and read back. What does not fit
//! is mended or refused in words, never a panic. The games are the chess
//! game built into the runtime and the saves fixture (`tests/fixtures/saves`);
//! a save names its game. The seeds (`seeds/save/`) are real saves the
//! driver made.
#![no_main]
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::ids::EventId;
use cardtable_runtime::save::SaveFile;
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::rc::Rc;

thread_local! {
    /// A driver of each game, started once: each input's World is made from it.
    static DRIVERS: Vec<Driver> = {
        cardtable_chess::install();
        let chess = cardtable_runtime::load::load_files(cardtable_runtime::load::builtin()).expect("the chess game loads");
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/saves");
        let saves = cardtable_runtime::load::load(&fixture).expect("the saves fixture loads");
        vec![Driver::new(Rc::new(chess.game)), Driver::new(Rc::new(saves.game))]
    };
}

fuzz_target!(|data: &[u8]| {
    let _ = cardtable_runtime::save::read_values(data);
    let Ok(save) = SaveFile::read(data) else { return };
    DRIVERS.with(|drivers| {
        let Some(driver) = drivers.iter().find(|d| d.world.game.name == save.game) else { return };
        let Ok((mut world, dropped, mended)) = driver.world.world_from_save(&save) else { return };
        for note in dropped.iter().chain(&mended) {
            assert!(!note.is_empty());
        }
        // As a load's: the listeners of load:succeeded run (the chess game's Continue The Game).
        world.input(|w, g| w.dispatch(g, EventId::LOAD_SUCCEEDED, None, None));
        for verb in ["fen", "moves", "pgn"] {
            let _ = driver.libraries.command(&mut world, verb, "");
        }
        let again = world.to_save();
        let text = again.to_yaml().expect("a World saves");
        let back = SaveFile::read(text.as_bytes()).expect("a save the engine wrote reads back");
        driver.world.world_from_save(&back).expect("a save the engine wrote loads again");
    });
});
