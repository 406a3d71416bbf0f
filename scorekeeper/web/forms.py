"""Game forms (WTForms): the shape of the input only; the rules engine judges the rest.

The new-game form is built per variant from :func:`scorekeeper.rules.variants`,
so every game option shows with its default and its one-line help without
this module knowing any rule.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, RadioField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import Length, Optional

from ..rules import find_variant, step_texts
from .described import described, option_word
from .languages import option_name

#: Prefix of option fields (``opt_target``), so option names never clash with ours.
OPT = "opt_"
#: What the Step list box asks for (KB-8).
STEPS_HELP = lazy_gettext(
    "One Step per line. Join the melds of a Step with “+”, e.g. book of 3 + run of 4 (KB-8)."
)


class ConfirmForm(FlaskForm):
    """A bare POST form (undo, rematch, delete): only the CSRF token."""


def player_field(seat: int) -> str:
    """Name of the form field holding the player in ``seat``."""
    return f"player_{seat}"


def new_game_form(variant: dict, formdata: Any = None) -> FlaskForm:
    """The new-game form for one variant (a dict from ``variants()``)."""

    typed = [str((formdata or {}).get(player_field(i)) or "").strip() for i in range(variant["max_players"])]

    dealt = find_variant(variant["slug"]).dealt
    word = gettext(
        variant.get("round_word", "hand")
    )  # "hand" and "round" are in the catalog (display/words.py)

    class NewGameForm(FlaskForm):
        first_dealer = SelectField(
            gettext("Deals first") if dealt else gettext("Plays first"),
            coerce=int,
            choices=[
                SelectChoice(i, option_name(typed[i]) if typed[i] else gettext("Player %(seat)s", seat=i + 1))
                for i in range(variant["max_players"])
            ],
            default=0,
            description=gettext(
                "Counted in seat order; the deal passes to the left each %(round_word)s.", round_word=word
            )
            if dealt
            # CT: a tile round's winner plays first in the next one (the sheet's step 14)
            else gettext(
                "Counted in seat order; then the winner of each %(round_word)s plays first in the next.",
                round_word=word,
            )
            if find_variant(variant["slug"]).deck_look == "tiles"
            else gettext(
                "Counted in seat order; who plays first passes to the left each %(round_word)s.",
                round_word=word,
            ),
            render_kw={"data-names": "player_"},
        )
        timer = StringField(
            gettext("Turn timer, seconds a turn"),
            validators=[Optional(), Length(max=5)],
            default="0",
            description=gettext("0: no timer. The editor starts, pauses and passes it; every phone sees it."),
            render_kw={"inputmode": "numeric", "autocomplete": "off"},
        )

    for seat in range(variant["max_players"]):
        needed = seat < variant["min_players"]
        setattr(
            NewGameForm,
            player_field(seat),
            StringField(
                gettext("Player %(seat)s", seat=seat + 1)
                if needed
                else gettext("Player %(seat)s (optional)", seat=seat + 1),
                validators=[Optional(), Length(max=40)],
                render_kw={"autocomplete": "off", "autocapitalize": "words", "maxlength": 40},
            ),
        )
    for option in variant["options"]:
        if option["game"]:
            setattr(NewGameForm, OPT + option["name"], option_field(option))
    form = NewGameForm(formdata=formdata) if formdata is not None else NewGameForm()
    form.variant = variant
    return form


def option_field(option: dict) -> Field:
    """One form field for an engine option: checkbox, choice list, number or text (its words in the
    request's language: web/described.py)."""
    label = option_word(option["name"])
    rule = f" ({option['rule']})" if option.get("rule") else ""
    help_text = described(option["help"]) + rule
    default = option["default"]
    if option["type"] == "bool":
        return BooleanField(label, default=bool(default), description=help_text)
    if option["choices"]:
        words = option.get("choice_words") or {}
        choices = [
            SelectChoice(
                str(c), f"{described(c)}: {described(words[str(c)])}" if str(c) in words else described(c)
            )
            for c in option["choices"]
        ]
        if option["optional"]:
            choices.insert(0, SelectChoice("", gettext("none")))
        # choices in words ("A: winner takes the racks; ...") are rows of their own, which wrap: a closed
        # list shows one line and cut them mid-word on a phone; bare values (61, 121, 241) stay a list
        kind = RadioField if words else SelectField
        return kind(
            label, choices=choices, default="" if default is None else str(default), description=help_text
        )
    if option["type"] == "int":
        return StringField(
            label,
            default="" if default is None else str(default),
            description=help_text,
            render_kw={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"},
        )
    if option["name"] == "steps":  # the box's own wording: one Step a line, not the engine's ';' list
        return TextAreaField(
            label,
            default=steps_to_lines(default),
            description=STEPS_HELP,
            render_kw={"rows": 10, "spellcheck": "false", "dir": "ltr"},  # a Step is notation
        )
    return StringField(label, default="" if default is None else str(default), description=help_text)


def steps_to_lines(steps: str | None) -> str:
    """The engine's Step list (``;``-separated) as one Step per line.

    >>> steps_to_lines("2 books of 3; run of 7")
    '2 books of 3\\nrun of 7'
    """
    return "\n".join(step_texts(steps))


def lines_to_steps(text: str) -> str:
    """One Step per line (or ``;``-separated) back to the engine's list text.

    >>> lines_to_steps("2 books of 3\\r\\n\\nrun of 7; run of 8")
    '2 books of 3; run of 7; run of 8'
    """
    parts = [p.strip() for line in (text or "").splitlines() for p in line.split(";")]
    return "; ".join(p for p in parts if p)


def submitted_players(form: FlaskForm) -> tuple[list[str], list[str]]:
    """The names typed (blank seats skipped) and the field each came from."""
    names, fields = [], []
    for seat in range(form.variant["max_players"]):
        value = (form[player_field(seat)].data or "").strip()
        if value:
            names.append(value)
            fields.append(player_field(seat))
    return names, fields


def submitted_options(form: FlaskForm) -> dict[str, Any]:
    """Raw option values for the engine to validate (Steps only when the table changed them)."""
    raw: dict[str, Any] = {}
    for option in form.variant["options"]:
        if not option["game"]:
            continue
        value = form[OPT + option["name"]].data
        if option["name"] == "steps":
            value = lines_to_steps(value)
            if value == lines_to_steps(option["default"] or ""):
                continue  # the default list needs no re-validation
        raw[option["name"]] = value
    return raw


def first_dealer_of(slug: str, chosen: int, players: int) -> int:
    """The first dealer the engine keeps for the seat chosen in the form's ``first_dealer`` field:
    that seat, or in a game without a dealer (``Variant.dealt``) the seat before the one chosen
    to play first (the engine's first player sits left of its dealer). A seat not taken (-1: an
    empty one; past the last player) stays, for the engine to refuse.

    >>> first_dealer_of("krazy-bee", 0, 3), first_dealer_of("rummikub", 0, 3), first_dealer_of("rumbugz", 2, 3)
    (0, 2, 1)
    """
    if not 0 <= chosen < players or find_variant(slug).dealt:
        return chosen
    return (chosen - 1) % players
