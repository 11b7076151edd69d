#!/usr/bin/env bash
# Regenerates the static pictures the embeds show without WebAssembly (www/public/static/*.svg):
# the Curves view's default charts, rendered natively by the same Rust chart code. They are
# committed so `npm start` stays fast; crate/tests/static_svgs.rs fails when they go stale.
source "$(dirname "$0")/lib.sh"

out=www/public/static
mkdir -p "$out"
step "cargo build --bin tmlab"
cargo build -p tmlab --bin tmlab
bin=target/debug/tmlab
# Keep these arguments in step with crate/tests/static_svgs.rs and www/views/curves/params.js.
"$bin" curve decay --svg "$out/decay.svg"
"$bin" curve moves-left --svg "$out/moves-left.svg"
"$bin" curve allocation --tm lc0-legacy --tm stockfish --tc 60+0.6 --moves 80 --use 1 --nps 20000 --reuse 0 \
  --svg "$out/allocation.svg"
