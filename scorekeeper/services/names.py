"""Names as players type them (issue 36): the one cleaning every player's and table's name goes
through, from the forms, the API and every import alike (docs/limits.md, "Names").

A name is written in NFC with its spaces collapsed; a lone surrogate (no character at all), a
control character, or nothing but invisible characters is refused. Two names that look the same
(:func:`look_alike_key`: case, compatibility forms, invisible characters and letters of other
scripts drawn like Latin ones set aside) are one name: a second one is refused, saying which.

>>> clean_name("  Ann\\u0301e  ")
('Anńe', None)
>>> clean_name("\\u200b\\u2060")[1]
'a name must show something: this one is only invisible characters'
>>> look_alike_key("ANN") == look_alike_key("\\u0410nn\\u200b") == look_alike_key("\\uff21\\uff4e\\uff4e")
True
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: characters drawn blank although Unicode counts them as letters (fillers, the blank braille cell)
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Cyrillic and Greek letters drawn like Latin ones (after casefolding), as a reader sees them
_LOOK_ALIKES = str.maketrans(
    # Cyrillic: a b e e k m h o p c t y x i i j s h d q w l
    "\u0430\u0432\u0435\u0451\u043a\u043c\u043d\u043e\u0440\u0441\u0442\u0443\u0445\u0456\u0457\u0458\u0455\u04bb\u0501\u051b\u051d\u04cf"
    # Greek: a b e i k v o p t u x c j
    "\u03b1\u03b2\u03b5\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u03f2\u03f3",
    "abeekmhopctyxiijshdqwlabeikvoptuxcj",
)


def invisible(ch: str) -> bool:
    """A character that draws nothing: a format or control character (zero-width space, joiners,
    direction marks), a blank letter."""
    return unicodedata.category(ch) in ("Cf", "Cc") or ch in _BLANK_LETTERS


def look_alike_key(name: str) -> str:
    """What a reader sees of a name: two names with one key look the same."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    seen = "".join(ch for ch in text if not invisible(ch))
    return " ".join(seen.translate(_LOOK_ALIKES).split())


#: a name's text past this many times its most characters is refused before it is normalised (an
#: 8 MB name took 2.4 s of CPU to be told it is too long)
RAW_TIMES = 16


def clean_name(
    raw: Any, *, most: int = 40, empty: str = "give every player a name"
) -> tuple[str, str | None]:
    """``raw`` as a name (NFC, spaces collapsed) and None, or what is wrong with it (at most ``most``
    characters; ``empty``: the sentence for no name)."""
    text = str(raw if raw is not None else "")
    if len(text) > RAW_TIMES * most:  # far past any name, spaces or marks and all: not read further
        return "", f"a name can be at most {most} characters"
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        return "", "a name cannot hold a broken character (a lone surrogate)"
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        return name, empty
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return name, "a name cannot hold control characters"
    if all(invisible(ch) or unicodedata.category(ch) in ("Mn", "Me") or ch.isspace() for ch in name):
        return name, "a name must show something: this one is only invisible characters"
    if len(name) > most:
        return name, f"a name can be at most {most} characters"
    return name, None


def same_look(name: str, other: str) -> str:
    """The sentence for two names that look the same, naming both."""
    if name.casefold() == other.casefold():
        return f"two players are called {name!r}; tell them apart"
    return f"{name!r} looks the same as {other!r}; tell them apart"
