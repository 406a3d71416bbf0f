"""The seat page's tap keypad (docs/own-phones.md): a part whose typed field takes tiles or cards
(a tile game's rack, RumBugz's and Krazy Bee's cards left, a Crib Rummy turn's cards) gets the hand
form's own keypad, the same keys drawn by the same template, served by the one keypad module; Crazy
Rummy's part, numbers alone, gets none."""

from __future__ import annotations

import re

import pytest

from .rounds_support import new_game, rounds_url
from .test_keypad import card_keys, imports_keypad
from .test_seat_card_page import _page_game
from .test_seat_confirm_page import _table
from .test_seat_page import _take

#: each variant's field the keypad types into, by its name
TYPED = {
    "rummikub": "rack",
    "crazy-tiles": "rack",
    "runny-tiles": "rack",
    "rumbugz": "hand",
    "krazy-bee": "hand",
}


@pytest.mark.parametrize("variant", sorted(TYPED))
def test_a_seated_phone_gets_the_hand_forms_keypad_for_its_tiles_or_cards(app, client, variant):
    gid = _page_game(app, variant)
    phone = app.test_client()
    _take(phone, gid, "Ann")
    html = phone.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert f'name="{TYPED[variant]}" value="" class="cards-input"' in html
    assert 'id="keypad"' in html and imports_keypad(phone, html, "seat-keypad.js")
    hand_form = card_keys(client.get(rounds_url(new_game(app, client, variant))).get_data(as_text=True))
    assert card_keys(html) == hand_form  # the same keys, each drawn the same
    if TYPED[variant] == "rack":  # its help says the keys are there, not only typing
        help_ = re.search(r'rack-help">(.*?)</p>', html).group(1)
        assert help_.startswith("Pick a colour and tap the numbers, or type them (R5 K13 J)")


def test_the_editor_filling_a_part_gets_the_keypad_too(app, client):
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    client.set_cookie(f"sk_edit_{gid}", secret)  # the game's editor, without a seat
    html = client.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert 'id="fill-0-rack" name="rack" value="" class="cards-input"' in html and 'id="keypad"' in html


def test_a_crib_rummy_turn_gets_the_keypad_for_its_cards(app):
    gid = _page_game(app, "crib-rummy")
    phone = app.test_client()
    _take(phone, gid, "Bob")  # Ann deals: Bob's turn first (CR-9)
    html = phone.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert 'name="cards" value="" class="cards-input"' in html and 'id="keypad"' in html


def test_crazy_rummys_part_of_numbers_gets_no_keypad(app):
    gid = _page_game(app, "crazy-rummy")
    phone = app.test_client()
    _take(phone, gid, "Ann")
    html = phone.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "cards-input" not in html and 'class="keypad"' not in html and "seat-keypad.js" not in html
