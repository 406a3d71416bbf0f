"""Club night's refusals said in the reader's language: the services' English sentences
(:class:`~scorekeeper.services.club.EventRefused`) are msgids marked in :data:`.words.MARKED`,
names isolated."""

from __future__ import annotations

from flask_babel import gettext
from markupsafe import Markup, escape

from ..display.bidi import bdi
from ..services.club import EventRefused

#: who declared, when it was the game's editor (marked in :data:`.words.MARKED`)
EDITOR_WORDS = "the game's editor"


def said(err: EventRefused) -> Markup:
    """The refusal in the reader's language (its English when no catalog has it), names isolated."""
    values = {
        k: (escape(gettext(v)) if v == EDITOR_WORDS else bdi(v)) if isinstance(v, str) else v
        for k, v in err.values.items()
    }
    return escape(gettext(err.template)) % values if values else escape(gettext(err.template))
