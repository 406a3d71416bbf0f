"""One Crib Rummy hand, turn by turn (CR-4..CR-9): table melds, pegs, rummy and final turns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bounds import CR_MOST_CARDS, CR_MOST_TURN_PEGS
from ..cards import Card
from ..errors import RoundError
from ..reasons import say
from ..scoring import GameScore, RoundOutcome
from .ends import rummy_bonus
from .extensions import judge_extension
from .melds import KINDS, Reading, added_pegs, best_kind, judge, of_kind, pegs
from .notation import card_text, deck_reasons

if TYPE_CHECKING:  # pragma: no cover
    from ..base import Variant


@dataclass
class TableMeld:
    """A meld on the table this hand: who laid it, its kind, its cards and the readings still open."""

    number: int
    owner: int
    kind: str
    cards: tuple[Card, ...]
    readings: tuple[Reading, ...]

    def to_dict(self) -> dict:
        return {
            "meld": self.number,
            "owner": self.owner,
            "kind": self.kind,
            "cards": " ".join(card_text(c) for c in self.cards),
            "length": len(self.cards),
            "reading": list(self.readings[0].tokens()),
            "pegs": pegs(self.kind, len(self.cards)),
        }


def _fail(field: str, message: str) -> RoundError:
    return RoundError([(field, message)])


class HandLog:
    """The replay of one hand's facts; :meth:`outcome` is the scored round."""

    def __init__(
        self,
        variant: Variant,
        facts: Mapping[str, Any],
        game: GameScore,
        dealer: int,
        opts: Mapping[str, Any],
    ):
        self.variant, self.opts, self.players = variant, opts, game.players
        self.player = game.player  # names a seat in messages (the player's name when the game has names)
        self.totals = list(game.totals)
        self.before = tuple(game.totals)
        self.progress = [dict(p) for p in game.progress]
        self.table: list[TableMeld] = []
        self.laid: set[int] = set()
        self.turns: list[dict] = []
        self.notes: list[str] = []
        self.reached: dict | None = None
        self.last_due: int | None = None
        self.bonus: dict | None = None
        starter = variant.seat_or_none(facts, "starter", self.players, "CR-9")
        self.starter = (dealer + 1) % self.players if starter is None else starter
        turns = facts.get("turns") or []
        if not isinstance(turns, list):
            raise _fail("turns", say("cr.turns_list"))
        for i, turn in enumerate(turns):
            self._turn(i, turn)
        self.ended_by = self._end(facts.get("end"), len(turns))

    # -- turns --------------------------------------------------------------------
    def _turn(self, i: int, turn: Any) -> None:
        field, seat = f"turns.{i}", self.seat_of(i)
        if self.last_due is not None and i > self.last_due:
            raise _fail(field, say("cr.game_ended", turn=self.last_due + 1))
        if not isinstance(turn, Mapping):
            raise _fail(field, say("cr.turn_object"))
        if turn.get("player") not in (None, ""):
            said = self.variant.count(turn["player"], f"{field}.player", what=say("what.seat"))
            if said != seat:
                raise _fail(
                    f"{field}.player",
                    say("cr.whose_turn", player=self.player(seat), starter=self.player(self.starter)),
                )
        melds = turn.get("melds") or []
        if not isinstance(melds, list):
            raise _fail(f"{field}.melds", say("cr.melds_list"))
        shown: list[dict] = []
        earned = sum(self._meld(f"{field}.melds.{j}", i, seat, m, shown) for j, m in enumerate(melds))
        manual = turn.get("pegs") not in (None, "")
        if manual:
            typed = self.variant.count(
                turn["pegs"], f"{field}.pegs", what=say("what.pegs"), high=CR_MOST_TURN_PEGS, rule="CR-5"
            )
            if melds and typed != earned:
                raise _fail(f"{field}.pegs", say("cr.pegs_differ", earned=earned, typed=typed))
            earned = typed
            if earned > 0:  # CR-6: pegs come only from melding, so a pegged turn has laid a meld
                self.laid.add(seat)
        self._peg(seat, earned)
        self.turns.append(
            {
                "turn": i + 1,
                "player": seat,
                "pegs": earned,
                "manual": manual and not melds,
                "melds": shown,
                "total": self.totals[seat],
            }
        )
        if self.last_due is None and self.totals[seat] >= self.opts["target"]:
            self.last_due = (i // self.players + 1) * self.players - 1
            self.reached = {"player": seat, "turn": i + 1}

    def _meld(self, field: str, i: int, seat: int, meld: Any, shown: list[dict]) -> int:
        if not isinstance(meld, Mapping):
            raise _fail(field, say("cr.meld_object"))
        cards = self.variant.parse_for_round(meld.get("cards"), f"{field}.cards")
        if not cards:
            raise _fail(f"{field}.cards", say("cr.cards_laid"))
        kind = meld.get("kind")
        kind = None if kind in (None, "") else str(kind).lower()
        if kind is not None and kind not in KINDS:
            raise _fail(f"{field}.kind", say("cr.not_a_kind", kind=repr(meld.get("kind"))))
        if meld.get("extend") in (None, ""):
            target = self._lay(field, i, seat, cards, kind)
            earned = pegs(target.kind, len(cards))
        else:
            target, earned = self._extend(field, seat, cards, kind, meld["extend"])
        deck = deck_reasons((c for m in self.table for c in m.cards), self.opts["jokers"])
        if deck:
            raise _fail(f"{field}.cards", say("cr.deck_this_hand", reasons=tuple(deck)))
        added = target.readings[0].tokens()[len(target.cards) - len(cards) :]
        shown.append(
            {
                "meld": target.number,
                "new": meld.get("extend") in (None, ""),
                "cards": " ".join(card_text(c) for c in cards),
                "kind": target.kind,
                "length": len(target.cards),
                "pegs": earned,
                "reading": list(added),
            }
        )
        return earned

    def _lay(self, field: str, i: int, seat: int, cards, kind: str | None) -> TableMeld:
        legal, why = of_kind(judge(cards, self.opts["ace_high"]), kind)
        if not legal:
            raise _fail(f"{field}.cards", say("joined", reasons=tuple(why)))
        chosen = best_kind(legal, lambda k: pegs(k, len(cards)))
        if len(legal) > 1:
            self.notes.append(
                say(
                    "cr.counted_as_set" if chosen == "set" else "cr.counted_as_run",
                    turn=i + 1,
                    cards=" ".join(card_text(c) for c in cards),
                )
            )
        meld = TableMeld(len(self.table), seat, chosen, tuple(cards), legal[chosen].readings)
        self.table.append(meld)
        self.laid.add(seat)
        return meld

    def _extend(self, field: str, seat: int, cards, kind: str | None, number: Any) -> tuple[TableMeld, int]:
        k = self.variant.count(number, f"{field}.extend", what=say("what.meld_number"))
        if k >= len(self.table):
            raise _fail(
                f"{field}.extend",
                say("cr.no_meld_yet", meld=k),
            )
        meld = self.table[k]
        if kind is not None and kind != meld.kind:
            raise _fail(
                f"{field}.kind", say("cr.meld_is_set" if meld.kind == "set" else "cr.meld_is_run", meld=k)
            )
        if meld.owner != seat and seat not in self.laid:
            raise _fail(
                f"{field}.extend",
                say("cr.lay_first", player=self.player(seat)),
            )
        grown = judge_extension(meld.readings, cards, self.opts["ace_high"])
        if not grown.legal:
            raise _fail(f"{field}.cards", say("joined", reasons=tuple(grown.reasons)))
        before = len(meld.cards)
        meld.cards, meld.readings = meld.cards + tuple(cards), grown.readings
        return meld, added_pegs(meld.kind, before, len(meld.cards))

    def _peg(self, seat: int, points: int) -> None:
        if points > 0:
            front = self.totals[seat]
            self.totals[seat] += points
            self.progress[seat] = {"front": self.totals[seat], "back": front}

    # -- the end of the hand ----------------------------------------------------------
    def _end(self, end: Any, turns: int) -> str | None:
        if end in (None, "", {}):
            return None
        if not isinstance(end, Mapping):
            raise _fail("end", say("cr.end_object"))
        kind = end.get("type")
        if kind == "draw_pile":
            return kind
        if kind != "out":
            raise _fail("end.type", say("cr.end_type", kind=repr(kind)))
        try:
            player = self.variant.seat_or_none(end, "player", self.players, "CR-7")
        except RoundError as err:
            raise RoundError([(f"end.{f}", m) for f, m in err.errors]) from None
        if player is None:
            raise _fail("end.player", say("cr.who_out"))
        if turns and (self.starter + turns - 1) % self.players != player:
            last = (self.starter + turns - 1) % self.players
            raise _fail(
                "end.player",
                say("cr.out_not_last", player=self.player(player), last=self.player(last)),
            )
        left = end.get("cards_left")
        if not isinstance(left, list) or len(left) != self.players:
            raise _fail("end.cards_left", say("cr.cards_left_all", count=self.players))
        counts = [
            self.variant.count(
                n, f"end.cards_left.{s}", what=say("what.cards_left"), high=CR_MOST_CARDS, rule="CR-7"
            )
            for s, n in enumerate(left)
        ]
        if counts[player]:
            raise _fail(f"end.cards_left.{player}", say("cr.out_no_cards"))
        points = rummy_bonus(self.players, counts)
        self._peg(player, points)
        self.bonus = {"player": player, "points": points, "cards_left": counts}
        return kind

    # -- answers ----------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        return self.ended_by is not None or (self.last_due is not None and len(self.turns) > self.last_due)

    def seat_of(self, i: int) -> int:
        """Who plays turn ``i`` (0-based): round the table from the starter (CR-8, CR-9)."""
        return (self.starter + i) % self.players

    @property
    def seat_due(self) -> int | None:
        """Who plays the next turn, or None once the hand is over."""
        return None if self.complete else self.seat_of(len(self.turns))

    def final_turns(self) -> list[int]:
        """CR-8: the seats still due a turn before the game ends."""
        if self.last_due is None or self.complete:
            return []
        return [self.seat_of(i) for i in range(len(self.turns), self.last_due + 1)]

    def table_dicts(self) -> list[dict]:
        return [m.to_dict() for m in self.table]

    def has_laid(self, seat: int) -> bool:
        """CR-6: whether ``seat`` has laid a meld this hand (a pegged turn counts: pegs come only from melds)."""
        return seat in self.laid

    def outcome(self) -> RoundOutcome:
        complete = self.complete
        details = {
            "turns": self.turns,
            "table": self.table_dicts(),
            "bonus": self.bonus,
            "ended_by": self.ended_by,
            "reached": self.reached,
            "final_turns": self.final_turns(),
            "notes": self.notes,
        }
        return RoundOutcome(
            changes=tuple(t - b for t, b in zip(self.totals, self.before)),
            progress=tuple(self.progress),
            details=details,
            complete=complete,
            starter=self.starter,
            ends_game=complete and max(self.totals) >= self.opts["target"],
        )


def play_hand(
    variant: Variant, facts: Mapping[str, Any], game: GameScore, dealer: int, opts: Mapping[str, Any]
) -> HandLog:
    """Replay one hand's facts after ``game`` (RoundError on the first fact the rules reject)."""
    return HandLog(variant, facts, game, dealer, opts)
