#!/usr/bin/env bash
# npm run bench [-- --against REV ...]: build this tree natively (release) and the wasm
# playground, then run scripts/bench.mjs (which builds any --against revision in a scratch
# directory first) and compare them in one run. Options: see scripts/bench.mjs.
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
