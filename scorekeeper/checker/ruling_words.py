"""A table's rulings in the reader's language (docs/languages.md), for the rulings page, its flashes,
the house-game API and the printed rules card.

A ruling is kept as data (an option and its value, a question and its answer, a checker verdict
with the engine's reasons as they were said, in English); its sentence is written when it is
shown. A verdict's reasons are found again by asking the engine the same check: each stored
sentence the engine still says is written in the reader's language, one it no longer says stays
as it was kept. Players' own words (a reading, a note, a house game's name), card notation and
variant names stay as they are.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import has_request_context
from flask_babel import Domain, get_locale, gettext
from werkzeug.datastructures import MultiDict

from ..display.reasons import ENGLISH, locale_name, render_reason
from ..display.variant_words import is_word, option_word_in
from ..rules import Reason, RulesError, find_variant
from ..storage.table_models import Ruling
from .checking import InputError, from_query, run

ENGINE = Domain(domain="engine")


def sentence(ruling: Ruling) -> str:
    """The ruling in words, in the request's language (English outside a request)."""
    d = ruling.decision
    if ruling.kind == "option":
        return f"{option_word_in(d['option'], _engine)}: {_shown(d['value'])}"
    if ruling.kind == "reading":
        return f"{d['question']} {d['answer']}"
    if ruling.kind == "house":
        chosen = [
            f"{option_word_in(k, _engine, False)} {_shown(v)}"
            for k, v in d["options"].items()
            if k != "game_name"
        ]
        head = gettext(
            "House game %(name)s: %(variant)s", name=d["name"], variant=find_variant(ruling.variant).name
        )
        return head + "".join(f", {c}" for c in chosen)
    ask, verdict = d.get("ask", {}), d.get("verdict", {})
    cards = ask.get("cards", "")
    if ask.get("extend"):
        cards = gettext("%(cards)s added to %(meld)s", cards=cards, meld=ask["extend"])
    kind = f" ({verdict['kind']})" if verdict.get("kind") else ""
    word = gettext("legal") if verdict.get("valid") else gettext("not legal")
    reasons = "; ".join(_reasons(ruling.variant, ask, verdict.get("reasons") or []))
    return f"{cards}: {word}{kind}" + (f". {reasons}" if reasons else "")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return gettext("on") if value else gettext("off")
    if value is None:
        return gettext("none")
    return _engine(value) if is_word(value) else str(value)


def _engine(text: str) -> str:
    """One of the engine's describing words (an option's label, a choice such as ``wins``) in the
    request's language, from the ``engine`` domain as the pages read it (web/described.py)."""
    return str(ENGINE.gettext(text)) if has_request_context() else text


def _language() -> str:
    return locale_name(get_locale()) if has_request_context() else ENGLISH


def _reasons(variant: str, ask: dict, kept: list[str]) -> list[str]:
    """The verdict's kept reasons in the reader's language, each the engine still says."""
    language = _language()
    if language == ENGLISH or not kept:
        return list(kept)
    said = _said_again(variant, tuple(sorted(ask.items())))
    return [render_reason(said[text], language) if text in said else text for text in kept]


@lru_cache(maxsize=256)
def _said_again(variant: str, ask: tuple[tuple[str, str], ...]) -> dict[str, Reason]:
    """The engine's reasons for the same check asked again, by their English sentence."""
    try:
        verdict = run(from_query(variant, MultiDict(ask)))
    except (RulesError, InputError, ValueError):
        return {}
    return {str(r): r for r in verdict.get("reasons") or () if isinstance(r, Reason)}
