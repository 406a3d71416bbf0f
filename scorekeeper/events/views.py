"""Club night's organiser pages (issue 39, docs/club-night.md): a new event from a table's page and
the event page (who is present, the round's tables, the standings, the log). Whoever holds the
club's table secret organises; every change needs it (403 without) and a CSRF token, answers with a
redirect (PRG), and a refusal is said on the page unchanged (409 when it collides with the evening's
state). Check-in, seating, overrides and cuts: :mod:`.views_round`; the season: :mod:`.views_season`."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from sqlalchemy import select
from wtforms import SelectChoice

from ..club import RULES, SCHEMES, TIEBREAKS
from ..printing.club_words import over_sentence
from ..rules import find_variant
from ..services import NotEditor, SetupError
from ..services.club import (
    create_event,
    current_round,
    delete_event,
    evening_over,
    get_event,
    names_of,
    present,
    round_open_tables,
)
from ..services.tables import roster as tables
from ..storage.club_models import ClubEvent
from ..storage.extensions import db
from ..storage.table_models import Table
from ..web import table_access as access
from ..web.described import variant_name
from ..web.form_once import taken_once
from ..web.languages import form_sentence
from .forms import CheckInForm, CheckOutForm, CutForm, NewEventForm, SeatForm, override_form
from .page import log_lines, round_tables, standing_rows
from .refusals import said
from .words import RULE_NAMES, STAGES, TIEBREAK_NAMES

bp = Blueprint("events", __name__)


def club_events(table) -> list[ClubEvent]:
    """The club's events, newest first."""
    query = (
        select(ClubEvent)
        .where(ClubEvent.table_id == table.id)
        .order_by(ClubEvent.held_on.desc(), ClubEvent.id.desc())
    )
    return list(db.session.execute(query).scalars())


def organised(public_id: str):
    """The event, its club and the club's secret for the organiser: 404 without the event, else 403
    without the table's secret."""
    event = get_event(public_id)
    table = db.session.get(Table, event.table_id)
    secret = access.held_secret(table)
    if secret is None:
        raise NotEditor(str(access.NOT_A_PHONE))
    return event, table, secret


@bp.route("/tables/<table_id>/events/new", methods=["GET", "POST"])
@taken_once  # a double tap goes to the evening the first tap set up
def new(table_id: str):
    """A new club night of the table (its phones only), and the club's events."""
    table = tables.get_table(table_id)
    form = NewEventForm()
    if form.is_submitted():
        table, _ = access.changeable_table(table_id)
    if form.validate_on_submit():
        try:
            event = create_event(table, **form.settings())
        except SetupError as err:
            db.session.rollback()
            for name, message in getattr(err, "sentences", err.errors):
                target = {"scale": "scale", "tiebreaks": "tiebreak_1"}.get(name, name)
                errors = form[target].errors if target in form else form.form_errors
                errors.append(form_sentence(message))
        else:
            db.session.commit()
            flash(gettext("The evening is set up: check the players in, then seat round 1."), "success")
            return redirect(url_for(".show", public_id=event.public_id))
    status = 422 if form.is_submitted() else 200
    page = render_template(
        "events/new.html",
        table=table,
        form=form,
        events=club_events(table),
        editor=access.can_change(table),
        schemes=SCHEMES,
        tiebreaks=TIEBREAKS,
        tiebreak_names=TIEBREAK_NAMES,
    )
    return page, status


@bp.get("/events/<public_id>")
def show(public_id: str):
    """The event page: who is present, the round's tables, the standings and the log."""
    return event_page(get_event(public_id))


@bp.post("/events/<public_id>/delete")
def delete_page(public_id: str):
    """Delete the evening (the organiser, having ticked that they mean it); the club's page after.
    The games played at its tables stay among the club's games."""
    event, table, _ = organised(public_id)
    if request.form.get("sure") != "1":
        return event_page(event, 422, refused=gettext("Tick “Yes, delete this evening” to delete it."))
    name = event.name
    delete_event(event)
    db.session.commit()
    flash(
        gettext(
            "The evening %(name)s is deleted; the games played at its tables stay among the club's games.",
            name=name,
        ),
        "success",
    )
    return redirect(url_for("tables.show", table_id=table.public_id))


def default_rule(event: ClubEvent) -> str:
    """Round 1 is drawn; later rounds seat by standing unless the organiser picks otherwise."""
    return "draw" if not event.event_rounds else "standing"


def event_page(event: ClubEvent, status: int = 200, refused: str | None = None, **forms):
    """The event page (``refused``: a refusal's sentence, the page as it was, with ``status``)."""
    table = db.session.get(Table, event.table_id)
    names = names_of(event)
    here = present(event)
    present_ids = {e.member_id for e in here}
    latest = current_round(event)
    stages = [r.stage for r in event.event_rounds]
    seat = forms.get("seat_form") or SeatForm(rule=default_rule(event))
    checkin = forms.get("checkin_form") or CheckInForm()
    checkin.members.choices = [SelectChoice(m.id, m.name) for m in table.members if m.id not in present_ids]
    overrides = forms.get("overrides", {})
    views = round_tables(event, names)
    return (
        render_template(
            "events/show.html",
            event=event,
            table=table,
            organiser=access.can_change(table),
            refused=refused,
            variant=variant_label(event),
            scheme_sentence=SCHEMES[event.scheme],
            tiebreak_sentences=[TIEBREAKS[t] for t in event.tiebreaks],
            rules=RULES,
            rule_names=RULE_NAMES,
            present=sorted((names.get(e.member_id, "?"), e) for e in here),
            round=latest,
            round_title=gettext(STAGES[latest.stage], number=latest.number) if latest else "",
            tables=views,
            waiting=bool(round_open_tables(latest)),
            cut_done="final" in stages,
            over=evening_over(event),
            over_sentence=over_sentence(),
            in_semis=bool(stages) and stages[-1] == "semi",
            qualifying=sum(1 for s in stages if s == "round"),
            next_number=len(stages) + 1,
            standings=standing_rows(event, names),
            log=log_lines(event),
            seat_form=seat,
            checkin_form=checkin,
            checkout_form=CheckOutForm(),
            cut_form=forms.get("cut_form") or CutForm(),
            override_forms={
                v.row.number: overrides.get(v.row.number)
                or override_form(len(v.names), formdata=None, prefix=f"table{v.row.number}")
                for v in views
            },
        ),
        status,
    )


def variant_label(event: ClubEvent) -> str:
    """The evening's game in words (a points game by its own name too)."""
    name = variant_name(find_variant(event.variant).name)
    game_name = (event.options or {}).get("game_name")
    return f"{name}: {game_name}" if game_name else name


def refused_page(event: ClubEvent, err, **forms):
    """A refusal (EventRefused) said on the page as it was, with its status."""
    db.session.rollback()
    event = get_event(event.public_id)
    return event_page(event, getattr(err, "status", 400), said(err), **forms)
