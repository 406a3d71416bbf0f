"""Number progressions with wild cards: Krazy Bee books and runs, RumBugz Sequences.

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

from .cards import Card
from .reasons import Reason, say
from .verdict import Verdict, distinct_readings

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


#: the kinds a sentence names in the reader's words (the others are the variant's own names)
KIND_WORDS = {"book": "kind.book", "run": "kind.run"}
#: what a changed meld is called (the variant's word)
THINGS = {"meld": "what.meld", "Sequence": "what.sequence"}


#: the numbers a meld lacks, by (one number missing?, wild cards to fill: none, one, more)
MISSING = {
    (True, 0): "pr.missing_one_none",
    (True, 1): "pr.missing_one_single",
    (True, 2): "pr.missing_one_some",
    (False, 0): "pr.missing_none",
    (False, 1): "pr.missing_single",
    (False, 2): "pr.missing_some",
}


def _kind(kind: str) -> Reason | str:
    return say(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def _thing(what: str) -> Reason | str:
    return say(THINGS[what]) if what in THINGS else what


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


# -- verdicts shared by Krazy Bee and RumBugz -----------------------------------


def values_of(cards: Sequence[Card]) -> tuple[int | None, ...]:
    """Card values for fitting: the rank, or ``None`` for a wild card."""
    return tuple(None if c.wild else c.rank for c in cards)


def _text(numbers: Iterable[int]) -> tuple[str, ...]:
    return tuple(str(n) for n in numbers)


def _written(cards: Sequence[Card], wild_token: str) -> tuple[str, ...]:
    return tuple(wild_token if c.wild else str(c.rank) for c in cards)


def judge(
    variant: str,
    cards: Sequence[Card],
    shapes: Sequence[Shape],
    *,
    declared: str | None,
    blockers: Sequence[str],
    rule: str,
    wild_word: str,
    wild_token: str,
) -> Verdict:
    """The verdict on one meld read as each of ``shapes``.

    ``blockers`` are reasons (with rule ids) that make every kind illegal
    (too few cards, too many wild cards); ``rule`` prefixes the reason a
    shape does not fit; ``declared`` is the kind the player declares.
    """
    values = values_of(cards)
    found = {s.kind: fits(values, s) for s in shapes}
    shape_of = {s.kind: s for s in shapes}
    legal = () if blockers else tuple(k for k in found if found[k])
    reasons = list(blockers)
    asked = (declared,) if declared else tuple(found)
    if not any(found[k] for k in asked):
        reasons += [
            say("pr.not_a", rule=rule, kind=_kind(k), why=why_not(values, shape_of[k], wild_word))
            for k in asked
        ]
    kind = declared or (legal[0] if legal else None)
    if reasons:
        alternatives = tuple(
            say("pr.legal_as", kind=_kind(k), cards=" ".join(_text(reading(values, found[k][0]))))
            for k in legal
            if k != kind
        )
        return Verdict(
            variant,
            False,
            None,
            legal,
            None,
            _written(cards, wild_token),
            tuple(reasons),
            alternatives=alternatives,
        )
    shown, truncated = distinct_readings(reading(values, f) for f in found[kind])
    alternatives = tuple(
        say("pr.also_legal", kind=_kind(k), name=k, cards=" ".join(_text(reading(values, found[k][0]))))
        for k in legal
        if k != kind
    )
    return Verdict(
        variant,
        True,
        kind,
        legal,
        None,
        _text(shown[0]),
        (),
        readings=tuple(_text(r) for r in shown),
        readings_truncated=truncated,
        alternatives=alternatives,
    )


def _change_readings(
    kept: Sequence[Card], added: Sequence[Card], shape: Shape, found: Sequence[Fit]
) -> list[tuple[int, ...]]:
    """One reading of ``kept + added`` per fit in ``found`` (fits of ``shape``), each keeping the
    table's wild cards as they could have been read before the change where such a reading exists.

    The readings of ``kept`` alone are worked out once for all the fits.
    """
    kept_values, added_values = values_of(kept), values_of(added)
    grown = kept_values + added_values
    if not shape.step or None not in kept_values:
        return [reading(grown, fit) for fit in found]
    laid = set(naturals(added_values))
    before = [r for r in (reading(kept_values, f) for f in fits(kept_values, shape)) if not set(r) & laid]
    out = []
    for fit in found:
        wanted = set(fit.values())
        first = next((r for r in before if set(r) <= wanted), None)
        if first is None:
            out.append(reading(grown, fit))
        else:
            rest = iter(sorted(wanted - set(first) - laid))
            out.append(first + tuple(v if v is not None else next(rest) for v in added_values))
    return out


def judge_change(
    variant: str,
    table: Sequence[Card],
    kept: Sequence[Card],
    added: Sequence[Card],
    shapes: Sequence[Shape],
    *,
    declared: str | None,
    blockers: Sequence[str],
    rule: str,
    what: str,
    wild_word: str,
    wild_token: str,
) -> Verdict:
    """The verdict on changing a meld on the table: it must keep its kind.

    ``table`` is the meld as it lies, ``kept`` the cards of it that stay and
    ``added`` the cards laid on it; the changed meld is ``kept + added``.
    Without ``declared``, the meld may keep any kind the table meld has.
    ``reading`` covers ``added``; ``extend_reading`` covers ``kept``.
    """
    shape_of = {s.kind: s for s in shapes}
    table_values, new_values = values_of(table), values_of(tuple(kept) + tuple(added))
    table_kinds = tuple(s.kind for s in shapes if fits(table_values, s))
    targets = (declared,) if declared else table_kinds
    reasons = list(blockers)
    if not table_kinds:
        why = why_not(table_values, shapes[0], wild_word)
        reasons.append(say("pr.table_not_legal", rule=rule, what=_thing(what), why=why))
    elif declared and declared not in table_kinds:
        why = why_not(table_values, shape_of[declared], wild_word)
        reasons.append(say("pr.table_not_a", rule=rule, what=_thing(what), kind=_kind(declared), why=why))
    new_found = {k: fits(new_values, shape_of[k]) for k in shape_of}
    keeps = tuple(k for k in targets if new_found[k])
    if targets and not keeps and not reasons:
        why = why_not(new_values, shape_of[targets[0]], wild_word)
        words = [_kind(k) for k in targets]
        kinds = words[0] if len(words) == 1 else say("pr.either", first=words[:-1], last=words[-1])
        reasons.append(say("pr.must_stay", rule=rule, what=_thing(what), kinds=kinds, why=why))
    if reasons:
        other = tuple(
            say("pr.changed_would_be", what=_thing(what), kind=_kind(k))
            for k in new_found
            if new_found[k] and k not in targets
        )
        return Verdict(
            variant,
            False,
            None,
            (),
            None,
            _written(added, wild_token),
            tuple(reasons),
            alternatives=other if not blockers else (),
        )
    kind = keeps[0]
    full = _change_readings(kept, added, shape_of[kind], new_found[kind])
    split = len(kept)
    added_readings, truncated = distinct_readings(_text(r[split:]) for r in full)
    return Verdict(
        variant,
        True,
        kind,
        keeps,
        None,
        added_readings[0],
        (),
        readings=added_readings,
        readings_truncated=truncated,
        extra={"extend_reading": list(_text(full[0][:split]))},
    )
