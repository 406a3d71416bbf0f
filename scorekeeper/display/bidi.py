"""Text that runs in both directions on one page (docs/languages.md, "Right to left").

A Hebrew page runs right to left; players' names, numbers and arrows inside it must keep their own
order and sense:

- :func:`back_link`: a back link's words (``← Back to the game``) after one arrow that a right-to-left
  page mirrors (CSS ``[dir=rtl] .mirror``), so "back" points to where the page starts in either
  direction; the undo and redo icons carry the same class. Whatever arrow a translation wrote, the
  page draws its own.
- :func:`bdi`: a player's (or a table's) name isolated, ``<bdi>Ann</bdi>``, so a Latin name keeps its
  place in a Hebrew sentence and a Hebrew name in an English one.
"""

from __future__ import annotations

import re

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
