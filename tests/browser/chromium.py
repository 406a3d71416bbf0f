"""Debian's Chromium as the browser tests and the benches launch it: where it is, its flags, a phone."""

from __future__ import annotations

import os
import shutil

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
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
