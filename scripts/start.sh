#!/usr/bin/env bash
# npm start: install what is missing, build the wasm, serve the playground and print its URL.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/build-wasm.sh
step "serving the playground (Ctrl-C stops it)"
exec vite --host 127.0.0.1
