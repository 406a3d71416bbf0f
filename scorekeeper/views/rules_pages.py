"""Rules pages: ``/rules/`` lists the variants, ``/rules/<variant>`` explains one, one anchor per rule id."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_babel import gettext

from ..rulebook import SWITCH_WORDS, rulebook, rulebooks
from ..rulebook.book import N_
from ..rules import variants
from .game_page import feature_url
from .variant_lookup import variant_or_404

bp = Blueprint("rules_pages", __name__, url_prefix="/rules")


def _described() -> dict[str, dict]:
    return {v["slug"]: v for v in variants()}


def show_default(option: dict) -> str:
    """An option's default as a player reads it, in the reader's language: on/off, none, or the value.

    >>> show_default({"type": "bool", "default": True}), show_default({"type": "int", "default": None})
    ('on', 'none')
    """
    value = option["default"]
    if option["type"] == "bool":
        return gettext("on") if value else gettext("off")
    return gettext("none") if value is None else str(value)


@bp.get("/")
def index():
    """Every variant with a link to its rules page."""
    described = _described()
    return render_template("rules/index.html", books=rulebooks(), described=described)


@bp.get("/<variant>")
def variant(variant: str):
    """One variant's rules, sections in play order, each rule at ``#<rule id>``, with its settings."""
    book = rulebook(
        variant_or_404(
            variant, "variant", N_("There is no rules page for that game. Pick one from the list of rules.")
        ).slug
    )
    described = _described()[book.slug]
    options = [dict(o, shown_default=show_default(o)) for o in described["options"]]
    return render_template(
        "rules/variant.html",
        book=book,
        described=described,
        game_options=[o for o in options if o["game"]],
        check_options=[o for o in options if not o["game"]],
        rule_ids=set(book.rule_ids),
        switch_words=SWITCH_WORDS,
        checker_url=feature_url("checker.index"),
    )
