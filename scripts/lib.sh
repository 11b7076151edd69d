# Shared helpers for the scripts in this folder. Source it; don't run it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"

# Print a bold step header.
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

# Fail with a message naming what is missing and how to get it.
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Seconds since the epoch with milliseconds, for step timings.
now() { date +%s.%N; }

# Seconds elapsed since a `now` value, with one decimal.
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
