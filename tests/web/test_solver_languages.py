"""The best play's and the turn checker's result lines in German (issue 22): the sentences the
solver's answer is drawn with go through the pages' catalog, a meld's kind through the engine's."""

from __future__ import annotations

import html
import re

import pytest

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def shown(client, path: str) -> str:
    page = client.get(path, headers=GERMAN).get_data(as_text=True)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize(
    "path, german, english",
    [
        pytest.param(
            "/check/rummikub/best?rack=R7+R8+K2&table=R4+R5+R6",
            ["2 Steine legen, 15 Punkte wert (CT-5)", "Nachweislich bester Zug"],
            ["Proved best", "worth"],
            id="tiles",
        ),
        pytest.param(
            "/check/rummikub/turn?before=R5+R6+R7&rack=R8+K2&after=R5+R6+R7+R8",
            ["Ein gültiger Zug: 1 Stein gelegt, 8 Punkte wert (CT-5)"],
            ["legal turn", "played"],
            id="turn",
        ),
        pytest.param(
            "/check/rummikub/turn?before=R5+R6+R7&rack=R8&after=R5+R6+%7C+R7+R8",
            ["Kein gültiger Zug"],
            ["Not a legal turn"],
            id="not-a-turn",
        ),
        pytest.param(
            "/check/krazy-bee/best?rack=5+5+W+1+2+3+4+9&step=2",
            ["Diese Hand legt Step 2, mit 1 Wild Bee (KB-3)"],
            ["This hand lays"],
            id="krazy-bee",
        ),
        pytest.param(
            "/check/crib-rummy/best?rack=3H+4H+5H+6H+KS+KD&table=KH+KC+KD",
            ["Neu, Reihe: ", "An Kombination 1 (KH KC KD) anlegen: 2 Stecker"],
            ["New run", "Add to meld", "8 pegs"],
            id="crib-rummy",
        ),
        pytest.param(
            "/check/rumbugz/best?rack=1+2+3+4+6+8+10+12+5+5+5+P&laid=single",
            ["Diese Hand legt die Sequences", "Danach fehlen noch:", " und "],
            ["This hand lays", "still missing"],
            id="rumbugz",
        ),
        pytest.param(
            "/check/crazy-rummy/best?rack=Q+Q+Q+7+7+5+5+9&table=5+5+5+K+K+K&wild=7",
            ["Karten für", "Satz aus 4 Karten"],
            ["Lay ", "Set of"],
            id="crazy-rummy",
        ),
    ],
)
def test_the_solvers_result_lines_in_german(client, path, german, english):
    text = shown(client, path)
    for words in german:
        assert words in text, text
    for words in english:
        assert words not in text, text


def test_a_wild_tile_read_as_a_split_says_so_in_german(client):
    """CT-1: the joker read as 0+1 is named as the 10 it stands for, in the page's words."""
    text = shown(client, "/check/crazy-tiles?cards=R12+R13+J")
    assert "steht für eine 10, gelesen als 0 + 1" in text and "stands for a 10" not in text
