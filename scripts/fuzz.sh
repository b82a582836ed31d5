#!/usr/bin/env bash
# Coverage-guided fuzzing of the scene loader with libFuzzer (swiftc -sanitize=fuzzer).
# usage: bash scripts/fuzz.sh [RUNS] [extra libFuzzer flags]   (default 200000 runs)
# The corpus starts from the bundled scenes and the bad-scene fixtures; crashes land in
# .build/fuzz/crash-*. The test suite also runs a seeded mutation fuzz (SceneFormatTests).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
runs="${1:-200000}"; shift || true
mkdir -p .build/fuzz/corpus
cp scenes/*.json Tests/SceneFormatTests/Fixtures/bad/*.json5 Tests/SceneFormatTests/Fixtures/good/* .build/fuzz/corpus/ 2>/dev/null || true
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name SceneFuzz \
  Sources/SceneFormat/JSON5/*.swift Sources/SceneFormat/Loading/*.swift Sources/SceneFormat/Model/*.swift Sources/SceneFormat/Writing/*.swift \
  Fuzz/SceneLoaderFuzz.swift -o .build/fuzz/scene-loader-fuzz
cd .build/fuzz
./scene-loader-fuzz -runs="$runs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 "$@" corpus
