"""The organiser's changes to an evening (each a POST with the club's table secret and a CSRF token,
then a redirect to the event page): check players in and out, seat the next round, set a table's
result, cut to a final, end the evening. A refusal is said on the page as it was (409 when the evening's state says
so)."""

from __future__ import annotations

from flask import flash, redirect, url_for
from flask_babel import gettext, ngettext
from wtforms import SelectChoice

from ..services.club import (
    EventRefused,
    check_in,
    check_out,
    current_round,
    cut,
    end_evening,
    override,
    reopen_evening,
    seat_next,
)
from ..services.club.rounds import NO_ROUNDS_SEEN
from ..storage.extensions import db
from .forms import CheckInForm, CheckOutForm, CutForm, EndForm, ReopenForm, SeatForm, override_form
from .views import bp, event_page, organised, refused_page


def _back(event, message: str):
    db.session.commit()
    flash(message, "success")
    return redirect(url_for(".show", public_id=event.public_id))


@bp.post("/events/<public_id>/check-in")
def check_in_page(public_id: str):
    """Check in the players ticked on the roster, and a new name (who joins the roster)."""
    event, table, _ = organised(public_id)
    form = CheckInForm()
    form.members.choices = [SelectChoice(m.id, m.name) for m in table.members]
    if not form.validate_on_submit():
        return event_page(event, 422, checkin_form=form)
    names = [m.name for m in table.members if m.id in set(form.members.data or [])]
    if (form.name.data or "").strip():
        names.append(form.name.data)
    if not names:
        form.members.errors = [gettext("tick a name or write a new one")]
        return event_page(event, 422, checkin_form=form)
    try:
        entrants = check_in(event, names)
    except EventRefused as err:
        return refused_page(event, err, checkin_form=form)
    return _back(event, ngettext("%(num)s player checked in.", "%(num)s players checked in.", len(entrants)))


def _attempt(event, form, shown: dict, change, said):
    """The organiser's change: ``form`` checked (422 with its errors, ``shown`` the page's forms), then
    ``change()``; a refusal is said on the page as it was, else ``said(result)`` is flashed (PRG)."""
    if not form.validate_on_submit():
        if getattr(form, "rounds", None) is not None and form.rounds.errors:  # a hidden field: said here
            return refused_page(event, EventRefused(NO_ROUNDS_SEEN, 422), **shown)
        return event_page(event, 422, **shown)
    try:
        done = change()
    except EventRefused as err:
        return refused_page(event, err, **shown)
    return _back(event, said(done))


@bp.post("/events/<public_id>/check-out")
def check_out_page(public_id: str):
    """A player leaves after the round being played (their line stays in the standings)."""
    event, _, _ = organised(public_id)
    form = CheckOutForm()
    return _attempt(
        event,
        form,
        {},
        lambda: check_out(event, form.member.data),
        lambda _: gettext("Checked out: not seated in the next round, their line stays."),
    )


@bp.post("/events/<public_id>/seat")
def seat(public_id: str):
    """Seat the next round in one tap: the rule picked, a new seed (or the one typed again); from a
    page shown before another round was seated, refused (409)."""
    event, _, secret = organised(public_id)
    form = SeatForm()
    seed = (form.seed.data or "").strip()
    return _attempt(
        event,
        form,
        {"seat_form": form},
        lambda: seat_next(event, secret, form.rule.data, int(seed) if seed else None, form.rounds.data),
        lambda seated: gettext(
            "Round %(round)s is seated (seed %(seed)s).", round=seated.number, seed=seated.seed
        ),
    )


@bp.post("/events/<public_id>/tables/<int:number>/override")
def override_page(public_id: str, number: int):
    """The organiser sets a table's result of the round being played, with the reason (in the log)."""
    event, _, _ = organised(public_id)
    event_round = current_round(event)
    table = next((t for t in event_round.tables if t.number == number), None) if event_round else None
    if table is None:
        values = {"round": event_round.number if event_round else 1, "table": number}
        return refused_page(event, EventRefused("Round %(round)s has no table %(table)s.", **values))
    form = override_form(len(table.members), prefix=f"table{number}")
    return _attempt(
        event,
        form,
        {"overrides": {number: form}},
        lambda: override(
            event, table, [form[f"score_{s}"].data for s in range(len(table.members))], form.reason.data
        ),
        lambda _: gettext("Table %(table)s's result is set by the organiser.", table=number),
    )


@bp.post("/events/<public_id>/cut")
def cut_page(public_id: str):
    """One step to the final: the top 4 to one table, or the semi-finals (then their final)."""
    event, _, secret = organised(public_id)
    form = CutForm()
    return _attempt(
        event,
        form,
        {"cut_form": form},
        lambda: cut(event, secret, form.kind.data, seen=form.rounds.data),
        lambda seated: (
            gettext("The semi-finals are seated.")
            if seated.stage == "semi"
            else gettext("The final is seated.")
        ),
    )


@bp.post("/events/<public_id>/end")
def end_page(public_id: str):
    """End an evening without a final (its standings as they are are final), once: a second tap, a
    page shown before the last round was seated or a table still playing is refused (409)."""
    event, _, _ = organised(public_id)
    form = EndForm()
    return _attempt(
        event,
        form,
        {},
        lambda: end_evening(event, form.rounds.data),
        lambda _: gettext("The evening has ended: its standings are final."),
    )


@bp.post("/events/<public_id>/reopen")
def reopen_page(public_id: str):
    """Take back an end tapped by mistake: the evening goes on (409 when it was not ended)."""
    event, _, _ = organised(public_id)
    return _attempt(
        event,
        ReopenForm(),
        {},
        lambda: reopen_evening(event),
        lambda _: gettext("The evening is reopened: its standings are no longer final."),
    )
