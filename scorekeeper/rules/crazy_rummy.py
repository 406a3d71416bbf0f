"""Crazy Rummy (RULES.md section 5): sets only, a wild rank per hand, 1500 points.

Round facts (one hand)::

    {"face_up": ["4", "J", "7"],       # each seat's face-up first card (CZ-7);
                                       # the dealer's is the wild indicator (CZ-1)
     "wild": "7",                      # optional: the hand's wild rank; must match the dealer's face-up card
     "went_out": 2,                    # seat that went out, or null
     "players": [
        {"board": "8 8 8 7 K K K",     # cards on the player's board (CZ-6)
         "hand": "3 A"},               # cards left in hand -- or "points": 105
        ...]}

>>> from scorekeeper.rules import check, score_round
>>> check("crazy-rummy", "J J J 7 7 7", options={"wild": "7", "first_play": True}).points
330
>>> check("crazy-rummy", "J J J 7 7 7 7", options={"wild": "7", "first_play": True}).reasons[0][:57]
'CZ-7: 1 deck holds 4 cards of rank 7 and one of them is t'
>>> score_round("crazy-rummy", {"face_up": ["Q", "J"], "went_out": 1,
...             "players": [{"board": "", "hand": "4 4 A"}, {"board": "J J J"}]}, players=2).changes
(-110, 30)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from .base import Variant
from .bounds import CZ_MOST_POINTS
from .crazy_facts import COUNT_CLASSES, FACTS, OPTIONS
from .crazy_samples import CRAZY_RUMMY
from .crazy_sets import (
    NOTATION,
    RANKS,
    SUITS,
    WILD_CHOICES,
    card_class,
    card_value,
    class_reasons,
    deck_reasons,
    hand_size,
    hand_sizes_by_rank,
    judge_feeding,
    judge_set,
    rank_text,
    value,
    wild_rank,
)
from .errors import RoundError
from .hand_changes import crazy_changes
from .reasons import say
from .registry import register
from .scoring import RoundOutcome
from .table_counts import crazy_rummy_counts
from .verdict import HandValue, Verdict

__all__ = ["NOTATION", "RANKS", "SUITS", "WILD_CHOICES", "CrazyRummy", "hand_sizes_by_rank"]

NO_WILD_NOTE = say("cz.no_wild")


@register
class CrazyRummy(Variant):
    slug = "crazy-rummy"
    table_counts = staticmethod(crazy_rummy_counts)
    hand_changes = staticmethod(crazy_changes)  # the wild rank (CZ-1), who went out (CZ-6)
    part_kind = "cards"  # face-up card, board and hand, once the hand is over (CZ-1)
    #: a player without a part sat the hand out: own board minus own hand, both nothing (CZ-6);
    #: the dealer's part is needed, its face-up card sets the wild rank (CZ-1)
    sat_out_part = MappingProxyType({"board_points": 0, "points": 0, "went_out": False})
    dealer_part_needed = True
    name = "Crazy Rummy"
    summary = "Sets only, a new wild rank every hand, race to 1500."
    min_players, max_players = 2, 12
    notation = NOTATION
    deck_look, wild_rank, rules_home = "suited", True, ("CZ",)
    count_classes: ClassVar[Mapping[str, str]] = COUNT_CLASSES
    count_rule = "CZ-5"
    samples = CRAZY_RUMMY
    entered_rule = "CZ-7"
    most_hand_points = (CZ_MOST_POINTS, "CZ-5")
    facts_shape, option_spec = FACTS, OPTIONS

    # -- the checker --------------------------------------------------------------
    def check(self, cards: str, extend: str | None, opts: dict[str, Any]) -> Verdict:
        """CZ-2/CZ-3: judge one set; with ``extend`` (an opponent's board) bottom feeding (CZ-4).

        >>> opts = CrazyRummy().options({"wild": "7"})
        >>> CrazyRummy().check("Q 7 7", None, opts).reasons
        ('CZ-3: after the first play a set holds at most one wildcard, not 2',
         'CZ-3: after the first play a set needs at least two natural cards, not 1')
        >>> CrazyRummy().check("Q 7 7", None, opts).alternatives
        ("legal as the player's first play of the hand",)
        >>> CrazyRummy().check("Q Q", "Q Q 7 K K K", opts).to_dict()["valid"]
        True
        """
        added = self.parse(cards)
        wild = wild_rank(opts["wild"])
        notes = () if wild is not None else (NO_WILD_NOTE,)
        if extend is not None and str(extend).strip():
            board = self.parse(extend)
            judged = judge_feeding(board, added, wild)
            deck = deck_reasons(board + added, opts["players"], wild)
            alternatives = self._as_new_set(added, wild, opts) if not judged.legal else ()
            extra = {"bottom_feeding": True}
        else:
            judged = judge_set(added, wild, opts["first_play"])
            deck = deck_reasons(added, opts["players"], wild)
            alternatives = ()
            if not judged.legal and not opts["first_play"] and judge_set(added, wild, True).legal:
                alternatives = (say("cz.first_play_legal"),)
            extra = {}
        if deck or not judged.legal:
            return Verdict(
                self.slug, False, reasons=judged.reasons + tuple(deck), alternatives=alternatives, notes=notes
            )
        return Verdict(
            self.slug, True, "set", ("set",), value(added, wild), judged.reading, notes=notes, extra=extra
        )

    def _as_new_set(self, added, wild, opts) -> tuple[str, ...]:
        """N-2: cards that cannot be bottom-fed may still be a set of their own."""
        if judge_set(added, wild, opts["first_play"]).legal and not deck_reasons(
            added, opts["players"], wild
        ):
            return (say("cz.new_set", points=value(added, wild)),)
        return ()

    def class_values(self, opts: Mapping[str, Any]) -> Mapping[str, int]:
        """CZ-5: 3-7 count 5, 8-K 10, an ace 100, a wildcard 100; 200 each when aces are wild."""
        aces_wild = wild_rank(opts.get("wild")) == RANKS["A"]
        return {"low": 5, "high": 10, "ace": 200 if aces_wild else 100, "wild": 200 if aces_wild else 100}

    def hand(self, cards: str, opts: dict[str, Any]) -> HandValue:
        """CZ-5: the value of cards left in a hand (with the ``wild`` option's wildcards).

        >>> CrazyRummy().hand("3 K A 7", CrazyRummy().options({"wild": "7"})).to_dict()["points"]
        215
        """
        wild = wild_rank(opts["wild"])
        parsed = self.parse(cards)
        return HandValue(
            self.slug,
            points=value(parsed, wild),
            breakdown=tuple((rank_text(c.rank), card_value(c, wild)) for c in parsed),
        )

    def hand_supply(self, cards: str, opts: dict[str, Any]) -> list[str]:
        """CZ-1, CZ-7: a hand the decks for ``players`` cannot deal, the wild indicator left on the
        table when the ``wild`` option names the rank.

        >>> CrazyRummy().hand_supply("7 7 7 7", CrazyRummy().options({"wild": "7"}))[0][:44]
        'CZ-7: 1 deck holds 4 cards of rank 7 and one'
        """
        return deck_reasons(self.parse(cards), opts["players"], wild_rank(opts["wild"]))

    # -- scoring ------------------------------------------------------------------
    def score_round(self, facts, game, dealer, opts):
        """One hand: CZ-1 wild rank, CZ-7 hand sizes, CZ-5/CZ-6 board minus hand."""
        players = game.players
        face_up = self._face_up(facts, players)
        wild = self._wild(facts, face_up, dealer)
        entries = self.seat_entries(facts, players)
        went_out = self.seat_or_none(facts, "went_out", players, "CZ-6")
        hand_opts = {**opts, "wild": rank_text(wild)}
        boards, hands, counted = [], [], [face_up[dealer]] if face_up else []
        classes: Counter[str] = Counter()  # cards counted per class instead of typed (CZ-5)
        for seat, entry in enumerate(entries):
            field = f"players.{seat}"
            board = self.parse_for_round(entry.get("board"), f"{field}.board")
            if board or (
                entry.get("board_counts") in (None, "", {}) and entry.get("board_points") in (None, "")
            ):
                boards.append(value(board, wild))
            elif entry.get("board_counts") not in (None, "", {}):
                boards.append(self.class_points(entry["board_counts"], f"{field}.board_counts", hand_opts))
                classes.update(self.class_counts(entry["board_counts"], f"{field}.board_counts"))
            else:
                boards.append(
                    self.count(
                        entry["board_points"],
                        f"{field}.board_points",
                        what="board points",
                        high=CZ_MOST_POINTS,
                        rule="CZ-5",
                    )
                )
            hands.append(self.hand_points(entry, field, hand_opts))
            hand = self.parse_for_round(entry.get("hand"), f"{field}.hand")
            if entry.get("hand") in (None, "") and entry.get("counts") not in (None, "", {}):  # as scored
                classes.update(self.class_counts(entry["counts"], f"{field}.counts"))
            counted += board + hand
            if seat == went_out and hands[-1]:
                raise RoundError([(f"{field}.hand", say("cz.out_no_cards"))])
        # the wild indicator is counted with the face-up cards when they are given; a hand recorded
        # with its wild rank alone is held to the whole deck, as kept games always were (they must
        # read back: tests/rules/test_deck_limits.py), and so are its counts per class
        deck = deck_reasons(counted, players)
        if classes and not deck:  # the cards counted per class, with the cards typed, in the decks' classes
            classes.update(card_class(c, wild) for c in counted[1 if face_up else 0 :])
            deck = class_reasons(classes, players, wild, indicator=bool(face_up))
        if deck:
            raise RoundError([("players", say("cz.deck_this_hand", reasons=tuple(deck)))])
        changes = tuple(b - h for b, h in zip(boards, hands))
        sizes = [hand_size(c) for c in face_up] if face_up else None
        details = {
            "wild": rank_text(wild),
            "face_up": [rank_text(c.rank) for c in face_up] or None,
            "hand_sizes": sizes,
            "playing": [n - (s == dealer) for s, n in enumerate(sizes)] if sizes else None,
            "board": boards,
            "hand": hands,
            "went_out": went_out,
        }
        return RoundOutcome(
            changes, tuple({} for _ in range(players)), details, starter=(dealer + 1) % players
        )

    def is_over(self, game, outcome, opts) -> bool:
        """CZ-8: the game ends after the hand in which any total reaches ``target``."""
        return max(game.totals) >= opts["target"]

    def _face_up(self, facts: Mapping[str, Any], players: int) -> list:
        """CZ-7: one face-up card per seat (a list, or one string of tokens), or [] when left out."""
        raw = facts.get("face_up")
        if raw in (None, "", []):
            return []
        if isinstance(raw, str):
            raw = raw.split()
        if not isinstance(raw, list) or len(raw) != players:
            raise RoundError([("face_up", say("cz.face_up_each", players=players))])
        cards = []
        for seat, token in enumerate(raw):
            parsed = self.parse_for_round(token, f"face_up.{seat}")
            if len(parsed) != 1:
                raise RoundError([(f"face_up.{seat}", say("cz.face_up_one"))])
            cards.append(parsed[0])
        return cards

    def _wild(self, facts: Mapping[str, Any], face_up: list, dealer: int) -> int:
        """CZ-1: the dealer's face-up rank; a given ``wild`` must agree with it."""
        given = facts.get("wild")
        if given not in (None, ""):
            parsed = self.parse_for_round(str(given), "wild")
            if len(parsed) != 1:
                raise RoundError([("wild", say("cz.wild_one"))])
            if face_up and parsed[0].rank != face_up[dealer].rank:
                dealers = rank_text(face_up[dealer].rank)
                raise RoundError(
                    [("wild", say("cz.wild_dealers", dealer=dealers, given=rank_text(parsed[0].rank)))]
                )
            return parsed[0].rank
        if not face_up:
            raise RoundError([("face_up", say("cz.face_up_or_wild"))])
        return face_up[dealer].rank
