"""Opening a game for seats, and taking, freeing, keeping and giving a seat (issue 38).

A seat is a player of the game. A phone takes it once, by the player's name, and is given the
seat's secret (kept only as its sha256 digest, as a game's edit secret is). The game's editor may
free a seat, keep one for a player without a phone (the editor then enters that player's part),
or give it to a new phone (a new secret; the old phone's no longer counts).
"""

from __future__ import annotations

import secrets

from flask_babel import gettext
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ...rules import TURN_KINDS, RulesError
from ...storage.extensions import db
from ...storage.models import Game
from ...storage.seat_models import Seat, Seating
from ..errors import Conflict, NotFound
from ..games import hash_matches, hash_secret
from ..versions import hold
from .parts import OWN_PARTS
from .seat_log import log_seat

#: who must confirm a part: nobody, any other seated player, the player to the left
CONFIRM_CHOICES = ("none", "any", "left")


class SeatingClosed(RulesError):
    """The game is not opened for seats (or its variant has no own-phone entry yet)."""


class SeatTaken(Conflict):
    """Another phone holds this seat (or took it at the same moment)."""


def seating_of(game: Game) -> Seating | None:
    """The game's seating, or None while it is not opened for seats."""
    return db.session.scalar(select(Seating).where(Seating.game_id == game.id))


def seats_of(game: Game) -> dict[int, Seat]:
    """The game's taken seats, by seat number."""
    return {s.seat: s for s in db.session.scalars(select(Seat).where(Seat.game_id == game.id))}


def open_seats(game: Game, confirm: str = "none") -> Seating:
    """Open ``game`` for seats (again: change who must confirm a part). A variant without
    own-phone entry yet is refused (:class:`SeatingClosed`, 422)."""
    return open_all_seats([game], confirm)[0]


def open_all_seats(games: list[Game], confirm: str = "none") -> list[Seating]:
    """:func:`open_seats` for several games at once (one query, one flush); refused as a whole when
    one of them cannot be opened."""
    for variant in {g.variant for g in games}:
        if variant not in OWN_PARTS and variant not in TURN_KINDS:
            raise SeatingClosed(
                gettext("Players do not enter their own parts in this game: its editor keeps the score.")
            )
    if confirm not in CONFIRM_CHOICES:
        raise SeatingClosed(
            gettext(
                "Who confirms a part is one of %(choices)s, not %(given)s.",
                choices=", ".join(CONFIRM_CHOICES),
                given=repr(confirm),
            )
        )
    ids = [g.id for g in games]
    kept = {s.game_id: s for s in db.session.scalars(select(Seating).where(Seating.game_id.in_(ids)))}
    seatings = [kept.get(game_id) or Seating(game_id=game_id) for game_id in ids]
    for seating in seatings:
        seating.confirm = confirm
    db.session.add_all(seatings)
    db.session.flush()
    return seatings


def seat_named(game: Game, name: str) -> int:
    """The seat of the player called ``name`` (NotFound, naming the players, when nobody is)."""
    wanted = (name or "").strip().casefold()
    for player in game.players:
        if player.name.casefold() == wanted:
            return player.seat
    raise NotFound(
        gettext(
            "Nobody in this game is called '%(name)s'; the players are %(names)s.",
            name=name,
            names=", ".join(game.names),
        )
    )


def take_seat(game: Game, name: str, secret: str | None = None) -> tuple[Seat, str]:
    """A phone takes the seat of the player called ``name``, once: the seat and its new secret
    (``secret`` when given: made from a form's key, ``web/form_once.py``; else random).

    :class:`SeatingClosed` when the game is not opened for seats; :class:`SeatTaken` (409) when
    another phone (or the editor) holds the seat, also when two phones ask at the same moment.
    """
    hold(game)  # the game's row first, as every change of its seats and hands: no deadlock between them
    _require_seating(game)
    seat = seat_named(game, name)
    if seat in seats_of(game):
        raise SeatTaken(_taken(game, seat))
    secret = secret or secrets.token_urlsafe(18)
    row = Seat(game_id=game.id, seat=seat, holder="phone", secret_hash=hash_secret(secret))
    db.session.add(row)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise SeatTaken(_taken(game, seat)) from None
    log_seat(game, "seat_taken", seat, by=seat)
    return row, secret


def free_seat(game: Game, seat: int) -> None:
    """The editor frees ``seat``: its phone's secret no longer counts, another phone may take it."""
    hold(game)
    _require_seating(game)
    _player(game, seat)
    freed = db.session.execute(delete(Seat).where(Seat.game_id == game.id, Seat.seat == seat)).rowcount
    if freed:
        log_seat(game, "seat_freed", seat, by=None)
    db.session.flush()


def hold_seat(game: Game, seat: int) -> Seat:
    """The editor keeps ``seat`` for a player without a phone (and enters that player's part)."""
    return _replace(game, seat, "editor", None)


def give_seat(game: Game, seat: int) -> tuple[Seat, str]:
    """The editor gives ``seat`` to a new phone: a new secret, the old phone's no longer counts."""
    secret = secrets.token_urlsafe(18)
    return _replace(game, seat, "phone", hash_secret(secret)), secret


def seat_of_secret(game: Game, secret: str | None) -> Seat | None:
    """The seat of ``game`` whose phone holds ``secret``, or None."""
    if not secret:
        return None
    return next((s for s in seats_of(game).values() if hash_matches(s.secret_hash, secret)), None)


def _replace(game: Game, seat: int, holder: str, secret_hash: str | None) -> Seat:
    """Seat ``seat`` held by ``holder``. Like taking and freeing a seat it holds the game's row first
    (:func:`..versions.hold`): taking a seat wrote the seat, then the game's change stamp, and giving
    or keeping one the other way round, so on PostgreSQL one phone's tap at the same moment as the
    editor's was refused as a deadlock (409 "someone else changed this") instead of one waiting."""
    hold(game)
    _require_seating(game)
    _player(game, seat)
    row = seats_of(game).get(seat) or Seat(game_id=game.id, seat=seat)
    row.holder, row.secret_hash = holder, secret_hash
    db.session.add(row)
    log_seat(game, "seat_kept" if holder == "editor" else "seat_given", seat, by=None)
    db.session.flush()
    return row


def _require_seating(game: Game) -> Seating:
    seating = seating_of(game)
    if seating is None:
        raise SeatingClosed(gettext("This game is not open for seats: its editor opens it first."))
    return seating


def require_seat(game: Game, seat: int) -> None:
    """:class:`SeatingClosed` (422) for a game not open for seats, NotFound (404) for a seat it
    does not have: before any part or turn is kept for ``seat``."""
    _require_seating(game)
    _player(game, seat)


def _player(game: Game, seat: int) -> None:
    if not 0 <= seat < len(game.players):
        raise NotFound(f"This game has no seat {seat}; its seats are 0 to {len(game.players) - 1}.")


def _taken(game: Game, seat: int) -> str:
    name = game.players[seat].name
    return gettext(
        "%(name)s's seat is already taken by another phone. If that was not %(name)s, the game's "
        "editor can free the seat or give it to this phone.",
        name=name,
    )
