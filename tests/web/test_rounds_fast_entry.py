"""Entry in few taps (issue 10), by plain form posts: Crib Rummy's one-tap turns on the hand's
own page (CR-4, CR-5), who went out when the form leaves it open, counts per class (KB-7, CZ-5)
and their running value, and "Deals first" naming the typed players."""

from __future__ import annotations

import re

import pytest

from scorekeeper.storage import models

from .game_support import csrf_from
from .rounds_support import error_at, new_game, rounds_url, submit, text, token, totals


@pytest.fixture
def crib(app, client):
    # Ann deals first, so Bob starts hand 1.
    return new_game(app, client, "crib-rummy", names=("Ann", "Bob", "Cy"), options={"target": 121})


def stored(app, public_id):
    with app.app_context():
        game = models.db.session.execute(
            models.db.select(models.Game).filter_by(public_id=public_id)
        ).scalar_one()
        return [r.facts for r in game.rounds]


def post_turn(client, game, data):
    return submit(client, rounds_url(game), data, follow=False)


def test_a_quick_peg_records_the_turn_and_comes_back_to_the_hand(app, client, crib):
    answer = post_turn(client, crib, {"quick": "3"})
    assert answer.status_code == 302 and answer.headers["Location"].endswith(rounds_url(crib))
    page = text(client.get(answer.headers["Location"]))
    assert "Hand 1, turn 1 recorded." in page and "Hand 1, turn 2" in page
    assert "Cy: one tap records the turn" in page  # the next player, by the engine's order
    assert "<svg" in page and "Cribbage board" in page  # the board, this hand included
    assert totals(client, crib) == [0, 3, 0]
    assert stored(app, crib)[0]["turns"] == [{"player": 1, "pegs": 3}]


def test_pass_and_the_added_card_buttons(app, client, crib):
    submit(client, rounds_url(crib), {"turns.0.melds.0.cards": "3H 4H 5H"})  # Bob: a run of 3 pegs 3
    post_turn(
        client, crib, {"action": "pass", "turns.1.melds.0.cards": "7S 7D 7C"}
    )  # a pass ignores the rest
    post_turn(client, crib, {"quick": "5"})  # Ann: +5 pegged
    page = text(client.get(rounds_url(crib)))
    # Bob's turn: the run's growing cards, judged by the engine: 2H or 6H, each pegging 3 (CR-5)
    assert 'value="0:2H"' in page and 'value="0:6H"' in page
    assert re.search(
        r"<span>\+6♥</span> <small>pegs 3</small>"
        r"<span class=\"visually-hidden\"> added to 3♥ 4♥ 5♥</span>",
        page,
    )
    answer = post_turn(client, crib, {"add": "0:6H"})  # Bob grows his run
    assert answer.status_code == 302
    turns = stored(app, crib)[0]["turns"]
    assert turns[1] == {"player": 2, "melds": []} and turns[2] == {"player": 0, "pegs": 5}
    assert turns[3] == {"player": 1, "melds": [{"cards": "6H", "extend": 0}]}
    assert totals(client, crib) == [5, 6, 0]


@pytest.mark.parametrize(
    "data,field,message",
    [
        ({"add": "x:6H"}, "add", "is not a table meld and a card"),
        ({"add": "0:6H"}, "turns.0", "CR-4"),  # no table meld yet: the engine says
        ({"turns.0.pegs": "3", "turns.0.melds.0.cards": "3H 4H 5H"}, "turns.0.pegs", "not both"),
        ({"quick": "-2"}, "quick", "Cannot be negative"),
    ],
)
def test_bad_one_tap_turns_are_refused_and_nothing_is_saved(app, client, crib, data, field, message):
    answer = post_turn(client, crib, data)
    assert answer.status_code == 422
    shown = error_at(answer, field) if field != "turns.0" else text(answer)
    assert message in shown
    assert stored(app, crib) == []


def test_a_button_that_records_the_turn_wins_over_cards_typed(app, client, crib):
    """Issue 33: a one-tap button posted with cards typed in a meld row was refused ("not both");
    the button (named in the post) is the player's last choice: it records, and the page says the
    cards typed were not used."""
    answer = post_turn(client, crib, {"quick": "3", "turns.0.melds.0.cards": "3H 4H 5H"})
    assert answer.status_code == 302
    assert stored(app, crib)[0]["turns"] == [{"player": 1, "pegs": 3}]
    assert "The cards typed were not used (3H 4H 5H)" in text(client.get(answer.headers["Location"]))
    post_turn(client, crib, {"action": "pass", "turns.1.melds.0.cards": "9S 9C 9H"})
    assert stored(app, crib)[0]["turns"][1] == {"player": 2, "melds": []}
    assert totals(client, crib) == [0, 3, 0]


def test_going_out_ends_the_hand_on_the_game_page(app, client, crib):
    post_turn(client, crib, {"quick": "3"})
    answer = post_turn(
        client, crib, {"quick": "2", "end.type": "out", "end.cards_left.0": "2", "end.cards_left.1": "4"}
    )
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/games/{crib}")
    assert totals(client, crib) == [0, 3, 8]  # CR-7: 3 players, 1 a card: 2 + 6


@pytest.mark.parametrize(
    "variant,data,expected",
    [
        ("rummikub", {"players.1.points": "14"}, [14, -14]),  # Ann's rack is empty: she went out
        ("rumbugz", {"players.1.points": "9"}, [9, 0]),
        ("krazy-bee", {"players.1.counts.low": "2", "players.1.counts.high": "1"}, [0, 20]),
        (
            "crazy-rummy",
            {
                "face_up.0": "7",
                "face_up.1": "9",
                "players.0.board_counts.high": "3",
                "players.1.counts.low": "1",
                "players.1.counts.wild": "1",
            },
            [30, -105],
        ),
    ],
)
def test_with_no_choice_sent_the_player_with_nothing_left_went_out(app, client, variant, data, expected):
    game = new_game(app, client, variant)
    assert "checked> Nobody" not in text(client.get(rounds_url(game)))  # nobody is not pre-chosen
    submit(client, rounds_url(game), data)
    assert totals(client, game) == expected
    facts = stored(app, game)[0]
    if variant == "krazy-bee":  # KB-9: going out, the Step is laid
        assert facts["players"][0]["went_out"] is True and facts["players"][0]["laid"] is True
    else:
        assert facts.get("winner", facts.get("went_out")) == 0


def test_nobody_chosen_stays_nobody(app, client):
    game = new_game(app, client, "rummikub")
    submit(client, rounds_url(game), {"players.1.points": "14", "winner": ""})
    assert stored(app, game)[0]["winner"] is None


def test_two_empty_hands_leave_nobody_out(app, client):
    game = new_game(app, client, "rumbugz", names=("Ann", "Bob", "Cy"))
    submit(client, rounds_url(game), {"players.1.points": "9"})
    assert stored(app, game)[0]["winner"] is None


def test_counts_preview_is_the_engines_value(app, client):
    game = new_game(app, client, "crazy-rummy")
    url = f"/games/{game}/rounds/preview"
    csrf = {"X-CSRFToken": token(client, rounds_url(game))}
    answer = client.post(
        url, json={"what": "counts", "counts": {"ace": 1, "low": 2}, "wild": "A"}, headers=csrf
    )
    assert answer.status_code == 200 and answer.get_json()["points"] == 210  # CZ-5: aces wild count 200
    answer = client.post(url, json={"what": "counts", "counts": {"kings": 1}}, headers=csrf)
    assert answer.status_code == 422 and "CZ-5" in answer.get_json()["error"]
    answer = client.post(url, json={"what": "counts", "counts": "3"}, headers=csrf)
    assert answer.status_code == 400


def test_deals_first_names_the_typed_players_when_the_form_comes_back(client):
    csrf = csrf_from(client.get("/games/new/krazy-bee").text)
    answer = client.post(
        "/games/new/krazy-bee",
        data={
            "csrf_token": csrf,
            "player_0": "Ann",
            "player_1": "",
            "player_2": "Cy",
            "player_3": "D" * 41,
            "first_dealer": "0",
        },
    )
    assert answer.status_code in (200, 422)  # a name too long: the form again
    body = text(answer)
    assert ">Ann</option>" in body
    assert ">Cy</option>" in body and ">Player 2</option>" in body
