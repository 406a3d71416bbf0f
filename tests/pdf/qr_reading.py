"""Read the QR code printed on a PDF page back into its modules (poppler's pdftoppm + Pillow).

Enough of a reader for our own sheets: the page is rasterised at 300 dpi, the
two top finder patterns are found by their 1:1:3:1:1 runs of dark and light,
which give the module size and the symbol's corners, and each module is read
at its centre. Comparing the result with ``segno``'s matrix of a URL says
whether the printed code leads there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

DPI = 300


def needs_pdftoppm() -> None:
    """Skip with a notice when poppler-utils is missing (a failure under CI=true)."""
    if shutil.which("pdftoppm") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("pdftoppm (poppler-utils) is not installed")
        pytest.skip("NOTICE pdftoppm (poppler-utils) is not installed")


def page_pixels(pdf: bytes, page: int = 1):
    """The page as a Pillow greyscale image."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(DPI),
                "-gray",
                "-png",
                "-f",
                str(page),
                "-l",
                str(page),
                str(source),
                str(Path(folder) / "page"),
            ],
            check=True,
            timeout=60,
        )
        (png,) = Path(folder).glob("page*.png")
        with Image.open(png) as image:
            return image.convert("L").copy()


def _runs(row: list[bool]) -> list[tuple[bool, int, int]]:
    """(dark, start, length) of each run of equal pixels in a row."""
    runs, start = [], 0
    for x in range(1, len(row) + 1):
        if x == len(row) or row[x] != row[start]:
            runs.append((row[start], start, x - start))
            start = x
    return runs


def _finders(row: list[bool]) -> list[tuple[int, float]]:
    """(left x, module size) of every dark-light-dark-light-dark run in ratio 1:1:3:1:1."""
    runs, found = _runs(row), []
    for i in range(len(runs) - 4):
        five = runs[i : i + 5]
        if not five[0][0]:
            continue
        unit = sum(r[2] for r in five) / 7
        if unit >= 2 and all(abs(r[2] - want * unit) <= unit * 0.6 for r, want in zip(five, (1, 1, 3, 1, 1))):
            found.append((five[0][1], unit))
    return found


def read_qr(pdf: bytes, page: int = 1) -> list[list[bool]]:
    """The modules (True: dark) of the first QR code on the page, top row first."""
    image = page_pixels(pdf, page)
    width, height = image.size
    pixels = image.load()
    dark = lambda x, y: pixels[x, y] < 128  # noqa: E731

    def crosses(left: int, unit: float, y: int) -> bool:
        """Whether the column through this run's centre crosses a finder pattern of the same size at y."""
        cx, reach = int(left + 3.5 * unit), int(8 * unit)
        low = max(0, y - reach)
        return any(
            abs(u - unit) <= unit * 0.25 and top <= y - low <= top + 7 * u
            for top, u in _finders([dark(cx, yy) for yy in range(low, min(height, y + reach))])
        )

    for y in range(height):
        finders = [
            (left, unit)
            for left, unit in _finders([dark(x, y) for x in range(width)])
            if crosses(left, unit, y)
        ]
        if len(finders) >= 2:
            break
    else:
        raise AssertionError("no QR code found on the page")
    (left, unit), (right_start, right_unit) = finders[0], finders[-1]
    right = right_start + 7 * right_unit
    top = y
    while top > 0 and dark(int(left + unit / 2), top - 1):
        top -= 1
    size = round((right - left) / unit)
    module = (right - left) / size
    return [
        [dark(int(left + (c + 0.5) * module), int(top + (r + 0.5) * module)) for c in range(size)]
        for r in range(size)
    ]


def encoded(url: str) -> list[list[bool]]:
    """The modules of ``url``'s QR code as the app draws it (segno, error correction M)."""
    import segno

    return [[bool(bit) for bit in row] for row in segno.make(url, error="m").matrix]
