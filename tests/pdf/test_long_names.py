"""A 40-letter name (the most the API takes, docs/limits.md) heads its columns shortened with "…" to
their width, in every language: it ran off the page on the Crib Rummy and Crazy Rummy sheets and over
the Krazy Bee sheet's Step list. The title and the standings still print it whole."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from scorekeeper.web.languages import LANGUAGES
from tests.pdf.support import seed_game

LONG = "Łukasz Wojciechowski-Brzęczyszczykiewicz"
MM = 72 / 25.4


def boxes(pdf: bytes, tmp_path: Path) -> tuple[float, list[tuple[float, float, float, float, str]]]:
    """The first page's width and its words as (left, top, right, bottom, text), in points."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    xml = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", "-bbox", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    width = float(re.search(r'<page width="([\d.]+)"', xml)[1])
    found = re.findall(
        r'xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*)</word>', xml
    )
    return width, [(*map(float, f[:4]), f[4]) for f in found]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize(
    "variant, names",
    [
        ("crib-rummy", ["Ann", "Ånn", LONG]),
        ("crazy-rummy", ["Zoë", "Zoe Smith", "שרה", "Pål", LONG]),
        ("krazy-bee", ["Zoë Müller", "דנה", "Ann B.", LONG]),
    ],
)
def test_a_40_letter_name_heads_its_columns_shortened_to_fit(app, client, tmp_path, variant, names, language):
    with app.app_context():
        public_id = seed_game(variant, names, []).public_id
    answer = client.get(f"/print/game/{public_id}/sheet.pdf", headers={"Accept-Language": language})
    assert answer.status_code == 200
    width, words = boxes(answer.data, tmp_path)
    shown = [w for *_, w in words]
    assert any(w.endswith("…") for w in shown), shown  # the column head, shortened
    assert "Wojciechowski-Brzęczyszczykiewicz" in shown  # the title prints it whole
    # every word inside the page's 10 mm margins, and none drawn over another (the Step list's box)
    for left, _top, right, _bottom, text in words:
        assert 9 * MM < left and right < width - 9 * MM, (text, left, right)
    for i, (left, top, right, bottom, text) in enumerate(words):
        for other in words[i + 1 :]:
            overlap = min(right, other[2]) - max(left, other[0]), min(bottom, other[3]) - max(top, other[1])
            assert min(overlap) < 1, (text, other[4])
