"""The points game end to end (issue 21 section 1): the new-game form, hands typed as sums, the
editor's "End the game", the API with undo, redo, export and import, and the score sheet PDF."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.rules import variants
from scorekeeper.services.tables import roster as tables
from scorekeeper.services.tables.new_games import start_game as start_table_game
from scorekeeper.storage.extensions import db
from scorekeeper.tables.stats import table_stats
from tests.pdf.support import ReadBack

from .api_support import OpenApi, call
from .game_support import start_game
from .rounds_support import rounds_url, submit, text, totals, winner_line

POINTS = next(v for v in variants() if v["slug"] == "points")


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def test_PG_2_a_whole_game_through_the_forms(app, client):
    game = start_game(
        client, POINTS, ["Ann", "Bob", "Cy"], opt_game_name="Five Crowns", opt_high_wins="", opt_rounds="3"
    )
    page = text(client.get(f"/games/{game}"))
    assert (
        "Five Crowns" in page and "Any other game (points)" in page
    )  # PG-1: the name shows with the variant's

    form = text(client.get(rounds_url(game)))
    assert "data-sum" in form and "points-sum.js" in form and 'placeholder="12+11+7-5"' in form
    submit(
        client,
        rounds_url(game),
        {"players.0.points": "12+11+7-5", "players.1.points": "-3", "players.2.points": "0"},
    )
    assert totals(client, game) == [25, -3, 0]

    # PG-2: not a sum: the field says so and nothing is saved; PG-3: nothing entered is refused
    bad = text(submit(client, rounds_url(game), {"players.0.points": "2*3", "players.1.points": "4"}))
    assert "Nothing was saved" in bad and "is not a sum of whole numbers" in bad
    empty = text(submit(client, rounds_url(game), {}))
    assert "Nothing was saved" in empty and "PG-3" in empty
    assert totals(client, game) == [25, -3, 0]

    # PG-4: the editor ends the game on the second hand; PG-5: low wins, so Bob
    assert winner_line(client, game) is None
    submit(client, rounds_url(game), {"players.1.points": "1", "end": "1"})
    assert totals(client, game) == [25, -2, 0]
    assert "Bob" in winner_line(client, game)


def _totals(game: dict) -> list[int]:
    return [p["total"] for p in game["players"]]


def test_PG_4_a_whole_game_through_the_api_with_undo_redo_export_and_import(client, api):
    _, created = call(
        client,
        api,
        "POST",
        "/api/v1/games",
        {"variant": "points", "players": ["Ann", "Bob"], "options": {"target": 30, "game_name": "Yahtzee"}},
        expect=201,
    )
    gid, secret = created["id"], created["secret"]
    url = f"/api/v1/games/{gid}/rounds"
    call(client, api, "POST", url, {"players": [{"points": 12}, {"points": -5}]}, secret=secret, expect=201)
    _, refused = call(client, api, "POST", url, {"players": [{}, {}]}, secret=secret, expect=422)
    assert "PG-3" in str(refused)
    _, answer = call(client, api, "POST", url, {"players": [{"points": 20}, {}]}, secret=secret, expect=201)
    assert (
        _totals(answer["game"]) == [32, -5] and answer["game"]["status"] == "finished"
    )  # PG-4: Ann reached 30
    assert answer["game"]["winners"] == [0] and [p["rank"] for p in answer["game"]["players"]] == [1, 2]

    call(client, api, "POST", f"/api/v1/games/{gid}/undo", secret=secret, expect=200)
    _, game = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    assert _totals(game) == [12, -5] and game["status"] == "in_progress"
    call(client, api, "POST", f"/api/v1/games/{gid}/redo", secret=secret, expect=200)
    _, game = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    assert _totals(game) == [32, -5] and game["status"] == "finished"

    _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    _, copy = call(client, api, "POST", "/api/v1/games/import", export, expect=201)
    _, again = call(client, api, "GET", f"/api/v1/games/{copy['id']}", expect=200)
    assert _totals(again) == [32, -5] and again["options"]["game_name"] == "Yahtzee"


def test_PG_2_the_openapi_document_has_the_points_facts(client):
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    facts = next(schema for name, schema in schemas.items() if name.lower() == "roundfactspoints")
    points = facts["properties"]["players"]["items"]["properties"]["points"]
    assert points.get("minimum", 0) < 0  # negative points are allowed


def test_PG_1_the_score_sheet_shows_the_game_name_and_the_totals(client, api):
    _, created = call(
        client,
        api,
        "POST",
        "/api/v1/games",
        {
            "variant": "points",
            "players": ["Ann", "Bob"],
            "options": {"game_name": "Hearts", "high_wins": False},
        },
        expect=201,
    )
    for facts in (
        {"players": [{"points": 7}, {"points": 19}]},
        {"players": [{"points": 4}, {}], "end": True},
    ):
        call(
            client,
            api,
            "POST",
            f"/api/v1/games/{created['id']}/rounds",
            facts,
            secret=created["secret"],
            expect=201,
        )
    response = client.get(f"/print/game/{created['id']}/sheet.pdf")
    assert response.status_code == 200, response.text
    pdf = ReadBack(response.data)
    assert "Hearts" in pdf.text and "Ann" in pdf.text and "Bob" in pdf.text
    assert "11" in pdf.text and "19" in pdf.text  # the running totals


def test_PG_1_no_cards_so_no_checker_or_best_play_page(client, api):
    assert 'href="/check/points"' not in client.get("/check/").get_data(as_text=True)
    for path in ("/check/points", "/check/points/best"):
        page = client.get(path)
        assert page.status_code == 404 and "no" in text(page)
    _, refused = call(client, api, "POST", "/api/v1/check", {"variant": "points", "cards": "5H"}, expect=422)
    assert "PG-1" in str(refused)


def test_PG_5_a_points_game_at_a_table_counts_in_its_statistics(app, client):
    with app.app_context():
        table, secret = tables.create_table("Thursday", ["Ann", "Bob"])
        game, _ = start_table_game(
            table, secret, "points", table.members, {"game_name": "Hearts", "high_wins": False, "rounds": 1}
        )
        services.record_round(game, {"players": [{"points": 9}, {"points": 4}]})
        db.session.commit()
        stats = table_stats(tables.find_table(table.public_id))
        public_id = table.public_id
    points = stats["variants"]["points:Hearts"]  # counted under its own name (PG-1)
    assert points["name"] == "Hearts" and points["variant"] == "points"
    assert points["finished"] == 1 and points["players"] == {}  # no figures of its own: totals and wins
    bob = next(p for p in stats["players"] if p["name"] == "Bob")
    assert bob["variants"]["points:Hearts"]["wins"] == 1  # PG-5: low wins
    page = client.get(f"/tables/{public_id}/stats")
    assert page.status_code == 200 and "Hearts" in text(page)


def test_PG_1_each_points_game_has_its_own_ratings_by_name(app, client):
    """A "Five Crowns" rating is not a "Hearts" one: each name is rated over its own games only."""
    with app.app_context():
        table, secret = tables.create_table("Thursday", ["Ann", "Bob"])
        for name, points in (("Five Crowns", [3, 9]), ("Hearts", [9, 3]), ("Five Crowns", [2, 8])):
            game, _ = start_table_game(
                table, secret, "points", table.members, {"game_name": name, "rounds": 1}
            )
            services.record_round(game, {"players": [{"points": p} for p in points]})
        unnamed, _ = start_table_game(table, secret, "points", table.members, {"rounds": 1})
        services.record_round(unnamed, {"players": [{"points": 1}, {"points": 0}]})
        db.session.commit()
        stats = table_stats(tables.find_table(table.public_id))
        public_id = table.public_id
    assert set(stats["variants"]) == {"points", "points:Five Crowns", "points:Hearts"}
    bob = next(p for p in stats["players"] if p["name"] == "Bob")
    assert (
        bob["ratings"]["points:Five Crowns"]["games"] == 2 and bob["ratings"]["points:Hearts"]["games"] == 1
    )
    assert bob["ratings"]["points:Five Crowns"]["mu"] > 25 > bob["ratings"]["points:Hearts"]["mu"]
    assert bob["ratings"]["points"]["games"] == 1  # a points game without a name is one kind of its own
    page = text(client.get(f"/tables/{public_id}/stats"))
    assert "Five Crowns rating" in page or "Five Crowns" in page


def test_PG_1_twenty_players_on_one_score_sheet(client, api):
    names = [f"P{n}" for n in range(1, 21)]
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "points", "players": names}, expect=201
    )
    call(
        client,
        api,
        "POST",
        f"/api/v1/games/{created['id']}/rounds",
        {"players": [{"points": n} for n in range(20)]},
        secret=created["secret"],
        expect=201,
    )
    pdf = ReadBack(client.get(f"/print/game/{created['id']}/sheet.pdf").data)
    assert all(name in pdf.text for name in names) and "19" in pdf.text


def test_the_polish_points_form_says_its_round_once(client):
    """The line above the fields read "w tej rundzie (runda)": the round named twice, once in brackets."""
    game = start_game(client, next(v for v in variants() if v["slug"] == "points"), ["Ann", "Bob"])
    page = text(client.get(rounds_url(game), headers={"Accept-Language": "pl"}))
    assert "(runda)" not in page and "punkty każdego gracza" in page
