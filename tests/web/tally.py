"""A tiny test-only variant ("tally") so the web core is tested apart from the real variants.

Round facts: ``{"points": [int per seat], "hand": n}`` (``hand`` optional: when
given it must be the hand's number, so deleting an earlier hand can be refused,
like a Krazy Bee Step that no longer matches); the game ends when a total reaches
``target`` (highest wins). It goes through the real engine machinery
(:func:`scorekeeper.rules.game.play`), only the per-round rule is made up.
"""

from __future__ import annotations

from contextlib import contextmanager

from scorekeeper.rules import registry
from scorekeeper.rules.base import Variant
from scorekeeper.rules.cards import Notation
from scorekeeper.rules.errors import RoundError
from scorekeeper.rules.hand_changes import points_only
from scorekeeper.rules.options import Option
from scorekeeper.rules.scoring import RoundOutcome


class Tally(Variant):
    slug = "tally"
    name = "Tally"
    summary = "Test-only: add up the points each hand."
    hand_changes = staticmethod(points_only)
    min_players, max_players = 2, 4
    notation = Notation("tally", ranks={str(n): n for n in range(1, 14)}, accepted="1..13")
    option_spec = (
        Option("target", "int", 100, "End when a total reaches this", low=1),
        Option("kind", "choice", None, "check only", choices=("a",), optional=True, game=False),
    )

    def score_round(self, facts, game, dealer, opts):
        points = facts.get("points")
        if not isinstance(points, list) or len(points) != game.players:
            raise RoundError([("points", f"give one number per player ({game.players})")])
        for i, p in enumerate(points):
            if isinstance(p, bool) or not isinstance(p, int) or p < 0:
                raise RoundError([(f"points.{i}", "TL-1: points are whole numbers, not negative")])
        number = len(game.rounds) + 1
        if facts.get("hand") not in (None, number):
            raise RoundError([("hand", f"TL-2: this is hand {number}, not {facts['hand']}")])
        totals = [t + p for t, p in zip(game.totals, points)]
        return RoundOutcome(
            changes=tuple(points),
            progress=tuple({"hands": len(game.rounds) + 1} for _ in points),
            ends_game=max(totals) >= opts["target"],
        )


@contextmanager
def tally_registered():
    """Register the tally variant for the duration of a test."""
    registry._VARIANTS[Tally.slug] = Tally()
    try:
        yield
    finally:
        registry._VARIANTS.pop(Tally.slug, None)
