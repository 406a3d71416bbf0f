"""German pages around notation (issue 22): the words go through the catalogs, while what players
type (a Step list, a variant's slug) is marked ``translate="no"`` or stays as it is."""

from __future__ import annotations

import html
import re

from scorekeeper.rules import find_variant

from .game_support import start_game

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def words(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_a_step_games_standings_say_the_step_in_german_and_mark_its_notation(client):
    game = start_game(client, find_variant("krazy-bee").describe(), ["Ann", "Bob"])
    page = client.get(f"/games/{game}", headers=GERMAN).text
    assert (
        'Step 1 von 10: <bdi dir="ltr" translate="no" class="notation">2 books of 3</bdi>' in page
    )  # KB-3: as listed


def test_a_print_form_error_in_german(client):
    refused = client.get("/print/pdf?kind=sheet&variant=rumbugz&players=9", headers=GERMAN)
    assert refused.status_code == 400
    assert "wähle von 2 bis 6" in words(refused.text) and "choose from" not in refused.text
    unknown = client.get("/print/pdf?kind=rules&variant=chess", headers=GERMAN)
    assert (
        "wähle eines von: krazy-bee, rumbugz" in words(unknown.text) and "choose one of" not in unknown.text
    )


def test_a_grid_verdicts_kind_in_german(client):
    page = words(client.get("/check/crazy-tiles?cards=K4+K5+K9+%2F+.+.+K10+%2F+.+.+K11", headers=GERMAN).text)
    assert "Tisch" in page and "Board" not in page  # the glossary: a grid verdict's board is the Tisch


def test_a_step_laydown_verdict_marks_the_steps_notation(client):
    page = client.get("/check/krazy-bee?cards=7+7+7+%7C+3+4+5+6&step=2", headers=GERMAN).text
    assert (
        'Step 2: <bdi dir="ltr" translate="no" class="notation">book of 3 + <wbr>run of 4</bdi>' in page
    )  # KB-3
    assert 'Kombination 1: <span translate="no">book of 3</span>' in page
    assert 'aria-label="Kombination 1: book of 3"' in page  # a screen reader hears the meld whole
