"""Counting the SQL statements a page runs: a page whose count grows with the rows of a club's
history, rather than with what it shows, asks once per row (tests/web/test_*_queries.py)."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.storage.extensions import db


@contextmanager
def statements(app):
    """The SQL statements the app's engine runs inside the block (a list, filled as they run)."""
    with app.app_context():
        engine = db.engine
    seen: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def asked(app, client, path: str) -> tuple[str, int]:
    """The answer's text to GET ``path`` (a 200) and the statements it took."""
    with statements(app) as seen:
        answer = client.get(path)
    assert answer.status_code == 200, path
    return answer.get_data(as_text=True), len(seen)


@contextmanager
def loaded(model):
    """The rows of ``model`` the ORM loads inside the block (a list of them, filled as they load)."""
    seen: list = []

    def count(target, context):
        seen.append(target)

    event.listen(model, "load", count)
    try:
        yield seen
    finally:
        event.remove(model, "load", count)
