"""The seats' part of the OpenAPI document (:data:`API`, which their feature declares)."""

from __future__ import annotations

from functools import partial

from ..api.operations import GAME_ID, op
from ..api.schemas import BOOL, INT, NULL_INT, STR, array, obj, ref
from ..api.shapes import bearer, dict_of, path_param
from ..services.seats import CONFIRM_CHOICES
from ..storage.seat_models import DISPUTE_REASON_MAX
from ..web.features import ApiPart
from .turn_openapi import SEATING_TURN, turn_operation, turn_schemas

SEAT = path_param("seat", {"type": "integer", "minimum": 0}, "the player's seat (0 is the first player)")
SECURITY = {"seatSecret": bearer("a seat's secret, given to the phone that took the seat (POST .../seats)")}
#: the hand a part or a confirmation is for
OPEN_HAND = {"type": "integer", "minimum": 1, "description": "the hand the part is for (the open hand)"}
#: links by name
URLS = dict_of(STR)
#: a part's fingerprint (scorekeeper.services.seats.part_seen)
SEEN = {"type": "string", "pattern": "^[0-9a-f]{16}$"}
MEANINGS = {
    401: "no secret: send 'Authorization: Bearer <secret>'",
    403: "that secret is not this game's edit secret (nor, for a part, this seat's)",
    404: "no such game, player or seat",
    409: "the seat is taken, or the part is for a hand already recorded (or not yet open), or the game is "
    "over, or (a confirmation) the part was sent again since it was seen",
    422: "the game is not open for seats, or the rules refuse the part (or, for the last part, the whole "
    "hand): see reasons",
}
#: a part or a confirmation: with its seat's secret or the game's edit secret
SEAT_OR_EDITOR = ("seatSecret", "editSecret")
#: an operation of the seats, with their errors' meanings
_op = partial(op, meanings=MEANINGS)


def schemas() -> dict[str, dict]:
    """The seats' component schemas, by name."""
    seat = obj(
        ("seat", "name", "taken", "holder"),
        seat=INT,
        name=STR,
        taken=BOOL,
        holder={"enum": ["phone", "editor", None], "description": "who holds a taken seat"},
    )
    hand = obj(
        ("hand", "in", "waiting", "of", "open", "sent_by", "to_confirm", "disputed"),
        hand={**INT, "description": "the open hand's number"},
        open={**BOOL, "description": "false once the game is over"},
        of={**INT, "description": "how many parts the hand needs (one per player)"},
        to_confirm={
            **array(INT),
            "description": "seats whose parts wait for a confirmation (or a settlement)",
        },
        disputed=dict_of(INT, "the disputed parts, by seat: who disputed each"),
        reasons=dict_of(
            STR,
            "the disputed parts' typed reasons, by seat (a dispute without one is not here); only "
            "with the game's edit secret (all) or a seat's secret (its own part's, or its own "
            "dispute's) as the Bearer token: empty for anybody else",
        ),
        sent_by=dict_of({"enum": ["seat", "editor"]}, "who sent each part that is in, by seat"),
        parts=dict_of(
            obj(
                ("part", "seen"),
                part={"type": "object", "description": "the part as sent (as Part's part)"},
                seen={**SEEN, "description": "its fingerprint: send it with a confirmation"},
            ),
            "the parts that are in, by seat: with the game's edit secret as the Bearer token every "
            "one, with a seat's secret its own and those waiting for its confirmation (as its seat "
            "page shows them), none without a secret",
        ),
        **{"in": array(INT), "waiting": array(INT)},
    )
    return {
        "SeatingChoice": obj(
            (),
            extra=False,
            confirm={
                "enum": list(CONFIRM_CHOICES),
                "description": "who must confirm a part: nobody (the default), any other player, "
                "the player to the left",
            },
        ),
        "TakeSeat": obj(
            ("name",),
            extra=False,
            name={"type": "string", "minLength": 1, "description": "the player's name"},
        ),
        "SeatHolder": obj(
            ("holder",),
            extra=False,
            holder={
                "enum": ["phone", "editor"],
                "description": "phone: give the seat to a new phone (a new secret); editor: keep it "
                "for a player without a phone",
            },
        ),
        "Part": obj(
            ("hand", "part"),
            extra=False,
            hand=OPEN_HAND,
            part={
                "type": "object",
                "description": "the player's own entry: a tile game's rack, points or went_out; Krazy Bee's laid, "
                "went_out, hand, points, counts, notes (as the variant's round facts hold a player's entry); "
                "Crazy Rummy's board (or board_points, board_counts), the cards left as hand (or points, "
                "counts), went_out and face_up (the player's face-up first card, CZ-7: the dealer's is "
                "needed, it sets the wild rank, CZ-1); RumBugz's kinds, hand (or points), went_out (the "
                "round's winner, RB-7), bid, notes",
            },
        ),
        "Confirmation": obj(
            ("hand", "looks_right"),
            extra=False,
            hand=OPEN_HAND,
            looks_right={
                "type": "boolean",
                "description": "true: the part looks right (the editor: accept it as it is); false: dispute "
                "it (the editor: take it back, its player sends it again)",
            },
            reason={
                "type": ["string", "null"],
                "maxLength": DISPUTE_REASON_MAX,
                "description": "with a dispute, why (optional, shown to the part's player and the editor)",
            },
            seen={
                **SEEN,
                "type": ["string", "null"],
                "description": "the part's fingerprint as you saw it (HandStatus.parts): a part sent "
                "again since is refused with 409 rather than confirmed unseen (optional)",
            },
        ),
        **turn_schemas(URLS),
        "CloseHand": obj(
            ("hand",),
            extra=False,
            hand={"type": "integer", "minimum": 1, "description": "the hand to close (the open hand)"},
        ),
        "Seat": seat,
        "HandStatus": hand,
        "Seating": obj(
            ("open", "confirm", "seats", "hand", "urls"),
            open=BOOL,
            confirm={"enum": [*CONFIRM_CHOICES, None]},
            seats=array(ref("Seat")),
            hand=ref("HandStatus"),
            turn=SEATING_TURN,
            urls=URLS,
        ),
        "SeatTaken": obj(
            ("seat", "name", "holder", "urls"),
            seat=INT,
            name=STR,
            holder={"enum": ["phone", "editor"]},
            secret={**STR, "description": "the seat's secret: the phone's Bearer token for its parts"},
            urls=dict_of(STR, "seating; seat: the seat's link"),
        ),
        "PartTaken": {
            **hand,
            "required": [*hand["required"], "recorded"],
            "properties": {
                **hand["properties"],
                "recorded": {**NULL_INT, "description": "the hand's number when this part recorded it"},
                "game": URLS,
            },
        },
    }


def paths() -> dict[str, dict]:
    """The seats' endpoints."""
    part = _op(
        "sendPart",
        "Send a seat's part of the open hand; the hand is recorded when it is the last one in",
        ("200", "PartTaken", "the part is kept (and the hand recorded, when it was the last)"),
        (400, 401, 403, 404, 409, 413, 422),
        body="Part",
        secured=SEAT_OR_EDITOR,
    )
    confirmation = _op(
        "confirmPart",
        "Confirm another seat's part (looks right) or dispute it; the editor settles a dispute",
        (
            "200",
            "PartTaken",
            "the confirmation is kept (and the hand recorded, when it was the last one wanted)",
        ),
        (400, 401, 403, 404, 409, 413, 422),
        body="Confirmation",
        secured=SEAT_OR_EDITOR,
    )
    return {
        "/games/{public_id}/seats/{seat}/turn": {
            "parameters": [GAME_ID, SEAT],
            "post": turn_operation(MEANINGS),
        },
        "/games/{public_id}/seating": {
            "parameters": [GAME_ID],
            "get": _op(
                "getSeating",
                "The game's seats and who is still to enter the open hand",
                ("200", "Seating", "the seats"),
                (404,),
            ),
            "put": _op(
                "openSeating",
                "Open the game for seats (or change who must confirm a part)",
                ("200", "Seating", "the seats"),
                (400, 401, 403, 404, 413, 422),
                body="SeatingChoice",
                secured=True,
            ),
        },
        "/games/{public_id}/seating/close": {
            "parameters": [GAME_ID],
            "post": _op(
                "closeHand",
                "Close the open hand with the parts that are in, where the variant allows it (Krazy Bee, "
                "Crazy Rummy: a player without a part sat the hand out, scoring 0; the tile games and "
                "RumBugz refuse, 422: there every part counts in the winner's score)",
                ("200", "PartTaken", "the hand recorded"),
                (400, 401, 403, 404, 409, 413, 422),
                body="CloseHand",
                secured=True,
            ),
        },
        "/games/{public_id}/seats": {
            "parameters": [GAME_ID],
            "post": _op(
                "takeSeat",
                "Take a player's seat on this phone, by the player's name (once)",
                ("201", "SeatTaken", "the seat, with its secret and link"),
                (400, 404, 409, 413, 422),
                body="TakeSeat",
            ),
        },
        "/games/{public_id}/seats/{seat}": {
            "parameters": [GAME_ID, SEAT],
            "put": _op(
                "keepSeat",
                "Give a seat to a new phone, or keep it for a player without a phone",
                ("200", "SeatTaken", "the seat (with the new phone's secret)"),
                (400, 401, 403, 404, 413, 422),
                body="SeatHolder",
                secured=True,
            ),
            "delete": _op(
                "freeSeat",
                "Free a seat: its phone's secret no longer counts",
                ("200", "Seating", "the seats"),
                (401, 403, 404, 422),
                secured=True,
            ),
        },
        "/games/{public_id}/seats/{seat}/part": {"parameters": [GAME_ID, SEAT], "put": part},
        "/games/{public_id}/seats/{seat}/part/confirmation": {
            "parameters": [GAME_ID, SEAT],
            "put": confirmation,
        },
    }


API = ApiPart(schemas=schemas, paths=paths, security=SECURITY)
