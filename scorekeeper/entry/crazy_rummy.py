"""Crazy Rummy hand entry (CZ-1, CZ-5..7): face-up cards, boards, cards left, who went out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l

from ..rules import WILD_CHOICES, hand_sizes_by_rank
from .base import HandContext, HandEntry, Submission, seat_value
from .players import (
    cards_or_total,
    player_entries,
    show_cards_or_total,
    show_player_entries,
    went_out_or_empty_hand,
)

#: the ranks a face-up card can show (the same ranks a wild rank can be)
FACE_UP = WILD_CHOICES
#: the card classes of CZ-5, as the form labels them
CLASSES = (("low", "3–7"), ("high", "8–K"), ("ace", _l("Aces")), ("wild", _l("Wild")))
CLASS_KEYS = tuple(key for key, _ in CLASSES)


def hand_sizes(details: Mapping[str, Any]) -> list[str] | None:
    """Each seat's hand size (CZ-7) as the engine gives it, in words; the dealer plays one short.

    >>> hand_sizes({"hand_sizes": [5, 10], "playing": [4, 10]})
    ['5 cards (plays 4)', '10 cards']
    """
    sizes, playing = details.get("hand_sizes"), details.get("playing") or []
    if not isinstance(sizes, list):
        return None
    return [_size_words(size, playing[i] if i < len(playing) else size) for i, size in enumerate(sizes)]


def _size_words(size: int, plays: int) -> str:
    """ "10 cards", or "11 cards (plays 10)" for the dealer, in the reader's language."""
    cards = ngettext("%(num)s card", "%(num)s cards", size)
    return cards if plays == size else gettext("%(cards)s (plays %(plays)s)", cards=cards, plays=plays)


def size_words(dealer: bool) -> dict[str, str]:
    """Each face-up rank's hand size in words (CZ-7), as :func:`hand_sizes` words it: the form
    shows a player's as soon as their card is picked; the dealer plays one short.

    >>> size_words(False)["4"], size_words(True)["A"]
    ('4 cards', '11 cards (plays 10)')
    """
    return {
        rank: hand_sizes({"hand_sizes": [n], "playing": [n - dealer]})[0]
        for rank, n in hand_sizes_by_rank().items()
    }


def wild_rank(details: Mapping[str, Any]) -> str | None:
    """The hand's wild rank (CZ-1) from the engine's round details."""
    value = details.get("wild")
    return str(value) if value not in (None, "") else None


class CrazyRummyEntry(HandEntry):
    """Crazy Rummy's hand form (CZ-1, CZ-5..7)."""

    template = "rounds/crazy_rummy.html"
    CLASSES, FACE_UP = CLASSES, FACE_UP
    hand_sizes = staticmethod(hand_sizes)
    size_words = staticmethod(size_words)
    wild_rank = staticmethod(wild_rank)

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        values: dict[str, Any] = {"went_out": seat_value(facts.get("went_out"))}
        for i, card in enumerate(facts.get("face_up") or []):
            values[f"face_up.{i}"] = str(card or "")
        if not facts.get("face_up") and facts.get("wild"):  # the dealer's card alone (CZ-1)
            values[f"face_up.{ctx.dealer}"] = str(facts["wild"])
        values.update(
            show_player_entries(
                facts,
                lambda entry, p: show_cards_or_total(
                    entry, p, "board", CLASS_KEYS, "board_counts", "board_points"
                ),
                classes=CLASS_KEYS,
            )
        )
        return values

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        """The hand. Only the dealer's face-up card is needed (the wild rank, CZ-1); the others'
        only give the hand sizes (CZ-7), which score nothing: some of them are read as only
        these, and the hand keeps the wild rank (the engine keeps face-up cards all or none)."""
        face_up = [sub.text(f"face_up.{i}") for i in ctx.seats]
        if not face_up[ctx.dealer]:
            sub.fail(
                f"face_up.{ctx.dealer}",
                gettext("CZ-1: choose the dealer's face-up card: it sets the wild rank"),
            )
        players = player_entries(
            sub,
            ctx,
            lambda p, seat: cards_or_total(sub, p, "board", CLASS_KEYS, "board_counts", "board_points"),
            classes=CLASS_KEYS,
        )
        went_out, _ = went_out_or_empty_hand(sub, "went_out", ctx, players)
        dealt = {"face_up": face_up} if all(face_up) else {"wild": face_up[ctx.dealer]}
        return sub.finish({**dealt, "went_out": went_out, "players": players})

    def shown(self, details: Mapping[str, Any]) -> dict[str, Any]:
        """What the form shows of a hand's details: each seat's hand size in words (the live preview)."""
        return {"hand_sizes": hand_sizes(details) or []}
