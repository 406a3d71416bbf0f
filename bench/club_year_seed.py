"""A club's year for ``club_year.py``: a roster of 100, and ``evenings`` club evenings of 80-100
players (20-25 tables of 4), each of 3 or 4 rounds of one variant (they take turns), every table's
game played a few hands drawn at random and accepted by the rules engine (``stats_hands.py``), its
result declared by one seat and confirmed by another; every evening ended. All through the app's own
services (check-in, seating, ``record_round``, declare, confirm), as the organiser's and players'
phones do: the games are the club's (its statistics count them), their summaries kept as play goes."""

from __future__ import annotations

import random
from datetime import date, timedelta

from stats_hands import random_hand

#: the evenings' variants in turn, and their options (a few hands each: a club game is short)
VARIANTS = {
    "rummikub": {"rounds": 3},
    "crazy-rummy": {"target": 2500},
    "rumbugz": {"rounds": 3},
    "crazy-tiles": {"rounds": 3},
}
ROSTER = [f"Player {n:03}" for n in range(1, 101)]


def play_hand(game, variant: str, rnd: random.Random) -> None:
    """One hand drawn at random, recorded as the hand form records it: drawn again while the rules
    engine refuses it (a rack past the tiles there are, say)."""
    from scorekeeper import services
    from scorekeeper.rules import RulesError

    for _ in range(200):
        try:
            services.record_round(game, random_hand(variant, len(game.players), rnd))
            return
        except RulesError:
            continue


def seed_year(evenings: int, hands: int = 3, seed: int = 77, say=print) -> tuple[str, str]:
    """Seed the year in the app context the caller holds; returns (club's id, club's secret)."""
    from scorekeeper.services.club import (
        check_in,
        confirm,
        create_event,
        current_round,
        declare,
        end_evening,
        seat_next,
    )
    from scorekeeper.services.tables.roster import create_table
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.models import Game

    rnd = random.Random(seed)
    club, secret = create_table("Year club", ROSTER)
    db.session.commit()
    first = date(2026, 1, 8)
    slugs = list(VARIANTS)
    for n in range(evenings):
        variant = slugs[n % len(slugs)]
        event = create_event(
            club,
            name=f"Club night {n + 1}",
            held_on=first + timedelta(days=7 * n),
            variant=variant,
            options=VARIANTS[variant],
            rounds=rnd.choice((3, 4)),
        )
        check_in(event, rnd.sample(ROSTER, 4 * rnd.randint(20, 25)))
        db.session.commit()
        for number in range(event.rounds):
            seat_next(event, secret, "draw" if number == 0 else "swiss", seed=rnd.randrange(10**6))
            for table in current_round(event).tables:
                game = db.session.get(Game, table.game_id)
                for _ in range(rnd.randint(1, hands)):
                    play_hand(game, variant, rnd)
                declare(event, table, 0)
                confirm(event, table, 1)
            db.session.commit()
        end_evening(event)
        db.session.commit()
        if n % 10 == 9:
            say(f"  {n + 1} evenings seeded")
    return club.public_id, secret
