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
    _round_one_played,
    one_of_the_two,
    send,
    test_a_check_in_or_out_as_the_evening_ends_is_refused,
    test_an_end_and_a_seating_at_once_one_wins,
    test_the_apis_end_sent_as_the_page_seats_the_next_round_is_refused,
)
from .test_postgres import _at_once_on, app, cluster, database  # noqa: F401 (fixtures)


def test_an_end_and_a_seating_waiting_on_the_evening_at_once(app, client, cluster, database):  # noqa: F811
    """Both requests load the evening and wait at their first write (the evening's row, held by a
    table lock) until both are there; then one takes the row and the other, after it, is refused."""
    event_url, other, _ = _round_one_played(client, "2")
    both = [
        functools.partial(send, other, event_url, *SEAT),
        functools.partial(send, client, event_url, *END),
    ]
    seat, end = _at_once_on(cluster, database, ("club_events",), both)
    one_of_the_two(app, event_url, seat, end)
