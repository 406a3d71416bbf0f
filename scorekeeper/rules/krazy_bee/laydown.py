"""Laying down a Krazy Bee Step (KB-3, KB-4, KB-5): matching melds to requirements."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, islice, pairwise

from ..progressions import Fit, fits, reading, why_not
from ..reasons import Reason, counted, say
from ..verdict import Verdict, distinct_readings
from .steps import BOOK, RUN, Requirement, Step


def too_many_wild_bees(values: Sequence[int | None], where: str = "") -> Reason | None:
    """KB-2: why a meld (``where``, when named) holds more Wild Bees than number cards; None when it does not.

    >>> too_many_wild_bees((5, None, None))
    'KB-2: 2 Wild Bees but only 1 number card; Wild Bees may not outnumber number cards'
    >>> too_many_wild_bees((None,), "meld 1 (W)")
    'KB-2: meld 1 (W) has 1 Wild Bee but only 0 number cards; Wild Bees may not outnumber number cards'
    """
    wild = sum(v is None for v in values)
    natural = len(values) - wild
    if wild <= natural:
        return None
    bees = counted(wild, "kb.one_wild_bee", "kb.wild_bees")
    numbers = counted(natural, "kb.one_number_card", "kb.number_cards")
    if where:
        return say("kb.meld_too_wild", meld=where, bees=bees, numbers=numbers)
    return say("kb.too_wild", bees=bees, numbers=numbers)


@dataclass(frozen=True)
class Meld:
    """One meld of a laydown, read once: its card values and how it fits a book or a run.

    ``book`` / ``run`` are empty when the meld breaks KB-2 (more Wild Bees
    than number cards) or does not fill that shape.
    """

    values: tuple[int | None, ...]
    book: tuple[Fit, ...]
    run: tuple[Fit, ...]
    too_wild: bool

    @classmethod
    def read(cls, values: Sequence[int | None]) -> Meld:
        values = tuple(values)
        if too_many_wild_bees(values):
            return cls(values, (), (), True)
        return cls(values, fits(values, BOOK), fits(values, RUN), False)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k, found in (("book", self.book), ("run", self.run)) if found)

    @property
    def text(self) -> str:
        return " ".join("W" if v is None else str(v) for v in self.values)

    def fits_for(self, kind: str) -> tuple[Fit, ...]:
        return self.book if kind == "book" else self.run


@dataclass(frozen=True)
class MeldFit:
    """A meld of the laydown read for one requirement: ``fit`` says how."""

    meld: int
    requirement: Requirement
    fit: Fit


def touching(a: Fit, b: Fit) -> bool:
    """KB-5: two runs continue each other when one starts right after the other ends."""
    return a.start == b.end + 1 or b.start == a.end + 1


def matchings(
    melds: Sequence[Meld],
    step: Step,
    *,
    books_differ: bool = True,
    runs_apart: bool = True,
    sizes: bool = True,
) -> Iterator[tuple[MeldFit, ...]]:
    """Every way the melds lay down ``step`` (KB-3), with KB-4, KB-5 and KB-1's sizes when asked.

    Melds are taken in order; each goes to a requirement not yet used (equal
    requirements are tried once), read as a book or as one of its run starts.
    KB-4 and KB-5 prune as soon as two chosen melds clash, so the search
    stays small: a Step has at most 13 cards, a run at most 13 starts.
    """
    wanted = step.melds
    if len(melds) != len(wanted):
        return
    used = [False] * len(wanted)
    chosen: list[MeldFit] = []

    def place(i: int) -> Iterator[tuple[MeldFit, ...]]:
        if i == len(melds):
            yield tuple(chosen)
            return
        tried = set()
        for j, req in enumerate(wanted):
            if used[j] or req in tried or (sizes and len(melds[i].values) < req.size):
                continue
            tried.add(req)
            for fit in melds[i].fits_for(req.kind):
                if _clashes(fit, chosen, books_differ, runs_apart):
                    continue
                used[j] = True
                chosen.append(MeldFit(i, req, fit))
                yield from place(i + 1)
                chosen.pop()
                used[j] = False

    yield from place(0)


def _clashes(fit: Fit, chosen: Sequence[MeldFit], books_differ: bool, runs_apart: bool) -> bool:
    """Whether ``fit`` clashes with a meld already chosen: a book of the same number (KB-4) or
    a run that continues it (KB-5), each when asked."""
    for other in chosen:
        if other.fit.shape is not fit.shape:
            continue
        if fit.shape is BOOK and books_differ and other.fit.start == fit.start:
            return True
        if fit.shape is RUN and runs_apart and touching(other.fit, fit):
            return True
    return False


def lays(melds: Sequence[Meld], step: Step) -> bool:
    """Whether the melds lay ``step`` down (KB-3, KB-4, KB-5)."""
    return next(matchings(melds, step), None) is not None


# -- the verdict on a laydown ----------------------------------------------------------


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


def _unfitting_reasons(melds: Sequence[Meld], step: Step) -> list[str]:
    """Reasons the melds do not lay ``step`` even when books may repeat and runs touch: a meld
    that is no meld (KB-1, KB-2), one too short for its requirement (KB-1), and the whole (KB-3)."""
    reasons = [r for i, meld in enumerate(melds) for r in _lone_reasons(i, meld)]
    short = next(matchings(melds, step, books_differ=False, runs_apart=False, sizes=False), None)
    reasons += [
        say(
            "kb.short_book" if m.requirement.kind == "book" else "kb.short_run",
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
    if not 0 < want < len(melds):
        return ()
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
    if len(melds) != len(step.melds):
        needs = counted(len(step.melds), "kb.one_meld", "kb.melds")
        key = "kb.meld_count_one" if len(melds) == 1 else "kb.meld_count"
        reason = say(key, step=step.label, needs=needs, count=len(melds))
        return Verdict(
            variant,
            False,
            None,
            (),
            None,
            written,
            (reason,),
            alternatives=_joined(melds, step),
            parts=tuple(_part(i, m, None) for i, m in enumerate(melds)),
            extra=extra,
        )
    solutions = matchings(melds, step)
    first = next(solutions, None)
    if first is None:
        return Verdict(
            variant,
            False,
            None,
            (),
            None,
            written,
            tuple(_why_no_matching(melds, step)),
            parts=tuple(_part(i, m, None) for i, m in enumerate(melds)),
            extra=extra,
        )
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
