"""How a card or tile looks on screen: the checker draws inputs and readings with these.

>>> face("crazy-tiles", "r10")["label"], face("crazy-tiles", "r10")["colour"]
('10', 'red')
>>> [f["label"] for f in faces_of_reading("crazy-tiles", "R0+R1")]
['0', '1']
>>> face("crib-rummy", "QH")["symbol"], face("crib-rummy", "QH")["colour"]
('♥', 'red')
"""

from __future__ import annotations

import re
from typing import Any

from ..rules import find_variant, split_of, tokenize


def gettext(text: str, **variables: Any) -> str:
    """Flask-Babel's gettext, imported when a word is first asked for: the `scorekeeper` command
    imports this module for its notation alone, and starts without Flask."""
    from flask_babel import gettext as translated

    return translated(text, **variables)


#: The one card-face table. Python draws faces with it, and the checker's script receives it
#: as data (``data-faces`` on the form, :data:`FACES`), so the page and the server never differ.
FACES: dict[str, Any] = {
    "tile_colours": {"R": "red", "B": "blue", "K": "black", "G": "gold", "O": "gold", "Y": "gold"},
    "suit_symbols": {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣"},
    "suit_names": {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"},
    "red_suits": ["♥", "♦"],
    "tile_pattern": r"^([RBKGOY])(\d{1,2})$",
    "suited_pattern": r"^(10|[2-9]|[AJQKT])([SHDC♠♥♦♣])?$",
}
TILE_COLOURS: dict[str, str] = FACES["tile_colours"]
SUIT_SYMBOLS: dict[str, str] = FACES["suit_symbols"]
SUIT_NAMES: dict[str, str] = FACES["suit_names"]
RED_SUITS = set(FACES["red_suits"])


def colour_word(colour: str, capital: bool = False) -> str:
    """A tile's colour or a suit in the reader's language (a keypad key, a face's accessible name);
    English outside a request.

    >>> colour_word("red", capital=True), colour_word("hearts")
    ('Red', 'hearts')
    """
    words = {
        "red": (gettext("red"), gettext("Red")),
        "blue": (gettext("blue"), gettext("Blue")),
        "black": (gettext("black"), gettext("Black")),
        "gold": (gettext("gold"), gettext("Gold")),
        "spades": (gettext("spades"), gettext("Spades")),
        "hearts": (gettext("hearts"), gettext("Hearts")),
        "diamonds": (gettext("diamonds"), gettext("Diamonds")),
        "clubs": (gettext("clubs"), gettext("Clubs")),
    }
    return words[colour][capital] if colour in words else colour


def wild_word(variant: str, capital: bool = False) -> str:
    """What the players call a variant's wild card (``Variant.wild_name``) in the reader's language: a
    joker is a word of the language (the glossaries: "ג'וקר"), a game's own name ("Wild Bee", "PLYT")
    is said as it is; English outside a request.

    >>> wild_word("rummikub", capital=True), wild_word("crib-rummy"), wild_word("krazy-bee")
    ('Joker', 'joker', 'Wild Bee')
    """
    name = find_variant(variant).wild_name
    if name == "joker":
        return gettext("Joker") if capital else gettext("joker")
    return name[:1].upper() + name[1:] if capital else name


_TILE = re.compile(FACES["tile_pattern"])
_SUITED = re.compile(FACES["suited_pattern"])


def _wild_tokens(variant: str) -> set[str]:
    return {w.upper() for w in find_variant(variant).notation.wild_tokens}


def face(variant: str, token: str) -> dict[str, Any]:
    """The face of one written token (a card as typed, or one part of a reading)."""
    text = str(token).strip().upper()
    look = find_variant(variant).deck_look
    base = {
        "token": text,
        "label": text,
        "symbol": "",
        "colour": "",
        "wild": False,
        "known": True,
        "name": text,
    }
    if text in _wild_tokens(variant):
        return {
            **base,
            "label": text if look == "numbers" else "J",
            "wild": True,
            "symbol": "★",
            "colour": "wild",
            "name": wild_word(variant),
        }
    if look == "tiles":
        match = _TILE.match(text)
        if match:
            colour = TILE_COLOURS[match.group(1)]
            name = gettext("%(colour)s %(number)s", colour=colour_word(colour), number=match.group(2))
            return {**base, "label": match.group(2), "colour": colour, "name": name}
    elif look == "suited":
        match = _SUITED.match(text)
        if match:
            symbol = SUIT_SYMBOLS.get(match.group(2) or "", "")
            rank = "10" if match.group(1) == "T" else match.group(1)
            name = (
                gettext("%(rank)s of %(suit)s", rank=rank, suit=colour_word(SUIT_NAMES[symbol]))
                if symbol
                else rank
            )
            return {
                **base,
                "label": rank,
                "symbol": symbol,
                "name": name,
                "colour": "red" if symbol in RED_SUITS else ("black" if symbol else ""),
            }
    elif text.isdigit():
        return base
    return {**base, "known": False}


def keypad_faces(variant: str) -> dict[str, dict[str, str]]:
    """The suit, colour and wild keys of a variant's keypad, by token: what each shows, its accessible
    name (what it shows first, then the suit in words: WCAG 2.5.3) and its colour. The one keypad
    (templates/_macros/keypad.html) draws the hand forms' keys and the checker's with these.

    >>> keypad_faces("crib-rummy")["H"]
    {'shows': '♥', 'name': '♥ hearts', 'colour': 'red'}
    >>> keypad_faces("rummikub")["K"]["shows"], keypad_faces("krazy-bee")["W"]
    ('Black', {'shows': 'Wild Bee', 'name': 'Wild Bee', 'colour': 'wild'})
    """
    v = find_variant(variant)
    keys: dict[str, dict[str, str]] = {}
    for token, suit in v.notation.suits.items() if v.notation.keep_suit else ():
        if v.deck_look == "tiles":
            colour = TILE_COLOURS[suit]
            word = colour_word(colour, capital=True)
            keys[token] = {"shows": word, "name": word, "colour": colour}
        else:
            symbol = SUIT_SYMBOLS[suit]
            keys[token] = {
                "shows": symbol,
                "name": f"{symbol} {colour_word(SUIT_NAMES[symbol])}",
                "colour": "red" if symbol in RED_SUITS else "black",
            }
    wild = wild_word(variant, capital=True)
    return {
        **keys,
        **{token: {"shows": wild, "name": wild, "colour": "wild"} for token in v.notation.wild_tokens},
    }


def faces_of_reading(variant: str, reading: Any) -> list[dict[str, Any]]:
    """What one position is read as, as faces: ``R0+R1`` (a split) gives two faces."""
    if isinstance(reading, (list, tuple)):
        return [f for part in reading for f in faces_of_reading(variant, part)]
    if reading is None:
        return []
    return [face(variant, part) for part in str(reading).split("+") if part]


def split_words(reading: Any) -> str:
    """For a wild read as a split tile (CT-1), the tile it stands for, in words; else ``""``.

    >>> split_words("R0+R1"), split_words("K1+K1"), split_words("R7")
    ('stands for a 10, read as 0 + 1', 'stands for an 11, read as 1 + 1', '')
    """
    split = split_of(reading)  # the engine reads the split; this only words it
    if split is None:
        return ""
    tile, (first, second) = split
    return f"stands for {'an' if tile == 11 else 'a'} {tile}, read as {first} + {second}"


def written_tokens(cards: str) -> list[str]:
    """The typed tokens in order, with ``|`` (Step melds) and ``/`` (grid rows, or a new line) as tokens.

    >>> written_tokens("7 7 W|r1,r2\\n. R3")
    ['7', '7', 'W', '|', 'r1', 'r2', '/', '.', 'R3']
    """
    spaced = cards.replace("|", " | ").replace("/", " / ").replace("\r", "").replace("\n", " / ")
    try:
        return tokenize(spaced)
    except ValueError:
        return []


def canonical(variant: str, token: str) -> str:
    """The engine's spelling of a typed token (``r10`` -> ``R10``), or the token upper-cased."""
    notation = find_variant(variant).notation
    try:
        return notation.format(notation.parse_token(token))
    except ValueError:
        return str(token).strip().upper()
