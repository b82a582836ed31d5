#!/usr/bin/env bash
# Sets up and runs the whole test suite (release build: the engine tests step the
# 5,050-box pyramid, which takes minutes unoptimised). ffmpeg is installed so the preview
# tests run instead of skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
export ANIMATIC_EXTRA_PACKAGES="${ANIMATIC_EXTRA_PACKAGES:-ffmpeg}"
source scripts/setup.sh
swift build -c release --build-tests -Xswiftc -enable-testing
swift test -c release --skip-build -Xswiftc -enable-testing "$@"
