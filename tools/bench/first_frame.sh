#!/usr/bin/env bash
# Opening the window to its first frame drawn, with a saved game present:
# makes a data folder holding a mid-game save of the built-in chess game
# (`cardtable drive --data-dir`: fifteen moves, a castle each, an en
# passant and a promotion, then `save auto`), then opens the window over it
# under xvfb-run RUNS times. Continue The Game (A.103) brings the save back
# as the game starts, so each run loads it before its first frame. The
# binary says when its first frame was drawn and presented
# (CARDTABLE_REPORT_FIRST_FRAME: the time from the start of `main`, so the
# start of xvfb-run and the loading of the binary are not in it). Prints
# each run, then the best and the median. Release build.
# Needs xvfb-run (apt-get install xvfb xauth libgl1-mesa-dri).
# Usage: tools/bench/first_frame.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
cargo build --release --quiet
bin=target/release/cardtable
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

moves="click e2\nclick e4\nclick a7\nclick a6\nclick e4\nclick e5\nclick d7\nclick d5\n\
click e5\nclick d6\nclick g8\nclick f6\nclick d6\nclick c7\nclick e7\nclick e6\nclick g1\nclick f3\n\
click f8\nclick e7\nclick f1\nclick c4\nclick e8\nclick g8\nclick e1\nclick g1\nclick a6\nclick a5\n\
click c7\nclick b8\npress Queen\nsave auto\nfen\n"
saved=$(printf "$moves" | "$bin" drive --data-dir "$data" | tail -1)
[ -f "$data/saves/auto.yaml" ] || { echo "no save was made: $saved" >&2; exit 1; }
echo "a save of $(( $(wc -c < "$data/saves/auto.yaml") / 1024 )) KB, at $saved"

times=()
for i in $(seq "$runs"); do
  out=$(CARDTABLE_REPORT_FIRST_FRAME=1 xvfb-run -a -s "-screen 0 1280x1200x24" \
    "$bin" --data-dir "$data" --screenshot "$data/shot.png" --frames 2 2>&1) || {
    echo "run $i failed: $out" >&2
    exit 1
  }
  ms=$(printf '%s\n' "$out" | sed -n 's/^first frame: \([0-9.]*\) ms.*/\1/p')
  [ -n "$ms" ] || { echo "run $i reported no first frame: $out" >&2; exit 1; }
  echo "run $i: first frame $ms ms after the start"
  times+=("$ms")
done
printf '%s\n' "${times[@]}" | sort -n | awk '
  { t[NR] = $1 }
  END { printf "first frame with a save present, %d runs: best %.1f ms, median %.1f ms\n", NR, t[1], t[int((NR + 1) / 2)] }'
