#!/usr/bin/env bash
# Renders the PNG icons of the manifest (manifest.webmanifest) from src/icons/icon.svg with
# headless Chromium.
# The PNGs are committed; run this again only when the SVG changes.
set -euo pipefail
cd "$(dirname "$0")/.."
chrome=${CHROMIUM:-/usr/bin/chromium}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
svg=$(cat src/icons/icon.svg)
render() { # size, padding (percent, for the maskable icon's safe zone), background, out
  cat >"$tmp/icon.html" <<HTML
<!doctype html><html><body style="margin:0;background:$3">
<div style="width:$1px;height:$1px;display:grid;place-items:center">
<div style="width:$((100 - 2 * $2))%;height:$((100 - 2 * $2))%">${svg/<svg /<svg width=\"100%\" height=\"100%\" }</div></div></body></html>
HTML
  "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
    --user-data-dir="$tmp/profile" --window-size="$1,$1" --screenshot="$4" "file://$tmp/icon.html" >/dev/null 2>&1
}
render 192 0 transparent src/icons/icon-192.png
render 512 0 transparent src/icons/icon-512.png
render 512 10 "#2f4858" src/icons/icon-maskable-512.png
ls -l src/icons
