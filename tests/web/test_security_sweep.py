"""A sweep over every route in ``app.url_map``: no change without the edit secret and a CSRF token.

The routes are read from the app itself, so a route added later is swept
too; a route whose URL arguments the sweep cannot fill, or a mutating route
that needs no secret and is not on the short list below, fails the sweep
until someone decides what it should require.

- HTML routes with a mutating method (a table's routes: its secret stands for the edit secret):
  400 without a CSRF token (even for the game's editor), 403 without the edit secret (even with a token).
- API routes (CSRF-exempt): 401 without ``Authorization: Bearer``, 403 with a
  wrong one; the edit cookie alone opens nothing (a page on another site
  could make a browser send it).
- Every GET (as the editor, as a stranger) leaves every game as it was.

Each refusal is checked against the same request *with* the token and the
secret, which gets through: the refusal is the guard's, not the data's.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import urllib.request
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select
from werkzeug.serving import make_server

from scorekeeper import create_app, services
from scorekeeper.services.club import check_in, create_event, current_round, declare, seat_next
from scorekeeper.services.seats import open_seats, send_part
from scorekeeper.services.tables import roster as tables
from scorekeeper.services.tables.house_games import adopt_house_game
from scorekeeper.storage.club_models import ClubEvent
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.storage.table_models import Table

from ..quick_apps import copy_database, quick_app
from .game_support import csrf_from

MUTATING = {"POST", "PUT", "PATCH", "DELETE"}
#: Mutating routes that touch no existing game, so need no edit secret: starting or
#: importing a game, and the API's checks and the rack photo (which store nothing). CSRF still applies
#: to the HTML one.
NO_GAME = {
    "games.new",
    "api.create",
    "api.import_",
    "api.check_cards",
    "api.count_hand",
    "api.solve",
    "api.turn",
    "photo_api.rack_photo",
    "tables.new",
    "tables_api.create_table",
    "tables_api.table_import",
    # the host's list of kept rack photos: its key (scorekeeper kept-photos link) stands for a secret,
    # and without it every route of the list is a 404 (tests/web/test_kept_photos.py)
    "kept_photos.delete",
    "kept_photos.delete_all",
}
#: Mutating routes of a game that need no secret: a phone takes a player's seat by name, with no
#: secret yet (docs/own-phones.md); it changes nothing of the game's hands or players
NO_SECRET = {"seats_api.take", "seats.take"}
#: URL arguments naming what a route changes; the route needs that game's or table's secret
OWNED = {"public_id", "table_id", "event_id"}
#: One legal Krazy Bee hand (Ann goes out, Bob keeps 3 and 12), as the form and as the API sends it.
HAND_FORM = {"players.0.laid": "1", "players.1.hand": "3 12", "went_out": "0"}
HAND_JSON = {"players": [{"laid": True, "went_out": True}, {"hand": "3 12"}]}
#: What each mutating route is sent: form fields, or a JSON body.
FORM = {**HAND_FORM, "player_0": "Cy", "player_1": "Di", "first_dealer": "0"}
JSON = {
    "api.check_cards": {"variant": "krazy-bee", "cards": "3 3 3"},
    "api.count_hand": {"variant": "krazy-bee", "cards": "3 12"},
    "api.solve": {"variant": "rummikub", "rack": "R7 R8", "table": "R4 R5 R6"},
    "api.turn": {"variant": "rummikub", "before": "R5 R6 R7", "rack": "R8", "after": "R5 R6 R7 R8"},
    "api.create": {"variant": "krazy-bee", "players": ["Cy", "Di"]},
    "tables_api.create_table": {"name": "Sweepers", "players": ["Cy"]},
    "tables_api.table_import": {"nothing": "here"},
    "api.import_": {"nothing": "here"},
    "tables_api.add_house_game": {"name": "Five Crowns", "variant": "points"},
    "tables_api.table_import_plays": {"games": [], "players": [], "plays": []},
    "api.record": HAND_JSON,
    "api.correct": HAND_JSON,
    "api.undo": {},
    "api.redo": {},  # no body needed; an API client sends JSON or nothing
    "previews.preview": {"what": "hand", "cards": "3 12"},
    "seats_api.open_seating": {},
    "seats_api.take": {"name": "Ann"},
    "seats_api.keep": {"holder": "editor"},
    "seats_api.part": {"hand": 2, "part": {"laid": True}},
    "seats_api.confirm": {"hand": 2, "looks_right": True},
    "seats_api.close": {"hand": 2},
    "seats_api.turn": {"hand": 2, "turn": 1, "melds": []},
    "events_api.create": {"name": "Sweep night", "variant": "rummikub"},
    "events_api.arrive": {"names": ["Eve"]},
    "events_api.seat_round": {"rule": "draw"},
    "events_api.cut_to_final": {"kind": "final"},
    "events_api.override_result": {"scores": [1, 2, 3, 4], "reason": "the sweep sets it"},
    "events_api.declare_result": {},  # no body needed, as for undo
    "events_api.confirm_result": {},
    "events_api.end_event": {},
    "events_api.reopen_event": {},
}
#: API routes only a seat's own secret may use: the editor's is refused too (a turn is its player's)
SEAT_ONLY = {"seats_api.turn"}
#: API routes the sweep's club night refuses for its state once past both guards (409: its round 1 is
#: still being played, so no next round, no cut and no end, and it was never ended, so no reopening);
#: tests/web/test_api_club.py seats and cuts for real, tests/web/test_club_end.py ends and reopens one
STATEFUL = {
    "events_api.seat_round",
    "events_api.cut_to_final",
    "events_api.end_event",
    "events_api.reopen_event",
}

#: What a form route is sent besides FORM
FORMS = {"seats.take": {"name": "Ann"}, "seats.send": {"hand_number": "2", "rack": "3 12"}}


def _rules():
    app = create_app({"TESTING": True, "SECRET_KEY": "sweep", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return sorted(app.url_map.iter_rules(), key=lambda r: r.rule)


RULES = _rules()
MUTATING_RULES = [(r.endpoint, m) for r in RULES for m in sorted(r.methods & MUTATING)]
#: the API's endpoints (the core's blueprint and the features' own API blueprints), by their URL
API = {r.endpoint for r in RULES if r.rule.startswith("/api/")}
GET_RULES = [r.endpoint for r in RULES if "GET" in r.methods and r.endpoint != "static"]


@pytest.fixture(scope="module")
def sweep_world(empty_sqlite, app_config, tmp_path_factory) -> tuple[Path, dict]:
    """The rows every test of the sweep starts from, made once for the file, and where they are:
    a Krazy Bee game with one hand recorded, its seats open and Ann's part in; a table with a house
    game and a club night. Each test's database is a copy of this file (``database_template``), so
    a test that gets through a guard changes only its own copy."""
    path = tmp_path_factory.mktemp("sweep-world") / "world.sqlite3"
    app = quick_app({**app_config, "SQLALCHEMY_DATABASE_URI": copy_database(empty_sqlite, path)})
    with app.app_context():
        game, secret = services.create_game("krazy-bee", ["Ann", "Bob"], {})
        services.record_round(game, HAND_JSON)
        open_seats(game)  # its seats' routes answer too (docs/own-phones.md), Ann's part is in
        send_part(game, 0, 2, {"laid": True}, by="editor")
        table, table_secret = tables.create_table("Sweepers", ["Ann", "Bob"])
        house = adopt_house_game(table, "Our Rummikub", "rummikub", {"initial_meld": 40})
        event = _club_night(table, table_secret)
        db.session.commit()
        world = {
            "game": (game.public_id, secret),
            "SWEEP_TABLE": (table.public_id, table_secret),
            "SWEEP_HOUSE_GAME": house.id,
            "SWEEP_EVENT": event.public_id,
        }
        db.engine.dispose()
    with sqlite3.connect(path) as conn:  # the write-ahead log folded in: the file alone is the database
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path, world


@pytest.fixture
def database_template(sweep_world) -> Path:
    return sweep_world[0]


@pytest.fixture
def game(app, client, sweep_world):
    """The sweep's Krazy Bee game (``sweep_world``); ``client`` holds its edit secret, and the
    secret of a table (whose id the sweep puts in table routes)."""
    world = sweep_world[1]
    public_id, secret = world["game"]
    app.config.update({key: value for key, value in world.items() if key.startswith("SWEEP_")})
    client.set_cookie(f"sk_edit_{public_id}", secret)
    client.set_cookie(f"sk_table_{world['SWEEP_TABLE'][0]}", world["SWEEP_TABLE"][1])
    return public_id, secret


def _club_night(table, table_secret: str):
    """A club night of the sweep's table: round 1 seated (one table of 4), its game's hand recorded
    and the result declared by the first seat, not yet confirmed."""
    event = create_event(table, name="Sweep night", held_on=date(2026, 12, 3), variant="rummikub")
    check_in(event, ["Ann", "Bob", "Cy", "Dee"])
    seat_next(event, table_secret, "draw", seed=1)
    first = current_round(event).tables[0]
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5"}, {"rack": "B7"}, {"rack": "K2"}]}
    services.record_round(db.session.get(Game, first.game_id), hand)
    declare(event, first, 0)
    return event


def _url(app, endpoint: str, public_id: str, secret: str = "wrong-secret") -> str:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    fill = {
        "public_id": public_id,
        "number": 1,
        "variant": "krazy-bee",
        "slug": "krazy-bee",
        "tile_slug": "rummikub",
        "code": "de",  # the footer's language switch
        "secret": secret,
        "table_id": app.config.get("SWEEP_TABLE", ("no-table",))[0],
        "hid": app.config.get("SWEEP_HOUSE_GAME", 1),
        "seat": 0,
        "event_id": app.config.get("SWEEP_EVENT", "no-event"),
        "table": 1,
        "name": "Ann",
        "token": "x" * 32,  # a PDF's waiting page (printing/waiting.py): one no PDF has
    }
    if rule.rule.startswith("/events/"):  # a club night's pages (and PDFs, screen): the sweep's evening
        fill["public_id"] = fill["event_id"]
    unknown = rule.arguments - set(fill)
    assert not unknown, f"{endpoint}: the sweep cannot fill {sorted(unknown)}; teach it"
    with app.test_request_context():
        from flask import url_for

        query = {"format": "bgstats"} if endpoint == "tables_api.table_import_plays" else {}
        return url_for(endpoint, **{k: fill[k] for k in rule.arguments}, **query)


def _snapshot(app) -> list:
    """Everything a change could touch, for every game."""
    with app.app_context():
        db.session.expire_all()
        return (
            [
                (
                    g.public_id,
                    g.status,
                    g.updated_at,
                    dict(g.options),
                    [p.name for p in g.players],
                    [(r.number, r.facts) for r in services.get_game(g.public_id).rounds],
                    len(g.audit_entries),
                )
                for g in services.list_games()
            ]
            + [
                (t.public_id, t.name, t.updated_at, [m.name for m in t.members], len(t.rulings))
                for t in db.session.execute(select(Table)).scalars()
            ]
            + [
                (e.public_id, e.updated_at, len(e.entrants), len(e.event_rounds))
                for e in db.session.execute(select(ClubEvent)).scalars()
            ]
        )


def _unstamped(row: tuple) -> tuple:
    """A game's snapshot row without its change stamp and change-log count (a table's as it is)."""
    return (*row[:2], *row[3:6]) if len(row) == 7 else row


def _send(client, method: str, url: str, endpoint: str, headers: dict):
    if endpoint in JSON:
        return client.open(url, method=method, json=JSON[endpoint], headers=headers)
    return client.open(url, method=method, data={**FORM, **FORMS.get(endpoint, {})}, headers=headers)


def _token(client) -> str:
    return csrf_from(client.get("/games/new/krazy-bee").get_data(as_text=True))


def test_the_sweep_sees_every_mutating_route():
    endpoints = {e for e, _ in MUTATING_RULES}
    assert {
        "rounds.new",
        "rounds.edit",
        "rounds.delete",
        "rounds.end",
        "previews.preview",
        "games.undo",
        "games.rematch",
        "games.delete",
        "games.new",
        "api.record",
        "api.correct",
        "api.remove",
        "api.undo",
        "api.redo",
    } <= endpoints


@pytest.mark.parametrize("endpoint, method", [p for p in MUTATING_RULES if p[0] not in API])
def test_html_route_refuses_without_csrf_token(app, client, game, endpoint, method):
    public_id, _ = game
    url = _url(app, endpoint, public_id)
    before = _snapshot(app)
    response = _send(client, method, url, endpoint, {})
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert "CSRF" in response.get_data(as_text=True)
    assert _snapshot(app) == before
    # the same request from the editor with a token gets past both guards
    allowed = _send(client, method, url, endpoint, {"X-CSRFToken": _token(client)})
    assert allowed.status_code not in (400, 401, 403), allowed.get_data(as_text=True)[:300]


@pytest.mark.parametrize(
    "endpoint, method", [p for p in MUTATING_RULES if p[0] not in API and p[0] not in NO_GAME | NO_SECRET]
)
def test_html_route_refuses_without_edit_secret(app, client, game, endpoint, method):
    public_id, _ = game
    url = _url(app, endpoint, public_id)
    stranger = app.test_client()
    before = _snapshot(app)
    response = _send(stranger, method, url, endpoint, {"X-CSRFToken": _token(stranger)})
    assert response.status_code == 403, response.get_data(as_text=True)[:300]
    assert _snapshot(app) == before
    # a Bearer header with a wrong secret opens nothing either
    wrong = _send(
        stranger,
        method,
        url,
        endpoint,
        {"X-CSRFToken": _token(stranger), "Authorization": "Bearer not-the-secret"},
    )
    assert wrong.status_code == 403
    assert _snapshot(app) == before


@pytest.mark.parametrize(
    "endpoint, method", [p for p in MUTATING_RULES if p[0] in API and p[0] not in NO_GAME | NO_SECRET]
)
def test_api_route_needs_the_bearer_secret_and_not_the_cookie(app, client, game, endpoint, method):
    public_id, secret = game
    url = _url(app, endpoint, public_id)
    before = _snapshot(app)
    # ``client`` holds the edit cookie: the CSRF-exempt API must not take it
    assert _send(client, method, url, endpoint, {}).status_code == 401
    assert _send(client, method, url, endpoint, {"Authorization": "Bearer wrong"}).status_code == 403
    assert _snapshot(app) == before
    # a table's route, or a club night's (its table's secret is the organiser's, and its tables' editor's)
    owner = app.config["SWEEP_TABLE"][1] if endpoint.startswith(("tables_api.", "events_api.")) else secret
    bearer = {"Authorization": f"Bearer {owner}"}
    if endpoint in SEAT_ONLY:  # tests/web/test_seat_turn_api.py sends it with the seat's secret
        assert _send(app.test_client(), method, url, endpoint, bearer).status_code == 403
        assert _snapshot(app) == before
        return
    if endpoint == "api.redo":  # something to redo: the latest change undone first
        assert (
            _send(app.test_client(), "POST", _url(app, "api.undo", public_id), "api.undo", bearer).status_code
            == 200
        )
    allowed = _send(app.test_client(), method, url, endpoint, bearer)
    past = allowed.status_code < 400 or (endpoint in STATEFUL and allowed.status_code == 409)
    assert past, allowed.get_data(as_text=True)[:300]


def test_only_the_listed_routes_change_things_without_a_secret():
    """A new mutating route without a game in its URL must be added to NO_GAME on purpose."""
    without_game = {
        e for e, _ in MUTATING_RULES if not OWNED & next(r for r in RULES if r.endpoint == e).arguments
    }
    assert without_game == NO_GAME


@pytest.mark.parametrize("endpoint, method", [p for p in MUTATING_RULES if p[0] in NO_SECRET])
def test_taking_a_seat_without_a_secret_leaves_the_game_as_it_was(app, game, endpoint, method):
    public_id, _ = game
    before = _snapshot(app)
    stranger = app.test_client()
    headers = {} if endpoint in API else {"X-CSRFToken": _token(stranger)}
    taken = _send(stranger, method, _url(app, endpoint, public_id), endpoint, headers)
    assert taken.status_code in (201, 302), taken.get_data(as_text=True)[:300]
    after = _snapshot(app)
    # the seat taken is one change-log entry and moves the game's change stamp (the other phones'
    # seat pages follow it live, docs/own-phones.md); the game itself is as it was
    assert [_unstamped(row) for row in after] == [_unstamped(row) for row in before]
    assert (
        sum(row[-1] for row in after if len(row) == 7) == sum(row[-1] for row in before if len(row) == 7) + 1
    )


@pytest.mark.parametrize("endpoint", GET_RULES)
def test_no_get_changes_a_game_or_shows_a_stranger_the_secret(app, client, game, endpoint):
    public_id, secret = game
    before = _snapshot(app)
    for who in (client, app.test_client()):
        response = who.get(_url(app, endpoint, public_id, secret))
        assert response.status_code < 500
        assert _snapshot(app) == before, f"GET {endpoint} changed a game"
    assert secret.encode() not in response.get_data()  # the stranger's answer
    assert app.config["SWEEP_TABLE"][1].encode() not in response.get_data()


# -- secrets in cookies and logs, headers ----------------------------------------------------


@pytest.mark.parametrize("endpoint", GET_RULES)
def test_every_page_refuses_to_be_framed_by_another_site(app, client, game, endpoint):
    public_id, secret = game
    response = client.get(_url(app, endpoint, public_id, secret))
    assert response.headers["X-Frame-Options"] == "DENY"
    policy = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    if response.mimetype != "application/pdf":  # a PDF's viewer is the browser's own: no page policy for it
        assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_edit_and_session_cookies_are_httponly_and_samesite(app, client):
    page = client.get("/games/new/krazy-bee")
    data = {"player_0": "Ann", "player_1": "Bob", "first_dealer": "0", "csrf_token": csrf_from(page.text)}
    response = client.post("/games/new/krazy-bee", data=data)
    assert response.status_code == 302
    cookies = response.headers.getlist("Set-Cookie")
    edit = [c for c in cookies if c.startswith("sk_edit_")]
    session = [c for c in cookies + page.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert edit and session
    for cookie in edit + session:
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie, cookie


def test_editor_links_stay_out_of_the_request_logs(app, game, caplog):
    """The development server's request line and gunicorn's access log, both blanked."""
    public_id, secret = game
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO):
            url = f"http://127.0.0.1:{server.server_port}/games/{public_id}/join/{secret}"
            with urllib.request.urlopen(url) as answer:
                assert answer.status == 200  # followed the redirect to the game page
            logging.getLogger("gunicorn.access").info("%(r)s %(s)s", {"r": f"GET {url[21:]}", "s": "302"})
    finally:
        server.shutdown()
    logged = caplog.text
    assert f"/games/{public_id}/join/" in logged and "gunicorn" in caplog.records[-1].name
    assert secret not in logged


@pytest.mark.parametrize("hops, secure", [(0, False), (1, True)])
def test_behind_a_tls_proxy_the_edit_cookie_is_secure_and_links_https(tmp_path, hops, secure):
    """X-Forwarded-Proto is trusted only when PROXY_HOPS says a proxy sets it (else it could be forged)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "proxy",
            "PROXY_HOPS": hops,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'proxy.sqlite3'}",
        }
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}
    page = client.get("/games/new/krazy-bee", headers=forwarded)
    data = {"player_0": "Ann", "player_1": "Bob", "first_dealer": "0", "csrf_token": csrf_from(page.text)}
    # over https Flask-WTF also wants a same-site Referer (browsers send it: Referrer-Policy same-origin)
    response = client.post(
        "/games/new/krazy-bee",
        data=data,
        headers={**forwarded, "Referer": "https://cards.example/games/new/krazy-bee"},
    )
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("sk_edit_"))
    assert ("Secure" in cookie) is secure
    session = next(c for c in page.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert ("Secure" in session) is secure  # the session holds the CSRF token: https-only behind TLS
    public_id = response.headers["Location"].rstrip("/").split("/")[-1]
    share = client.get(f"/games/{public_id}/share", headers=forwarded).get_data(as_text=True)
    assert (f"https://cards.example/games/{public_id}" in share) is secure
