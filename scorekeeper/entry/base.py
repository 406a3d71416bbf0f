"""What every hand-entry form shares: reading submitted fields and placing errors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from flask_babel import gettext

from ..display.words import in_marks
from ..rules import GameScore, RoundError, find_variant, whole_number

_TICKED = {"1", "on", "true", "yes", "y"}


@dataclass(frozen=True)
class HandContext:
    """The game around the hand being entered.

    ``before`` is the game scored up to (not including) this hand, so its
    ``dealer``, ``starter``, ``chooser`` and ``progress`` describe this hand.
    ``facts`` are the hand's stored facts when it is being edited or (Crib
    Rummy) still being played.
    """

    variant: str
    options: Mapping[str, Any]
    names: tuple[str, ...]
    before: GameScore
    number: int
    facts: Mapping[str, Any] | None = None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def seats(self) -> range:
        return range(len(self.names))

    @property
    def dealer(self) -> int:
        return self.before.dealer

    @property
    def starter(self) -> int:
        """Who plays first in this hand (left of the dealer unless the hand says otherwise)."""
        starter = self.before.starter
        return (self.dealer + 1) % self.players if starter is None else starter


def context_for(
    game, number: int | None = None, facts: Mapping[str, Any] | None = None, *, before: GameScore
) -> HandContext:
    """The :class:`HandContext` of hand ``number`` of ``game`` (default: the next hand).

    ``game`` is a ``models.Game``; ``before`` is the game scored up to this
    hand, which the caller asks the services for
    (``services.game_score(game, upto=number - 1)``): entry reads forms and
    stores nothing.
    """
    if number is None:
        number = len(game.rounds) + 1
    return HandContext(
        variant=game.variant,
        options=dict(game.options or {}),
        names=tuple(p.name for p in game.players),
        before=before,
        number=number,
        facts=facts,
    )


class Submission:
    """Submitted form data, read field by field; remembers the fields and shape errors.

    >>> from werkzeug.datastructures import MultiDict
    >>> sub = Submission(MultiDict([("players.0.points", "-3"), ("winner", "1"), ("winner", "0")]))
    >>> sub.number("players.0.points"), sub.seat("winner", 2)
    (None, None)
    >>> sub.errors
    [('players.0.points', 'cannot be negative'), ('winner', 'choose only one player')]
    """

    def __init__(self, form: Mapping[str, Any]):
        self.form = form
        self.names: set[str] = set()
        self.errors: list[tuple[str, str]] = []
        self.notes: list[str] = []  # said after the success message: what the form left unused

    # -- reading fields -------------------------------------------------------
    def _all(self, name: str) -> list[str]:
        self.names.add(name)
        getlist = getattr(self.form, "getlist", None)
        raw = getlist(name) if getlist else ([self.form[name]] if name in self.form else [])
        return [str(v).strip() for v in raw]

    def group(self, name: str) -> str:
        """Declare a block of fields (errors about the whole block show at its top)."""
        self.names.add(name)
        return name

    def text(self, name: str) -> str:
        """One text field, stripped ('' when absent)."""
        values = self._all(name)
        return values[-1] if values else ""

    def ticked(self, name: str) -> bool:
        """A checkbox."""
        return any(v.lower() in _TICKED for v in self._all(name))

    def ticks(self, name: str, allowed: Iterable[str]) -> list[str]:
        """Several checkboxes of one name, each one of ``allowed``, in ``allowed`` order."""
        allowed = tuple(allowed)
        chosen = [v for v in self._all(name) if v]
        unknown = [v for v in chosen if v not in allowed]
        if unknown:
            self.fail(
                name,
                gettext(
                    "%(value)s is not one of: %(allowed)s",
                    value=in_marks(unknown[0]),
                    allowed=", ".join(allowed),
                ),
            )
        return [a for a in allowed if a in chosen]

    def number(self, name: str) -> int | None:
        """A whole number of 0 or more, or None when left empty."""
        text = self.text(name)
        if text == "":
            return None
        number = whole_number(text)
        if number is None:
            self.fail(name, gettext("%(value)s is not a whole number", value=in_marks(text[:20])))
        elif text.startswith("-"):
            self.fail(name, gettext("cannot be negative"))
        else:
            return number
        return None

    def seat(self, name: str, players: int) -> int | None:
        """One player's seat (a radio button), or None for nobody."""
        chosen = {v for v in self._all(name) if v not in ("", "none")}
        if len(chosen) > 1:
            self.fail(name, gettext("choose only one player"))
            return None
        if not chosen:
            return None
        value = chosen.pop()
        seat = whole_number(value)
        if seat is None or value.startswith("-") or seat >= players:
            self.fail(name, gettext("%(value)s is not a player at this table", value=in_marks(value[:20])))
            return None
        return seat

    # -- errors ---------------------------------------------------------------
    def fail(self, name: str, message: str) -> None:
        self.errors.append((name, message))

    def finish(self, facts: dict) -> dict:
        """``facts`` when every field had the right shape, else a RoundError per field."""
        if self.errors:
            raise RoundError(self.errors)
        return facts

    def place(self, err: RoundError, number: int | None = None) -> dict[str, list[str]]:
        """The engine's (or our own) errors by the field or group that shows them.

        A path is shown at the longest part of it that is a field or group of
        this form (``players.1.counts.low`` at ``players.1.counts.low`` if the
        form has it, else at ``players.1``); anything else at ``""`` (the top
        of the form). Errors found in another hand are shown at the top, with
        that hand's number.
        """
        placed: dict[str, list[str]] = {}
        other_round = err.round is not None and number is not None and err.round != number
        for path, message in err.errors:
            slot = "" if other_round else self._slot(path)
            if other_round:
                message = f"{err.word} {err.round}: {message}"
            placed.setdefault(slot, []).append(message)
        return placed

    def _slot(self, path: str) -> str:
        parts = path.split(".") if path else []
        while parts:
            candidate = ".".join(parts)
            if candidate in self.names:
                return candidate
            parts.pop()
        return ""


class HandEntry:
    """One variant's hand form, declared: its template and the hooks the views call.

    ``parse`` reads the whole hand (new or corrected). A variant whose hands are recorded
    turn by turn (Crib Rummy) sets ``by_turn``: a new entry then reads one more turn
    (``parse_turn``), a hand can end without one (``parse_end``), the page stays on the hand
    between turns and shows the board live (``live_board``). ``shown`` is what the form shows
    of the engine's round details in words (the live preview sends it).
    """

    template: ClassVar[str]
    by_turn: ClassVar[bool] = False
    live_board: ClassVar[bool] = False

    def blank(self, ctx: HandContext) -> dict[str, Any]:
        """The values of a new hand's form (nobody chosen as going out: the form picks the
        player with nothing left)."""
        return {}

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        """The values of a stored hand's form."""
        raise NotImplementedError

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        """The round facts of the whole hand, or a RoundError naming the fields."""
        raise NotImplementedError

    def parse_turn(self, sub: Submission, ctx: HandContext) -> dict:
        """What a new entry records: the hand (``by_turn``: the hand so far plus one more turn)."""
        return self.parse(sub, ctx)

    def parse_end(self, sub: Submission, ctx: HandContext) -> dict:
        """``by_turn``: the hand so far, ended without a further turn."""
        raise NotImplementedError

    def shown(self, details: Mapping[str, Any]) -> dict[str, Any]:
        return {}


def seat_value(seat: int | None) -> str:
    """A seat as the value of a radio button ('' for nobody)."""
    return "" if seat is None else str(seat)


def keypad(variant: str) -> dict[str, Any]:
    """The tokens a card/tile picker offers, taken from the variant's notation.

    Ranks in rank order with their canonical spelling, suits or colours, and
    the wild token. No card values: the picker asks the engine for those.

    >>> keypad("krazy-bee")["wild"], keypad("krazy-bee")["ranks"][-1]
    ('W', '13')
    >>> keypad("crib-rummy")["ranks"][9], keypad("crazy-rummy")["ranks"][-1]
    ('10', 'A')
    >>> keypad("rummikub")["suits"], keypad("rummikub")["suit_first"]
    (['R', 'B', 'K', 'G'], True)
    """
    notation = find_variant(variant).notation
    by_value: dict[int, str] = {}
    for token, value in notation.ranks.items():
        plain = str(value) if str(value) in notation.ranks else token  # "10" rather than "T"
        by_value.setdefault(value, notation.rank_names.get(value, plain))
    suits = list(dict.fromkeys(v for v in notation.suits.values())) if notation.keep_suit else []
    return {
        "ranks": [by_value[v] for v in sorted(by_value)],
        "suits": suits,
        "suit_first": notation.suit_first,
        "wild": notation.wild_tokens[0] if notation.wild_tokens else None,
    }
