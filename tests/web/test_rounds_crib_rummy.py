"""Crib Rummy's turn-by-turn peg log: melds pegged by the engine (CR-5), extensions by their
new length (CR-4), manual pegs, going out (CR-7), the draw pile, who is behind (CR-9)."""

from __future__ import annotations

import re

import pytest

from .rounds_support import new_game, rounds_url, submit, text, totals


@pytest.fixture
def game(app, client):
    # Ann deals first, so Bob (left of the dealer) starts hand 1.
    return new_game(app, client, "crib-rummy", options={"target": 61})


def turn(client, game, k, player, *melds, pegs=None, **end):
    data = {f"turns.{k}.player": str(player)}
    for j, meld in enumerate(melds):
        cards, _, extend = meld.partition("@")
        data[f"turns.{k}.melds.{j}.cards"] = cards
        data[f"turns.{k}.melds.{j}.extend"] = extend
    if pegs is not None:
        data[f"turns.{k}.pegs"] = str(pegs)
    data.update({key.replace("_", ".", 1) if key.startswith("end_") else key: v for key, v in end.items()})
    return submit(client, rounds_url(game), data)


def test_cr5_a_hand_turn_by_turn_to_a_rummy(client, game):
    turn(client, game, 0, 1, "3H 4H 5H")  # CR-5: run of 3 pegs 3
    assert totals(client, game) == [0, 3]
    page = text(client.get(rounds_url(game)))
    assert "turn 2" in page and "3H 4H 5H" in page  # the table meld is offered to extend
    turn(client, game, 1, 0, "7S 7D 7C", "6H@0")  # set of 3: 2; 4th card of the run: 3
    assert totals(client, game) == [5, 3]
    turn(client, game, 2, 1, pegs=4)  # a manual peg count
    assert totals(client, game) == [5, 7]
    page = text(client.get(rounds_url(game)))
    assert "3H 4H 5H 6H" in page  # the run as it stands now
    # CR-5: the run's 5th card pegs 4; CR-7: 2 players, 2 per card left: Bob's 5 cards = 10
    turn(client, game, 3, 0, "7H@0", **{"end_type": "out", "end.cards_left.1": "5"})
    assert totals(client, game) == [5 + 4 + 10, 7]
    # CR-9: Bob is behind and chooses who starts hand 2
    page = text(client.get(rounds_url(game)))
    assert "<strong>Bob</strong> is behind and chooses who starts" in page and "Hand 2, turn 1" in page
    response = submit(client, rounds_url(game), {"turns.0.player": "0", "turns.0.pegs": "2"})
    assert response.status_code == 422 and "CR-9" in text(response)
    response = submit(client, rounds_url(game), {"starter": "0", "turns.0.player": "0", "turns.0.pegs": "2"})
    assert response.status_code == 200 and totals(client, game) == [21, 7]


def test_draw_pile_ends_the_hand_without_a_bonus(client, game):
    turn(client, game, 0, 1, "KH KS KD")
    response = submit(client, rounds_url(game, "end"), {"end.type": "draw_pile"}, form_url=rounds_url(game))
    assert response.status_code == 200 and "Hand 1 ended" in text(response)
    assert totals(client, game) == [0, 2]
    assert "Hand 2, turn 1" in text(client.get(rounds_url(game)))


def test_the_end_route_without_a_hand_in_play_changes_nothing(client, game):
    response = submit(client, rounds_url(game, "end"), {"end.type": "draw_pile"}, form_url=rounds_url(game))
    assert "No hand is being played" in text(response)
    assert totals(client, game) == [0, 0]


def _error_at(response, field_id):
    found = re.search(rf'id="err-{field_id}">(.*?)</ul>', text(response), re.S)
    assert found, f"no error at {field_id}"
    return found.group(1)


def test_a_meld_the_engine_rejects_is_named_and_nothing_saved(client, game):
    response = turn(client, game, 0, 1, "3H 4H 6H")
    assert response.status_code == 422
    assert "CR-2" in _error_at(response, "turns-0-melds-0-cards")
    assert totals(client, game) == [0, 0]
    assert "No hand recorded yet" in text(client.get(f"/games/{game}"))


def test_n1_unknown_card(client, game):
    response = turn(client, game, 0, 1, "3H 4X 5H")
    assert response.status_code == 422
    message = _error_at(response, "turns-0-melds-0-cards")
    assert "N-1" in message and "“\u20664X\u2069”" in message


def test_cr6_extending_before_melding_is_refused(client, game):
    turn(client, game, 0, 1, "3H 4H 5H")
    response = turn(client, game, 1, 0, "6H@0")
    assert response.status_code == 422
    # players are named, never "seat 0" (issue 8)
    # the sentence first, then the rule id as a link to the rule (issue 10)
    assert (
        "Ann may add to another player's meld only after laying a meld of their own "
        "(earlier this hand or this turn) "
        '<a class="rule-ref" href="/rules/crib-rummy#CR-6">(CR-6)</a>'
    ) in text(response)
    assert "seat 0" not in text(response)
    assert totals(client, game) == [0, 3]


def test_negative_pegs_and_melds_with_pegs_are_refused(client, game):
    response = turn(client, game, 0, 1, pegs=-2)
    assert "negative" in _error_at(response, "turns-0-pegs")
    response = turn(client, game, 0, 1, "3H 4H 5H", pegs=3)
    assert "not both" in _error_at(response, "turns-0-pegs")
    assert totals(client, game) == [0, 0]


def test_going_out_needs_the_others_card_counts(client, game):
    response = turn(client, game, 0, 1, "3H 4H 5H", end_type="out")
    assert response.status_code == 422
    assert "CR-7" in _error_at(response, "end-cards_left-0")


def test_a_count_typed_for_the_player_going_out_is_said_with_the_missing_ones(client, game):
    """CR-7: Bob goes out with a count typed in his own box and Ann's left empty: both are said on
    the first send (the walk-through of 7 December was told of Bob's only on a second one)."""
    response = turn(client, game, 0, 1, "3H 4H 5H", end_type="out", **{"end_cards_left.1": "5"})
    assert response.status_code == 422
    assert "CR-7" in _error_at(response, "end-cards_left-0")
    assert "Bob went out and has no cards left" in _error_at(response, "end-cards_left-1")


def test_editing_a_hand_corrects_a_turn_and_removes_one(client, game):
    turn(client, game, 0, 1, "3H 4H 5H")
    turn(client, game, 1, 0, "9C 9D 9S")
    turn(client, game, 2, 1, pegs=6, end_type="draw_pile")
    assert totals(client, game) == [2, 9]
    page = text(client.get(rounds_url(game, "1/edit")))
    assert "Remove this turn" in page and 'value="9C 9D 9S"' in page
    hand = {
        "starter": "1",
        "turns.0.player": "1",
        "turns.0.melds.0.cards": "3H 4H 5H",
        "turns.1.player": "0",
        "turns.1.melds.0.cards": "9C 9D 9S 9H",
        "turns.2.player": "1",
        "turns.2.pegs": "6",
        "end.type": "draw_pile",
    }
    response = submit(client, rounds_url(game, "1/edit"), hand)
    assert response.status_code == 200
    assert totals(client, game) == [2 + 2, 9]  # CR-5: a set of 4 pegs 2 + 2
    # Removing the last turn and the end puts the hand back in play.
    response = submit(client, rounds_url(game, "1/edit"), {**hand, "turns.2.remove": "1", "end.type": ""})
    assert response.status_code == 200
    assert totals(client, game) == [4, 3]
    assert "Hand 1, turn 3" in text(client.get(rounds_url(game)))


def test_cr3_more_jokers_than_the_deck_holds(client, game):
    response = turn(client, game, 0, 1, "5H JK JK JK")
    assert response.status_code == 422
    assert "CR-3" in _error_at(response, "turns-0-melds-0-cards")
    assert totals(client, game) == [0, 0]


def test_cr9_the_chosen_starter_plays_first_when_no_player_is_given(client, game):
    """The turn's player, left out, is the engine's seat due from the starter chosen in the same post."""
    turn(client, game, 0, 1, pegs=3)
    turn(client, game, 1, 0, pegs=0, **{"end_type": "draw_pile"})  # hand 1 ends: Ann 0, Bob 3
    # CR-9: Ann is behind and chooses Bob to start (not Ann, left of the new dealer Bob);
    # the turn names no player, so the engine's order from that starter decides.
    response = submit(client, rounds_url(game), {"starter": "1", "turns.0.pegs": "2"})
    assert response.status_code == 200 and totals(client, game) == [0, 5]  # Bob played turn 1
    response = submit(client, rounds_url(game), {"turns.1.pegs": "4"})
    assert response.status_code == 200 and totals(client, game) == [4, 5]  # then Ann (CR-8 order)


def test_a_set_is_a_set_of_one_rank_in_every_language(client, game):
    """The one-tap strip's "+2 set" and the meld row's kind say a set of one rank as the glossary
    does (docs/languages.md: Satz, the Hebrew for a set, grupa), not the tile games' word for any meld
    (Kombination, the Hebrew for a meld, układ), which the keypad's "| next set" keeps (the
    walk-through of 7 December)."""
    set_he = "\u05e1\u05d8"  # Hebrew "set"
    said = {"de": ("+2 Satz", "ein Satz"), "he": (f"+2 {set_he}", set_he), "pl": ("+2 grupa", "grupa")}
    for language, (button, option) in said.items():
        page = client.get(rounds_url(game), headers={"Accept-Language": language}).get_data(as_text=True)
        assert f'class="quick">{button}</button>' in page, language
        assert f'<option value="set">{option}</option>' in page, language
    english = client.get(rounds_url(game)).get_data(as_text=True)
    assert 'class="quick">+2 set</button>' in english and '<option value="set">a set</option>' in english


@pytest.mark.parametrize("language", ["en", "de", "pl"])
def test_the_hand_line_ends_with_its_rule_as_a_small_link(client, game, language):
    """ "Ann deals. Target 61 (CR-8).": the sentence first, the rule id after it as a link to the
    rule, as on every page (it was plain text)."""
    page = text(client.get(rounds_url(game), headers={"Accept-Language": language}))
    assert re.search(r'61\s+<a class="rule-ref" href="/rules/crib-rummy#CR-8">\(CR-8\)</a>\.', page), language
