"""The game page and the API show the engine's ranks: the winner is 1st (KB-10, issue 8)."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.display.standings import progress_text
from scorekeeper.storage.extensions import db
from tests.ranked_games import ONLY_BOB_DONE


@pytest.fixture
def bob_done(app) -> str:
    """ONLY_BOB_DONE played through the services: its public id."""
    game = ONLY_BOB_DONE
    with app.app_context():
        stored, _secret = services.create_game(game["variant"], game["names"], game["options"])
        for facts in game["hands"]:
            services.record_round(stored, facts)
        db.session.commit()
        return stored.public_id


STANDING = re.compile(
    r'<li class="standing[^"]*" data-seat="(\d)">\s*<span class="rank">(\w+)</span>.*?'
    r'<span class="name"><bdi>([^<]+)</bdi></span>.*?<span class="total"><bdi dir="ltr">(-?\d+)</bdi></span>',
    re.S,
)


def test_game_page_ranks_the_only_player_who_laid_the_last_step_first(client, bob_done):
    page = client.get(f"/games/{bob_done}").text
    assert "Winner: <bdi>Bob</bdi>" in page
    # in rank order, as the engine ranks them: those who completed the last Step, then by Step reached
    assert [(rank, name, int(total)) for _, rank, name, total in STANDING.findall(page)] == [
        ("1st", "Bob", 75),
        ("2nd", "Ann", 60),
        ("3rd", "Cy", 70),
    ]
    winner = re.search(r'<li class="standing[^"]*\bwinner\b[^"]*" data-seat="(\d)"', page)
    assert winner and winner.group(1) == "1"


def test_api_gives_the_winner_rank_1(client, bob_done):
    body = client.get(f"/api/v1/games/{bob_done}").get_json()
    assert body["status"] == "finished" and body["winners"] == [1] and body["leaders"] == [1]
    assert [(p["name"], p["total"], p["rank"]) for p in body["players"]] == [
        ("Ann", 60, 2),
        ("Bob", 75, 1),
        ("Cy", 70, 3),
    ]


@pytest.mark.parametrize(
    "total,words",
    [
        (30, "1470 to go to 1500"),
        (0, "1500 to go to 1500"),
        (-15, "below zero: needs 1515 to reach 1500"),  # was "1515 to go to 1500"
        (1500, "reached 1500"),
        (1510, "reached 1500"),  # was nothing at all
    ],
    ids=["CZ-8-on-the-way", "CZ-8-zero", "CZ-8-negative", "CZ-8-reached", "CZ-8-over"],
)
def test_crazy_rummy_distance_to_the_target_in_words(total, words):
    assert progress_text({}, total=total, target=1500) == words
