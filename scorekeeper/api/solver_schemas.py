"""The best-play finder's and the whole-turn checker's schemas (issue 12): their requests and answers.

:mod:`.shapes` adds them to :mod:`.schemas`' core ones; each variant's own request
(``SolveRequest<Variant>``) is in :mod:`.variant_schemas`.
"""

from __future__ import annotations

from ..checker.solving import GOALS, MOST_SECONDS, tile_slugs
from .schemas import (
    BOOL,
    CARDS,
    INT,
    NULL_INT,
    NULL_STR,
    NULL_STRS,
    OPTIONS,
    STR,
    array,
    keyed,
    obj,
    ref,
    slugs,
)

#: a whole turn's and a best play's ``options``
SOLVER_OPTIONS = {
    **OPTIONS,
    "description": "the variant's options (see GET /variants), and 'time_limit': seconds "
    f"the tile search may take, more than 0 and at most {MOST_SECONDS:g} (best play: 2, a turn: 1); "
    "RumBugz: 'laid', the kinds laid this round; Krazy Bee: 'step'; Crazy Rummy: 'wild'",
}


def solver_requests() -> dict[str, dict]:
    """The best-play finder's and the whole-turn checker's requests (issue 12); each variant's own
    (``SolveRequest<Variant>``, :mod:`.variant_schemas`) names its options."""
    table = {
        **CARDS,
        "type": ["string", "null"],
        "description": "the sets on the table, separated by '|' (a tile "
        "grid: rows split by '/'); Crib Rummy: the melds on the table; Crazy Rummy: the opponents' boards",
    }
    initial = {
        **BOOL,
        "description": "tile games: the initial meld (CT-6); Crib Rummy: no meld of one's own yet "
        "(CR-6); Crazy Rummy: the first play of the hand (CZ-3)",
    }
    return {
        "SolveRequest": obj(
            ("variant", "rack"),
            extra=False,
            variant={"enum": slugs()},
            rack={**CARDS, "description": "the rack (a card game: the hand)"},
            table=table,
            goal={
                "enum": list(GOALS),
                "description": "lay the most tiles (default) or the most "
                "value (CT-5); the card games maximise what they score",
            },
            initial=initial,
            options=SOLVER_OPTIONS,
        ),
        "TurnRequest": obj(
            ("variant", "rack", "after"),
            extra=False,
            variant={"enum": tile_slugs()},
            before={**CARDS, "description": "the table before the turn (empty: nothing yet)"},
            rack={**CARDS, "description": "the rack before the turn"},
            after={**CARDS, "description": "the table after the turn"},
            initial={**BOOL, "description": "this turn is the player's initial meld (CT-6)"},
            options=SOLVER_OPTIONS,
        ),
    }


def solver_answers(verdict: dict) -> dict[str, dict]:
    """The best-play finder's and the whole-turn checker's answers (issue 12)."""
    tokens, sets = array(STR), array(array(STR))
    cards_left = array(STR, description="the hand's cards not laid")
    return {
        "TurnVerdict": {
            **verdict,
            "required": [*verdict["required"], "played", "value"],
            "properties": {
                **verdict["properties"],
                "played": tokens,
                "value": {**INT, "description": "the played tiles' value (CT-5)"},
                "could_play": {
                    **INT,
                    "description": "CT-11: the most tiles the rack "
                    "could lay (games whose must_play is A or B)",
                },
                "could_play_bound": {
                    **NULL_INT,
                    "description": "CT-11, when could_play is not proved: the most a play might lay",
                },
                "initial_meld": obj(("points", "needed", "reached"), points=INT, needed=INT, reached=BOOL),
                "instead": {
                    **obj(
                        ("play", "value", "after"),
                        play=tokens,
                        value={
                            **INT,
                            "description": "what the play is worth, as this checker values it (CT-5)",
                        },
                        after={
                            "type": "string",
                            "description": "the table after the suggested turn, as 'after' takes it: sets "
                            "split by '|', or a grid's board (rows split by '/') where two lines share a tile "
                            "(CT-9); sent back as 'after' with the same 'before', 'rack' and 'initial', it is legal",
                        },
                    ),
                    "description": "the legal turn that 'alternatives' suggests (a refused turn, CT-11), "
                    "when one is found",
                },
            },
        },
        "BestPlay": obj(
            ("variant", "goal", "initial", "tiles_played", "value", "play", "table", "optimal"),
            variant={"enum": tile_slugs()},
            goal={"enum": list(GOALS)},
            initial=BOOL,
            tiles_played=INT,
            value=INT,
            play=tokens,
            table=sets,
            board=STR,
            notes=array(STR),
            notes_keys=keyed("notes"),
            optimal={
                **BOOL,
                "description": "proved best (no legal turn lays more, crossings "
                "included); false: best found, not proven (the time bound ran out, or a grid "
                "play could not be laid out)",
            },
            bound={
                **NULL_INT,
                "description": "when not proved: the most any play could reach (null: unknown)",
            },
        ),
        "KrazyBeeHint": obj(
            ("variant", "step", "step_text", "can_lay", "melds", "wild_bees", "steps"),
            variant={"const": "krazy-bee"},
            step=NULL_INT,
            step_text=STR,
            can_lay=BOOL,
            melds=sets,
            wild_bees=INT,
            steps=array(INT),
        ),
        "CribRummyHint": obj(
            ("variant", "pegs", "melds", "additions", "cards_left", "optimal"),
            variant={"const": "crib-rummy"},
            pegs=INT,
            optimal=BOOL,
            cards_left=cards_left,
            melds=array(obj(("cards", "kind", "pegs"), cards=tokens, kind=NULL_STR, pegs=INT)),
            additions=array(obj(("meld", "cards", "pegs"), meld=INT, cards=tokens, pegs=INT)),
        ),
        "RumBugzHint": obj(
            ("variant", "laid", "sequences", "missing", "possible"),
            variant={"const": "rumbugz"},
            laid=tokens,
            missing=tokens,
            sequences=array(obj(("kind", "cards"), kind=STR, cards=tokens)),
            possible={"type": "object", "additionalProperties": NULL_STRS},
        ),
        "CrazyRummyHint": obj(
            ("variant", "first_play", "value", "sets", "bottom_feeding", "cards_left", "optimal"),
            variant={"const": "crazy-rummy"},
            first_play=BOOL,
            value=INT,
            sets=sets,
            bottom_feeding=array(obj(("board", "cards"), board=INT, cards=tokens)),
            cards_left=cards_left,
            optimal=BOOL,
        ),
        "SolveAnswer": {
            "oneOf": [
                ref(n) for n in ("BestPlay", "KrazyBeeHint", "CribRummyHint", "RumBugzHint", "CrazyRummyHint")
            ],
            "description": "a tile game's best play, or a card game's hint of what the hand can lay",
        },
    }
