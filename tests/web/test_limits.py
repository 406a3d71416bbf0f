"""Issue 17 section 1: every list and text the server takes is held to its bound (scorekeeper.limits)
before any other work, so one request cannot keep a worker busy for seconds."""

from __future__ import annotations

import pytest

from scorekeeper import limits, services
from scorekeeper.services.tables import roster as table_services
from scorekeeper.services.tables import rulings
from scorekeeper.storage.extensions import db
from scorekeeper.storage.table_models import Table

from .api_support import HANDS
from .game_support import csrf_from


def _names(count: int) -> list[str]:
    return [f"Player {i}" for i in range(count)]


@pytest.fixture
def no_name_work(monkeypatch):
    """Fail the test when a list past every bound is cleaned at all: its count is checked first."""
    from scorekeeper.services.games import clean_names

    def refuse(names):
        assert len(names) <= limits.ROSTER_MAX, (
            f"{len(names)} names were cleaned before the count was checked"
        )
        return clean_names(names)

    monkeypatch.setattr("scorekeeper.services.games.clean_names", refuse)
    monkeypatch.setattr("scorekeeper.services.tables.roster.clean_names", refuse)


def test_thirty_thousand_names_are_refused_before_any_work(client, no_name_work):
    answer = client.post("/api/v1/games", json={"variant": "krazy-bee", "players": _names(30_000)})
    assert answer.status_code == 422
    assert [(f["field"], f["message"]) for f in answer.json["fields"]] == [
        ("players", "Krazy Bee Rummy is played by 2 to 4 players, not 30,000")
    ]
    assert answer.json["fields"][0]["message_key"]["key"] == "game.players"  # the engine's sentence


def test_a_tables_game_with_too_many_names_is_refused_before_the_roster_is_read(client, app, no_name_work):
    with app.app_context():
        table, secret = table_services.create_table("Thursdays", [])
        db.session.commit()
        table_id = table.public_id
    answer = client.post(
        "/api/v1/games",
        json={"variant": "rummikub", "players": _names(10_000), "table": table_id},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 422
    assert [(f["field"], f["message"]) for f in answer.json["fields"]] == [
        ("players", "Rummikub is played by 2 to 4 players, not 10,000")
    ]
    assert answer.json["fields"][0]["message_key"]["key"] == "game.players"  # the engine's sentence
    with app.app_context():
        assert db.session.query(Table).one().members == []


def test_a_roster_past_its_bound_is_refused_by_the_api(client, app, no_name_work):
    answer = client.post("/api/v1/tables", json={"name": "Big", "players": _names(10_000)})
    assert answer.status_code in (400, 422)
    assert str(limits.ROSTER_MAX) in answer.text
    with app.app_context():
        assert db.session.query(Table).count() == 0


def test_a_roster_past_its_bound_is_refused_by_the_form(client, app, no_name_work):
    page = client.get("/tables/")
    answer = client.post(
        "/tables/new",
        data={"csrf_token": csrf_from(page.text), "name": "Big", "players": "\n".join(_names(10_000))},
    )
    assert answer.status_code == 422
    assert f"At most {limits.ROSTER_MAX} players on a roster, not 10,000" in answer.text
    with app.app_context():
        assert db.session.query(Table).count() == 0


def test_a_roster_stops_growing_at_its_bound(app):
    with app.app_context():
        table, _ = table_services.create_table("Full", _names(limits.ROSTER_MAX))
        with pytest.raises(limits.TooMany, match="a roster holds at most"):
            table_services.roster_players(table, ["Someone New"])
        assert table_services.roster_players(table, ["Player 3"])[0].name == "Player 3"  # already on it


def test_duplicate_names_are_still_told_apart(client):
    answer = client.post("/api/v1/games", json={"variant": "krazy-bee", "players": ["Ann", "Bob", "ann"]})
    assert answer.status_code == 422
    assert "two players are called 'ann'" in answer.text


def test_a_game_holds_at_most_its_bound_of_hands(client, app, monkeypatch):
    monkeypatch.setattr("scorekeeper.services.rounds.HANDS_MAX", 2)
    created = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]}).json
    auth = {"Authorization": f"Bearer {created['secret']}"}
    url = f"/api/v1/games/{created['id']}/rounds"
    assert [client.post(url, json=HANDS["rummikub"], headers=auth).status_code for _ in range(2)] == [
        201,
        201,
    ]
    third = client.post(url, json=HANDS["rummikub"], headers=auth)
    assert third.status_code == 422
    assert "a game holds at most 2 rounds; start a new game" in third.json["reasons"]
    assert len(client.get(f"/api/v1/games/{created['id']}").json["rounds"]) == 2


def test_a_text_in_a_hand_past_its_bound_is_refused(client):
    created = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]}).json
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 " * 2000}]}
    answer = client.post(
        f"/api/v1/games/{created['id']}/rounds",
        json=hand,
        headers={"Authorization": f"Bearer {created['secret']}"},
    )
    assert answer.status_code == 422
    assert answer.json["fields"][0]["field"] == "players.1.rack"
    assert f"at most {limits.FACT_TEXT_MAX:,} characters" in answer.json["fields"][0]["message"]


def _export_with(rounds: int, audit: int = 0) -> dict:
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "variant": "rummikub",
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
        "rounds": [{"number": i + 1, "facts": HANDS["rummikub"]} for i in range(rounds)],
        "audit": [{"action": "record", "round_number": 1, "at": "2024-05-01T20:30:00Z"}] * audit,
    }


@pytest.mark.parametrize(("rounds", "audit"), [(limits.HANDS_MAX + 1, 0), (1, limits.AUDIT_MAX + 1)])
def test_an_import_past_its_bounds_is_refused(client, app, rounds, audit):
    answer = client.post("/api/v1/games/import", json=_export_with(rounds, audit))
    assert answer.status_code in (400, 422)
    with app.app_context():
        assert services.list_games() == []


def test_the_import_bounds_hold_without_the_schema(app):
    """The services hold an import to its bounds themselves (the CLI imports without the API)."""
    from scorekeeper.services.transfer import import_game

    with app.app_context(), pytest.raises(limits.TooMany, match="hands in a game"):
        import_game(_export_with(limits.HANDS_MAX + 1))


def test_a_table_import_past_its_bounds_is_refused(app):
    from scorekeeper.services.tables.restore import import_table

    doc = {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "T",
        "players": [],
        "games": [{"players": [], "game": {"rounds": [{}] * (limits.TABLE_HANDS_MAX // 2 + 1)}}] * 2,
    }
    with app.app_context(), pytest.raises(limits.TooMany, match="hands in all the games"):
        import_table(doc)


def test_a_table_keeps_at_most_its_bound_of_rulings(app, monkeypatch):
    monkeypatch.setattr(rulings, "RULINGS_MAX", 1)
    with app.app_context():
        table, _ = table_services.create_table("Rules", ["Ann", "Bob"])
        rulings.record_reading(table, "rummikub", "Jokers?", "Two")
        with pytest.raises(rulings.RulingError, match="at most 1 rulings"):
            rulings.record_reading(table, "rummikub", "Again?", "No")


def test_the_api_document_states_the_bounds(client):
    schemas = client.get("/api/v1/openapi.json").json["components"]["schemas"]
    exports = [schemas[branch["$ref"].rsplit("/", 1)[1]] for branch in schemas["Export"]["oneOf"]]
    assert len(exports) >= 7  # one per variant, told apart by their variant
    for export in exports:
        assert export["properties"]["rounds"]["maxItems"] == limits.HANDS_MAX
        assert export["properties"]["audit"]["maxItems"] == limits.AUDIT_MAX
    assert schemas["NewTable"]["properties"]["players"]["maxItems"] == limits.ROSTER_MAX
    assert schemas["TableExport"]["properties"]["games"]["maxItems"] == limits.TABLE_GAMES_MAX
    assert schemas["TableExport"]["properties"]["rulings"]["maxItems"] == limits.RULINGS_MAX
