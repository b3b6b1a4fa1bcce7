#!/usr/bin/env bash
# Opens a run's index.html in Debian's headless Chromium and saves a screenshot, to check
# the report as a reader sees it (offline: the page must need nothing from the network).
#   scripts/screenshot-report.sh results/landgrab-fortress-house-rules [out.png]
# Needs: apt-get install chromium
set -euo pipefail
dir=${1:?usage: scripts/screenshot-report.sh RESULTS_DIR [OUT.png]}
out=${2:-$dir/index-screenshot.png}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "screenshot-report: chromium is not installed (apt-get install chromium)" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --window-size=1200,2400 \
  --screenshot="$(realpath -m "$out")" "file://$(realpath "$dir")/index.html" 2>/dev/null
echo "wrote $out"
