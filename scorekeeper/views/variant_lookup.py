"""The one variant lookup of the pages: any spelling finds the variant, the canonical slug is the address.

Every page that names a variant in its address (``/games/new/<v>``,
``/check/<v>``, ``/rules/<v>``) or its query (``/print/pdf?variant=<v>``)
asks :func:`variant_or_404`. The engine's :func:`~scorekeeper.rules.find_variant`
reads the slug (spaces and case do not matter); a spelling other than the
canonical one is answered with a permanent redirect (308, so a POST stays a
POST) to the same page under the canonical slug, and an unknown one with 404.
The JSON API has no addresses to redirect to: it takes the canonical slug
only, as its document's ``enum`` says (:func:`scorekeeper.checker.checking.variant_field`).
"""

from __future__ import annotations

from flask import request, url_for
from werkzeug.exceptions import NotFound
from werkzeug.routing import RequestRedirect

from ..rules import UnknownVariant, Variant, find_variant


def variant_or_404(slug: str, arg: str, missing: str = "There is no game called {slug!r} here. "
                                                      "Pick one from the list.") -> Variant:
    """The variant ``slug`` names, where ``arg`` is the URL argument (path or query) holding it.

    NotFound (saying ``missing``) when no variant has that slug; RequestRedirect
    (308) to this page under the canonical slug when ``slug`` is spelt another way.
    """
    try:
        variant = find_variant(slug)
    except UnknownVariant:
        raise NotFound(missing.format(slug=str(slug)[:40])) from None
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
