//! Any text given to the expression parser, as an expression and as a UI
//! text: an answer or a ParseError, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = expr_grammar::parse_expr(text) {
            // The error's place is inside the text.
            assert!(e.offset <= text.len(), "offset {} past the end", e.offset);
            assert!(e.line >= 1 && e.column >= 1);
        }
        let _ = expr_grammar::parse_template(text);
    }
});
