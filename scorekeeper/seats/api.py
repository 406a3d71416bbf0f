"""Seats and parts in the JSON API (``/api/v1/games/<id>/seating``, ``.../seats``): the seats'
own API blueprint, with the API's error mapping (docs/own-phones.md).

The editor's changes need the game's edit secret as the Bearer token; a part needs the seat's
secret (the phone that took the seat) or the edit secret (the editor fills a part in).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from ..api import bodies
from ..api.routes import game_urls
from ..services import NotEditor, SecretMissing, get_game, secret_matches
from ..services.seats import (
    confirm_part,
    dispute_reasons,
    free_seat,
    give_seat,
    hand_status,
    hold_seat,
    open_seats,
    part_seen,
    seat_of_secret,
    seating_of,
    seats_of,
    send_part,
    take_seat,
    to_check,
)
from ..services.seats.closing import close_hand
from ..services.seats.parts import open_parts, retried
from ..services.seats.seating import require_seat
from ..services.seats.turns import due_turn, turn_status
from ..storage.extensions import csrf, db
from ..web.access import bearer_secret, editable_game
from ..web.addresses import external_url
from ..web.features import refuse_closed_hands
from ..web.guards import require_json

bp = Blueprint("seats_api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # a seat's secret comes as a Bearer token, as a game's edit secret does
require_json(bp)
NO_SEAT_SECRET = (
    "Sending a part needs the seat's secret (the phone that took the seat) or the game's edit secret: "
    "send the header 'Authorization: Bearer <secret>'."
)
WRONG_SEAT_SECRET = "That secret is neither this seat's nor the game's edit secret."
EDITOR_TURN = (
    "A turn is sent by its seat's phone, with the seat's secret; the game's editor enters turns on "
    "the hand form."
)


def seating_json(game) -> dict[str, Any]:
    """The game's seats (taken or free, by a phone or kept by the editor) and its open hand."""
    seating, taken = seating_of(game), seats_of(game)
    return {
        "open": seating is not None,
        "confirm": seating.confirm if seating else None,
        "seats": [
            {
                "seat": p.seat,
                "name": p.name,
                "taken": p.seat in taken,
                "holder": taken[p.seat].holder if p.seat in taken else None,
            }
            for p in game.players
        ],
        "hand": _seen(game, open_parts(game)),
        "turn": turn_status(game),  # Crib Rummy's hand in play (None: other variants)
        "urls": {**game_urls(game), "seats": external_url("seats_api.seating", public_id=game.public_id)},
    }


@bp.get("/games/<public_id>/seating")
def seating(public_id: str):
    """The game's seats and who is still to enter the open hand ("2 of 4 in")."""
    return jsonify(seating_json(get_game(public_id)))


@bp.put("/games/<public_id>/seating")
def open_seating(public_id: str):
    """The editor opens the game for seats (or changes who must confirm a part)."""
    game = editable_game(public_id, bearer_only=True)
    body = bodies.shaped("SeatingChoice", bodies.object_body())
    open_seats(game, body.get("confirm", "none"))
    return _committed(seating_json(game), 200)


@bp.post("/games/<public_id>/seats")
def take(public_id: str):
    """A phone takes a player's seat by the player's name, once: the seat's secret and link."""
    game = get_game(public_id)
    body = bodies.shaped("TakeSeat", bodies.object_body())
    row, secret = take_seat(game, body["name"])
    answer = _seat_answer(game, row, secret)
    return _committed(answer, 201, {"Location": answer["urls"]["seating"]})


@bp.put("/games/<public_id>/seats/<int:seat>")
def keep(public_id: str, seat: int):
    """The editor gives the seat to a new phone (``holder: phone``, a new secret) or keeps it for a
    player without a phone (``holder: editor``)."""
    game = editable_game(public_id, bearer_only=True)
    body = bodies.shaped("SeatHolder", bodies.object_body())
    if body["holder"] == "phone":
        row, secret = give_seat(game, seat)
    else:
        row, secret = hold_seat(game, seat), None
    return _committed(_seat_answer(game, row, secret), 200)


@bp.delete("/games/<public_id>/seats/<int:seat>")
def free(public_id: str, seat: int):
    """The editor frees a seat: its phone's secret no longer counts."""
    game = editable_game(public_id, bearer_only=True)
    free_seat(game, seat)
    return _committed(seating_json(game), 200)


@bp.put("/games/<public_id>/seats/<int:seat>/part")
def part(public_id: str, seat: int):
    """A seat's part of the open hand; the hand is recorded when it is the last one in."""
    body = bodies.shaped("Part", bodies.object_body())

    def send() -> dict:
        game = get_game(public_id)
        by = _sender(game, seat)
        require_seat(game, seat)  # a game open for seats, and a seat it has (the editor names any)
        refuse_closed_hands(game)  # a club table's final result takes no more hands (as the seat page)
        status = send_part(game, seat, body["hand"], body["part"], by=by)
        return {**status, "game": game_urls(game)}

    answer = retried(send)
    return _committed(answer, 200)


@bp.post("/games/<public_id>/seats/<int:seat>/turn")
def turn(public_id: str, seat: int):
    """A seat's own turn of the Crib Rummy hand in play, recorded at once; ``turn`` is the number
    of the turn the phone saw as due, so a turn sent again after it was recorded is a 409."""
    body = bodies.shaped("Turn", bodies.object_body())

    def send() -> dict:
        game = get_game(public_id)
        if _sender(game, seat) == "editor":
            raise NotEditor(EDITOR_TURN)
        require_seat(game, seat)
        refuse_closed_hands(game)
        done = due_turn(game, seat, body["hand"], body["turn"], {"melds": body.get("melds") or []})
        return {**done, "game": game_urls(game)}

    return _committed(retried(send), 200)


@bp.put("/games/<public_id>/seats/<int:seat>/part/confirmation")
def confirm(public_id: str, seat: int):
    """Another seated player confirms a seat's part (looks right) or disputes it; with the edit
    secret, the editor settles it."""
    body = bodies.shaped("Confirmation", bodies.object_body())

    def answer() -> dict:
        game = get_game(public_id)
        by = _confirmer(game)
        refuse_closed_hands(game)  # a club table's final result: no part confirmed records a hand
        right, why, seen = body["looks_right"], body.get("reason"), body.get("seen")
        # the hand as it is now, as this secret may read it (its parts read once, after the change)
        status = confirm_part(
            game, seat, body["hand"], by=by, looks_right=right, reason=why, seen=seen, shown=_seen
        )
        return {**status, "game": game_urls(game)}

    return _committed(retried(answer), 200)


@bp.post("/games/<public_id>/seating/close")
def close(public_id: str):
    """The editor closes the open hand with the parts that are in, where the variant allows it."""
    body = bodies.shaped("CloseHand", bodies.object_body())

    def answer() -> dict:
        game = editable_game(public_id, bearer_only=True)
        refuse_closed_hands(game)
        return {**close_hand(game, body["hand"]), "game": game_urls(game)}

    return _committed(retried(answer), 200)


def _seen(game, parts: dict[int, Any]) -> dict[str, Any]:
    """The open hand (``parts``: its parts) with only what this request may read, as the seat page
    shows it. The game's edit secret: every dispute reason and every part that is in. A seat's
    secret: the reasons of its own part or its own dispute, and its own part and those waiting for
    its confirmation (``to_check``). No secret: none (the seating is public). Each part with its
    ``part_seen``, which a confirmation sends back."""
    hand = {**hand_status(game, parts), "reasons": dispute_reasons(game, parts)}
    secret = bearer_secret()
    if secret_matches(game, secret):
        return {**hand, "parts": _parts(parts, None)}
    held = seat_of_secret(game, secret)  # None without a secret, or with one that is no seat's
    if held is None:
        return {**hand, "reasons": {}, "parts": {}}
    mine = {held.seat}
    reasons = {s: why for s, why in hand["reasons"].items() if mine & {int(s), hand["disputed"].get(s)}}
    return {
        **hand,
        "reasons": reasons,
        "parts": _parts(parts, {held.seat, *to_check(game, held.seat, hand)}),
    }


def _parts(parts: dict[int, Any], seats: set[int] | None) -> dict[str, dict[str, Any]]:
    """The open hand's ``parts`` of ``seats`` (None: every one), by seat, each with its fingerprint."""
    return {
        str(s): {"part": row.part, "seen": part_seen(row.part)}
        for s, row in sorted(parts.items())
        if seats is None or s in seats
    }


def _confirmer(game) -> int | None:
    """The seat whose phone sends this (None: the game's editor)."""
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(NO_SEAT_SECRET)
    if secret_matches(game, secret):
        return None
    held = seat_of_secret(game, secret)
    if held is None:
        raise NotEditor(WRONG_SEAT_SECRET)
    return held.seat


def _sender(game, seat: int) -> str:
    """ "editor" or "seat": whose secret the request holds (401 without one, 403 for a wrong one)."""
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(NO_SEAT_SECRET)
    if secret_matches(game, secret):
        return "editor"
    held = seat_of_secret(game, secret)
    if held is None or held.seat != seat:
        raise NotEditor(WRONG_SEAT_SECRET)
    return "seat"


def _seat_answer(game, row, secret: str | None) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "seat": row.seat,
        "name": game.players[row.seat].name,
        "holder": row.holder,
        "urls": {"seating": external_url("seats_api.seating", public_id=game.public_id)},
    }
    if secret:
        answer["secret"] = secret
        answer["urls"]["seat"] = external_url("seats.seat_link", public_id=game.public_id, secret=secret)
    return answer


def _committed(body: dict, status: int, headers: dict | None = None):
    db.session.commit()
    return jsonify(body), status, headers or {}
