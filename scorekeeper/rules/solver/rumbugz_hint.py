"""RumBugz hint: which Sequences can this hand lay, and which kinds are still missing?

>>> h = hint("1 2 3 4 6 8 10 12 5 5 5 P").to_dict()
>>> [s["kind"] for s in h["sequences"]], h["missing"]
(['single', 'double', 'match'], ['triple'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Any

from ..cards import tokenize
from ..errors import OptionError
from ..reasons import quoted, say
from ..registry import find_variant

VARIANT = "rumbugz"
KINDS = ("single", "double", "triple", "match")
STEPS = {"single": 1, "double": 2, "triple": 3, "match": 0}
LEAST = 4  # RB-1


@dataclass(frozen=True)
class SequenceHint:
    laid: tuple[str, ...]
    sequences: tuple[tuple[str, tuple[str, ...]], ...]
    possible: dict

    def to_dict(self) -> dict:
        """``{variant, laid, sequences: [{kind, cards}], missing, possible: {kind: [cards] | null}}``.

        ``sequences``: one laydown of the missing kinds together; ``missing``:
        the kinds still missing after it; ``possible``: per kind, a Sequence
        the hand could lay on its own (null: none).
        """
        done = set(self.laid) | {k for k, _ in self.sequences}
        return {
            "variant": VARIANT,
            "laid": list(self.laid),
            "sequences": [{"kind": k, "cards": list(c)} for k, c in self.sequences],
            "missing": [k for k in KINDS if k not in done],
            "possible": {k: (list(v) if v else None) for k, v in self.possible.items()},
        }


def _laid(raw: Any) -> tuple[str, ...]:
    if isinstance(raw, str):
        names = tokenize(raw)
    elif isinstance(raw, (list, tuple)) or raw is None:
        names = list(raw or ())
    else:  # a number or a flag: no kind is named
        raise OptionError("laid", say("rb.kind_unknown", name=quoted(raw)), ", ".join(KINDS))
    out = []
    for name in names:
        kind = str(name).strip().lower()
        if kind not in KINDS:
            raise OptionError("laid", say("rb.kind_unknown", name=repr(name)), ", ".join(KINDS))
        out.append(kind)
    return tuple(k for k in KINDS if k in out)


def _sequences(counts: Counter, plyts: int, kind: str):
    """Sequences of ``kind`` of exactly four Bugz from the hand, fewest PLYTs first: every value of
    the progression a number Bug the hand holds or a PLYT, a PLYT also where the hand holds the
    number (keeping that Bug for another kind's Sequence)."""
    step, found = STEPS[kind], set()
    starts = range(1, 13) if step == 0 else range(1, 13 - step * (LEAST - 1))
    for start in starts:
        values = [start + step * i for i in range(LEAST)]
        for mask in product((True, False), repeat=LEAST):
            natural = Counter(v for v, keep in zip(values, mask) if keep)
            wild = LEAST - sum(natural.values())
            if wild <= plyts and all(counts[v] >= n for v, n in natural.items()):
                found.add((wild, tuple(str(v) for v in sorted(natural.elements())) + ("P",) * wild))
    return [cards for _, cards in sorted(found, key=lambda f: (f[0], [int(c) for c in f[1] if c != "P"]))]


def hint(rack: Any, *, table: Any = None, initial: bool = False, **options: Any) -> SequenceHint:
    """The Sequences the hand ``rack`` can lay and the kinds still missing (``table`` is unused)."""
    laid = _laid(options.pop("laid", ()))
    game = find_variant(VARIANT)
    opts = game.options(options)
    hand = game.parse(rack)
    counts = Counter(c.rank for c in hand if not c.wild)
    plyts = sum(c.wild for c in hand)
    options_per_kind = {}
    for kind in KINDS:
        options_per_kind[kind] = [
            s
            for s in _sequences(counts, plyts, kind)
            if game.check(" ".join(s), None, {**opts, "kind": kind}).valid
        ]
    possible = {k: (v[0] if v else None) for k, v in options_per_kind.items()}
    missing = [k for k in KINDS if k not in laid]
    best: tuple[int, int, tuple] = (0, 0, ())
    # the most each kind still to place can add: one kind, with its fewest PLYTs
    fewest = [min((c.count("P") for c in options_per_kind[k]), default=None) for k in missing]

    def search(i: int, left: Counter, chosen: tuple, plyts_used: int) -> None:
        """Most kinds laid together, then fewest PLYTs; a branch that cannot beat the best found
        (every kind left laid with its fewest PLYTs) is not searched."""
        nonlocal best
        reach = [f for f in fewest[i:] if f is not None]
        if (len(chosen) + len(reach), -(plyts_used + sum(reach))) <= best[:2]:
            return
        if i == len(missing):
            best = (len(chosen), -plyts_used, chosen)
            return
        for cards in options_per_kind[missing[i]]:
            need = Counter(cards)
            if all(left[t] >= n for t, n in need.items()):
                search(i + 1, left - need, (*chosen, (missing[i], cards)), plyts_used + need["P"])
        search(i + 1, left, chosen, plyts_used)

    search(0, Counter(game.notation.format(c) for c in hand), (), 0)
    return SequenceHint(laid, best[2], possible)
