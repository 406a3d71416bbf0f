"""Tables: creating one, its roster, renames and merges, finding a table and its games. Games
started from a table or attached to it: :mod:`.new_games`."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import func, inspect, select
from sqlalchemy.orm import selectinload

from ... import services
from ...limits import ROSTER_MAX, TooMany, at_most
from ...storage.extensions import db
from ...storage.models import Game
from ...storage.table_models import (
    TABLE_NAME_MAX,
    TABLE_SHOWN,
    Member,
    Table,
    TableFigure,
    TableGame,
    TableSeat,
)
from .. import NotFound, SetupError, clean_names, hash_secret, unused_public_ids
from ..games import derived_secret
from ..names import clean_name, look_alike_key, same_look
from .club_merge import move_check_ins
from .summaries import rerate_all, touch

NO_TABLE = "There is no table at this address."


class TableNotFound(NotFound):
    """No table has this public id (a 404, like a game that is not there)."""

    def __init__(self, public_id: str = ""):
        self.public_id = public_id
        super().__init__(NO_TABLE)


# -- secrets ---------------------------------------------------------------------------------


def secret_matches(table: Table, secret: str | None) -> bool:
    """Whether ``secret`` is the table's secret (constant-time comparison)."""
    return services.secret_matches(table, secret)


def game_secret(table_secret: str, game_public_id: str) -> str:
    """The edit secret of a game started from a table, derived from the table's secret
    (:func:`scorekeeper.services.games.derived_secret`)."""
    return derived_secret(table_secret, game_public_id)


def holds_game(table_secret: str | None, game: Game) -> bool:
    """Whether a holder of ``table_secret`` may keep score in ``game`` (started from that table)."""
    return bool(table_secret) and services.secret_matches(game, game_secret(table_secret, game.public_id))


# -- finding -----------------------------------------------------------------------------------


def find_table(public_id: str) -> Table | None:
    """The table with this public id (roster loaded), or None (for one still being restored too:
    :mod:`.restore`)."""
    return db.session.execute(
        select(Table).where(Table.public_id == public_id, TABLE_SHOWN).options(selectinload(Table.members))
    ).scalar_one_or_none()


def get_table(public_id: str) -> Table:
    """:func:`find_table`, or :class:`TableNotFound` when there is no such table."""
    table = find_table(public_id)
    if table is None:
        raise TableNotFound(public_id)
    return table


def table_of(game: Game) -> Table | None:
    """The table ``game`` belongs to, or None."""
    return db.session.execute(
        select(Table).join(TableGame, TableGame.table_id == Table.id).where(TableGame.game_id == game.id)
    ).scalar_one_or_none()


def table_games(
    table: Table,
    *,
    finished: bool | None = None,
    limit: int | None = None,
    offset: int = 0,
    hands: bool = False,
    log: bool = False,
) -> list[tuple[Game, TableGame]]:
    """The table's games, newest first, with their summaries, seats and players: all of them, or
    only the finished (or unfinished) ones, at most ``limit`` after the first ``offset``; with their
    ``hands`` (rounds) and change ``log`` too when asked (the exports: one query for each, not one
    per game)."""
    loads = [selectinload(Game.players), selectinload(TableGame.seats)]
    if hands:
        loads.append(selectinload(Game.rounds))
    if log:
        loads.append(selectinload(Game.audit_entries))
    query = (
        select(Game, TableGame)
        .join(TableGame, TableGame.game_id == Game.id)
        .where(TableGame.table_id == table.id)
        .options(*loads)
        .order_by(TableGame.played_at.desc(), TableGame.game_id.desc())
    )
    if finished is not None:
        query = query.where(TableGame.finished.is_(finished))
    if limit is not None:
        query = query.limit(limit)
    if offset:
        query = query.offset(offset)
    return [(game, summary) for game, summary in db.session.execute(query).all()]


def seat_members(table_game: TableGame) -> list[int]:
    return [s.member_id for s in table_game.seats]


# -- creating and the roster -----------------------------------------------------------------


def clean_table_name(raw: Any) -> str:
    name, problem = clean_name(raw, most=TABLE_NAME_MAX, empty="give the table a name")
    if problem:
        raise SetupError([("name", problem)])
    return name


def create_table(
    name: Any, names: Sequence[Any] = (), secret_of: Callable[[str], str] | None = None
) -> tuple[Table, str]:
    """A new table with its roster, and its secret (shown once; only its hash is kept):
    ``secret_of(public_id)`` when given (from a form's key: ``web/form_once.py``), else random."""
    at_most(names, ROSTER_MAX, "players", "players on a roster")
    cleaned = clean_table_name(name)
    roster = clean_names(list(names))
    public_id = unused_public_ids(Table)[0]
    secret = secret_of(public_id) if secret_of else secrets.token_urlsafe(24)
    table = Table(public_id=public_id, name=cleaned, secret_hash=hash_secret(secret))
    table.members = [Member(name=n) for n in roster]
    db.session.add(table)
    db.session.flush()
    return table, secret


def member_named(table: Table, name: str) -> Member | None:
    """The roster player whose name looks like ``name`` (:func:`..names.look_alike_key`: case,
    spacing, invisible characters ignored), or None."""
    wanted = look_alike_key(name)
    return next((m for m in table.members if look_alike_key(m.name) == wanted), None)


def roster_players(table: Table, names: Sequence[Any]) -> list[Member]:
    """The roster players with these names, in order; names not on the roster join it (up to
    :data:`~scorekeeper.limits.ROSTER_MAX` players)."""
    at_most(names, ROSTER_MAX, "players", "players on a roster")
    hold_roster(table)
    cleaned = clean_names(list(names))
    roster = {look_alike_key(m.name): m for m in table.members}
    members = []
    for i, name in enumerate(cleaned):
        member = roster.get(look_alike_key(name))
        if member is not None and member.name.casefold() != name.casefold():
            raise SetupError(
                [(f"players.{i}", f"{same_look(name, member.name)} (pick {member.name!r} from the roster)")]
            )
        if member is None:
            if len(table.members) >= ROSTER_MAX:
                raise TooMany(
                    [("players", f"a roster holds at most {ROSTER_MAX} players; merge or rename one instead")]
                )
            member = Member(name=name)
            table.members.append(member)
            touch(table.id)
        members.append(member)
    db.session.flush()
    return members


def members_by_id(table: Table, ids: Sequence[Any]) -> list[Member]:
    """Roster players by id, in the order given; SetupError for an id not on this table's roster."""
    by_id = {m.id: m for m in table.members}
    chosen = []
    for i, raw in enumerate(ids):
        try:
            chosen.append(by_id[int(raw)])
        except (KeyError, TypeError, ValueError):
            raise SetupError([(f"players.{i}", "pick players from this table's roster")]) from None
    return chosen


def hold_roster(table: Table) -> None:
    """Hold the table's row until this change ends (:func:`.summaries.touch`, an UPDATE), then read
    its roster again as it stands: two roster changes at the same moment run one after the other,
    and the second checks what the first wrote. Under PostgreSQL's READ COMMITTED both read the
    roster before either wrote: two renames to look-alike names both passed their check, and two
    players merged into each other at once were both deleted. A roster player deleted meanwhile is
    an ObjectDeletedError when next read (a 409: someone else changed this at the same moment)."""
    touch(table.id)
    if table.id is None or "members" not in table.__dict__:
        return
    for member in table.members:
        if inspect(member).persistent:
            db.session.expire(member)
    db.session.expire(table, ["members"])


def rename(table: Table, member: Member, new_name: Any) -> Member:
    """Give a roster player another name; recorded games keep the names they were played under."""
    hold_roster(table)
    name = clean_names([new_name])[0]
    other = member_named(table, name)
    if other is not None and other is not member:
        raise SetupError([("name", f"{other.name} is already on the roster; merge the two instead")])
    member.name = name
    touch(table.id)
    db.session.flush()
    return member


def merge(table: Table, keep: Member, drop: Member) -> Member:
    """Make two roster entries one player (``keep``): ``drop``'s games become ``keep``'s.

    Refused when both sat in the same game or checked in to the same club night. No hand changes;
    ratings are folded again.
    """
    hold_roster(table)
    if keep.id == drop.id:
        raise SetupError([("drop", "pick two different players to merge")])
    together = db.session.execute(
        select(func.count())
        .select_from(TableSeat)
        .where(TableSeat.member_id == keep.id)
        .where(TableSeat.game_id.in_(select(TableSeat.game_id).where(TableSeat.member_id == drop.id)))
    ).scalar_one()
    if together:
        raise SetupError(
            [
                (
                    "drop",
                    f"{keep.name} and {drop.name} sat at the same game "
                    f"({together} game{'s' if together != 1 else ''}); they are two people",
                )
            ]
        )
    move_check_ins(table.id, keep, drop)  # their club nights too (refused when both played one)
    for model in (TableSeat, TableFigure):
        db.session.execute(
            model.__table__.update().where(model.member_id == drop.id).values(member_id=keep.id)
        )
    db.session.expire_all()
    db.session.delete(db.session.get(Member, drop.id))
    db.session.flush()
    rerate_all(table.id)
    touch(table.id)
    return db.session.get(Member, keep.id)
