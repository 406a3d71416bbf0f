"""A club's season: its evenings add up to a league table (:func:`scorekeeper.club.league`), best N
of M, an attendance bonus as an option, each evening counted by place or by its points. The settings
are a small form in the address: nothing is kept, so the page needs no secret."""

from __future__ import annotations

from flask import render_template, request

from ..club import EVENING_POINTS, ClubError, league
from ..services.club import event_standings, names_of
from ..services.tables import roster as tables
from .forms import SeasonForm
from .page import points_text
from .refusals import said
from .views import bp, club_events
from .words import EVENING_POINTS_NAMES


@bp.get("/tables/<table_id>/season")
def season(table_id: str):
    """The league table of the club's evenings, oldest evening first in its columns."""
    table = tables.get_table(table_id)
    form = SeasonForm(formdata=request.args if request.args else None)
    events = list(reversed(club_events(table)))
    lines, error = [], None
    if form.validate():
        names: dict[int, str] = {}
        evenings = []
        for event in events:
            names.update(names_of(event))
            evenings.append(event_standings(event))
        try:
            lines = league(
                evenings, best=form.best.data, attendance_bonus=form.bonus.data or 0, points=form.points.data
            )
        except ClubError as err:
            error = said(err)
        rows = [
            {
                "rank": line.rank,
                "name": names.get(line.player, "?"),
                "total": points_text(line.total),
                "attended": line.attended,
                "evenings": [
                    (None if v is None else points_text(v), counted)
                    for v, counted in zip(line.evenings, line.counted, strict=False)
                ],
            }
            for line in lines
        ]
    else:
        rows = []
    return render_template(
        "events/season.html",
        table=table,
        form=form,
        events=events,
        rows=rows,
        error=error,
        ways=EVENING_POINTS,
        way_names=EVENING_POINTS_NAMES,
    ), 200 if not form.errors else 422
