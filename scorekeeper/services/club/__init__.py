"""Club night's services (issue 39, docs/club-night.md): load an event's rows into the evening's
values (:mod:`scorekeeper.club`), ask its rules, write what they decide.

:mod:`.events` makes an event and checks players in and out; :mod:`.rounds` seats the next
round (each table a game of the club, opened for seats), cuts to a final and ends an evening; :mod:`.results`
takes a table's result as declared, confirmed by a second player or set by the organiser;
:mod:`.standings` ranks the evening's rounds and :mod:`.order` the evening after its final.
Functions flush but never commit: the page or the API call
commits once. A refusal is an :class:`EventRefused` (the sentence, in the reader's language on the
page) or :class:`~scorekeeper.services.NotFound`.
"""

from .events import (
    EventNotFound,
    EventRefused,
    check_in,
    check_out,
    create_event,
    delete_event,
    find_event,
    get_event,
    present,
)
from .order import evening_order, evening_over, played_final
from .results import confirm, declare, override, table_by_number
from .rounds import current_round, cut, end_evening, history, reopen_evening, round_open_tables, seat_next
from .standings import event_standings, names_of

__all__ = [
    "EventNotFound",
    "EventRefused",
    "check_in",
    "check_out",
    "confirm",
    "create_event",
    "current_round",
    "cut",
    "declare",
    "delete_event",
    "end_evening",
    "evening_order",
    "evening_over",
    "event_standings",
    "find_event",
    "get_event",
    "history",
    "names_of",
    "override",
    "played_final",
    "present",
    "reopen_evening",
    "round_open_tables",
    "seat_next",
    "table_by_number",
]
