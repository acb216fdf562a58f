#!/usr/bin/env bash
# Counts the instructions of Kiwipete's legal moves through the cards, in
# native Rust and in Rhai, with callgrind: unlike seconds, the same for the
# same binary whatever else the machine is doing. Prints each per run and
# the ratios. Needs valgrind. Usage: tools/bench/instructions.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-10}"
bench=$(cargo bench -p cardtable-bench --bench cards --no-run --message-format=json 2>/dev/null \
  | grep -o '"executable":"[^"]*cards-[^"]*"' | tail -1 | cut -d'"' -f4 || true)
[ -x "$bench" ] || { echo "the bench binary was not built" >&2; exit 1; }
count() {
  local out
  out=$(mktemp)
  CARDS_BENCH_PROFILE="$runs" valgrind --tool=callgrind --callgrind-out-file="$out" \
    --toggle-collect="$1" "$bench" >/dev/null 2>&1
  grep '^summary:' "$out" | awk -v n="$runs" '{ printf "%d", $2 / n }'
  rm -f "$out"
}
cards=$(count 'cardtable::library::chess::Chess::legal_moves')
native=$(count '*native::Board::legal_moves')
rhai=$(count '*peer::Peer::legal_moves')
echo "instructions for one Kiwipete legal moves (48 moves), callgrind, $runs runs each:"
printf '  cards   %12d\n  native  %12d\n  rhai    %12d\n' "$cards" "$native" "$rhai"
awk -v c="$cards" -v n="$native" -v r="$rhai" 'BEGIN { printf "  cards/native %.1f   rhai/cards %.1f\n", c / n, r / c }'
