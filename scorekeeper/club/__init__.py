"""Club night (issue 39, docs/club-night.md): an evening of many tables, seated, scored and ranked.

The domain only: plain values in, plain values out, no web, database or PDF (the pages, rows and
API build on it). Seating a round (:mod:`.seating`, the Swiss-like rule :mod:`.swiss`, table sizes
:mod:`.sizes`), ranking (:mod:`.ranking`, :mod:`.standings`), cuts to a final (:mod:`.cuts`) and
a season's league table (:mod:`.season`); :mod:`.optimum` is the exact yardstick the Swiss rule
is measured against.

Words for the page: the rules, schemes, tiebreaks and ways of counting an evening are keys with their
English explanation (``RULES``, ``SCHEMES``, ``TIEBREAKS``, ``EVENING_POINTS``), and a refusal is a
:class:`ClubError` with its English template and values. No page shows them yet, so none is in the
catalogs: the session that shows one marks it for the catalog (``N_``) and translates it, so the
languages' catalogs never hold words no page says.
"""

from __future__ import annotations

from .cuts import final_from_semis, final_order, final_table, semi_finals, top
from .errors import ClubError
from .ranking import (
    PLACE_POINTS,
    SCHEMES,
    TIEBREAKS,
    Standing,
    TableGame,
    game_values,
    place_points,
    table_game,
)
from .season import EVENING_POINTS, LeagueLine, league
from .seating import RULES, SeatedRound, Table, meetings, new_seed, repeat_meetings, seat_round
from .sizes import table_sizes
from .standings import head_to_head, standings

__all__ = [
    "EVENING_POINTS",
    "PLACE_POINTS",
    "RULES",
    "SCHEMES",
    "TIEBREAKS",
    "ClubError",
    "LeagueLine",
    "SeatedRound",
    "Standing",
    "Table",
    "TableGame",
    "final_from_semis",
    "final_order",
    "final_table",
    "game_values",
    "head_to_head",
    "league",
    "meetings",
    "new_seed",
    "place_points",
    "repeat_meetings",
    "seat_round",
    "semi_finals",
    "standings",
    "table_game",
    "table_sizes",
    "top",
]
