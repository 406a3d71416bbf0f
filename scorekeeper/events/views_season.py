"""A club's season: its evenings add up to a league table (:func:`scorekeeper.club.league`), best N
of M, an attendance bonus as an option, each evening counted by place or by its points, the evenings
of one year or of every year. The settings are a small form in the address: nothing is kept, so the
page needs no secret. The page and the API add up the same evenings
(:func:`~scorekeeper.services.club.season.club_season`)."""

from __future__ import annotations

from flask import render_template, request
from flask_babel import lazy_gettext as _l
from wtforms import SelectChoice

from ..club import EVENING_POINTS
from ..printing.club_words import points_text
from ..printing.language import language_now
from ..services.club import EventRefused
from ..services.club.season import club_season
from ..services.tables import roster as tables
from .forms import SeasonForm
from .refusals import said
from .views import bp, club_events
from .words import EVENING_POINTS_NAMES


@bp.get("/tables/<table_id>/season")
def season(table_id: str):
    """The league table of the club's evenings, oldest evening first in its columns."""
    table = tables.get_table(table_id)
    form = SeasonForm(formdata=request.args if request.args else None)
    years = sorted({e.held_on.year for e in club_events(table)}, reverse=True)
    form.year.choices = [SelectChoice("", _l("every year"))] + [SelectChoice(str(y)) for y in years]
    events, rows, error, over = [], [], None, frozenset()
    if form.validate():
        try:
            found = club_season(
                table,
                int(form.year.data) if form.year.data else None,
                best=form.best.data,
                attendance_bonus=form.bonus.data or 0,
                points=form.points.data,
            )
        except EventRefused as err:
            error = said(err)
        else:
            events, over = found.evenings, found.over
            language = language_now()  # asked once, not for each of 5,000 cells
            rows = [
                {
                    "rank": line.rank,
                    "name": found.names.get(line.player, "?"),
                    "total": points_text(line.total, language),
                    "attended": line.attended,
                    "evenings": [
                        (None if v is None else points_text(v, language), counted)
                        for v, counted in zip(line.evenings, line.counted, strict=False)
                    ],
                }
                for line in found.lines
            ]
    return render_template(
        "events/season.html",
        table=table,
        form=form,
        events=events,
        still_played={e.id for e in events if e.id not in over},
        rows=rows,
        error=error,
        ways=EVENING_POINTS,
        way_names=EVENING_POINTS_NAMES,
    ), 200 if not form.errors else 422
