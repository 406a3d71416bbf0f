"""``scorekeeper check --batch``: many checks, one JSON line in and one out.

In: ``{"command": "check" | "hand", "variant", "cards", "options", "extend"}``; out: the verdict
(RULES.md section 6), or ``{"error": ...}`` for a line not understood, and the batch goes on.

>>> out = list(run_batch(['{"variant": "nope", "cards": "1"}', 'not json', '{"cards": 5}']))
>>> [sorted(o) for o in out]
[['error'], ['error'], ['error']]
>>> out[1]["error"]
'line 2: this line is not valid JSON (at column 1)'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TextIO

from ..checker.checking import InputError, from_json, run
from ..checker.json_text import parsed
from ..rules import RulesError

_KEYS = {"command", "variant", "cards", "options", "extend"}


class LineError(ValueError):
    """A batch line that cannot be understood (bad JSON, wrong type, unknown key)."""


def run_batch(lines: Iterable[str]) -> Iterator[dict]:
    """Answer every non-blank JSON line in order: a verdict (or hand value) dict, or ``{"error": ...}``."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield answer(line)
        except (RulesError, LineError, InputError) as err:
            yield {"error": f"line {number}: {err}"}
        except Exception as err:  # one bad line must never stop the batch
            yield {"error": f"line {number}: internal error ({type(err).__name__}: {err})"}


def answer(line: str) -> dict:
    """One batch line to its answer dict; LineError or RulesError when it cannot be answered."""
    request = _parse_line(line)
    command = request.get("command", "check")
    if command == "hand" and request.get("extend") is not None:
        raise LineError("'extend' belongs to check, not hand")
    # the API's own reading of the fields, so a line and a request get the same answer (an option
    # given as a list or an object is refused by both)
    fields = (
        ("variant", "cards", "options", "extend") if command == "check" else ("variant", "cards", "options")
    )
    return run(from_json({k: request[k] for k in fields if k in request}, command))


def _parse_line(line: str) -> dict:
    # the API's one reading of JSON (checker/json_text.py): a key twice, NaN or a line nested past
    # what can be read are refused as a request's body is (the bytes as read: stdin's escapes undone)
    request = parsed(line.encode("utf-8", "surrogateescape"), "this line", one_line=True)
    if not isinstance(request, dict):
        raise LineError(f"expected a JSON object, got {type(request).__name__}")
    unknown = sorted(set(request) - _KEYS)
    if unknown:
        raise LineError(
            f"unknown key(s) {', '.join(map(repr, unknown))}; accepted: {', '.join(sorted(_KEYS))}"
        )
    if request.get("command", "check") not in ("check", "hand"):
        raise LineError(f'\'command\' must be "check" or "hand", not {request.get("command")!r}')
    for key in ("variant", "cards"):
        if not isinstance(request.get(key), str):
            raise LineError(f"{key!r} must be a string")
    if request.get("extend") is not None and not isinstance(request["extend"], str):
        raise LineError("'extend' must be a string or null")
    if request.get("options") is not None and not isinstance(request["options"], dict):
        raise LineError("'options' must be an object or null")
    return request


def run_batch_stream(infile: TextIO, outfile: TextIO) -> int:
    """Read JSON lines from ``infile``, write one answer per line to ``outfile``; the count answered."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    count = 0
    for result in run_batch(infile):
        outfile.write(dumps(result) + "\n")
        outfile.flush()  # a program talking to us line by line gets each answer at once
        count += 1
    return count
