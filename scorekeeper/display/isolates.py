"""Values that keep their order in a right-to-left PDF or picture (issue 40, docs/languages.md "Right
to left"); the pages' own helpers are :mod:`.bidi`.

In a Hebrew line "-12" shows as "12-" and "+45" as "45+": the sign is a neutral that takes the
line's direction. Set apart between Unicode isolates, a value keeps its own order whatever stands
around it; the marks have no width and are not printed. A value with no letters (a score, a
total) is isolated left to right (LRI): the first-strong isolate (FSI) would do the same on paper,
but Pango (WeasyPrint) reads an FSI without a letter in it in the line's direction when the line
holds a Hebrew letter elsewhere. A value with a Hebrew letter anywhere is isolated right to left
(RLI): it is a Hebrew phrase even when it starts with a game's Latin word ("Step 3 מתוך 10").
"""

from __future__ import annotations

import re
import unicodedata

#: LEFT-TO-RIGHT ISOLATE, RIGHT-TO-LEFT ISOLATE, POP DIRECTIONAL ISOLATE
LRI, RLI, PDI = "\u2066", "\u2067", "\u2069"
#: LEFT-TO-RIGHT MARK: holds a leading sign inside its isolate (see :func:`isolated`)
LRM = "\u200e"
SIGNS = "+-\u2212"


def isolated(text: str) -> str:
    """``text`` between isolates: right to left when it holds a Hebrew (or other right-to-left)
    letter, else left to right (a number, a Latin name).

    >>> [isolated(t) for t in ("12", "Bob", "דנה")] == [LRI + "12" + PDI, LRI + "Bob" + PDI, RLI + "דנה" + PDI]
    True
    >>> isolated("Step 3 מתוך 10") == RLI + "Step 3 מתוך 10" + PDI
    True
    >>> isolated("")
    ''

    A value that starts with a sign has a left-to-right mark before it, inside its isolate: on a
    right-to-left line where an isolated Hebrew name stands before it (a Hebrew sheet's standings,
    a Hebrew club's results), Pango laid the sign out in the line's direction, "12-", isolate or not.

    >>> isolated("-12") == LRI + LRM + "-12" + PDI
    True
    """
    if not text:
        return text
    if right_to_left(text):
        return f"{RLI}{text}{PDI}"
    return f"{LRI}{LRM if text[0] in SIGNS else ''}{text}{PDI}"


def unisolated(text: str) -> str:
    """``text`` without its direction marks: a PDF's title in its metadata, which a viewer shows in its
    window or tab as it is (the marks as boxes, or as they are), not laid out as the page is.

    >>> unisolated("Krazy Bee Rummy: " + isolated("Ann B.") + ", " + isolated("דנה")) == "Krazy Bee Rummy: Ann B., דנה"
    True
    """
    return text.translate(UNMARKED)


#: the marks :func:`isolated` sets (and the first-strong isolate), removed by :func:`unisolated`
UNMARKED = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069\u200e"))


def mixed(texts, rtl: bool = False) -> bool:
    """Whether a line of ``texts`` needs its values isolated: on a right-to-left sheet, or where one
    of them is written right to left (a Hebrew name on an English sheet would turn the whole line
    around, Pango taking the line's direction from its first letter).

    >>> mixed(["-12", "Bob"]), mixed(["-12", "דנה"]), mixed(["-12"], rtl=True)
    (False, True, True)
    """
    return rtl or any(right_to_left(str(t)) for t in texts)


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds a letter written right to left (Hebrew, Arabic).

    >>> right_to_left("Step 3 מתוך 10"), right_to_left("Ann"), right_to_left("-5")
    (True, False, False)
    """
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


#: a left-to-right piece inside right-to-left text: a number ("10-13", "+45"), a Latin word or name
LATIN = "0-9A-Za-z\u00c0-\u024f"
LTR_PIECE = re.compile(rf"[+\-−]?[{LATIN}](?:[{LATIN}.,:/'’+\-–]*[{LATIN}])?")
MIRRORED = str.maketrans("()[]{}<>", ")(][}{><")


def visual_order(text: str) -> str:
    """``text`` with its right-to-left letters in the order they stand left to right, for a renderer that
    lays out no bidi (WeasyPrint's SVG text: the printed cribbage track's lane names). Text with no
    Hebrew letter is returned as it is; one with some reads as a right-to-left phrase: its pieces in
    reverse, each Latin word or number kept as written, brackets turned.

    >>> visual_order("שחקן 1") == "1 ןקחש", visual_order("Bob"), visual_order("דנה (Bob)") == "(Bob) הנד"
    (True, 'Bob', True)
    """
    if not right_to_left(text):
        return text
    pieces, at = [], 0
    for match in LTR_PIECE.finditer(text):
        pieces.extend(text[at : match.start()].translate(MIRRORED))
        pieces.append(match[0])
        at = match.end()
    pieces.extend(text[at:].translate(MIRRORED))
    return "".join(reversed(pieces))
