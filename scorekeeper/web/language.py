"""The reader's language for the engine's words: one function, :func:`request_locale`.

Read from ``Accept-Language`` by a small bounded parser (no more than the first
600 characters and 12 entries are looked at); English when the header names no
language the engine's words are translated into. The pages' own language choice
(a footer switch, a cookie) may replace this one function.

>>> best_language("de-CH, fr;q=0.8, en;q=0.5", ("en", "de"))
'de'
>>> best_language("fr, en;q=0.1, de;q=0.3", ("en", "de")), best_language("xx;q=abc, *", ("en", "de"))
('de', 'en')
"""

from __future__ import annotations

from typing import Any

from flask import has_request_context, request

from ..display.reasons import ENGLISH, languages, rendered

MOST_CHARACTERS = 600
MOST_ENTRIES = 12


def best_language(header: str | None, offered: tuple[str, ...]) -> str:
    """The offered language the header prefers most (its primary tag; English when none)."""
    best, best_q = ENGLISH, 0.0
    for entry in (header or "")[:MOST_CHARACTERS].split(",")[:MOST_ENTRIES]:
        tag, _, params = entry.strip().partition(";")
        language = tag.strip().lower().replace("_", "-").split("-")[0]
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        if language in offered and q > best_q:
            best, best_q = language, q
    return best


def request_locale() -> str:
    """The language of the current request's reader (English outside a request)."""
    if not has_request_context():
        return ENGLISH
    return best_language(request.headers.get("Accept-Language"), languages())


def spoken(answer: Any) -> Any:
    """A JSON answer with the engine's reasons in the reader's language, and beside each list of them
    their rule ids, keys and values (``reasons_keys``, ``notes_keys`` ...)."""
    return rendered(answer, request_locale(), keyed=True)
