"""A table's new games: started from the table (several at once for a club round), a rematch of a
table's game, an existing game attached to the table. Their edit secrets are derived from the
table's (:func:`.roster.game_secret`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import services
from ...storage.extensions import db
from ...storage.models import Game
from ...storage.table_models import Member, Table, TableGame
from .. import NotEditor, SetupError
from ..games import create_games
from ..rematches import Maker, Started, once
from ..timer import seconds_for_new_game, set_seconds
from .roster import (
    game_secret,
    member_named,
    members_by_id,
    roster_players,
    seat_members,
    secret_matches,
    table_of,
)
from .rulings import option_choices
from .summaries import attach, attach_all


def start_game(
    table: Table,
    table_secret: str,
    variant: str,
    members: Sequence[Member],
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
) -> tuple[Game, str]:
    """A new game of ``table`` with these roster players in seat order; it starts with the table's
    option choices (``options`` given here win). Its edit secret is derived from the table's."""
    return start_games(table, table_secret, variant, [(members, first_dealer)], options)[0]


def start_games(
    table: Table,
    table_secret: str,
    variant: str,
    seatings: Sequence[tuple[Sequence[Member], int]],
    options: Mapping[str, Any] | None = None,
) -> list[tuple[Game, str]]:
    """:func:`start_game` for several games of one variant at once (each its players and first
    dealer): the table's choices read once, the games and their summaries written in one flush each."""
    chosen = {**option_choices(table, variant), **dict(options or {})}
    made = create_games(
        variant,
        [([m.name for m in members], first_dealer) for members, first_dealer in seatings],
        chosen,
        secret_of=lambda public_id: game_secret(table_secret, public_id),
    )
    attach_all(
        table,
        [(game, list(members), services.game_score(game)) for (game, _), (members, _) in zip(made, seatings)],
    )
    if seconds := seconds_for_new_game(table):  # the turn timer the table last chose
        for game, _ in made:
            set_seconds(game, seconds)
    return made


#: a table's game is rematched as the table's (its hands count in the table's figures), from a phone
#: that holds the table's secret
TABLE_REMATCH = "A rematch of the table {table}'s game is started from one of the table's phones."


def rematch(game: Game, table_secret: str | None, secret_of: Maker | None) -> Started:
    """A rematch, started once (:func:`..rematches.once`): for a table's game a new game of the table
    with the same players and seats, its options updated with the table's choices (only a phone
    holding that table's secret starts it: NotEditor otherwise); else
    :func:`scorekeeper.services.rematch`, its secret ``secret_of(public_id)`` (made from the game's
    secret this phone holds: ``web/access.made_secret``), else random."""
    table = table_of(game)
    at_table = table is not None and secret_matches(table, table_secret)
    makers = [lambda public_id: game_secret(table_secret, public_id)] if at_table else []

    def start() -> tuple[Game, str]:
        if table is None:
            return services.rematch(game, secret_of)
        if not at_table:
            raise NotEditor(TABLE_REMATCH.format(table=table.name))
        summary = db.session.get(TableGame, game.id)
        members = [db.session.get(Member, m) for m in seat_members(summary)]
        return start_game(
            table,
            table_secret,
            game.variant,
            members,
            {**dict(game.options or {}), **option_choices(table, game.variant)},
            game.first_dealer,
        )

    return once(game, start, makers + ([secret_of] if secret_of else []))


def suggested_players(table: Table, game: Game) -> list[Member | None]:
    """For attaching ``game``: the roster player each seat's name matches (None: no match)."""
    return [member_named(table, name) for name in game.names]


def attach_game(table: Table, game: Game, choices: Sequence[Any]) -> TableGame:
    """Make an existing game one of the table's: ``choices[seat]`` is a roster player's id, or a
    name (a new roster player). Refused when the game already belongs to a table or two seats
    are one player."""
    if db.session.get(TableGame, game.id) is not None:
        raise SetupError([("game", "this game already belongs to a table")])
    if len(choices) != len(game.players):
        raise SetupError([("players", f"match each of the {len(game.players)} players")])
    members: list[Member] = []
    for seat, choice in enumerate(choices):
        text = str(choice or "").strip()
        if text.startswith("member:"):
            members.extend(members_by_id(table, [text[len("member:") :]]))
        else:
            members.extend(roster_players(table, [text or game.names[seat]]))
    if len({m.id for m in members}) != len(members):
        raise SetupError([("players", "two seats cannot be the same roster player")])
    return attach(table, game, members, services.game_score(game))
