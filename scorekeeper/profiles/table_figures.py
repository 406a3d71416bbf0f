"""A table's figures of each variant: the sums of its counted figures read into what its
statistics show (``read``), and the template that shows them (``template``).

Each profile names its own :class:`TableFigures`; the counts come from the
engine (:attr:`scorekeeper.rules.Variant.table_counts`). ``counts`` maps
``(name, item)`` to ``(n, value)`` sums over a table's games.

>>> tiles({("rack", ""): (4, 30)})
{'average_rack': 7.5}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules import RUMBUGZ_KINDS


@dataclass(frozen=True)
class TableFigures:
    """How a variant's figures are read from their sums and shown on the table's statistics page."""

    #: ``counts -> dict`` of figures, for the table and for each player
    read: Callable[[dict], dict]
    #: the template drawing them (``slug`` and ``v``, the figures, in its context); None: nothing to draw
    template: str | None


def ratio(part: int, whole: int, places: int = 4) -> float | None:
    """``part / whole`` rounded, or None when there is nothing to divide by."""
    return round(part / whole, places) if whole else None


def no_figures(counts: dict) -> dict:
    """A variant that keeps no figures of its own (its class counts nothing)."""
    return {}


def krazy_bee(counts: dict) -> dict:
    steps = sorted({int(item) for name, item in counts if name == "step"})
    rows = []
    for k in steps:
        attempts, first = counts.get(("step", str(k)), (0, 0))
        laid, tries = counts.get(("tries", str(k)), (0, 0))
        rows.append(
            {
                "step": k,
                "attempts": attempts,
                "first_try": first,
                "first_try_rate": ratio(first, attempts),
                "laid": laid,
                "average_tries": ratio(tries, laid, 2),
            }
        )
    tried = [r for r in rows if r["attempts"]]
    hardest = min(
        tried, key=lambda r: (r["first_try_rate"], -(r["average_tries"] or 0), r["step"]), default=None
    )
    attempts = sum(r["attempts"] for r in rows)
    return {
        "steps": rows,
        "hardest_step": hardest["step"] if hardest else None,
        "first_try_rate": ratio(sum(r["first_try"] for r in rows), attempts),
    }


def crib_rummy(counts: dict) -> dict:
    meld = counts.get(("meld_pegs", ""), (0, 0))[1]
    extend = counts.get(("extend_pegs", ""), (0, 0))[1]
    return {"meld_pegs": meld, "extend_pegs": extend, "extend_share": ratio(extend, meld)}


def rumbugz(counts: dict, kinds=RUMBUGZ_KINDS) -> dict:
    missing = {kind: counts.get(("kind_missing", kind), (0, 0))[1] for kind in kinds}
    hands = counts.get(("kind_missing", kinds[0]), (0, 0))[0]
    last = max(kinds, key=lambda kind: (missing[kind], -kinds.index(kind))) if hands else None
    return {"unfinished_hands": hands, "kinds_missing": missing, "kind_laid_last": last}


def tiles(counts: dict) -> dict:
    racks, left = counts.get(("rack", ""), (0, 0))
    out = {"average_rack": ratio(left, racks, 2)}
    if ("nobody_out", "") in counts:
        hands, nobody = counts[("nobody_out", "")]
        out.update(nobody_out=nobody, hands_counted=hands)
    return out


def crazy_rummy(counts: dict) -> dict:
    hands, board = counts.get(("board", ""), (0, 0))
    wild = sorted(
        ((item, n) for (name, item), (n, _) in counts.items() if name == "wild"),
        key=lambda pair: (-pair[1], pair[0]),
    )
    out = {"average_board": ratio(board, hands, 2)}
    if wild:
        out["wild_ranks"] = dict(wild)
    return out
