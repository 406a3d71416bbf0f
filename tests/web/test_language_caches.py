"""Every page kept rendered (or kept computed) is kept per language (issue 33).

The game page (a follower's, an editor's and its live fragment) and a table's statistics (the
page and the API's answer) are kept per change; the home page and a table's page are rendered
afresh. Each is read on ONE app (one worker) in English, German, English and German again, by
the browser's ``Accept-Language`` and by the footer's switch (the ``lang`` cookie): each answer is
in the language asked for, whichever language read it first. Answers that vary by language say so
to caches (``Vary: Accept-Language, Cookie``), and a game's ETag names the language of its body.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db
from tests.site_pages import seed_tables

TOKEN = re.compile(r'name="csrf_token" value="[^"]+"')


@pytest.fixture
def seeded(app):
    """A table (its secret, an unfinished game of it) and a finished game of its own."""
    ((table_id, secret, game, _),) = seed_tables(app)
    with app.app_context():
        finished, game_secret = services.create_game("rummikub", ["Ann", "Dee"], {"rounds": 1})
        services.record_round(finished, {"winner": None, "players": [{"rack": "R5"}, {"rack": "R5"}]})
        db.session.commit()
        return table_id, secret, game, finished.public_id, game_secret


def _pages(seeded) -> list[tuple[str, str | None]]:
    """(path, the cookie holding a secret: "name=value") of every page that is kept, and the home page."""
    table_id, secret, game, finished, game_secret = seeded
    return [
        ("/", None),
        (f"/games/{finished}", None),
        (f"/games/{finished}", f"sk_edit_{finished}={game_secret}"),
        (f"/games/{finished}?fragment=live", None),
        (f"/games/{game}", None),
        (f"/tables/{table_id}", None),
        (f"/tables/{table_id}/stats", None),
        (f"/tables/{table_id}/stats", f"sk_table_{table_id}={secret}"),
    ]


def _read(client, path: str, language: str, how: str):
    if how == "cookie":
        client.set_cookie("lang", language)
        return client.get(path)
    return client.get(path, headers={"Accept-Language": language})


@pytest.mark.parametrize("how", ["header", "cookie"])
def test_every_kept_page_reads_in_each_language_in_turn(app, seeded, how):
    for path, held in _pages(seeded):
        client = app.test_client()
        if held:
            client.set_cookie(*held.split("=", 1))
        seen: dict[str, str] = {}
        for language in ("en", "de", "en", "de"):
            answer = _read(client, path, language, how)
            assert answer.status_code == 200, path
            page = TOKEN.sub("", answer.text)
            if "fragment" not in path:
                assert f'<html lang="{language}"' in page, (path, held, language)
            other = "de" if language == "en" else "en"
            assert seen.setdefault(language, page) == page, (path, language)  # the same page again
            assert seen.get(other) != page, (path, language)


def test_the_statistics_read_first_in_german_stay_german_and_english_stays_english(app, seeded):
    table_id = seeded[0]
    client = app.test_client()
    german = _read(client, f"/tables/{table_id}/stats", "de", "header").text
    english = _read(client, f"/tables/{table_id}/stats", "en", "header").text
    assert "<h1>Statistik" in german and "<h1>Statistics" in english
    api_de = client.get(f"/api/v1/tables/{table_id}/stats", headers={"Accept-Language": "de"})
    api_en = client.get(f"/api/v1/tables/{table_id}/stats", headers={"Accept-Language": "en"})
    assert api_de.status_code == api_en.status_code == 200
    assert "Accept-Language" in api_en.headers["Vary"] and "Cookie" in api_en.headers["Vary"]


def test_pages_and_answers_that_vary_by_language_say_so_to_caches(app, seeded):
    table_id, _, _, finished, _ = seeded
    client = app.test_client()
    for path in (
        "/",
        f"/games/{finished}",
        f"/tables/{table_id}/stats",
        "/rules/rummikub",
        "/no-such-page",
        f"/api/v1/games/{finished}",
        "/api/v1/variants",
        "/sw.js",
    ):
        vary = client.get(path, headers={"Accept-Language": "de"}).headers.get("Vary", "")
        assert {"Accept-Language", "Cookie"} <= {v.strip() for v in vary.split(",")}, (path, vary)
    static = client.get("/static/css/app.css")
    assert "Accept-Language" not in static.headers.get("Vary", "")  # a file is the same in every language


def test_a_games_etag_names_the_language_of_its_answer_and_either_tag_is_a_version(app, seeded):
    finished, game_secret = seeded[3], seeded[4]
    client = app.test_client()
    english = client.get(f"/api/v1/games/{finished}", headers={"Accept-Language": "en"})
    german = client.get(f"/api/v1/games/{finished}", headers={"Accept-Language": "de"})
    assert english.headers["ETag"] == '"v1"' and german.headers["ETag"] == '"v1-de"'
    # a change made against the German answer's tag names version 1: a stale tag is still refused
    stale = client.delete(
        f"/api/v1/games/{finished}/rounds/1",
        headers={"Authorization": f"Bearer {game_secret}", "If-Match": '"v0-de"'},
    )
    assert stale.status_code == 409
    fresh = client.delete(
        f"/api/v1/games/{finished}/rounds/1",
        headers={"Authorization": f"Bearer {game_secret}", "If-Match": german.headers["ETag"]},
    )
    assert fresh.status_code in (200, 204), fresh.text
