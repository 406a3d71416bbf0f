"""The seated phone's pages: the seat's link, which keeps the seat secret on the phone, and the seat
page (``/games/<id>/seat``), which shows this phone's own part of the open hand, who is still to
enter ("2 of 4 in", live), and lets a phone without a seat take a free one by name."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext

from .. import live
from ..api.idempotency import kept
from ..live.stream import follow
from ..live.versions import game_channel
from ..offline.sending import queued_send
from ..rules import RoundError, find_variant
from ..services import Conflict, GameNotFound, NotEditor, ServiceError, game_stamp, get_game
from ..services.seats import (
    OWN_PARTS,
    confirm_part,
    dispute_reasons,
    hand_status,
    open_seats,
    seat_of_secret,
    seating_of,
    seats_of,
    send_part,
    take_seat,
    to_check,
)
from ..services.seats.closing import closable
from ..services.seats.parts import open_parts, retried
from ..services.seats.turns import turn_kind, turn_status
from ..storage.extensions import db
from ..storage.seat_models import DISPUTE_REASON_MAX
from ..web.access import can_edit, keep_secret, require_editor
from ..web.errors import error_body
from ..web.features import hands_closed, refuse_closed_hands
from ..web.form_once import once_secret, taken_once
from ..web.headers import no_store
from .given_once import given_once
from .part_form import CARD_KINDS, card_part, form_number, form_values, part_choices, total

bp = Blueprint("seats", __name__)
#: the cookie holding a phone's seat secret for one game (``seat_<game id>``)
COOKIE_PREFIX = "seat_"
#: a form from a phone that holds no seat of this game
NO_SEAT = lazy_gettext("This phone holds no seat in this game: take one on the seat page first.")


def seat_cookie(public_id: str) -> str:
    """The name of the cookie holding this phone's seat secret for the game ``public_id``."""
    return COOKIE_PREFIX + public_id


@bp.get("/games/<public_id>/seat/<secret>")
def seat_link(public_id: str, secret: str):
    """Keep the seat secret on this phone and show its seat page; a secret that is no seat's (freed,
    or given to another phone) says so and keeps nothing."""
    game = get_game(public_id)
    seat = seat_of_secret(game, secret)
    response = redirect(url_for("seats.seat_page", public_id=game.public_id))
    if seat is None:
        flash(
            gettext(
                "This seat link no longer counts: the game's editor freed the seat or gave it to another phone."
            ),
            "error",
        )
        return response
    flash(gettext("This phone holds %(name)s's seat.", name=game.players[seat.seat].name), "success")
    return keep_secret(response, seat_cookie(game.public_id), secret)


@bp.get("/games/<public_id>/seat")
@no_store
def seat_page(public_id: str):
    """This phone's seat: its own part of the open hand, or the free seats to take (for the editor,
    once, a seat just given to a new phone)."""
    game = get_game(public_id)
    return _page(game, given=given_once(game))


@bp.post("/games/<public_id>/seat/take")
@taken_once  # a double tap: the second is given the seat the first took (it was told "taken")
def take(public_id: str):
    """Take the seat of the player named in the form, on this phone (once)."""
    game = get_game(public_id)
    made = once_secret(COOKIE_PREFIX)
    try:
        _row, secret = take_seat(game, request.form.get("name", ""), made(game.public_id) if made else None)
    except (ServiceError, RoundError) as err:
        db.session.rollback()
        return _page(game, problems=[str(err)], status=409)
    db.session.commit()
    response = redirect(url_for("seats.seat_page", public_id=game.public_id))
    return keep_secret(response, seat_cookie(game.public_id), secret)


@bp.post("/games/<public_id>/seat/open")
def open_seating(public_id: str):
    """The editor opens the game for seats (with who must confirm a part)."""
    game = get_game(public_id)
    require_editor(game)
    try:
        open_seats(game, request.form.get("confirm", "none"))
    except RoundError as err:
        db.session.rollback()
        return _page(game, problems=_reasons(err), status=422)
    db.session.commit()
    flash(gettext("The game is open for seats: each phone takes its own seat here."), "success")
    return redirect(url_for("seats.seat_page", public_id=game.public_id))


@bp.post("/games/<public_id>/seat")
@kept
@taken_once  # a double tap on the last part: the second was told the part that recorded the hand was not kept
def send(public_id: str):
    """Send this seat's part of the open hand; the hand is recorded when it is the last one in.
    A part sent from the phone's queue (static/js/seat-part.js: an Idempotency-Key, recorded once
    per key) is answered in JSON: 201 kept, else the refusal (409 a hand already recorded, 422)."""
    game = get_game(public_id)
    seat = sending_seat(game)
    if seat is None:  # the editor: no seat of its own
        if queued_send():  # a queued part whose seat this phone no longer holds: refused for good, in JSON
            return jsonify(error_body(gettext("Your part was not kept."), [NO_SEAT], refused=True)), 403
        return redirect(url_for("seats.seat_page", public_id=game.public_id))
    values = form_values(request.form)
    hand = form_number(request.form, "hand_number") or 0  # none, or not a number: no hand 0 is open
    try:
        refuse_closed_hands(game)  # a feature's game that takes no more hands (a club table's final result)
        part = _part(OWN_PARTS.get(game.variant, ""), values)
        status = retried(lambda: send_part(get_game(public_id), seat, hand, part))
    except (ServiceError, RoundError) as err:
        db.session.rollback()
        if queued_send():  # refused for good: the phone shows why until its player dismisses it
            body = error_body(gettext("Your part was not kept."), _reasons(err), refused=True)
            return jsonify(body), _refused(err)
        return _page(get_game(public_id), problems=_reasons(err), values=values, status=422)
    db.session.commit()
    if status["recorded"]:  # else the page says "Your part is in" in the hand's card, once
        _said(game, status, "")
    if queued_send():
        url = url_for("seats.seat_page", public_id=public_id)
        return jsonify({"recorded": status["recorded"] or 0, "game_url": url}), 201
    return redirect(url_for("seats.seat_page", public_id=public_id))


@bp.post("/games/<public_id>/seat/confirm")
def confirm(public_id: str):
    """This phone's seat says another player's part looks right, or not (a dispute); with
    ``settle`` the game's editor settles a dispute (accepts the part, or sends it back)."""
    game = get_game(public_id)
    by = None if request.form.get("settle") else _my_seat(game)
    if by is None:  # the editor settles (as the API's edit secret does); anybody else is refused
        if not request.form.get("settle") and not can_edit(game):
            raise NotEditor(NO_SEAT)
        require_editor(game)
    seat, hand = form_number(request.form, "seat"), form_number(request.form, "hand_number")
    if seat is None or hand is None or seat >= len(game.players):
        return _page(game, problems=[gettext("This form is not one of this page's.")], status=422)
    right, form = request.form.get("looks_right") == "1", request.form
    asked = {"looks_right": right, "reason": form.get("reason"), "seen": form.get("seen")}
    try:
        refuse_closed_hands(game)  # a club table's final result: no part confirmed records a hand
        status = retried(lambda: confirm_part(get_game(public_id), seat, hand, by=by, **asked))
    except (ServiceError, RoundError) as err:
        db.session.rollback()  # a Conflict (a part sent again since this page showed it, a hand closed): 409
        return _page(get_game(public_id), problems=_reasons(err), status=_refused(err))
    db.session.commit()
    name = game.players[seat].name
    if by is not None:
        done = (
            gettext("You confirmed %(name)s's part.", name=name)
            if right
            else gettext("You said %(name)s's part is not right: the game's editor settles it.", name=name)
        )
    elif right:
        done = gettext("%(name)s's part is accepted as sent.", name=name)
    else:
        done = gettext("%(name)s's part is sent back: %(name)s enters it again.", name=name)
    _said(game, status, done)
    return redirect(url_for("seats.seat_page", public_id=public_id))


def _said(game, status: dict, done: str) -> None:
    """Flash what a change did: the hand recorded, when it was, else ``done``."""
    if status["recorded"]:
        word = gettext(find_variant(game.variant).round_word)
        done = gettext("%(word)s %(number)s recorded.", word=word.capitalize(), number=status["recorded"])
    flash(done, "success")


@bp.get("/live/games/<public_id>/seat")
def follow_seat(public_id: str):
    """The game's changes for a seat page: the page fetches its own content after each one (this
    phone's own part and who is still to enter), never the game page's."""
    stamp = game_stamp(public_id)
    if stamp is None:
        raise GameNotFound(public_id)
    return follow(game_channel(public_id), live.game_version(stamp))


def _refused(err: Exception) -> int:
    """The status of a refused part or confirmation: 409 for a conflict (a hand already recorded,
    a part sent again since the page showed it), else 422 (the rules refuse it, a part not sent)."""
    return 409 if isinstance(err, Conflict) else 422


def _reasons(err: Exception) -> list:
    """What a refusal says, one sentence each (the engine's as its reasons, in the reader's language)."""
    return [m for _, m in err.errors] if isinstance(err, RoundError) else [str(err)]


def _page(game, problems: list | None = None, values: dict | None = None, status: int = 200, **extra: Any):
    stamp = game_stamp(game.public_id)
    seat = _my_seat(game)
    taken = seats_of(game)
    parts = open_parts(game)
    hand = hand_status(game, parts)
    # a dispute's typed reason: shown to the part's player, the one who disputed it, the editor
    reasons = dispute_reasons(game, parts)
    names = {p.seat: p.name for p in game.players}
    mine = seat is not None and seat in hand["in"]
    body = render_template(
        "seats/seat.html",
        layout=live.layout(live.fragment_requested()),
        live_version=live.game_version(stamp),
        game=game,
        variant=find_variant(game.variant),
        kind=OWN_PARTS.get(game.variant) or turn_kind(game.variant),
        turn=turn_status(game),  # Crib Rummy's hand in play, turn by turn (turn_views.py)
        part_choices=part_choices(game.variant),  # and the tap keypad (part_form.py)
        seating=seating_of(game),
        editor=can_edit(game),
        seat=seat,
        name=names.get(seat),
        free=[p.name for p in game.players if p.seat not in taken],
        hand=hand,
        waiting=[names[s] for s in hand["waiting"]],
        unconfirmed=[names[s] for s in hand["to_confirm"] if str(s) not in hand["disputed"]],
        disputes=[
            (names[int(s)], names[by], reasons.get(s) if can_edit(game) or seat in (int(s), by) else None)
            for s, by in hand["disputed"].items()
        ],
        to_check=[(s, names[s], parts[s].part) for s in to_check(game, seat, hand)],
        disputed_parts=_disputed_parts(game, hand, reasons, parts) if can_edit(game) else [],
        mine=mine,
        my_part=parts[seat].part if mine and seat in parts else None,  # shown on its phone as sent
        reason_max=DISPUTE_REASON_MAX,
        closable=closable(game),
        closed=hands_closed(game),  # a feature's reason the game takes no more hands
        problems=problems or [],
        values=values or {},
        holders=[(p.seat, p.name, taken[p.seat].holder if p.seat in taken else None) for p in game.players],
        **extra,
    )
    return body, status


def _disputed_parts(
    game, hand: dict, reasons: dict, parts: dict
) -> list[tuple[int, str, str, dict, str | None]]:
    """The disputed parts for the editor to settle: (seat, name, who disputes it, part, why) each."""
    return [
        (int(s), game.players[int(s)].name, game.players[by].name, parts[int(s)].part, reasons.get(s))
        for s, by in hand["disputed"].items()
    ]


def sending_seat(game) -> int | None:
    """The seat this phone sends for; None for the game's editor without a seat of its own (sent
    back to the seat page); anybody else is refused (NotEditor, 403)."""
    seat = _my_seat(game)
    if seat is None and not can_edit(game):
        raise NotEditor(NO_SEAT)
    return seat


def _my_seat(game) -> int | None:
    """The seat this phone holds (its seat cookie), or None."""
    held = seat_of_secret(game, request.cookies.get(seat_cookie(game.public_id)))
    return held.seat if held else None


def _part(kind: str, values: dict[str, str]) -> dict[str, Any]:
    """The part as the form sends it (RoundError for a total that is not a whole number)."""
    if kind in CARD_KINDS:
        return card_part(kind, values)
    points = total("points", values["points"].strip())
    out = bool(values["went_out"])
    if kind == "tiles":
        if out:
            return {"went_out": True}
        if values["rack"].strip():
            return {"rack": values["rack"].strip()}
        if points is not None:
            return {"points": points}
        raise RoundError([("part", gettext("Type your tiles or their total, or tick “I went out”."))])
    part: dict[str, Any] = {"laid": bool(values["laid"]), "went_out": out}
    if values["hand"].strip():
        part["hand"] = values["hand"].strip()
    elif points is not None:
        part["points"] = points
    return part
