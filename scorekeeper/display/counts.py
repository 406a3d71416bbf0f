"""Counts as the reader writes them: 3,911 games in English, 3.911 in German and Dutch, 3,911 in
Hebrew, 12 345 in Polish (a no-break space; 3911 under five digits), Babel's writing of the locale
(docs/languages.md "Numbers"). Every plural count a template writes (``{% trans count=n %}`` ...
``{% pluralize %}``) is written so (:func:`counted_ngettext`); another count in a sentence or a
table cell goes through the ``grouped`` filter. Scores in a score sheet's columns are not: a printed
score pad writes 1500, not 1,500 (docs/printing.md)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from babel.numbers import format_decimal
from flask_babel import get_locale
from jinja2 import pass_context
from markupsafe import Markup


def reader_locale() -> str:
    """The request's language (``de``), English outside a request."""
    try:
        return str(get_locale() or "en")
    except RuntimeError:
        return "en"


def grouped(value: Any, locale: str | None = None) -> Any:
    """A whole count with the reader's thousands separator (anything else as it is).

    >>> grouped(3911, "en"), grouped(3911, "de"), grouped(3911, "pl"), grouped(12345, "pl"), grouped(999, "de")
    ('3,911', '3.911', '3911', '12\\xa0345', '999')
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return value
    if -1000 < value < 1000:  # no separator in any shipped language: the language not asked for
        return str(value)  # (a statistics page writes 20,000 counts, most of them small)
    return _written(value, locale or reader_locale())


#: CLDR's ``minimumGroupingDigits`` where it is 2, which Babel does not apply: Polish writes 3911
#: but 12 345 (the Polish norm groups from five digits)
GROUPED_FROM = {"pl": 10_000}


@functools.lru_cache(maxsize=4096)
def _written(value: int, locale: str) -> str:
    if abs(value) < GROUPED_FROM.get(locale.split("_")[0], 1000):
        return str(value)
    return format_decimal(value, locale=locale)


def counted_ngettext(func: Callable[[str, str, int], str]) -> Callable[..., str]:
    """Jinja's newstyle ``ngettext`` (``jinja2.ext._make_new_ngettext``), with the count that picks
    the plural form written :func:`grouped` (``%(count)s``, ``%(num)s``, or the ``{% pluralize x %}``
    variable: each variable equal to it). ``func(singular, plural, n)`` is the catalog's lookup."""

    @pass_context
    def ngettext(__context, __singular: str, __plural: str, __num: int, **variables: Any) -> str:
        variables.setdefault("num", __num)
        rv = __context.call(func, __singular, __plural, __num)
        if __context.eval_ctx.autoescape:
            rv = Markup(rv)
        shown = {k: grouped(v) if isinstance(v, int) and v == __num else v for k, v in variables.items()}
        return rv % shown

    return ngettext
