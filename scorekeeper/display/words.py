"""How numbers are written for players: a score change with its sign, a place as an ordinal; and what a
player typed, quoted in the reader's marks."""

from __future__ import annotations

import re
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale, gettext
from markupsafe import escape

from ..rules import Quoted, find_variant
from .bidi import back_link, bdi, isolated_names, names_isolated, notation, number
from .counts import grouped
from .isolates import isolated, unisolated


def in_marks(typed: Any) -> str:
    """What a player typed (a card, a Krazy Bee Step, a sum, an example of what to type) in the
    reader's own quotation marks, set apart (an isolate): a Hebrew sentence keeps a Step's Latin
    words, and its own marks, in their places. The pages quote so (the ``reason`` filter passes it to
    ``spoken_reason`` as ``quote``); the engine carries the value as a
    :class:`~scorekeeper.rules.Quoted`, which the command line and the API write as Python does
    (``'R14'``)."""
    # Translators: what a player typed (a card such as R14, a Krazy Bee Step, a sum), in your quotation marks
    return gettext(
        "“%(text)s”", text=isolated(printable(typed) if isinstance(typed, str) else str(Quoted(typed)))
    )


def printable(typed: str) -> str:
    """``typed`` with each character that prints nothing (a control character, a tab, a line break, a
    direction mark) written as the API's quote writes it (Python's escape), the rest as typed.

    >>> printable("ban\\x07ana\\tx"), printable("R14 ☺")
    ('ban\\\\x07ana\\\\tx', 'R14 ☺')
    """
    if typed.isprintable():
        return typed
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in typed)


def signed(value: int | None) -> str:
    """A score change with its sign: ``+5``, ``-3``, ``0``.

    >>> signed(5), signed(-3), signed(0)
    ('+5', '-3', '0')
    """
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th`` ...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    # the catalog says how a place is written: "%(number)s." in German; "en" keeps the suffixes
    written = gettext("ordinal:%(number)s", number=n)
    if not written.startswith("ordinal:"):
        return written
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def name_list(names, read=None) -> str:
    """Names joined as the reader's language joins a list: ``Ann and Dee``, ``Ann, Bob and Cy``
    (German ``Ann und Dee``); English outside a request. Hebrew's "and" is the prefix vav: before a
    name that does not start with a Hebrew letter it takes a maqaf, as Hebrew writes it (vav, maqaf,
    "Cy"; never the vav glued to "Cy"), and a Hebrew name keeps it plain (:func:`hebrew_and`).
    ``read``: the names as the reader sees them, where ``names`` stand in for them (the marks of
    :func:`.bidi.isolated_names`).

    >>> name_list(["Ann"]), name_list(["Ann", "Bob", "Cy"]), name_list([])
    ('Ann', 'Ann, Bob and Cy', '')
    """
    names = [str(n) for n in names]
    if not names:
        return ""
    locale = str(get_locale() or "en")
    # the pages' English is British (no comma before "and"), as the pseudo-locale's is
    written = format_list(names, locale="en_GB" if locale.startswith("en") else locale)
    if locale.startswith("he") and len(names) > 1:
        written = hebrew_and(written, names[-1], str((read or names)[-1]))
    return written


#: the letters of the Hebrew alphabet (final forms and the presentation forms too)
HEBREW_LETTER = re.compile("[\u05d0-\u05ea\u05f0-\u05f2\ufb1d-\ufb4f]")
#: marks of direction that stand before a name's first letter (the isolates, LRM and RLM)
DIRECTION_MARKS = "\u2066\u2067\u2068\u2069\u200e\u200f"
#: Hebrew's "and", a prefix, and the maqaf that joins it to a word not written in Hebrew letters
VAV, MAQAF = "\u05d5", "\u05be"


def hebrew_and(written: str, last: str, read: str) -> str:
    """A Hebrew list ``written`` by Babel (its "and" a vav glued to the ``last`` name) with a maqaf
    after the vav when that name, as ``read``, does not start with a Hebrew letter.

    >>> hebrew_and("Ann " + VAV + "Cy", "Cy", "Cy") == "Ann " + VAV + MAQAF + "Cy"
    True
    >>> ron = "\u05e8\u05d5\u05df"  # a Hebrew name keeps the vav plain
    >>> hebrew_and("Ann " + VAV + ron, ron, ron) == "Ann " + VAV + ron
    True
    """
    if HEBREW_LETTER.match(read.lstrip(DIRECTION_MARKS)):
        return written
    head, found, tail = written.rpartition(VAV + last)
    return head + VAV + MAQAF + last + tail if found else written


def round_word(slug: str, count: int | None = None) -> str:
    """What the variant ``slug`` calls one deal-and-play (``Variant.round_word``): "hand" or
    "round", plural for a ``count`` other than 1.

    >>> round_word("krazy-bee"), round_word("rummikub", 2), round_word("rumbugz", 1)
    ('hand', 'rounds', 'round')
    """
    word = find_variant(slug).round_word
    one = count is None or count == 1
    if word == "hand":  # in the reader's language (docs/languages.md); English outside a request
        return gettext("hand") if one else gettext("hands")
    if word == "round":
        return gettext("round") if one else gettext("rounds")
    return word if one else f"{word}s"


def dealt(slug: str) -> bool:
    """Whether the variant ``slug`` has a dealer (``Variant.dealt``); tile and bag games have
    none: the pages say who plays first.

    >>> dealt("krazy-bee"), dealt("rummikub"), dealt("rumbugz")
    (True, False, False)
    """
    return find_variant(slug).dealt


def choice_words(value, slug: str, option: str) -> str:
    """What an option's choice means, in the variant's few words (``Option.choice_words``), or
    the choice itself where it has none.

    >>> choice_words("A", "rummikub", "scoring")
    'winner takes the racks; losers lose their own'
    >>> choice_words(7, "rummikub", "rounds")
    '7'
    """
    for spec in find_variant(slug).option_spec:
        if spec.name == option:
            return dict((str(c), w) for c, w in spec.choice_words).get(str(value), str(value))
    return str(value)


#: words an option's name is spelled with on a label: the game's own word, one spelling of colour
LABEL_WORDS = {"plyt": "PLYT", "color": "colour"}


def option_label(name: str, capital: bool = True) -> str:
    """An option's label from its name: words apart, the game's own spelling (``capital``: the
    first letter a capital, as a label starts).

    >>> option_label("plyt_value"), option_label("same_color_groups"), option_label("same_color_groups", False)
    ('PLYT value', 'Same colour groups', 'same colour groups')
    """
    words = [LABEL_WORDS.get(w, w) for w in name.split("_")]
    first = words[0][:1].upper() + words[0][1:] if capital else words[0]
    return " ".join([first, *words[1:]])


#: the template filters every page and printed document can use, by name
FILTERS = {
    "signed": signed,
    "ordinal": ordinal,
    "name_list": name_list,
    "round_word": round_word,
    "dealt": dealt,
    "choice_words": choice_words,
    "option_label": option_label,
    "back_link": back_link,
    "bdi": bdi,
    "number": number,
    # a count with the reader's thousands separator: 3,911 games, 3.911 Spiele
    "grouped": grouped,
    "notation": notation,
    # a plain-text value between Unicode isolates, where markup cannot go (a sentence the reason
    # filter escapes, a printed title): "45 - 20", "Ann B."
    "isolated": isolated,
    # without its marks: a PDF's <title>, shown by a viewer as it is
    "unisolated": unisolated,
    "names_isolated": names_isolated,
    "name_bdi_list": lambda names: isolated_names(names, name_list),
    # pieces already isolated (the hands table's legend pairs), joined as the language joins a list
    "isolated_list": lambda pieces: isolated_names(pieces, name_list, wrap=escape),
}
