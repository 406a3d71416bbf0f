"""The games list asks the database a bounded number of questions, however many games this phone
edits: whether a club night holds each of them (no Rematch, no Delete) is one question for the whole
list, not one per game. On a real SQLite file through the test client, statements counted on the
engine."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .club_support import seated_evening
from .statements_support import statements

TWELVE = [f"Player {n}" for n in range(1, 13)]  # three tables of four: three held games


def _plain_games(app, count: int) -> list[tuple[str, str]]:
    with app.app_context():
        made = [services.create_game("rummikub", [f"Ann {n}", "Bob"], {"target": "50"}) for n in range(count)]
        db.session.commit()
        return [(game.public_id, secret) for game, secret in made]


def _listed(client, app) -> tuple[str, int]:
    with statements(app) as seen:
        page = client.get("/games/")
    assert page.status_code == 200
    return page.get_data(as_text=True), len(seen)


def test_the_games_list_asks_as_often_for_thirty_edited_games_as_for_five(app):
    night = seated_evening(app, names=TWELVE)
    held = night["games"]
    assert len(held) == 3
    client = app.test_client()
    for gid, secret in zip(held, night["edit"], strict=True):
        client.get(f"/games/{gid}/join/{secret}")
    plain = _plain_games(app, 27)
    for gid, secret in plain[:2]:
        client.get(f"/games/{gid}/join/{secret}")
    _, few = _listed(client, app)  # 5 games edited (3 held)
    for gid, secret in plain[2:]:
        client.get(f"/games/{gid}/join/{secret}")
    listed, many = _listed(client, app)  # 30 games edited (3 held)
    assert many == few, f"{few} statements for 5 edited games, {many} for 30"
    for gid in held:  # a club night's table: no Rematch, no Delete
        assert f'href="/games/{gid}"' in listed
        assert f"/games/{gid}/rematch" not in listed and f"/games/{gid}/delete" not in listed
    for gid, _ in plain:  # the phone's other games keep both
        assert f"/games/{gid}/rematch" in listed and f"/games/{gid}/delete" in listed
