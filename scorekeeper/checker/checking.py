"""One way to run a check or a hand count from outside input (the checker page and the API).

>>> run(CheckInput("krazy-bee", "7 7 W"))["valid"]
True
>>> share_query(CheckInput("krazy-bee", "7 7 W", options={"min": 3}))
{'cards': '7 7 W'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..limits import CARDS_CHARS_MAX as MAX_CARDS_CHARS
from ..rules import Quoted, UnknownVariant, check, find_variant, hand, variants

ACTIONS = ("check", "hand")


class InputError(ValueError):
    """Input of the wrong shape (not a rules question): HTTP 400 in the API."""


@dataclass(frozen=True)
class CheckInput:
    """A check as asked: ``action`` is ``"check"`` (a meld, laydown, extension or grid) or ``"hand"``."""

    variant: str
    cards: str = ""
    extend: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    action: str = "check"


def run(ask: CheckInput) -> dict:
    """The engine's verdict (``check``) or hand value (``hand``) as JSON; RulesError on bad input,
    InputError past the notation's bound (measured before any work, whoever asks: the API, the
    command line, a batch line)."""
    check_length(ask.cards, ask.extend)
    options = dict(ask.options)
    if ask.action == "hand":
        return hand(ask.variant, ask.cards, options=options).to_dict()
    return check(ask.variant, ask.cards, extend=ask.extend or None, options=options).to_dict()


def check_options(variant: str) -> list[dict]:
    """The variant's options that matter for a lone check (``check: true``), described."""
    return [o for o in find_variant(variant).describe()["options"] if o.get("check", True)]


# -- from a JSON body --------------------------------------------------------------
def from_json(body: Any, action: str = "check") -> CheckInput:
    """``{"variant", "cards", "options", "extend"}`` to a :class:`CheckInput`; InputError on wrong types.

    >>> from_json({"variant": "krazy-bee", "cards": "7 7 W"}).cards
    '7 7 W'
    >>> from_json({"variant": "krazy-bee", "cards": 7})
    Traceback (most recent call last):
    ...
    scorekeeper.checker.checking.InputError: 'cards' must be a string of card tokens, e.g. "7 7 W"
    """
    # counting a hand has no meld on the table: 'extend' is not one of its fields
    body = fields_of(body, ("variant", "cards", "options", "extend")[: 4 if action == "check" else 3])
    variant = variant_field(body)
    cards = body.get("cards", "")
    if not isinstance(cards, str):
        raise InputError("'cards' must be a string of card tokens, e.g. \"7 7 W\"")
    extend = body.get("extend")
    if extend is not None and not isinstance(extend, str):
        raise InputError("'extend' must be a string of card tokens or null")
    options = options_field(body)
    for name, value in options.items():
        if isinstance(value, (dict, list)):
            raise InputError(f"option {Quoted(name)} must be a string, number, boolean or null")
    check_length(cards, extend)
    return CheckInput(variant, cards, extend, options, action)


def json_object(body: Any) -> dict:
    """A parsed JSON body that must be an object; InputError otherwise."""
    if not isinstance(body, dict):
        raise InputError("the request body must be a JSON object")
    return body


def fields_of(body: Any, accepted: tuple[str, ...]) -> dict:
    """A JSON object with no field but the ``accepted`` ones; InputError naming any other.

    >>> fields_of({"variant": "rumbugz", "colour": "red"}, ("variant", "cards"))
    Traceback (most recent call last):
    ...
    scorekeeper.checker.checking.InputError: unknown field(s) 'colour'; accepted: variant, cards
    """
    unknown = sorted(set(json_object(body)) - set(accepted))
    if unknown:  # the first five, each by its start (20,000 of them were named in full: 378 KB)
        named = ", ".join(map(Quoted, unknown[:5])) + (", …" if len(unknown) > 5 else "")
        raise InputError(f"unknown field(s) {named}; accepted: {', '.join(accepted)}")
    return body


def variant_field(body: Mapping[str, Any]) -> str:
    """The body's ``variant``: InputError when missing or not text, UnknownVariant unless it is
    a variant's slug spelt exactly (a JSON body has no address to redirect to another spelling).

    >>> variant_field({"variant": "Krazy-Bee"})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.UnknownVariant: unknown variant 'Krazy-Bee'; accepted: krazy-bee, ...
    """
    variant = body.get("variant")
    if not isinstance(variant, str) or not variant.strip():
        raise InputError("'variant' is required: a variant slug such as \"krazy-bee\"")
    if find_variant(variant).slug != variant:
        raise UnknownVariant(variant, [v["slug"] for v in variants()])
    return variant


def options_field(body: Mapping[str, Any]) -> dict:
    """The body's ``options`` object (empty when left out; InputError when not an object)."""
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise InputError("'options' must be an object of option names to values")
    return options


def check_length(*texts: Any) -> None:
    """InputError when a text is past the notation's bound; anything else is the notation reader's
    to refuse (a number where cards belong: N-1)."""
    if any(isinstance(t, str) and len(t) > MAX_CARDS_CHARS for t in texts):
        raise InputError(f"too many characters of cards (at most {MAX_CARDS_CHARS:,})")


# -- from a query string (the shareable URL) ------------------------------------------
def from_query(variant: str, args: Any, base_options: Mapping[str, Any] | None = None) -> CheckInput:
    """A shareable URL's query to a :class:`CheckInput`.

    ``args`` is a multi-dict (Flask's ``request.args``): for an option given
    several times the last value wins, so a form may send a hidden ``off``
    before a checkbox's ``on``. Options missing from the query come from
    ``base_options`` (a game's options) and otherwise the variant's defaults.
    Unknown query keys are ignored; option values are validated by the engine.
    """
    names = {o["name"] for o in check_options(variant)}
    options = {k: v for k, v in (base_options or {}).items() if k in names}
    for name in names:
        values = args.getlist(name)
        if values:
            options[name] = values[-1]
    cards = args.get("cards", "")
    extend = args.get("extend", "").strip() or None
    check_length(cards, extend)
    action = args.get("action", "check")
    return CheckInput(variant, cards, extend, options, action if action in ACTIONS else "check")


def option_text(value: Any) -> str:
    """An option value as written in a query string (``on``/``off`` for switches, ``""`` for none)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def share_query(ask: CheckInput) -> dict[str, str]:
    """The query string of a check's shareable URL: the input plus options that differ from the defaults.

    Options are validated (RulesError when they are not), so the URL only
    ever carries values the engine accepts, in their canonical spelling.
    """
    query: dict[str, str] = {}
    if ask.cards.strip():
        query["cards"] = ask.cards.strip()
    if ask.extend:
        query["extend"] = ask.extend.strip()
    variant = find_variant(ask.variant)
    defaults = variant.options()
    resolved = variant.options(ask.options)
    for option in check_options(ask.variant):
        name = option["name"]
        if resolved[name] != defaults[name]:
            query[name] = option_text(resolved[name])
    if ask.action != "check":
        query["action"] = ask.action
    return query
