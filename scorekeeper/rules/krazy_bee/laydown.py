"""Laying down a Krazy Bee Step (KB-3, KB-4, KB-5): matching melds to requirements."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..progressions import Fit, fits
from ..reasons import Reason, counted, say
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
