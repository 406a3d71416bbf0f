"""RumBugz (RULES.md section 2): Sequences of number tiles, PLYTs, four kinds.

Round facts::

    {"winner": 2,                      # seat that laid all four kinds and emptied the hand, or null (RB-7)
     "starter": 0,                     # optional: who drew the highest Bug and played first
     "players": [
        {"kinds": ["single", "double"],   # kinds laid this round (RB-4)
         "hand": "3 P",                   # Bugz left (RB-6) -- or "points": 15
         "bid": "..."},                   # optional notes (bids are notes, RB-8)
        ...]}

The winner may leave ``kinds`` out (all four, RB-4); the winner's hand is empty.

>>> from scorekeeper.rules import check
>>> check("rumbugz", "2 4 6 8").kind
'double'
>>> check("rumbugz", "7 -3", extend="3 4 5 6").to_dict()["extend_reading"]  # the 3 taken off
[None, '4', '5', '6']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from .base import Variant
from .bounds import RB_MOST_HAND_POINTS
from .cards import Card, Notation, tokenize
from .errors import NotationError, RoundError
from .facts import Choice, Seat, Text
from .hand_changes import bugz_changes
from .hand_shapes import CARDS_LEFT, points_left, seats
from .options import Option, rounds_option, target_option
from .progression_verdicts import judge, judge_change
from .progressions import Shape
from .reasons import Reason, say
from .records import ListOf
from .registry import register
from .samples import Samples
from .scoring import GameScore, RoundOutcome
from .table_counts import rumbugz_counts
from .verdict import HandValue, Verdict

KINDS = ("single", "double", "triple", "match")
#: RB-2: each kind as a progression inside 1..12
SHAPES = tuple(Shape(kind, step, 1, 12) for kind, step in zip(KINDS, (1, 2, 3, 0)))
#: RB-1: the fewest Bugz in a Sequence
LEAST = 4

NOTATION = Notation(
    "rumbugz",
    ranks={str(n): n for n in range(1, 13)},
    wild_tokens=("P", "*"),
    accepted=say("rb.accepted"),
    game="RumBugz",
)


#: what a too-short Sequence is, as the catalog's words
TOO_FEW = {"a Sequence": "rb.too_few", "the changed Sequence": "rb.too_few_changed"}


def _too_few(count: int, rule: str, what: str) -> list[Reason]:
    if count < LEAST:
        return [say(TOO_FEW[what], rule=rule, least=LEAST, count=count)]
    return []


@register
class RumBugz(Variant):
    slug = "rumbugz"
    table_counts = staticmethod(partial(rumbugz_counts, kinds=KINDS))
    hand_changes = staticmethod(bugz_changes)  # who won (RB-7), the kinds laid (RB-4)
    part_kind = "bugz"  # the kinds laid (RB-4) and the Bugz left, once the round is over
    name = "RumBugz"
    summary = "Lay a single, double, triple and match Sequence of Bugz, then empty your hand."
    min_players, max_players = 2, 6
    round_word = "round"  # RB-7, RB-8: rounds
    notation = NOTATION
    wild_name, rules_home = "PLYT", ("RB",)
    dealt = False  # Bugz are drawn from the bag, not dealt
    samples = Samples(
        hand={
            "winner": 0,
            "players": [
                {"kinds": ["single", "double", "triple", "match"]},
                {"kinds": ["single"], "hand": "3 P"},
            ],
        },
        other_hand={"winner": None, "players": [{"kinds": [], "hand": "5"}, {"kinds": [], "hand": "7"}]},
        # RB-6/RB-7: Ann wins Bob's 3 + PLYT (12) = 15
        form={
            "winner": "0",
            "players.0.kinds": ["single", "double", "triple", "match"],
            "players.1.hand": "3 P",
        },
        form_totals=(15, 0),
        page_hand={"winner": 0, "players": [{"hand": ""}, {"kinds": ["single"], "points": 15}]},
        progress=(
            "1 win; kinds laid last round: single, double, triple, match",
            "0 wins; kinds laid last round: single",
        ),
        sheet_widest=("S – T M", "12", "+120", "999"),
        meld="2 4 6 8",
        not_meld="1 12 5",
        cards_left="3 P",
        rack="2 4 6 8 3 P",
    )
    entered_rule = "RB-7"
    most_hand_points = (RB_MOST_HAND_POINTS, "RB-6")
    facts_shape = seats(
        2,
        6,
        {
            "kinds": ListOf(
                "kinds laid this round (RB-4); the winner laid all four",
                item=Choice(values=KINDS, fold=True),
                order=KINDS,
                words=True,
            ),
            "hand": CARDS_LEFT,
            "points": points_left(RB_MOST_HAND_POINTS, "RB-6"),
            "bid": Text("notes (bids are notes, RB-8)", note=True),
            "notes": Text("notes", note=True),
        },
        winner=Seat("the seat that laid all four kinds and emptied the hand; null: nobody (RB-7)"),
        starter=Seat("who drew the highest Bug and played first"),
    )
    option_spec = (
        Option("plyt_value", "int", 12, "Points a PLYT left in hand counts", rule="RB-6", low=0, high=100),
        rounds_option(5, "RB-8"),
        target_option("RB-8", "End when a total reaches this score instead of a round count"),
        Option(
            "kind",
            "choice",
            None,
            "Declare which kind the Sequence counts as",
            rule="RB-3",
            choices=KINDS,
            optional=True,
            game=False,
        ),
    )

    # -- the checker ----------------------------------------------------------
    def _bugz(self, text: Any) -> tuple[Card, ...]:
        cards = self.parse(text)
        if not cards:
            raise self.refuse(say("rb.no_bugz"))
        return cards

    def check(self, cards: str, extend: str | None, opts: dict[str, Any]) -> Verdict:
        if extend is not None:
            return self._change(self._bugz(extend), cards, opts)
        bugz = self._bugz(cards)
        return judge(
            self.slug,
            bugz,
            SHAPES,
            declared=opts["kind"],
            blockers=_too_few(len(bugz), "RB-1", "a Sequence"),
            rule="RB-2",
            wild_word="PLYT",
            wild_token="P",
        )

    def _taken_off(self, token: str) -> Card:
        """``-N`` / ``-P``: a Bug taken off the table Sequence (RB-5)."""
        try:
            return NOTATION.parse_token(token[1:])
        except NotationError:
            raise NotationError(token, say("rb.taken_off"), self.slug) from None

    def _change(self, table: tuple[Card, ...], text: str, opts: dict[str, Any]) -> Verdict:
        """RB-5: add Bugz to (and take Bugz off) a Sequence on the table; it keeps its kind."""
        tokens = tokenize(text)
        if not tokens:
            raise self.refuse(say("rb.no_bugz"))
        added = tuple(NOTATION.parse_token(t) for t in tokens if not t.startswith("-"))
        removed = [self._taken_off(t) for t in tokens if t.startswith("-")]
        kept_at = list(range(len(table)))  # where each card that stays lies on the table
        reasons = [say("rb.table_not_legal", reason=r) for r in _too_few(len(table), "RB-1", "a Sequence")]
        for bug in removed:
            at = next((i for i in kept_at if table[i] == bug), None)
            if at is not None:
                kept_at.remove(at)
            else:
                reasons.append(say("rb.not_on_table", bug=NOTATION.format(bug)))
        kept = [table[i] for i in kept_at]
        reasons += _too_few(len(kept) + len(added), "RB-5", "the changed Sequence")
        verdict = judge_change(
            self.slug,
            table,
            tuple(kept),
            added,
            SHAPES,
            declared=opts["kind"],
            blockers=reasons,
            rule="RB-5",
            what="Sequence",
            wild_word="PLYT",
            wild_token="P",
            kept_at=kept_at,
        )
        if removed and verdict.valid:
            return replace(verdict, extra={**verdict.extra, "removed": [NOTATION.format(b) for b in removed]})
        return verdict

    def hand(self, cards: str, opts: dict[str, Any]) -> HandValue:
        """RB-6: a numbered Bug counts its number, a PLYT ``plyt_value``."""
        breakdown = tuple(
            (NOTATION.format(c), opts["plyt_value"] if c.wild else c.rank) for c in self.parse(cards)
        )
        return HandValue(self.slug, points=sum(p for _, p in breakdown), breakdown=breakdown)

    # -- scoring (RB-4, RB-7, RB-8) ---------------------------------------------------
    def initial_progress(self, players: int, opts: Mapping[str, Any]) -> tuple[dict, ...]:
        return tuple({"wins": 0, "kinds": []} for _ in range(players))

    @staticmethod
    def _kinds(entry: Mapping[str, Any], field: str) -> list[str] | None:
        raw = entry.get("kinds")
        if raw is None:
            return None
        names = tokenize(raw) if isinstance(raw, str) else raw
        if not isinstance(names, (list, tuple)):
            raise RoundError([(f"{field}.kinds", say("rb.kinds_list", accepted=", ".join(KINDS)))])
        for name in names:
            if str(name).strip().lower() not in KINDS:
                raise RoundError(
                    [(f"{field}.kinds", say("rb.not_a_kind", name=repr(name), accepted=", ".join(KINDS)))]
                )
        given = {str(n).strip().lower() for n in names}
        return [k for k in KINDS if k in given]

    def score_round(
        self, facts: Mapping[str, Any], game: GameScore, dealer: int, opts: Mapping[str, Any]
    ) -> RoundOutcome:
        """RB-7: the winner scores the losers' hands; no winner, nobody scores."""
        entries = self.seat_entries(facts, game.players)
        winner = self.seat_or_none(facts, "winner", game.players, rule="RB-7")
        errors: list[tuple[str, str]] = []
        kinds, hands = [], []
        for seat, entry in enumerate(entries):
            field = f"players.{seat}"
            try:
                laid = self._kinds(entry, field)
                hands.append(self.hand_points(entry, field, opts))
            except RoundError as err:
                errors += err.errors
                kinds.append([])
                hands.append(0)
                continue
            if seat == winner:
                if laid and len(laid) < len(KINDS):
                    missing = ", ".join(k for k in KINDS if k not in laid)
                    errors.append((f"{field}.kinds", say("rb.all_four", missing=missing)))
                if hands[-1]:
                    where = "hand" if entry.get("hand") not in (None, "") else "points"
                    errors.append((f"{field}.{where}", say("rb.winner_empty", points=hands[-1])))
                laid = list(KINDS)
            kinds.append(laid or [])
        if errors:
            raise RoundError(errors)
        changes = [0] * game.players
        if winner is not None:
            changes[winner] = sum(hands)
        progress = tuple(
            {"wins": game.progress[s]["wins"] + (s == winner), "kinds": kinds[s]} for s in range(game.players)
        )
        notes = [str(e.get("bid") or e.get("notes") or "") for e in entries]
        starter = self.seat_or_none(facts, "starter", game.players)  # who drew the highest Bug
        return RoundOutcome(
            changes=tuple(changes),
            progress=progress,
            details={"winner": winner, "hands": hands, "notes": notes},
            starter=(dealer + 1) % game.players if starter is None else starter,
        )

    def is_over(self, game: GameScore, outcome: RoundOutcome, opts: Mapping[str, Any]) -> bool:
        """RB-8: after ``rounds`` rounds, or (with ``target``) once a total reaches it."""
        if opts["target"] is not None:
            return max(game.totals) >= opts["target"]
        return len(game.rounds) >= opts["rounds"]
