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
from typing import Any

from ..base import CARDS_LEFT, POINTS_LEFT, Variant, seats
from ..cards import Card, Notation
from ..errors import RoundError
from ..facts import Count, Flag, Record, Text, yes_no
from ..options import Option
from ..progression_verdicts import judge, judge_change, values_of
from ..reasons import counted, say
from ..registry import register
from ..scoring import GameScore, RoundOutcome, competition_ranks
from ..table_counts import krazy_bee_counts
from ..verdict import HandValue, Verdict
from .laydown import Meld, judge_laydown, lays, too_many_wild_bees
from .steps import BOOK, RUN, Requirement, Step, chosen_step, parse_step_choice, parse_steps, steps_of

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
class KrazyBee(Variant):
    slug = "krazy-bee"
    table_counts = staticmethod(krazy_bee_counts)
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
            "The Step list, one Step per ';', requirements joined by '+'",
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

    entered_rule = "KB-9"
    facts_shape = seats(
        2,
        4,
        {
            "laid": Flag("laid down the Step they were on (KB-9)"),
            "went_out": Flag("went out (at most one player a hand, KB-9)"),
            "hand": CARDS_LEFT,
            "points": POINTS_LEFT,
            "counts": Record(
                "cards left per class instead of the cards (KB-7): 1-9, 10-13, Wild Bees",
                fields={k: Count(high=200) for k in CLASSES},
            ),
            "step": Count("the Step attempted (1-based); it must be the one the player is on", low=1),
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
            raise self.refuse(say("kb.empty_meld"), "|")
        return melds

    def check(self, cards: str, extend: str | None, opts: dict[str, Any]) -> Verdict:
        melds = self._melds(cards)
        if extend is not None:
            if len(melds) > 1:
                raise self.refuse(say("kb.extend_one_meld"), "|")
            table = self._melds(extend)
            if len(table) > 1:
                raise self.refuse(say("kb.extend_one_table_meld"), "|")
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
            others = tuple(say("kb.lays_instead", step=steps[n - 1].label) for n in laid if n != step.number)
            return replace(
                verdict,
                alternatives=() if verdict.valid else verdict.alternatives + others,
                extra={**verdict.extra, "steps": laid},
            )
        if laid:
            verdict = judge_laydown(self.slug, melds, steps[laid[0] - 1])
            others = tuple(say("kb.also_lays", step=steps[n - 1].label) for n in laid[1:])
            return replace(verdict, alternatives=others, extra={**verdict.extra, "steps": laid})
        same = [judge_laydown(self.slug, melds, s) for s in steps if len(s.melds) == len(melds)]
        reasons = (say("kb.no_step", melds=counted(len(melds), "kb.one_meld", "kb.melds")),)
        reasons += tuple(r for v in same for r in v.reasons)
        shown = same[0] if same else judge_laydown(self.slug, melds, steps[0])
        return Verdict(
            self.slug,
            False,
            None,
            (),
            None,
            shown.reading,
            reasons,
            parts=shown.parts,
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

    # -- scoring (KB-9, KB-10) ---------------------------------------------------
    def initial_progress(self, players: int, opts: Mapping[str, Any]) -> tuple[dict, ...]:
        return tuple(self._progress(0, steps_of(opts)) for _ in range(players))

    @staticmethod
    def _progress(completed: int, steps: tuple[Step, ...]) -> dict:
        done = completed >= len(steps)
        return {
            "step": completed + 1,
            "completed": completed,
            "steps": len(steps),
            "step_text": None if done else steps[completed].text,
            "done": done,
        }

    @staticmethod
    def flag(entry: Mapping[str, Any], key: str, field: str = "") -> bool:
        """A yes/no fact (``laid``, ``went_out``) as the engine reads it (KB-9).

        >>> KrazyBee.flag({"laid": "no"}, "laid"), KrazyBee.flag({"laid": 1}, "laid"), KrazyBee.flag({}, "laid")
        (False, True, False)
        """
        value = entry.get(key, False)
        answer = False if value in (None, "") else yes_no(value)
        if answer is None:
            raise RoundError([(f"{field}.{key}", say("round.not_yes_no", value=repr(value)))])
        return answer

    def score_round(
        self, facts: Mapping[str, Any], game: GameScore, dealer: int, opts: Mapping[str, Any]
    ) -> RoundOutcome:
        """KB-9: points left in hand, Steps laid, who went out; progress to the next Step."""
        steps = steps_of(opts)
        entries = self.seat_entries(facts, game.players)
        errors: list[tuple[str, str]] = []
        attempted, laid, points, notes, out = [], [], [], [], []
        for seat, entry in enumerate(entries):
            field = f"players.{seat}"
            attempted.append(game.progress[seat]["completed"] + 1)
            try:
                seat_laid, went_out, seat_points, seat_errors = self._seat_facts(
                    entry, field, attempted[-1], steps, opts
                )
            except RoundError as err:
                errors += err.errors
                continue
            laid.append(seat_laid)
            points.append(seat_points)
            errors += seat_errors
            if went_out:
                out.append(seat)
            notes.append(str(entry.get("notes") or ""))
        if len(out) > 1:
            errors.append((f"players.{out[1]}.went_out", say("kb.one_out")))
        if errors:
            raise RoundError(errors)
        progress = tuple(
            self._progress(game.progress[s]["completed"] + laid[s], steps) for s in range(game.players)
        )
        details = {
            "steps": attempted,
            "step_texts": [steps[n - 1].text for n in attempted],
            "laid": laid,
            "went_out": out[0] if out else None,
            "points": points,
            "notes": notes,
        }
        return RoundOutcome(
            changes=tuple(points), progress=progress, details=details, starter=(dealer + 1) % game.players
        )

    def _seat_facts(self, entry: Mapping[str, Any], field: str, on_step: int, steps, opts: Mapping[str, Any]):
        """One player's row (KB-9): ``(laid, went_out, points, errors)``; RoundError where a fact
        cannot be read at all."""
        laid = self.flag(entry, "laid", field)
        went_out = self.flag(entry, "went_out", field)
        points = self.hand_points(entry, field, opts)
        errors = []
        if entry.get("step") not in (None, ""):
            typed = self.count(entry["step"], f"{field}.step", low=1, what="a Step number")
            if typed > len(steps):
                errors.append((f"{field}.step", say("kb.list_has_only", count=len(steps))))
            elif typed != on_step:
                errors.append((f"{field}.step", say("kb.on_step", step=on_step, typed=typed)))
        if went_out and not laid:
            errors.append((f"{field}.went_out", say("kb.out_laid")))
        if went_out and points:  # marked on what was given: the cards, the counts, or the total
            given = next((key for key in ("hand", "counts") if entry.get(key)), "points")
            errors.append((f"{field}.{given}", say("kb.out_counts_0", points=points)))
        return laid, went_out, points, errors

    def is_over(self, game: GameScore, outcome: RoundOutcome, opts: Mapping[str, Any]) -> bool:
        """KB-10: the game ends after a hand in which someone lays the last Step."""
        return any(p["done"] for p in game.progress)

    def rank(self, game: GameScore, opts: Mapping[str, Any]) -> tuple[int, ...]:
        """KB-10: those who completed the last Step first, lowest total first (so the 1st are
        the winners); then the others by Step reached (further first) and total (ties share, N-5)."""
        return competition_ranks([(-p["completed"], total) for p, total in zip(game.progress, game.totals)])
