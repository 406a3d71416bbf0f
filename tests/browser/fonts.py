"""The phones' type families for the layout checks: Chromium run with sans-serif set to each.

The pages use the phone's own sans-serif (docs/phone-checks.md, "Type"). A fontconfig file per family
(the system's configuration, then that family put first for sans-serif, sans and system-ui)
is handed to Chromium through FONTCONFIG_FILE, so one browser draws every page in DejaVu
Sans (Debian's default), another in Roboto (Android's) and another in Liberation Sans
(metric-compatible with the Arial and Helvetica of desktops and iPhones).
``scripts/system-deps.sh test`` installs them; a missing one skips (fails under CI).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

#: family name -> the Debian package that brings it
FAMILIES = {
    "DejaVu Sans": "fonts-dejavu-core",
    "Roboto": "fonts-roboto",
    "Liberation Sans": "fonts-liberation",
}

_CONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
{matches}
</fontconfig>
"""
_MATCH = """  <match target="pattern">
    <test qual="any" name="family"><string>{generic}</string></test>
    <edit name="family" mode="prepend" binding="strong"><string>{family}</string></edit>
  </match>"""


def fontconfig_file(folder: Path, family: str) -> Path:
    """A fontconfig file under ``folder`` that makes sans-serif (and system-ui) resolve to ``family``."""
    matches = "\n".join(_MATCH.format(generic=g, family=family) for g in ("sans-serif", "sans", "system-ui"))
    path = folder / f"fonts-{family.replace(' ', '-').lower()}.conf"
    path.write_text(_CONFIG.format(matches=matches), encoding="utf-8")
    return path


def fc_match(config: Path, pattern: str = "sans-serif") -> str | None:
    """The family fontconfig picks for ``pattern`` under ``config`` (None without fc-match)."""
    if not shutil.which("fc-match"):
        return None
    found = subprocess.run(
        ["fc-match", "--format=%{family[0]}", pattern],
        capture_output=True,
        text=True,
        env={**os.environ, "FONTCONFIG_FILE": str(config)},
        check=False,
    )
    return found.stdout.strip()


def rendered_families(page, selector: str = "body") -> list[str]:
    """The families Chromium really drew the first ``selector``'s text with (most glyphs first)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()
    return [f["familyName"] for f in sorted(fonts, key=lambda f: -f["glyphCount"])]


def assert_drawn_in(page, family: str, selector: str = "h1") -> None:
    """The page's ``selector`` text is drawn in ``family`` (the one the run intends), not a fallback."""
    drawn = rendered_families(page, selector)
    assert drawn and drawn[0] == family, f"{page.url} {selector} is drawn in {drawn}, not {family}"
