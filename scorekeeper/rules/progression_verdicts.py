"""The verdicts on melds read as progressions, shared by Krazy Bee and RumBugz: one meld
(:func:`judge`) and a change to a meld on the table (:func:`judge_change`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .progressions import Fit, Shape, fits, naturals, reading, why_not
from .reasons import Reason, say
from .verdict import Verdict, distinct_readings

#: the kinds a sentence names in the reader's words (the others are the variant's own names)
KIND_WORDS = {"book": "kind.book", "run": "kind.run"}
#: what a changed meld is called (the variant's word)
THINGS = {"meld": "what.meld", "Sequence": "what.sequence"}


def _kind(kind: str) -> Reason | str:
    return say(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def _thing(what: str) -> Reason | str:
    return say(THINGS[what]) if what in THINGS else what


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
            say("pr.legal_as", kind=_kind(k), name=k, cards=" ".join(_text(reading(values, found[k][0]))))
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
    kept_at: Sequence[int] | None = None,
) -> Verdict:
    """The verdict on changing a meld on the table: it must keep its kind.

    ``table`` is the meld as it lies, ``kept`` the cards of it that stay and
    ``added`` the cards laid on it; the changed meld is ``kept + added``.
    Without ``declared``, the meld may keep any kind the table meld has.
    ``reading`` covers ``added``; ``extend_reading`` the table's cards as they lie (``kept_at``:
    where each kept card lies, when cards are taken off; None for one taken off), as read with
    ``reading``, and ``extend_readings`` the same for each of ``readings``: a wild card already
    on the table may stand for something else after the change (N-3).
    """
    shape_of = {s.kind: s for s in shapes}
    table_values, new_values = values_of(table), values_of(tuple(kept) + tuple(added))
    table_kinds = tuple(s.kind for s in shapes if fits(table_values, s))
    targets = (declared,) if declared else table_kinds
    reasons = list(blockers)
    if not table_kinds:  # N-2: why it is not the kind declared, else not any kind
        for shape in (shape_of[declared],) if declared else shapes:
            why = why_not(table_values, shape, wild_word)
            reasons.append(
                say("pr.table_not_a", rule=rule, what=_thing(what), kind=_kind(shape.kind), why=why)
            )
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
            alternatives=other if table_kinds and not blockers else (),
        )
    kind = keeps[0]
    full = _change_readings(kept, added, shape_of[kind], new_found[kind])
    split = len(kept)
    at = range(split) if kept_at is None else kept_at

    def on_table(r) -> list:
        """The table's cards as this reading reads them (N-3), one per card as it lies, None for a
        card taken off."""
        out: list = [None] * len(table)
        for i, value in zip(at, _text(r[:split])):
            out[i] = value
        return out

    # a reading is the added cards' with the table's: the same added cards may leave a wild card on
    # the table standing for another number (5 W 7 with a 6 laid: W is 4 or 8)
    pairs, truncated = distinct_readings((_text(r[split:]), tuple(on_table(r))) for r in full)
    added_readings = tuple(a for a, _ in pairs)
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
        extra={
            "extend_reading": list(pairs[0][1]),
            "extend_readings": [list(t) for _, t in pairs],
        },
    )
