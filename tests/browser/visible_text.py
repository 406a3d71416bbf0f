"""Text as a player sees it: the page's invisible direction marks left out of a check.

The game's pictures set names and numbers between Unicode isolates (scorekeeper/display/isolates.py,
issue 40) so that "-20" or a Hebrew name keeps its order in a right-to-left page. The marks have no
width and a player never sees them, but they stand in the element's text between the letters:
``expect(board).to_contain_text("Ann: 5")`` would fail on ``"⁦Ann⁩: ⁦5⁩"``. :func:`shows` checks
what is on screen, with Playwright's retrying ``expect`` (as tests/web/rounds_support.py leaves
the pages' ``<bdi>`` out).
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

#: the isolates LRI, RLI, FSI, PDI and the direction marks LRM, RLM
INVISIBLE = "\u2066\u2067\u2068\u2069\u200e\u200f"
_MARKS = f"[{INVISIBLE}]*"


def seen(text: str) -> re.Pattern[str]:
    """A pattern for ``text`` that lets any direction marks stand between its characters.

    >>> bool(seen("Ann: 5").search("\u2066Ann\u2069: \u20665\u2069")), bool(seen("Ann: 5").search("Ann: 6"))
    (True, False)
    """
    return re.compile(_MARKS.join(re.escape(ch) for ch in text))


def shows(locator, text: str) -> None:
    """``locator``'s visible text (innerText) holds ``text`` as a player reads it, waiting as ``expect`` does."""
    expect(locator).to_contain_text(seen(text), use_inner_text=True)
