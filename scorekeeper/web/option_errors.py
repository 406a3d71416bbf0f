"""The engine's refusal of a game option as the form field of that option says it.

The engine names the option by its key and lists what it accepts (``option 'steps': KB-8: 'banana'
is not a requirement (in Step 1); accepted: ...``): the command line and the API speak in keys
(``--option steps=...``) and keep that sentence. A form's field is already labelled in the player's
language, so its error is a sentence about that field, worded here from the refusal's parts (what
went wrong, what the option takes, the Step it is in), the rule id after the sentence for the
``reason`` filter to link.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from ..display.reasons import reason_of
from ..display.words import in_marks
from ..rulebook.reasons import split_reason
from ..rules import OptionError, Quoted, Reason, RoundError, RulesError
from .described import option_word, spoken_reason, variant_name
from .forms import OPT, player_field

#: a value the option does not take: the refusal says why, then what to give
_ASKS = frozenset(
    {"opt.not_on_off", "opt.not_number", "opt.not_whole", "opt.not_allowed", "option.out_of_range"}
    | {"opt.not_a_choice", "opt.too_long"}
)
#: an empty field (KB-8: a Step list of no Step)
_EMPTY = frozenset({"opt.required", "kb.no_steps"})


def option_error(name: str, refusal: Any, variant: str = "") -> str:
    """What the field of option ``name`` says for ``refusal`` (an ``OptionError``, or its reason as
    a refusal of several fields keeps it); anything else as it is. ``variant``: the game's name, for
    an option it does not have."""
    reason = getattr(refusal, "reason", refusal)
    if not isinstance(reason, Reason) or reason.key != "option.refused":
        return refusal if isinstance(refusal, str) else str(refusal)
    problem, accepted = reason.values["message"], reason.values["accepted"]
    kind = problem.key if isinstance(problem, Reason) else ""
    if kind == "opt.unknown":
        return gettext(
            "%(variant)s has no %(option)s; leave it empty.",
            variant=variant_name(variant),
            option=option_word(name, False),
        )
    if kind in _EMPTY:
        if name == "steps":
            return _ruled(gettext("Give the Steps for this game, one per line."), problem)
        return _ruled(gettext("Give %(accepted)s.", accepted=_accepted_words(accepted)), problem)
    if kind in _ASKS:
        sentence = _value_words(problem, accepted) or _words(problem)
        return gettext(
            "%(problem)s; give %(accepted)s.", problem=sentence, accepted=_accepted_words(accepted)
        )
    where = problem.values.get("where") if isinstance(problem, Reason) else None
    if isinstance(where, Reason) and "number" in where.values:  # a Step of the list (KB-8)
        alone = Reason(problem.key, {**problem.values, "where": ""})
        said = gettext("Step %(number)s: %(reason)s", number=where.values["number"], reason=_words(alone))
        return _ruled(said, alone)
    return _ruled(_words(problem), problem)


def attach_errors(form, err: RulesError, fields: list[str], players_at: str | None = player_field(0)) -> None:
    """Attach an engine or service refusal of a new game to the form field it names (``fields``: the
    form's player name fields, by seat; ``players_at``: the field the player count's refusal goes
    under, None for the form as a whole), else to the form as a whole: an option's refusal in the
    words of its field (:func:`option_error`); a service's :class:`~scorekeeper.club.errors.Sentence`
    is said in the reader's language where every message is, by ``spoken_reason``."""
    if isinstance(err, OptionError) and OPT + err.name in form:
        form[OPT + err.name].errors.append(option_error(err.name, err))
        return
    pairs = err.errors if isinstance(err, RoundError) else [("", reason_of(err))]
    for path, message in pairs:
        target = None
        if path.startswith("players.") and path.split(".")[1].isdigit():
            index = int(path.split(".")[1])
            target = fields[index] if index < len(fields) else None
        elif path.startswith("options."):
            target = OPT + path.split(".", 1)[1]
            message = option_error(path.split(".", 1)[1], message)
        elif path in ("players", "first_dealer", "timer"):
            target = players_at if path == "players" else path
        if target and target in form:
            form[target].errors.append(message)
        else:
            form.form_errors.append(message)


def _value_words(problem: Reason, accepted: Any) -> str | None:
    """A number option's refusal of what was typed, the typed text in quotes of the reader's
    language (the engine's value as typed, where its sentence writes Python's 'lots'), as a hand
    form's number field says it; None for any other refusal."""
    value = problem.values.get("value")
    if problem.key in ("opt.not_number", "opt.not_whole") and isinstance(value, Quoted):
        return gettext("%(value)s is not a whole number", value=in_marks(value.typed))
    bounds = accepted.values.get("accepted", accepted) if isinstance(accepted, Reason) else None
    low = bounds.values.get("low") if isinstance(bounds, Reason) else None
    if problem.key == "option.out_of_range" and isinstance(value, int) and isinstance(low, int):
        return (
            gettext("%(value)s is too low", value=value)
            if value < low
            else gettext("%(value)s is too high", value=value)
        )
    return None


def _accepted_words(accepted: Any) -> str:
    """What a number option takes, in words ("a whole number from 1 to 100", "..., or leave it
    empty"), where the engine writes "1..100", ">= 1" and "or empty (none)"; any other as it says."""
    if not isinstance(accepted, Reason):
        return spoken_reason(accepted)
    values = accepted.values
    if accepted.key == "opt.or_none":
        return gettext("%(accepted)s, or leave it empty", accepted=_accepted_words(values["accepted"]))
    if accepted.key == "opt.whole_within":
        return gettext("a whole number from %(low)s to %(high)s", low=values["low"], high=values["high"])
    if accepted.key == "opt.whole_from":
        return gettext("a whole number of at least %(low)s", low=values["low"])
    return spoken_reason(accepted)


def _words(reason: Any) -> str:
    """An engine sentence in the request's language, without its rule ids, what it quotes in the
    reader's quotation marks."""
    return split_reason(spoken_reason(reason, in_marks)).sentence


def _ruled(sentence: str, reason: Any) -> str:
    """``sentence`` with the rule ids ``reason`` names after it: "... (KB-8)"."""
    rules = split_reason(spoken_reason(reason)).rules
    return f"{sentence} ({', '.join(rules)})" if rules else sentence
