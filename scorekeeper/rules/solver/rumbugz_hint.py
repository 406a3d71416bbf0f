"""RumBugz hint: which Sequences can this hand lay, and which kinds are still missing?

>>> h = hint("1 2 3 4 6 8 10 12 5 5 5 P").to_dict()
>>> [s["kind"] for s in h["sequences"]], h["missing"]
(['single', 'double', 'match'], ['triple'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..cards import tokenize
from ..errors import OptionError
from ..reasons import say
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
    names = tokenize(raw) if isinstance(raw, str) else list(raw or ())
    out = []
    for name in names:
        kind = str(name).strip().lower()
        if kind not in KINDS:
            raise OptionError("laid", say("rb.kind_unknown", name=repr(name)), ", ".join(KINDS))
        out.append(kind)
    return tuple(k for k in KINDS if k in out)


def _sequences(counts: Counter, plyts: int, kind: str):
    """Sequences of ``kind`` of exactly four Bugz the hand holds, fewest PLYTs first."""
    step, found = STEPS[kind], []
    starts = range(1, 13) if step == 0 else range(1, 13 - step * (LEAST - 1))
    for start in starts:
        values = [start + step * i for i in range(LEAST)]
        need = Counter(values)
        natural = Counter({v: min(n, counts[v]) for v, n in need.items()})
        wild = LEAST - sum(natural.values())
        if wild <= plyts and sum(natural.values()):
            found.append((wild, tuple(str(v) for v in sorted(natural.elements())) + ("P",) * wild))
    if plyts >= LEAST:
        found.append((LEAST, ("P",) * LEAST))
    return [cards for _, cards in sorted(found, key=lambda f: f[0])]


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

    def search(i: int, left: Counter, chosen: tuple) -> None:
        nonlocal best
        if i == len(missing):
            score = (len(chosen), -sum(c.count("P") for _, c in chosen))
            if score > best[:2]:
                best = (*score, chosen)
            return
        kind = missing[i]
        for cards in options_per_kind[kind]:
            need = Counter(cards)
            if all(left[t] >= n for t, n in need.items()):
                search(i + 1, left - need, (*chosen, (kind, cards)))
        search(i + 1, left, chosen)

    search(0, Counter(game.notation.format(c) for c in hand), ())
    return SequenceHint(laid, best[2], possible)
