"""A club's table through the API (``GET /api/v1/tables/<id>``) however many games it keeps: every
game as before, read as plain rows in a few statements (a year of club nights is thousands of games),
or with ``?page=`` a page of them and the next page's address. On a real SQLite file through the
test client, the page made small; every answer validated against the OpenAPI document."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest

from scorekeeper import services
from scorekeeper.services.tables.new_games import start_game
from scorekeeper.services.tables.roster import create_table, get_table
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import OpenApi, call
from .statements_support import loaded, statements

PAGE = 3
#: what reading the table takes, whatever its games: the table, its roster, its games, their seats,
#: the roster's counts
STATEMENTS = 5


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _play(app, club: tuple[str, str], first: int, count: int) -> None:
    """``count`` more points games of the club, two of the four each (a game of one hand finishes)."""
    with app.app_context():
        table = get_table(club[0])
        for n in range(first, first + count):
            seated = [table.members[n % 4], table.members[(n + 1) % 4]]
            game, _ = start_game(table, club[1], "points", seated, {"rounds": 1 + n % 2})
            services.record_round(game, {"players": [{"points": 5}, {"points": n}]})
            db.session.commit()


@pytest.fixture
def club(app, monkeypatch):
    """A club of four with seven points games (some finished, some in progress); its id and secret."""
    monkeypatch.setattr("scorekeeper.tables.api.GAMES_PAGE", PAGE, raising=False)
    with app.app_context():
        table, secret = create_table("Thursday club", ["Ann", "Bob", "Cy", "Dee"])
        db.session.commit()
        club = table.public_id, secret
    _play(app, club, 0, 7)
    return club


def _expected(app) -> tuple[list[dict], dict[str, int]]:
    """What a client reads of each game, newest first, and each player's games, from the games themselves."""
    with app.app_context():
        games = list(db.session.scalars(db.select(Game).order_by(Game.id.desc())))
        listed, played = [], {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}
        for game in games:
            names = [p.name for p in sorted(game.players, key=lambda p: p.seat)]
            score = services.game_score(game)
            listed.append(
                {
                    "id": game.public_id,
                    "status": game.status,
                    "hands": len(game.rounds),
                    "players": names,
                    "winners": [names[s] for s in score.winners],
                    "api": f"/api/v1/games/{game.public_id}",
                    "page": f"/games/{game.public_id}",
                }
            )
            for name in names:
                played[name] += 1
    return listed, played


def _read(game: dict) -> dict:
    return {
        "id": game["id"],
        "status": game["status"],
        "hands": game["hands"],
        "players": game["players"],
        "winners": game["winners"],
        "api": urlsplit(game["urls"]["api"]).path,
        "page": urlsplit(game["urls"]["page"]).path,
    }


def _every_game(app, client, api, table_id: str) -> tuple[dict, int, int]:
    with statements(app) as seen, loaded(Game) as rows:
        _, body = call(client, api, "GET", f"/api/v1/tables/{table_id}", expect=200)
    return body, len(seen), len(rows)


def test_every_game_in_the_same_few_statements_however_many(app, client, api, club):
    counts = []
    for more in (0, 7):  # seven games, then fourteen
        _play(app, club, 7, more)
        body, said, rows = _every_game(app, client, api, club[0])
        listed, played = _expected(app)
        assert [_read(g) for g in body["games"]] == listed  # every game, newest first, as before
        assert {p["name"]: p["games"] for p in body["players"]} == played
        assert "next" not in body
        assert {g["status"] for g in body["games"]} == {"finished", "in_progress"}
        assert rows == 0, f"{rows} games built as objects to list {len(listed)}"
        counts.append(said)
    assert counts[0] == counts[1] <= STATEMENTS, f"statements for 7 and 14 games: {counts}"


def test_a_page_of_games_and_the_next_pages_address(app, client, api, club):
    listed, played = _expected(app)
    seen, path, pages = [], f"/api/v1/tables/{club[0]}?page=1", 0
    while path:
        with statements(app) as said, loaded(Game) as rows:
            _, body = call(client, api, "GET", path, expect=200)
        assert len(body["games"]) <= PAGE and len(said) <= STATEMENTS and not rows
        assert {p["name"]: p["games"] for p in body["players"]} == played  # the whole table's counts
        seen.extend(_read(g) for g in body["games"])
        after = body["next"] and urlsplit(body["next"])
        path, pages = after and f"{after.path}?{after.query}", pages + 1
    assert seen == listed and pages == 3  # 3 + 3 + 1


@pytest.mark.parametrize("page", ["0", "-1", "two", "1.5", "100001"])
def test_a_page_that_is_no_page_number_is_refused(client, api, club, page):
    _, body = call(client, api, "GET", f"/api/v1/tables/{club[0]}?page={page}", expect=400)
    assert "'page' is a page number" in body["error"]


@pytest.mark.parametrize("page", ["\u00b2", "\u00b9", "\u0663", "\uff13", "9" * 5000, "x" * 3000])
def test_a_page_of_other_digits_or_thousands_of_characters_is_refused_in_a_few_words(client, api, club, page):
    """Superscript digits pass ``str.isdigit`` but not ``int()`` (a 500), as do 5,000 digits
    (``int()`` reads at most 4,300); Arabic-Indic or fullwidth digits were read as a page; and the
    refusal quoted the value whole (6 KB for 3,000 characters). The value is quoted by its start."""
    _, body = call(client, api, "GET", f"/api/v1/tables/{club[0]}?page={quote(page)}", expect=400)
    assert "'page' is a page number" in body["error"] and len(body["error"]) < 120, body["error"]


def test_every_game_gives_the_workers_other_requests_turns(app, client, api, club, monkeypatch):
    """Under gevent ``time.sleep(0)`` lets the worker's other requests and live pages run: the
    every-game answer reads its rows a part at a time with a turn between the parts."""
    monkeypatch.setattr("scorekeeper.services.tables.game_rows.PART", 2, raising=False)
    turns = []
    monkeypatch.setattr("time.sleep", turns.append)
    call(client, api, "GET", f"/api/v1/tables/{club[0]}", expect=200)
    assert turns.count(0) >= 7 // 2, f"{len(turns)} turns given while reading 7 games two at a time"


def test_past_the_bound_without_page_the_first_page_says_it_is_paged(app, client, api, club, monkeypatch):
    """A club's year was answered whole (3,900 games, 1.4 MB): past the bound the answer is the first
    page, ``"paged": true`` and the next page's address; up to it every game, ``"paged": false``."""
    monkeypatch.setattr("scorekeeper.tables.api.TABLE_GAMES_WHOLE_MAX", 7)
    listed, played = _expected(app)
    _, whole = call(client, api, "GET", f"/api/v1/tables/{club[0]}", expect=200)
    assert [_read(g) for g in whole["games"]] == listed and whole["paged"] is False
    _play(app, club, 7, 1)  # eight games: one past the bound
    listed, played = _expected(app)
    with statements(app) as said:
        _, body = call(client, api, "GET", f"/api/v1/tables/{club[0]}", expect=200)
    assert body["paged"] is True and len(said) <= STATEMENTS
    assert [_read(g) for g in body["games"]] == listed[:PAGE]
    assert {p["name"]: p["games"] for p in body["players"]} == played
    after = urlsplit(body["next"])
    assert (after.path, after.query) == (f"/api/v1/tables/{club[0]}", "page=2")


def test_a_page_past_the_last_is_a_404_that_names_the_last(client, api, club):
    """The table page shows its last page for one past it; the API said nothing (an empty list):
    a client that asks past the end is told where the end is."""
    _, last = call(client, api, "GET", f"/api/v1/tables/{club[0]}?page=3", expect=200)
    assert len(last["games"]) == 1 and last["next"] is None and last["paged"] is True
    _, body = call(client, api, "GET", f"/api/v1/tables/{club[0]}?page=4", expect=404)
    assert "Page 4 is past the table's last page of games, 3 (7 games, 3 a page)" in body["error"]
    assert f"/api/v1/tables/{club[0]}?page=3" in body["error"]
    _, empty = call(client, api, "GET", f"/api/v1/tables/{club[0]}?page=1", expect=200)
    assert empty["games"]  # page 1 is always an answer (an empty table's is an empty list)
