#!/usr/bin/env bash
# npm run fuzz [-- --minutes N] [-- --seconds N] [-- --target NAME[,NAME]] [-- --seed N]
#
# A coverage-free mutational fuzzer on stable Rust (cargo-fuzz needs a nightly toolchain):
# each Rust target (spec, tc, fen, pgn, matchspec, stopper, uci, journal, restore,
# replay) runs for the
# given time, one after the other, through crate/tests/fuzz.rs; then the JS targets run in node:
# the URL-state parser (www/ui/urlstate.js, tests/fuzz/urlstate.mjs) and the views' saved
# IndexedDB records (tests/fuzz/records.mjs). Seeds and crash regressions live in tests/fuzz/<target>/;
# new failures are saved to tests/fuzz/<target>/crashes/ and `npm test` replays them all.
# Default: 60 s per target. Runs at nice 19 (the machine is shared).
source "$(dirname "$0")/lib.sh"

secs=60
targets=all
seed=
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) secs=$(awk -v m="$2" 'BEGIN { print m * 60 }'); shift 2 ;;
    --seconds) secs=$2; shift 2 ;;
    --target) targets=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) die "unknown argument $1 (allowed: --minutes N, --seconds N, --target NAME[,NAME], --seed N)" ;;
  esac
done

step "build the fuzz harness"
bin=$(cargo test --locked --test fuzz --no-run --message-format=json 2>/dev/null |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const l of s.split("\n")){try{const m=JSON.parse(l);if(m.executable&&m.target&&m.target.name==="fuzz")console.log(m.executable)}catch{}}})')
[ -x "$bin" ] || die "could not build crate/tests/fuzz.rs (run: cargo test --test fuzz --no-run)"

status=0
IFS=, read -ra names <<< "$targets"
js_targets=" urlstate records "
for t in "${names[@]}"; do
  if [[ "$js_targets" != *" $t "* ]]; then
    step "fuzz ${t} for ${secs} s each"
    FUZZ_TARGET=$t FUZZ_SECONDS=$secs FUZZ_SEED=$seed nice -n 19 "$bin" --ignored --exact fuzz_loop --nocapture \
      2>&1 | grep -E '^fuzz|panicked|HANG' || status=1
  fi
  for js in urlstate records; do
    if [ "$t" = "$js" ] || [ "$t" = all ]; then
      step "fuzz ${js} for ${secs} s"
      nice -n 19 node "tests/fuzz/${js}.mjs" --seconds "$secs" ${seed:+--seed "$seed"} || status=1
    fi
  done
done
exit $status
