#!/usr/bin/env python3
"""Every file or folder the project's documents name exists.

Reads ARCHITECTURE.md, README.md, docs/*.md, the content's READMEs and
GUIDE and the tools' READMEs, takes each `code span` that looks like a path
in the tree (a name with a file ending this project uses, or a path with a
slash), and checks it against the files git tracks: a path may be given from
the top of the checkout, from the document's own folder, or as the tail of a
tracked path (ARCHITECTURE.md names `world/saved.rs` under runtime/src).
Placeholders (`T.LANG.csv`, `saves/SLOT.yaml`), globs, commands and options
are passed over. Prints each name that is not there, with its document and line, and
exits 1 if there is one (.ci/run runs it).
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["ARCHITECTURE.md", "README.md", "content/README.md", "content/GUIDE.md"]
ENDINGS = (".rs", ".py", ".md", ".yaml", ".csv", ".sh", ".toml", ".pest", ".txt", ".scenario",
           ".broken", ".cases", ".perft", ".png", ".ttf", ".rhai", ".epd", ".pgn")
# A span with one of these is a placeholder or a pattern, not a name.
PLACEHOLDER = re.compile(r"[A-Z]{3,}|[*<>{}$]|\.\.\.|…| |^-|=|\\|^~|^/|:")
SPAN = re.compile(r"`([^`\n]+)`")
# Names of files that a player, a translator or the game makes, never shipped.
MADE_LATER = {"values.yaml", "saves/auto.yaml.new", "my-chess/", "corpus/", "Words.de.csv", "tables/T.de.csv"}


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = set(out.split())
    dirs = set()
    for f in files:
        parts = f.split("/")
        for i in range(1, len(parts)):
            dirs.add("/".join(parts[:i]))
    return files, dirs


def looks_like_path(span):
    if span in MADE_LATER or PLACEHOLDER.search(span) or span.startswith(".") or re.search(r"\d/\d", span):
        return False
    if span.endswith(ENDINGS):
        return True
    return "/" in span and re.fullmatch(r"[\w.\-/]+", span) is not None and not span.startswith("http")


def exists(span, doc, files, dirs):
    name = span.rstrip("/")
    if name.startswith("./"):
        name = name[2:]
    here = str(doc.parent.relative_to(ROOT))
    candidates = [name, f"{here}/{name}" if here != "." else name]
    if name.startswith("../"):
        candidates.append(str((doc.parent / name).resolve().relative_to(ROOT)) if (doc.parent / name).resolve().is_relative_to(ROOT) else name)
    for c in candidates:
        if c in files or c in dirs:
            return True
    tail = "/" + name
    return any(f.endswith(tail) for f in files) or any(d.endswith(tail) for d in dirs)


def main():
    files, dirs = tracked()
    docs = [ROOT / d for d in DOCS] + sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "content").glob("*/README.md")) \
        + sorted((ROOT / "content").glob("*/*/README.md")) + sorted((ROOT / "tools").glob("*/README.md"))
    missing = []
    for doc in docs:
        if not doc.exists():
            continue
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for span in SPAN.findall(line):
                span = span.strip()
                if looks_like_path(span) and not exists(span, doc, files, dirs):
                    missing.append(f"{doc.relative_to(ROOT)}:{number}: `{span}` names no file or folder of the tree")
    for m in missing:
        print(m)
    print(f"doc_paths: {len(docs)} documents read, {len(missing)} names missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
