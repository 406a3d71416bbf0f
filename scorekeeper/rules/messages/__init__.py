"""The engine's English sentences, one catalog: message key -> template with named placeholders.

Each template is also the msgid of the gettext domain ``engine``
(``scorekeeper/translations/<lang>/LC_MESSAGES/engine.po``); a rule id stays
in the sentence as RULES.md writes it. One module per family of rules.

A family's ``OPTIONS`` says, as data, which of its sentences point at a variant option (the words
name no option, for the page's form has a field for each): message key -> (option key, value). The
value is the one that would change the verdict (``True`` for on, a number, a choice), ``"{name}"``
for the sentence's own value ``name``, or None where the player picks any accepted value.
"""

from __future__ import annotations

from typing import Any

from . import common, crazy, crib, krazy_bee, parts, progressions, rumbugz, tiles, turns

FAMILIES = (common, crib, crazy, krazy_bee, parts, progressions, rumbugz, tiles, turns)


def _merged(catalog: str) -> dict[str, Any]:
    """Every family's ``catalog`` (``MESSAGES`` or ``OPTIONS``) as one mapping; a key once."""
    merged: dict[str, Any] = {}
    for family in FAMILIES:
        for key, entry in getattr(family, catalog, {}).items():
            assert key not in merged, f"{catalog} key {key} twice"
            merged[key] = entry
    return merged


MESSAGES: dict[str, str] = _merged("MESSAGES")
#: message key -> (option key, value): the sentences that point at an option
OPTIONS: dict[str, tuple[str, Any]] = _merged("OPTIONS")
assert set(OPTIONS) <= set(MESSAGES), f"option pointers of no sentence: {set(OPTIONS) - set(MESSAGES)}"
