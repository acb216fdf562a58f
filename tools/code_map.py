#!/usr/bin/env python3
"""ARCHITECTURE.md's code map names every file and folder of each crate.

The map has a paragraph for each crate's sources, opened by the folder as a
code span at the start of a line: `expr-grammar/` (expr-grammar/src),
`runtime/src/`, `runtime/chess/src/` and `runtime/app/` (the binary). Each paragraph has a
bullet per room (a folder directly under the crate's sources): the bullet
starts with the room's name (`- `exec/` — ...`, or `- `library.rs` ...` for
a module file beside its folder `library/`), and each file of the folder is
named in it as a `code span` (`walk.rs`, or a path that ends so:
`exec/walk.rs`). The files at the top (`lib.rs`, `ids.rs` ...) are named
anywhere in their paragraph. A folder of a folder is named in its room's
bullet too (`parser/`), and its files there (`scan.rs`, `parser/scan.rs`).

Prints each file or folder the map does not name and exits 1 if there is
one (.ci/run runs it). `--skip ROOM` leaves a room out (one being
rewritten; `runtime/chess/src/engine` or, for runtime/src, just `exec`); `--root
DIR` checks another checkout.
Usage: python3 tools/code_map.py [--root DIR] [--skip ROOM]"""
import argparse
import re
import sys
from pathlib import Path

SPAN = re.compile(r"`([^`\n]+)`")

# Each crate's paragraph, as its first code span opens it, and its sources.
CRATES = [
    ("expr-grammar/", "expr-grammar/src"),
    ("runtime/src/", "runtime/src"),
    ("runtime/chess/src/", "runtime/chess/src"),
    ("runtime/app/", "runtime/app"),
]


def paragraph(doc, head):
    """The lines of the code map's paragraph that opens with `head`."""
    lines = doc.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("## Code map")), None)
    if start is None:
        sys.exit("code_map: ARCHITECTURE.md has no `## Code map` section")
    out = None
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith(f"`{head}`"):
            out = [line]
        elif out is not None:
            if line.startswith("`") and not out[-1].strip():  # the next paragraph (`runtime/chess/src/` ...)
                break
            out.append(line)
    if out is None:
        sys.exit(f"code_map: ARCHITECTURE.md's code map has no `{head}` paragraph")
    return out


def room_of(span):
    """The room a bullet's first code span names: `exec/` is exec, and so is
    `exec.rs` (a module file beside its folder); None for anything else."""
    if span.endswith("/"):
        return span.rstrip("/")
    if span.endswith(".rs") and "/" not in span:
        return span[: -len(".rs")]
    return None


def bullets(lines):
    """Each bullet's text, by the room its first code span names."""
    found, current = {}, None
    for line in lines:
        if line.startswith("- "):
            spans = SPAN.findall(line)
            current = room_of(spans[0]) if spans else None
            if current:
                found[current] = found.get(current, "") + line + "\n"
        elif line.startswith("  ") and current:
            found[current] += line + "\n"
        elif not line.strip():
            current = None
    return found


def named(rel, spans, basenames):
    """Whether `rel` (a path under the crate's sources, its room's name
    first) is one of `spans`, whole or by a tail of it below the room; a
    folder also by a path inside it (`parser/scan.rs` names `parser/`). A
    bare file name names a file of a folder of the room only when no other
    file of the room has it (`mod.rs` is the room's own)."""
    parts = rel.split("/")
    tails = {"/".join(parts[i:]) for i in range(1, len(parts))} | {rel}
    if len(parts) > 2 and basenames.count(parts[-1]) > 1:
        tails.discard(parts[-1])
    spans = [s.rstrip("/") for s in spans]
    return any(s in tails or any(s.startswith(t + "/") for t in tails) for s in spans)


def check(doc, root, head, sources, skip):
    """What the `head` paragraph does not name of `sources`; and how many
    files and folders it was checked for."""
    src = root / sources
    para = paragraph(doc, head)
    rooms = bullets(para)
    all_spans = SPAN.findall("\n".join(para))
    missing, checked = [], 0
    entries = sorted(p.relative_to(src).as_posix() for p in src.rglob("*") if p.suffix == ".rs" or p.is_dir())
    for rel in entries:
        room = rel.split("/")[0]
        if room in skip or f"{sources}/{room}" in skip:
            continue
        checked += 1
        if "/" not in rel and rel.endswith(".rs"):
            if rel not in all_spans:
                missing.append(f"`{rel}` (a file at the top of {sources}) is named nowhere in the `{head}` paragraph")
        elif "/" not in rel:
            if room not in rooms:
                missing.append(f"`{sources}/{rel}/` has no bullet of its own (`- `{rel}/` — ...`)")
        elif room in rooms and not named(rel, SPAN.findall(rooms[room]), [e.split("/")[-1] for e in entries if e.startswith(room + "/")]):
            missing.append(f"`{sources}/{rel}` is not named in the `{room}/` bullet")
    return missing, checked


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--skip", action="append", default=[])
    args = ap.parse_args()
    root = Path(args.root)
    doc = (root / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing, checked = [], 0
    for head, sources in CRATES:
        m, n = check(doc, root, head, sources, args.skip)
        missing += m
        checked += n
    for m in missing:
        print(f"ARCHITECTURE.md, code map: {m}")
    names = ", ".join(s for _, s in CRATES)
    print(f"code_map: {checked} files and folders of {names}, {len(missing)} not in the code map")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
