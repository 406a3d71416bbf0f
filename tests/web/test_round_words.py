"""One word per variant for a deal-and-play (issue 8): RumBugz and the tile games play *rounds*
(RB-7, CT-8), Krazy Bee, Crib Rummy and Crazy Rummy *hands* (KB-9, CR-9, CZ-1). Every page,
flash message, button, change-log line and printed sheet uses the variant's word
(``Variant.round_word``), never the other one."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import services
from scorekeeper.rules import find_variant, variants
from scorekeeper.storage.extensions import db
from tests.pdf.support import ReadBack

from .rounds_support import new_game, rounds_url, submit, text
from .test_games import SAMPLE_HANDS

WORDS = {v["slug"]: v["round_word"] for v in variants()}


def other_word_used(page: str, word: str) -> list[str]:
    """Places where ``page`` calls a deal-and-play by the word that is not ``word``."""
    other = "hand" if word == "round" else "round"
    found = re.compile(
        rf"\b{other}s?\s+\d|\d+\s+{other}s?\b|\b(?:record|save|delete|edit|correct|continue this|"
        rf"no|each|later|every|after)\s+(?:a\s+)?{other}s?\b|>\s*{other}s?\s*<",
        re.I,
    )
    return found.findall(html.unescape(page))


def test_tile_round_is_a_round_from_the_button_to_the_flash(app, client):
    game = new_game(app, client, "rummikub")
    page = text(client.get(f"/games/{game}"))
    assert "Record a round" in page and "0 rounds" in page
    form = text(client.get(rounds_url(game)))
    assert "Record round 1" in form and "Save round" in form
    saved = text(submit(client, rounds_url(game), {"winner": "0", "players.1.rack": "R5"}))
    assert "Round 1 recorded." in saved and "Undo: Round 1 recorded" in saved
    assert "1 round" in saved and ">Rounds<" in saved and 'aria-label="Edit round 1"' in saved
    assert "Delete round 1?" in text(client.get(rounds_url(game, "1/delete")))
    corrected = text(submit(client, rounds_url(game, "1/edit"), {"winner": "0", "players.1.rack": "R6"}))
    assert "Round 1 corrected; totals recomputed." in corrected
    assert "Round 1 corrected" in text(client.get(f"/games/{game}/history"))
    for shown in (page, form, saved, corrected):
        assert other_word_used(shown, "round") == []


def test_krazy_bee_hand_stays_a_hand(app, client):
    game = new_game(app, client, "krazy-bee")
    saved = text(
        submit(client, rounds_url(game), {"players.0.laid": "y", "went_out": "0", "players.1.points": "25"})
    )
    assert "Hand 1 recorded." in saved and "Record a hand" in saved and "1 hand" in saved
    assert other_word_used(saved, "hand") == []


@pytest.mark.parametrize("slug", list(WORDS))
def test_every_page_of_a_game_uses_the_variants_word(app, client, slug):
    word = WORDS[slug]
    assert word == find_variant(slug).round_word in ("hand", "round")
    game = new_game(app, client, slug)
    pages = {"new": client.get(rounds_url(game)).text}
    pages["saved"] = submit(client, rounds_url(game), {}).text  # a blank form: refused or saved
    with app.app_context():
        stored = services.get_game(game)
        if not stored.rounds:
            services.record_round(stored, SAMPLE_HANDS[slug])
        db.session.commit()
    for name, url in {
        "game": f"/games/{game}",
        "edit": rounds_url(game, "1/edit"),
        "delete": rounds_url(game, "1/delete"),
        "history": f"/games/{game}/history",
        "share": f"/games/{game}/share",
        "delete game": f"/games/{game}/delete",
    }.items():
        response = client.get(url)
        assert response.status_code == 200, url
        pages[name] = response.text
    pages["sheet"] = ReadBack(client.get(f"/print/game/{game}/sheet.pdf").data).text
    assert {name: other_word_used(page, word) for name, page in pages.items()} == {name: [] for name in pages}
    assert re.search(rf"\b{word}s?\b", pages["game"] + pages["sheet"], re.I)
