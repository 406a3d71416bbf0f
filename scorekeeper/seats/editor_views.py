"""The game's editor on the seat page (issue 38, docs/own-phones.md): free a seat, keep it for a
player without a phone, or give it to a new phone (answered with a redirect to the seat page, which
then shows the new seat link and its QR code once, :mod:`.given_once`); and fill in a part still to
enter (a lost phone, a player without one), recorded as entered by the editor. The same services as
the API's ``freeSeat``, ``keepSeat`` and ``sendPart``."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import gettext

from ..rules import RoundError
from ..services import Conflict, ServiceError, get_game
from ..services.seats import OWN_PARTS, free_seat, give_seat, hold_seat, send_part
from ..services.seats.closing import close_hand
from ..services.seats.parts import retried
from ..storage.extensions import db
from ..storage.models import utcnow
from ..web.access import require_editor
from ..web.features import refuse_closed_hands
from ..web.headers import no_store
from .given_once import keep_given
from .part_form import form_number, form_values
from .views import _page, _part, _reasons, _said, bp

__all__ = ["bp"]


@bp.post("/games/<public_id>/seat/manage")
@no_store
def manage(public_id: str):
    """The editor frees a seat, keeps it for a player without a phone, or gives it to a new phone."""
    game = get_game(public_id)
    require_editor(game)
    seat, action = form_number(request.form, "seat"), request.form.get("action", "")
    if seat is None or action not in ("free", "keep", "give"):
        return _page(game, problems=[gettext("This form is not one of this page's.")], status=422)
    try:
        if action == "free":
            free_seat(game, seat)
        elif action == "keep":
            hold_seat(game, seat)
        else:
            _row, secret = give_seat(game, seat)
    except ServiceError as err:
        db.session.rollback()
        return _page(game, problems=[str(err)], status=422)
    game.updated_at = utcnow()  # the seat pages follow the change live
    db.session.commit()
    if action == "give":  # POST-redirect-GET: the link shows once, a reload gives nothing again
        keep_given(public_id, seat, secret)
        return redirect(url_for("seats.seat_page", public_id=public_id), 303)
    name = get_game(public_id).players[seat].name
    said = {
        "free": gettext("%(name)s's seat is free: another phone may take it.", name=name),
        "keep": gettext("%(name)s's seat is kept for the editor, who enters %(name)s's part.", name=name),
    }
    flash(said[action], "success")
    return redirect(url_for("seats.seat_page", public_id=public_id))


@bp.post("/games/<public_id>/seat/fill")
def fill(public_id: str):
    """The editor enters a player's part still missing (as the API's ``sendPart`` with the edit
    secret: the part counts as the editor's, and needs no confirmation)."""
    game = get_game(public_id)
    require_editor(game)
    seat, hand = form_number(request.form, "seat"), form_number(request.form, "hand_number")
    if seat is None or hand is None or seat >= len(game.players):
        return _page(game, problems=[gettext("This form is not one of this page's.")], status=422)
    values = form_values(request.form)
    try:
        refuse_closed_hands(game)  # a club table's final result takes no more hands (as a seat's part)
        part = _part(OWN_PARTS.get(game.variant, ""), values)
        # a part still to enter: one the seat's phone sent meanwhile is not replaced unseen
        status = retried(lambda: send_part(get_game(public_id), seat, hand, part, by="editor", missing=True))
    except (ServiceError, RoundError) as err:
        db.session.rollback()
        filling = {**values, "seat": seat}
        status = 409 if isinstance(err, Conflict) else 422  # (a part sent meanwhile, a hand recorded)
        return _page(get_game(public_id), problems=_reasons(err), filling=filling, status=status)
    db.session.commit()
    name = get_game(public_id).players[seat].name
    _said(game, status, gettext("%(name)s's part is in, entered by the editor.", name=name))
    return redirect(url_for("seats.seat_page", public_id=public_id))


@bp.post("/games/<public_id>/seat/close")
def close(public_id: str):
    """The editor closes the open hand with the parts that are in, where the variant allows it (the
    players without a part sat it out; as the API's ``closeHand``)."""
    game = get_game(public_id)
    require_editor(game)
    hand = form_number(request.form, "hand_number")
    if hand is None:
        return _page(game, problems=[gettext("This form is not one of this page's.")], status=422)
    try:
        refuse_closed_hands(game)
        status = retried(lambda: close_hand(get_game(public_id), hand))
    except (ServiceError, RoundError) as err:
        db.session.rollback()
        return _page(get_game(public_id), problems=_reasons(err), status=422)
    db.session.commit()
    _said(game, status, "")
    return redirect(url_for("seats.seat_page", public_id=public_id))
