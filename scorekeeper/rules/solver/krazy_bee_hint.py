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

from ..errors import RulesError
from ..reasons import say
from ..registry import find_variant

VARIANT = "krazy-bee"
#: the most melds the search tries for one hint (every Step of the list together); past it the hand
#: is refused with a sentence, never answered "cannot lay" unsearched (a dealt hand needs a few hundred)
MOST_TRIED = 200_000


@dataclass(frozen=True)
class StepHint:
    """Whether the hand lays ``step`` and one laydown that does (fewest Wild Bees)."""

    step: int | None
    step_text: str
    can_lay: bool
    melds: tuple[tuple[str, ...], ...] = ()
    steps: tuple[int, ...] = ()
    tried: int = 0  # the melds the search tried (bench/krazy_bee_hint_bench.py)

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
    """Books of ``size`` cards, each as few number cards as KB-2 lets the Wild Bees fill. A longer
    book never helps: it holds the same Wild Bees and more number cards another meld may want."""
    for n in range(1, 14):
        for natural in range(min(counts[n], size), 0, -1):
            wild = size - natural
            if wild <= natural and wild <= wilds:  # KB-2
                yield (n,) * natural + (None,) * wild


def _runs(counts: Counter, wilds: int, size: int):
    """Runs of at least ``size`` cards (KB-3: a meld may be longer than its Step asks): every window
    of 1..13, each number in it a card the hand holds or a Wild Bee (also where the hand holds it,
    keeping that card for another meld), never more Wild Bees than number cards (KB-2). A longer run
    is tried only where no shorter one in it would do: both its ends number cards and as many Wild
    Bees as number cards (1 2 3 W W W W 8 is a run of 8 where no run of 7 of it is legal)."""
    for length in range(size, 14):
        for start in range(1, 15 - length):
            numbers = range(start, start + length)
            have = [n for n in numbers if counts[n]]
            least = max((length + 1) // 2, length - wilds)  # number cards: KB-2, and the Wild Bees held
            for natural in range(len(have), least - 1, -1):
                if length > size and 2 * natural != length:
                    continue
                for used in combinations(have, natural):
                    if length > size and not (start in used and start + length - 1 in used):
                        continue
                    yield tuple(m if m in used else None for m in numbers)


def _candidates(counts: Counter, wilds: int, requirement):
    """The melds one requirement may take from the hand, fewest Wild Bees first, then fewest cards."""
    melds = _books if requirement.kind == "book" else _runs
    return sorted(
        set(melds(counts, wilds, requirement.size)),
        key=lambda m: (m.count(None), len(m), [v or 0 for v in m]),
    )


def _text(meld) -> tuple[str, ...]:
    return tuple("W" if v is None else str(v) for v in meld)


def _lay(hand, step, opts, tried: list[int]) -> tuple[tuple[str, ...], ...] | None:
    """The laydown of ``step`` with the fewest Wild Bees, or None when the hand cannot lay it.

    Each requirement takes one meld in turn (a repeated requirement takes melds in order, so no
    laydown is tried twice in another order); a branch is cut once it holds as many Wild Bees as the
    best laydown found, or once its melds break the Step (KB-4, KB-5). The Step checker judges each
    whole laydown (KB-1..KB-5), and each laydown's first melds as they are chosen. ``tried`` counts
    the melds tried, for :data:`MOST_TRIED`.
    """
    game = find_variant(VARIANT)
    requirements = step.melds
    counts = Counter(c.rank for c in hand if not c.wild)
    wilds = sum(c.wild for c in hand)
    choices = {r: _candidates(counts, wilds, r) for r in set(requirements)}
    best: list = [None, 14]  # the laydown, its Wild Bees

    def lays(melds: tuple, wanted) -> bool:
        """Do ``melds`` lay the Step of the requirements ``wanted`` (the whole Step, or its first
        ones: a pair of melds that breaks KB-4 or KB-5 breaks every Step holding them)?"""
        text = " | ".join(" ".join(_text(m)) for m in melds)
        return game.check(text, None, {**opts, "step": " + ".join(r.text for r in wanted)}).valid

    def search(i: int, left: Counter, wild_left: int, chosen: tuple, first: int) -> None:
        used = wilds - wild_left
        if used >= best[1]:
            return
        if i == len(requirements):
            if lays(chosen, requirements):
                best[:] = [tuple(_text(m) for m in chosen), used]
            return
        options = choices[requirements[i]]
        for n in range(first, len(options)):
            meld = options[n]
            tried[0] += 1
            if tried[0] > MOST_TRIED:
                raise RulesError(say("kb.hint_too_many_ways", most=MOST_TRIED))
            need = Counter(v for v in meld if v is not None)
            if meld.count(None) > wild_left or any(left[v] < k for v, k in need.items()):
                continue
            if i and not lays((*chosen, meld), requirements[: i + 1]):
                continue  # these melds break the Step already (KB-4, KB-5): no more of them is tried
            same = i + 1 < len(requirements) and requirements[i + 1] == requirements[i]
            search(i + 1, left - need, wild_left - meld.count(None), (*chosen, meld), n if same else 0)

    search(0, counts, wilds, (), 0)
    return best[0]


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
        tried = [0]
        found = _lay(hand, step, {**opts, "steps": opts["steps"]}, tried)
        return StepHint(
            step.number or None,
            step.text,
            found is not None,
            found or (),
            (step.number,) if found and step.number else (),
            tried[0],
        )
    layable, first, tried = [], None, [0]
    for step in steps:
        found = _lay(hand, step, opts, tried)
        if found is not None:
            layable.append(step.number)
            first = first or (step, found)
    if first is None:
        return StepHint(None, "", False, tried=tried[0])
    return StepHint(first[0].number, first[0].text, True, first[1], tuple(layable), tried[0])
