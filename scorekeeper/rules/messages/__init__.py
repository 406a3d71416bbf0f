"""The engine's English sentences, one catalog: message key -> template with named placeholders.

Each template is also the msgid of the gettext domain ``engine``
(``scorekeeper/translations/<lang>/LC_MESSAGES/engine.po``); a rule id stays
in the sentence as RULES.md writes it. One module per family of rules.
"""

from __future__ import annotations

from . import common, crazy, crib, krazy_bee, parts, progressions, rumbugz, tiles, turns

FAMILIES = (common, crib, crazy, krazy_bee, parts, progressions, rumbugz, tiles, turns)


def _merged() -> dict[str, str]:
    merged: dict[str, str] = {}
    for family in FAMILIES:
        for key, template in family.MESSAGES.items():
            assert key not in merged, f"message key {key} twice"
            merged[key] = template
    return merged


MESSAGES: dict[str, str] = _merged()
