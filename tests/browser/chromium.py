"""Debian's Chromium as the browser tests and the benches launch it: where it is, its flags, a phone.

Two builds of the same Chromium, both Debian's: ``chromium-headless-shell`` (:data:`CHROMIUM`, the
default where it is installed) and ``chromium`` (:data:`FULL_CHROMIUM`). The shell is the engine
without the browser around it (the build Playwright itself runs for headless pages): the same Blink
lays out, paints and runs every page, for about a third less of the processor on these tests
(docs/tests.md, "Where the CPU goes"). What the shell leaves out is the browser's own features: a
screen wake lock, Background Sync, the PDF viewer; the tests of those take ``full_browser``.
``CHROMIUM_PATH`` names one build for every test.
"""

from __future__ import annotations

import os
import shutil

FULL_CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
#: Debian's /usr/bin/chromium-headless-shell is a shell script that runs this and waits (a process more)
_SHELL = "/usr/lib/chromium/chromium-headless-shell"
CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or (_SHELL if os.path.exists(_SHELL) else shutil.which("chromium-headless-shell"))
    or FULL_CHROMIUM
)
PHONE = {"width": 390, "height": 844}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
