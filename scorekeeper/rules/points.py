"""Any other game (points): the table's own game kept as points per player and hand (PG-1..PG-5).

The project's own addition (RULES.md defines no PG section; the rulebook's
``scorekeeper/rulebook/points.py`` is its text). A hand's facts are each
player's points, a whole number that may be negative::

    {"players": [{"points": 12}, {"points": -5}, {}], "end": false}

A player left out scores 0 that hand; a hand with nobody's points is refused
(PG-3). ``end`` true: the editor ends the game after this hand (PG-4).

>>> from scorekeeper.rules import score_game
>>> game = score_game("points", [{"players": [{"points": 12}, {"points": 7}]},
...                              {"players": [{"points": -5}, {"points": 7}]}],
...                   players=2, options={"target": 14})
>>> game.totals, game.ranks, game.finished
((7, 14), (2, 1), True)
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .errors import OptionError, RoundError, RulesError
from .facts import Count, Flag
from .hand_changes import points_only
from .hand_shapes import seats
from .options import Option
from .reasons import say
from .registry import register
from .samples import Samples
from .scoring import RoundOutcome
from .table_counts import no_counts

#: the most points one hand may give a player, either way (a typed sum, not a card count)
MOST_POINTS = 1_000_000
NOT_CARDS = say("pg.not_cards")


def _game_name(raw) -> str:
    text = " ".join(str(raw).split())
    if len(text) > 60:
        raise OptionError("game_name", say("pg.too_long", count=len(text)), say("pg.name_accepted"))
    return text


@register
class Points(Variant):
    slug = "points"
    name = "Any other game (points)"
    name_in_words = True  # a label, written in the reader's language; a game's own name stays as typed
    summary = (
        "Keep any game's score: points per player each hand, highest or lowest total wins, "
        "to a target or a number of hands."
    )
    min_players, max_players = 1, 20
    notation = Notation("points", ranks={}, accepted=NOT_CARDS, game=say("n1.points_game"))
    rules_home, own_rules = ("PG",), True
    part_kind = None  # only points: the editor enters the hand, seats do not open
    hand_changes = staticmethod(points_only)  # a points game's hand is its points (PG)
    table_counts = staticmethod(no_counts)  # totals, wins and ratings only (per game_name: the table's)
    samples = Samples(
        hand={"players": [{"points": 12}, {"points": -5}]},  # PG-2
        other_hand={"players": [{"points": 0}, {}]},  # PG-2: left empty, 0
        form={"players.0.points": "25"},  # PG-2: Bob empty: 0 (sums: tests/web/test_points.py)
        form_totals=(25, 0),
        page_hand={"players": [{"points": 25}, {"points": -5}]},
        progress=(),  # PG-4: no target set
        sheet_widest=("−999", "-9999"),
    )
    entered_rule = "PG-3"
    nothing_entered = "pg.nothing"  # PG-3 in the points game's words, not "who went out"
    facts_shape = seats(
        1,
        20,
        {
            "points": Count(
                "the player's points this hand, a whole number, negative allowed (PG-2)",
                low=-MOST_POINTS,
                high=MOST_POINTS,
            ),
        },
        end=Flag("true: the editor ends the game after this hand (PG-4)"),
    )
    option_spec = (
        Option("high_wins", "bool", True, "The highest total wins (off: the lowest wins)", rule="PG-5"),
        Option(
            "target",
            "int",
            None,
            "The game ends after a hand in which a total reaches this",
            rule="PG-4",
            optional=True,
            low=-MOST_POINTS,
            high=MOST_POINTS,
        ),
        Option(
            "rounds",
            "int",
            None,
            "The game ends after this many hands",
            rule="PG-4",
            optional=True,
            low=1,
            high=1000,
        ),
        Option(
            "game_name",
            "text",
            None,
            "The game played, e.g. Five Crowns (shown with the variant's name)",
            rule="PG-1",
            parser=_game_name,
            optional=True,
        ),
    )

    def title(self, opts=None, translate=str):
        """PG-1: the game's own name beside the variant's ("Five Crowns · Any other game (points)")."""
        named, label = (opts or {}).get("game_name"), translate(self.name)
        return f"{named} · {label}" if named else label

    def high_wins(self, opts):
        """PG-5: the highest total wins unless the table says the lowest does."""
        return bool(opts.get("high_wins", True))

    def check(self, cards, extend, opts):
        raise RulesError(say("pg.no_meld"))

    def hand(self, cards, opts):
        raise RulesError(say("pg.no_hand"))

    def score_round(self, facts, game, dealer, opts) -> RoundOutcome:
        """PG-2: each player's points are added to their total (left out: 0); PG-3: someone's points."""
        entries = self.seat_entries(facts, game.players)
        given = [e.get("points") for e in entries]
        if all(p in (None, "") for p in given):
            raise RoundError([("players", say("pg.nothing"))])
        changes = tuple(
            0
            if p in (None, "")
            else self.count(p, f"players.{i}.points", low=-MOST_POINTS, high=MOST_POINTS, what="points")
            for i, p in enumerate(given)
        )
        return RoundOutcome(
            changes=changes,
            progress=tuple({} for _ in entries),
            details={"points": list(changes), "end": bool(facts.get("end"))},
        )

    def is_over(self, game, outcome, opts):
        """PG-4: at the target (a total reaches it), after the rounds, or when the editor ends it."""
        target, rounds = opts.get("target"), opts.get("rounds")
        return (
            bool(outcome.details.get("end"))
            or (target is not None and any(t >= target for t in game.totals))
            or (rounds is not None and len(game.rounds) >= rounds)
        )
