#!/usr/bin/env bash
# npm run bench: build native (release) and the wasm playground, then compare them in one run.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh --test
step "cargo build --release (native tmlab)"
cargo build --release -p tmlab --bin tmlab
bash scripts/build.sh
step "benches: native and in the wasm worker"
node scripts/bench.mjs
