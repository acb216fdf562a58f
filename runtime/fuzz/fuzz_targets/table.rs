//! Any schema and rows given to the table loader: mistakes with places, never
//! a panic. The input is the schema's YAML, a NUL byte, then the CSV.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (schema, rows) = text.split_once('\0').unwrap_or((&text, "name,a\nx,1\n"));
    for d in cardtable_runtime::load::check_table(schema, rows) {
        let _ = d.to_string();
    }
});
