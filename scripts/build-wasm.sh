#!/usr/bin/env bash
# Builds the crate for wasm32, three times (docs/architecture.md, "Three wasm
# modules"):
#
#   engine         features `engine` (no drawing)           → www/pkg/tmlab.js, tmlab_bg.wasm
#                  (the package tmlab-engine, crate/engine: a cdylib that links tmlab, built
#                  with the profile `engine`: tmlab for size, the searchers for speed)
#   charts         features `draw` (no `engine`: no chess)  → www/pkg/charts/charts.js, charts_bg.wasm
#   engine charts  features `draw-engine` (no chess)        → www/pkg/engine-charts/engine_charts.js,
#                                                             engine_charts_bg.wasm
#
# The engine module draws nothing: the charts module has the docs pages' charts (`draw`:
# CurveCanvas, AllocationCanvas, GameCanvas), the engine charts module the engine's own
# (`draw-engine`: move times, search timeline, engine allocation, clock shares, sweep, tune,
# scaling, flag risk), drawn from the plain chart data the engine module computes.
#
# The two chart builds have their own cargo profiles, `charts` and `engine-charts` (opt-level
# "z", in the workspace's Cargo.toml), so their own output directories: the feature sets never
# overwrite each other's artifacts, and an unchanged crate rebuilds none. Both are checked to
# link no chess code: `cargo tree` must not list shakmaty, and the linked module must name no
# shakmaty, searcher, game or experiment symbol (the build fails otherwise).
# Incremental: cargo rebuilds only what changed; bindgen and wasm-opt run only on a new .wasm.
source "$(dirname "$0")/lib.sh"

target="${CARGO_TARGET_DIR:-target}"
OPT_FLAGS=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue
  # wasm-opt's memory packing cuts the data into a segment per run of non-zero bytes (9 365 in the
  # engine module), and the segments' headers compress worse than the zeros they skip: without
  # it the engine module is 28.3 kB smaller gzipped (-9) and 21.6 kB brotli, though 129 kB
  # larger raw; the charts module 3.5 and 2.9 kB (docs/fuzzing-and-benches.md).
  --skip-pass=memory-packing)

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

# The engine module is tmlab with `engine` only, linked by tmlab-engine (crate/engine) in the
# profile `engine` (the workspace's Cargo.toml): the link is optimised at 3, tmlab and the cold
# dependencies were compiled for size, the searchers (tmlab-search) and shakmaty for speed.
step "cargo build --profile engine --target wasm32-unknown-unknown -p tmlab-engine (engine module)"
t0=$(now)
cargo build --profile engine --target wasm32-unknown-unknown -p tmlab-engine --lib
echo "    engine build: $(since "$t0") s"
# -O4 for speed: the engine runs there (about 3 % more nps than -O3 in the worker); -Oz would
# gain nothing after gzip.
bindgen "$target/wasm32-unknown-unknown/engine/tmlab_engine.wasm" www/pkg tmlab -O4

# chart_build PROFILE FEATURES NAME: a chart module's cargo build, checked to link no chess code
# (the layering, on what was linked: no chess rules, no searcher, games or experiments).
chart_build() {
  local profile=$1 features=$2 name=$3
  step "cargo build --profile $profile --target wasm32-unknown-unknown --no-default-features --features $features ($name module)"
  t0=$(now)
  cargo build --profile "$profile" --target wasm32-unknown-unknown -p tmlab --lib --no-default-features --features "$features"
  echo "    $name build: $(since "$t0") s"
  local wasm="$target/wasm32-unknown-unknown/$profile/tmlab.wasm"
  if cargo tree -p tmlab --no-default-features --features "$features" --target wasm32-unknown-unknown -e normal --prefix none | grep -q '^shakmaty '; then
    die "the $name module's dependencies include shakmaty (cargo tree -p tmlab --no-default-features --features $features)"
  fi
  # (tmlab::search is tmlab_search::search, crate/search; its symbols name that crate.)
  local chess=() symbols=() p
  for p in shakmaty tmlab_search6search tmlab4play tmlab10experiment; do
    chess+=(-e "$p")
    symbols+=(-e "$p[[:alnum:]_]*")
  done
  if grep -aq "${chess[@]}" "$wasm"; then
    die "the $name module ($wasm) links chess code: $(grep -ao "${symbols[@]}" "$wasm" | sort -u | head -5 | tr '\n' ' ')"
  fi
}

chart_build charts draw charts
# Small, not fast: it draws a few charts per second at most. --converge repeats -Oz while it
# still shrinks: 2 018 B raw and 942 B gzip -9 fewer than one pass (474 759 → 472 741 B).
bindgen "$target/wasm32-unknown-unknown/charts/tmlab.wasm" www/pkg/charts charts -Oz --converge

chart_build engine-charts draw-engine "engine charts"
# The same level: it draws a chart per move or per finished game at most.
bindgen "$target/wasm32-unknown-unknown/engine-charts/tmlab.wasm" www/pkg/engine-charts engine_charts -Oz --converge

# The Curves view's parameters for code that runs before the wasm loads (from the crate).
node scripts/curve-params.mjs
for m in www/pkg/tmlab_bg.wasm www/pkg/charts/charts_bg.wasm www/pkg/engine-charts/engine_charts_bg.wasm; do
  printf 'wasm %s: %s bytes raw, %s bytes gzipped\n' "$m" "$(wc -c < "$m")" "$(gzip -9c "$m" | wc -c)"
done
# Brotli and gzip copies, which the dev server serves (scripts/precompressed.mjs).
node scripts/precompressed.mjs www/pkg
