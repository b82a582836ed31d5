#!/usr/bin/env bash
# Builds `animatic` in debug and simulates every bundled scene on one worker and on two, with
# the debug overlay built. Swift checks exclusive access to memory at run time, and a debug
# build keeps every check the optimiser drops from the release build the tests use: an array
# read inside its own mutable access (the sequential step planning its passes) trapped in
# every scene of a debug build and never in release. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product animatic
bin="$(swift build --product animatic --show-bin-path)/animatic"
err="$(mktemp)"
trap 'rm -f "$err"' EXIT
count=0
for scene in scenes/*.json; do
  for workers in 1 2; do
    if ! "$bin" simulate "$scene" --workers "$workers" --debug >/dev/null 2>"$err"; then
      echo "debug smoke: $scene --workers $workers failed:" >&2
      head -n 5 "$err" >&2
      exit 1
    fi
  done
  count=$((count + 1))
done
echo "debug smoke: $count scenes simulated by a debug build on 1 and 2 workers"
