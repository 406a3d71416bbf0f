"""The ``--option`` a sentence of the engine points at, said after its line.

The engine's sentences say a game's choices in the players' words ("no wild rank given"), for the
checker page has a field for each option. A sentence that points at one carries the option as data
(:func:`scorekeeper.rules.pointed_option`); the command line says after its line how to set it
with its own ``--option KEY=VALUE``, the variant's key and value.

>>> from scorekeeper.rules import say
>>> print("\\n".join(hinted("  note: ", [say("cz.no_wild")], "crazy-rummy")))
  note: CZ-1: no wild rank given, so every card counts as a natural card
        (set it with --option wild=VALUE; accepted: 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A)
>>> option_hint(say("cr.legal_ace_high", pegs=3), "crib-rummy")
'(set it with --option ace_high=on)'
>>> option_hint("plain words", "crib-rummy"), option_hint(say("cr.who_out"), "crib-rummy")
('', '')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..rules import RulesError, find_variant, pointed_option


def option_hint(reason: Any, variant: str | None) -> str:
    """``(set it with --option KEY=VALUE)`` for a sentence that points at an option (the value that
    would change the verdict, else what the variant's option accepts); "" for any other."""
    pointed = pointed_option(reason)
    if not pointed:
        return ""
    name, value = pointed
    if value is not None:
        return f"(set it with --option {name}={_written(value)})"
    accepted = _accepted(variant, name)
    return f"(set it with --option {name}=VALUE" + (f"; accepted: {accepted})" if accepted else ")")


def hinted(prefix: str, reasons: Iterable[Any], variant: str | None) -> list[str]:
    """Each of ``reasons`` on a line after ``prefix``, and under one that points at an option its
    hint, lined up with the sentence."""
    lines = []
    for reason in reasons:
        lines.append(f"{prefix}{reason}")
        hint = option_hint(reason, variant)
        if hint:
            lines.append(" " * len(prefix) + hint)
    return lines


def _written(value: Any) -> str:
    """A value as ``--option`` takes it: on or off for a switch."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _accepted(variant: str | None, name: str) -> str:
    """What the variant's option ``name`` accepts, in words; "" when the variant or option is unknown."""
    try:
        spec = find_variant(variant or "").option_spec
    except RulesError:
        return ""
    # the hint sets a value: an option that may be left empty takes one of its values here
    return next((str(replace(o, optional=False).accepted()) for o in spec if o.name == name), "")
