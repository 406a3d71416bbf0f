"""Cards and tiles as immutable values, and the text notation (N-1).

>>> KRAZY = Notation("krazy-bee", ranks={str(n): n for n in range(1, 14)},
...                  wild_tokens=("W", "*"), accepted="1..13, W (or *)", game="Krazy Bee Rummy")
>>> KRAZY.parse("3, 4 w")
(Card(rank=3, suit=None, wild=False), Card(rank=4, suit=None, wild=False), Card(rank=None, suit=None, wild=True))
>>> KRAZY.parse_token("w") is KRAZY.parse_token("W")     # each spelling is read once
True
>>> KRAZY.parse("3 14")
Traceback (most recent call last):
...
scorekeeper.rules.errors.NotationError: N-1: unknown token '14' for Krazy Bee Rummy; accepted: 1..13, W (or *)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import NotationError
from .reasons import quoted, say

_SEPARATORS = re.compile(r"[\s,]+")
#: ``|``, written between the melds of a laydown or a table, as a sentence quotes it (a page: in the
#: reader's marks)
BETWEEN_MELDS = quoted("|")


def tokenize(text: str) -> list[str]:
    """Split a notation string on spaces and commas (N-1).

    >>> tokenize(" R1, r2  J ")
    ['R1', 'r2', 'J']
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), say("n1.tokens"), detail=say("n1.cards_text"))
    return [t for t in _SEPARATORS.split(text.strip()) if t]


@dataclass(frozen=True)
class Card:
    """One physical card or tile."""

    rank: int | None
    suit: str | None = None
    wild: bool = False


@dataclass(frozen=True)
class Notation:
    """A variant's token language: ranks, optional suits and wild tokens.

    ``suits`` maps accepted suit spellings to the canonical letter. With
    ``suit_first`` the suit is written before the rank (tiles: ``R10``),
    otherwise after it (cards: ``10H``). ``suit_required`` makes a token
    without a suit an error; ``keep_suit=False`` parses and drops it
    (Crazy Rummy ignores suits). ``hints`` maps a rank text players may try
    (``1`` for an ace) to a short hint added to the notation error, and
    ``suit_hint`` is added when a known rank comes without its suit.

    Each accepted spelling is read once and remembered (a table types the
    same few dozen tokens over and over), so every variant parses a card
    with one dictionary look-up. Only accepted spellings are kept, so the
    memory is bounded by the deck; an unknown token raises every time.
    """

    variant: str
    ranks: dict[str, int]
    accepted: str
    wild_tokens: tuple[str, ...] = ()
    suits: dict[str, str] = field(default_factory=dict)
    suit_first: bool = False
    suit_required: bool = False
    keep_suit: bool = True
    rank_names: dict[int, str] = field(default_factory=dict)
    hints: dict[str, str] = field(default_factory=dict)
    suit_hint: str = ""
    #: the game as a refusal names it ("Crazy Rummy"; a reason where it has words to translate);
    #: ``variant`` when blank
    game: object = ""
    _known: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)

    def parse_token(self, token: str) -> Card:
        """One token to a :class:`Card`, or a :class:`NotationError` naming it."""
        up = token.strip().upper()
        card = self._known.get(up)
        if card is None:
            card = self._known[up] = self._read(token, up)
        return card

    def _read(self, token: str, up: str) -> Card:
        if up in {w.upper() for w in self.wild_tokens}:
            return Card(rank=None, wild=True)
        rank_text, suit = up, None
        if self.suits:
            rank_text, suit = self._split_suit(up)
            if suit is None and self.suit_required:
                raise self._error(token, rank_text, missing_suit=True)
        rank = self.ranks.get(rank_text)
        if rank is None:
            raise self._error(token, rank_text)
        return Card(rank=rank, suit=suit if self.keep_suit else None)

    def _split_suit(self, up: str) -> tuple[str, str | None]:
        for spelling in sorted(self.suits, key=len, reverse=True):
            s = spelling.upper()
            if self.suit_first and up.startswith(s) and len(up) > len(s):
                return up[len(s) :], self.suits[spelling]
            if not self.suit_first and up.endswith(s) and len(up) > len(s):
                return up[: -len(s)], self.suits[spelling]
        return up, None

    def _error(self, token: str, rank_text: str, missing_suit: bool = False) -> NotationError:
        hint = self.hints.get(rank_text, "")
        if not hint and missing_suit and rank_text in self.ranks:
            hint = self.suit_hint
        detail = (
            say("n1.unknown_token_hint", token=quoted(token), variant=self.game or self.variant, hint=hint)
            if hint
            else ""
        )
        return NotationError(token, self.accepted, self.game or self.variant, detail=detail)

    def parse(self, text: str) -> tuple[Card, ...]:
        """A whole notation string to cards; empty input gives ``()``."""
        return tuple(self.parse_token(t) for t in tokenize(text))

    def rank_text(self, rank: int) -> str:
        """A rank as players write it (``A``, ``Q``, ``7``)."""
        return self.rank_names.get(rank, str(rank))

    def format(self, card: Card) -> str:
        """The canonical token for ``card`` (the first wild token for a wild)."""
        if card.wild:
            return self.wild_tokens[0]
        rank = self.rank_text(card.rank)
        if card.suit is None:
            return rank
        return card.suit + rank if self.suit_first else rank + card.suit
