"""Text that runs in both directions on one page (docs/languages.md, "Right to left").

A Hebrew page runs right to left; players' names, numbers and arrows inside it must keep their own
order and sense:

- :func:`back_link`: a back link's words (``← Back to the game``) after one arrow that a right-to-left
  page mirrors (CSS ``[dir=rtl] .mirror``), so "back" points to where the page starts in either
  direction; the undo and redo icons carry the same class. Whatever arrow a translation wrote, the
  page draws its own.
- :func:`bdi`: a player's (or a table's) name isolated, ``<bdi>Ann</bdi>``, so a Latin name keeps its
  place in a Hebrew sentence and a Hebrew name in an English one (:func:`isolated_names` for a list).
- :func:`number`: a score, total or signed number isolated left to right, ``<bdi dir="ltr">-12</bdi>``:
  in a right-to-left line "-12" would show as "12-" and "+45" as "45+". Python's Babel writes no
  direction mark (the browser's ``Intl.NumberFormat`` does for Hebrew), so the page isolates it.
  The scripts do the same with ``isolatedName`` and ``isolatedNumber`` (static/js/i18n.js).
- :func:`notation`: what players write in the game's own words, a Step ("2 books of 3") or a class of
  ranks ("1–9", "8–K"), isolated left to right and left untranslated, as the checker shows it: in a
  right-to-left line "2 books of 3" would show as "books of 3 2" and "1–9" as "9–1".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from markupsafe import Markup, escape

#: the arrows that point along the line of text
ARROWS = re.compile("[←→]")
#: the back arrow, turned by a right-to-left page
BACK = Markup('<span class="mirror" aria-hidden="true">←</span>')


def back_link(text: str) -> Markup:
    """A back link's words (escaped unless they are markup already) after the back arrow, whichever
    arrow (or none) they had; the arrow is hidden from screen readers, which read the words.

    >>> back_link("← Back")
    Markup('<span class="mirror" aria-hidden="true">←</span> Back')
    >>> back_link("חזרה →")
    Markup('<span class="mirror" aria-hidden="true">←</span> חזרה')
    >>> back_link("<x>")
    Markup('<span class="mirror" aria-hidden="true">←</span> &lt;x&gt;')
    """
    return BACK + Markup(" ") + Markup(ARROWS.sub("", str(escape(text))).strip())


def bdi(name: object) -> Markup:
    """A name isolated from the text around it (escaped).

    >>> bdi("דנה"), bdi("<b>")
    (Markup('<bdi>דנה</bdi>'), Markup('<bdi>&lt;b&gt;</bdi>'))
    """
    return Markup("<bdi>") + escape(str(name)) + Markup("</bdi>")


def number(value: object, sign: bool = False) -> Markup:
    """A score or total isolated left to right; ``sign``: a change with its sign (``+5``, ``-3``, ``0``).

    >>> number(-12), number(45, sign=True)
    (Markup('<bdi dir="ltr">-12</bdi>'), Markup('<bdi dir="ltr">+45</bdi>'))
    >>> number(0, sign=True), number(None)
    (Markup('<bdi dir="ltr">0</bdi>'), Markup(''))
    """
    if value is None or value == "":
        return Markup("")
    text = f"+{value}" if sign and isinstance(value, int) and value > 0 else str(value)
    return Markup('<bdi dir="ltr">') + escape(text) + Markup("</bdi>")


def notation(text: object) -> Markup:
    """A Step or a class of ranks as typed, isolated left to right and marked untranslated (escaped);
    it breaks a line only after a Step's "+" (``<wbr>``; the page keeps the rest whole, ``.notation``
    in app.css), so "2 books of 3" never shows as "2 books of" / "3".

    >>> notation("2 books of 3")
    Markup('<bdi dir="ltr" translate="no" class="notation">2 books of 3</bdi>')
    >>> notation("book of 3 + run of 4")
    Markup('<bdi dir="ltr" translate="no" class="notation">book of 3 + <wbr>run of 4</bdi>')
    >>> notation("<b>")
    Markup('<bdi dir="ltr" translate="no" class="notation">&lt;b&gt;</bdi>')
    """
    melds = Markup(" + <wbr>").join(escape(part.strip()) for part in str(text).split(" + "))
    return Markup('<bdi dir="ltr" translate="no" class="notation">') + melds + Markup("</bdi>")


def runs_isolated(html: str, pattern: re.Pattern) -> str:
    """Escaped ``html`` with each match of ``pattern`` isolated left to right: the cards a sentence
    names ("4 5 6 7") and a Step's own words keep their order on a right-to-left page.

    >>> runs_isolated("the melds are 3 3; 4 5", re.compile(r"\\d( \\d)+"))
    'the melds are <bdi dir="ltr">3 3</bdi>; <bdi dir="ltr">4 5</bdi>'
    """
    return pattern.sub(lambda m: f'<bdi dir="ltr">{m.group(0)}</bdi>', html)


def isolated_names(names: Iterable[object], joined, wrap=bdi) -> Markup:
    """``names`` joined by ``joined`` (the language's list pattern: words.name_list, given stand-ins
    and, as ``read``, the names as they read), each in ``<bdi>``; ``wrap=escape``: pieces already
    isolated (markup kept as it is, text escaped).

    >>> isolated_names(["Ann", "דנה"], lambda xs, read: " and ".join(xs))
    Markup('<bdi>Ann</bdi> and <bdi>דנה</bdi>')
    >>> isolated_names([Markup("<bdi>A</bdi>"), "<b>"], lambda xs, read: " and ".join(xs), wrap=escape)
    Markup('<bdi>A</bdi> and &lt;b&gt;')
    """
    names = [n if isinstance(n, Markup) else str(n) for n in names]
    read = [n.striptags() if isinstance(n, Markup) else n for n in names]
    marks = [f"\x00{i}\x00" for i in range(len(names))]
    written = str(escape(joined(marks, read=read)))
    return Markup(re.sub("\x00(\\d+)\x00", lambda m: str(wrap(names[int(m[1])])), written))


#: the markup's tags, kept apart from its text
TAGS = re.compile(r"(<[^>]*>)")
#: a signed number in a sentence
SIGNED = re.compile(r"(?<![\w&#])[+-]\d+(?!\w)")


def names_isolated(html: object, names: Iterable[object]) -> Markup:
    """``html`` (escaped unless it is markup already) with each of ``names`` in its text (never inside a
    tag) in ``<bdi>``, and each signed number in ``<bdi dir="ltr">``: the change log's sentences,
    built in Python, name the game's players (whole words only, the longest name first, so "Ann" is
    not found inside "Anna").

    >>> names_isolated("Hand 2: Ann +5, Anna -5 <x>", ["Ann", "Anna"])
    Markup('Hand 2: <bdi>Ann</bdi> <bdi dir="ltr">+5</bdi>, <bdi>Anna</bdi> <bdi dir="ltr">-5</bdi> &lt;x&gt;')
    >>> names_isolated(Markup('<a href="/Ann">Ann</a>'), ["Ann"])
    Markup('<a href="/Ann"><bdi>Ann</bdi></a>')
    """
    written = sorted({str(escape(str(n))) for n in names if str(n).strip()}, key=len, reverse=True)
    pieces = TAGS.split(str(escape(html)))
    if written:
        found = re.compile(r"(?<![\w&#])(?:" + "|".join(map(re.escape, written)) + r")(?!\w)")
        pieces = [p if p.startswith("<") else found.sub(r"<bdi>\g<0></bdi>", p) for p in pieces]
    # a score's change ("+35", "-35") keeps its sign in front in a right-to-left line, as number() does
    pieces = [p if p.startswith("<") else SIGNED.sub(r'<bdi dir="ltr">\g<0></bdi>', p) for p in pieces]
    return Markup("".join(pieces))
