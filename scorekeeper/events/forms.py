"""The organiser's forms (WTForms): the shape of the input only; the club's services judge the rest."""

from __future__ import annotations

from datetime import date
from functools import cache

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, Regexp
from wtforms.widgets import CheckboxInput, ListWidget

from ..limits import NAME_MAX
from ..services.club.events import ROUNDS_MAX
from ..storage.club_models import EVENT_NAME_MAX, REASON_MAX
from ..tables.forms import variant_choices
from .words import EVENING_POINTS_NAMES, RULE_NAMES, SCHEME_NAMES, TIEBREAK_NAMES

NUMBER = {"inputmode": "numeric", "autocomplete": "off"}


def _choices(names: dict[str, str]) -> list[SelectChoice]:
    """A choice field's choices (key, name), each name said in the reader's language (marked in words.py)."""
    return [SelectChoice(key, _l(name)) for key, name in names.items()]


class NewEventForm(FlaskForm):
    """A new club night of a table."""

    name = StringField(
        _l("Name of the evening"),
        validators=[DataRequired(message=_l("give the evening a name")), Length(max=EVENT_NAME_MAX)],
        render_kw={"autocomplete": "off", "maxlength": EVENT_NAME_MAX},
    )
    held_on = DateField(_l("Date"), validators=[Optional()], description=_l("Leave empty for today."))
    variant = SelectField(_l("Game"), default="rummikub")
    game_name = StringField(
        _l("Name of the game"),
        validators=[Optional(), Length(max=NAME_MAX)],
        description=_l("Only for “Any other game”: the game played, e.g. Five Crowns."),
        render_kw={"autocomplete": "off", "maxlength": NAME_MAX},
    )
    low_wins = BooleanField(_l("The lowest total wins"), description=_l("Only for “Any other game”."))
    rounds = IntegerField(
        _l("Rounds"),
        default=4,
        validators=[
            InputRequired(message=_l("give the number of rounds")),
            NumberRange(
                1, ROUNDS_MAX, message=_l("An evening's rounds are from 1 to %(count)s.", count=ROUNDS_MAX)
            ),
        ],
        description=_l("The qualifying rounds; a cut to a final adds its own."),
        render_kw=NUMBER,
    )
    scheme = RadioField(_l("How the evening ranks"), choices=_choices(SCHEME_NAMES), default="places")
    scale = StringField(
        _l("Points by place"),
        default="4 2 1 0",
        validators=[
            Regexp(r"^\s*(\d+(\.\d+)?\s+){3}\d+(\.\d+)?\s*$", message=_l("four numbers, e.g. 4 2 1 0"))
        ],
        description=_l("At a table of 4, first to last (tournament points by place only)."),
        render_kw={"autocomplete": "off"},
    )
    tiebreak_1 = SelectField(_l("First tiebreak"), choices=_choices(TIEBREAK_NAMES), default="head_to_head")
    tiebreak_2 = SelectField(_l("Second tiebreak"), choices=_choices(TIEBREAK_NAMES), default="wins")
    tiebreak_3 = SelectField(_l("Third tiebreak"), choices=_choices(TIEBREAK_NAMES), default="best_game")
    fives = BooleanField(
        _l("Allow a table of 5"), description=_l("Only when 3s and 4s cannot seat everyone.")
    )
    twos = BooleanField(_l("Allow a table of 2"), description=_l("Only when 3s and 4s cannot seat everyone."))
    round_minutes = IntegerField(
        _l("Round timer (minutes)"),
        default=0,
        validators=[
            InputRequired(message=_l("give the minutes, 0 for no timer")),
            NumberRange(0, 240, message=_l("A round's timer is from 0 (none) to 240 minutes.")),
        ],
        description=_l("Shown on the standings screen; 0: no timer."),
        render_kw=NUMBER,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant.choices = variant_choices()
        if not self.held_on.data and not self.is_submitted():
            self.held_on.data = date.today()

    def settings(self) -> dict:
        """The form's values as :func:`scorekeeper.services.club.create_event` takes them."""
        options = {}
        if self.variant.data == "points":
            options = {"high_wins": not self.low_wins.data}
            if (self.game_name.data or "").strip():
                options["game_name"] = self.game_name.data.strip()
        return {
            "name": self.name.data,
            "held_on": self.held_on.data or date.today(),
            "variant": self.variant.data,
            "options": options,
            "rounds": self.rounds.data,
            "scheme": self.scheme.data,
            "scale": [float(p) for p in self.scale.data.split()],
            "tiebreaks": [self.tiebreak_1.data, self.tiebreak_2.data, self.tiebreak_3.data],
            "fives": self.fives.data,
            "twos": self.twos.data,
            "round_minutes": self.round_minutes.data,
        }


class CheckInForm(FlaskForm):
    """Players ticked on the roster, and a new name."""

    members = SelectMultipleField(
        _l("On the roster"), coerce=int, widget=ListWidget(prefix_label=False), option_widget=CheckboxInput()
    )
    name = StringField(
        _l("A new name"),
        validators=[Optional(), Length(max=NAME_MAX)],
        description=_l("Joins the club's roster too."),
        render_kw={"autocomplete": "off", "autocapitalize": "words", "maxlength": NAME_MAX},
    )


class CheckOutForm(FlaskForm):
    member = IntegerField(validators=[InputRequired()])


class SeenRoundsForm(FlaskForm):
    """A change to the evening's rounds: ``rounds``, the rounds seated when the page was shown (a
    round seated since makes it a stale page: 409)."""

    rounds = IntegerField(validators=[InputRequired(), NumberRange(0, 1000)])


class EndForm(SeenRoundsForm):
    """End the evening."""


class ReopenForm(FlaskForm):
    """Reopen an ended evening: its CSRF token alone."""


class SeatForm(SeenRoundsForm):
    rule = RadioField(_l("How the round is seated"), choices=_choices(RULE_NAMES), default="draw")
    seed = StringField(
        _l("Seed (optional)"),
        validators=[Optional(), Regexp(r"^\s*\d{1,9}\s*$", message=_l("a seed is a whole number"))],
        description=_l("Empty: a new draw. The seed of a printed draw seats it again."),
        render_kw=NUMBER,
    )


class CutForm(SeenRoundsForm):
    kind = RadioField(
        _l("The cut"),
        choices=[
            SelectChoice("final", _l("The top 4 to one final table")),
            SelectChoice("semis", _l("Semi-finals: tables 1-3-5-7 and 2-4-6-8, then the final")),
        ],
        default="final",
    )


class OverrideForm(FlaskForm):
    """The organiser's result for a table: a score per player (fields ``score_<seat>``) and why."""

    reason = StringField(
        _l("Why"),
        validators=[
            DataRequired(message=_l("Say why the result is set by the organiser.")),
            Length(max=REASON_MAX),
        ],
        render_kw={"autocomplete": "off", "maxlength": REASON_MAX},
    )


def override_form(players: int, **kwargs) -> OverrideForm:
    """An :class:`OverrideForm` with a score field for each of ``players`` seats (``formdata=None``:
    an empty one, else the request's)."""
    return _override_class(players)(**kwargs)


@cache
def _override_class(players: int) -> type[OverrideForm]:
    """The override form of a table of ``players``, made once per size (a page shows one per table)."""
    fields = {
        f"score_{seat}": IntegerField(
            validators=[InputRequired(message=_l("give every player a score"))],
            render_kw={"inputmode": "numeric", "autocomplete": "off"},
        )
        for seat in range(players)
    }
    return type(f"TableOverride{players}", (OverrideForm,), fields)


class SeasonForm(FlaskForm):
    """The league table's settings, in the address (nothing is kept)."""

    class Meta:
        csrf = False

    best = IntegerField(
        _l("Best evenings counted"),
        validators=[Optional(), NumberRange(1, 100, message=_l("at least 1 evening"))],
        description=_l("Empty: every evening counts."),
        render_kw=NUMBER,
    )
    bonus = IntegerField(
        _l("Attendance bonus"),
        default=0,
        validators=[Optional(), NumberRange(0, 100, message=_l("from 0 to 100 points"))],
        description=_l("League points for each evening attended, counted or not."),
        render_kw=NUMBER,
    )
    points = RadioField(_l("Each evening counts"), choices=_choices(EVENING_POINTS_NAMES), default="places")
    #: the club's years are its choices (the page sets them)
    year = SelectField(_l("Evenings of"), choices=[SelectChoice("", _l("every year"))], default="")
