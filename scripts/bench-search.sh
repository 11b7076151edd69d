#!/usr/bin/env bash
# Search speed on real games, for comparing two builds of the alpha-beta searcher.
#
#   bash scripts/bench-search.sh [TMLAB] [GAMES]
#
# Plays GAMES (default 16) virtual-clock games, stockfish vs lc0-legacy at 4+0.04 on one thread,
# and prints the user CPU seconds, a digest of the JSON without its wall-clock field (two builds
# that search identically print the same digest) and `tmlab bench`'s node count and speed. With
# valgrind installed and CACHEGRIND=1 it also counts the instructions of a 2-game match: a
# number that, unlike time, does not depend on the machine's other load.
set -euo pipefail
bin=${1:-target/release/tmlab}
games=${2:-16}
match=(match --a stockfish --b lc0-legacy --tc 4+0.04 --concurrency 1 --seed 1 --json)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
/usr/bin/time -f "user CPU: %U s, wall: %e s ($games games)" "$bin" "${match[@]}" --games "$games" 2>&1 >"$out" | tail -1
python3 -c 'import json,sys,hashlib; d=json.load(open(sys.argv[1])); d.pop("wall_ms"); print("results digest:", hashlib.sha256(json.dumps(d,sort_keys=True).encode()).hexdigest()[:16])' "$out"
"$bin" bench --no-overshoot --no-perft --mcts-playouts 0 2>/dev/null | grep -E "^Nodes ?(searched|/second)"
if [[ "${CACHEGRIND:-0}" == 1 ]]; then
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        "$bin" "${match[@]}" --games 2 2>&1 >/dev/null | grep -E 'I\s+refs'
fi
