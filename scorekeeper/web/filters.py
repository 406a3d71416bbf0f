"""Template filters and globals, registered on the app (the filters themselves: :mod:`scorekeeper.display.words`).

``reason`` is how every page shows an engine message, hint or form help: the
sentence first, then the rule id as a small link to its place on the rules
page (:func:`scorekeeper.rulebook.reasons.reason_html`).
"""

from __future__ import annotations

from flask import Flask, url_for
from flask_babel import lazy_gettext
from jinja2 import pass_context
from markupsafe import Markup
from werkzeug.routing import BuildError

from ..display.card_faces import keypad_faces
from ..display.words import FILTERS, in_marks
from ..rulebook import rule_page, rule_url_anchor
from ..rulebook.reasons import reason_html, reason_text
from .described import spoken_reason
from .languages import option_name, page_rtl

#: Top navigation: (endpoint, label); an entry shows once its blueprint is registered.
NAV = (
    ("games.index", lazy_gettext("Games")),
    ("tables.index", lazy_gettext("Tables")),
    ("checker.index", lazy_gettext("Check")),
    ("printing.index", lazy_gettext("Print")),
    ("rules_pages.index", lazy_gettext("Rules")),
)


def rule_href(rule_id: str, variant: str | None = None) -> str | None:
    """Where the rules page explains ``rule_id`` (the variant's page when it has the rule), or None."""
    try:
        return url_for(
            "rules_pages.variant", variant=rule_page(rule_id, variant), _anchor=rule_url_anchor(rule_id)
        )
    except (BuildError, KeyError):  # no rules pages mounted, or an id no page explains
        return None


def _variant_of(context) -> str | None:
    """The variant the page is about: its game's, or the variant it shows."""
    game = context.get("game")
    if getattr(game, "variant", None):
        return game.variant
    for key in ("info", "variant", "book"):
        value = context.get(key)
        slug = value.get("slug") if isinstance(value, dict) else getattr(value, "slug", value)
        if isinstance(slug, str):
            return slug
    return None


def reason_markup(text: object, variant: str | None = None, linked: bool = True) -> Markup:
    """An engine message as HTML, in the reader's language: the sentence, then "(CR-1)" linking to
    the rule on ``variant``'s page (``linked=False``: small, not a link); what a player typed, which
    the API and the command line quote as Python does (``'R14'``), in the reader's quotation marks."""
    href = (lambda rule_id: rule_href(rule_id, variant)) if linked else None
    return reason_html(spoken_reason(text, in_marks), href, right_to_left=page_rtl())


@pass_context
def reason(context, text: object, variant: str | None = None) -> Markup:
    """``{{ message | reason }}``: :func:`reason_markup` for the page's variant."""
    return reason_markup(text, variant or _variant_of(context))


def reason_unlinked(text: object) -> Markup:
    """``{{ message | reason_unlinked }}``: :func:`reason_markup` with the rule id small but not a link,
    for a place a link does not belong (a ``<summary>``, whose tap opens it); kept on one line."""
    return reason_markup(text, linked=False)


def spoken_text(text: object) -> str:
    """``{{ message | reason_text }}``: the message in plain text, in the reader's language."""
    return reason_text(spoken_reason(text, in_marks))


def register(app: Flask) -> None:
    for name, function in FILTERS.items():
        app.add_template_filter(function, name)
    app.add_template_filter(keypad_faces)  # a variant's keypad keys, from the one card-face table
    app.add_template_filter(reason, "reason")
    app.add_template_filter(option_name)  # a name in an <option>, isolated without <bdi>
    app.add_template_filter(spoken_text, "reason_text")
    app.add_template_filter(reason_unlinked, "reason_unlinked")

    @app.context_processor
    def navigation():
        return {"nav_items": [(e, label) for e, label in NAV if e in app.view_functions]}
