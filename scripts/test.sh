#!/usr/bin/env bash
# Sets up and runs the whole test suite (release build: the engine tests step the
# 5,050-box pyramid, which takes minutes unoptimised). Everything the tests drive is installed
# first (ffmpeg, chromium, GNU parallel from apt; check-jsonschema from PyPI into a virtual
# environment under .build/), and ANIMATIC_REQUIRE_TOOLS=1 makes a missing tool fail its test
# rather than skip it. Ends with one summary line: "tests: N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")/.."
export ANIMATIC_EXTRA_PACKAGES="${ANIMATIC_EXTRA_PACKAGES:-ffmpeg chromium parallel python3 python3-venv}"
source scripts/setup.sh
# The JSON Schema validator, in a virtual environment of its own (Debian's Python refuses
# system-wide pip installs).
tools=".build/test-tools"
if [ ! -x "$tools/bin/check-jsonschema" ]; then
  python3 -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check check-jsonschema pyjson5
fi
export PATH="$PWD/$tools/bin:$PATH"
export ANIMATIC_REQUIRE_TOOLS=1
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
# The run-time checks of exclusive access the release build drops (scripts/debug-smoke.sh).
bash scripts/debug-smoke.sh || status=1
exit $status
