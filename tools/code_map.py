#!/usr/bin/env python3
"""ARCHITECTURE.md's code map names every file and folder of runtime/src.

The map's `runtime/src/` paragraph has a bullet per room: a folder's bullet
starts with its name (`- `exec/` — ...`), and each file of the folder is
named in it as a `code span` (`walk.rs`, or a path that ends so:
`exec/walk.rs`); the top files (`lib.rs`, `ids.rs` ...) are named anywhere
in the paragraph. A folder of a folder is named in its room's bullet too
(`engine/`), and its files there (`rules.rs`, `engine/rules.rs`).
Prints each file or folder the map does not name and exits 1 if there is
one (.ci/run runs it). `--skip FOLDER` leaves a room out (a room being
rewritten); `--root DIR` checks another checkout.
Usage: python3 tools/code_map.py [--root DIR] [--skip library]"""
import argparse
import re
import sys
from pathlib import Path

SPAN = re.compile(r"`([^`\n]+)`")


def paragraph(doc):
    """The lines of the code map's `runtime/src/` paragraph."""
    lines = doc.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("## Code map"))
    out = None
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("`runtime/src/`"):
            out = [line]
        elif out is not None:
            if line.startswith("`") and not out[-1].strip():  # the next paragraph (`runtime/app/` ...)
                break
            out.append(line)
    if out is None:
        sys.exit("code_map: ARCHITECTURE.md's code map has no `runtime/src/` paragraph")
    return out


def bullets(lines):
    """Each bullet's text, by the folder its first code span names."""
    found, current = {}, None
    for line in lines:
        if line.startswith("- "):
            spans = SPAN.findall(line)
            current = spans[0].rstrip("/") if spans and spans[0].endswith("/") else None
            if current:
                found[current] = found.get(current, "") + line + "\n"
        elif line.startswith("  ") and current:
            found[current] += line + "\n"
        elif not line.strip():
            current = None
    return found


def named(rel, spans, basenames):
    """Whether `rel` (a path under runtime/src, its room's name first) is one of
    `spans`, whole or by a tail of it below the room; a folder also by a path
    inside it (`chess/pgn.rs` names `chess/`). A bare file name names a file
    of a folder of the room only when no other file of the room has it
    (`mod.rs` is the room's own)."""
    parts = rel.split("/")
    tails = {"/".join(parts[i:]) for i in range(1, len(parts))} | {rel}
    if len(parts) > 2 and basenames.count(parts[-1]) > 1:
        tails.discard(parts[-1])
    spans = [s.rstrip("/") for s in spans]
    return any(s in tails or any(s.startswith(t + "/") for t in tails) for s in spans)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--skip", action="append", default=[])
    args = ap.parse_args()
    root = Path(args.root)
    src = root / "runtime" / "src"
    para = paragraph((root / "ARCHITECTURE.md").read_text(encoding="utf-8"))
    rooms = bullets(para)
    all_spans = SPAN.findall("\n".join(para))
    missing, checked = [], 0
    entries = sorted(p.relative_to(src).as_posix() for p in src.rglob("*") if p.suffix == ".rs" or p.is_dir())
    for rel in entries:
        room = rel.split("/")[0]
        if room in args.skip:
            continue
        checked += 1
        if "/" not in rel and rel.endswith(".rs"):
            if rel not in all_spans:
                missing.append(f"`{rel}` (a file at the top of runtime/src) is named nowhere in the paragraph")
        elif "/" not in rel:
            if room not in rooms:
                missing.append(f"`{rel}/` has no bullet of its own (`- `{rel}/` — ...`)")
        elif room in rooms and not named(rel, SPAN.findall(rooms[room]), [e.split("/")[-1] for e in entries if e.startswith(room + "/")]):
            missing.append(f"`{rel}` is not named in the `{room}/` bullet")
    for m in missing:
        print(f"ARCHITECTURE.md, code map: {m}")
    print(f"code_map: {checked} files and folders of runtime/src, {len(missing)} not in the code map")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
