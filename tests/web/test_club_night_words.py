"""What the organiser's page and the table's phones say at the evening's turning points, found by
running a club evening as its organiser and players would (docs/club-night.md): the last round is
no "Round 3" to wait for."""

from __future__ import annotations

import re

from .table_support import create_table
from .test_club_pages import NAMES, check_everyone_in, new_event, override_round, plain, send


def next_title(page: str) -> str:
    return re.search(r'<h2 id="next-title">(.*?)</h2>', page, flags=re.S)[1]


def test_the_last_round_waits_for_no_next_round(client):
    """An evening of 1 round: while it is played the page names no round 2, and while the
    semi-finals are played it waits for the final, not for a "Round 3"."""
    event_url = new_event(client, create_table(client, "Thursday club", NAMES), rounds="1")
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "7"})
    page = client.get(event_url).text
    assert next_title(page) == "After the last round"
    assert "This is the evening's last round: once every table has a final result" in plain(
        client.get(event_url)
    )
    assert "The next round is seated once" not in page
    override_round(client, event_url)
    assert send(client, event_url, "cut", {"kind": "semis"}).status_code == 302
    page = client.get(event_url).text
    assert next_title(page) == "The final"
    assert "The next round is seated once every table of this round has a final result." in page
