"""Krazy Bee hint: can this hand lay Step N, and with which cards (Wild Bees included)?

>>> hint("5 5 W 1 2 3 4 9", step=2).to_dict()["melds"]
[['5', '5', 'W'], ['1', '2', '3', '4']]
>>> hint("5 5 W 1 2 3 4 9").to_dict()["steps"]
[2]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..registry import find_variant

VARIANT = "krazy-bee"
#: laydowns handed to the checker at most per Step (the search is small; this bounds odd hands)
_MOST_TRIED = 5000


@dataclass(frozen=True)
class StepHint:
    """Whether the hand lays ``step`` and one laydown that does (fewest Wild Bees)."""

    step: int | None
    step_text: str
    can_lay: bool
    melds: tuple[tuple[str, ...], ...] = ()
    steps: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        """``{variant, step, step_text, can_lay, melds: [[tokens]...], wild_bees, steps}``."""
        return {
            "variant": VARIANT,
            "step": self.step,
            "step_text": self.step_text,
            "can_lay": self.can_lay,
            "melds": [list(m) for m in self.melds],
            "wild_bees": sum(m.count("W") for m in self.melds),
            "steps": list(self.steps),
        }


def _books(counts: Counter, wilds: int, size: int):
    for n in range(1, 14):
        for natural in range(min(counts[n], size), 0, -1):
            wild = size - natural
            if wild <= natural and wild <= wilds:  # KB-2
                yield (n,) * natural + (None,) * wild


def _runs(counts: Counter, wilds: int, size: int):
    for start in range(1, 15 - size):
        numbers = range(start, start + size)
        have = [n for n in numbers if counts[n]]
        # Wild Bees fill the gaps, and may stand in for numbers the hand holds (keeping
        # those cards for another meld), never outnumbering the number cards (KB-2)
        for extra in range(len(have) + 1):
            wild = size - len(have) + extra
            if wild > len(have) - extra or wild > wilds:
                break
            for kept_back in combinations(have, extra):
                yield tuple(None if (m in kept_back or not counts[m]) else m for m in numbers)


def _laydowns(counts: Counter, wilds: int, requirements, chosen=()):
    if not requirements:
        yield chosen
        return
    req, rest = requirements[0], requirements[1:]
    melds = _books if req.kind == "book" else _runs
    for meld in sorted(
        set(melds(counts, wilds, req.size)), key=lambda m: (m.count(None), [v or 0 for v in m])
    ):
        used = Counter(v for v in meld if v is not None)
        yield from _laydowns(counts - used, wilds - meld.count(None), rest, (*chosen, meld))


def _text(meld) -> tuple[str, ...]:
    return tuple("W" if v is None else str(v) for v in meld)


def _lay(hand, step, opts) -> tuple[tuple[str, ...], ...] | None:
    counts = Counter(c.rank for c in hand if not c.wild)
    wilds = sum(c.wild for c in hand)
    game = find_variant(VARIANT)
    best = None
    for n, laydown in enumerate(_laydowns(counts, wilds, step.melds)):
        if n >= _MOST_TRIED:
            break
        melds = tuple(_text(m) for m in laydown)
        if best is not None and sum(m.count("W") for m in melds) >= sum(m.count("W") for m in best):
            continue
        text = " | ".join(" ".join(m) for m in melds)
        if game.check(text, None, {**opts, "step": step.text}).valid:
            best = melds
    return best


def hint(rack: Any, *, table: Any = None, initial: bool = False, **options: Any) -> StepHint:
    """Can the hand ``rack`` lay the chosen Step (or which Steps can it lay)? ``table`` is unused."""
    from ..krazy_bee import steps_of
    from ..krazy_bee.steps import chosen_step

    game = find_variant(VARIANT)
    opts = game.options(options)
    hand = game.parse(rack)
    steps = steps_of(opts)
    if opts["step"] is not None:
        step = chosen_step(opts["step"], steps)
        found = _lay(hand, step, {**opts, "steps": opts["steps"]})
        return StepHint(
            step.number or None,
            step.text,
            found is not None,
            found or (),
            (step.number,) if found and step.number else (),
        )
    layable, first = [], None
    for step in steps:
        found = _lay(hand, step, opts)
        if found is not None:
            layable.append(step.number)
            first = first or (step, found)
    if first is None:
        return StepHint(None, "", False)
    return StepHint(first[0].number, first[0].text, True, first[1], tuple(layable))
