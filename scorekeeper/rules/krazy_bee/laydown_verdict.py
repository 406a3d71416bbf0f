"""The verdict on laying a Krazy Bee Step down (KB-1 to KB-5): the matching :mod:`.laydown` finds,
read as one verdict, or each reason it fails (a meld that is none, one too short, two books alike,
two runs that touch, the wrong count of melds), with the melds joined as the Step asks (N-2)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations, islice, pairwise

from ..cards import BETWEEN_MELDS
from ..progressions import reading, why_not
from ..reasons import Reason, counted, say
from ..verdict import Verdict, distinct_readings
from .laydown import Meld, MeldFit, lays, matchings, too_many_wild_bees, touching
from .steps import BOOK, MOST_CARDS, RUN, Step


def _lone_reasons(i: int, meld: Meld) -> list[str]:
    """KB-1/KB-2 reasons a meld of a laydown is neither a book nor a run."""
    where = say("kb.meld_named", number=i + 1, cards=meld.text)
    if meld.too_wild:
        return [too_many_wild_bees(meld.values, where)]
    if meld.kinds:
        return []
    book, run = why_not(meld.values, BOOK, "Wild Bee"), why_not(meld.values, RUN, "Wild Bee")
    return [say("kb.neither", meld=where, book=book, run=run)]


def _described(meld: Meld) -> Reason:
    if not meld.kinds:
        return say("kb.no_meld", cards=meld.text)
    key = "kb.book_or_run" if len(meld.kinds) > 1 else "kb.a_book" if meld.kinds[0] == "book" else "kb.a_run"
    return say(key, cards=meld.text, count=len(meld.values))


def _why_no_matching(melds: Sequence[Meld], step: Step) -> list[str]:
    """Reasons (KB-1..KB-5) a laydown with the right number of melds does not lay ``step``."""
    loose = next(matchings(melds, step, books_differ=False, runs_apart=False), None)
    if loose is None:
        return _unfitting_reasons(melds, step)
    books_ok = next(matchings(melds, step, runs_apart=False), None)
    if books_ok is None:
        books = [m for m in loose if m.fit.shape is BOOK]
        pair = next((a, b) for a in books for b in books if a.meld < b.meld and a.fit.start == b.fit.start)
        first, second, number = pair[0].meld + 1, pair[1].meld + 1, pair[0].fit.start
        return [say("kb.books_differ", step=step.label, first=first, second=second, number=number)]
    runs = [m for m in books_ok if m.fit.shape is RUN]
    pair = next((a, b) for a in runs for b in runs if a.meld < b.meld and touching(a.fit, b.fit))
    low, high = sorted((pair[0].fit, pair[1].fit), key=lambda f: f.start)
    low_run, high_run = f"{low.start}-{low.end}", f"{high.start}-{high.end}"
    together = low.length + high.length
    return [say("kb.runs_apart", step=step.label, low=low_run, high=high_run, together=together)]


#: a meld too short for its requirement: by the requirement's kind and whether it is one card
_SHORT = {
    ("book", False): "kb.short_book",
    ("run", False): "kb.short_run",
    ("book", True): "kb.short_book_one",
    ("run", True): "kb.short_run_one",
}


def _unfitting_reasons(melds: Sequence[Meld], step: Step) -> list[str]:
    """Reasons the melds do not lay ``step`` even when books may repeat and runs touch: a meld
    that is no meld (KB-1, KB-2), one too short for its requirement (KB-1), and the whole (KB-3)."""
    reasons = [r for i, meld in enumerate(melds) for r in _lone_reasons(i, meld)]
    short = next(matchings(melds, step, books_differ=False, runs_apart=False, sizes=False), None)
    reasons += [
        say(
            _SHORT[m.requirement.kind, len(melds[m.meld].values) == 1],
            number=m.meld + 1,
            cards=melds[m.meld].text,
            count=len(melds[m.meld].values),
            step=step.label,
            size=m.requirement.size,
        )
        for m in short or ()
        if len(melds[m.meld].values) < m.requirement.size
    ]
    reasons.append(say("kb.do_not_lay", step=step.label, melds=tuple(_described(m) for m in melds)))
    return reasons


def _part(i: int, meld: Meld, placed: MeldFit | None) -> dict:
    if placed is None:
        return {
            "cards": meld.text,
            "requirement": None,
            "valid": bool(meld.kinds),
            "kind": None,
            "kinds": list(meld.kinds),
            "reading": meld.text.split(),
            "reasons": _lone_reasons(i, meld),
        }
    return {
        "cards": meld.text,
        "requirement": placed.requirement.text,
        "valid": True,
        "kind": placed.fit.shape.kind,
        "kinds": list(meld.kinds),
        "reading": [str(n) for n in reading(meld.values, placed.fit)],
        "reasons": [],
    }


def _laid_reading(melds: Sequence[Meld], solution: Sequence[MeldFit]) -> tuple[str, ...]:
    out: list[str] = []
    for placed in sorted(solution, key=lambda m: m.meld):
        if out:
            out.append("|")
        out += [str(n) for n in reading(melds[placed.meld].values, placed.fit)]
    return tuple(out)


def _joined(melds: Sequence[Meld], step: Step) -> tuple[str, ...]:
    """N-2: more melds than the Step asks for, joined next to each other into as many as it asks
    (``1 2 3 4 | 5 6 7 8`` for a run of 8: "lay it as one run")."""
    want = len(step.melds)
    if not 0 < want < len(melds) or sum(len(m.values) for m in melds) > MOST_CARDS:
        return ()  # a laydown past what one player holds is no player's: no hint searched for it
    out = []
    for cuts in combinations(range(1, len(melds)), want - 1):
        bounds = (0, *cuts, len(melds))
        joined = [Meld.read(tuple(v for m in melds[a:b] for v in m.values)) for a, b in pairwise(bounds)]
        if lays(joined, step):
            text = " | ".join(m.text for m in joined)
            if want > 1:
                out.append(say("kb.lay_as_melds", count=want, melds=text))
            else:
                out.append(
                    say("kb.lay_as_book" if step.melds[0].kind == "book" else "kb.lay_as_run", melds=text)
                )
    return tuple(out)


#: stop looking for more readings after this many matchings (the cap keeps answers short)
_MOST_MATCHINGS = 2000


def judge_laydown(variant: str, melds: Sequence[Meld], step: Step) -> Verdict:
    """The verdict on laying ``melds`` down as ``step`` (KB-3, KB-4, KB-5).

    >>> from scorekeeper.rules.krazy_bee.steps import steps_of
    >>> v = judge_laydown("krazy-bee", [Meld.read((5, 5, None)), Meld.read((1, 2, 3, 4))],
    ...                   steps_of("book of 3 + run of 4")[0])
    >>> v.valid, v.reading
    (True, ('5', '5', '5', '|', '1', '2', '3', '4'))
    """
    extra = {"step": step.number or None, "step_text": step.text}
    written = tuple(" | ".join(m.text for m in melds).split())

    def refused(reasons, **more) -> Verdict:
        """The laydown refused for ``reasons``, each meld shown as it was laid."""
        parts = tuple(_part(i, m, None) for i, m in enumerate(melds))
        return Verdict(
            variant, False, None, (), None, written, tuple(reasons), parts=parts, extra=extra, **more
        )

    if len(melds) != len(step.melds):
        needs = counted(len(step.melds), "kb.one_meld", "kb.melds")
        key, sign = (
            ("kb.meld_count_one", {"sign": BETWEEN_MELDS}) if len(melds) == 1 else ("kb.meld_count", {})
        )
        reason = say(key, step=step.label, needs=needs, count=len(melds), **sign)
        return refused((reason,), alternatives=_joined(melds, step))
    solutions = matchings(melds, step)
    first = next(solutions, None)
    if first is None:
        return refused(_why_no_matching(melds, step))
    found, truncated = distinct_readings(
        _laid_reading(melds, s) for s in chain((first,), islice(solutions, _MOST_MATCHINGS))
    )
    placed = {m.meld: m for m in first}
    return Verdict(
        variant,
        True,
        "step",
        ("step",),
        None,
        found[0],
        (),
        readings=found,
        readings_truncated=truncated,
        parts=tuple(_part(i, m, placed[i]) for i, m in enumerate(melds)),
        extra=extra,
    )
