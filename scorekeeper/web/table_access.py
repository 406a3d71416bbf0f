"""Who may change a table: whoever holds its secret (a cookie, a table link, or ``Bearer``)."""

from __future__ import annotations

from flask import Response, request
from flask_babel import lazy_gettext
from sqlalchemy import select

from ..services import NotEditor
from ..services.tables.roster import get_table, secret_matches
from ..storage.extensions import db
from ..storage.table_models import TABLE_SHOWN, Table
from .access import bearer_secret, keep_secret

COOKIE_PREFIX = "sk_table_"
#: what a page tells a phone without the table's secret
NOT_A_PHONE = lazy_gettext("Only the table's phones can change it. Ask one of them for the table link.")
#: a table's game is rematched as the table's, from one of its phones (services/tables/new_games.py)
TABLE_REMATCH = lazy_gettext(
    "A rematch of the table {table}'s game is started from one of the table's phones: ask one of them, "
    "or for the table link."
)
#: most tables a phone's cookies are looked up for (a phone holds a handful)
HELD_MAX = 20


def presented_secret(table: Table) -> str | None:
    """The secret this request offers for ``table``: the Bearer header, else the table's cookie."""
    secret = bearer_secret()
    return secret if secret is not None else request.cookies.get(COOKIE_PREFIX + table.public_id)


def held_secret(table: Table) -> str | None:
    """The valid secret this request holds for ``table``, else None."""
    secret = presented_secret(table)
    return secret if secret_matches(table, secret) else None


def can_change(table: Table) -> bool:
    return held_secret(table) is not None


def changeable_table(public_id: str) -> tuple[Table, str]:
    """The table and its secret for one of its phones: 404 without the table, else 403 without
    its secret (:class:`~scorekeeper.services.NotEditor`)."""
    table = get_table(public_id)
    secret = held_secret(table)
    if secret is None:
        raise NotEditor(str(NOT_A_PHONE))
    return table, secret


def held_tables() -> list[Table]:
    """The tables whose secret this browser holds (for the tables list and the checker's Adopt)."""
    ids = [name[len(COOKIE_PREFIX) :] for name in request.cookies if name.startswith(COOKIE_PREFIX)][
        :HELD_MAX
    ]
    if not ids:
        return []
    tables = db.session.execute(select(Table).where(Table.public_id.in_(ids), TABLE_SHOWN)).scalars()
    # by name as the other lists of names are, case set aside: the database's order was its collation's
    # (SQLite's and PostgreSQL's C put "Zed club" before "anna's table", PostgreSQL's en-US did not)
    held = sorted(tables, key=lambda t: (t.name.casefold(), t.name, t.public_id))
    return [t for t in held if secret_matches(t, request.cookies.get(COOKIE_PREFIX + t.public_id))]


def remember(response: Response, table: Table, secret: str) -> Response:
    """Give this browser the table's secret."""
    return keep_secret(response, COOKIE_PREFIX + table.public_id, secret)


def rematch(game):
    """A rematch of ``game``, started once: of its table (same players, the table's option choices),
    which only a phone holding that table's secret starts, or a plain rematch
    (:func:`scorekeeper.services.rematch`); a :class:`scorekeeper.services.rematches.Started`."""
    from ..services.rematches import rematch_of
    from ..services.tables.new_games import rematch as table_rematch
    from ..services.tables.roster import table_of
    from .access import editor_secret, made_secret

    table = table_of(game)
    secret = held_secret(table) if table is not None else None
    if table is not None and secret is None and rematch_of(game) is None:
        raise NotEditor(str(TABLE_REMATCH).format(table=table.name))
    held = editor_secret(game)
    return table_rematch(game, secret, (lambda public_id: made_secret(held, public_id)) if held else None)
