#!/usr/bin/env bash
# Counts the instructions of Kiwipete's legal moves through the cards, in
# native Rust and in Rhai, with callgrind: unlike seconds, the same for the
# same binary whatever else the machine is doing. Prints each per run and
# the ratios. Needs valgrind. Usage: tools/bench/instructions.sh [RUNS]
#
# The bench checks the three agree before it profiles, and those checks
# call the same functions, so callgrind counts them too: each figure is the
# difference between 2*RUNS calls and RUNS calls, divided by RUNS, which
# leaves the checks out.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
bench=$(cargo bench -p cardtable-bench --bench cards --no-run --message-format=json 2>/dev/null \
  | grep -o '"executable":"[^"]*cards-[^"]*"' | tail -1 | cut -d'"' -f4 || true)
[ -x "$bench" ] || { echo "the bench binary was not built" >&2; exit 1; }
total() {
  local out
  out=$(mktemp)
  CARDS_BENCH_PROFILE="$2" valgrind --tool=callgrind --callgrind-out-file="$out" \
    --toggle-collect="$1" "$bench" >/dev/null 2>&1
  grep '^summary:' "$out" | awk '{ print $2 }'
  rm -f "$out"
}
count() {
  local once twice
  once=$(total "$1" "$runs")
  twice=$(total "$1" $((2 * runs)))
  echo $(((twice - once) / runs))
}
cards=$(count 'cardtable::library::chess::Chess::legal_moves')
native=$(count '*native::Board::legal_moves')
rhai=$(count '*peer::Peer::legal_moves')
echo "instructions for one Kiwipete legal moves (48 moves), callgrind, $runs more runs each:"
printf '  cards   %12d\n  native  %12d\n  rhai    %12d\n' "$cards" "$native" "$rhai"
awk -v c="$cards" -v n="$native" -v r="$rhai" 'BEGIN { printf "  cards/native %.1f   rhai/cards %.1f\n", c / n, r / c }'
