#!/usr/bin/env bash
# Sets up and runs the whole test suite (release build: the engine tests step the
# 5,050-box pyramid, which takes minutes unoptimised). ffmpeg is installed so the preview
# and headless-browser tests run instead of skipping. Ends with one summary line: "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
export ANIMATIC_EXTRA_PACKAGES="${ANIMATIC_EXTRA_PACKAGES:-ffmpeg chromium}"
source scripts/setup.sh
swift build -c release --build-tests -Xswiftc -enable-testing
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift test -c release --skip-build -Xswiftc -enable-testing --disable-swift-testing "$@" 2>&1 | tee "$log" || status=$?
summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -n 1 || true)
if [ -n "$summary" ]; then
  executed=$(echo "$summary" | grep -oE 'Executed [0-9]+' | grep -oE '[0-9]+' || true)
  failed=$(echo "$summary" | grep -oE '[0-9]+ failures?' | head -n 1 | grep -oE '^[0-9]+' || true)
  skipped=$(echo "$summary" | grep -oE '[0-9]+ tests? skipped' | grep -oE '^[0-9]+' || true)
  executed=${executed:-0}; failed=${failed:-0}; skipped=${skipped:-0}
  echo "tests: $((executed - failed - skipped)) passed, ${failed} failed, ${skipped} skipped"
fi
exit $status
