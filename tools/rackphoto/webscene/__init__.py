"""Renderer C: rack photos drawn by a web browser, a third program beside tools/rackphoto/render.py
and renderer B (scene/), to measure models that have learned from both of those (issue 37;
docs/rack-photo.md, "Across renderers").

It shares no code, fonts, tile faces or textures with either, and draws by another approach again:
each scene is a web page (markup.py) whose tiles, rack and tablecloth are boxes placed in CSS 3-D
space, laid out, projected and painted by Debian's headless Chromium (shoot.py) under the page's
perspective; numerals are set in ten font families neither renderer uses (fonts.sh, fetched into
build/fonts-c), jokers are SVG drawings of four editions, cloths are CSS gradients and SVG noise,
light, glare, blur, shake and sensor noise are CSS and SVG filters, and the photo is the browser's
own JPEG. Hands are dealt from the 106 tiles as a table deals them (plan.py).

The labels are the other renderers': boxes [n, 4] in pixels (each tile face's extent, measured by
the page) and labels [n, 2] (number class 0..12 for 1..13, 13 the joker; colour 0 black, 1 blue,
2 red, 3 orange or yellow).

Splits by seed (:data:`SEEDS`): ``c-tune`` for calibration, ``c-holdout`` for the figure only; no
model has ever trained on either. **C-holdout is never used in any choice**; it also draws a font
(Bebas Neue) and a cloth (flowers) that c-tune never draws. ``c-fresh`` is a second calibration
split (from 6 December) that draws a numeral font neither of the others draws (Cabin), so a choice
can be tried on a font no model and no earlier choice has seen, as c-holdout's is. ``c-final``
(from 6 December) is a second held-out split, with a font (Cardo) and a cloth (waves) of its own:
c-holdout's figures had been read after many candidates' verdicts, so c-final is read with the
committed models alone, never with a candidate, until a rule written before names it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from PIL import Image

from . import plan
from .shoot import Camera

SEEDS = {"c-tune": 3_800_000, "c-holdout": 3_900_000, "c-fresh": 3_700_000, "c-final": 3_600_000}


def photos(split: str, racks: int) -> Iterator[tuple[Image.Image, np.ndarray, np.ndarray]]:
    """The first ``racks`` racks of ``split``: (photo, boxes, labels) each, one browser for all."""
    first = SEEDS[split]
    with Camera() as camera:
        for seed in range(first, first + racks):
            s = plan.scene(np.random.default_rng(seed), split)
            photo, boxes = camera.shoot(s)
            yield photo, boxes, s.labels()
