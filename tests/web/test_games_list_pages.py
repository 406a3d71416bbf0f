"""The games list shows a page of games, however many the host keeps (a club's year leaves
thousands): each page loads its own games, not every game, and the pages together list every game
once, in progress first. On a real SQLite file through the test client, the page made small."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .statements_support import loaded, statements

PAGE = 5


@pytest.fixture
def twelve_games(app, monkeypatch):
    """Twelve games, the first four finished; the games list's page made 5 games. Their ids,
    newest first within the games in progress, then the finished."""
    monkeypatch.setattr("scorekeeper.views.games.GAMES_PAGE", PAGE, raising=False)
    with app.app_context():
        made = []
        for n in range(12):
            game, _ = services.create_game("rummikub", [f"Ann {n}", "Bob"], {"target": "50"})
            if n < 4:
                game.status = "finished"
            made.append(game)
        db.session.commit()
        ids = [g.public_id for g in made]
    return ids[4:][::-1] + ids[:4][::-1]


def _listed(text: str) -> list[str]:
    return re.findall(r'class="game-link" href="/games/([^"/]+)"', text)


def test_each_page_of_the_games_list_loads_its_own_games(app, client, twelve_games):
    shown, loads, counts = [], [], []
    for page in (1, 2, 3):
        with loaded(Game) as rows, statements(app) as seen:
            answer = client.get(f"/games/?page={page}" if page > 1 else "/games/")
        assert answer.status_code == 200
        shown.append(_listed(answer.get_data(as_text=True)))
        loads.append(len(rows))
        counts.append(len(seen))
    assert [len(s) for s in shown] == [PAGE, PAGE, 2], shown
    assert [
        g for page in shown for g in page
    ] == twelve_games  # every game once, in progress first, newest first
    assert max(loads) <= PAGE + 1, f"games loaded for each page: {loads}"
    assert len(set(counts)) == 1, f"statements for each page: {counts}"


def test_a_page_links_to_the_pages_beside_it(client, twelve_games):
    first = client.get("/games/").get_data(as_text=True)
    assert 'rel="next" href="/games/?page=2"' in first and 'rel="prev"' not in first
    second = client.get("/games/?page=2").get_data(as_text=True)
    assert 'rel="prev" href="/games/"' in second and 'rel="next" href="/games/?page=3"' in second
    assert "?page=2&amp;fragment=live" in second  # kept up to date live as the same page
    last = client.get("/games/?page=3").get_data(as_text=True)
    assert 'rel="next"' not in last and "Finished" in last and "In progress" not in last
    for wrong in ("0", "-3", "x", "9" * 40):  # read as the first page, or the last a page can be
        assert client.get(f"/games/?page={wrong}").status_code == 200


def test_a_page_link_keeps_the_address_s_arguments_as_arguments_only(client, twelve_games):
    """The page links repeat the address's other arguments as its query, never as url_for's own:
    ``_external`` made the links absolute, ``_anchor`` gave them (and the live content's address)
    a fragment, and an argument named ``endpoint`` was a 500."""
    crafted = client.get("/games/?_external=1&_anchor=x&page=2").get_data(as_text=True)
    links = re.findall(r'rel="(?:next|prev)" href="([^"]*)"', crafted)
    assert links == ["/games/?_external=1&amp;_anchor=x", "/games/?_external=1&amp;_anchor=x&amp;page=3"]
    assert 'data-live-fragment="/games/?_external=1&amp;_anchor=x&amp;page=2&amp;fragment=live"' in crafted
    for odd in ("endpoint=x", "page=2&endpoint=x"):
        assert client.get(f"/games/?{odd}").status_code == 200, odd


def test_a_long_query_is_not_repeated_by_the_page_links(client, twelve_games):
    """Past BACK_HERE_MAX characters the address's other arguments are left out of the page links
    and the live content's address (the language links leave them out so too): a 4,000-character
    query was written three times into the page, 16.7 KB for a page of 4.8 KB."""
    plain = client.get("/games/?page=2").get_data(as_text=True)
    padded = client.get(f"/games/?page=2&x={'y' * 4000}").get_data(as_text=True)
    links = re.findall(r'rel="(?:next|prev)" href="([^"]*)"', padded)
    assert links == ["/games/", "/games/?page=3"]
    assert 'data-live-fragment="/games/?page=2&amp;fragment=live"' in padded
    assert len(padded) < len(plain) + 200, (len(padded), len(plain))


def test_a_page_past_the_last_shows_the_last(client, twelve_games):
    """A page past the last (its link drawn before games were deleted, or typed) shows the last
    page, as a page past GAMES_PAGES_MAX does: it said "No finished game yet." above a Previous
    page link to another empty page, while four games were finished."""
    last = client.get("/games/?page=3").get_data(as_text=True)
    past = client.get("/games/?page=9").get_data(as_text=True)
    assert _listed(past) == _listed(last) == twelve_games[10:]
    assert 'rel="prev" href="/games/?page=2"' in past and "No finished game yet." not in past


def test_a_later_page_s_refresh_link_goes_to_that_page(client, twelve_games):
    """Refresh (the link a phone without the live stream, or one that lost it, taps) reloads the
    page shown: on page 2 it went to the first page."""
    second = client.get("/games/?page=2").get_data(as_text=True)
    assert re.findall(r'class="button secondary small live-refresh" href="([^"]*)"', second) == [
        "/games/?page=2"
    ]
