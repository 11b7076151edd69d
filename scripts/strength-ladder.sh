#!/usr/bin/env bash
# The strength levels' Elo steps (docs/play.md, "Strength levels"): for k = 1 … 4, Stockfish's
# manager on alpha-beta at level k+1 (player A) against level k (player B), `tmlab match` on the
# virtual clock, GAMES games each from the builtin openings (colour-reversed pairs), with
# fastchess-style adjudication. Writes every match's JSON to docs/experiments/strength-ladder/
# (settings and report; the PGNs go to target/strength-ladder/) and rewrites the table between
# the `levels-table` markers in docs/play.md from them (scripts/strength-table.mjs), so the
# numbers in the docs are the matches' own.
#
#   bash scripts/strength-ladder.sh            # 40 games per step, 1 M virtual nodes/s
#   GAMES=100 TCS="3+2 3+2 60+0.6 60+0.6" bash scripts/strength-ladder.sh
#   STEPS="4" bash scripts/strength-ladder.sh  # only level 5 vs level 4
#
# TCS is the control of each step (level 2 vs 1, 3 vs 2, 4 vs 3, 5 vs 4): Play's own 3+2 for
# the lower steps, whose games cost little; 30+0.3 for level 4 against 3; 1+0.01 for full
# strength against level 4 (at 30+0.3 a full-strength game took about 290 s of a loaded 2-core
# machine, so 40 of them did not fit; at 1+0.01 level 4's cap is still a quarter of the full
# rate). The lower steps stay at Play's 3+2, where their games cost little.
#   TABLE_ONLY=1 bash scripts/strength-ladder.sh   # rewrite the table from the saved JSON
source "$(dirname "$0")/lib.sh"

GAMES=${GAMES:-40}
read -r -a TCS <<< "${TCS:-3+2 3+2 30+0.3 1+0.01}"
STEPS=${STEPS:-1 2 3 4}
NPS=${NPS:-1000000}
CONC=${CONC:-1}
out=docs/experiments/strength-ladder
mkdir -p "$out"

if [ -z "${TABLE_ONLY:-}" ]; then
  step "cargo build --release (tmlab)"
  cargo build --release --locked --bin tmlab
  bin="${CARGO_TARGET_DIR:-target}/release/tmlab"
  tmp="${CARGO_TARGET_DIR:-target}/strength-ladder"
  mkdir -p "$tmp"
  for k in $STEPS; do
    TC=${TCS[$((k - 1))]}
    step "level $((k + 1)) vs level $k: $GAMES games at $TC, $NPS virtual nodes/s"
    "$bin" match --a stockfish --b stockfish --level-a $((k + 1)) --level-b $k \
      --tc "$TC" --games "$GAMES" --nps "$NPS" --concurrency "$CONC" \
      --resign 3,600 --draw 40,8,10 --maxmoves 150 --ratinginterval 0 --json \
      --pgn "$tmp/level-$((k + 1))-vs-$k.pgn" > "$tmp/match.json"
    # Kept: the settings and the report (the games' records stay out of the repository).
    node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); delete r.games;
      process.stdout.write(JSON.stringify(r, null, 2) + "\n")' "$tmp/match.json" > "$out/level-$((k + 1))-vs-$k.json"
  done
fi
step "docs/play.md: the levels table"
node scripts/strength-table.mjs
