"""Krazy Bee hand entry: Steps shown and advanced (KB-9), cards left three ways (KB-7), bad input."""

from __future__ import annotations

import re

import pytest

from .rounds_support import new_game, rounds_url, submit, text, totals

OUT = {"players.0.laid": "1", "went_out": "0"}


@pytest.fixture
def game(app, client):
    return new_game(app, client, "krazy-bee", options={"steps": "book of 3; run of 4; 2 books of 3"})


def test_kb9_form_shows_each_players_step_and_it_advances(client, game):
    page = text(client.get(rounds_url(game)))
    assert page.count("Step 1") >= 2 and "book of 3" in page
    submit(client, rounds_url(game), {**OUT, "players.1.hand": "4", "players.1.laid": "0"})
    page = text(client.get(rounds_url(game)))
    ann, bob = page.split('id="players.1"')
    assert "Step 2" in ann and "run of 4" in ann  # Ann laid down: next Step
    assert "Step 1" in bob and "Step 2" not in bob  # Bob missed: stays


def _bob_on(client, game) -> str:
    """The Step Bob's block shows in the next hand's form."""
    bob = text(client.get(rounds_url(game))).split('id="players.1"')[1]
    return re.search(r'class="step-now">(Step \d+)', bob).group(1)


@pytest.mark.parametrize(
    "fields, step",
    [
        ({"players.1.counts.low": "9"}, "Step 2"),  # 9 cards: 12 dealt less the book of 3, laid down
        ({"players.1.counts.low": "7", "players.1.counts.wild": "3"}, "Step 1"),  # 10 cards: missed
        ({"players.1.hand": "3 4 5"}, "Step 2"),
        ({"players.1.hand": "1 2 3 4 5 6 7 8 9 10"}, "Step 1"),
        ({"players.1.points": "15"}, "Step 1"),  # a total does not say how many cards: missed
        ({}, "Step 2"),  # nothing left (floating): laid down
        ({"players.1.counts.low": "2", "players.1.laid": "0"}, "Step 1"),  # a choice stands
        ({"players.1.counts.low": "12", "players.1.laid": "1"}, "Step 2"),
    ],
    ids=["9-cards", "10-cards", "3-typed", "10-typed", "total", "none", "missed-chosen", "laid-chosen"],
)
def test_kb9_a_step_left_unchosen_follows_the_cards_left(client, game, fields, step):
    """Step 1 is a book of 3: laid down, it leaves at most 12 - 3 = 9 cards (kept_when_laid)."""
    submit(client, rounds_url(game), {**OUT, **fields})
    assert _bob_on(client, game) == step


def test_kb9_show_scores_says_each_step_laid_down_or_missed(client, game):
    """Without a script the buttons start unchosen: Show scores says how the server read them."""
    fields = {"went_out": "0", "players.1.counts.low": "10", "action": "preview"}
    body = text(submit(client, rounds_url(game), fields))
    assert "Ann: Step 1 laid down; Bob: Step 1 missed" in body
    assert totals(client, game) == [0, 0]  # nothing saved


def test_kb9_the_form_offers_laid_down_or_missed_and_says_how_it_is_picked(client, game):
    page = text(client.get(rounds_url(game)))
    bob = page.split('id="players.1"')[1]
    assert 'data-keeps="9"' in bob  # the engine's figure, for the form's script
    assert 'name="players.1.laid" value="1"' in bob and 'name="players.1.laid" value="0"' in bob
    assert "Laid down" in bob and "Missed" in bob and not re.search(r'name="players.1.laid"[^>]*checked', bob)
    assert "is filled in from the cards left until you tap one" in page


@pytest.mark.parametrize(
    "fields, points",
    [
        ({"players.1.hand": "1 9 10 13 W"}, 5 + 5 + 10 + 10 + 15),  # KB-7 by cards
        (
            {"players.1.counts.low": "2", "players.1.counts.high": "1", "players.1.counts.wild": "1"},
            2 * 5 + 10 + 15,
        ),  # KB-7 by class
        ({"players.1.points": "40"}, 40),  # typed total
        ({}, 0),  # empty hand
    ],
    ids=["KB-7-cards", "KB-7-counts", "typed-total", "empty"],
)
def test_kb7_cards_left_by_cards_counts_or_total(client, game, fields, points):
    submit(client, rounds_url(game), {**OUT, **fields})
    assert totals(client, game) == [0, points]


def _rejected(client, game, fields, field_id, *needles):
    response = submit(client, rounds_url(game), {**OUT, **fields})
    assert response.status_code == 422
    body = text(response)
    assert "Nothing was saved" in body
    errors = re.search(rf'id="err-{field_id}">(.*?)</ul>', body, re.S)
    assert errors, f"no error shown at {field_id}"
    for needle in needles:
        assert needle in errors.group(1), (needle, errors.group(1))
    assert totals(client, game) == [0, 0]
    return body


def test_n1_unknown_card_is_named_at_its_field(client, game):
    body = _rejected(client, game, {"players.1.hand": "3 14 W"}, "players-1-hand", "N-1", "“\u206614\u2069”")
    assert 'value="3 14 W"' in body  # what was typed is kept for fixing


def test_negative_count_is_refused(client, game):
    _rejected(client, game, {"players.1.counts.low": "-2"}, "players-1-counts-low", "negative")


def test_negative_total_is_refused(client, game):
    _rejected(client, game, {"players.1.points": "-5"}, "players-1-points", "negative")


def test_cards_and_a_total_together_are_refused(client, game):
    _rejected(client, game, {"players.1.hand": "3", "players.1.points": "5"}, "players-1-points", "only one")


def test_two_players_going_out_is_refused(client, game):
    response = submit(
        client, rounds_url(game), {"players.0.laid": "1", "players.1.laid": "1", "went_out": ["0", "1"]}
    )
    assert response.status_code == 422
    assert re.search(r'id="err-went_out">.*Choose only one player', text(response), re.S)
    assert totals(client, game) == [0, 0]


def test_kb8_a_step_beyond_the_list_is_refused(client, game):
    _rejected(client, game, {"players.0.step": "4"}, "players-0-step", "KB-8")


def test_kb9_going_out_without_laying_down_is_refused(client, game):
    response = submit(client, rounds_url(game), {"went_out": "1", "players.1.laid": "0"})
    assert response.status_code == 422
    assert "KB-9" in text(response)
    assert totals(client, game) == [0, 0]


def test_notes_are_kept_and_escaped(client, game):
    submit(client, rounds_url(game), {**OUT, "players.1.notes": "<b>floated</b> twice"})
    page = client.get(rounds_url(game, "1/edit")).get_data(as_text=True)
    assert "&lt;b&gt;floated&lt;/b&gt; twice" in page and "<b>floated</b>" not in page


def test_kb9_yes_no_facts_are_shown_as_the_engine_reads_them(app, client, game):
    """A hand stored with "no"/"false" (before facts were kept typed; the API and the services now refuse
    them) opens in the edit form unticked, so saving keeps it."""
    from scorekeeper import services
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.models import Round

    with app.app_context():
        stored = services.get_game(game)
        stored.rounds.append(
            Round(
                number=1,
                facts={
                    "players": [
                        {"laid": "yes", "went_out": "true"},
                        {"laid": "no", "went_out": "false", "hand": "4"},
                    ]
                },
            )
        )
        db.session.commit()
    page = text(client.get(rounds_url(game, "1/edit")))
    ann, bob = page.split('id="players.1"')
    assert re.search(r'name="players.0.laid"[^>]*checked', ann)
    assert re.search(r'name="players.1.laid" value="0"[^>]*checked', bob)
    assert re.search(r'name="went_out" value="0"[^>]*checked', page)
