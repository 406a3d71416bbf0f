"""Markup a player with a phone (or a screen reader) relies on: every field has its label,
number fields open the number pad, messages are announced, the winner banner needs no emoji font."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from .rounds_support import new_game, rounds_url, submit

TROPHY = "\U0001f3c6"
NUMBERS = re.compile(r"(points|pegs|cards_left\.\d+|counts\.\w+)$")


class Fields(HTMLParser):
    """Form fields with their attributes, the ids labels point at, and fields wrapped in a label."""

    def __init__(self):
        super().__init__()
        self.fields, self.label_for, self.depth = [], set(), 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "label":
            self.depth += 1
            if a.get("for"):
                self.label_for.add(a["for"])
        elif tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit"):
            self.fields.append(({**a, "tag": tag}, self.depth > 0))

    def handle_endtag(self, tag):
        if tag == "label":
            self.depth -= 1


def fields_of(page: str) -> Fields:
    parsed = Fields()
    parsed.feed(page)
    assert parsed.fields, "no form fields on the page"
    return parsed


GAMES = [
    pytest.param("krazy-bee", {}, id="KB-7-hand-form"),
    pytest.param("rumbugz", {}, id="RB-6-hand-form"),
    pytest.param("crazy-tiles", {}, id="CT-7-hand-form"),
    pytest.param("crib-rummy", {}, id="CR-5-turn-form"),
    pytest.param("crazy-rummy", {}, id="CZ-7-hand-form"),
]


@pytest.mark.parametrize("variant, options", GAMES)
def test_every_hand_field_is_labelled_and_numbers_open_the_number_pad(app, client, variant, options):
    game = new_game(app, client, variant, names=("Ann", "Bob", "Cy"), options=options)
    parsed = fields_of(client.get(rounds_url(game)).get_data(as_text=True))
    for attrs, wrapped in parsed.fields:
        assert wrapped or attrs.get("id") in parsed.label_for, f"no label for {attrs}"
        if attrs["tag"] == "input" and NUMBERS.search(attrs.get("name", "")):
            assert attrs.get("inputmode") == "numeric", attrs


@pytest.mark.parametrize("slug", ["krazy-bee", "rumbugz", "crazy-tiles", "crib-rummy", "crazy-rummy"])
def test_new_game_fields_are_labelled(client, slug):
    parsed = fields_of(client.get(f"/games/new/{slug}").get_data(as_text=True))
    for attrs, wrapped in parsed.fields:
        assert wrapped or attrs.get("id") in parsed.label_for, f"no label for {attrs}"
        if attrs["tag"] == "input" and attrs.get("name") in (
            "opt_rounds",
            "opt_target",
            "opt_plyt_value",
            "opt_initial_meld",
        ):
            assert attrs.get("inputmode") == "numeric", attrs


def test_the_step_list_help_says_what_the_box_wants(client):
    """KB-8: the box takes one Step per line; its help must not also ask for ';'."""
    page = client.get("/games/new/krazy-bee").get_data(as_text=True)
    help_text = re.search(r'<p class="field-help" id="opt_steps-help">(.*?)</p>', page, re.S).group(1)
    assert "per line" in help_text and "';'" not in help_text and "“;”" not in help_text


def test_flash_messages_are_announced(app, client):
    game = new_game(app, client, "krazy-bee")
    page = submit(client, rounds_url(game), {"went_out": "0", "players.0.laid": "1", "players.1.hand": "5"})
    # the status region holds the list (role=status on the <ul> itself would unmake the list)
    assert re.search(
        r'<div role="status" class="flash-region" tabindex="-1" autofocus><ul class="flashes">\s*<li class="flash',
        page.get_data(as_text=True),
    )


def test_the_winner_banner_needs_no_emoji_font(app, client):
    game = new_game(app, client, "rumbugz", options={"rounds": 1})
    submit(
        client,
        rounds_url(game),
        {"winner": "0", "players.0.kinds": ["single", "double", "triple", "match"], "players.1.hand": "5"},
    )
    page = client.get(f"/games/{game}").get_data(as_text=True)
    # no live region: a game's end is read out once, by announce.js
    banner = re.search(r'<section class="winner-banner">(.*?)</section>', page, re.S).group(1)
    assert '<svg class="winner-star"' in banner and 'aria-hidden="true"' in banner
    assert "Winner: <bdi>Ann</bdi>" in banner and TROPHY not in page
