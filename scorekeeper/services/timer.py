"""The turn timer: an optional countdown per turn, kept on the game row so every phone sees it.

The timer is plain values on ``Game.timer`` (see migration 0006): ``seconds`` (0: off),
``running``, ``ends`` (server time in ms when it runs out, while running), ``left`` (ms left,
while paused) and ``turn`` (the seat whose turn it is). The editor's phone runs it by itself
(offline too) and sends where it stands after each tap (:func:`set_state`); a change bumps the
game's ``updated_at``, so the live stream carries it to every follower, while the game's
``version`` (its hands' changes) is left alone: the timer never records anything by itself and
never makes a hand form stale. A game of a table remembers its length for the table's next games.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import select

from ..club.errors import Sentence
from ..rulebook.book import N_
from ..rules import RoundError, whole_number
from ..storage.extensions import db
from ..storage.models import Game, utcnow
from ..storage.table_models import Table, TableGame


class SetupError(RoundError):
    """A timer value out of range, by field (``timer``), as the new-game form shows it."""


#: the longest turn the timer counts, in seconds (an hour)
SECONDS_MAX = 3600


def now_ms() -> int:
    """The server's clock in ms (what ``ends`` is measured against)."""
    return int(time.time() * 1000)


def timer_of(game: Game, now: int | None = None) -> dict[str, Any]:
    """Where the game's timer stands now: its stored values with ``left`` worked out when it runs,
    and ``now`` (the server's clock, so a phone can tell its own clock's offset)."""
    stored = dict(game.timer or {})
    seconds = int(stored.get("seconds") or 0)
    now = now_ms() if now is None else now
    running = bool(stored.get("running")) and seconds > 0
    left = (
        max(0, int(stored["ends"]) - now)
        if running and stored.get("ends")
        else int(stored.get("left", seconds * 1000))
    )
    return {
        "seconds": seconds,
        "running": running,
        "ends": stored.get("ends") if running else None,
        "left": min(left, seconds * 1000),
        "turn": int(stored.get("turn") or 0),
        "now": now,
    }


#: a length the timer does not take, in the words of the form's field
TIMER_REFUSED = N_(
    "The turn timer takes a whole number of seconds, from 0 (off) to %(most)s; not “%(typed)s”."
)


def check_seconds(value: Any) -> int:
    """A timer length as given (a form's text, a number): 0 (off) to :data:`SECONDS_MAX`."""
    text = str(value if value is not None else "").strip()
    if text in ("", "off"):
        return 0
    seconds = whole_number(text)  # not a bare isdigit(): "²" is a digit int() cannot read
    if seconds is None or not 0 <= seconds <= SECONDS_MAX:
        said = Sentence(TIMER_REFUSED, most=SECONDS_MAX, typed=text[:20])
        raise SetupError([("timer", said)])  # a form says it in the reader's language (its template)
    return seconds


def set_seconds(game: Game, seconds: Any, *, first: int | None = None) -> dict[str, Any]:
    """Set the timer's length (0: off): it stands paused at a full turn of ``first``'s (default: the
    seat it was at, else the one left of the first dealer). A game of a table makes it the table's
    choice for its next games."""
    seconds = check_seconds(seconds)
    if first is None:  # the seat it was at; a new timer starts left of the first dealer
        first = int((game.timer or {}).get("turn", (game.first_dealer + 1) % len(game.players)))
    turn = first
    _store(game, {"seconds": seconds, "running": False, "left": seconds * 1000, "turn": turn})
    table_id = db.session.execute(select(TableGame.table_id).where(TableGame.game_id == game.id)).scalar()
    if table_id is not None:
        db.session.get(Table, table_id).timer_seconds = seconds
    return timer_of(game)


def set_state(game: Game, running: Any, left: Any, turn: Any) -> dict[str, Any]:
    """Where the editor's phone says the timer stands: running or paused, ``left`` ms to go (a
    fraction of a ms is rounded), and whose turn. Refused (:class:`SetupError`, the game
    unchanged) when the timer is off or a value is out of range."""
    seconds = int((game.timer or {}).get("seconds") or 0)
    if not seconds:
        raise SetupError([("timer", "this game has no turn timer; set its length first")])
    try:  # a phone's clock reads fractions of a millisecond: the time left is kept to the ms
        left, turn = round(float(left)), int(turn)
    except (TypeError, ValueError, OverflowError):  # not a number; inf and nan do not round
        raise SetupError([("timer", "the time left is a number of ms and the turn a seat number")]) from None
    if not 0 <= left <= seconds * 1000:
        raise SetupError([("timer", f"the time left is 0 to {seconds * 1000} ms, not {left}")])
    if not 0 <= turn < len(game.players):
        raise SetupError([("timer", f"the turn is a seat from 0 to {len(game.players) - 1}, not {turn}")])
    running = str(running).lower() in ("1", "true", "yes", "on")
    state = {"seconds": seconds, "running": running, "turn": turn}
    state.update({"ends": now_ms() + left} if running else {"left": left})
    _store(game, state)
    return timer_of(game)


def seconds_for_new_game(table: Table | None, game: Game | None = None) -> int:
    """The length a new game's timer starts with: the table's choice, else the game it follows."""
    if table is not None and table.timer_seconds is not None:
        return table.timer_seconds
    return int(((game.timer if game is not None else None) or {}).get("seconds") or 0)


def _store(game: Game, state: dict[str, Any]) -> None:
    game.timer = state
    game.updated_at = utcnow()  # every follower's page changes with it (the live version)
    db.session.flush()
