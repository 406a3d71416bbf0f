"""What a game page shows, read off the engine's :class:`GameScore` (never recomputed here).

Plain values in, plain values out: the game page, the games list and the
printed sheets can all present standings the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .rules import GameScore
from .rules.krazy_bee_steps import step_texts


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


def progress_text(variant: str, progress: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    """One player's progress in players' words (Step, pegs, wins ...).

    >>> progress_text("krazy-bee", {"step": 2, "completed": 1, "steps": 2}, {"steps": "a; run of 7"})
    'Step 2: run of 7'
    >>> progress_text("krazy-bee", {"step": 3, "completed": 2, "steps": 2}, {"steps": "a; b"})
    'All 2 Steps done'
    >>> progress_text("crib-rummy", {"front": 30, "back": 22}, {})
    'front peg 30, back peg 22'
    >>> progress_text("rummikub", {"wins": 2, "rounds_played": 3}, {})
    'wins 2, rounds played 3'
    >>> progress_text("rumbugz", {"wins": 0, "kinds": ["single", "double"]}, {})
    'wins 0, kinds single, double'
    """
    if not progress:
        return ""
    if variant == "krazy-bee" and "step" in progress:
        steps = step_texts(options)
        number, count = progress["step"], progress.get("steps", len(steps))
        if number > count:
            return f"All {count} Steps done"
        text = progress.get("step_text") or (steps[number - 1] if number <= len(steps) else "")
        return f"Step {number}: {text}"
    if variant == "crib-rummy" and "front" in progress:
        return f"front peg {progress['front']}, back peg {progress.get('back', 0)}"
    parts = []
    for key, value in progress.items():
        if isinstance(value, dict):
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or "none"
        if isinstance(value, bool):
            value = "yes" if value else "no"
        parts.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts)


def standings(names: Sequence[str], score: GameScore, options: Mapping[str, Any]) -> list[Standing]:
    """Every player's line, in seat order."""
    ranks, leaders = score.ranks, set(score.leaders)
    return [Standing(seat=seat, name=name, total=score.totals[seat], rank=ranks[seat],
                     leader=seat in leaders and bool(score.rounds), winner=seat in score.winners,
                     progress=progress_text(score.variant, score.progress[seat], options),
                     deals=not score.finished and seat == score.dealer,
                     plays_first=not score.finished and seat == score.starter)
            for seat, name in enumerate(names)]


def names_of(seats: Sequence[int], names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``.

    >>> names_of((0, 2), ["Ann", "Bob", "Cy"]), names_of((), ["Ann"])
    ('Ann and Cy', '')
    """
    picked = [names[s] for s in seats]
    if len(picked) <= 1:
        return "".join(picked)
    return ", ".join(picked[:-1]) + " and " + picked[-1]


def pegs(score: GameScore) -> list[tuple[int, int]]:
    """Crib Rummy: each seat's (front, back) peg from the engine's progress."""
    return [(int(p.get("front", t)), int(p.get("back", 0))) for p, t in zip(score.progress, score.totals)]


def totals_by_round(score: GameScore) -> list[list[int]]:
    """Every player's total after each round (for the progression chart)."""
    return [list(r.totals) for r in score.rounds]
