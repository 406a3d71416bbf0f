#!/usr/bin/env bash
# Installs the Debian packages Scorekeeper needs when they are missing and we are root.
#   run:  Pango for WeasyPrint (PDFs); FreeMono (fonts-freefont-ttf), the monospaced lines' Hebrew
#         letters on a Hebrew sheet (the rest is the bundled DejaVu Sans; without it Pango falls back
#         to the system's DejaVu Sans: the same letters, a little wider; docs/languages.md)
#   test: the above plus Chromium and its headless shell (browser tests, tests/browser/chromium.py),
#         poppler-utils (PDF to PNG), the
#         PostgreSQL server (the tests start a throwaway cluster of their own in a temp dir)
#         and the phones' type for the layout checks: Roboto (Android), Liberation (metrics
#         of Arial and Helvetica), with fontconfig's fc-match (tests/browser/fonts.py)
# Without root, it only reports what is missing; the browser and PostgreSQL tests
# then skip with a notice (and fail under CI=true).
set -u
want=(libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core fonts-freefont-ttf)
[ "${1:-run}" = test ] && want+=(chromium poppler-utils postgresql fonts-roboto fonts-liberation fontconfig)
# Node.js and npm for axe-core and Lighthouse (package.json), unless the machine has its own
[ "${1:-run}" = test ] && ! command -v npm >/dev/null && want+=(nodejs npm)
# where the release packages it: the browser tests run in the headless shell (a third less CPU;
# tests/browser/chromium.py), else all in chromium
optional=()
[ "${1:-run}" = test ] && optional+=(chromium-headless-shell)

missing=()
for pkg in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
extra=()
for pkg in "${optional[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || extra+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && [ ${#extra[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "system-deps: installing ${missing[*]} ${extra[*]}"
    export DEBIAN_FRONTEND=noninteractive
    if [[ " ${missing[*]} " == *" postgresql "* ]]; then
        # Only the server binaries are wanted: no system-wide "main" cluster (nothing of ours
        # uses it, and it would start on port 5432 where services may start).
        mkdir -p /etc/postgresql-common/createcluster.d
        echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/scorekeeper-tests.conf
    fi
    apt-get update -qq >/dev/null || echo "system-deps: apt-get update failed" >&2
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
            || echo "system-deps: could not install ${missing[*]}" >&2
    fi
    for pkg in "${extra[@]}"; do  # one at a time, and only where the release has it
        if apt-cache show "$pkg" >/dev/null 2>&1; then
            apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null \
                || echo "system-deps: could not install $pkg" >&2
        fi
    done
else
    echo "system-deps: missing ${missing[*]} ${extra[*]} (not root: install them with apt-get to enable every test)" >&2
fi
exit 0
