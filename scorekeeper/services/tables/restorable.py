"""Whether a table's export can be brought back by ``POST /api/v1/tables/import``: the import's
bounds (games, hands, body bytes) said before the operator relies on the export (docs/tables.md,
"A table too big to import")."""

from __future__ import annotations

from ...limits import TABLE_GAMES_MAX, TABLE_HANDS_MAX

#: where the export says to look instead (docs/operations.md, "Backing up")
BACKUP = 'copy the database instead (docs/operations.md, "Backing up")'


def past_bounds(games: int, hands: int, size: int = 0, body_max: int | None = None) -> list[str]:
    """Which of the import's bounds ``games`` games of ``hands`` hands in an export of ``size`` bytes
    are past, in words (empty: it imports back); ``body_max``: the bytes the import's address takes
    (``web.guards.body_max`` of the import's address; None: no bound).

    >>> past_bounds(3911, 7686, 8297430, 16 * 1024 * 1024)  # a club's year
    []
    >>> past_bounds(6001, 120001, 8297430, 2 * 1024 * 1024)
    ['6,001 games (at most 6,000)', '120,001 hands (at most 120,000)', '8,297,430 bytes (at most 2,097,152)']
    """
    found = []
    if games > TABLE_GAMES_MAX:
        found.append(f"{games:,} games (at most {TABLE_GAMES_MAX:,})")
    if hands > TABLE_HANDS_MAX:
        found.append(f"{hands:,} hands (at most {TABLE_HANDS_MAX:,})")
    if body_max is not None and size > body_max:
        found.append(f"{size:,} bytes (at most {body_max:,})")
    return found


def export_hands(games: list) -> int:
    """The hands in a table export's ``games`` (a game whose ``rounds`` is no list counts none)."""
    return sum(
        len(g["game"]["rounds"])
        for g in games
        if isinstance(g, dict)
        and isinstance(g.get("game"), dict)
        and isinstance(g["game"].get("rounds"), list)
    )


def refusal_note(past: list[str]) -> str:
    """The export's own warning (its ``import_refused``) when ``past`` names a bound."""
    return (
        f"This export cannot be restored by POST /api/v1/tables/import: it holds {', '.join(past)}. "
        f"To move this table to another host, {BACKUP}."
    )
