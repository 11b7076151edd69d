#!/usr/bin/env bash
# The production build: wasm (release) and the Vite bundle in dist/.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/build-wasm.sh
step "vite build → dist/"
vite build --logLevel warn
step "self-host kit → dist/embed-kit/ (scripts/embed-kit.mjs)"
node scripts/embed-kit.mjs dist
step "brotli and gzip copies of dist/ (scripts/precompressed.mjs)"
node scripts/precompressed.mjs dist
