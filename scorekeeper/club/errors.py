"""What the club night's rules refuse, said in a sentence (docs/club-night.md)."""

from __future__ import annotations

from typing import Any


class ClubError(ValueError):
    """An evening that cannot be seated, ranked or cut as asked: ``template`` is the English sentence,
    ``values`` fill it, so a page can say it in the reader's language (gettext of the template, then
    the values); ``str()`` is the English sentence filled in."""

    def __init__(self, template: str, **values: Any) -> None:
        self.template = template
        self.values = values
        super().__init__(template % values if values else template)
