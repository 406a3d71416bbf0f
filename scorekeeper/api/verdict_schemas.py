"""The engine's verdict in the OpenAPI document (RULES.md section 6): what ``POST /check`` answers,
and what the solver's answers hold. The fields every verdict has are required; the others are the
variant's (an extension's, a laydown's, a board's), described so a client knows them."""

from __future__ import annotations

from .schemas import BOOL, INT, NULL_INT, NULL_STR, STR, array, keyed, obj

#: a reading's entry: what a card stands for, or null for a card a change takes off
ENTRY_OR_OFF = {"type": ["string", "null"]}


def verdict_schema() -> dict:
    """``Verdict``: legal or not, how it reads, what it is worth, why not, and what instead."""
    return obj(
        ("variant", "valid", "kind", "kinds", "points", "reading", "reasons"),
        variant=STR,
        valid=BOOL,
        kind=NULL_STR,
        kinds=array(STR),
        points=NULL_INT,
        added_points={
            **INT,
            "description": "tiles added to a set on the table (CT-5): what the added tiles count "
            "in it; 'points' is the whole set's value after adding",
        },
        reading=array({}, description="one entry per input card: what it stands for"),
        reasons=array({"type": "string", "description": "starts with the failing rule id"}),
        readings=array(array({})),
        extend_reading=array(
            ENTRY_OR_OFF,
            description="Krazy Bee and RumBugz changes: the table's cards as they lie, as 'reading' reads "
            "them (null: a Bug taken off); a wild card on the table may stand for something new (N-3)",
        ),
        extend_readings=array(
            array(ENTRY_OR_OFF),
            description="the same for each of 'readings', in pairs: what each reading needs of the table",
        ),
        placed={
            "enum": ["end", "start", "both ends", "joker"],
            "description": "tiles added to a set (CT-1): where they go, the legal place worth the most",
        },
        set=array(STR, description="the tile set after adding, in order"),
        removed=array(STR, description="RumBugz: the Bugz a change takes off (RB-5)"),
        initial_meld={
            "type": "object",
            "description": "tile games (CT-6): the set's, laydown's or board's points against a first "
            "laydown's need",
            "properties": {"points": INT, "needed": INT, "reached": BOOL},
        },
        readings_truncated=BOOL,
        alternatives=array(STR),
        parts=array({"type": "object"}),
        notes=array(STR),
        reasons_keys=keyed("reasons"),
        alternatives_keys=keyed("alternatives"),
        notes_keys=keyed("notes"),
    )
