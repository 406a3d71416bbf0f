"""A seat given to a new phone, shown once (issue 38, docs/own-phones.md): the editor's "New phone"
is answered with a redirect to the seat page (POST-redirect-GET), and the new seat link and its QR
code wait in the editor's session for that one showing. A reload of the seat page then gives the
seat to no other phone, and shows the link no more (the seat keeps the secret it was given)."""

from __future__ import annotations

from typing import Any

from flask import session

from .. import live
from ..display.qr import share_qr
from ..services.seats import seat_of_secret
from ..web.addresses import external_url

#: the session key holding the seat just given: its game, seat and secret
GIVEN = "seat_given"


def keep_given(public_id: str, seat: int, secret: str) -> None:
    """Keep the seat just given for the seat page's next showing (one only)."""
    session[GIVEN] = {"game": public_id, "seat": seat, "secret": secret}


def given_once(game) -> dict[str, Any] | None:
    """The seat given to a new phone, for this one showing of the seat page: the player's name, the
    seat link and its QR code; None when nothing waits (or the seat was given or freed again since).
    The live page's own refetches leave it waiting for the page itself."""
    if live.fragment_requested():
        return None
    kept = session.get(GIVEN)
    if not isinstance(kept, dict) or kept.get("game") != game.public_id:
        return None
    session.pop(GIVEN)
    held = seat_of_secret(game, kept.get("secret"))
    if held is None or held.seat != kept.get("seat"):
        return None
    url = external_url("seats.seat_link", public_id=game.public_id, secret=kept["secret"])
    return {"name": game.players[held.seat].name, "url": url, "qr": share_qr(url)}
