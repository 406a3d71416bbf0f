"""A 40-letter name (the most the API takes, docs/limits.md) heads its columns shortened with "…" to
their width, in every language: it ran off the page on the Crib Rummy and Crazy Rummy sheets and over
the Krazy Bee sheet's Step list. The title and the standings still print it whole."""

from __future__ import annotations

import pytest

from scorekeeper.web.languages import LANGUAGES
from tests.pdf.support import MM, first_page_words, seed_game

LONG = "Łukasz Wojciechowski-Brzęczyszczykiewicz"


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
    width, words = first_page_words(answer.data, tmp_path)
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
