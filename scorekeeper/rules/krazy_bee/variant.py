"""Krazy Bee Rummy (RULES.md section 1): books, runs, Steps and Wild Bees.

Round facts (one hand), as stored by the app and sent to the API::

    {"players": [                      # one entry per seat, in seat order
        {"laid": true,                 # laid down the Step they were on (KB-9)
         "went_out": false,            # at most one player goes out
         "hand": "3 12 W",             # cards left (KB-7) -- or:
         "points": 25,                 #   a typed total -- or:
         "counts": {"low": 2, "high": 1, "wild": 0},   # cards per class (1-9, 10-13, Wild Bee)
         "step": 3,                    # optional: the Step attempted; must match the derived one
         "notes": "floated"},          # optional floating / Rummy notes
        ...]}

>>> from scorekeeper.rules import check
>>> check("krazy-bee", "5 5 W").to_dict()["reading"]
['5', '5', '5']
>>> check("krazy-bee", "5 W W").reasons[0]
'KB-2: 2 Wild Bees but only 1 number card; Wild Bees may not outnumber number cards'
>>> check("krazy-bee", "1 2 3 4 | 5 6 7 8", options={"step": "2 runs of 4"}).reasons[0][:5]
'KB-5:'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..base import Variant
from ..bounds import KB_MOST_HAND_POINTS, KB_MOST_STEP
from ..cards import BETWEEN_MELDS, Card, Notation
from ..facts import Count, Flag, Text
from ..hand_changes import step_changes
from ..hand_shapes import CARDS_LEFT, card_counts, points_left, seats
from ..options import Option
from ..progression_verdicts import judge, judge_change, values_of
from ..reasons import counted, say
from ..registry import register
from ..samples import Samples
from ..table_counts import krazy_bee_counts
from ..verdict import HandValue, Verdict
from .laydown import Meld, lays, too_many_wild_bees
from .laydown_verdict import judge_laydown
from .progress import StepProgress
from .steps import (
    BOOK,
    RUN,
    STEPS_HELP,
    Requirement,
    Step,
    chosen_step,
    parse_step_choice,
    parse_steps,
    steps_of,
)

__all__ = [
    "DEFAULT_STEPS",
    "NOTATION",
    "KrazyBee",
    "Requirement",
    "Step",
    "card_points",
    "parse_steps",
    "steps_of",
]

#: KB-8: our default Step list (modelled on Phase 10, no colour phase).
DEFAULT_STEPS = (
    "2 books of 3; book of 3 + run of 4; book of 4 + run of 4; run of 7; run of 8; "
    "run of 9; 2 books of 4; 3 books of 3; book of 5 + book of 2; book of 5 + book of 3"
)

NOTATION = Notation(
    "krazy-bee",
    ranks={str(n): n for n in range(1, 14)},
    wild_tokens=("W", "*"),
    accepted=say("kb.accepted"),
    game="Krazy Bee Rummy",
)

#: KB-7 card classes for ``counts``: name -> points per card
CLASSES = {"low": 5, "high": 10, "wild": 15}


def card_points(card: Card) -> int:
    """KB-7: 1-9 count 5, 10-13 count 10, a Wild Bee 15.

    >>> [card_points(c) for c in NOTATION.parse("9 10 W")]
    [5, 10, 15]
    """
    if card.wild:
        return CLASSES["wild"]
    return CLASSES["low"] if card.rank <= 9 else CLASSES["high"]


def _blockers(cards: tuple[Card, ...], least: int) -> list[str]:
    """KB-1 (size) and KB-2 (Wild Bees <= number cards) reasons for one meld."""
    reasons = []
    if len(cards) < least:
        reasons.append(say("kb.meld_too_small", least=least, count=len(cards)))
    too_wild = too_many_wild_bees(values_of(cards))
    if too_wild:
        reasons.append(too_wild)
    return reasons


def _table_reasons(table: tuple[Card, ...]) -> list[str]:
    """KB-6: the meld laid off on must itself be legal (KB-2 included)."""
    return [say("kb.table_not_legal", reason=reason) for reason in _blockers(table, 1)]


@register
class KrazyBee(StepProgress, Variant):
    slug = "krazy-bee"
    table_counts = staticmethod(krazy_bee_counts)
    hand_changes = staticmethod(step_changes)  # a Step laid down or missed (KB-9)
    part_kind = "steps"  # the Step laid and the hand left, once the hand is over (KB-3)
    #: a player without a part sat the hand out: 0 points (KB-7), still on their Step (KB-9)
    sat_out_part = MappingProxyType({"laid": False, "went_out": False, "points": 0})
    name = "Krazy Bee Rummy"
    summary = "Lay down ten Steps of books and runs; Wild Bees help; lowest score wins."
    min_players, max_players = 2, 4
    notation = NOTATION
    wild_name, laid_in_steps, rules_home = "Wild Bee", True, ("N", "KB")
    count_classes, count_rule = {"low": "1-9", "high": "10-13", "wild": "Wild Bees"}, "KB-7"
    option_spec = (
        Option(
            "steps",
            "text",
            DEFAULT_STEPS,
            STEPS_HELP,
            rule="KB-8",
            parser=parse_steps,
        ),
        Option(
            "min", "int", 3, "Smallest meld size for a lone check", rule="KB-1", low=1, high=13, game=False
        ),
        Option(
            "step",
            "text",
            None,
            "Check a laydown against this Step: its number in the list or its text",
            rule="KB-3",
            optional=True,
            game=False,
            parser=parse_step_choice,
        ),
        Option(
            "kind",
            "choice",
            None,
            "Declare the meld a book or a run",
            rule="KB-1",
            choices=("book", "run"),
            optional=True,
            game=False,
        ),
    )

    samples = Samples(
        hand={"players": [{"laid": True, "went_out": True}, {"laid": False, "hand": "3 12 W"}]},
        other_hand={"players": [{"laid": False, "hand": "W"}, {"laid": True, "went_out": True}]},
        # KB-7: Bob keeps 3 (5) and 12 (10) = 15; Ann went out with 0
        form={"players.0.laid": "1", "players.1.hand": "3 12", "went_out": "0"},
        form_totals=(0, 15),
        page_hand={"players": [{"laid": True, "went_out": True, "hand": ""}, {"laid": False, "points": 25}]},
        progress=("Step 2 of 10: book of 3 + run of 4", "Step 1 of 10: 2 books of 3"),  # KB-3
        sheet_widest=("10 ✓", "0 out", "1250"),
        meld="7 7 W",
        not_meld="7 W W",
        cards_left="3 12 W",
        rack="7 7 7 3 3 W 12",
    )
    entered_rule = "KB-9"
    most_hand_points = (KB_MOST_HAND_POINTS, "KB-7")
    facts_shape = seats(
        2,
        4,
        {
            "laid": Flag("laid down the Step they were on (KB-9)"),
            "went_out": Flag("went out (at most one player a hand, KB-9)"),
            "hand": CARDS_LEFT,
            "points": points_left(KB_MOST_HAND_POINTS, "KB-7"),
            "counts": card_counts(
                "cards left per class instead of the cards (KB-7): 1-9, 10-13, Wild Bees", CLASSES, "KB-7"
            ),
            "step": Count(
                "the Step attempted (1-based); it must be the one the player is on",
                low=1,
                high=KB_MOST_STEP,
            ),
            "notes": Text("floating / Rummy notes", note=True),
        },
    )

    def high_wins(self, opts):
        return False

    # -- the checker ----------------------------------------------------------
    def _melds(self, text: str) -> list[tuple[Card, ...]]:
        if not isinstance(text, str):
            raise self.refuse(say("n1.cards_text"), repr(text))
        melds = [self.parse(part) for part in text.split("|")]
        if not any(melds):
            raise self.refuse(say("n1.no_cards"))
        if any(not m for m in melds):
            raise self.refuse(say("kb.empty_meld", sign=BETWEEN_MELDS), "|")
        return melds

    def check(self, cards: str, extend: str | None, opts: dict[str, Any]) -> Verdict:
        melds = self._melds(cards)
        if extend is not None:
            if len(melds) > 1:
                raise self.refuse(say("kb.extend_one_meld", sign=BETWEEN_MELDS), "|")
            table = self._melds(extend)
            if len(table) > 1:
                raise self.refuse(say("kb.extend_one_table_meld", sign=BETWEEN_MELDS), "|")
            return self._extension(table[0], melds[0], opts)
        if len(melds) > 1 or opts["step"] is not None:
            return self._laydown(melds, opts)
        return judge(
            self.slug,
            melds[0],
            (BOOK, RUN),
            declared=opts["kind"],
            blockers=_blockers(melds[0], opts["min"]),
            rule="KB-1",
            wild_word="Wild Bee",
            wild_token="W",
        )

    def _laydown(self, cards: list[tuple[Card, ...]], opts: dict[str, Any]) -> Verdict:
        """KB-3..KB-5: against the chosen Step, or against every Step of the list."""
        steps = steps_of(opts)
        melds = [Meld.read(values_of(m)) for m in cards]
        laid = [s.number for s in steps if lays(melds, s)]
        if opts["step"] is not None:
            step = chosen_step(opts["step"], steps)
            verdict = judge_laydown(self.slug, melds, step)
            others = tuple(
                say("kb.lays_instead", step=steps[n - 1].label, number=n) for n in laid if n != step.number
            )
            return replace(
                verdict,
                alternatives=() if verdict.valid else verdict.alternatives + others,
                extra={**verdict.extra, "steps": laid},
            )
        if laid:
            verdict = judge_laydown(self.slug, melds, steps[laid[0] - 1])
            others = tuple(say("kb.also_lays", step=steps[n - 1].label, number=n) for n in laid[1:])
            return replace(verdict, alternatives=others, extra={**verdict.extra, "steps": laid})
        judged = [judge_laydown(self.slug, melds, s) for s in steps]  # each Step once
        same = [v for s, v in zip(steps, judged) if len(s.melds) == len(melds)]
        reasons = (say("kb.no_step", melds=counted(len(melds), "kb.one_meld", "kb.melds")),)
        reasons += tuple(r for v in same for r in v.reasons)
        shown = same[0] if same else judged[0]
        # N-2: what a Step of the list would take instead (the melds joined into one run, KB-5)
        others = dict.fromkeys(a for v in judged for a in v.alternatives)
        return Verdict(
            self.slug,
            False,
            None,
            (),
            None,
            shown.reading,
            reasons,
            parts=shown.parts,
            alternatives=tuple(others),
            extra={"step": None, "step_text": None, "steps": []},
        )

    def _extension(self, table: tuple[Card, ...], added: tuple[Card, ...], opts: dict[str, Any]) -> Verdict:
        """KB-6: the meld on the table stays a legal meld of its kind.

        KB-2 must hold after every addition. The cards of one lay-off are a
        multiset (N-4): laid number cards first, Wild Bees never outnumber
        number cards on the way when they do not at the end, so the grown meld
        is what is checked.
        """
        blockers = _table_reasons(table) or _blockers(table + added, 1)
        return judge_change(
            self.slug,
            table,
            table,
            added,
            (BOOK, RUN),
            declared=opts["kind"],
            blockers=blockers,
            rule="KB-6",
            what="meld",
            wild_word="Wild Bee",
            wild_token="W",
        )

    def class_values(self, opts: Mapping[str, Any]) -> Mapping[str, int]:
        return CLASSES

    def hand(self, cards: str, opts: dict[str, Any]) -> HandValue:
        """KB-7: the points of the cards left in a hand, card by card."""
        parsed = self.parse(cards)
        breakdown = tuple((NOTATION.format(c), card_points(c)) for c in parsed)
        return HandValue(self.slug, points=sum(p for _, p in breakdown), breakdown=breakdown)
