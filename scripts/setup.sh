#!/usr/bin/env bash
# Installs what Animatic needs on a fresh Debian machine that has only the Swift toolchain:
# the Cairo and libpng development packages (and ffmpeg for video previews and their tests).
# Safe to run again: installs only what is missing. Sourced by the other scripts.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swift >/dev/null 2>&1 || { echo "animatic: the Swift toolchain is not on PATH (expected /opt/swift/usr/bin)" >&2; exit 1; }

missing=()
for pkg in libcairo2-dev libpng-dev pkg-config ${ANIMATIC_EXTRA_PACKAGES:-}; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "animatic: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
