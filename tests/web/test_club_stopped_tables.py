"""A club table stopped before its game's own end (docs/club-night.md "The evening and the club's
own figures"): the round's timer or the players stop after one hand of a Rummikub game of four
rounds. Its result, declared from the game's totals then and confirmed by a second player, is
final: the round is over, the result counts in the evening's standings, the next round is seated
and the evening ends; among the club's own games (statistics, ratings, BG Stats) the game stays in
progress, since it never reached its end."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services.club import (
    check_in,
    current_round,
    end_evening,
    event_standings,
    round_open_tables,
    seat_next,
)
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.storage.table_models import Table
from scorekeeper.tables.stats import table_stats

from .club_support import FOUR, december_night, play_round


def test_a_table_stopped_after_one_hand_counts_in_the_evening(app):
    with app.app_context():
        _, event, secret = december_night(FOUR, rounds=2)
        check_in(event, FOUR)
        seat_next(event, secret, "draw", seed=1)
        play_round(event)  # one hand, declared and confirmed: the game is far from its 4 rounds
        table = current_round(event).tables[0]
        game = db.session.get(Game, table.game_id)
        assert not services.game_score(game).finished and table.final
        assert round_open_tables(current_round(event)) == []  # the round is over
        # every player's line counts the game by place (4, 2, 1, 0), best first
        assert [(s.games, s.values[0]) for s in event_standings(event)] == [
            (1, 4.0),
            (1, 2.0),
            (1, 1.0),
            (1, 0.0),
        ]
        assert seat_next(event, secret, "standing").number == 2  # the next round is seated after it
        play_round(event)
        end_evening(event, 2)
        db.session.commit()
        assert [s.games for s in event_standings(event)] == [2, 2, 2, 2]
        figures = table_stats(db.session.get(Table, event.table_id))
        assert (figures["games"], figures["finished"]) == (2, 0)  # the club's: two games, in progress
        assert {p["name"]: (p["games"], p["finished"], p["wins"]) for p in figures["players"]} == {
            name: (2, 0, 0) for name in FOUR
        }
