"""The running head's two halves (the title, and the variant, game id and player count) keep a gap
between them however long the title is: a points game's own name made "…, MiäFive Crowns · …"
(print.css and templates/pdf/base.html give the margin boxes their widths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pdf.support import MM, first_page_words, seed_game

GAMES = [
    ("Five Crowns", ["Mia", "מאיה", "Miä"]),
    (
        "Five Crowns with the house's own wild-card and scoring rules",
        ["Łukasz Wojciechowski-Brzęczyszczykiewicz", "Mia"],
    ),
]


def head_words(pdf: bytes, tmp_path: Path) -> tuple[float, list[tuple[float, float]]]:
    """The page's width, and (left, right) of every word in the first page's top margin, in points."""
    width, words = first_page_words(pdf, tmp_path)
    return width, [(x0, x1) for x0, _, x1, y1, _ in words if y1 < 14 * MM]


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("game_name, names", GAMES)
def test_the_running_heads_halves_keep_a_gap(app, client, tmp_path, game_name, names, language):
    with app.app_context():
        options = {"game_name": game_name, "high_wins": False}
        public_id = seed_game("points", names, [], options).public_id
    answer = client.get(f"/print/game/{public_id}/sheet.pdf", headers={"Accept-Language": language})
    width, words = head_words(answer.data, tmp_path)
    assert words and all(10 * MM - 1 < x0 and x1 < width - 10 * MM + 1 for x0, x1 in words), words
    # the words' spans merged: the two halves are two runs at least 3 mm apart
    runs: list[list[float]] = []
    for x0, x1 in sorted(words):
        if runs and x0 < runs[-1][1] + 3 * MM:
            runs[-1][1] = max(runs[-1][1], x1)
        else:
            runs.append([x0, x1])
    assert len(runs) == 2, runs
