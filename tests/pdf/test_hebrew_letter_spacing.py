"""A Hebrew word in a printed sheet's fixed-width rows reads as a word (docs/printing.md "Right to
left"): in the recorded lines, the column labels and the standings, a Hebrew name or label was set in
the monospaced cells ("Sheet Mono Hebrew"), each narrow letter (vav, yod, final nun) alone in a cell
as wide as "M", so a name of them looked letter-spaced. Now each Hebrew value is set in the sans font at its letters'
own widths, in a box of whole cells, and the numbers around it stay in their columns.

Read back with ``pdftotext -bbox``: a word's box is as wide as its glyphs' advances, and as high as
its font's ascent to descent (DejaVu's, 1.164 em, the sans and the mono alike), which gives its size.
A word no wider than its letters set in DejaVu Sans (bold, the wider) and a small allowance per gap
between two letters (0.02 em) reads normally; letter-spaced, the gaps of the names of vavs and yods
were 0.25 em wider.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from scorekeeper.display.isolates import right_to_left
from scorekeeper.display.text_width import PT, text_width
from tests.pdf.support import first_page_words, krazy_bee_hands, seed_game
from tests.pdf.test_hebrew_sheets import pytestmark as needs_pdftotext

pytestmark = needs_pdftotext

HEBREW = {"Accept-Language": "he"}
#: names of narrow letters (vav, yod, final nun) beside wide ones, and a Latin one
NAMES = ["שלומית כהן", "ויויאן ליבוביץ", "Bob", "יוסי"]  # noqa: RUF001 - Hebrew names
RUMMIKUB_HANDS = [
    {"winner": 0, "players": [{"rack": ""}, {"rack": "K12"}, {"rack": "R10 B10 O13"}, {"rack": "B1"}]},
    {"winner": 1, "players": [{"rack": "R3"}, {"rack": ""}, {"rack": "K1"}, {"rack": "B9"}]},
]
#: DejaVu's ascent to descent, in em: a word's box height over its font size
BOX_EM = (1901 + 483) / 2048
#: the most a gap between two letters of a word may exceed the font's own spacing, in em
GAP_EM = 0.02


def words_of(pdf: bytes, tmp_path: Path) -> list[tuple[float, float, float, float, str]]:
    """The first page's words as (left, top, right, bottom, text) in points, letters as they stand."""
    return first_page_words(pdf, tmp_path)[1]


def extra_gap(word: tuple[float, float, float, float, str]) -> float:
    """How much wider (em) each gap between the word's letters is than DejaVu Sans Bold sets it."""
    left, top, right, bottom, text = word
    text = html.unescape(text)
    size = (bottom - top) / BOX_EM
    natural = text_width(text, size, bold=True) / PT  # in points
    return (right - left - natural) / (len(text) - 1) / size


@pytest.fixture
def sheets(app, client) -> dict[str, bytes]:
    """A filled Hebrew score sheet of Rummikub and of Krazy Bee (the Step list's progress in words)."""
    with app.app_context():
        games = {
            "rummikub": seed_game("rummikub", NAMES, RUMMIKUB_HANDS).public_id,
            "krazy-bee": seed_game("krazy-bee", NAMES, krazy_bee_hands(3)).public_id,
        }
    out = {}
    for variant, public_id in games.items():
        answer = client.get(f"/print/game/{public_id}/sheet.pdf", headers=HEBREW)
        assert answer.status_code == 200
        out[variant] = answer.data
    return out


@pytest.mark.parametrize("variant", ["rummikub", "krazy-bee"])
def test_hebrew_words_in_the_fixed_width_rows_are_not_letter_spaced(sheets, variant, tmp_path):
    words = [w for w in words_of(sheets[variant], tmp_path) if right_to_left(w[4]) and len(w[4]) >= 3]
    names = {w[4] for w in words}
    # the names stand in the standings and the recorded rows, the labels over the columns
    assert {NAMES[1].split()[0][::-1], NAMES[3][::-1]} <= names, names  # as they stand, left to right
    spaced = {w[4][::-1]: round(extra_gap(w), 3) for w in words if extra_gap(w) > GAP_EM}
    assert spaced == {}, f"letter-spaced (em more a gap): {spaced}"


def test_the_standings_numbers_stay_in_their_column(sheets, tmp_path):
    """Each standings line's total stands in one column whatever the Hebrew name beside it: on the
    right-to-left sheet the totals start at one edge (the standings' lines are the four with a count
    of wins, "1 ניצחון", and their numbers are, left to right, the wins, the total and the rank)."""
    words = words_of(sheets["rummikub"], tmp_path)
    tops = sorted({top for _l, top, _r, _b, text in words if text[::-1] in ("ניצחון", "ניצחונות")})
    assert len(tops) == 4, tops
    totals = []
    for top in tops:
        numbers = sorted(
            (left, text) for left, t, _r, _b, text in words if t == top and re.fullmatch(r"-?\d+", text)
        )
        assert len(numbers) == 3, numbers
        totals.append(numbers[1])
    assert sorted(text for _left, text in totals) == sorted(["43", "1", "-10", "-34"])
    lefts = [left for left, _text in totals]
    assert max(lefts) - min(lefts) < 0.3, totals
