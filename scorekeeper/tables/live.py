"""A table page follows its games live: channel ``table:<id>``, whose version is the table's change stamp."""

from __future__ import annotations

from sqlalchemy import select

from ..live.versions import token
from ..storage.table_models import Table

#: the channel prefix of a table
CHANNEL = "table:"


def table_token(updated_at) -> str:
    """The live version of a table with this change stamp."""
    return token("table", updated_at)


def table_versions(executor, ids: list[str]) -> dict[str, str]:
    """The version of each table among ``ids`` that exists (one query)."""
    rows = executor.execute(select(Table.public_id, Table.updated_at).where(Table.public_id.in_(ids)))
    return {public_id: table_token(updated_at) for public_id, updated_at in rows}
