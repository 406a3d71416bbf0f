#!/usr/bin/env bash
# Fonts for the training racks (tools/rackphoto/README.md): Debian's font packages fetched with
# `apt-get download` and unpacked into build/fonts without installing them. The held-out set's
# families are kept out of training by strokes.HELD_OUT, whatever is here.
set -euo pipefail
out="${1:-build/fonts}"
mkdir -p "$out/debs"
pkgs=(fonts-liberation fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 fonts-texgyre
      fonts-croscore fonts-crosextra-carlito fonts-crosextra-caladea fonts-roboto-unhinted
      fonts-open-sans fonts-lato fonts-cantarell fonts-firacode fonts-hack fonts-inconsolata
      fonts-linuxlibertine fonts-sil-gentium fonts-sil-andika fonts-sil-charis fonts-junicode
      fonts-comic-neue fonts-league-spartan fonts-quicksand fonts-jura fonts-dejavu-extra
      fonts-ebgaramond fonts-noto-mono fonts-adf-accanthis fonts-oflb-euterpe fonts-go
      fonts-ibm-plex fonts-source-code-pro fonts-mplus)
cd "$out/debs"
for p in "${pkgs[@]}"; do
    ls "$p"_*.deb >/dev/null 2>&1 || apt-get download -q "$p" >/dev/null 2>&1 || echo "fonts.sh: $p not found, skipped" >&2
done
for d in *.deb; do dpkg -x "$d" ..; done
find .. -name '*.ttf' -o -name '*.otf' | wc -l
