#!/usr/bin/env bash
# npm test: every check, in order, failing fast: formatting, clippy (native and wasm), native
# unit/property tests, wasm tests in headless Chromium (page and dedicated worker), the production
# build, the JS type checks (tsc over www/, then over tests/ and scripts/, against www/pkg/tmlab.d.ts), the JS
# unit tests (node --test tests/unit/), the end-to-end browser tests and a smoke run of the bench. Prints each step's time and a total count at the end.
source "$(dirname "$0")/lib.sh"

logs="$ROOT/target/test-logs"
mkdir -p "$logs"
rm -f "$logs"/*.log
t_start=$(now)

run() { # run NAME CMD...: time a step and keep its output for the count
  local name=$1; shift
  step "$name"
  local t0; t0=$(now)
  "$@" 2>&1 | tee "$logs/$name.log"
  printf '    (%s: %s s)\n' "$name" "$(since "$t0")"
}

run setup bash scripts/setup.sh --test
run fmt cargo fmt --all --check
# The managers' modules are declared inside the registry's `managers!` macro (crate/src/tm/mod.rs),
# where cargo fmt does not reach them: rustfmt checks them by path.
run fmt-managers rustfmt --edition 2024 --check crate/src/tm/*.rs crate/src/tm/*/*.rs
run clippy-native cargo clippy --all-targets --locked -- -D warnings
run clippy-wasm cargo clippy --target wasm32-unknown-unknown --lib --locked -- -D warnings
# The three modules' feature sets (docs/architecture.md, "Three wasm modules"): the charts module
# (`draw` without `engine`), the engine charts module (`draw-engine` alone) and the engine module
# (`engine` without any drawing) must each build warning-free on their own.
run clippy-charts cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features draw --locked -- -D warnings
run clippy-engine-charts cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features draw-engine --locked -- -D warnings
run clippy-engine cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features engine --locked -- -D warnings
run rust-tests cargo test --locked
CHROMEDRIVER="$(command -v chromedriver)" run wasm-tests \
  cargo test --locked --target wasm32-unknown-unknown --test wasm_worker --test wasm_page --test wasm_harden
run build bash scripts/build.sh
run typecheck tsc --noEmit -p tsconfig.json
# The tests and scripts (strict, implicit any included), against the same sources' types.
run typecheck-tests tsc --noEmit -p tsconfig.tests.json
run js-unit node --test tests/unit/
run e2e node --test --test-concurrency=1 tests/e2e/
# The bench cannot rot: every figure of `npm run bench`, tiny (depth 2, one round), natively with
# the debug build `cargo test` made and in the wasm worker; fails if any figure is missing.
run bench-smoke node scripts/bench.mjs --smoke --native "${CARGO_TARGET_DIR:-target}/debug/tmlab"
run bench-stop-smoke node scripts/bench-stop.mjs --smoke

# Totals over every runner: cargo's "test result: ok. N passed; M failed" and node's "# pass N".
count() { cat "$logs"/*.log | awk -v what="$1" '
  /^test result:/ { for (i = 1; i <= NF; i++) if ($(i + 1) ~ "^" what) n += $i }
  $1 == "#" && $2 == (what == "passed" ? "pass" : "fail") { n += $3 }
  END { print n + 0 }'; }
printf '\nall checks passed in %s s\n' "$(since "$t_start")"
passed=$(count passed)
failed=$(count failed)
echo "tests: ${passed:-0} passed, ${failed:-0} failed"
