"""A seated phone's own turn of a Crib Rummy hand (issue 38, docs/own-phones.md): the phone whose
turn is due lays a meld, adds cards to one on the table, or passes; the turn is recorded at once
and every seat page moves on to the next player (:mod:`scorekeeper.services.seats.turns`, the
engine's check :mod:`scorekeeper.rules.turn_parts`). Its routes are added to :mod:`.views`'s
blueprint."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, request, url_for
from flask_babel import gettext, ngettext

from ..rules import RoundError, RulesError, find_variant
from ..services import ServiceError, get_game
from ..services.seats.parts import retried
from ..services.seats.turns import TurnRecorded, due_turn
from ..storage.extensions import db
from ..web.features import refuse_closed_hands
from .part_form import form_number
from .views import _page, _reasons, bp, sending_seat

__all__ = ["bp"]


@bp.post("/games/<public_id>/seat/turn")
def send_turn(public_id: str):
    """This seat's turn of the Crib Rummy hand in play: a meld laid or added to, or a pass."""
    game = get_game(public_id)
    seat = sending_seat(game)
    if seat is None:  # the editor: no seat of its own
        return redirect(url_for("seats.seat_page", public_id=game.public_id))
    values = {"cards": request.form.get("cards", ""), "extend": request.form.get("extend", "")}
    hand = form_number(request.form, "hand_number")
    if hand is None:
        return _page(game, problems=[gettext("This form is not one of this page's.")], status=422)
    due = form_number(request.form, "turn_number")  # the turn the page showed as due (a resubmit: past)
    try:
        refuse_closed_hands(game)  # a club table's final result takes no more hands
        turn = _turn(request.form.get("action", ""), values)
        done = retried(lambda: due_turn(get_game(public_id), seat, hand, due, turn))
    except (ServiceError, RulesError) as err:  # RoundError, and a variant not played turn by turn
        db.session.rollback()
        status = 409 if isinstance(err, TurnRecorded) else 422
        return _page(get_game(public_id), problems=_reasons(err), values=values, status=status)
    db.session.commit()
    said = ngettext(
        "Your turn is in: %(num)d point pegged.", "Your turn is in: %(num)d points pegged.", done["pegs"]
    )
    if done["ended"]:
        word = gettext(find_variant(game.variant).round_word)
        said = gettext("%(word)s %(number)s ended.", word=word.capitalize(), number=done["hand"])
    flash(said, "success")
    return redirect(url_for("seats.seat_page", public_id=public_id))


def _turn(action: str, values: dict[str, str]) -> dict[str, Any]:
    """The turn as the form sends it: a pass, or one meld (new, or added to the table's meld)."""
    if action == "pass":
        return {"melds": []}
    cards, extend = values["cards"].strip(), values["extend"].strip()
    if not cards:
        raise RoundError([("part.cards", gettext("Type the cards you lay, or tap “Pass”."))])
    meld: dict[str, Any] = {"cards": cards}
    if extend:
        meld["extend"] = form_number(values, "extend")
        if meld["extend"] is None:
            raise RoundError([("part.extend", gettext("This form is not one of this page's."))])
    return {"melds": [meld]}
