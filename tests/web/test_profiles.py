"""One home for a variant's non-engine data: every variant has a profile, and the page draws
card faces from the one table the server sends (scorekeeper/profiles/__init__.py, display/card_faces.py)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from scorekeeper.display.card_faces import FACES, face, keypad_faces
from scorekeeper.entry import HandEntry
from scorekeeper.profiles import PROFILES, profile
from scorekeeper.profiles.sheet_layouts import Layout
from scorekeeper.rulebook import rule_ids_in
from scorekeeper.rules import UnknownVariant, find_variant, variants

SLUGS = [v["slug"] for v in variants()]


def test_every_variant_has_a_profile_and_every_profile_a_variant():
    assert sorted(PROFILES) == sorted(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_each_profile_names_the_variants_parts(slug):
    p = profile(slug)
    assert p.slug == slug and p.variant is find_variant(slug)
    assert isinstance(p.entry, HandEntry) and p.entry.template.startswith("rounds/")
    assert callable(p.entry.parse) and callable(p.entry.blank)
    assert isinstance(p.sheet, Layout) and p.sheet.default_rows > 0
    assert p.rulebook.slug == slug and p.rulebook.rules
    option_names = {o.name for o in p.variant.option_spec}
    if p.checker is None:  # a variant without cards (points, PG-1) has no checker page
        assert p.best is None and not p.variant.notation.ranks
        return
    assert set(p.checker.prominent) <= option_names, "a prominent checker option the variant does not have"
    # the "on the table" field's rule is one of this variant's rules, or none is named
    assert set(rule_ids_in(str(p.checker.extend[1]))) <= set(p.rulebook.rule_ids)  # a lazy string


def test_a_profile_is_found_by_any_spelling_the_engine_reads_and_not_otherwise():
    assert profile("Krazy-Bee") is PROFILES["krazy-bee"]
    with pytest.raises(UnknownVariant):
        profile("no-such-variant")


@pytest.mark.parametrize("slug", SLUGS)
def test_the_plain_facts_on_the_variant(slug):
    v = find_variant(slug)
    assert v.deck_look in ("numbers", "suited", "tiles")
    assert v.wild_name and v.rules_home == tuple(f for f in v.rules_home if re.fullmatch(r"[A-Z]{1,2}", f))
    if v.laid_in_steps:
        assert "steps" in {o.name for o in v.option_spec}
    if v.pegged:
        assert "target" in {o.name for o in v.option_spec}


def test_every_rule_family_has_exactly_one_home_page():
    homes = [f for slug in SLUGS for f in find_variant(slug).rules_home]
    assert sorted(homes) == sorted(set(homes)) and {"N", "KB", "RB", "CT", "CR", "CZ", "PG"} <= set(homes)


@pytest.mark.parametrize("slug", ["crazy-tiles", "crib-rummy", "krazy-bee"])
def test_the_checker_page_gets_the_one_card_face_table_as_data(client, slug):
    html = client.get(f"/check/{slug}").get_data(as_text=True)
    sent = re.search(r"data-faces='([^']*)'", html)
    assert sent, "the checker form carries no card-face table"
    assert json.loads(unescape(sent.group(1))) == FACES
    assert f'data-family="{find_variant(slug).deck_look}"' in html


def key_labels(slug: str) -> dict[str, str]:
    """What each suit, colour and wild key of the variant's keypad shows."""
    return {token: key["shows"] for token, key in keypad_faces(slug).items()}


def test_faces_and_keypad_labels_come_from_the_table():
    assert face("rummikub", "o7")["colour"] == FACES["tile_colours"]["O"] == "gold"
    assert face("crib-rummy", "10D")["symbol"] == FACES["suit_symbols"]["D"]
    assert face("crib-rummy", "QH")["colour"] == "red" and face("crib-rummy", "QS")["colour"] == "black"
    tiles = {"R": "Red", "B": "Blue", "K": "Black", "G": "Gold", "J": "Joker"}
    assert key_labels("runny-tiles").items() >= tiles.items()
    assert key_labels("crib-rummy").items() >= {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "JK": "Joker"}.items()
    assert key_labels("rumbugz")["P"] == "PLYT" and key_labels("krazy-bee")["W"] == "Wild Bee"
    assert keypad_faces("crib-rummy")["D"] == {"shows": "♦", "name": "♦ diamonds", "colour": "red"}
    assert keypad_faces("rummikub")["O"] == {"shows": "Gold", "name": "Gold", "colour": "gold"}
