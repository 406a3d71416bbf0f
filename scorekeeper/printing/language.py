"""A PDF in the reader's language when it is laid out in a worker process (docs/languages.md).

A game's sheet is rendered in a worker process (:mod:`scorekeeper.limits.pool`), which
has no request and so no language. :func:`in_language` runs a job there inside a
request context of a small app that speaks ``language``: the templates' ``_()`` and
every ``gettext`` of the display code answer in it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from flask import Flask, request
from flask_babel import Babel

from ..display.counts import reader_locale
from ..web.languages import LANGUAGES, TRANSLATIONS

T = TypeVar("T")


def language_now() -> str:
    """The request's language (``de``), English outside a request (``display.counts.reader_locale``)."""
    return reader_locale()


@cache
def _speaking_app() -> Flask:
    app = Flask(__name__)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    Babel(app, locale_selector=lambda: request.args.get("language", "en"))
    return app


def in_language(language: str, job: Callable[..., T], *args: Any) -> T:
    """``job(*args)`` with gettext answering in ``language`` (one of the shipped languages, else English)."""
    chosen = language if language in LANGUAGES else "en"
    with _speaking_app().test_request_context(query_string={"language": chosen}):
        return job(*args)
