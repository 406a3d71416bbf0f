"""The engine's describing words (variant summaries, option labels, help lines, choice words) in the
request's language, from the ``engine`` domain (docs/languages.md; the words: display/variant_words.py).

Flask-Babel's domain reads the same folders as the pages' catalog (``BABEL_TRANSLATION_DIRECTORIES``),
so the tests' pseudo-locale reaches these words too. Outside a request, and in English, a word is
its English.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Flask, has_request_context
from flask_babel import Domain, get_locale

from ..club.errors import Sentence
from ..display.reasons import ENGLISH, render_reason
from ..display.variant_words import described_variant, described_words, option_word_in
from ..display.words import in_marks
from ..rules import Reason, all_variants
from .languages import form_sentence


class _EngineDomain(Domain):
    """Flask-Babel's Domain keeps one cache of catalogs for the process, keyed by locale alone; this
    one keeps a cache per set of translation folders, so an app reading other folders (a test's
    pseudo-locale, a bare app) never leaves its catalogs to the next app of the same process."""

    def get_translations_cache(self, ctx):
        return self.cache.setdefault(tuple(self.translation_directories), {})


ENGINE = _EngineDomain(domain="engine")


def described(text: Any, quote=in_marks) -> str:
    """``{{ text | described }}``: one describing word of the engine in the request's language; a
    describing sentence with values (the Step list's help names its signs) as the engine's sentences
    are written, what it quotes in the reader's marks (``quote``; None: Python's, as the API has it)."""
    if text is None or text == "":
        return ""
    if isinstance(text, Reason):
        return spoken_reason(text, quote)
    return str(ENGINE.gettext(str(text)))


def variant_name(name: Any) -> str:
    """``{{ v.name | variant_name }}``: a variant's name, in the request's language when it is a
    label in words (``Variant.name_in_words``: "Any other game (points)"); a game's own name, and
    every other variant's, as it is."""
    text = str(name or "")
    return described(text) if text in _names_in_words() else text


@cache
def _names_in_words() -> frozenset[str]:
    return frozenset(v.name for v in all_variants() if v.name_in_words)


def spoken_reason(reason: Any, quote=None) -> str:
    """One of the engine's reasons (sentences) in the request's language, from the same domain as
    the describing words: German from ``engine.mo`` as ``render_reason`` writes it, and the tests'
    pseudo-locale too, so the page sweep sees which sentences went through the catalog; ``quote``:
    how to write what a player typed (``render_reason``'s), else as the engine quotes it."""
    if isinstance(reason, Sentence):  # a service's sentence: the app's catalog has it, not the engine's
        return form_sentence(reason) if has_request_context() else str(reason)
    if not has_request_context() or str(get_locale()) == ENGLISH:
        return render_reason(reason, quote=quote)
    return render_reason(reason, str(get_locale()), ENGINE.get_translations(), quote)


def variant_words(info: dict) -> dict:
    """A variant as ``variants()`` describes it, in the request's language, with each option's
    ``label`` and ``choice_labels`` (display/variant_words.py)."""
    return described_variant(info, described)


def api_variant_words(info: dict) -> dict:
    """The same for the API: words translated, the variant's shape unchanged, a sign in Python's quotes."""
    return described_words(info, lambda text: described(text, quote=None))


def option_word(name: str, capital: bool = True) -> str:
    """``{{ name | option_word(False) }}``: an option's label in the request's language (English
    in lower case mid-sentence; another language as its catalog writes it)."""
    return option_word_in(name, described, capital)


def init_app(app: Flask) -> None:
    app.add_template_filter(described)
    app.add_template_filter(variant_name)
    app.add_template_filter(option_word)
