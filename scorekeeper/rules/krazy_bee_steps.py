"""Krazy Bee Steps (KB-3, KB-4, KB-5, KB-8): the Step list grammar and laying down a Step.

Glossary: a *Step* is a list of *requirements*, each "book of N" or "run of
N"; a *laydown* is the melds a player puts down for a Step, matched to the
requirements one to one (a meld may be longer than required).

Grammar of a Step list: Steps separated by ``;`` or new lines (a leading
"1." or "1)" is allowed), requirements joined by ``+``, each ``book of N``,
``run of N``, ``K books of N`` or ``K runs of N``, in any letter case.

>>> parse_steps("2 Books of 3;\\n1. book of 3 + 1 run of 4")
'2 books of 3; book of 3 + run of 4'
>>> [s.text for s in steps_of("run of 7; 2 runs of 4")]
['run of 7', '2 runs of 4']
>>> steps_of("run of 7; 2 runs of 4")[1].melds
(Requirement(kind='run', size=4, count=1), Requirement(kind='run', size=4, count=1))
>>> parse_steps("book of 3 + row of 4")
Traceback (most recent call last):
...
scorekeeper.rules.errors.OptionError: option 'steps': KB-8: 'row of 4' is not a requirement (in Step 1); accepted: Steps separated by ';' or new lines, requirements joined by '+', each 'book of N', 'run of N', 'K books of N' or 'K runs of N'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Mapping, Sequence

from .errors import OptionError
from .progressions import Fit, Shape, fits, reading, why_not
from .verdict import MAX_READINGS, Verdict

BOOK = Shape("book", 0, 1, 13)
RUN = Shape("run", 1, 1, 13)
#: KB-8: a Step can use at most the 12 cards dealt plus the one drawn.
MOST_CARDS = 13
GRAMMAR = ("Steps separated by ';' or new lines, requirements joined by '+', each "
           "'book of N', 'run of N', 'K books of N' or 'K runs of N'")
_REQUIREMENT = re.compile(r"^(?:(\d+)\s+)?(book|run)(s?)\s+of\s+(\d+)$", re.IGNORECASE)
_NUMBERING = re.compile(r"^\s*\d+\s*[.)]\s*")


@dataclass(frozen=True)
class Requirement:
    """``count`` melds of ``kind`` (book or run), each of at least ``size`` cards."""

    kind: str
    size: int
    count: int = 1

    @property
    def text(self) -> str:
        if self.count == 1:
            return f"{self.kind} of {self.size}"
        return f"{self.count} {self.kind}s of {self.size}"


@dataclass(frozen=True)
class Step:
    """One Step: its 1-based ``number`` in the list (0 when given alone) and requirements."""

    number: int
    requirements: tuple[Requirement, ...]

    @property
    def text(self) -> str:
        return " + ".join(r.text for r in self.requirements)

    @property
    def melds(self) -> tuple[Requirement, ...]:
        """One requirement per meld (``2 books of 3`` becomes two ``book of 3``)."""
        return tuple(Requirement(r.kind, r.size) for r in self.requirements for _ in range(r.count))

    @property
    def cards(self) -> int:
        """The fewest cards that lay this Step down."""
        return sum(r.size * r.count for r in self.requirements)

    @property
    def label(self) -> str:
        return f"Step {self.number} ({self.text})" if self.number else f"the Step '{self.text}'"


def _fail(message: str, name: str = "steps") -> OptionError:
    return OptionError(name, message, GRAMMAR)


def _requirement(part: str, where: str, name: str) -> Requirement:
    m = _REQUIREMENT.match(" ".join(part.split()))
    if not m:
        raise _fail(f"KB-8: {part.strip()!r} is not a requirement{where}", name)
    count_text, kind, plural, size_text = m.groups()
    count, size, kind = int(count_text or 1), int(size_text), kind.lower()
    if count_text is None and plural:
        raise _fail(f"KB-8: say how many {kind}s in {part.strip()!r}{where}, e.g. '2 {kind}s of {size}'", name)
    if count < 1 or size < 1:
        raise _fail(f"KB-8: {part.strip()!r} needs at least one meld of at least one card{where}", name)
    if kind == "run" and size > RUN.longest:
        raise _fail(f"KB-1: a run holds at most {RUN.longest} cards ({part.strip()!r}{where})", name)
    return Requirement(kind, size, count)


def _step(text: str, number: int, name: str) -> Step:
    where = f" (in Step {number})" if number else ""
    parts = text.split("+")
    if any(not p.strip() for p in parts):
        raise _fail(f"KB-8: an empty requirement around '+'{where}", name)
    step = Step(number, tuple(_requirement(p, where, name) for p in parts))
    if step.cards > MOST_CARDS:
        raise _fail(f"KB-8: {step.text!r} needs {step.cards} cards; a Step can use at most "
                    f"{MOST_CARDS} (12 dealt plus the card drawn){where}", name)
    return step


@lru_cache(maxsize=256)
def _parse(text: str) -> tuple[Step, ...]:
    lines = [_NUMBERING.sub("", chunk) for chunk in re.split(r"[;\n]", text)]
    chunks = [c for c in lines if c.strip()]
    if not chunks:
        raise _fail("KB-8: the Step list needs at least one Step")
    return tuple(_step(chunk, i + 1, "steps") for i, chunk in enumerate(chunks))


def parse_steps(text: Any) -> str:
    """KB-3/KB-8 Step list grammar to its canonical text (OptionError when malformed).

    A list of strings (one Step each, as JSON may send) is accepted too.
    """
    if isinstance(text, (list, tuple)):
        text = ";".join(str(t) for t in text)
    if not isinstance(text, str):
        raise _fail(f"{text!r} is not text")
    return "; ".join(step.text for step in _parse(text))


def steps_of(source: str | Mapping[str, Any]) -> tuple[Step, ...]:
    """The Steps of a Step list text, or of a game's options (its ``steps``)."""
    text = source["steps"] if isinstance(source, Mapping) else source
    return _parse(parse_steps(text))


def parse_step_choice(raw: Any) -> str:
    """The ``step`` option: a Step number (``3``, ``Step 3``) or one Step's text, canonical."""
    text = str(raw).strip()
    m = re.fullmatch(r"(?:step\s*)?(\d+)", text, re.IGNORECASE)
    if m:
        if int(m.group(1)) < 1:
            raise OptionError("step", "Steps are numbered from 1", "a Step number or one Step's text")
        return m.group(1)
    if ";" in text or "\n" in text:
        raise OptionError("step", "give one Step, not a list", "a Step number or one Step's text")
    return _step(text, 0, "step").text


def chosen_step(choice: str, steps: Sequence[Step]) -> Step:
    """The Step a laydown is checked against: by number in ``steps`` or by its own text."""
    if choice.isdigit():
        number = int(choice)
        if not 1 <= number <= len(steps):
            raise OptionError("step", f"KB-8: there is no Step {number}; the list has {len(steps)} Steps",
                              f"a Step number 1..{len(steps)} or one Step's text")
        return steps[number - 1]
    for step in steps:
        if step.text == choice:
            return step
    return _step(choice, 0, "step")


# -- matching a laydown to a Step ---------------------------------------------------

@dataclass(frozen=True)
class MeldFit:
    """A meld of the laydown read for one requirement: ``fit`` says how."""

    meld: int
    requirement: Requirement
    fit: Fit


def touching(a: Fit, b: Fit) -> bool:
    """KB-5: two runs continue each other when one starts right after the other ends."""
    return a.start == b.end + 1 or b.start == a.end + 1


def matchings(melds: Sequence[Sequence[int | None]], step: Step, *, books_differ: bool = True,
              runs_apart: bool = True) -> Iterator[tuple[MeldFit, ...]]:
    """Every way the melds lay down ``step`` (KB-3), with KB-4 and KB-5 when asked.

    Melds are taken in order; each goes to a requirement not yet used (equal
    requirements are tried once), read as a book or as one of its run starts.
    KB-4 and KB-5 prune as soon as two chosen melds clash, so the search
    stays small: a Step has at most 13 cards, a run at most 13 starts.
    Melds already breaking KB-2 (more Wild Bees than numbers) fit nothing.
    """
    wanted = step.melds
    if len(melds) != len(wanted):
        return
    options = []
    for values in melds:
        natural = sum(v is not None for v in values)
        ok = natural >= len(values) - natural
        options.append({"book": fits(values, BOOK) if ok else (), "run": fits(values, RUN) if ok else ()})
    used = [False] * len(wanted)
    chosen: list[MeldFit] = []

    def clashes(fit: Fit) -> bool:
        for other in chosen:
            if other.fit.shape is not fit.shape:
                continue
            if fit.shape is BOOK and books_differ and other.fit.start == fit.start:
                return True
            if fit.shape is RUN and runs_apart and touching(other.fit, fit):
                return True
        return False

    def place(i: int) -> Iterator[tuple[MeldFit, ...]]:
        if i == len(melds):
            yield tuple(chosen)
            return
        tried = set()
        for j, req in enumerate(wanted):
            if used[j] or req in tried or len(melds[i]) < req.size:
                continue
            tried.add(req)
            for fit in options[i][req.kind]:
                if clashes(fit):
                    continue
                used[j] = True
                chosen.append(MeldFit(i, req, fit))
                yield from place(i + 1)
                chosen.pop()
                used[j] = False

    yield from place(0)


# -- the verdict on a laydown ----------------------------------------------------------

def _ordinal(i: int) -> str:
    return f"meld {i + 1}"


def _as_text(values: Sequence[int | None]) -> str:
    return " ".join("W" if v is None else str(v) for v in values)


def _meld_kinds(values: Sequence[int | None]) -> tuple[str, ...]:
    natural = sum(v is not None for v in values)
    if natural < len(values) - natural:
        return ()
    return tuple(s.kind for s in (BOOK, RUN) if fits(values, s))


def _lone_reasons(i: int, values: Sequence[int | None]) -> list[str]:
    """KB-1/KB-2 reasons a meld of a laydown is neither a book nor a run."""
    natural = sum(v is not None for v in values)
    wilds = len(values) - natural
    where = f"{_ordinal(i)} ({_as_text(values)})"
    if wilds > natural:
        return [f"KB-2: {where} has {wilds} Wild Bees but only {natural} number cards"]
    if _meld_kinds(values):
        return []
    return [f"KB-1: {where} is neither a book ({why_not(values, BOOK, 'Wild Bee')}) "
            f"nor a run ({why_not(values, RUN, 'Wild Bee')})"]


def _described(values: Sequence[int | None]) -> str:
    kinds = _meld_kinds(values)
    if not kinds:
        return f"{_as_text(values)} (no meld)"
    return f"{_as_text(values)} (a {' or '.join(kinds)} of {len(values)})"


def _why_no_matching(melds: Sequence[Sequence[int | None]], step: Step) -> list[str]:
    """Reasons (KB-1..KB-5) a laydown with the right number of melds does not lay ``step``."""
    loose = next(matchings(melds, step, books_differ=False, runs_apart=False), None)
    if loose is None:
        reasons = [r for i, values in enumerate(melds) for r in _lone_reasons(i, values)]
        reasons.append(f"KB-3: the melds do not lay {step.label}: they are "
                       + "; ".join(_described(v) for v in melds))
        return reasons
    books_ok = next(matchings(melds, step, runs_apart=False), None)
    if books_ok is None:
        books = [m for m in loose if m.fit.shape is BOOK]
        pair = next((a, b) for a in books for b in books if a.meld < b.meld and a.fit.start == b.fit.start)
        return [f"KB-4: {step.label}: {_ordinal(pair[0].meld)} and {_ordinal(pair[1].meld)} are both books "
                f"of {pair[0].fit.start}s; the books of a Step must be of different numbers"]
    runs = [m for m in books_ok if m.fit.shape is RUN]
    pair = next((a, b) for a in runs for b in runs if a.meld < b.meld and touching(a.fit, b.fit))
    low, high = sorted((pair[0].fit, pair[1].fit), key=lambda f: f.start)
    return [f"KB-5: {step.label}: the runs {low.start}-{low.end} and {high.start}-{high.end} continue "
            f"each other (together one run of {low.length + high.length}); runs of a Step must not"]


def _part(values: Sequence[int | None], placed: MeldFit | None) -> dict:
    if placed is None:
        return {"cards": _as_text(values), "requirement": None, "valid": bool(_meld_kinds(values)),
                "kind": None, "kinds": list(_meld_kinds(values)), "reading": _as_text(values).split(),
                "reasons": _lone_reasons(0, values)}
    return {"cards": _as_text(values), "requirement": placed.requirement.text, "valid": True,
            "kind": placed.fit.shape.kind, "kinds": list(_meld_kinds(values)),
            "reading": [str(n) for n in reading(values, placed.fit)], "reasons": []}


def _laid_reading(melds: Sequence[Sequence[int | None]], solution: Sequence[MeldFit]) -> tuple[str, ...]:
    by_meld = sorted(solution, key=lambda m: m.meld)
    out: list[str] = []
    for placed in by_meld:
        if out:
            out.append("|")
        out += [str(n) for n in reading(melds[placed.meld], placed.fit)]
    return tuple(out)


#: stop looking for more readings after this many matchings (the cap keeps answers short)
_MOST_MATCHINGS = 2000


def judge_laydown(variant: str, melds: Sequence[Sequence[int | None]], step: Step) -> Verdict:
    """The verdict on laying ``melds`` (card values, ``None`` = Wild Bee) down as ``step``."""
    extra = {"step": step.number or None, "step_text": step.text}
    written = tuple(" | ".join(_as_text(v) for v in melds).split())
    if len(melds) != len(step.melds):
        reason = (f"KB-3: {step.label} needs {len(step.melds)} meld{'s' * (len(step.melds) != 1)}; "
                  f"this laydown has {len(melds)}")
        return Verdict(variant, False, None, (), None, written, (reason,),
                       parts=tuple(_part(v, None) for v in melds), extra=extra)
    found: list[tuple[str, ...]] = []
    first: tuple[MeldFit, ...] | None = None
    truncated = False
    for count, solution in enumerate(matchings(melds, step)):
        first = first or solution
        text = _laid_reading(melds, solution)
        if text not in found:
            if len(found) == MAX_READINGS:
                truncated = True
                break
            found.append(text)
        if count >= _MOST_MATCHINGS:
            break
    if first is None:
        return Verdict(variant, False, None, (), None, written, tuple(_why_no_matching(melds, step)),
                       parts=tuple(_part(v, None) for v in melds), extra=extra)
    placed = {m.meld: m for m in first}
    return Verdict(variant, True, "step", ("step",), None, found[0], (), readings=tuple(found),
                   readings_truncated=truncated,
                   parts=tuple(_part(v, placed[i]) for i, v in enumerate(melds)), extra=extra)
