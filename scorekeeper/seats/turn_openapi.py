"""Crib Rummy's own turns in the OpenAPI document (issue 38): ``sendTurn``'s body and answer, and
the hand in play that ``getSeating`` shows (:mod:`.openapi` adds them to the seats' part)."""

from __future__ import annotations

from ..api.operations import op
from ..api.schemas import BOOL, INT, NULL_INT, STR, array, obj

#: getSeating's ``turn``: Crib Rummy's hand in play, turn by turn (null for the other variants)
SEATING_TURN = {
    **obj(
        ("hand", "turn", "due", "due_name", "melds"),
        hand=INT,
        turn={**INT, "description": "the number of the turn due (sendTurn's turn)"},
        due={
            **NULL_INT,
            "description": "the seat whose turn is due (null: none, the hand is ending)",
        },
        due_name={"type": ["string", "null"]},
        melds=array(obj(("number", "cards", "owner"), number=INT, cards=STR, owner=STR)),
    ),
    "type": ["object", "null"],
    "description": "Crib Rummy's hand in play, turn by turn (null for the other variants)",
}


def turn_schemas(urls: dict) -> dict[str, dict]:
    """``Turn`` (sendTurn's body) and ``TurnTaken`` (its answer); ``urls``: links by name."""
    return {
        "Turn": obj(
            ("hand", "turn"),
            extra=False,
            hand={
                "type": "integer",
                "minimum": 1,
                "description": "the hand in play (or, before its first turn, the next)",
            },
            turn={
                "type": "integer",
                "minimum": 1,
                "description": "the number of the turn due, as the phone saw it (getSeating's turn.turn): a turn "
                "sent again once it was recorded is refused, 409",
            },
            melds={
                **array(
                    obj(
                        ("cards",),
                        extra=False,
                        cards={**STR, "description": "the cards laid, as '3H 4H 5H'"},
                        extend={
                            "type": ["integer", "null"],
                            "minimum": 0,
                            "description": "the table's meld the cards are added to, counted from 0 "
                            "(#1 on the seat page is 0); none: a new meld",
                        },
                    )
                ),
                "description": "the melds laid or added to in this turn; none (or empty): a pass",
            },
        ),
        "TurnTaken": obj(
            ("hand", "turn", "pegs", "ended"),
            hand={**INT, "description": "the hand the turn was recorded in"},
            turn={**INT, "description": "the turn's number in the hand"},
            pegs={**INT, "description": "the points the turn pegged (CR-5)"},
            ended={**BOOL, "description": "true when the turn ended the hand (the game's last turns, CR-8)"},
            game=urls,
        ),
    }


def turn_operation(meanings: dict[int, str]) -> dict:
    """``sendTurn``: a seat's own turn, with its seat's secret; ``meanings``: the seats' error meanings."""
    return op(
        "sendTurn",
        "Send a seat's own turn of the Crib Rummy hand in play (a meld laid or added to, or a pass); it "
        "is recorded at once",
        ("200", "TurnTaken", "the turn is recorded"),
        (400, 401, 403, 404, 409, 413, 422),
        body="Turn",
        secured="seatSecret",
        meanings={
            **meanings,
            403: "that secret is not this seat's (the game's editor enters turns on the hand form)",
            409: "the turn was already recorded (sent again), or the hand is not the one in play, or the "
            "game is over",
            422: "the game is not open for seats or not played turn by turn, or the rules refuse the turn "
            "(not this seat's turn, CR-9; a meld that is none): see reasons",
        },
    )
