#!/usr/bin/env bash
# Builds the crate for wasm32 in release mode, twice (docs/architecture.md, "Two wasm modules"):
#
#   engine  features `engine` (no `draw`)               → www/pkg/tmlab.js, tmlab_bg.wasm
#   charts  features `draw` (no `engine`: no chess)     → www/pkg/charts/charts.js, charts_bg.wasm
#
# The engine module leaves out the drawing the charts module has (`draw`: CurveCanvas,
# AllocationCanvas, GameCanvas): the pages that draw those charts load the charts module.
#
# The charts build has its own cargo profile, `charts` (opt-level "z", in the workspace's
# Cargo.toml), so its own output directory: the two feature sets never overwrite each other's
# artifacts, and an unchanged crate rebuilds neither. It is checked to link
# no chess code: `cargo tree` must not list shakmaty, and the linked module must name no
# shakmaty or searcher symbol (the build fails otherwise).
# Incremental: cargo rebuilds only what changed; bindgen and wasm-opt run only on a new .wasm.
source "$(dirname "$0")/lib.sh"

target="${CARGO_TARGET_DIR:-target}"
OPT_FLAGS=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)

# bindgen WASM OUT NAME LEVEL...: wasm-bindgen and wasm-opt when WASM is newer than its output.
bindgen() {
  local wasm=$1 out=$2 name=$3 level=("${@:4}")
  if [ ! -f "$out/${name}_bg.wasm" ] || [ "$wasm" -nt "$out/${name}_bg.wasm" ]; then
    step "wasm-bindgen --target web → $out/$name.js"
    wasm-bindgen --target web --out-dir "$out" --out-name "$name" "$wasm"
    # npm's binaryen (never Debian's 108, whose output fails to load).
    step "wasm-opt ${level[*]} ($name)"
    wasm-opt "${level[@]}" "${OPT_FLAGS[@]}" "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
    touch "$out/${name}_bg.wasm"
  fi
}

step "cargo build --release --target wasm32-unknown-unknown --no-default-features --features engine (engine module)"
t0=$(now)
cargo build --release --target wasm32-unknown-unknown -p tmlab --lib --no-default-features --features engine
echo "    engine build: $(since "$t0") s"
# -O4 for speed: the engine runs there (about 3 % more nps than -O3 in the worker); -Oz would
# gain nothing after gzip.
bindgen "$target/wasm32-unknown-unknown/release/tmlab.wasm" www/pkg tmlab -O4

step "cargo build --profile charts --target wasm32-unknown-unknown --no-default-features --features draw (charts module)"
t0=$(now)
cargo build --profile charts --target wasm32-unknown-unknown -p tmlab --lib --no-default-features --features draw
echo "    charts build: $(since "$t0") s"
charts_wasm="$target/wasm32-unknown-unknown/charts/tmlab.wasm"
# The layering, checked on what was linked: no chess rules, no searcher in the charts module.
if cargo tree -p tmlab --no-default-features --features draw --target wasm32-unknown-unknown -e normal --prefix none | grep -q '^shakmaty '; then
  die "the charts module's dependencies include shakmaty (cargo tree -p tmlab --no-default-features)"
fi
if grep -aq -e shakmaty -e 'tmlab6search' -e 'tmlab4play' "$charts_wasm"; then
  die "the charts module ($charts_wasm) links chess code: $(grep -ao -e 'shakmaty[[:alnum:]_]*' -e 'tmlab6search[[:alnum:]_]*' -e 'tmlab4play[[:alnum:]_]*' "$charts_wasm" | sort -u | head -5 | tr '\n' ' ')"
fi
# Small, not fast: it draws a few charts per second at most. --converge repeats -Oz while it
# still shrinks: 2 018 B raw and 942 B gzip -9 fewer than one pass (474 759 → 472 741 B).
bindgen "$charts_wasm" www/pkg/charts charts -Oz --converge

# The Curves view's parameters for code that runs before the wasm loads (from the crate).
node scripts/curve-params.mjs
for m in www/pkg/tmlab_bg.wasm www/pkg/charts/charts_bg.wasm; do
  printf 'wasm %s: %s bytes raw, %s bytes gzipped\n' "$m" "$(wc -c < "$m")" "$(gzip -9c "$m" | wc -c)"
done
# Brotli and gzip copies, which the dev server serves (scripts/precompressed.mjs).
node scripts/precompressed.mjs www/pkg
