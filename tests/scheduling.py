"""The order pytest-xdist hands out test files: the longest first.

``make test`` runs the files over the cores with ``--dist loadfile`` (a file's tests, its live
server and its browser in one worker). pytest-xdist would hand the files out by their number of
tests, most first (its ``--loadscope-reorder``), so the rules tables' hundreds of quick tests went
first and a page sweep of four tests taking minutes came last, running alone on one core while
the other had nothing left: the run's end waited for it. ``make test`` passes
``--no-loadscope-reorder`` and the collection is ordered here instead, by each file's measured
seconds (``tests/file_seconds.json``, written by ``scripts/test_seconds.py`` from a run's JUnit
report), longest first: the classic longest-processing-time order, whose end is at most a third
longer than the best possible one. A file not yet measured counts as :data:`UNMEASURED` seconds.
The order of the tests within a file is kept.
"""

from __future__ import annotations

import json
from pathlib import Path

SECONDS = Path(__file__).with_name("file_seconds.json")
#: the seconds a file not in :data:`SECONDS` is taken to need (a new file: a quick one, usually)
UNMEASURED = 2.0


def measured() -> dict[str, float]:
    """Each file's seconds in the last measured run, by its path from the repository's root."""
    return json.loads(SECONDS.read_text()) if SECONDS.exists() else {}


def longest_first(items: list, seconds: dict[str, float]) -> list:
    """``items`` by their file's seconds, longest first; a file's items stay together and in order."""
    first_seen: dict[str, int] = {}
    for n, item in enumerate(items):
        first_seen.setdefault(_file(item.nodeid), n)
    return sorted(
        items,
        key=lambda item: (-seconds.get(_file(item.nodeid), UNMEASURED), first_seen[_file(item.nodeid)]),
    )


def _file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]
