#!/usr/bin/env bash
# npm run soak [-- --games N --reload-at N --tc TC --nps N]: a long virtual-clock match in the
# real browser Match view (scripts/soak.mjs). Builds dist/ first if it is missing; runs at nice 19.
source "$(dirname "$0")/lib.sh"
[ -f dist/index.html ] || bash scripts/build.sh
nice -n 19 node scripts/soak.mjs "$@"
