"""A table's whole history as JSON (to import back exactly) and as CSV (for spreadsheets)."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from ...limits import (
    HOUSE_GAMES_MAX,
    ROSTER_MAX,
    RULINGS_MAX,
    TABLE_GAMES_MAX,
    TABLE_HANDS_MAX,
    TooMany,
    at_most,
)
from ...storage.table_models import Table
from .. import game_score
from ..transfer import TransferError, export_game, object_list, stamp
from .restorable import BACKUP, export_hands, past_bounds
from .roster import table_games
from .rulings import HOUSE

FORMAT = "scorekeeper-table"
VERSION = 1


def export_table(table: Table) -> dict:
    """The table's whole history as a JSON-ready dict, games in the order they were played."""
    members = {m.id: m.name for m in table.members}
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": table.public_id,
        "name": table.name,
        "created_at": stamp(table.created_at),
        "updated_at": stamp(table.updated_at),
        "players": [{"name": m.name, "created_at": stamp(m.created_at)} for m in table.members],
        "rulings": [
            {
                "kind": r.kind,
                "variant": r.variant,
                "decision": r.decision,
                "note": r.note,
                "decided_on": stamp(r.decided_on),
                "created_at": stamp(r.created_at),
            }
            for r in table.rulings
        ],
        "games": [
            {
                "players": [members[s.member_id] for s in summary.seats],
                "game": export_game(game),
                **({"result": _result(summary)} if summary.source is not None else {}),
            }
            for game, summary in reversed(table_games(table, hands=True, log=True))
        ],
    }


def _result(summary) -> dict:
    """A result-only game's imported result: where it came from, when, final totals and winners."""
    return {
        "source": summary.source,
        "played_at": stamp(summary.played_at),
        "totals": [s.total for s in summary.seats],
        "winners": [bool(s.winner) for s in summary.seats],
    }


def export_lists(doc: Any) -> tuple[list, list, list]:
    """The export's players, rulings and games, once its format and sizes are checked (cheap: the
    import asks it before the body's shape check, which for a big body waits for the worker pool)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise TransferError(f'not a table export: expected "format": "{FORMAT}" and "version": {VERSION}')
    players, rulings, games = (
        object_list(doc, key, required=False) for key in ("players", "rulings", "games")
    )
    at_most(players, ROSTER_MAX, "players", "players on a roster")
    at_most(rulings, RULINGS_MAX, "rulings", "rulings")
    at_most([r for r in rulings if r.get("kind") == HOUSE], HOUSE_GAMES_MAX, "rulings", "house games")
    hands = export_hands(games)
    if past_bounds(len(games), hands):  # the bounds the export's own note names (restorable)
        raise TooMany(
            [
                (
                    "games",
                    f"at most {TABLE_GAMES_MAX:,} games and {TABLE_HANDS_MAX:,} hands in all the games, "
                    f"not {len(games):,} and {hands:,}: to move a bigger table, {BACKUP}",
                )
            ]
        )
    return players, rulings, games


# -- CSV -----------------------------------------------------------------------------------

GAME_COLUMNS = (
    "game",
    "variant",
    "started",
    "status",
    "hands",
    "seat",
    "player",
    "name_in_game",
    "total",
    "rank",
    "won",
    "rating_mu",
    "rating_sigma",
)
HAND_COLUMNS = ("game", "variant", "hand", "dealer", "seat", "player", "change", "total")
#: where a spreadsheet may start a cell inside a text cell: a spreadsheet splitting the file on another
#: separator than the comma (much of Europe: ';'; or a tab, a pipe) or reading a line break inside
#: quotes as a new row starts a cell there, and quoting the cell does not stop it (LibreOffice reading
#: ';' starts a cell at `=4+4` in `"x"";=4+4"` and runs it)
CELL_STARTS = ";,\t|\r\n"
#: what makes a spreadsheet read a cell as a formula (OWASP "CSV injection"), the full-width forms
#: (which a spreadsheet typed in Japanese or Chinese takes for them) too; spaces (any: a non-breaking
#: or ideographic one; not a tab or line break, which start a cell of their own) and double quotes
#: before it are skipped, as a spreadsheet that trims a cell would
FORMULA = re.compile(
    rf"(?:^|(?<=[{CELL_STARTS}]))(?:(?=[\t\r])|(?:[^\S\t\r\n]|\")*(?=[=+\-@\uff1d\uff0b\uff0d\uff20]))"
)


def inert(cell):
    r"""A text cell with a ``'`` before each place a spreadsheet would start a formula, so it reads as
    text: one rule for the cell's start and for each place a cell may start inside it (after ';', a
    tab, '|', ',' or a line break); spaces and double quotes before the sign do not hide it, and a
    tab or CR at such a place gets one too (OWASP). Numbers (negative changes included) and other text
    unchanged (the JSON export stays exact).

    >>> print(inert('=HYPERLINK("http://ev.il","x")'), inert("@SUM(A1)"), inert("-5"), inert(-5), inert("Ann"))
    '=HYPERLINK("http://ev.il","x") '@SUM(A1) '-5 -5 Ann
    >>> print(inert("Ann;=1+1"), inert('x";=4+4;"'), inert('Bo; "-2'), inert("Smith-Jones; Ann"))
    Ann;'=1+1 x";'=4+4;" Bo; "'-2 Smith-Jones; Ann
    >>> [inert(c) for c in (" =1+1", '"+1', "\u00a0@A1", "Jo\n-1", "\tx", "\r=1", " \t=1")]
    [" '=1+1", '"\'+1', "\xa0'@A1", "Jo\n'-1", "'\tx", "'\r'=1", " \t'=1"]
    >>> inert("\uff1d1+1") == "'\uff1d1+1"  # a full-width equals sign
    True
    """
    if not isinstance(cell, str):
        return cell
    return FORMULA.sub(lambda found: found[0] + "'", cell)


def _csv(columns: tuple[str, ...], rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()


def games_csv(table: Table) -> str:
    """One line per player per game: result, finishing rank, win and the rating after the game."""
    names = {m.id: m.name for m in table.members}
    return _csv(
        GAME_COLUMNS,
        (
            (
                game.public_id,
                game.variant,
                stamp(game.created_at),
                "finished" if summary.finished else "in_progress",
                summary.hands,
                s.seat + 1,
                names[s.member_id],
                game.names[s.seat],
                s.total,
                s.rank,
                "yes" if s.winner else "no",
                "" if s.mu is None else round(s.mu, 3),
                "" if s.sigma is None else round(s.sigma, 3),
            )
            for game, summary in reversed(table_games(table))
            for s in summary.seats
        ),
    )


def hands_csv(table: Table) -> str:
    """One line per player per hand: the change the engine scored and the running total."""
    names = {m.id: m.name for m in table.members}
    rows = []
    for game, summary in reversed(table_games(table, hands=True)):
        score = game_score(game)
        for r in score.rounds:
            rows.extend(
                (
                    game.public_id,
                    game.variant,
                    r.number,
                    game.names[r.dealer],
                    s.seat + 1,
                    names[s.member_id],
                    r.changes[s.seat],
                    r.totals[s.seat],
                )
                for s in summary.seats
            )
    return _csv(HAND_COLUMNS, rows)
