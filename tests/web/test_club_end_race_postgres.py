"""An evening ended while its next round is seated, on a real PostgreSQL under READ COMMITTED
(:mod:`.test_club_end_race` on SQLite): each phone's request loads the evening, then the other's
commits (both orders; a check-in or out as the evening ends), or both wait at their first write
and go on at once. An UPDATE that waited for the evening's row checks its condition again on that
row only, so every path compares and sets the row itself (its ``rounds_seated`` and ``ended_at``).
Skipped with a NOTICE without the PostgreSQL binaries."""

from __future__ import annotations

import functools

from .test_club_end_race import (  # noqa: F401 (the SQLite module's interleavings, run here on PostgreSQL)
    END,
    SEAT,
    _evening_as_it_is,
    _round_one_played,
    send,
    test_a_check_in_or_out_as_the_evening_ends_is_refused,
    test_an_end_and_a_seating_at_once_one_wins,
)
from .test_club_pages import plain
from .test_postgres import _at_once_on, app, cluster, database  # noqa: F401 (fixtures)


def test_an_end_and_a_seating_waiting_on_the_evening_at_once(app, client, cluster, database):  # noqa: F811
    """Both requests load the evening and wait at their first write (the evening's row, held by a
    table lock) until both are there; then one takes the row and the other, after it, is refused."""
    event_url, other = _round_one_played(client, "2")
    both = [
        functools.partial(send, other, event_url, *SEAT),
        functools.partial(send, client, event_url, *END),
    ]
    seat, end = _at_once_on(cluster, database, ("club_events",), both)
    codes = {"seat": seat.status_code, "end": end.status_code}
    assert sorted(codes.values()) == [302, 409], codes
    state = _evening_as_it_is(app, event_url)
    if codes["end"] == 302:
        assert state["ended"] and state["rounds"] == [1]
        assert "The evening has ended: no more rounds are seated" in plain(seat)
    else:
        assert not state["ended"] and state["rounds"] == [1, 2]
        assert "Round 2 has been seated since this page was shown" in plain(end)
