"""Tables' forms (WTForms): the shape of the input only; the services and the engine judge the rest."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import DateField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional

from ..limits import NAME_MAX, TABLE_NAME_MAX
from ..limits import RULING_NOTE_MAX as NOTE_MAX
from ..limits import RULING_TEXT_MAX as TEXT_MAX
from ..rules import variants
from ..web.described import option_word, variant_name
from ..web.languages import option_name

NAME = {"autocomplete": "off", "autocapitalize": "words", "maxlength": NAME_MAX}


class TableForm(FlaskForm):
    """A new table: its name and the roster, one name per line."""

    name = StringField(
        _l("Table name"),
        validators=[DataRequired(message=_l("give the table a name")), Length(max=TABLE_NAME_MAX)],
        description=_l("A family, friends, a club: whoever plays together."),
        render_kw={"autocomplete": "off", "maxlength": TABLE_NAME_MAX},
    )
    players = TextAreaField(
        _l("Players"),
        description=_l("One name per line; more can join later."),
        render_kw={"rows": 5, "autocapitalize": "words"},
    )


class AddPlayerForm(FlaskForm):
    name = StringField(
        _l("New player"),
        validators=[DataRequired(message=_l("give the new player a name"))],
        render_kw=NAME,
        id="new_player",
    )


class RenameForm(FlaskForm):
    member = SelectField(_l("Player"), coerce=int)
    name = StringField(
        _l("New name"),
        validators=[DataRequired(message=_l("give the new name"))],
        render_kw=NAME,
        id="new_name",
    )


class MergeForm(FlaskForm):
    keep = SelectField(_l("Keep"), coerce=int, description=_l("The entry that stays on the roster."))
    drop = SelectField(
        _l("Merge into it"),
        coerce=int,
        description=_l("This entry's games become the kept one's; no hand changes."),
    )


def option_choices() -> list[SelectChoice]:
    """``variant:option`` for every game option, labelled in words (the request's language)."""
    return [
        SelectChoice(f"{v['slug']}:{o['name']}", f"{v['name']}: {option_word(o['name'], False)}")
        for v in variants()
        for o in v["options"]
        if o["game"]
    ]


def variant_choices() -> list[SelectChoice]:
    return [SelectChoice(v["slug"], variant_name(v["name"])) for v in variants()]


def with_roster(form, members) -> FlaskForm:
    """Fill a form's player lists with the roster."""
    for field in form:
        if isinstance(field, SelectField) and field.name in ("member", "keep", "drop"):
            field.choices = [SelectChoice(m.id, option_name(m.name)) for m in members]
    return form


class RulingForm(FlaskForm):
    """What every ruling has: its day and a note."""

    decided_on = DateField(
        _l("Decided on"), validators=[Optional()], description=_l("Leave empty for today.")
    )
    note = TextAreaField(
        _l("Note"),
        validators=[Length(max=NOTE_MAX)],
        render_kw={"rows": 2},
        description=_l("Why, or who asked (optional)."),
    )


class OptionRulingForm(RulingForm):
    option = SelectField(_l("Option"), description=_l("Every game option of every variant."))
    value = StringField(
        _l("Value"),
        render_kw={"autocomplete": "off"},
        description=_l("The value the table plays with (on/off for a switch)."),
    )


class ReadingRulingForm(RulingForm):
    variant = SelectField(_l("Game"))
    question = StringField(
        _l("The unclear case"),
        validators=[DataRequired(message=_l("Write the question")), Length(max=TEXT_MAX)],
    )
    answer = StringField(
        _l("How the table reads it"),
        validators=[DataRequired(message=_l("write the answer")), Length(max=TEXT_MAX)],
    )
