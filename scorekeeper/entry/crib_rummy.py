"""Crib Rummy hand entry: a turn-by-turn peg log (CR-5..CR-9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from ..display.crib_melds import card_words, in_order, last_turns
from ..display.words import in_marks
from ..rules import check as engine_check
from ..rules import table_melds as engine_table_melds
from ..rules import turn_order as engine_turn_order
from ..rules import whole_number
from .base import HandContext, HandEntry, Submission, keypad, seat_value
from .crib_taps import ADDED, LONGER, QUICK, laid, one_tap, unused

#: meld rows offered for a new turn (an edit offers one more than the turn has)
MELD_ROWS = 3
MAX_MELDS = 12
KINDS = ("set", "run")
SUITS = ("S", "H", "D", "C")
END_TYPES = ("out", "draw_pile")


# -- what the form shows --------------------------------------------------------
def turns_of(ctx: HandContext) -> list[Mapping[str, Any]]:
    return list((ctx.facts or {}).get("turns") or [])


def starter(ctx: HandContext) -> int | None:
    """Who plays first this hand: as recorded, else the engine's choice; where the table chooses
    (CR-9), the player behind, who chooses and may pick another."""
    if ctx.facts and ctx.facts.get("starter") is not None:
        return ctx.facts["starter"]
    return ctx.before.first_to_play


def turn_player(ctx: HandContext, index: int, first: int | None = None) -> int:
    """Who plays turn ``index``, as the engine orders play (``first``: a starter just chosen)."""
    facts = {**(ctx.facts or {}), "starter": starter(ctx) if first is None else first}
    return engine_turn_order(facts, ctx.players, ctx.options, dealer=ctx.dealer, names=ctx.names)[index]


def table_melds(ctx: HandContext) -> list[dict]:
    """The hand's table melds so far as the engine reads them (CR-4): ``meld`` (number, in the
    order laid), ``owner`` (the seat that laid it) and ``cards`` (with every addition), so a
    picker can show a meld's cards and the engine can peg an addition by the new length.
    """
    return engine_table_melds(ctx.facts or {}, ctx.players, ctx.options, dealer=ctx.dealer, names=ctx.names)


def open_melds(ctx: HandContext) -> list[dict]:
    """The table melds a card can still join (CR-4: a set is closed at 4)."""
    return [m for m in table_melds(ctx) if not (m["kind"] == "set" and m["length"] >= 4)]


def meld_rows(values: Mapping[str, Any], k: int) -> int:
    """How many meld rows the form shows for turn ``k``: those filled plus one empty."""
    filled = sum(1 for j in range(MAX_MELDS) if values.get(f"turns.{k}.melds.{j}.cards"))
    return max(MELD_ROWS if not filled else filled + 1, 1)


def extensions(meld: Mapping[str, Any], ctx: HandContext) -> list[dict]:
    """The cards that grow table ``meld`` by one, each with its pegs, as the engine judges them
    (CR-4, CR-5): a run's card at either end in its suit, a set's rank once (suits do not
    matter in a set, CR-1), in rank order."""
    if meld.get("kind") not in KINDS or (meld["kind"] == "set" and meld.get("length", 0) >= 4):
        return []
    naturals = [token for token in meld.get("reading") or [] if token[-1] in SUITS]
    is_set = meld["kind"] == "set"
    suits = SUITS if is_set else dict.fromkeys(token[-1] for token in naturals)
    ranks = [naturals[0][:-1]] if is_set and naturals else keypad(ctx.variant)["ranks"]
    found = []
    for rank in ranks:
        for suit in suits:
            verdict = engine_check(ctx.variant, rank + suit, extend=meld["cards"], options=_options(ctx))
            if verdict.valid and verdict.points is not None:
                found.append({"card": rank + suit, "pegs": verdict.points})
                if is_set:  # a set's rank once: the first suit the two packs still hold (CR-1)
                    return found
    return found


def _options(ctx: HandContext) -> dict[str, Any]:
    return {key: value for key, value in ctx.options.items() if key in ("ace_high", "jokers")}


# -- reading the form -------------------------------------------------------------
def _starter(sub: Submission, ctx: HandContext) -> int | None:
    if ctx.facts and ctx.facts.get("starter") is not None and "starter" not in sub.form:
        return ctx.facts["starter"]
    chosen = sub.seat("starter", ctx.players)
    if chosen is None and ctx.before.chooser is not None:
        sub.fail(
            "starter",
            gettext("CR-9: %(name)s is behind and chooses who starts", name=ctx.names[ctx.before.chooser]),
        )
    return chosen


def _first_player(sub: Submission, ctx: HandContext, first: int | None) -> int | None:
    """CR-9: the first turn is the starter's. The form preselects both fields with the same player,
    so whichever of them was changed says who starts, and the other follows it."""
    name = "turns.0.player"
    player = sub.seat(name, ctx.players)
    if "starter" not in sub.form or first is None or player is None or player == first:
        return first
    if first == starter(ctx):  # only the Player field was changed
        return player
    form = sub.form.copy()
    if hasattr(form, "setlist"):
        form.setlist(name, [str(first)])
    else:
        form[name] = str(first)
    sub.form = form
    return first


def _turn(sub: Submission, ctx: HandContext, k: int, first: int | None = None) -> dict | None:
    t = sub.group(f"turns.{k}")
    player = sub.seat(f"{t}.player", ctx.players)
    rows = [_meld(sub, sub.group(f"{t}.melds.{j}")) for j in range(MAX_MELDS)]
    melds = [meld for meld in rows if meld is not None]
    pegs = sub.number(f"{t}.pegs")
    if melds and pegs is not None:
        sub.fail(f"{t}.pegs", gettext("enter the melds or a peg count for the turn, not both"))
    if player is None and not melds and pegs is None:
        return None
    turn: dict[str, Any] = {"player": turn_player(ctx, k, first) if player is None else player}
    if melds:
        turn["melds"] = melds
    elif pegs is not None:
        turn["pegs"] = pegs
    else:
        turn["melds"] = []
    return turn


def _meld(sub: Submission, m: str) -> dict | None:
    """One meld row of a turn: its cards, the table meld it grows (CR-4) and its kind (CR-3);
    None for an empty row."""
    cards = sub.text(f"{m}.cards")
    extend, kind = sub.text(f"{m}.extend"), sub.text(f"{m}.kind")
    if not cards:
        return None
    meld: dict[str, Any] = {"cards": cards}
    if extend not in ("", "new"):
        table_meld = whole_number(extend)
        if table_meld is None or extend.startswith("-"):
            sub.fail(f"{m}.extend", gettext("%(value)s is not a table meld", value=in_marks(extend[:20])))
        else:
            meld["extend"] = table_meld
    if kind:
        if kind not in KINDS:
            sub.fail(f"{m}.kind", gettext("%(value)s is not one of: set, run", value=in_marks(kind)))
        else:
            meld["kind"] = kind
    return meld


def _end(sub: Submission, ctx: HandContext, turn_player_seat: int | None) -> dict | None:
    kind = sub.text("end.type")
    if kind in ("", "none"):
        return None
    if kind not in END_TYPES:
        sub.fail("end.type", gettext("%(value)s is not a way a hand ends", value=in_marks(kind)))
        return None
    if kind == "draw_pile":
        return {"type": "draw_pile"}
    player = sub.seat("end.player", ctx.players)
    player = turn_player_seat if player is None else player
    if player is None:
        sub.fail("end.player", gettext("choose who went out"))
        return None
    counts = []
    for i in ctx.seats:
        count = sub.number(f"end.cards_left.{i}")
        if count is None and i != player and not any(n == f"end.cards_left.{i}" for n, _ in sub.errors):
            sub.fail(f"end.cards_left.{i}", gettext("CR-7: enter how many cards are left in this hand"))
        elif i == player and count:  # said with the others' boxes, not on a second send
            sub.fail(
                f"end.cards_left.{i}",
                gettext("CR-7: %(name)s went out and has no cards left", name=ctx.names[i]),
            )
        counts.append(count or 0)
    return {"type": "out", "player": player, "cards_left": counts}


class CribRummyEntry(HandEntry):
    """Crib Rummy's hand form, turn by turn (CR-5..CR-9), with the board drawn live."""

    template = "rounds/crib_rummy.html"
    by_turn = live_board = True
    turns_of = staticmethod(turns_of)
    table_melds = staticmethod(table_melds)
    open_melds, laid, card_words = staticmethod(open_melds), staticmethod(laid), staticmethod(card_words)
    in_order, last_turns = staticmethod(in_order), staticmethod(last_turns)
    meld_rows = staticmethod(meld_rows)
    extensions = staticmethod(extensions)
    QUICK, ADDED, LONGER = QUICK, ADDED, LONGER

    def blank(self, ctx: HandContext) -> dict[str, Any]:
        """A new turn (and, when no hand is being played, the hand's starter)."""
        k = len(turns_of(ctx))
        values: dict[str, Any] = {
            "starter": seat_value(starter(ctx)),
            f"turns.{k}.player": str(turn_player(ctx, k)),
            "end.type": "",
        }
        return values

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        """The whole hand, for the edit form."""
        values: dict[str, Any] = {"starter": seat_value(facts.get("starter"))}
        for k, turn in enumerate(facts.get("turns") or []):
            t = f"turns.{k}"
            values[f"{t}.player"] = str(turn_player(ctx, k))
            if turn.get("pegs") is not None:
                values[f"{t}.pegs"] = str(turn["pegs"])
            for j, meld in enumerate(turn.get("melds") or []):
                m = f"{t}.melds.{j}"
                values[f"{m}.cards"] = str(meld.get("cards") or "")
                values[f"{m}.extend"] = seat_value(meld.get("extend"))
                values[f"{m}.kind"] = str(meld.get("kind") or "")
        end = facts.get("end") or {}
        values["end.type"] = str(end.get("type") or "")
        values["end.player"] = seat_value(end.get("player"))
        for i, count in enumerate(end.get("cards_left") or []):
            values[f"end.cards_left.{i}"] = str(count)
        return values

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        """The whole hand from the edit form (every turn, the end)."""
        turns = []
        for k in range(len(turns_of(ctx))):
            if sub.ticked(f"turns.{k}.remove"):
                continue
            turn = _turn(sub, ctx, k)
            if turn is not None:
                turns.append(turn)
        return sub.finish({"starter": _starter(sub, ctx), "turns": turns, "end": _end(sub, ctx, None)})

    def parse_turn(self, sub: Submission, ctx: HandContext) -> dict:
        """The hand so far plus one more turn (and its end, if the hand ends with it)."""
        k, first = len(turns_of(ctx)), _starter(sub, ctx)
        if k == 0:
            first = _first_player(sub, ctx, first)
        if sub.text("action") == "pass":
            player = sub.seat(f"turns.{k}.player", ctx.players)
            turn = {"player": turn_player(ctx, k, first) if player is None else player, "melds": []}
            unused(
                sub, [{"cards": c} for j in range(MAX_MELDS) if (c := sub.text(f"turns.{k}.melds.{j}.cards"))]
            )
        else:
            turn = _turn(sub, ctx, k, first) or {"player": turn_player(ctx, k, first)}
            one_tap(sub, ctx, turn, k)
        facts = {"starter": first, "turns": [*turns_of(ctx), turn], "end": _end(sub, ctx, turn.get("player"))}
        return sub.finish(facts)

    def parse_end(self, sub: Submission, ctx: HandContext) -> dict:
        """The hand so far, ended without a further turn (draw pile ran out, or out)."""
        facts = {"starter": _starter(sub, ctx), "turns": turns_of(ctx), "end": _end(sub, ctx, None)}
        if facts["end"] is None:
            sub.fail("end.type", gettext("choose how the hand ended"))
        return sub.finish(facts)
