#!/usr/bin/env python3
"""Which room of runtime/src uses which: prints each room's imports, any
pair of rooms that use each other, and any room that uses one declared
after it in lib.rs (lib.rs lists the rooms from the bottom up). A room is a
folder (or a file) directly under runtime/src. Exits 1 on either.
Usage: python3 tools/rooms.py [runtime/src]"""
import os, re, sys
root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'runtime', 'src')
uses = {}
for dirpath, _, files in os.walk(root):
    for f in files:
        if not f.endswith('.rs'):
            continue
        path = os.path.join(dirpath, f)
        rel = os.path.relpath(path, root)
        room = rel.split(os.sep)[0].removesuffix('.rs')
        if room in ('lib', 'main'):
            continue
        text = open(path).read()
        text = re.sub(r'(?s)#\[cfg\(test\)\]\s*mod tests.*', '', text)
        text = re.sub(r'(?m)^\s*//.*$', '', text)
        for m in re.finditer(r'crate::(\w+)', text):
            other = m.group(1)
            if other != room:
                uses.setdefault(room, set()).add(other)
bad = 0
for room in sorted(uses):
    print(f"{room:10} uses {', '.join(sorted(uses[room]))}")
for a in sorted(uses):
    for b in sorted(uses[a]):
        if a < b and a in uses.get(b, ()):
            print(f"CYCLE: {a} <-> {b}")
            bad += 1
order = re.findall(r'(?m)^pub mod (\w+);', open(os.path.join(root, 'lib.rs')).read())
for room in sorted(uses):
    if room not in order:
        continue
    for other in sorted(uses[room]):
        if other in order and order.index(other) > order.index(room):
            print(f"ORDER: {room} uses {other}, which lib.rs declares after it")
            bad += 1
sys.exit(1 if bad else 0)
