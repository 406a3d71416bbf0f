"""The reader's logits as tiles (steps 4 and 5 of :mod:`reading`, the same in the phone's
rack-photo-read.js): the tiles' notation from the mean of the looks, how sure the first look is of
each number and colour, and which tiles a further look or the joker's doubt marks unsure."""

from __future__ import annotations

import numpy as np

from .reading import COLOUR_LETTERS, JOKER, JOKER_DOUBT, LOOKS


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def doubted(number: np.ndarray, n: int) -> list[bool]:
    """The reader's number logits [(1 + len(LOOKS)) * n, 14], the tiles' first look then each
    further look's: which of the n tiles to mark unsure, because a further look reads another
    number, or the first reads a number and gives the joker at least JOKER_DOUBT."""
    first = number[:n].argmax(axis=1)
    joker = _softmax(number[:n])[:, JOKER]
    again = [number[k * n : (k + 1) * n].argmax(axis=1) for k in range(1, len(LOOKS) + 1)]
    return [
        bool(any(a[i] != first[i] for a in again) or (first[i] != JOKER and joker[i] >= JOKER_DOUBT))
        for i in range(n)
    ]


def read_tokens(number: np.ndarray, colour: np.ndarray, n: int) -> tuple[list[str], list[float], list[float]]:
    """The reader's logits over every look ([(1 + len(LOOKS)) * n, 14] and [.., 4]) as the n tiles'
    notation, read from the mean of the looks' logits (chosen by rule 14 on the tuning splits), with
    how sure the first look is of the number and the colour so read (the marks were chosen on the
    first look). Looks that agree give the first look's tile; where the mean reads another number or
    colour than the first look, the first look gives it under half its belief, so the chip is
    marked (under SURE_NUMBER or SURE_COLOUR; a number, by :func:`doubted` too)."""
    looks = len(number) // n
    k = number.reshape(looks, n, -1).mean(0).argmax(axis=1)
    q = colour.reshape(looks, n, -1).mean(0).argmax(axis=1)
    pn, pc = _softmax(number[:n]), _softmax(colour[:n])
    tokens = ["J" if k[i] == JOKER else f"{COLOUR_LETTERS[q[i]]}{k[i] + 1}" for i in range(n)]
    sure_c = [1.0 if k[i] == JOKER else float(pc[i, q[i]]) for i in range(n)]
    return tokens, [float(pn[i, k[i]]) for i in range(n)], sure_c


def tokens_of(number: np.ndarray, colour: np.ndarray) -> tuple[list[str], list[float], list[float]]:
    """The reader's logits as tile notation (``R3``, ``J``), with how sure each number and colour is
    (the first ``len(colour)`` rows of ``number``: the reading's own look, read alone)."""
    n = len(colour)
    return read_tokens(number[:n], colour, n)


def barely_read(tokens: list[str], sure_n: list[float], joker: float, number: float) -> list[bool]:
    """Chips the reader barely believes: read as the joker with less belief than ``joker``
    (reading.JOKER_APART), or as a number with less than ``number`` (reading.NUMBER_APART). Such a
    chip is mostly not a tile the reader knows (a finger, a pattern of the cloth, a glint; the
    joker's many editions taught it that odd things are jokers), so it is shown as a spot where a
    tile may be rather than counted."""
    return [sure < (joker if token == "J" else number) for token, sure in zip(tokens, sure_n, strict=True)]
