"""Renderer C's camera: Debian's headless Chromium lays out and paints each scene's page
(markup.py), the page frames the rack as a phone would and measures each tile's face, and the
screenshot is the photo (JPEG at the scene's quality)."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from . import markup
from .plan import Scene

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from tests.browser.chromium import CHROMIUM, FLAGS  # noqa: E402  (the browser tests' own launch)

FONT_DIR = ROOT / "build" / "fonts-c"

_FONTS_JS = """async (fonts) => {
  for (const [name, data] of fonts) {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const face = new FontFace(name, bytes);
    await face.load();
    document.fonts.add(face);
  }
}"""

# frame the rack as a player does (the tiles' faces, or seven tiles' width about them if the hand
# is shorter, fill `fill` of the frame, its centre moved by `shift`, the phone
# turned by `roll`; smaller until every face is inside), put a thumb below one end if asked (never
# over a face), and give each face's extent in the photo
_FRAME_JS = """async ({fill, shift, roll, W, H, thumb}) => {
  await document.fonts.ready;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const faces = [...document.querySelectorAll('.face')].sort((a, b) => a.dataset.k - b.dataset.k);
  const rects = () => faces.map((f) => {
    const r = f.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  });
  let b = rects();
  const y0 = Math.min(...b.map((r) => r[1])), y1 = Math.max(...b.map((r) => r[3]));
  const ws = b.map((r) => r[2] - r[0]).sort((p, q) => p - q);
  const mid = (Math.min(...b.map((r) => r[0])) + Math.max(...b.map((r) => r[2]))) / 2;
  const half = Math.max(mid - Math.min(...b.map((r) => r[0])), 3.5 * ws[ws.length >> 1]);
  const x0 = mid - half, x1 = mid + half;
  let s = fill * Math.min(W / (x1 - x0), H / (y1 - y0));
  const fit = document.getElementById('fit');
  for (let i = 0; i < 12; i++) {
    fit.style.transform = `translate(${W * (0.5 + shift[0])}px,${H * (0.5 + shift[1])}px) rotate(${roll}deg) ` +
      `scale(${s}) translate(${-(x0 + x1) / 2}px,${-(y0 + y1) / 2}px)`;
    b = rects();
    if (b.every((r) => r[0] >= 1 && r[1] >= 1 && r[2] <= W - 1 && r[3] <= H - 1)) break;
    s *= 0.92;
  }
  if (thumb[0]) {
    const hs = b.map((r) => r[3] - r[1]).sort((p, q) => p - q);
    const h = hs[hs.length >> 1] * thumb[2], w = h * 0.8;
    const end = thumb[1] ? b.reduce((p, q) => (q[2] > p[2] ? q : p)) : b.reduce((p, q) => (q[0] < p[0] ? q : p));
    const left = (end[0] + end[2]) / 2 - w / 2;
    const under = b.filter((r) => r[2] > left - 0.2 * w && r[0] < left + 1.2 * w).map((r) => r[3]);
    const el = document.getElementById('thumb');
    Object.assign(el.style, {
      display: 'block', left: `${left}px`, top: `${Math.max(...under) + 0.15 * w + 2}px`,
      width: `${w}px`, height: `${h * 1.6}px`, transformOrigin: '50% 0',
      transform: `rotate(${thumb[1] ? -12 : 12}deg)`,
      background: 'radial-gradient(ellipse at 40% 25%,#f3c9a8,#d9a07c 60%,#b97a58)',
      boxShadow: '0 6px 14px rgba(0,0,0,.35)',
    });
  }
  return b;
}"""


def _fonts() -> dict[str, Path]:
    return {p.name: p for p in FONT_DIR.rglob("*") if p.suffix in (".ttf", ".otf")}


class Camera:
    """One Chromium and one page for many photos (the fonts given to the page once)."""

    def __init__(self, font_files: dict[str, Path] | None = None, browser=None):
        """``font_files``: each of markup.ALL_FONTS's files where it is (the tests give one font for
        all, since build/fonts-c is fetched only for the bench); by default build/fonts-c's.
        ``browser``: a Playwright browser already running (the tests' own, since a second Playwright
        cannot start beside it); by default one of its own, closed at the end."""
        self.font_files, self._given = font_files, browser

    def __enter__(self) -> Camera:
        from playwright.sync_api import sync_playwright

        files = self.font_files or _fonts()
        missing = [f for f in markup.ALL_FONTS if f not in files]
        if missing and self.font_files is None:  # fetched once (apt-get download), then kept
            subprocess.run(["bash", str(Path(__file__).with_name("fonts.sh")), str(FONT_DIR)], check=False)
            files = _fonts()
            missing = [f for f in markup.ALL_FONTS if f not in files]
        if missing:
            raise SystemExit(
                f"renderer C: no {missing[0]} under {FONT_DIR} (bash tools/rackphoto/webscene/fonts.sh)"
            )
        if self._given is None:
            self._pw = sync_playwright().start()
            self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        self.page = (self._given or self._browser).new_page(viewport={"width": 1024, "height": 768})
        self.page.set_content("<!doctype html><html><body></body></html>")
        fonts = [
            (f"f{i}", base64.b64encode(files[f].read_bytes()).decode())
            for i, f in enumerate(markup.ALL_FONTS)
        ]
        self.page.evaluate(_FONTS_JS, fonts)
        return self

    def __exit__(self, *exc) -> None:
        self.page.close()
        if self._given is None:
            self._browser.close()
            self._pw.stop()

    def shoot(self, s: Scene) -> tuple[Image.Image, np.ndarray]:
        """The scene's photo and each tile's face extent [n, 4] in pixels, in its labels' order."""
        W, H = s.size
        self.page.set_viewport_size({"width": W, "height": H})
        self.page.evaluate("(html) => { document.body.innerHTML = html; }", markup.page(s))
        cam = s.camera
        boxes = self.page.evaluate(
            _FRAME_JS,
            {
                "fill": cam["fill"],
                "shift": list(cam["shift"]),
                "roll": cam["roll"],
                "W": W,
                "H": H,
                "thumb": list(s.light["thumb"]),
            },
        )
        jpeg = self.page.screenshot(type="jpeg", quality=s.after["quality"])
        photo = Image.open(io.BytesIO(jpeg)).convert("RGB")
        return photo, np.clip(np.array(boxes, np.float32).reshape(-1, 4), 0, [W, H, W, H])
