#!/usr/bin/env python3
"""Takes the loader's new positions into tests/broken/*.broken after content moved.

Usage: CI=true cargo test --test suite broken_content:: 2>&1 | python3 tools/broken_positions.py

Where an expected mistake differs from one the loader reported only in its
file:line:column, the case file gets the reported position. Anything else
(a changed message, a list of names) is left for a person to read.
"""
import re,sys
out=sys.stdin.read()
blocks=re.split(r"\n(?=tests/broken/)", out)
fixed=0
for b in blocks:
    m=re.match(r"(tests/broken/\S+\.broken):\d+: no mistake reads\n    (.*?)\n  the loader reported:\n((?:    .*\n?)*)", b)
    if not m: continue
    path,exp,rep=m.group(1),m.group(2),[l[4:] for l in m.group(3).splitlines() if l.startswith('    ')]
    def key(s): return re.sub(r"^(.+?):\d+:\d+:", r"\1:", s)  # a card's file name may hold spaces
    cands=[r for r in rep if key(r)==key(exp)]
    if len(cands)>=1:
        s=open(path).read()
        s=s.replace(exp,cands[-1] if len(cands)==1 else cands[0],1)
        open(path,'w').write(s); fixed+=1
print("fixed",fixed)
