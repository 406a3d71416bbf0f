"""Krazy Bee Steps (KB-3, KB-8): the Step list grammar and its parsed form.

Steps are separated by ``;`` or new lines, requirements joined by ``+``: ``book of N``, ``run of N``,
``K books of N`` or ``K runs of N``, in any letter case.

>>> parse_steps("2 Books of 3;\\n1. book of 3 + 1 run of 4")
'2 books of 3; book of 3 + run of 4'
>>> [s.text for s in steps_of("run of 7; 2 runs of 4")]
['run of 7', '2 runs of 4']
>>> steps_of("run of 7; 2 runs of 4")[1].melds
(Requirement(kind='run', size=4, count=1), Requirement(kind='run', size=4, count=1))
>>> parse_steps("book of 3 + row of 4")
Traceback (most recent call last):
...
scorekeeper.rules.errors.OptionError: option 'steps': KB-8: 'row of 4' is not a requirement (in Step 1);
accepted: Steps separated by ';' or new lines, requirements joined by '+',
each 'book of N', 'run of N', 'K books of N' or 'K runs of N'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from ..errors import OptionError
from ..options import whole_number
from ..progressions import Shape
from ..reasons import Quoted, Reason, quoted, say

BOOK = Shape("book", 0, 1, 13)
RUN = Shape("run", 1, 1, 13)
#: each player is dealt 12 cards (RULES.md section 1)
DEALT = 12
#: KB-8: a Step can use at most the 12 cards dealt plus the one drawn.
MOST_CARDS = DEALT + 1
#: the signs between Steps and between a Step's requirements, as a sentence quotes them (KB-8)
SIGNS = {"between_steps": quoted(";"), "between_requirements": quoted("+")}
#: the steps option's help line: a sentence, for its signs are values a page quotes in its marks
STEPS_HELP = say("kb.steps_help", **SIGNS)
GRAMMAR = say(
    "kb.grammar",
    **SIGNS,
    book=quoted("book of N"),
    run=quoted("run of N"),
    books=quoted("K books of N"),
    runs=quoted("K runs of N"),
)
_REQUIREMENT = re.compile(r"^(?:(\d+)\s+)?(book|run)(s?)\s+of\s+(\d+)$", re.IGNORECASE)
_NUMBERING = re.compile(r"^\s*\d+\s*[.)]\s*")


@dataclass(frozen=True)
class Requirement:
    """``count`` melds of ``kind`` (book or run), each of at least ``size`` cards."""

    kind: str
    size: int
    count: int = 1

    @cached_property
    def text(self) -> str:
        if self.count == 1:
            return f"{self.kind} of {self.size}"
        return f"{self.count} {self.kind}s of {self.size}"


@dataclass(frozen=True)
class Step:
    """One Step: its 1-based ``number`` in the list (0 when given alone) and requirements."""

    number: int
    requirements: tuple[Requirement, ...]

    @cached_property
    def text(self) -> str:
        return " + ".join(r.text for r in self.requirements)

    @cached_property
    def melds(self) -> tuple[Requirement, ...]:
        """One requirement per meld (``2 books of 3`` becomes two ``book of 3``)."""
        return tuple(Requirement(r.kind, r.size) for r in self.requirements for _ in range(r.count))

    @cached_property
    def cards(self) -> int:
        """The fewest cards that lay this Step down."""
        return sum(r.size * r.count for r in self.requirements)

    @cached_property
    def label(self) -> Reason:
        if self.number:
            return say("kb.step_numbered", number=self.number, text=self.text)
        # ``text`` as it was, for a client that words the sentence from its values (its words quoted it)
        return say("kb.step_alone", step=Quoted(self.text, whole=True), text=self.text)


def _fail(message: str, name: str = "steps") -> OptionError:
    return OptionError(name, message, GRAMMAR)


def _requirement(part: str, where: str, name: str) -> Requirement:
    m = _REQUIREMENT.match(" ".join(part.split()))
    if not m:
        raise _fail(say("kb.not_a_requirement", part=quoted(part.strip()), where=where), name)
    count_text, kind, plural, size_text = m.groups()
    count, size, kind = whole_number(count_text or "1"), whole_number(size_text), kind.lower()
    if count is None or size is None:  # a number of thousands of digits: no Step holds it
        raise _fail(say("kb.not_a_requirement", part=quoted(part.strip()), where=where), name)
    if count_text is None and plural:
        key = "kb.how_many_books" if kind == "book" else "kb.how_many_runs"
        example = quoted(f"2 {kind}s of {size}")
        # ``size`` is no longer in the words, but API clients that word the sentence themselves read it
        raise _fail(say(key, part=quoted(part.strip()), where=where, example=example, size=size), name)
    if count < 1 or size < 1:
        raise _fail(say("kb.requirement_empty", part=quoted(part.strip()), where=where), name)
    if kind == "run" and size > RUN.longest:
        raise _fail(say("kb.run_too_long", most=RUN.longest, part=quoted(part.strip()), where=where), name)
    return Requirement(kind, size, count)


def _step(text: str, number: int, name: str) -> Step:
    where = say("kb.in_step", number=number) if number else ""
    parts = text.split("+")
    if any(not p.strip() for p in parts):
        raise _fail(say("kb.empty_requirement", sign=quoted("+"), where=where), name)
    step = Step(number, tuple(_requirement(p, where, name) for p in parts))
    if step.cards > MOST_CARDS:
        raise _fail(
            say("kb.step_too_big", step=quoted(step.text), count=step.cards, most=MOST_CARDS, where=where),
            name,
        )
    return step


@lru_cache(maxsize=256)
def _parse(text: str) -> tuple[Step, ...]:
    lines = [_NUMBERING.sub("", chunk) for chunk in re.split(r"[;\n]", text)]
    chunks = [c for c in lines if c.strip()]
    if not chunks:
        raise _fail(say("kb.no_steps"))
    return tuple(_step(chunk, i + 1, "steps") for i, chunk in enumerate(chunks))


def parse_steps(text: Any) -> str:
    """KB-3/KB-8 Step list grammar to its canonical text (OptionError when malformed).

    A list of strings (one Step each, as JSON may send) is accepted too.
    """
    if isinstance(text, (list, tuple)):
        text = ";".join(str(t) for t in text)
    if not isinstance(text, str):
        raise _fail(say("kb.not_text", value=quoted(text)))
    return "; ".join(step.text for step in _parse(text))


def step_texts(source: str | Mapping[str, Any] | None) -> list[str]:
    """A stored Step list (or a game's options) as one text per Step, without re-checking it.

    The engine keeps a list as its Steps separated by ``;`` (KB-8); pages,
    forms and the rules card show it one Step per line.

    >>> step_texts("2 books of 3; run of 7"), step_texts({"steps": ""})
    (['2 books of 3', 'run of 7'], [])
    """
    text = source.get("steps") if isinstance(source, Mapping) else source
    return [s.strip() for s in str(text or "").split(";") if s.strip()]


def steps_of(source: str | Mapping[str, Any]) -> tuple[Step, ...]:
    """The Steps of a Step list text, or of a game's options (its ``steps``)."""
    text = source["steps"] if isinstance(source, Mapping) else source
    return _parse(parse_steps(text))


def parse_step_choice(raw: Any) -> str:
    """The ``step`` option: a Step number (``3``, ``Step 3``) or one Step's text, canonical."""
    text = str(raw).strip()
    m = re.fullmatch(r"(?:step\s*)?(\d+)", text, re.IGNORECASE)
    if m:
        number = whole_number(m.group(1))
        if number is None:  # thousands of digits: no list is that long
            raise OptionError(
                "step", say("kb.no_such_step_long", number=m.group(1)[:12]), say("kb.step_choice")
            )
        if number < 1:
            raise OptionError("step", say("kb.numbered_from_1"), say("kb.step_choice"))
        return m.group(1)
    if ";" in text or "\n" in text:
        raise OptionError("step", say("kb.one_step"), say("kb.step_choice"))
    return _step(text, 0, "step").text


def chosen_step(choice: str, steps: Sequence[Step]) -> Step:
    """The Step a laydown is checked against: by number in ``steps`` or by its own text."""
    number = whole_number(choice)
    if number is not None:
        if not 1 <= number <= len(steps):
            raise OptionError(
                "step",
                say("kb.no_such_step", number=number, count=len(steps)),
                say("kb.step_choice_within", count=len(steps)),
            )
        return steps[number - 1]
    for step in steps:
        if step.text == choice:
            return step
    return _step(choice, 0, "step")


def kept_when_laid(source: str | Mapping[str, Any], number: int) -> int:
    """The most cards a player who laid Step ``number`` down can hold when the hand ends (KB-6, KB-9).

    The 12 dealt less the fewest cards the Step takes: a turn draws one card and discards one,
    and nothing joins a hand, so a player who holds more has missed the Step. (A player who
    missed can hold fewer only by calling a Rummy card for every card short of 12.)

    >>> kept_when_laid("2 books of 3; run of 7", 1), kept_when_laid("2 books of 3; run of 7", 2)
    (6, 5)
    """
    return DEALT - steps_of(source)[number - 1].cards
