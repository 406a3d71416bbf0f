"""Crib Rummy (RULES.md section 4): melds pegged on a cribbage board.

Round facts (one hand, recorded turn by turn)::

    {"starter": 1,                     # who plays first (CR-9: the player behind chooses); default left of dealer
     "turns": [                        # every turn in play order, starting with the starter
        {"player": 1,                  # optional; must be the seat due
         "melds": [                    # melds laid or extended this turn (CR-5)
            {"cards": "3H 4H 5H"},               # a new meld
            {"cards": "6H", "extend": 0}],       # added to table meld 0 (numbered in the order laid this hand)
         "kind": null},                # optional per meld: "kind": "set"/"run" when ambiguous (CR-3)
        {"player": 2, "pegs": 5},      # or a manual peg count for the turn
        ...],
     "end": {"type": "out", "player": 1, "cards_left": [4, 0, 7]}   # rummy (CR-7), or
            {"type": "draw_pile"}      # the draw pile ran out: no bonus, or
            null}                      # hand still being played

>>> from scorekeeper.rules import check
>>> check("crib-rummy", "3S 4S 5S 6S 7S").points
10
>>> check("crib-rummy", "6S", extend="3S 4S 5S").points
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import Variant
from ..hand_changes import points_only
from ..options import Option
from ..reasons import say
from ..registry import register
from ..table_counts import crib_rummy_counts
from ..verdict import HandValue, Verdict, distinct_readings
from .ends import behind, rummy_bonus
from .extensions import judge_extension
from .hand import play_hand
from .melds import Judgement, added_pegs, best_kind, judge, of_kind, pegs
from .notation import NOTATION, RANKS, SUITS, deck_reasons
from .round_facts import FACTS
from .samples import CRIB_RUMMY

__all__ = ["NOTATION", "RANKS", "SUITS", "CribHand", "CribRummy"]


@dataclass(frozen=True)
class CribHand(HandValue):
    """``hand`` for crib-rummy: the card count, plus the rummy bonus those cards give (CR-7)."""

    players: int = 2
    rummy_bonus: int = 0

    def to_dict(self) -> dict:
        return {**super().to_dict(), "players": self.players, "rummy_bonus": self.rummy_bonus}


def _unique(items) -> tuple:
    return tuple(dict.fromkeys(items))


@register
class CribRummy(Variant):
    slug = "crib-rummy"
    table_counts = staticmethod(crib_rummy_counts)
    hand_changes = staticmethod(points_only)  # its pegging and rummy are its points (CR-5, CR-7)
    part_kind = "turns"  # each turn as it is due, pegged as it is laid (CR-5)
    name = "Crib Rummy"
    summary = "Rummy raced on a cribbage board: melds peg as they grow."
    min_players, max_players = 2, 4
    notation = NOTATION
    samples = CRIB_RUMMY
    deck_look, wild_name, pegged, rules_home = "suited", "joker", True, ("CR",)
    facts_shape = FACTS
    option_spec = (
        Option(
            "target",
            "int",
            121,
            "Points to peg out: 61 short, 121 standard, 241 long",
            rule="CR-8",
            choices=(61, 121, 241),
        ),
        Option("jokers", "int", 2, "Jokers in the deck", rule="CR-3", choices=(2, 4)),
        Option("ace_high", "bool", False, "Allow Q-K-A runs as well as A-2-3", rule="CR-2"),
        Option(
            "players",
            "int",
            2,
            "Players at the table (sets the rummy rate of a lone count)",
            rule="CR-7",
            low=2,
            high=4,
            game=False,
        ),
        Option(
            "kind",
            "choice",
            None,
            "Declare the meld a set or a run",
            rule="CR-3",
            choices=("set", "run"),
            optional=True,
            game=False,
        ),
    )

    # -- the checker --------------------------------------------------------------
    def check(self, cards: str, extend: str | None, opts: dict[str, Any]) -> Verdict:
        """CR-1..CR-5: judge a new meld, or (``extend``) cards added to a table meld.

        >>> v = CribRummy().check("7H JK JK", None, CribRummy().options())
        >>> v.kind, v.kinds, v.points, v.extra["points_by_kind"]
        ('run', ('set', 'run'), 3, {'set': 2, 'run': 3})
        >>> CribRummy().check("KH AH 2H", None, CribRummy().options({"ace_high": True, "kind": "run"})).reasons
        ('CR-2: a run never wraps round from K through A to 2',)
        """
        added = self.parse(cards)
        if extend is not None and str(extend).strip():
            return self._check_extension(self.parse(extend), added, opts)
        return self._check_meld(added, opts)

    def _check_meld(self, cards, opts) -> Verdict:
        judged = judge(cards, opts["ace_high"])
        deck = deck_reasons(cards, opts["jokers"])
        declared = opts["kind"]
        kinds = () if deck else tuple(k for k, j in judged.items() if j.legal)  # section 6: every kind
        legal, why = of_kind(judged, declared)
        alternatives = self._alternatives(cards, judged, declared, opts)
        if deck or not legal:
            return Verdict(
                self.slug, False, kinds=kinds, reasons=_unique([*why, *deck]), alternatives=alternatives
            )
        kind = best_kind(legal, lambda k: pegs(k, len(cards)))
        readings, truncated = distinct_readings(
            r.tokens() for k in _unique((kind, *legal)) for r in legal[k].readings
        )
        notes = ()
        if len(legal) > 1:
            notes = (say("cr.both_ways", set_pegs=pegs("set", len(cards)), run_pegs=pegs("run", len(cards))),)
        return Verdict(
            self.slug,
            True,
            kind,
            kinds,
            pegs(kind, len(cards)),
            readings[0],
            readings=readings,
            readings_truncated=truncated,
            alternatives=alternatives,
            notes=notes,
            extra={"points_by_kind": {k: pegs(k, len(cards)) for k in kinds}},
        )

    def _alternatives(self, cards, judged: Mapping[str, Judgement], declared, opts) -> tuple[str, ...]:
        """N-2: another kind, or the ace_high option, that would make these cards legal."""
        out = []
        for kind, j in judged.items():
            if declared and kind != declared and j.legal:
                key = "cr.legal_as_set" if kind == "set" else "cr.legal_as_run"
                out.append(say(key, pegs=pegs(kind, len(cards))))
        if not opts["ace_high"] and not judged["run"].legal and (not declared or declared == "run"):
            if judge(cards, ace_high=True)["run"].legal:
                out.append(say("cr.legal_ace_high", pegs=pegs("run", len(cards))))
        return tuple(out)

    def _check_extension(self, table, added, opts, *, other_ways: bool = True) -> Verdict:
        ace_high, declared, size = opts["ace_high"], opts["kind"], len(table)
        table_all = judge(table, ace_high)
        table_legal, why = of_kind(table_all, declared)
        if not table_legal:
            return Verdict(
                self.slug,
                False,
                reasons=(say("cr.table_not_legal", reasons=tuple(why)),),
                alternatives=self._extension_ways(table, added, opts) if other_ways else (),
            )
        grown_all = {k: judge_extension(j.readings, added, ace_high) for k, j in table_all.items() if j.legal}
        legal, why = of_kind({k: g for k, g in grown_all.items() if k in table_legal}, None)
        deck = deck_reasons(table + added, opts["jokers"])
        kinds = () if deck else tuple(k for k, g in grown_all.items() if g.legal)  # section 6: every kind
        if deck or not legal:
            return Verdict(
                self.slug,
                False,
                kinds=kinds,
                reasons=_unique([*why, *deck]),
                alternatives=(
                    (*self._extension_ways(table, added, opts), *self._as_new_meld(added, opts))
                    if other_ways
                    else ()
                ),
            )
        kind = best_kind(legal, lambda k: added_pegs(k, size, size + len(added)))
        readings, truncated = distinct_readings(r.tokens()[size:] for r in legal[kind].readings)
        first = legal[kind].readings[0]
        return Verdict(
            self.slug,
            True,
            kind,
            kinds,
            added_pegs(kind, size, size + len(added)),
            readings[0],
            readings=readings,
            readings_truncated=truncated,
            extra={
                "length": size + len(added),
                "table_reading": list(first.tokens()[:size]),
                "points_by_kind": {k: added_pegs(k, size, size + len(added)) for k in kinds},
            },
        )

    def _extension_ways(self, table, added, opts) -> tuple[str, ...]:
        """N-2: the other kind declared, or the ace_high option, under which the cards may be added
        (their pegs for the added cards, CR-5)."""
        out = []
        for kind in ("set", "run"):
            if opts["kind"] and kind != opts["kind"]:
                other = self._check_extension(table, added, {**opts, "kind": kind}, other_ways=False)
                if other.valid:
                    out.append(
                        say("cr.legal_as_set" if kind == "set" else "cr.legal_as_run", pegs=other.points)
                    )
        if not opts["ace_high"]:
            other = self._check_extension(table, added, {**opts, "ace_high": True}, other_ways=False)
            if other.valid:
                out.append(say("cr.legal_ace_high", pegs=other.points))
        return tuple(out)

    def _as_new_meld(self, added, opts) -> tuple[str, ...]:
        """N-2: the added cards may still be a legal meld of their own."""
        legal = [k for k, j in judge(added, opts["ace_high"]).items() if j.legal]
        if not legal or deck_reasons(added, opts["jokers"]):
            return ()
        kind = best_kind(legal, lambda k: pegs(k, len(added)))
        key = "cr.added_new_set" if kind == "set" else "cr.added_new_run"
        return (say(key, pegs=pegs(kind, len(added))),)

    def hand(self, cards: str, opts: dict[str, Any]) -> HandValue:
        """The card count (RULES.md section 6) and the rummy bonus it gives (CR-7).

        >>> CribRummy().hand("3H 4H JK", CribRummy().options({"players": 4})).to_dict()
        {'variant': 'crib-rummy', 'cards': 3, 'players': 4, 'rummy_bonus': 2}
        """
        count = len(self.parse(cards))
        return CribHand(
            self.slug, cards=count, players=opts["players"], rummy_bonus=rummy_bonus(opts["players"], [count])
        )

    def hand_supply(self, cards: str, opts: dict[str, Any]) -> list[str]:
        """CR-1, CR-3: a hand the two packs (and the jokers) cannot deal.

        >>> CribRummy().hand_supply("7H 7H 7H", CribRummy().options({}))
        ['CR-1: two packs hold 2 of each card; 7H is here 3 times']
        """
        return deck_reasons(self.parse(cards), opts["jokers"])

    # -- scoring ------------------------------------------------------------------
    def initial_progress(self, players, opts):
        return tuple({"front": 0, "back": 0} for _ in range(players))

    def score_round(self, facts, game, dealer, opts):
        """One hand turn by turn (CR-4..CR-8); see the module docstring for the facts."""
        return play_hand(self, facts, game, dealer, opts).outcome()

    def describe_next(self, game, opts):
        """CR-9: after the first hand the player behind chooses who starts (``chooser``).

        Ties for behind go to the tied player who would be first to play from
        the dealer's left. The next hand's ``starter`` is None until chosen.
        """
        game = super().describe_next(game, opts)
        if game.finished:
            return game
        current = game.in_progress_round
        if current is None and game.rounds:
            return replace(game, starter=None, chooser=behind(game.totals, game.dealer))
        if current is not None and len(game.rounds) > 1:
            return replace(game, chooser=behind(game.rounds[-2].totals, game.dealer))
        return game
