"""The one variant lookup of the pages: any spelling finds the variant, the canonical slug is the address."""

from __future__ import annotations

from flask import request, url_for
from flask_babel import gettext
from werkzeug.exceptions import NotFound
from werkzeug.routing import RequestRedirect

from ..display.words import in_marks
from ..rulebook.book import N_
from ..rules import UnknownVariant, Variant, find_variant


def variant_or_404(
    slug: str, arg: str, missing: str = N_("There is no game called %(slug)s here. Pick one from the list.")
) -> Variant:
    """The variant ``slug`` names, where ``arg`` is the URL argument (path or query) holding it.

    NotFound (saying ``missing``, a catalog msgid with ``%(slug)s``, in the reader's language) when no
    variant has that slug; RequestRedirect
    (308) to this page under the canonical slug when ``slug`` is spelt another way.
    """
    try:
        variant = find_variant(slug)
    except UnknownVariant:
        raise NotFound(gettext(missing, slug=in_marks(str(slug)[:40]))) from None
    if slug != variant.slug:
        raise RequestRedirect(canonical_url(arg, variant.slug))
    return variant


def canonical_url(arg: str, slug: str) -> str:
    """This request's URL with ``arg`` (a path argument, else a query argument) set to ``slug``."""
    path = dict(request.view_args or {})
    query = request.args.to_dict(flat=False)
    if arg in path:
        path[arg] = slug
    else:
        query[arg] = [slug]
    return url_for(request.endpoint, **query, **path)
