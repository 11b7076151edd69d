#!/usr/bin/env bash
# Regenerates www/public/leaderboard.json, the Leaderboard view's committed data: one
# `tmlab leaderboard --json` run per line of RUNS below (seed 1, virtual clock), assembled in
# this order as {"runs": [...]}. crate/tests/cli_leaderboard.rs replays the first games of an
# entry of each alpha-beta run and must find the committed per-game scores, so regenerate
# whenever game results change.
# Each run's wall time is printed and kept in the run's JSON as `wall_s` (with the machine's
# core count), so the cost of every run is stated.
#
#   bash scripts/leaderboard-data.sh            # every run
#   ONLY=0 bash scripts/leaderboard-data.sh     # the first run only (for the test), others kept
source "$(dirname "$0")/lib.sh"

# 200 games a manager (about ±40 Elo) at both alpha-beta controls; the MCTS run is shorter
# (a game costs 13 s of a core there).
RUNS=(
  "--tc 1+0.01 --games 200 --engine ab"
  "--tc 4+0.04 --games 200 --engine ab"
  "--tc 1+0.01 --games 20 --engine mcts"
)
step "cargo build --release (tmlab)"
cargo build --release --locked --bin tmlab
bin="${CARGO_TARGET_DIR:-target}/release/tmlab"
tmp="${CARGO_TARGET_DIR:-target}/leaderboard-data"
mkdir -p "$tmp"
for i in "${!RUNS[@]}"; do
  if [ -n "${ONLY:-}" ] && [ "$i" != "$ONLY" ]; then continue; fi
  step "run $i: tmlab leaderboard ${RUNS[$i]} --seed 1 --json"
  t0=$(now)
  # shellcheck disable=SC2086
  "$bin" leaderboard ${RUNS[$i]} --seed 1 --json > "$tmp/run-$i.json.part"
  s=$(since "$t0")
  node -e 'const fs = require("fs"); const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    r.wall_s = Number(process.argv[2]); r.cores = require("os").availableParallelism();
    fs.writeFileSync(process.argv[3], JSON.stringify(r, null, 1) + "\n")' \
    "$tmp/run-$i.json.part" "$s" "$tmp/run-$i.json"
  rm "$tmp/run-$i.json.part"
  echo "run $i: ${s} s"
done
step "www/public/leaderboard.json"
node -e 'const fs = require("fs"); const dir = process.argv[1]; const n = Number(process.argv[2]);
  const old = JSON.parse(fs.readFileSync("www/public/leaderboard.json", "utf8")).runs;
  const runs = [];
  for (let i = 0; i < n; i++) {
    const f = `${dir}/run-${i}.json`;
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: run the script without ONLY first`);
    runs.push(JSON.parse(fs.readFileSync(f, "utf8")));
  }
  fs.writeFileSync("www/public/leaderboard.json", JSON.stringify({ runs }, null, 1) + "\n");
  console.log(`${runs.length} runs (was ${old.length})`);' "$tmp" "${#RUNS[@]}"
