"""The change log's words in the reader's language (docs/languages.md).

The services write each change's summary once, in English, into the change log
(``Hand 2 recorded: Ann +5, Bob -5``); the pages show it in the reader's language
by its shape: the head ("Hand 2 recorded", "Round 3, turn 2 recorded", "Undid: ...")
is translated, and each change after it that is not a list of scores ("Ann missed
Step 1", :mod:`.fact_words`); the rest (names, scores, arrows) is data and stays. A
summary of no known shape is shown as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask_babel import gettext

from .fact_words import fact_words

HEAD = re.compile(
    r"^(?P<word>Hand|Round) (?P<number>\d+)(?:, turn (?P<turn>\d+))? (?P<done>recorded|corrected|ended|deleted)"
    r"(?P<by> from the players' phones(?: \((?P<typed>[^()]+) by the editor\))?"
    r"| from the seats' parts, all entered by the editor"
    r"| from (?P<phone>[^:]+?)'s phone"
    r"| by the editor with the parts that were in(?: \((?P<out>[^()]+) sat it out\))?)?"
    r"(?P<later> \(later (?:hand|round)s renumbered\))?(?P<stop>\.?)(?P<rest>:.*)?$",
    re.S,
)
STARTED = re.compile(r"^Game of (?P<name>.+?) started(?P<rest>:.*)?$", re.S)


def _changes(rest: str | None, rtl: bool) -> list[str]:
    """What a summary says after its head, each change (``; `` between them) as the reader's page
    shows it: a change beyond scores in the reader's language ("Ann missed Step 1"); scores as data,
    and on a right-to-left page (``rtl``) a correction's arrow points the way the line reads ("-4 ← -10",
    read from the right: was -4, now -10), where "→" pointed back from the new score to the old one."""
    if not rest:
        return []
    return [fact_words(item) or (item.replace(" → ", " ← ") if rtl else item) for item in _items(rest)]


def _items(rest: str) -> list[str]:
    """The changes after a summary's colon, as written (``; `` between them)."""
    return rest.removeprefix(":").removeprefix(" ").split("; ")


def _data(rest: str | None, rtl: bool) -> str:
    """A summary's data (:func:`_changes`) after its colon."""
    return ": " + "; ".join(_changes(rest, rtl)) if rest else ""


def _head(word: str, number: str, turn: str | None, done: str) -> str:
    round_word = (gettext("hand") if word == "Hand" else gettext("round")).capitalize()
    if turn:
        return gettext(
            "%(round_word)s %(number)s, turn %(turn)s recorded",
            round_word=round_word,
            number=number,
            turn=turn,
        )
    said = {
        "recorded": gettext("%(round_word)s %(number)s recorded", round_word=round_word, number=number),
        "corrected": gettext("%(round_word)s %(number)s corrected", round_word=round_word, number=number),
        "ended": gettext("%(round_word)s %(number)s ended", round_word=round_word, number=number),
        "deleted": gettext("%(round_word)s %(number)s deleted", round_word=round_word, number=number),
    }
    return said[done]


def _by(head: str, match: re.Match) -> str:
    """A hand recorded from the seats' parts (issue 38): who entered them, or the editor closing it;
    a turn, the phone it came from."""
    by = match["by"]
    if by.startswith(" from the players' phones"):
        if match["typed"]:
            return gettext(
                "%(done)s from the players' phones (%(names)s by the editor)", done=head, names=match["typed"]
            )
        return gettext("%(done)s from the players' phones", done=head)
    if match["phone"]:  # a Crib Rummy turn sent from its player's own phone
        return gettext("%(done)s from %(name)s's phone", done=head, name=match["phone"])
    if by.startswith(" from the seats' parts"):
        return gettext("%(done)s from the seats' parts, all entered by the editor", done=head)
    if match["out"]:
        return gettext(
            "%(done)s by the editor with the parts that were in (%(names)s sat it out)",
            done=head,
            names=match["out"],
        )
    return gettext("%(done)s by the editor with the parts that were in", done=head)


def _said_head(match: re.Match) -> str:
    """A summary's head (:data:`HEAD`) in the reader's language."""
    head = _head(match["word"], match["number"], match["turn"], match["done"])
    if match["by"]:
        head = _by(head, match)
    if match["later"]:
        head += " " + gettext("(later ones renumbered)")
    return head


def change_words(summary: str, variant_name: Callable[[str], str] = str, rtl: bool = False) -> str:
    """A change-log summary in the reader's language (English outside a request); ``variant_name``
    names a variant in it (the pages pass the one that says a label in words in the reader's
    language, ``web.described.variant_name``); ``rtl``: the page reads right to left (the pages ask
    the app's one table of languages, ``web.languages.direction``).

    >>> change_words("Undid: Hand 2 corrected: Bob +35 → +25")
    'Undid: Hand 2 corrected: Bob +35 → +25'
    >>> change_words("Hand 2 corrected: Bob +35 → +25", rtl=True)
    'Hand 2 corrected: Bob +35 ← +25'
    >>> change_words("Something else")
    'Something else'
    """
    for prefix, said in (
        ("Undid: ", gettext("Undid: %(change)s")),
        ("Redid: ", gettext("Redid: %(change)s")),
    ):
        if summary.startswith(prefix):
            return said.replace("%(change)s", change_words(summary.removeprefix(prefix), variant_name, rtl))
    if match := HEAD.match(summary):
        return _said_head(match) + match["stop"] + _data(match["rest"], rtl)
    if match := STARTED.match(summary):
        # a variant named in words ("Any other game (points)") is named in the reader's language,
        # as on every other page; a game's own name stays as it is
        return gettext("Game of %(name)s started", name=variant_name(match["name"])) + (match["rest"] or "")
    return summary


def change_label(summary: str, variant_name: Callable[[str], str] = str, rtl: bool = False) -> str:
    """What Undo or Redo says of a change, short for a phone's button: its head ("Hand 2 recorded");
    a correction's first change too, and "…" when it made more (``rtl``: as :func:`change_words`).

    >>> change_label("Hand 1 corrected: Sam +45 → +40, Ann +0 → +5; Margarethe missed Step 1")
    'Hand 1 corrected: Sam +45 → +40 …'
    >>> change_label("Hand 1 corrected: Margarethe missed Step 1"), change_label("Hand 2 recorded: Ann +5")
    ('Hand 1 corrected: Margarethe missed Step 1', 'Hand 2 recorded')
    """
    match = HEAD.match(summary)
    if not match or match["done"] != "corrected" or not match["rest"]:
        return change_words(summary, variant_name, rtl).split(":", 1)[0]
    changes, written = _changes(match["rest"], rtl), _items(match["rest"])
    first = changes[0] if fact_words(written[0]) else changes[0].split(", ")[0]  # scores: the first
    more = len(changes) > 1 or first != changes[0]
    return f"{_said_head(match)}: {first}" + (" …" if more else "")
