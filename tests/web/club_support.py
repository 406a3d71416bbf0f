"""Helpers for club night's tests: a club and its evening, an evening of four checked in and seated
at one table (a Rummikub game open for the seated phones), phones taking seats, a hand played, a
round played and its results declared and confirmed."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date

from scorekeeper import services
from scorekeeper.services.club import check_in, confirm, create_event, current_round, declare, seat_next
from scorekeeper.services.tables.roster import create_table, game_secret
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .game_support import csrf_from

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def december_night(names, **settings):
    """The club "Thursday club" of ``names`` and its Rummikub evening "December night" (3 December
    2026) with ``settings`` (create_event's), in the caller's app context: (club, event, club's secret)."""
    table, secret = create_table("Thursday club", list(names))
    event = create_event(
        table, name="December night", held_on=date(2026, 12, 3), variant="rummikub", **settings
    )
    return table, event, secret


def play_round(
    event,
    winner_of: Callable = lambda table: 0,
    rack: Callable[[int], str] = lambda seat: f"R{seat + 1}",
) -> None:
    """Each table of the round not yet final plays one hand won by ``winner_of(table)`` (a seat),
    the others keeping ``rack(seat)``; its first seat declares the result, its second confirms it."""
    for table in [t for t in current_round(event).tables if not t.final]:
        winner = winner_of(table)
        racks = [{"rack": "" if s == winner else rack(s)} for s in range(len(table.members))]
        services.record_round(db.session.get(Game, table.game_id), {"winner": winner, "players": racks})
        declare(event, table, 0)
        confirm(event, table, 1)


def by_lot(rng: random.Random) -> dict:
    """play_round's winners and racks drawn by ``rng``."""
    return {
        "winner_of": lambda table: rng.randrange(len(table.members)),
        "rack": lambda seat: f"R{rng.randint(1, 13)}",
    }


def seated_evening(app, names=FOUR, minutes: int = 0) -> dict:
    """An evening seated for round 1; its ids, the table's game and that game's edit secret."""
    with app.app_context():
        _, event, secret = december_night(names, round_minutes=minutes)
        check_in(event, list(names))
        seat_next(event, secret, "draw", seed=123456)
        db.session.commit()
        games = [db.session.get(Game, t.game_id) for t in current_round(event).tables]
        return {
            "event": event.public_id,
            "games": [g.public_id for g in games],
            "names": [list(g.names) for g in games],
            "edit": [game_secret(secret, g.public_id) for g in games],
        }


def take_seat(client, gid: str, name: str) -> None:
    token = csrf_from(client.get(f"/games/{gid}/seat").get_data(as_text=True))
    assert client.post(f"/games/{gid}/seat/take", data={"csrf_token": token, "name": name}).status_code == 302


def play_hand(app, gid: str, winner: int = 0) -> None:
    """One Rummikub hand: ``winner`` went out, the others kept a few tiles."""
    with app.app_context():
        game = services.get_game(gid)
        racks = [{"rack": "" if s == winner else f"R{s + 2}"} for s in range(len(game.players))]
        services.record_round(game, {"winner": winner, "players": racks})
        db.session.commit()


def post_result(client, gid: str, action: str, page: str = "seat", token: str | None = None):
    """Declare or confirm from a phone's page ("seat": its seat page, "game": the game page)."""
    if token is None:
        where = f"/games/{gid}/seat" if page == "seat" else f"/games/{gid}"
        token = csrf_from(client.get(where).get_data(as_text=True))
    return client.post(f"/games/{gid}/club/{action}", data={"csrf_token": token, "from": page})
