"""A Hebrew name in a sheet's monospaced text (the recorded lines, the standings) is set in the sheet's
own fonts: since 7 December in its sans font in a box of whole cells (display/mono_words.py), before
that in its own Hebrew mono font (``Sheet Mono Hebrew``, scripts/hebrew_mono_font.py: DejaVu Sans's
letters in DejaVu Sans Mono's cells and metrics, still the fallback), which read letter-spaced. It
used to fall back, glyph by glyph, to the system's FreeMono, whose small, light Hebrew stood
letter-spaced and lower than the Latin and the numbers beside it.

Read back with ``pdftotext -bbox``: each word's box is its font's ascent to descent at its size, so
two words of one line in fonts of the same metrics share their top and their height.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from scorekeeper.display.sheets import MONO_ADVANCE
from tests.pdf.support import ReadBack, seed_game

FONTS = Path(__file__).resolve().parents[2] / "scorekeeper" / "static" / "fonts"
HEBREW = {"Accept-Language": "he"}
NAMES = ["דנה כהן", "Zoë Ångström", "Bob"]
#: the Hebrew name wins hand 1, so it stands in that hand's recorded line beside its numbers
HAND = {"winner": 0, "players": [{"rack": ""}, {"rack": "K12"}, {"rack": "R10 B10 O13"}]}

pytestmark = pytest.mark.skipif(
    not shutil.which("pdftotext"), reason="poppler-utils (pdftotext) not installed"
)


def boxes(pdf: bytes, tmp_path: Path) -> list[tuple[float, float, str]]:
    """Every word of the PDF's first page as (top, height, text), its letters as they stand."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-l", "1", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*)</word>', xml)
    return [(round(float(top), 1), round(float(bottom) - float(top), 1), w) for top, bottom, w in found]


@pytest.fixture
def hebrew_sheet(app, client) -> bytes:
    with app.app_context():
        public_id = seed_game("rummikub", NAMES, [HAND]).public_id
    answer = client.get(f"/print/game/{public_id}/sheet.pdf", headers=HEBREW)
    assert answer.status_code == 200
    return answer.data


def test_the_hebrew_of_the_lines_is_in_the_sheets_own_fonts(hebrew_sheet):
    """Since 7 December a Hebrew value of a line is set in the sheet's sans font, in a box of whole
    cells (tests/pdf/test_hebrew_letter_spacing.py); "Sheet Mono Hebrew" stays the fallback, and no
    system font is taken."""
    fonts = ReadBack(hebrew_sheet).fonts()
    assert "Sheet-Sans" in fonts and "Sheet-Mono" in fonts
    assert not {f for f in fonts if f.startswith(("FreeMono", "DejaVu"))}, fonts


def test_a_hebrew_name_stands_in_line_with_the_latin_and_the_numbers(hebrew_sheet, tmp_path):
    words = boxes(hebrew_sheet, tmp_path)
    # the standings (8.5 pt) and the recorded line (8 pt): "דנה" as it stands, "הנד", on each
    hebrew = {(top, height) for top, height, w in words if w == "הנד"}
    for top, height in hebrew:
        beside = {(t, h) for t, h, w in words if t == top and re.fullmatch(r"[\w+\-−]+", w) and w.isascii()}
        if beside:  # a Latin word or a number of the same line: the same top and height
            assert beside == {(top, height)}, (top, height, beside)
    lines = [(top, h) for top, h in hebrew if any(t == top and w == "+45" for t, _h, w in words)]
    assert lines, "the winner's recorded line holds the Hebrew name and its +45"
    latin = {(t, h) for t, h, w in words if w == "Zoë"}
    assert latin and {h for _t, h in latin} & {h for _t, h in hebrew}  # the standings' names alike


@pytest.mark.parametrize("style", ["", "-Bold"])
def test_the_font_sets_each_letter_in_the_mono_cell(style):
    font = TTFont(FONTS / f"SheetMonoHebrew{style}.ttf")
    mono = TTFont(FONTS / f"DejaVuSansMono{style}.ttf")
    em = font["head"].unitsPerEm
    letters = {chr(u): name for u, name in font.getBestCmap().items() if 0x05D0 <= u <= 0x05EA}
    assert len(letters) == 27
    assert {font["hmtx"][name][0] / em for name in letters.values()} == {MONO_ADVANCE}
    assert font["hhea"].ascent == mono["hhea"].ascent and font["hhea"].descent == mono["hhea"].descent
