"""Crib Rummy extensions (RULES.md CR-4): cards added to a meld on the table."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..reasons import say
from .melds import Judgement, Reading, _place, _read_set, _windows
from .notation import SUIT_WORDS, card_text, rank_text


def judge_extension(table: Sequence[Reading], added: Sequence[Card], ace_high: bool) -> Judgement:
    """CR-4: ``added`` grows a meld whose possible readings are ``table`` (all of one kind).

    The readings answered are of the whole grown meld (table cards first), one
    per way the table meld's reading extends without moving a card.

    >>> from scorekeeper.rules.crib_rummy.melds import judge_run
    >>> from scorekeeper.rules.crib_rummy.notation import NOTATION
    >>> table = judge_run(NOTATION.parse("3H 4H 5H"), ace_high=False).readings
    >>> [r.text() for r in judge_extension(table, NOTATION.parse("6H JK"), ace_high=False).readings]
    ['3H 4H 5H 6H 2H', '3H 4H 5H 6H 7H']
    """
    kind, size = table[0].kind, len(table[0].cards)
    if not added:
        return Judgement(kind, reasons=(say("cr.extend_nothing"),))
    if kind == "set":
        return _extend_set(table[0], added)
    return _extend_run(table, added, ace_high, size)


def _extend_set(table: Reading, added: Sequence[Card]) -> Judgement:
    reasons = []
    if len(table.cards) + len(added) > 4:
        reasons.append(say("cr.set_closed", count=len(table.cards) + len(added)))
    strays = [card_text(c) for c in added if not c.wild and c.rank != table.start]
    if strays:
        reasons.append(say("cr.set_strays", cards=", ".join(strays), rank=rank_text(table.start)))
    if reasons:
        return Judgement("set", reasons=tuple(reasons))
    return Judgement(
        "set", (Reading("set", table.cards + _read_set(table.start, table.cards, added), table.start),)
    )


def _extend_run(table: Sequence[Reading], added: Sequence[Card], ace_high: bool, size: int) -> Judgement:
    suit = next(c.suit for c in table[0].cards)
    grown = size + len(added)
    if grown > 13:
        return Judgement("run", reasons=(say("cr.run_too_long", count=grown),))
    off_suit = [card_text(c) for c in added if not c.wild and c.suit != suit]
    if off_suit:
        return Judgement(
            "run", reasons=(say("cr.run_off_suit", cards=", ".join(off_suit), suit=say(SUIT_WORDS[suit])),)
        )
    found: dict[tuple[Card, ...], Reading] = {}
    for before in table:
        end_before = before.start + size - 1
        for start in _windows(grown, ace_high):
            end = start + grown - 1
            if start > before.start or end < end_before:
                continue
            free = set(range(start, before.start)) | set(range(end_before + 1, end + 1))
            placed = _place(added, free, start, end, suit)
            if placed:
                cards = before.cards + placed
                found.setdefault(cards, Reading("run", cards, start))
    if found:
        return Judgement("run", tuple(found.values()))
    if not ace_high and _extend_run(table, added, True, size).legal:  # the ace decides, not the table
        return Judgement("run", reasons=(say("cr.aces_low"),))
    shown = table[0].text()
    return Judgement(
        "run",
        reasons=(say("cr.run_ends", cards=" ".join(card_text(c) for c in added), run=shown),),
    )
