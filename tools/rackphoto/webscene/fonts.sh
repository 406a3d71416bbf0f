#!/usr/bin/env bash
# Renderer C's fonts (tools/rackphoto/webscene/): Debian font packages that neither the first renderer
# (tools/rackphoto/fonts.sh) nor renderer B (numerals from strokes, no font) use, fetched with
# `apt-get download` and unpacked into build/fonts-c without installing them.
set -euo pipefail
out="${1:-build/fonts-c}"
mkdir -p "$out/debs"
pkgs=(fonts-noto-core fonts-inter fonts-manrope fonts-bebas-neue fonts-jetbrains-mono fonts-b612
      fonts-karla fonts-oxygen fonts-yanone-kaffeesatz fonts-anonymous-pro fonts-cabin
      fonts-cardo)
cd "$out/debs"
for p in "${pkgs[@]}"; do
    ls "$p"_*.deb >/dev/null 2>&1 || apt-get download -q "$p" >/dev/null 2>&1 || echo "fonts.sh: $p not found, skipped" >&2
done
for d in *.deb; do dpkg -x "$d" ..; done
