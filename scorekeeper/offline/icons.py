"""The app's icons for the web app manifest, drawn with Pillow: ``python -m scorekeeper.offline.icons``."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from ..storage.paths import STATIC

GREEN, CARD, EDGE, RED, INK = (
    (20, 83, 45, 255),
    (251, 250, 247, 255),
    (17, 17, 17, 255),
    (185, 28, 28, 255),
    (17, 17, 17, 255),
)
#: (file, size, maskable)
FILES = (("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True))
#: the share of a maskable icon every mask keeps (a circle of 80 % of the width)
SAFE_ZONE = 0.8


def draw(size: int, maskable: bool) -> Image.Image:
    """One icon: the cards fill ``content`` of the width, centred."""
    scale = 4  # drawn large and scaled down: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), GREEN if maskable else (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if not maskable:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=GREEN)
    content = big * (SAFE_ZONE * 0.72 if maskable else 0.78)
    card_w, card_h = content * 0.42, content * 0.6
    cx, cy = big / 2, big / 2 + content * 0.05
    for angle, colour in ((-18, INK), (0, RED), (18, INK)):
        card = Image.new("RGBA", (int(card_w) + 8, int(card_h) + 8), (0, 0, 0, 0))
        face = ImageDraw.Draw(card)
        face.rounded_rectangle(
            (4, 4, card_w + 3, card_h + 3),
            radius=card_w / 9,
            fill=CARD,
            outline=EDGE,
            width=max(2, int(card_w / 40)),
        )
        pip = card_w * 0.16
        face.ellipse(
            (card_w / 2 + 4 - pip, card_h / 2 + 4 - pip, card_w / 2 + 4 + pip, card_h / 2 + 4 + pip),
            fill=colour,
        )
        turned = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        lift = abs(angle) * content * 0.002
        image.alpha_composite(
            turned, (int(cx - turned.width / 2 + angle * content * 0.012), int(cy - turned.height / 2 + lift))
        )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def write(folder: Path = STATIC / "img") -> list[Path]:
    """Draw every icon into ``folder``; the paths written."""
    written = []
    for name, size, maskable in FILES:
        path = folder / name
        draw(size, maskable).save(path, optimize=True)
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    for path in write():
        print(path)
    sys.exit(0)
