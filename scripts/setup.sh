#!/usr/bin/env bash
# Installs what building (and, with --test, testing) needs, skipping every step already satisfied:
# the wasm32 target, wasm-bindgen-cli at exactly the version pinned in crate/Cargo.toml, the npm
# packages, and for tests Debian's Chromium and ChromeDriver and python-chess from PyPI.
source "$(dirname "$0")/lib.sh"

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

command -v cargo >/dev/null || die "cargo not found: install Rust with rustup (https://rustup.rs) first"
command -v npm >/dev/null || die "npm not found: install Node.js 20+ first"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

wb_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crate/Cargo.toml)
[ -n "$wb_version" ] || die "could not read the pinned wasm-bindgen version from crate/Cargo.toml"
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wb_version" ]; then
  step "cargo install wasm-bindgen-cli $wb_version (about 2 minutes, once)"
  # No --locked: the crates.io copy of the CLI lacks a locked dependency version.
  cargo install wasm-bindgen-cli --version "=$wb_version"
fi

if [ "$want_test" = 1 ] && { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; }; then
  step "apt-get install chromium chromium-driver (for the browser tests)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver
fi

# python-chess, the real UCI client of crate/tests/uci_python_chess.rs, from PyPI (Debian's
# archive here has no python3-chess); pinned so the client's behaviour is the tested one.
if [ "$want_test" = 1 ] && ! python3 -c 'import chess.engine' 2>/dev/null; then
  command -v python3 >/dev/null || die "python3 not found: install Python 3.8+ for the UCI client test"
  step "pip install chess==1.11.2 (python-chess, for the UCI client test)"
  python3 -m pip install --quiet --disable-pip-version-check 'chess==1.11.2'
fi

# npm ci when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi
