"""A list shown a page at a time (``?page=2`` ...): the page asked for, and the addresses of the
pages beside it, every other argument of the address kept (docs/limits.md "A club's year")."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from flask import request, url_for

from ..limits import BACK_HERE_MAX, GAMES_PAGES_MAX


def asked_page() -> int:
    """The page the address asks for: 1 without one (or with one that is not a number past 0), and
    at most :data:`~scorekeeper.limits.GAMES_PAGES_MAX`."""
    return min(max(request.args.get("page", 1, type=int), 1), GAMES_PAGES_MAX)


@dataclass(frozen=True)
class Pages:
    """Where a list stands: its page (1: the first) and whether a later page has more
    (``templates/_macros/pages.html`` links them)."""

    page: int
    more: bool
    #: the arguments that make the list what it is (a club's every-game page: ``all=1``): the only
    #: ones kept when the address's others are too long to repeat
    own: tuple[tuple[str, str], ...] = ()

    def url(self, page: int, **extra: str) -> str:
        """This address at ``page`` (the first without ``page=``). The address's other arguments
        are its query as they came, never url_for's own arguments (``_external``, ``_anchor``,
        ``endpoint``: a 500); past :data:`~scorekeeper.limits.BACK_HERE_MAX` characters, only
        :attr:`own` (each link and the live content's address carried a 4,000-character query)."""
        args = [(k, v) for k, v in request.args.items(multi=True) if k not in ("page", "fragment")]
        if len(urlencode(args)) > BACK_HERE_MAX:
            args = list(self.own)
        if page > 1:
            args.append(("page", str(page)))
        args.extend(extra.items())
        path = url_for(request.endpoint, **(request.view_args or {}))
        return f"{path}?{urlencode(args)}" if args else path

    def live_fragment(self, fragment: str) -> str:
        """The address of this page's live content (``?fragment=``), its other arguments kept: a
        later page's, or a club's every-game page (``?all=1``), is that page's, not the first."""
        return self.url(self.page, fragment=fragment)
