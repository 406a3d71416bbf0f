"""The rulebook: every variant's rules in our own words, keyed by the rule ids of RULES.md.

>>> rulebook("krazy-bee").rule("KB-7").title
'Points left in your hand'
>>> rule_path("CT-2", "runny-tiles"), rule_path("kb-3")
('/rules/runny-tiles#CT-2', '/rules/krazy-bee#KB-3')
>>> rule_ids_in("CT-2: a group needs ...; see also N-1")
['CT-2', 'N-1']
"""

from __future__ import annotations

import re
from functools import cache
from importlib import import_module
from pkgutil import iter_modules

from ..rules import UnknownVariant, find_variant, variants
from .book import DIGEST_HEADINGS, SECTION_TITLES, Phrase, Rule, Rulebook, Section
from .common import COMMON_RULES
from .reasons import RULE_ID_TEXT
from .tiles import SWITCH_SHORT, SWITCH_WORDS, tile_book

__all__ = [
    "DIGEST_HEADINGS",
    "RULE_ID",
    "SECTION_TITLES",
    "SWITCH_SHORT",
    "SWITCH_WORDS",
    "Phrase",
    "Rule",
    "Rulebook",
    "Section",
    "all_rule_ids",
    "rule",
    "rule_ids_in",
    "rule_page",
    "rule_path",
    "rule_text",
    "rule_url_anchor",
    "rulebook",
    "rulebooks",
]

#: A rule id as written in RULES.md and in the engine's messages.
RULE_ID = re.compile(rf"\b{RULE_ID_TEXT}\b", re.IGNORECASE)


def _written() -> dict[str, Rulebook]:
    """The books written out, one a module of this package (its ``BOOK``): a new variant's
    ``rulebook/<variant>.py`` is found here, with no list to add it to (docs/adding-a-variant.md)."""
    modules = (import_module(f"{__name__}.{m.name}") for m in iter_modules(__path__))
    return {m.BOOK.slug: m.BOOK for m in modules if isinstance(getattr(m, "BOOK", None), Rulebook)}


_FIXED = _written()


@cache
def _books() -> dict[str, Rulebook]:
    books = {}
    for v in variants():  # menu order; the tile presets are built from their switches
        books[v["slug"]] = _FIXED.get(v["slug"]) or tile_book(v["slug"], v["name"])
    return books


def rulebooks() -> list[Rulebook]:
    """Every variant's rulebook, in menu order."""
    return list(_books().values())


def rulebook(slug: str) -> Rulebook:
    """The rulebook of variant ``slug`` (case-insensitive); UnknownVariant otherwise."""
    key = str(slug).strip().lower()
    try:
        return _books()[key]
    except KeyError:
        raise UnknownVariant(str(slug), list(_books())) from None


@cache
def _by_id() -> dict[str, Rule]:
    found = {r.id: r for r in COMMON_RULES}
    for book in rulebooks():
        for r in book.rules:
            found.setdefault(r.id, r)
    return found


def all_rule_ids() -> tuple[str, ...]:
    """Every rule id the rulebook explains (common ones first)."""
    return tuple(_by_id())


def rule(rule_id: str) -> Rule:
    """The rule with ``rule_id`` (case-insensitive); KeyError when no rule has that id."""
    return _by_id()[rule_url_anchor(rule_id)]


def rule_text(rule_id: str) -> str:
    """The rule's text in players' words.

    >>> rule_text("RB-1")
    'Every Sequence has 4 Bugz or more; three Bugz in a row are not yet a Sequence, however well they fit a pattern.'
    """
    return rule(rule_id).text


def rule_url_anchor(rule_id: str) -> str:
    """The fragment that lands on the rule on its page: the id itself, upper case (``KB-3``)."""
    return str(rule_id).strip().upper()


def rule_page(rule_id: str, variant: str | None = None) -> str:
    """The variant page to show ``rule_id`` on: ``variant`` when its page has it, else the rule's home."""
    anchor = rule_url_anchor(rule_id)
    if variant:
        book = _books().get(str(variant).strip().lower())
        if book is not None and anchor in book.rule_ids:
            return book.slug
    return _home_pages()[anchor.split("-")[0]]


@cache
def _home_pages() -> dict[str, str]:
    """Which page a rule id opens on when no variant is given: by its family (KB-3: ``KB``),
    the variant that declares the family its home (``Variant.rules_home``)."""
    return {family: v["slug"] for v in variants() for family in find_variant(v["slug"]).rules_home}


def rule_path(rule_id: str, variant: str | None = None) -> str:
    """The site path of a rule, e.g. ``/rules/krazy-bee#KB-3`` (for links outside a request)."""
    return f"/rules/{rule_page(rule_id, variant)}#{rule_url_anchor(rule_id)}"


def rule_ids_in(text: str) -> list[str]:
    """The rule ids mentioned in a message, in order, each once (for linking reasons)."""
    seen: list[str] = []
    for match in RULE_ID.findall(text or ""):
        rid = match.upper()
        if rid not in seen:
            seen.append(rid)
    return seen
