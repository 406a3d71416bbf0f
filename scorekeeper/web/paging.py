"""A list shown a page at a time (``?page=2`` ...): the page asked for, and the addresses of the
pages beside it, every other argument of the address kept (docs/limits.md "A club's year")."""

from __future__ import annotations

from dataclasses import dataclass

from flask import request, url_for

from ..limits import GAMES_PAGES_MAX


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

    def url(self, page: int, **extra: str) -> str:
        """This address at ``page`` (the first without ``page=``)."""
        args = {k: v for k, v in request.args.items() if k not in ("page", "fragment")}
        if page > 1:
            args["page"] = str(page)
        return url_for(request.endpoint, **(request.view_args or {}), **args, **extra)

    def live_fragment(self, fragment: str) -> str | None:
        """The address of this page's live content (``?fragment=``; None: the first page, whose
        path alone says it)."""
        return self.url(self.page, fragment=fragment) if self.page > 1 else None
