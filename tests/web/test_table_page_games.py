"""A club's page lists the newest of its games in progress and of its finished games, however many
it keeps (a club night's tables stay in progress once their result counts: a year of them is
thousands), with a link to every game, a page at a time. On a real SQLite file through the test
client, the lists made small."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.services.tables.new_games import start_game
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .statements_support import loaded

SHOWN = 3


@pytest.fixture
def club(app, monkeypatch):
    """A club of four with seven games in progress and seven finished (a points game of one hand,
    or of two with one played); the page shows three of each, three a page with ?all=1. Its id and
    both lists' ids, newest first."""
    monkeypatch.setattr("scorekeeper.tables.views.GAMES_SHOWN", SHOWN)
    monkeypatch.setattr("scorekeeper.tables.views.GAMES_PAGE", SHOWN, raising=False)
    with app.app_context():
        table, secret = create_table("Thursday club", ["Ann", "Bob", "Cy", "Dee"])
        lists = {"in_progress": [], "finished": []}
        for n in range(14):
            game, _ = start_game(table, secret, "points", table.members[:2], {"rounds": 1 + n % 2})
            services.record_round(game, {"players": [{"points": 5}, {"points": n}]})
            db.session.commit()
            lists[game.status].insert(0, game.public_id)
        return table.public_id, lists["in_progress"], lists["finished"]


def _sections(text: str) -> tuple[list[str], list[str]]:
    playing, _, finished = text.partition('id="finished"')
    ids = r'class="game-link" href="/games/([^"/]+)"'
    return re.findall(ids, playing), re.findall(ids, finished)


def test_the_club_page_shows_the_newest_of_each_list(client, club):
    table_id, playing, finished = club
    with loaded(Game) as rows:
        text = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert _sections(text) == (playing[:SHOWN], finished[:SHOWN])
    assert len(rows) <= 2 * (SHOWN + 1), f"{len(rows)} games loaded for a page that shows {2 * SHOWN}"
    assert f'href="/tables/{table_id}?all=1#playing">Every game in progress' in text
    assert f'href="/tables/{table_id}?all=1#finished">All 7 finished games' in text


def test_every_game_of_the_club_a_page_at_a_time(client, club):
    table_id, playing, finished = club
    seen, loads = ([], []), []
    for page in (1, 2, 3):
        with loaded(Game) as rows:
            text = client.get(f"/tables/{table_id}?all=1&page={page}").get_data(as_text=True)
        loads.append(len(rows))
        for found, listed in zip(seen, _sections(text), strict=True):
            found.extend(listed)
        assert ('rel="next"' in text) == (page < 3) and ('rel="prev"' in text) == (page > 1)
    assert seen == (playing, finished)
    assert max(loads) <= 2 * (SHOWN + 1), f"games loaded for each page: {loads}"


def test_every_game_page_is_kept_up_to_date_as_itself(client, club):
    """The every-game page's live content is that page's (?all=1 kept), not the club page's
    newest three, which a hand recorded anywhere at the club swapped in under the reader."""
    table_id, playing, finished = club
    text = client.get(f"/tables/{table_id}?all=1").get_data(as_text=True)
    fragment = re.search(r'data-live-fragment="([^"]*)"', text).group(1).replace("&amp;", "&")
    live = client.get(fragment).get_data(as_text=True)
    assert _sections(live) == _sections(text) == (playing[:SHOWN], finished[:SHOWN])
    assert 'rel="next"' in live and "All 7 finished games" not in live


def test_a_page_past_the_last_of_every_game_shows_the_last(client, club):
    """A page past the last (a link drawn before, or typed) shows the last page, as the games list
    does: it was an empty page, both headings gone, with a Previous page link to another empty one."""
    table_id, playing, finished = club
    last = client.get(f"/tables/{table_id}?all=1&page=3").get_data(as_text=True)
    past = client.get(f"/tables/{table_id}?all=1&page=9").get_data(as_text=True)
    assert _sections(past) == _sections(last) == (playing[6:], finished[6:])
    assert f'rel="prev" href="/tables/{table_id}?all=1&amp;page=2"' in past


def test_a_long_query_is_not_repeated_by_the_page_links(client, club):
    """An address whose other arguments are past BACK_HERE_MAX characters (4,000 typed or sent in a
    link): the page links and the live content's address keep ?all=1 and the page alone, as the
    language links keep the path alone; each of them carried the 4,000 characters."""
    table_id, playing, finished = club
    padded = client.get(f"/tables/{table_id}?x={'y' * 4000}&all=1&page=2").get_data(as_text=True)
    assert _sections(padded) == (playing[3:6], finished[3:6])
    assert f'rel="prev" href="/tables/{table_id}?all=1"' in padded
    assert f'rel="next" href="/tables/{table_id}?all=1&amp;page=3"' in padded
    assert f'data-live-fragment="/tables/{table_id}?all=1&amp;page=2&amp;fragment=live"' in padded
    assert padded.count("y" * 1000) == 0


def test_every_game_page_s_refresh_link_goes_to_that_page(client, club):
    """Refresh (tapped without the live stream, or once it was lost) reloads the every-game page
    shown: it went to the club's page and its newest three of each list."""
    table_id, _, _ = club
    text = client.get(f"/tables/{table_id}?all=1&page=2").get_data(as_text=True)
    refresh = re.findall(r'class="button secondary small live-refresh" href="([^"]*)"', text)
    assert refresh == [f"/tables/{table_id}?all=1&amp;page=2"]


@pytest.mark.parametrize("no", ["0", "no", "false", ""])
def test_all_0_is_the_club_page_not_every_game(client, club, no):
    table_id, playing, finished = club
    text = client.get(f"/tables/{table_id}?all={no}").get_data(as_text=True)
    assert _sections(text) == (playing[:SHOWN], finished[:SHOWN])
    assert "All 7 finished games" in text and 'rel="next"' not in text
