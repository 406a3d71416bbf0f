"""What a correction changed in a hand beyond its scores, where that moves the game's standing
(:attr:`.Variant.hand_changes`): a Step laid down or missed (KB-9), who won (RB-7, CT-8), who
went out or the wild rank (CZ-1, CZ-6).

A change is ``(what, seat, values)``: ``what`` one of :data:`WHATS`, ``seat`` the player it is
about (None for the whole hand), ``values`` what its words need besides the player's name. Each
function compares the engine's own round details (the hand as it scored before, and after),
never raw facts; each variant class names its own, so a variant whose hands change nothing but
scores says so (``points_only``: Crib Rummy's pegging is its score, CR-5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .scoring import RoundScore

Change = tuple  # (what, seat | None, values)

#: every kind of change a variant may name; the change log words each (``display.fact_words``)
WHATS = ("step_laid", "step_missed", "won", "not_won", "went_out", "not_out", "wild", "kinds", "no_kinds")


def points_only(old: RoundScore, new: RoundScore) -> tuple[Change, ...]:
    """Nothing beyond the scores (a variant whose facts count only through its points says so)."""
    return ()


def step_changes(old: RoundScore, new: RoundScore) -> tuple[Change, ...]:
    """KB-9: each player whose Step the correction turned from laid down to missed, or back (the
    Step attempted is the same before and after: the hands ahead of it are unchanged).

    >>> old = _round({"laid": [True, True], "steps": [1, 2]})
    >>> step_changes(old, _round({"laid": [True, False], "steps": [1, 2]}))
    (('step_missed', 1, {'step': 2}),)
    """
    laid = zip(old.details.get("laid", ()), new.details.get("laid", ()), new.details.get("steps", ()))
    return tuple(
        ("step_laid" if now else "step_missed", seat, {"step": step})
        for seat, (was, now, step) in enumerate(laid)
        if bool(was) != bool(now)
    )


def _seats(old: Any, new: Any) -> tuple[set, set]:
    """A detail naming seats (one seat, a list, or None) before and after, as sets."""
    return tuple({s} if isinstance(s, int) else set(s or ()) for s in (old, new))  # type: ignore[return-value]


def _won_or_not(old: Any, new: Any, yes: str, no: str) -> tuple[Change, ...]:
    """The players who are now in (``yes``) or no longer in (``no``) the seats a detail names, the
    former first."""
    was, now = _seats(old, new)
    return tuple(
        (yes if seat in now else no, seat, {}) for seat in sorted(was ^ now, key=lambda s: (s in was, s))
    )


def winner_changes(old: RoundScore, new: RoundScore) -> tuple[Change, ...]:
    """RB-7: who won the round (their wins count, and the round's points go to them).

    >>> winner_changes(_round({"winner": 0}), _round({"winner": None}))
    (('not_won', 0, {}),)
    """
    return _won_or_not(old.details.get("winner"), new.details.get("winner"), "won", "not_won")


def bugz_changes(old: RoundScore, new: RoundScore) -> tuple[Change, ...]:
    """RB-7 who won, and RB-4 the kinds each player laid (the four kinds a player needs to finish).

    >>> old = _round({"winner": None}, ({"kinds": ["single"]}, {"kinds": []}))
    >>> bugz_changes(old, _round({"winner": None}, ({"kinds": []}, {"kinds": ["match"]})))
    (('no_kinds', 0, {}), ('kinds', 1, {'kinds': 'match'}))
    """
    won = winner_changes(old, new)
    winners = {seat for _, seat, _ in won}  # a winner laid all four: said by their win
    kinds = tuple(
        ("kinds", seat, {"kinds": ", ".join(now)}) if now else ("no_kinds", seat, {})
        for seat, (was, now) in enumerate(zip(_kinds(old), _kinds(new)))
        if was != now and seat not in winners
    )
    return won + kinds


def _kinds(scored: RoundScore) -> list[list[str]]:
    return [list(p.get("kinds") or ()) for p in scored.progress]


def tile_changes(old: RoundScore, new: RoundScore) -> tuple[Change, ...]:
    """CT-8: who won the round (the one who went out, else the lowest racks): the wins count, and
    with ``scoring`` wins or none the only thing a round changes.

    >>> tile_changes(_round({"winners": [0]}), _round({"winners": [0, 1]}))
    (('won', 1, {}),)
    """
    return _won_or_not(old.details.get("winners"), new.details.get("winners"), "won", "not_won")


def crazy_changes(old: RoundScore, new: RoundScore) -> tuple[Change, ...]:
    """CZ-1 the hand's wild rank, CZ-6 who went out.

    >>> crazy_changes(_round({"wild": "7", "went_out": 1}), _round({"wild": "Q", "went_out": 0}))
    (('wild', None, {'rank': 'Q', 'was': '7'}), ('went_out', 0, {}), ('not_out', 1, {}))
    >>> crazy_changes(_round({"wild": "7", "went_out": 0}), _round({"wild": "7", "went_out": 1}))
    (('went_out', 1, {}), ('not_out', 0, {}))
    """
    was, now = old.details.get("wild"), new.details.get("wild")
    wild = (("wild", None, {"rank": now, "was": was}),) if was != now and was and now else ()
    return wild + _won_or_not(old.details.get("went_out"), new.details.get("went_out"), "went_out", "not_out")


def _round(details: Mapping[str, Any], progress: tuple = ()) -> RoundScore:
    """A scored round with only ``details`` and ``progress`` (the examples above)."""
    return RoundScore(1, 0, None, (), (), progress, details)
