"""Krazy Bee hint: can this hand lay Step N, and with which cards (Wild Bees included)?

>>> hint("5 5 W 1 2 3 4 9", step=2).to_dict()["melds"]
[['5', '5', 'W'], ['1', '2', '3', '4']]
>>> hint("5 5 W 1 2 3 4 9").to_dict()["steps"]
[2]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..errors import RulesError
from ..reasons import say
from ..registry import find_variant

VARIANT = "krazy-bee"
#: the most work one hint does (every Step of the list together): a meld tried counts 1, KB-4 and
#: KB-5 judged by :func:`apart` 1 a meld it reads, the Step checker's verdict on a whole laydown 20
#: a meld (a check costs 150 to 360 us here, a try 2 to 3 us).
#: Past it the hand is refused with a sentence, never answered "cannot lay" unsearched
#: (bench/krazy_bee_hint_bench.py: what dealt hands cost)
MOST_TRIED = 500_000


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
    """Runs of at least ``size`` cards (KB-3: a meld may be longer than its Step asks), as the
    numbers they hold (each once) and their Wild Bees: any numbers of the hand that fit in a run of
    that many cards, never more Wild Bees than numbers (KB-2), nor more than 13 cards (KB-1). A
    number the hand holds may be left out (a Wild Bee stands for it, or the run ends before it), to
    keep that card for another meld. The Step checker reads where each Wild Bee stands (the player
    chooses, KB-2), so a longer run may overlap another where a shorter one would continue it (KB-5:
    2 3 | 3 4 5 | 5 W lays three runs of 2)."""
    held = [n for n in range(1, 14) if counts[n]]
    for natural in range(1, len(held) + 1):
        for used in combinations(held, natural):
            span = used[-1] - used[0] + 1
            for wild in range(min(natural, wilds) + 1):
                if max(size, span) <= natural + wild <= 13:
                    yield used + (None,) * wild


@lru_cache(maxsize=64)
def _candidates(counts: tuple[tuple[int, int], ...], wilds: int, requirement) -> tuple[tuple, ...]:
    """The melds one requirement may take from the hand (``counts``: its numbers and how many of
    each), fewest Wild Bees first, then fewest cards; kept for the next Step asking the same."""
    melds = _books if requirement.kind == "book" else _runs
    return tuple(
        sorted(
            set(melds(Counter(dict(counts)), wilds, requirement.size)),
            key=lambda m: (m.count(None), len(m), [v or 0 for v in m]),
        )
    )


def _text(meld) -> tuple[str, ...]:
    """A meld as a player lays it out: a run's Wild Bees in its gaps, then past its top (or below
    its bottom at 13); a book's after its numbers."""
    numbers = [v for v in meld if v is not None]
    wild = len(meld) - len(numbers)
    if len(numbers) < 2 or len(set(numbers)) < len(numbers):  # a book (or one number and Wild Bees)
        return tuple(map(str, numbers)) + ("W",) * wild
    low, high = numbers[0], numbers[-1]
    wild -= high - low + 1 - len(numbers)  # the gaps
    above = min(wild, 13 - high)
    window = range(low - (wild - above), high + above + 1)
    return tuple(str(n) if n in numbers else "W" for n in window)


def _lay(hand, step, opts, tried: list[int]) -> tuple[tuple[str, ...], ...] | None:
    """The laydown of ``step`` with the fewest Wild Bees, or None when the hand cannot lay it
    (:class:`_Laying`); ``tried`` counts the work, for :data:`MOST_TRIED`."""
    laying = _Laying(hand, step, opts, tried)
    laying.search(0, laying.counts, laying.wilds, (), 0)
    return laying.best


class _Laying:
    """One Step's search. Each requirement takes one meld in turn (a repeated requirement takes
    melds in order, so no laydown is tried twice in another order); a branch is cut once it holds as
    many Wild Bees as the best laydown found, or once its melds break the Step (KB-4, KB-5, judged
    by :func:`apart` as each meld is chosen); a whole laydown is the Step checker's to accept."""

    def __init__(self, hand, step, opts, tried: list[int]) -> None:
        self.game, self.step, self.opts, self.tried = find_variant(VARIANT), step, opts, tried
        self.counts = Counter(c.rank for c in hand if not c.wild)
        self.wilds = sum(c.wild for c in hand)
        held = tuple(sorted(self.counts.items()))
        self.choices = {r: _candidates(held, self.wilds, r) for r in set(step.melds)}
        self.best: tuple[tuple[str, ...], ...] | None = None
        self.fewest = self.wilds + 1  # the best laydown's Wild Bees (more than the hand holds: none yet)

    def count(self, work: int) -> None:
        self.tried[0] += work
        if self.tried[0] > MOST_TRIED:
            raise RulesError(say("kb.hint_too_many_ways", most=MOST_TRIED))

    def lays(self, melds: tuple, wanted) -> bool:
        """Do ``melds`` lay the Step of the requirements ``wanted`` (the whole Step) by the Step
        checker's own verdict? Asked once a laydown is whole; a check costs as much as some 60 tries
        of a meld, more the more melds it reads: it counts 20 a meld."""
        self.count(20 * len(melds))
        text = " | ".join(" ".join(_text(m)) for m in melds)
        return self.game.check(text, None, {**self.opts, "step": " + ".join(r.text for r in wanted)}).valid

    def apart(self, melds: tuple, wanted) -> bool:
        """:func:`apart`, counted: a meld it reads counts 1, as a meld tried does."""
        self.count(len(melds))
        return apart(melds, wanted)

    def search(self, i: int, left: Counter, wild_left: int, chosen: tuple, first: int) -> None:
        requirements, used = self.step.melds, self.wilds - wild_left
        if i == len(requirements):  # kept apart all the way (KB-4, KB-5): the checker's verdict on it
            if self.lays(chosen, requirements):
                self.best, self.fewest = tuple(_text(m) for m in chosen), used
            return
        options = self.choices[requirements[i]]
        same = i + 1 < len(requirements) and requirements[i + 1] == requirements[i]
        for n in range(first, len(options)):
            meld = options[n]
            if used + meld.count(None) >= self.fewest:
                break  # the melds are in order of Wild Bees: none after this one does better
            self.count(1)
            need = Counter(v for v in meld if v is not None)
            if meld.count(None) > wild_left or any(left[v] < k for v, k in need.items()):
                continue
            if i and not self.apart((*chosen, meld), requirements[: i + 1]):
                continue  # these melds break the Step already (KB-4, KB-5): no more of them is tried
            self.search(i + 1, left - need, wild_left - meld.count(None), (*chosen, meld), n if same else 0)


def _starts(meld) -> range:
    """KB-5: where a run meld (its numbers and Wild Bees) may start, the player placing the Wild
    Bees (KB-2): every window of its length within 1..13 that holds its numbers."""
    numbers = [v for v in meld if v is not None]
    length = len(meld)
    return range(max(max(numbers) - length + 1, 1), min(min(numbers), 14 - length) + 1)


def apart(melds: tuple, wanted) -> bool:
    """Whether ``melds``, each for the requirement of ``wanted`` at its place, keep KB-4 (no two
    books of one number) and KB-5 (the runs can be placed so that none starts right after another
    ends): the Step checker's own tests of a laydown's melds together, without reading its text (a
    check by the checker costs some 100 times more; the laydown found is judged by it whole)."""
    books = [m[0] for m, r in zip(melds, wanted, strict=True) if r.kind == "book"]
    if len(set(books)) < len(books):
        return False
    runs = [(_starts(m), len(m)) for m, r in zip(melds, wanted, strict=True) if r.kind == "run"]
    placed: list[tuple[int, int]] = []

    def place(k: int) -> bool:
        if k == len(runs):
            return True
        starts, length = runs[k]
        for start in starts:
            end = start + length - 1
            if all(start != e + 1 and s != end + 1 for s, e in placed):
                placed.append((start, end))
                if place(k + 1):
                    return True
                placed.pop()
        return False

    return place(0)


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
