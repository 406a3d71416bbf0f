"""The game's editor on the seat page (issue 38, docs/own-phones.md): free a seat, keep it for a
player without a phone, or give it to a new phone (the page then shows the new seat link and its
QR code, once). The same services as the API's ``freeSeat`` and ``keepSeat``."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import gettext

from ..display.qr import share_qr
from ..services import ServiceError, get_game
from ..services.seats import free_seat, give_seat, hold_seat
from ..storage.extensions import db
from ..storage.models import utcnow
from ..web.access import require_editor
from ..web.addresses import external_url
from ..web.headers import no_store
from .views import _page, bp

__all__ = ["bp"]


@bp.post("/games/<public_id>/seat/manage")
@no_store
def manage(public_id: str):
    """The editor frees a seat, keeps it for a player without a phone, or gives it to a new phone."""
    game = get_game(public_id)
    require_editor(game)
    seat, action = request.form.get("seat", ""), request.form.get("action", "")
    if not seat.isdigit() or action not in ("free", "keep", "give"):
        return _page(game, problems=[gettext("This form is not one of this page's.")], status=422)
    try:
        if action == "free":
            free_seat(game, int(seat))
        elif action == "keep":
            hold_seat(game, int(seat))
        else:
            _row, secret = give_seat(game, int(seat))
    except ServiceError as err:
        db.session.rollback()
        return _page(game, problems=[str(err)], status=422)
    game.updated_at = utcnow()  # the seat pages follow the change live
    db.session.commit()
    name = get_game(public_id).players[int(seat)].name
    if action == "give":
        url = external_url("seats.seat_link", public_id=public_id, secret=secret)
        given = {"name": name, "url": url, "qr": share_qr(url)}
        return _page(get_game(public_id), given=given)
    said = {
        "free": gettext("%(name)s's seat is free: another phone may take it.", name=name),
        "keep": gettext("%(name)s's seat is kept for the editor, who enters %(name)s's part.", name=name),
    }
    flash(said[action], "success")
    return redirect(url_for("seats.seat_page", public_id=public_id))
