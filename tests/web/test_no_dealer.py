"""Tile and bag games have no dealer (issue 20, section 4): their pages and forms say who plays
first, never who deals."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import variants

from .game_support import start_game

VARIANTS = {v["slug"]: v for v in variants()}
NO_DEALER = ["rummikub", "crazy-tiles", "runny-tiles", "rumbugz"]


@pytest.mark.parametrize("slug", NO_DEALER)
def test_the_new_game_form_asks_who_plays_first(client, slug):
    page = client.get(f"/games/new/{slug}").text
    # a tile round's winner plays first in the next (CT, the sheet's step 14); RumBugz passes it left
    passes = (
        "then the winner of each round plays first in the next"
        if slug != "rumbugz"
        else "who plays first passes to the left each round"
    )
    assert "Plays first" in page and passes in page
    words = re.sub(r"<[^>]*>", " ", page).lower()  # what a player reads, not the field names
    assert "deal" not in words


def test_dealt_games_keep_their_dealer(client):
    page = client.get("/games/new/krazy-bee").text
    assert "Deals first" in page and "the deal passes to the left each hand" in page


@pytest.mark.parametrize("slug", NO_DEALER)
def test_the_chosen_player_plays_first_and_nobody_deals(client, slug):
    public_id = start_game(client, VARIANTS[slug], ["Ann", "Bob", "Eve"], first_dealer="1")
    page = client.get(f"/games/{public_id}").text
    assert "Round 1: <strong><bdi>Bob</bdi></strong> plays first." in " ".join(page.split())
    assert "deals" not in page and "dealt" not in page
    form = client.get(f"/games/{public_id}/rounds/new").text
    assert "<bdi>Bob</bdi> plays first." in form and "deals" not in form
