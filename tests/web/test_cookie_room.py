"""A browser's game cookies are bounded (web/cookie_room.py, docs/limits.md "Cookies"): a phone that
keeps score for game after game never sends a Cookie header the server refuses (431), and the
cookies it loses are those of games gone, then of games changed longest ago."""

from __future__ import annotations

from datetime import timedelta

from scorekeeper import services
from scorekeeper.limits import GAME_COOKIES_MAX
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game, utcnow

from .game_support import page_fields
from .rounds_support import new_game

#: what gunicorn (limit_request_field_size) and nginx read of one header line
HEADER_READ = 8190


def _start_game(client) -> str:
    """A Rummikub game started through the new-game form, as a phone starts one; its public id."""
    form = client.get("/games/new/rummikub")
    answer = client.post(
        "/games/new/rummikub", data={"player_0": "Ann", "player_1": "Bob", **page_fields(form.text)}
    )
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]


def _game_cookies(client) -> set[str]:
    return {c.key for c in client._cookies.values() if c.key.startswith(("sk_edit_", "seat_"))}


def _cookie_header(client) -> int:
    return len("; ".join(f"{c.key}={c.value}" for c in client._cookies.values()))


def _aged(app, public_ids: list[str]) -> None:
    """The games changed one after another, an hour apart, the first longest ago."""
    with app.app_context():
        start = utcnow() - timedelta(days=30)
        for hours, public_id in enumerate(public_ids):
            db.session.query(Game).filter_by(public_id=public_id).update(
                {"updated_at": start + timedelta(hours=hours)}
            )
        db.session.commit()


def test_a_phone_that_kept_score_for_game_after_game_is_never_refused(app, client):
    """A phone holding the cookies of 100 games (about 150 had every request refused, 431) starts
    three more: from the first it holds the bound's number, its Cookie header well within what the
    server reads (room left for its tables', its language and its session's cookies), and it
    still edits its newest games."""
    held = [new_game(app, client, "rummikub") for _ in range(100)]
    _aged(app, held)
    started = [_start_game(client) for _ in range(3)]
    assert len(_game_cookies(client)) == GAME_COOKIES_MAX
    assert _cookie_header(client) < HEADER_READ - 3000
    assert client.get("/").status_code == 200
    newest = {f"sk_edit_{public_id}" for public_id in held[-(GAME_COOKIES_MAX - 3) :] + started}
    assert _game_cookies(client) == newest
    assert "csrf_token" in client.get(f"/games/{held[-1]}/rounds/new").text


def test_the_cookies_dropped_are_of_games_gone_then_of_the_oldest_changed(app, client):
    held = [new_game(app, client, "rummikub") for _ in range(GAME_COOKIES_MAX - 1)]
    _aged(app, list(reversed(held)))  # the last made is the one changed longest ago
    client.set_cookie("sk_edit_GoneGame0000", "a secret of a game deleted since")
    client.set_cookie("sk_lang", "de")  # not a game's: never counted, never dropped
    first = _start_game(client)
    cookies = _game_cookies(client)
    assert "sk_edit_GoneGame0000" not in cookies and f"sk_edit_{first}" in cookies
    assert len(cookies) == GAME_COOKIES_MAX and set(map("sk_edit_{}".format, held)) <= cookies
    second = _start_game(client)
    cookies = _game_cookies(client)
    assert f"sk_edit_{held[-1]}" not in cookies, "the game changed longest ago keeps its cookie"
    assert {f"sk_edit_{held[-2]}", f"sk_edit_{second}"} <= cookies
    assert any(c.key == "sk_lang" for c in client._cookies.values())
    # the dropped game is a stranger's now on this phone: it is still there, for its other editors
    with app.app_context():
        assert services.get_game(held[-1]) is not None
    assert "Only the phones keeping score" in client.get(f"/games/{held[-1]}/rounds/new").text


def test_a_seat_taken_counts_among_the_game_cookies(app, client):
    held = [new_game(app, client, "rummikub", editor=False) for _ in range(GAME_COOKIES_MAX)]
    for public_id in held:
        client.set_cookie(f"seat_{public_id}", "a seat's secret")
    _aged(app, held)
    new = _start_game(client)
    cookies = _game_cookies(client)
    assert len(cookies) == GAME_COOKIES_MAX and f"seat_{held[0]}" not in cookies
    assert f"sk_edit_{new}" in cookies
