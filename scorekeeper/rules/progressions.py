"""Number progressions with wild cards: Krazy Bee books and runs, RumBugz Sequences.

The verdicts built on them (one meld, a change to a meld) are :mod:`.progression_verdicts`.

>>> RUN = Shape("run", 1, 1, 13)
>>> [f.start for f in fits((5, None, 7), RUN)]
[5]
>>> [reading((5, None, None, 7), f) for f in fits((5, None, None, 7), RUN)]
[(5, 4, 6, 7), (5, 6, 8, 7)]
>>> why_not((3, 4, 9), RUN, "Wild Bee")
'from 3 to 9 the numbers 5, 6, 7, 8 are missing and no Wild Bee fills them'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .reasons import Reason, say

Values = Sequence["int | None"]


@dataclass(frozen=True)
class Shape:
    """A kind of meld: an arithmetic progression with ``step`` inside ``low..high``."""

    kind: str
    step: int
    low: int
    high: int

    @property
    def longest(self) -> int | None:
        """The most cards this shape can hold (None: unbounded, step 0)."""
        return None if self.step == 0 else (self.high - self.low) // self.step + 1


@dataclass(frozen=True)
class Fit:
    """One progression filled by a meld: ``start``, ``start + step`` ... (``length`` values)."""

    shape: Shape
    start: int
    length: int

    @property
    def end(self) -> int:
        return self.start + self.shape.step * (self.length - 1)

    def values(self) -> tuple[int, ...]:
        return tuple(self.start + self.shape.step * i for i in range(self.length))


def naturals(values: Values) -> list[int]:
    """The numbers of the natural (non-wild) cards."""
    return [v for v in values if v is not None]


def fits(values: Values, shape: Shape) -> tuple[Fit, ...]:
    """Every progression of ``shape`` the meld fills, lowest start first.

    >>> MATCH = Shape("match", 0, 1, 12)
    >>> [f.start for f in fits((None, None), MATCH)][:3]
    [1, 2, 3]
    >>> fits((3, 3, 4), MATCH)
    ()
    """
    length = len(values)
    nums = naturals(values)
    if length == 0:
        return ()
    step, low, high = shape.step, shape.low, shape.high
    if step == 0:
        distinct = set(nums)
        if len(distinct) > 1:
            return ()
        starts: Iterable[int] = distinct or range(low, high + 1)
        return tuple(Fit(shape, v, length) for v in sorted(starts) if low <= v <= high)
    span = step * (length - 1)
    if not nums:
        return tuple(Fit(shape, s, length) for s in range(low, high - span + 1))
    least, most = min(nums), max(nums)
    if len(set(nums)) != len(nums) or any((n - least) % step for n in nums):
        return ()
    first = max(most - span, low)
    first += (least - first) % step  # align with the natural cards
    last = min(least, high - span)
    return tuple(Fit(shape, s, length) for s in range(first, last + 1, step))


def reading(values: Values, fit: Fit) -> tuple[int, ...]:
    """What every card stands for under ``fit``: wild cards take the missing values in order.

    >>> reading((None, 9, None), Fit(Shape("match", 0, 1, 12), 9, 3))
    (9, 9, 9)
    """
    if fit.shape.step == 0:
        return tuple(fit.start for _ in values)
    missing = iter(sorted(set(fit.values()) - set(naturals(values))))
    return tuple(v if v is not None else next(missing) for v in values)


def _listing(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


#: the numbers a meld lacks, by (one number missing?, wild cards to fill: none, one, more)
MISSING = {
    (True, 0): "pr.missing_one_none",
    (True, 1): "pr.missing_one_single",
    (True, 2): "pr.missing_one_some",
    (False, 0): "pr.missing_none",
    (False, 1): "pr.missing_single",
    (False, 2): "pr.missing_some",
}


def why_not(values: Values, shape: Shape, wild_word: str) -> Reason:
    """Why the meld fills no progression of ``shape``, in players' words (no rule id).

    >>> why_not((2, 5, 6, 8), Shape("double", 2, 1, 12), "PLYT")
    '5 and 2 are not a multiple of 2 apart'
    """
    nums = naturals(values)
    step, low, high = shape.step, shape.low, shape.high
    if step == 0:
        return say("pr.numbers_differ", numbers=_listing(sorted(set(nums))))
    repeats = [n for n, c in sorted(Counter(nums).items()) if c > 1]
    if repeats:
        return say("pr.repeats", number=repeats[0], count=Counter(nums)[repeats[0]])
    if shape.longest is not None and len(values) > shape.longest:
        return say("pr.at_most", most=shape.longest, low=low, high=high)
    if nums:
        least = min(nums)
        odd = next((n for n in nums if (n - least) % step), None)
        if odd is not None:
            return say("pr.not_multiple", odd=odd, least=least, step=step)
        missing = [v for v in range(least, max(nums) + 1, step) if v not in nums]
        wilds = len(values) - len(nums)
        if len(missing) > wilds:
            one = len(missing) == 1
            key = MISSING[one, min(wilds, 2)]
            numbers = missing[0] if one else _listing(missing)
            return say(key, low=least, high=max(nums), numbers=numbers, wilds=wilds, wild=wild_word)
    return say("pr.no_fit", low=low, high=high)
