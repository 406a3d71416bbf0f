"""The engine's reasons in the reader's language, without Flask (pages, PDFs, the API, the CLI).

A reason's English template is the msgid of the gettext domain ``engine``
(``scorekeeper/translations/<lang>/LC_MESSAGES/engine.mo``); its values are
filled in after, a nested reason in the same language, cards and tiles in
RULES.md notation as they came. Anything missing falls back to English.

>>> from scorekeeper.rules import say
>>> render_reason(say("cr.set_one_rank", ranks="7, 8"), "de")
'CR-1: ein Satz braucht einen Rang; hier sind es 7, 8'
>>> render_reason(say("cr.set_one_rank", ranks="7, 8"), "xx"), render_reason("plain words", "de")
('CR-1: a set needs one rank; these are 7, 8', 'plain words')
"""

from __future__ import annotations

import re
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal
from babel.support import Translations

from ..rules import Reason, fill

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
DOMAIN = "engine"
ENGLISH = "en"


def locale_name(locale: Any) -> str:
    """``de-DE``, ``de_AT`` or a Babel ``Locale`` -> ``de``; anything else -> ``en``."""
    language = re.split(r"[-_]", str(locale or ENGLISH).strip().lower(), maxsplit=1)[0]
    return language if language in languages() else ENGLISH


@cache
def languages() -> tuple[str, ...]:
    """English, and every language the engine's words are translated into (its ``engine.mo``)."""
    found = sorted(p.parents[1].name for p in TRANSLATIONS.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (ENGLISH, *(f for f in found if f != ENGLISH))


@cache
def translations(language: str) -> NullTranslations:
    """The ``engine`` catalog of ``language`` (no-op translations for English or an unknown one)."""
    if language == ENGLISH or language not in languages():
        return NullTranslations()
    return Translations.load(str(TRANSLATIONS), [language], DOMAIN)


def render_reason(
    reason: Any, locale: Any = ENGLISH, catalog: NullTranslations | None = None, quote=None
) -> str:
    """``reason`` written in ``locale``'s language (anything that is not a reason: as it is);
    ``catalog``: the ``engine`` translations to write it with instead (the pages pass Flask-Babel's,
    which the tests' pseudo-locale reaches too); ``quote``: how to write what a player typed (a
    :class:`~scorekeeper.rules.Quoted` value, given its ``typed``), else as Python quotes it.

    >>> from scorekeeper.rules import Quoted, say
    >>> render_reason(say("kb.empty_requirement", sign=Quoted("+"), where=""), quote=lambda t: f"«{t}»")
    'KB-8: an empty requirement around «+»'
    """
    if not isinstance(reason, Reason):
        return str(reason) if reason is not None else ""
    if catalog is None:
        language = locale_name(locale)
        if language == ENGLISH and quote is None:
            return str(reason)
        catalog = translations(language)
    template = catalog.gettext(reason.template)
    try:
        return fill(
            template,
            reason.values,
            lambda r: render_reason(r, locale, catalog, quote),
            _numbers(locale),
            quote,
        )
    except (KeyError, IndexError, ValueError):  # a broken translation: the English sentence
        return str(reason)


def _numbers(locale: Any):
    """How ``locale`` writes a large number: German "1.000.000", English "1,000,000"."""
    try:
        language = Locale.parse(locale_name(locale))
    except (ValueError, TypeError, UnknownLocaleError):  # (the tests' pseudo-locale): English's
        return "{:,}".format
    return lambda n: format_decimal(n, locale=language)


def reason_of(err: Exception) -> str:
    """What an error says: the engine's reason when it wrote one (a page renders it in the reader's
    language), else its text."""
    first = err.args[0] if err.args else None
    return first if isinstance(first, Reason) else str(err)


def rendered(value: Any, locale: Any = ENGLISH, keyed: bool = False) -> Any:
    """A JSON-ready answer with every reason in it written in ``locale``; ``keyed`` adds, beside each
    list of reasons ``xs``, ``xs_keys`` (each reason's rule, key and values, for a client's own words),
    and beside a lone reason ``x``, ``x_key``.

    >>> from scorekeeper.rules import say
    >>> rendered({"error": say("cr.who_out"), "notes": [say("cr.who_out")]}, "de", keyed=True)["error_key"]
    {'rule': 'CR-7', 'key': 'cr.who_out', 'values': {}}
    """
    if isinstance(value, Reason):
        return render_reason(value, locale)
    if isinstance(value, dict):
        out = {k: rendered(v, locale, keyed) for k, v in value.items()}
        if keyed:
            for k, v in value.items():
                if isinstance(v, Reason):
                    out[f"{k}_key"] = v.described()
                elif isinstance(v, (list, tuple)) and any(isinstance(r, Reason) for r in v):
                    out[f"{k}_keys"] = [_described(r) for r in v]
        return out
    if isinstance(value, (list, tuple)):
        return [rendered(v, locale, keyed) for v in value]
    return value


def _described(value: Any) -> dict | None:
    """A reason's rule, key and values (None for a sentence the catalog does not hold yet)."""
    return value.described() if isinstance(value, Reason) else None
