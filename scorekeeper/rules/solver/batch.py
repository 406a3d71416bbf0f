"""``solve --batch``: one JSON object per line in, one JSON line out per line, in order.

Each answer is the one ``scorekeeper solve --json`` prints for the same question (:func:`solve_answer`
builds both): a grid game's ``board`` says which tile two sets share (CT-9), which ``table`` cannot.

>>> for out in solve_lines(['{"variant": "rummikub", "rack": "R7 R8", "table": "R4 R5 R6"}', '{"rack": 1}']):
...     print(out)
{"variant": "rummikub", "goal": "tiles", "initial": false, "tiles_played": 2, "value": 15, "play": ["R7", "R8"], "table": [["R4", "R5", "R6", "R7", "R8"]], "optimal": true}
{"error": "line 2: give variant and rack"}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import solve


def solve_answer(
    variant: str, rack: Any, *, table: Any = None, goal: str = "tiles", initial: bool = False, **options: Any
) -> dict:
    """The best play (a card game's hint) as the JSON both ``solve --json`` and a ``solve --batch``
    line answer: every field of :meth:`~.best_play.BestPlay.to_dict` (``goal``, ``initial``,
    ``board``, ``notes``, ``bound`` included)."""
    return solve(variant, rack, table=table, goal=goal, initial=initial, **options).to_dict()


def solve_line(line: str, number: int = 1, bound: Callable[..., None] | None = None) -> dict:
    """One batch line answered as a dict (``{"error": ...}`` when it cannot be). ``bound``, given the
    line's rack and table, raises a ValueError for text past the caller's limit (the command line's
    is the server's: scorekeeper.limits), before any work on them."""
    try:
        job = json.loads(line)
    except ValueError as err:
        return {"error": f"line {number}: not JSON ({err})"}
    if not isinstance(job, dict) or not isinstance(job.get("variant"), str) or "rack" not in job:
        return {"error": f"line {number}: give variant and rack"}
    options = job.get("options") or {}
    if not isinstance(options, dict):
        return {"error": f"line {number}: options must be an object"}
    try:
        if bound is not None:
            bound(job["rack"], job.get("table"))
        return solve_answer(
            job["variant"],
            job["rack"],
            table=job.get("table"),
            goal=job.get("goal") or "tiles",
            initial=bool(job.get("initial", False)),
            **options,
        )
    except (ValueError, TypeError) as err:  # RulesError is a ValueError
        return {"error": f"line {number}: {err}"}


def solve_lines(lines: Iterable[str], bound: Callable[..., None] | None = None) -> Iterator[str]:
    """Each non-blank line answered as one JSON line, in order (see the module docstring)."""
    for number, line in enumerate(lines, 1):
        if line.strip():
            yield json.dumps(solve_line(line, number, bound))
