#!/usr/bin/env bash
# Builds the API reference with the toolchain's DocC, no plugin: symbol graphs are extracted
# from the release build's modules (swift-symbolgraph-extract), then `docc convert` turns them
# into a static site. Usage: bash scripts/docs.sh [OUT] (default .build/docs-site). Browse it
# through a web server (DocC pages do not load from file://):
#   python3 -m http.server 8000 --bind 127.0.0.1 --directory .build/docs-site
#   then open http://127.0.0.1:8000/documentation/dynamics/
# ANIMATIC_DOCS_SKIP_BUILD=1 uses the modules already built (the test suite's build).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
out="${1:-.build/docs-site}"
modules="Dynamics SceneFormat Images Rendering FrameFiles FrameOutput ScenePlayer Compare"
[ -d Sources/AnimaticUIKit ] && modules="$modules AnimaticUIKit"
if [ "${ANIMATIC_DOCS_SKIP_BUILD:-0}" != 1 ]; then swift build -c release; fi
bin=".build/release"
graphs=".build/symbol-graphs"
rm -rf "$graphs" && mkdir -p "$graphs"
target="$(uname -m)-unknown-linux-gnu"
for module in $modules; do
  swift-symbolgraph-extract -module-name "$module" -target "$target" -minimum-access-level public \
    -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/CPNG.build/module.modulemap" \
    -Xcc -fmodule-map-file="$bin/CPUHints.build/module.modulemap" \
    -Xcc -fmodule-map-file="$bin/CKernels.build/module.modulemap" \
    -Xcc -fmodule-map-file=Sources/CCairo/module.modulemap $(pkg-config --cflags-only-I cairo | sed 's/-I/-Xcc -I/g') \
    -output-dir "$graphs"
done
rm -rf "$out"
docc convert --additional-symbol-graph-dir "$graphs" --fallback-display-name Animatic \
  --fallback-bundle-identifier org.animatic.api --output-path "$out" --transform-for-static-hosting \
  >"$graphs/docc-warnings.txt" 2>&1 || { cat "$graphs/docc-warnings.txt" >&2; exit 1; }
echo "API reference: $out ($(grep -c 'warning:' "$graphs/docc-warnings.txt" || true) DocC warnings in $graphs/docc-warnings.txt)"
