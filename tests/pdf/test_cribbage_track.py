"""The printed cribbage track (CR-8), read back from real PDFs and rasterised with poppler.

The whole track (every street, every lane, the game hole) must sit on one
page inside its margins on A4 and Letter, portrait and landscape; a game's
pegs are drawn where the board geometry puts them. The rasterised track pages
are kept under ``test-artifacts/pdf/`` to look at.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.display.cribbage_board import Board, peg_xy, streets
from scorekeeper.printing.documents import document_pdf
from scorekeeper.printing.options import print_options
from tests.board_game import HAND, NAMES, PEGS
from tests.pdf.support import ReadBack, seed_game

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pdf"
MM = 72 / 25.4  # points per millimetre

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None and os.environ.get("CI", "").lower() != "true",
    reason="NOTICE pdftotext/pdftoppm (poppler-utils) are not installed; under CI=true this fails instead",
)


def words(path: Path, page: int) -> tuple[tuple[float, float], list[tuple[str, float, float, float, float]]]:
    """Page size (pt) and every word on ``page`` (1-based) with its box: (text, x0, y0, x1, y1), y down."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    size = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', out)
    found = [
        (w, float(a), float(b), float(c), float(d))
        for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', out
        )
    ]
    return (float(size[1]), float(size[2])), found


def raster(path: Path, page: int, dpi: int, name: str) -> tuple[int, int, bytes]:
    """``page`` rasterised in grey (pdftoppm), kept as a PNG to look at too: (width, height, pixels)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    common = ["-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(path)]
    subprocess.run(["pdftoppm", "-png", *common, str(ARTIFACTS / name)], check=True, timeout=60)
    pgm = subprocess.run(["pdftoppm", "-gray", *common], check=True, capture_output=True, timeout=60).stdout
    magic, width, height, _depth, pixels = pgm.split(maxsplit=4)
    assert magic == b"P5"
    return int(width), int(height), pixels


class TrackOnPage:
    """The track's page rasterised, and where the board's points fall on it: found from two street
    labels read back with their boxes and their places on the board."""

    def __init__(self, path: Path, page: int, board: Board, name: str, dpi: int = 150):
        (self.width_pt, _), found = words(path, page)
        first, last = streets(board)[0].label, streets(board)[-1].label
        box = {w[0]: w for w in found}
        baseline = {t: box[t][4] - 0.22 * (box[t][4] - box[t][2]) for t in (first.text, last.text)}
        self.scale = (baseline[last.text] - baseline[first.text]) / (last.y - first.y)  # points per unit
        self.left = box[first.text][1] - first.x * self.scale
        self.top = baseline[first.text] - first.y * self.scale
        self.width, _height, self.pixels = raster(path, page, dpi, name)
        self.px = dpi / 72

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        """The pixel (column, row) of board point (x, y)."""
        return round((self.left + x * self.scale) * self.px), round((self.top + y * self.scale) * self.px)

    def shade(self, x: float, y: float) -> float:
        """Mean grey (0 black .. 255 white) of a 3x3 block at board point (x, y)."""
        cx, cy = self.pixel(x, y)
        return (
            sum(self.pixels[(cy + dy) * self.width + cx + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9
        )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("target", [61, 121, 241])
def test_the_whole_track_is_on_one_page_inside_its_margins(tmp_path, target, paper, orientation):
    """Every lane of every street and the game hole are read back from the track's page, inside the margins
    (241 holes on a landscape page used to spill onto a page of its own and lose its last streets)."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(
        document_pdf(
            print_options(
                {
                    "variant": "crib-rummy",
                    "players": "4",
                    "target": str(target),
                    "paper": paper,
                    "orientation": orientation,
                }
            )
        )
    )
    pdf = ReadBack(path.read_bytes())
    assert f"Cribbage track to {target}" in pdf.page_texts[-1]
    (width, height), found = words(path, pdf.pages)
    board = Board(target, 4)
    texts = [w[0] for w in found]
    assert texts.count("Player") == 4 * board.streets
    drawing = {"Player", f"{target}:", "game"}
    for street in streets(board):
        drawing |= {street.label.text} | {n.text for n in street.numbers}
    assert drawing <= set(texts)
    for text, x0, y0, x1, y1 in found:
        if text in drawing:
            assert 10 * MM - 1 <= x0 and x1 <= width - 10 * MM + 1, f"{text!r} crosses a side margin"
            assert 14 * MM <= y0 and y1 <= height - 12 * MM, f"{text!r} is in the top or bottom margin"
    raster(path, pdf.pages, 40, f"track-{target}-{paper}-{orientation}")


def test_a_games_track_draws_each_peg_where_the_board_geometry_puts_it(app, client, tmp_path):
    """Front pegs solid, back pegs hollow, on the holes of the page's board (hole 30, 90 ...)."""
    with app.app_context():
        game = seed_game("crib-rummy", NAMES, [HAND], {"target": 121})
        public_id = game.public_id
    response = client.get(f"/print/game/{public_id}/sheet.pdf")
    assert response.status_code == 200
    path = tmp_path / "game.pdf"
    path.write_bytes(response.data)
    pdf = ReadBack(response.data)
    track = pdf.page_texts[-1]
    assert "Cribbage track to 121" in track and "● front peg, ○ back peg" in track
    assert all(name[:8] in track for name in NAMES)
    board = Board(121, 4)
    drawn = TrackOnPage(path, pdf.pages, board, "track-game-121")
    shade = drawn.shade
    assert abs(drawn.width - drawn.width_pt * drawn.px) <= 1
    for seat, (front, back) in PEGS.items():
        assert shade(*peg_xy(board, seat, front)) < 80, (
            f"{NAMES[seat]}'s front peg on {front} is not drawn solid"
        )
        assert shade(*peg_xy(board, seat, back)) > 170, f"{NAMES[seat]}'s back peg on {back} is not hollow"
    assert shade(*peg_xy(board, 1, 50)) > 170  # an empty hole is only a ring
