#!/usr/bin/env bash
# Builds another revision for `npm run bench -- --against REV`, in a scratch directory, with that
# revision's own build scripts and flags (its Cargo profiles, scripts/build-wasm.sh, wasm-opt):
#
#   bash scripts/bench-revision.sh REV
#
# The scratch directory is target/bench-against/<commit>/: the revision's files (git archive),
# its native `tmlab` copied to tmlab-native, and its production build in dist/. Every revision
# builds into one shared cargo target directory (target/bench-against/cargo-target, linked as the
# revision's target/), so the dependencies compile once. A finished build is kept and reused
# (the marker file .bench-built); delete the directory to rebuild. The last line of the output
# is the directory.
source "$(dirname "$0")/lib.sh"

rev=${1:?usage: scripts/bench-revision.sh REV}
sha=$(git rev-parse --verify --quiet "$rev^{commit}") || die "--against $rev: no such commit in this repository"
scratch="$ROOT/target/bench-against"
dir="$scratch/$sha"
if [ ! -f "$dir/.bench-built" ]; then
  step "bench: building $rev ($sha) in $dir"
  t0=$(now)
  rm -rf "$dir"
  mkdir -p "$dir" "$scratch/cargo-target"
  git archive "$sha" | tar -x -C "$dir"
  ln -s ../cargo-target "$dir/target"
  # The same lock file: share this tree's packages; another one: install that revision's own.
  if cmp -s package-lock.json "$dir/package-lock.json"; then
    ln -s "$ROOT/node_modules" "$dir/node_modules"
    # The extracted lock file is newer than the shared node_modules: the revision's setup.sh would
    # run `npm ci` through the link and empty this tree's node_modules (it did). Same content,
    # same time.
    touch -r "$ROOT/node_modules/.package-lock.json" "$dir/package-lock.json"
  else
    (cd "$dir" && npm ci --no-audit --no-fund --prefer-offline)
  fi
  # Its own scripts, not this tree's: a change of build flags is part of what is compared. The
  # target directory is shared, so the binary is copied out before another revision overwrites it.
  (cd "$dir" && unset CARGO_TARGET_DIR && cargo build --release -p tmlab --bin tmlab && cp target/release/tmlab tmlab-native && bash scripts/build.sh)
  touch "$dir/.bench-built"
  printf 'built %s in %s s\n' "$rev" "$(since "$t0")"
fi
echo "$dir"
