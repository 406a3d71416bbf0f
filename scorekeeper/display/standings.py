"""What a game page shows, read off the engine's :class:`GameScore` (never recomputed here).

Plain values in, plain values out: the game page, the games list and the
printed sheets can all present standings the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext, ngettext

from ..rules import GameScore
from .words import name_list


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings."""

    seat: int
    name: str
    total: int
    rank: int
    leader: bool
    winner: bool
    progress: str
    deals: bool
    plays_first: bool
    notation: str = ""  # the Step to lay, as the Step list writes it (notation: the page marks it so)


def progress_text(
    progress: Mapping[str, Any], *, total: int | None = None, target: int | None = None, short: bool = False
) -> str:
    """One player's progress in players' words, read off the engine's progress for their seat.

    The one wording of progress: the game page shows it whole, the printed
    sheet's narrow header ``short`` (without the Step's melds or the RumBugz
    kinds). A variant with no progress of its own (Crazy Rummy) says how far
    its ``target`` is from the player's ``total`` (CZ-8), also below zero and once reached.

    >>> kb = {"step": 2, "completed": 1, "steps": 10, "step_text": "run of 7", "done": False}
    >>> progress_text(kb), progress_text(kb, short=True)
    ('Step 2 of 10: run of 7', 'Step 2 of 10')
    >>> progress_text({"step": 3, "completed": 2, "steps": 2, "step_text": None, "done": True})
    'All 2 Steps done'
    >>> progress_text({"front": 30, "back": 22})
    'front peg 30, back peg 22'
    >>> progress_text({"wins": 1, "kinds": ["single", "double"]}), progress_text({"wins": 2, "kinds": []})
    ('1 win; kinds laid last round: single, double', '2 wins')
    >>> progress_text({"wins": 1, "kinds": ["single"]}, short=True)
    '1 win'
    >>> progress_text({}, total=30, target=1500), progress_text({}, total=1510, target=1500)
    ('1470 to go to 1500', 'reached 1500')
    >>> progress_text({}, total=-15, target=1500)
    'below zero: needs 1515 to reach 1500'
    """
    if "step" in progress:
        count = progress.get("steps", 0)
        if progress.get("done"):
            return ngettext("All %(num)s Step done", "All %(num)s Steps done", count)
        text = gettext("Step %(step)s of %(count)s", step=progress["step"], count=count)
        return text if short or not progress.get("step_text") else f"{text}: {progress['step_text']}"
    if "front" in progress:
        return gettext(
            "front peg %(front)s, back peg %(back)s", front=progress["front"], back=progress.get("back", 0)
        )
    if "wins" in progress:
        wins = progress["wins"]
        text = ngettext("%(num)s win", "%(num)s wins", wins)
        kinds = progress.get("kinds")
        if short or not kinds:
            return text
        return gettext("%(wins)s; kinds laid last round: %(kinds)s", wins=text, kinds=", ".join(kinds))
    if progress:  # a shape this module does not know yet: its own words
        return ", ".join(
            f"{key.replace('_', ' ')} {value}"
            for key, value in progress.items()
            if not isinstance(value, (dict, list))
        )
    if not target or total is None:
        return ""
    if total >= target:
        return gettext("reached %(target)s", target=target)
    if total < 0:  # "1515 to go to 1500" reads like a mistake
        return gettext(
            "below zero: needs %(missing)s to reach %(target)s", missing=target - total, target=target
        )
    return gettext("%(missing)s to go to %(target)s", missing=target - total, target=target)


def standings(
    names: Sequence[str], score: GameScore, options: Mapping[str, Any], *, short: bool = False
) -> list[Standing]:
    """Every player's line, in seat order (``short``: progress worded for the printed sheet)."""
    ranks, leaders = score.ranks, set(score.leaders)

    def step_text(seat: int) -> str:  # a Step game's current Step, in its notation, beside the words
        progress = score.progress[seat]
        return "" if short or progress.get("done") else str(progress.get("step_text") or "")

    return [
        Standing(
            seat=seat,
            name=name,
            total=score.totals[seat],
            rank=ranks[seat],
            leader=seat in leaders and bool(score.rounds),
            winner=seat in score.winners,
            progress=progress_text(
                score.progress[seat],
                total=score.totals[seat],
                target=options.get("target"),
                short=short or bool(step_text(seat)),
            ),
            notation=step_text(seat),
            deals=not score.finished and seat == score.dealer,
            plays_first=not score.finished and seat == score.starter,
        )
        for seat, name in enumerate(names)
    ]


def names_of(seats: Sequence[int], names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``.

    >>> names_of((0, 2), ["Ann", "Bob", "Cy"]), names_of((), ["Ann"])
    ('Ann and Cy', '')
    """
    return name_list([names[s] for s in seats])


def pegs(score: GameScore) -> list[tuple[int, int]]:
    """Crib Rummy: each seat's (front, back) peg from the engine's progress."""
    return [(int(p.get("front", t)), int(p.get("back", 0))) for p, t in zip(score.progress, score.totals)]


def totals_by_round(score: GameScore) -> list[list[int]]:
    """Every player's total after each round (for the progression chart)."""
    return [list(r.totals) for r in score.rounds]


def short_names(names: Sequence[str]) -> list[str]:
    """Each name's shortest start that no other name shares (the hands table's dealer column).

    >>> short_names(["Ann", "Amy", "Bob", "Al"])
    ['An', 'Am', 'B', 'Al']
    """
    marks = []
    for i, name in enumerate(names):
        others = [n.casefold() for j, n in enumerate(names) if j != i]
        size = 1
        while size < len(name) and any(o.startswith(name[:size].casefold()) for o in others):
            size += 1
        marks.append(name[:size])
    return marks
