"""Crib Rummy as players read it: table melds in run order with suit symbols, and the CR-8 notice.

Display only: the engine decides every reading and every turn due; these only word them.

>>> card_words(in_order({"kind": "run", "cards": "5H 6H 7H 8H 4H 3H", "reading": "5H 6H 7H 8H 4H 3H".split()}))
'3♥ 4♥ 5♥ 6♥ 7♥ 8♥'
>>> card_words(in_order({"kind": "run", "cards": "AS KS JK", "reading": ["AS", "KS", "QS"]}))
'JK K♠ A♠'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import ngettext

from .card_faces import SUIT_SYMBOLS
from .words import name_list

RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


def in_order(meld: Mapping[str, Any]) -> list[str]:
    """A table meld's cards as it reads: a run from its low end (a joker where it stands; Q-K-A with
    the ace above the king), a set as laid. ``reading`` is what each card stands for, card by card."""
    cards = str(meld.get("cards") or "").split()
    if meld.get("kind") != "run" or len(cards) != len(meld.get("reading") or ()):
        return cards
    stands = [RANK_ORDER.index(token[:-1]) for token in meld["reading"]]
    if 0 in stands and len(RANK_ORDER) - 1 in stands:  # Q-K-A: the ace sits above the king
        stands = [len(RANK_ORDER) if s == 0 else s for s in stands]
    return [card for _, card in sorted(zip(stands, cards), key=lambda pair: pair[0])]


def card_words(tokens) -> str:
    """Cards as players read them, with suit symbols: ``6H JK 8H`` -> ``6♥ JK 8♥``."""
    tokens = tokens.split() if isinstance(tokens, str) else tokens
    return " ".join(t[:-1] + SUIT_SYMBOLS[t[-1]] if t[-1:] in SUITS else t for t in tokens)


def last_turns(score: Any, names: Sequence[str]) -> str:
    """CR-8, said above the strip once a player reaches the target: "Lea reached 121. Max and Ned
    play their last turns." ('' before that)."""
    playing = getattr(score, "in_progress_round", None)
    details = playing.details if playing is not None else {}
    reached, due = details.get("reached"), list(dict.fromkeys(details.get("final_turns") or ()))
    if not reached or not due:
        return ""
    last = [names[seat] for seat in due]
    total = playing.totals[reached["player"]]
    return ngettext(
        "%(name)s reached %(total)s. %(names)s plays their last turn.",
        "%(name)s reached %(total)s. %(names)s play their last turns.",
        len(last),
        name=names[reached["player"]],
        total=total,
        names=name_list(last),
    )
