#!/bin/sh
# Renders the link preview's picture (Open Graph, Twitter card) from design/og-image.svg with Debian's Chromium and
# writes it as a JPEG well under the 100 kB that link previews allow (about 45 kB). Run after changing the SVG and
# commit the result: the build does not need Chromium or ImageMagick.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${CHROMIUM_PATH:-/usr/bin/chromium}" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,630 \
  --screenshot="$tmp/og.png" "file://$PWD/design/og-image.svg" 2>/dev/null
convert "$tmp/og.png" -strip -quality 82 -sampling-factor 4:2:0 public/images/og-image.jpg
ls -l public/images/og-image.jpg
