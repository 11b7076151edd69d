#!/usr/bin/env bash
# Builds the crate for wasm32 in release mode and generates the JS bindings into www/pkg/.
# Incremental: cargo rebuilds only what changed; bindgen and wasm-opt run only on a new .wasm.
source "$(dirname "$0")/lib.sh"

step "cargo build --release --target wasm32-unknown-unknown"
cargo build --release --target wasm32-unknown-unknown -p tmlab --lib

wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/tmlab.wasm"
out=www/pkg
if [ ! -f "$out/tmlab_bg.wasm" ] || [ "$wasm" -nt "$out/tmlab_bg.wasm" ]; then
  step "wasm-bindgen --target web → $out"
  wasm-bindgen --target web --out-dir "$out" "$wasm"
  # npm's binaryen (never Debian's 108, whose output fails to load). -O4 for speed: the engine
  # runs there (about 3 % more nps than -O3 in the worker); -Oz would gain nothing after gzip.
  step "wasm-opt -O4"
  wasm-opt -O4 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/tmlab_bg.wasm" -o "$out/tmlab_bg.wasm"
  touch "$out/tmlab_bg.wasm"
fi
# The Curves view's parameters for code that runs before the wasm loads (from the crate).
node scripts/curve-params.mjs
printf 'wasm: %s bytes raw, %s bytes gzipped\n' "$(wc -c < "$out/tmlab_bg.wasm")" "$(gzip -9c "$out/tmlab_bg.wasm" | wc -c)"
