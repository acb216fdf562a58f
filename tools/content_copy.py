"""A content folder made from content/chess by named edits: the one way the
generators (tools/examples/make_*.py) write
their folders.

    import content_copy                      # with tools/ on sys.path
    content_copy.make("content/examples/x", {"game.yaml": edit, ...}, {"tables/New.csv": "name\\n"})

Every edit is a function (text, rel) -> text of one file of content/chess,
made before the folder is touched: a stale edit (one whose text is no longer
there) stops the script with the folder, and its README.md, as they were.
Then the folder is made anew: content/chess copied but its README.md, the
edited files and the new ones written, and the folder's own README.md
(written by hand) kept.
"""
import os
import shutil
import sys
from typing import Callable, Dict, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHESS = os.path.join(ROOT, "content", "chess")

Edit = Callable[[str, str], str]


def replace_once(text: str, old: str, new: str, rel: str) -> str:
    """`old`, which must occur exactly once in the file `rel`, made `new`."""
    if text.count(old) != 1:
        sys.exit(f"{rel}: expected `{old}` once, found it {text.count(old)} times")
    return text.replace(old, new)


def make(dst: str, edits: Dict[str, Edit], new_files: Optional[Dict[str, str]] = None) -> None:
    """The folder `dst` (relative to the checkout, or absolute) made anew
    from content/chess with `edits` made and `new_files` written."""
    dst = os.path.join(ROOT, dst)
    edited = {}
    for rel, change in edits.items():
        with open(os.path.join(CHESS, rel), encoding="utf-8", newline="") as f:
            edited[rel] = change(f.read(), rel)
    edited.update(new_files or {})
    readme = os.path.join(dst, "README.md")
    kept = None
    if os.path.exists(readme):
        with open(readme, encoding="utf-8", newline="") as f:
            kept = f.read()
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(CHESS, dst, ignore=shutil.ignore_patterns("README.md"))
    for rel, text in edited.items():
        with open(os.path.join(dst, rel), "w", encoding="utf-8", newline="") as f:
            f.write(text)
    if kept is not None:
        with open(readme, "w", encoding="utf-8", newline="") as f:
            f.write(kept)
    else:
        print(f"{os.path.relpath(readme, ROOT)}: none yet; write one (what the folder is, and what it changes)")
    print(f"wrote {os.path.relpath(dst, ROOT)}")
