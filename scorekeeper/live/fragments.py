"""The live content a reader sees, rendered once per change in each worker and sent in the event."""

from __future__ import annotations

from flask import Flask

#: the query that asks a page for its live content only: ``?fragment=live``
FRAGMENT = "live"


def reader_fragment(app: Flask, path: str) -> str | None:
    """The live content of the page at ``path`` as a reader sees it (``?fragment=live``); None
    when it is not there any more (a deleted game)."""
    with app.test_request_context(path, query_string={"fragment": FRAGMENT}):
        response = app.full_dispatch_request()
    return response.get_data(as_text=True) if response.status_code == 200 else None
