#!/usr/bin/env bash
# npm run bench [-- --against REV ...]: build this tree natively (release) and the wasm
# playground, then run scripts/bench.mjs (which builds any --against revision in a scratch
# directory first) and compare them in one run, then the stop latency in the Play view
# (scripts/bench-stop.mjs). Options: see scripts/bench.mjs.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh --test
# --embeds-only measures the wasm modules and the embeds: no native binary is needed.
if [[ " $* " != *" --embeds-only "* ]]; then
  step "cargo build --release (native tmlab)"
  cargo build --release -p tmlab --bin tmlab
fi
bash scripts/build.sh
step "benches: native and in the wasm worker"
node scripts/bench.mjs "$@"
# The stop latency (scripts/bench-stop.mjs): this tree only; not a size or speed of the modules.
if [[ " $* " != *" --embeds-only "* ]]; then
  step "bench: how fast a search ends in the Play view (50 trials per action)"
  node scripts/bench-stop.mjs
fi
