#!/usr/bin/env bash
# Sets up, builds (release) and renders every bundled scene into output/.
# Extra arguments go to `animatic render` (for example --video apng --sheet).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product animatic
.build/release/animatic render "$@"
