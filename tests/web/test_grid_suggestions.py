"""Issue 33: "Legal instead" on the grid is a play the same page accepts when typed back in.

A whole turn refused on Crazy Rummy Tiles once suggested ``J R1 R2 | B8 K8 J``: written with ``|``
that layout uses the only joker twice, and typed back in it is refused. The layout meant is the
board ``B8 . . / K8 . . / J R1 R2`` (39 points): the suggestion names it, the API returns it as
``instead``, the page draws it with a link that checks it, and the command line prints it.
"""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main

from .api_support import OpenApi, call
from .test_checker import verdict_of

RACK = "B8 K8 R1 R2 J"
ASKED = {"before": "", "rack": RACK, "after": "B8 K8 J | R1 R2 J", "initial": True}
BOARD = "B8 . . / K8 . . / J R1 R2"


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def turn(client, api, variant: str, **body) -> dict:
    return call(client, api, "POST", "/api/v1/turn", {"variant": variant, **body}, expect=200)[1]


def test_the_api_returns_the_board_and_it_is_legal_when_sent_back(client, api):
    answer = turn(client, api, "crazy-tiles", **ASKED)
    assert answer["valid"] is False
    assert answer["instead"] == {"play": ["B8", "K8", "R1", "R2", "J"], "value": 39, "after": BOARD}
    assert any(BOARD in a for a in answer["alternatives"]) and not any(
        "|" in a for a in answer["alternatives"]
    )
    again = turn(client, api, "crazy-tiles", **{**ASKED, "after": BOARD})
    assert again["valid"] is True and again["value"] == 39 and "instead" not in again


def test_the_page_draws_the_suggested_board_and_links_to_its_check(client):
    text = client.get("/check/crazy-tiles/turn", query_string={**ASKED, "initial": "on"}).get_data(
        as_text=True
    )
    verdict = verdict_of(text)
    assert "NOT LEGAL" in verdict and "Legal instead" in verdict
    assert f"the table after as the board {BOARD}" in verdict
    assert "Lay B8 K8 R1 R2 J, worth 39 points; the table after:" in verdict
    drawn = re.search(r'aria-label="The table after the suggested turn">(.*?)</table>', text, re.S).group(1)
    rows = [
        re.findall(r'role="img" aria-label="([^"]+)"', r) for r in re.findall(r"<tr>(.*?)</tr>", drawn, re.S)
    ]
    assert rows == [["blue 8"], ["black 8"], ["joker", "red 1", "red 2"]]
    link = html.unescape(re.search(r'<a href="([^"]+)">Check this turn</a>', text).group(1))
    checked = verdict_of(client.get(link).get_data(as_text=True))
    assert "✓ LEGAL" in checked and "worth 39 points" in checked


def test_the_best_play_page_links_its_board_to_the_turn_check_that_accepts_it(client):
    text = client.get("/check/crazy-tiles/best", query_string={"rack": RACK, "initial": "on"}).get_data(
        as_text=True
    )
    assert "Lay 5 tiles, worth 39 points" in verdict_of(text)
    link = html.unescape(re.search(r'<a href="([^"]+)">Check this turn</a>', text).group(1))
    assert "after=B8+.+.+/+K8+.+.+/+J+R1+R2" in link
    checked = verdict_of(client.get(link).get_data(as_text=True))
    assert "✓ LEGAL" in checked and "worth 39 points" in checked


def test_the_command_line_prints_the_board_and_it_is_legal_typed_back(capsys):
    code = main(["turn", "crazy-tiles", "--rack", RACK, "--after", ASKED["after"], "--initial"])
    out = capsys.readouterr().out
    assert (
        code == 1
        and f"instead: a legal way to lay B8 K8 R1 R2 J: the table after as the board {BOARD}" in out
    )
    assert f'check it: --after "{BOARD}" (39 points)' in out
    assert main(["turn", "crazy-tiles", "--rack", RACK, "--after", BOARD, "--initial"]) == 0
    assert capsys.readouterr().out.startswith("LEGAL turn: 5 tiles played (39 points)")


def test_a_turn_refused_for_playing_too_little_offers_the_board_that_plays_all(client, api):
    """CT-11 (must_play A): nothing laid where R6 and B6 cross K6; the suggestion is that board."""
    body = {"before": "K5 K6 K7", "rack": "R6 B6 R1", "after": "K5 K6 K7", "options": {"must_play": "A"}}
    answer = turn(client, api, "crazy-tiles", **body)
    assert answer["valid"] is False and answer["instead"]["after"] == ". R6 . / . B6 . / K5 K6 K7"
    again = turn(client, api, "crazy-tiles", **{**body, "after": answer["instead"]["after"]})
    assert again["valid"] is True and again["value"] == answer["instead"]["value"] == 12


# -- the property: every suggestion, re-entered through the API, is legal and worth what was said -------
COLOURS = ("R", "B")
TILES = [f"{c}{n}" for c in COLOURS for n in range(1, 7)] + ["J"]
BEFORE = ["", "R3 R4 R5", "B4 B5 B6", "R2 B2 J", "R3 R4 R5 | B4 B5 B6", ". R4 . / R3 R4 R5 / . R4 ."]


@st.composite
def turns(draw) -> dict:
    """A small turn on a grid game, typed as a player might: a table before, a rack, and the rack's
    tiles laid in some order as new sets (``|``) or rows (``/``) beside the table."""
    before = draw(st.sampled_from(BEFORE))
    rack = draw(st.lists(st.sampled_from(TILES), min_size=2, max_size=6))
    rack = [t for i, t in enumerate(rack) if t != "J" or rack[:i].count("J") < 1]  # one joker at most
    laid = draw(st.permutations(rack))[: draw(st.integers(1, len(rack)))]
    cuts = sorted(set(draw(st.lists(st.integers(1, max(1, len(laid) - 1)), max_size=2))))
    pieces = [" ".join(laid[a:b]) for a, b in zip([0, *cuts], [*cuts, len(laid)]) if laid[a:b]]
    if "/" in before:
        after = before + " / . / " + " / . / ".join(pieces)
    else:
        after = " | ".join(p for p in (before, *pieces) if p)
    return {
        "variant": draw(st.sampled_from(["crazy-tiles", "runny-tiles"])),
        "before": before,
        "rack": " ".join(rack),
        "after": after,
        "initial": draw(st.booleans()) and not before,
        "options": {"time_limit": 1, "must_play": draw(st.sampled_from(["A", "B", "C"]))},
    }


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(turns())
def test_every_suggestion_typed_back_in_is_legal_and_worth_what_was_said(client, api, body):
    answer = turn(client, api, **body)
    instead = answer.get("instead")
    if instead is None:
        return
    assert any(instead["after"] in a for a in answer["alternatives"]), answer
    again = turn(client, api, **{**body, "after": instead["after"]})
    assert again["valid"] is True, (body, instead, again["reasons"])
    assert sorted(again["played"]) == sorted(instead["play"]) and again["value"] == instead["value"]
