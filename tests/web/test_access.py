"""Access: the edit secret (cookie, editor link, Bearer header) and CSRF on every mutating route."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db
from scorekeeper.web import access

from .game_support import csrf_from, secret_cookie, start_game
from .tally import Tally, tally_registered


@pytest.fixture
def tally(app):
    with tally_registered():
        yield Tally().describe()


@pytest.fixture
def game(client, tally):
    """A tally game created through the form by ``client`` (which now holds the secret)."""
    return start_game(client, tally, ["Ann", "Bob"])


def _record(app, public_id, facts):
    with app.app_context():
        services.record_round(services.get_game(public_id), facts)
        db.session.commit()


def test_creator_gets_secret_cookie(client, game):
    secret = secret_cookie(client, game)
    page = client.get(f"/games/{game}")
    assert "Undo" not in page.text  # nothing to undo yet
    assert "Rematch" in page.text and "Delete game" in page.text
    assert 'http-equiv="refresh"' not in page.text  # editors are not refreshed under their thumbs
    assert len(secret) >= 32


def test_stranger_reads_only(app, client, game):
    _record(app, game, {"points": [3, 4]})
    stranger = app.test_client()
    page = stranger.get(f"/games/{game}")
    assert page.status_code == 200
    assert "read-only" in page.text
    assert "Rematch" not in page.text and "Delete game" not in page.text and "Undo" not in page.text
    # followed live (scorekeeper/live), with a plain Refresh link and no timed reload (axe: meta-refresh)
    assert 'http-equiv="refresh"' not in page.text
    assert f'data-live-stream="/live/games/{game}"' in page.text and ">Refresh</a>" in page.text
    share = stranger.get(f"/games/{game}/share")
    assert "<svg" in share.text and f"/games/{game}" in share.text
    assert "/join/" not in share.text  # no editor link for readers


MUTATIONS = [
    ("post", "/games/{id}/undo"),
    ("post", "/games/{id}/redo"),
    ("post", "/games/{id}/rematch"),
    ("post", "/games/{id}/delete"),
    ("get", "/games/{id}/delete"),  # the confirmation page is for editors only
]


@pytest.mark.parametrize("method, path", MUTATIONS)
def test_mutating_routes_refuse_without_secret(app, client, game, method, path):
    _record(app, game, {"points": [3, 4]})
    stranger = app.test_client()
    token = csrf_from(stranger.get("/games/new/tally").text)
    response = getattr(stranger, method)(path.format(id=game), data={"csrf_token": token})
    assert response.status_code == 403
    with app.app_context():
        g = services.get_game(game)
        assert len(g.rounds) == 1 and len(g.audit_entries) == 2


@pytest.mark.parametrize("path", [p for m, p in MUTATIONS if m == "post"] + ["/games/new/tally"])
def test_mutating_routes_refuse_without_csrf(app, client, game, path):
    _record(app, game, {"points": [3, 4]})
    response = client.post(path.format(id=game), data={"player_0": "A", "player_1": "B"})
    assert response.status_code == 400
    assert "CSRF" in response.text
    with app.app_context():
        g = services.get_game(game)
        assert len(g.rounds) == 1
        assert services.list_games() == [g]


def test_editor_link_gives_another_phone_the_secret(app, client, game):
    secret = secret_cookie(client, game)
    share = client.get(f"/games/{game}/share")
    assert f"/games/{game}/join/{secret}" in share.text
    phone = app.test_client()
    response = phone.get(f"/games/{game}/join/{secret}")
    assert response.status_code == 302
    assert secret_cookie(phone, game) == secret
    assert "Rematch" in phone.get(f"/games/{game}").text


def test_wrong_editor_link_is_403(app, game):
    phone = app.test_client()
    assert phone.get(f"/games/{game}/join/not-the-secret").status_code == 403
    assert phone.get_cookie(f"sk_edit_{game}") is None


def test_bearer_header_and_cookie_of_another_game(app, client, tally, game):
    secret = secret_cookie(client, game)
    other = start_game(client, tally, ["Cy", "Di"])
    with app.test_request_context(headers={"Authorization": f"Bearer {secret}"}):
        assert access.can_edit(services.get_game(game))
        assert not access.can_edit(services.get_game(other))
    with app.test_request_context(headers={"Authorization": "Bearer wrong"}):
        assert not access.can_edit(services.get_game(game))
    # one game's secret in another game's cookie opens nothing
    thief = app.test_client()
    thief.set_cookie(f"sk_edit_{other}", secret)
    assert "Rematch" not in thief.get(f"/games/{other}").text
