"""Crib Rummy after the first hand (issue 20, section 1): the starter preselected (CR-9) and the
first turn read as the chosen starter's, CR-6 after a quick-pegged set and before any meld,
only the buttons the engine would accept, the CR-8 notice above the strip, and the words."""

from __future__ import annotations

import re

import pytest

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals


@pytest.fixture
def game(app, client):
    # Ann deals hand 1, so Bob starts it; the target is 121
    return new_game(app, client, "crib-rummy")


def tap(client, game, **data):
    return submit(client, rounds_url(game), {key.replace("__", "."): value for key, value in data.items()})


def first_hand(client, game):
    """The issue's repro: Bob taps +3 run; Ann goes out, Bob holds 5 cards, and she taps +2 set."""
    tap(client, game, quick="3")
    tap(client, game, end__type="out", **{"end.cards_left.1": "5"}, quick="2")
    assert totals(client, game) == [12, 3]  # CR-7: 2 a card, 5 cards: +10


def test_cr9_the_player_behind_is_preselected_to_start(client, game):
    first_hand(client, game)
    page = text(client.get(rounds_url(game)))
    assert "<strong>Bob</strong> is behind and chooses who starts" in page
    starter = re.search(r'<select id="f-starter".*?</select>', page, re.S).group(0)
    assert '<option value="1" selected>Bob</option>' in starter and "choose" not in starter
    assert "Bob: one tap records the turn" in page
    # Bob keeps the choice and taps +2 set: his turn, saved
    answer = tap(client, game, starter="1", **{"turns.0.player": "1"}, quick="2")
    assert answer.status_code == 200 and totals(client, game) == [12, 5]


def test_cr9_choosing_another_starter_makes_the_first_turn_theirs(client, game):
    first_hand(client, game)
    # Bob picks Ann to start; the Player field still names Bob, as the page drew it
    answer = tap(client, game, starter="0", **{"turns.0.player": "1"}, quick="2")
    assert answer.status_code == 200, error_at(answer, "turns.0.player")
    assert totals(client, game) == [14, 3]
    assert "Bob: one tap records the turn" in text(client.get(rounds_url(game)))


def test_cr9_the_wrong_player_is_refused_with_the_rule_id(client, game):
    tap(client, game, quick="3")
    answer = tap(client, game, **{"turns.1.player": "1"}, quick="2")
    assert answer.status_code == 422
    assert "It is Ann's turn: play goes round the table from the starter (Bob)" in text(answer)
    assert 'href="/rules/crib-rummy#CR-9">(CR-9)</a>' in text(answer)


def test_cr6_a_quick_pegged_set_is_a_meld_laid(app, client, game):
    tap(client, game, **{"turns.0.melds.0.cards": "5H 6H 7H"})  # Bob types his run
    tap(client, game, quick="2")  # Ann: +2 set
    tap(client, game, action="pass")  # Bob passes
    page = text(client.get(rounds_url(game)))
    assert 'value="0:8H"' in page  # Ann may add: she laid a set
    answer = tap(client, game, add="0:8H")
    assert answer.status_code == 200, text(answer)
    assert totals(client, game) == [5, 3]


def test_cr6_pegs_for_added_cards_before_any_meld_are_refused(app, client, game):
    page = text(client.get(rounds_url(game)))
    assert "for added cards" not in page  # nobody has laid: no such button
    answer = tap(client, game, added="3")
    assert answer.status_code == 422
    assert "Bob has laid no meld this hand yet" in error_at(answer, "added") and "CR-6" in text(answer)
    assert "No hand recorded yet" in text(client.get(f"/games/{game}"))


def test_only_the_buttons_the_engine_accepts(client, game):
    tap(client, game, **{"turns.0.melds.0.cards": "9C 9D 9S", "turns.0.melds.1.cards": "3H 4H 5H"})
    page = text(client.get(rounds_url(game)))  # Ann has laid nothing
    # until she lays one as cards (CR-6)
    assert page.count('class="extend-cards" hidden data-after-cards') == 2
    assert re.search(r'class="quick-row added-row"[^>]* hidden data-after-laid', page)  # until she lays one
    tap(client, game, **{"turns.1.melds.0.cards": "KH KS KD"})
    page = text(client.get(rounds_url(game)))  # Bob's turn: he has laid
    assert 'name="add"' in page and "for added cards" in page
    tap(client, game, **{"turns.2.melds.0.cards": "9H", "turns.2.melds.0.extend": "0"})  # the set closes at 4
    page = text(client.get(rounds_url(game)))
    menu = re.search(r'<select id="f-turns\.3\.melds\.0\.extend".*?</select>', page, re.S).group(0)
    assert "add to #1" not in menu and "add to #2: 3♥ 4♥ 5♥ (Bob)" in menu


def test_melds_read_in_run_order_with_suit_symbols(client, game):
    tap(client, game, **{"turns.0.melds.0.cards": "5H 6H 7H"})
    tap(client, game, **{"turns.1.melds.0.cards": "QS QD QC"})
    tap(
        client,
        game,
        **{
            "turns.2.melds.0.cards": "8H",
            "turns.2.melds.0.extend": "0",
            "turns.2.melds.1.cards": "4H 3H",
            "turns.2.melds.1.extend": "0",
        },
    )
    page = text(client.get(rounds_url(game)))
    assert '<span class="meld-cards">3♥ 4♥ 5♥ 6♥ 7♥ 8♥</span>' in page
    assert ">5H 6H 7H 8H 4H 3H<" not in page and "add to #1: 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ (Bob)" in page


def test_cr8_the_table_is_told_who_plays_their_last_turn(app, client):
    game = new_game(app, client, "crib-rummy", names=("Lea", "Max", "Ned"), options={"target": 61})
    tap(client, game, **{"turns.0.pegs": "61"})  # Max (left of Lea, the dealer) reaches 61
    page = text(client.get(rounds_url(game)))
    notice = re.search(r'<p class="final-turns[^>]*>(.*?)</p>', page, re.S)
    assert notice and "Max reached 61. Ned and Lea play their last turns." in notice.group(1)
    assert 'href="/rules/crib-rummy#CR-8"' in notice.group(1)
    assert page.index("final-turns") < page.index('class="turn-strip"')


def test_turns_and_the_end_of_a_hand_are_named_in_the_flash_undo_and_change_log(client, game):
    tap(client, game, quick="3")
    answer = tap(client, game, quick="2")
    assert "Hand 1, turn 2 recorded." in text(answer)
    answer = tap(client, game, end__type="out", **{"end.cards_left.0": "4"}, quick="3")
    shown = text(answer)
    assert "Hand 1 ended." in shown and "Turn recorded." not in shown
    assert "Undo: Hand 1 ended" in shown and "corrected" not in shown
    log = text(client.get(f"/games/{game}/history"))
    assert "Hand 1, turn 1 recorded" in log and "Hand 1, turn 2 recorded" in log and "Hand 1 ended" in log
    assert "correct" not in log.split("<main", 1)[-1].lower()


def test_a_meld_laid_and_cards_added_in_one_turn(client, game):
    tap(client, game, quick="3")  # Bob: +3 run
    answer = tap(client, game, laid="2", added="3")  # Ann: a set, and a card on a meld
    assert answer.status_code == 200 and totals(client, game) == [5, 3]
    answer = tap(client, game, laid="3", add="0:6H")  # the quick-pegged run is on no table
    assert answer.status_code == 422 and "type its cards" in error_at(answer, "laid")
    assert totals(client, game) == [5, 3]
