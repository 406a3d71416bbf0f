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


class Sentence(str):
    """A sentence of a form's refusal (a :class:`~scorekeeper.services.SetupError`'s message): the
    English sentence filled in, as any ``str``, with its ``template`` and ``values`` so a page says
    it in the reader's language (gettext of the template, then the values)."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Sentence:
        said = super().__new__(cls, template % values if values else template)
        said.template, said.values = template, values
        return said
