"""Helpers for the live tests: open an event stream with the test client and read its events."""

from __future__ import annotations

import json
import re
import time
from contextlib import contextmanager

VERSION = re.compile(r'data-live-version="([0-9a-f]+)"')


def page_version(client, path: str) -> str:
    """The live version a page was rendered at (its ``data-live-version``)."""
    page = client.get(path)
    assert page.status_code == 200, page.status_code
    found = VERSION.search(page.text)
    assert found, f"{path} does not follow live"
    return found.group(1)


class Stream:
    """An open ``text/event-stream`` answer, read chunk by chunk (each chunk is one event or comment)."""

    def __init__(self, response):
        self.response = response
        self.chunks = iter(response.response)

    def next_chunk(self) -> str:
        chunk = next(self.chunks)
        return chunk.decode("utf-8") if isinstance(chunk, bytes) else chunk

    def next_event(self, within: float = 5.0) -> dict | None:
        """The next ``change`` event (id and data), skipping comments, or None after ``within``
        seconds of heartbeats only. The stream must beat at least every ``within`` seconds."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            try:
                chunk = self.next_chunk()
            except StopIteration:
                return None
            if "event: change" in chunk:
                fields = dict(
                    line.split(": ", 1) for line in chunk.strip().splitlines() if not line.startswith(":")
                )
                return {"id": fields["id"], **json.loads(fields["data"])}
        return None


@contextmanager
def stream(client, path: str, **headers):
    """Open the event stream at ``path``; it is closed (the follower leaves) afterwards."""
    response = client.get(path, buffered=False, headers=headers)
    try:
        yield response, Stream(response)
    finally:
        response.close()
