"""Counting the SQL statements a page runs, and the rows it loads: a page whose count grows with the
rows of a club's history, rather than with what it shows, asks once per row (tests/web/test_*_queries.py)."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.storage.extensions import db


@contextmanager
def _heard(target, name: str):
    """Whatever ``target``'s SQLAlchemy event ``name`` hears inside the block (its first argument
    after the target's own, each time)."""
    seen: list = []

    def hear(*args):
        seen.append(args[2] if name == "before_cursor_execute" else args[0])

    event.listen(target, name, hear)
    try:
        yield seen
    finally:
        event.remove(target, name, hear)


def statements(app):
    """The SQL statements the app's engine runs inside the block (a list, filled as they run)."""
    with app.app_context():
        engine = db.engine
    return _heard(engine, "before_cursor_execute")


def loaded(model):
    """The rows of ``model`` the ORM loads inside the block (a list of them, filled as they load)."""
    return _heard(model, "load")


def asked(app, client, path: str) -> tuple[str, int]:
    """The answer's text to GET ``path`` (a 200) and the statements it took."""
    with statements(app) as seen:
        answer = client.get(path)
    assert answer.status_code == 200, path
    return answer.get_data(as_text=True), len(seen)
