"""A filled sheet's foot labels (Total, Rank) span the lead columns and fit them in every language:
Polish "Miejsce" (Rank) ran over the hand column's rule (docs/printing.md)."""

from __future__ import annotations

import pytest
from flask_babel import force_locale, gettext

from scorekeeper.web.languages import LANGUAGES
from tests.pdf.support import first_page_words, krazy_bee_hands, long_game, seed_game


def _played(variant: str):
    """A game of two hands, and its lead columns' count (Hand and Winner; Hand)."""
    if variant == "rummikub":
        return long_game(2), 2
    return seed_game("krazy-bee", ["Ann", "Bob", "Cy", "Dee"], krazy_bee_hands(2)), 1


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"he"}))  # Hebrew's words read back reversed
@pytest.mark.parametrize("variant", ["rummikub", "krazy-bee"])
def test_the_foot_labels_are_centred_over_the_lead_columns_and_fit_them(
    app, client, tmp_path, variant, language
):
    with app.app_context():
        game, lead = _played(variant)
        public_id = game.public_id
        with app.test_request_context(), force_locale(language):
            name, total, rank = gettext("Name"), gettext("Total"), gettext("Rank")
    answer = client.get(f"/print/game/{public_id}/sheet.pdf", headers={"Accept-Language": language})
    assert answer.status_code == 200
    _width, words = first_page_words(answer.data, tmp_path)
    # the "Name" head spans the lead columns, centred: so does each foot label, on the table's last lines
    head = next(w for w in words if w[4] == name)
    centre = (head[0] + head[2]) / 2
    below = [w for w in words if w[1] > head[3]]
    feet = [w for w in below if w[4] in (total, rank)][-2:]
    assert [w[4] for w in feet] == [total, rank], [w[4] for w in below][-12:]
    # the column labels' line under the names: the lead columns' labels, then the first player's,
    # which starts right of the lead columns (each label a word)
    line = sorted(w for w in below if abs(w[1] - min(v[1] for v in below)) < 1)
    for left, _top, right, _bottom, text in feet:
        assert abs((left + right) / 2 - centre) < 1.5, (text, left, right, centre)
        assert right < line[lead][0], (text, right, line[lead][4])
