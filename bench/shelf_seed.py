"""Seeding for ``stats_bench.py`` beyond the variants (issue 21): ``points`` games under a few names, and
plays taken from a BG Stats backup as result-only games, through the same services the app uses."""

from __future__ import annotations

import random

#: the points games' names: each is its own kind in the statistics and ratings
POINT_NAMES = ["Five Crowns", "Hearts", "Skip-Bo", "Phase 10", "Yahtzee"]


def seed_points(table, secret: str, games: int, hands: int, rnd: random.Random) -> None:
    """``games`` finished points games of 2-6 roster players, ``hands`` hands each (rows, then the
    table's summary from one engine score, as the variants are seeded)."""
    from scorekeeper import services
    from scorekeeper.services.tables import roster as tables
    from scorekeeper.services.tables.summaries import attach
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.models import Round

    for n in range(games):
        seats = rnd.sample(table.members, rnd.randint(2, min(6, len(table.members))))
        name = POINT_NAMES[n % len(POINT_NAMES)]
        options = {"game_name": name, "rounds": hands, "high_wins": n % 2 == 0}
        game, _ = services.create_game("points", [m.name for m in seats], options)
        game.secret_hash = services.hash_secret(tables.game_secret(secret, game.public_id))
        for number in range(1, hands + 1):
            facts = {"players": [{"points": rnd.randint(-10, 40)} for _ in seats]}
            game.rounds.append(Round(number=number, facts=facts))
        db.session.flush()
        attach(table, game, seats, services.game_score(game))
        if n % 100 == 99:
            db.session.commit()
    db.session.commit()


def bgstats_backup(plays: int, players: list[str], rnd: random.Random) -> dict:
    """A BG Stats backup of ``plays`` plays of Rummikub, Five Crowns and a game the table does not know."""
    names = ["Rummikub", "Five Crowns", "Wingspan"]
    return {
        "games": [{"id": i, "name": n} for i, n in enumerate(names, start=1)],
        "players": [{"id": i, "name": n} for i, n in enumerate(players, start=1)],
        "locations": [{"id": 1, "name": "Home"}],
        "plays": [
            {
                "uuid": f"BENCH-{n:05d}",
                "gameRefId": 1 + n % 2 if n % 10 else 3,
                "playDate": f"2025-{1 + n % 12:02d}-{1 + n % 28:02d} 20:00:00",
                "playerScores": [
                    {"playerRefId": p, "score": str(rnd.randint(0, 90)), "seatOrder": seat}
                    for seat, p in enumerate(rnd.sample(range(1, len(players) + 1), rnd.randint(2, 4)))
                ],
            }
            for n in range(plays)
        ],
    }


def seed_imported(table, secret: str, plays: int, rnd: random.Random) -> dict:
    """``plays`` plays taken from a BG Stats backup (one in ten of a game the table does not know)."""
    from scorekeeper.services.tables.bgstats_import import import_bgstats
    from scorekeeper.storage.extensions import db

    report = import_bgstats(table, secret, bgstats_backup(plays, [m.name for m in table.members], rnd))
    db.session.commit()
    return report
