//! Builds the chess game into this crate as the built-in content: writes
//! `$OUT_DIR/builtin_content.rs`, a list of every file of content/chess/
//! (its path relative to that folder, `/` between folders, and
//! `include_bytes!` of it), sorted by path, for `cardtable_chess::builtin`.
//! Files whose name starts with `.` (an editor's swap file) are left out.
//! Cargo runs this again when anything in content/chess/ changes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let content = manifest.join("../../content/chess");
    let content = content.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", content.display()));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", content.display());

    let mut files = Vec::new();
    walk(&content, "", &mut files);
    files.sort();
    let mut out = String::from("&[\n");
    for rel in &files {
        let abs = content.join(rel);
        let abs = abs.to_str().unwrap_or_else(|| panic!("{}: not a UTF-8 path", abs.display()));
        writeln!(out, "    ({rel:?}, include_bytes!({abs:?})),").unwrap();
    }
    out.push_str("]\n");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("builtin_content.rs"), out).expect("write builtin_content.rs");
}

/// Every file under `root/rel`, as `rel/name` with `/` between folders.
fn walk(root: &Path, rel: &str, out: &mut Vec<String>) {
    let dir = root.join(rel);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let name = entry.file_name();
        let name = name.to_str().unwrap_or_else(|| panic!("{}: a file name that is not UTF-8", dir.display()));
        if name.starts_with('.') {
            continue;
        }
        let child = if rel.is_empty() { name.to_string() } else { format!("{rel}/{name}") };
        if entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
            walk(root, &child, out);
        } else {
            out.push(child);
        }
    }
}
