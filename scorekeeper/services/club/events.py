"""An event of a club (a table with its roster): making one, checking players in and out, and its log."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from ...club import SCHEMES, TIEBREAKS, ClubError
from ...club.errors import Sentence
from ...limits import ROSTER_MAX
from ...rules import find_variant
from ...storage.club_models import EVENT_NAME_MAX, ClubEvent, Entrant, EventLogEntry
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from ...storage.table_models import Member, Table
from .. import NotFound, ServiceError, SetupError, game_options, unused_public_ids
from ..names import clean_name
from ..tables.roster import roster_players
from ..tables.summaries import touch

#: the most rounds an evening plans, and the most players it checks in (its whole roster)
ROUNDS_MAX = 12
ENTRANTS_MAX = ROSTER_MAX  # a roster holds them all
NO_EVENT = "There is no club night at this address."
#: what an ended evening refuses (a round, a cut, a check-in or out), with 409
ENDED = "The evening has ended: no more rounds are seated and nobody is checked in or out."


class EventNotFound(NotFound):
    """No event has this public id (a 404)."""

    def __init__(self, public_id: str = ""):
        self.public_id = public_id
        super().__init__(NO_EVENT)


class EventRefused(ServiceError):
    """What an evening cannot do as asked: ``template`` the English sentence, ``values`` fill it
    (the page says it in the reader's language); ``status`` 409 when it collides with the evening's
    state (a round still being played), else 400."""

    def __init__(self, template: str, status: int = 400, **values: Any) -> None:
        self.template = template
        self.values = values
        self.status = status
        super().__init__(template % values if values else template)

    @classmethod
    def of(cls, err: ClubError) -> EventRefused:
        return cls(err.template, **err.values)


def create_event(
    table: Table,
    *,
    name: Any,
    held_on: date,
    variant: str,
    options: Mapping[str, Any] | None = None,
    rounds: int = 4,
    scheme: str = "places",
    scale: Sequence[float] = (4, 2, 1, 0),
    tiebreaks: Sequence[str] = tuple(TIEBREAKS),
    fives: bool = False,
    twos: bool = False,
    round_minutes: int = 0,
) -> ClubEvent:
    """A new event of ``table``, every setting checked first (SetupError lists what is wrong)."""
    errors: list[tuple[str, str]] = []
    title, wrong = clean_name(name, most=EVENT_NAME_MAX, empty="give the evening a name")
    if wrong:
        errors.append(("name", wrong))
    try:
        v = find_variant(variant)
        opts = game_options(v.slug, options)
        if fives and v.max_players < 5:
            errors.append(
                (
                    "fives",
                    Sentence(
                        "The most players %(game)s takes is %(count)s.", game=v.name, count=v.max_players
                    ),
                )
            )
        if twos and v.min_players > 2:
            errors.append(
                (
                    "twos",
                    Sentence(
                        "The fewest players %(game)s takes is %(count)s.", game=v.name, count=v.min_players
                    ),
                )
            )
    except (KeyError, ValueError, SetupError) as err:
        errors.extend(getattr(err, "errors", [("variant", str(err))]))
        v, opts = None, {}
    errors.extend(_settings_errors(rounds, scheme, scale, tiebreaks, round_minutes))
    if errors or v is None:
        refused = SetupError(errors)
        refused.sentences = errors  # each with its template and values (``errors`` keeps the English)
        raise refused
    event = ClubEvent(
        public_id=unused_public_ids(ClubEvent)[0],
        table_id=table.id,
        name=title,
        held_on=held_on,
        variant=v.slug,
        options=opts,
        rounds=int(rounds),
        scheme=scheme,
        scale=[float(p) for p in scale],
        tiebreaks=list(tiebreaks),
        fives=bool(fives),
        twos=bool(twos),
        round_minutes=int(round_minutes),
    )
    db.session.add(event)
    db.session.flush()
    log(event, "created", name=title, variant=v.slug)
    return event


def _settings_errors(rounds, scheme, scale, tiebreaks, round_minutes) -> list[tuple[str, str]]:
    errors = []
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= ROUNDS_MAX:
        errors.append(("rounds", Sentence("An evening's rounds are from 1 to %(count)s.", count=ROUNDS_MAX)))
    if scheme not in SCHEMES:
        errors.append(
            ("scheme", Sentence("There is no ranking scheme called %(scheme)s.", scheme=str(scheme)[:40]))
        )
    if (
        not isinstance(scale, Sequence)
        or len(scale) != 4
        or not all(isinstance(p, int | float) and not isinstance(p, bool) and 0 <= p <= 100 for p in scale)
        or any(a < b for a, b in itertools.pairwise(scale))
    ):
        errors.append(
            ("scale", Sentence("The points by place are four numbers from 0 to 100, the first the most."))
        )
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown or len(set(tiebreaks)) != len(tiebreaks):
        errors.append(
            ("tiebreaks", Sentence("The tiebreaks are head to head, most wins and best game, each once."))
        )
    if isinstance(round_minutes, bool) or not isinstance(round_minutes, int) or not 0 <= round_minutes <= 240:
        errors.append(("round_minutes", Sentence("A round's timer is from 0 (none) to 240 minutes.")))
    return errors


def find_event(public_id: str) -> ClubEvent | None:
    if not isinstance(public_id, str) or len(public_id) > 32:
        return None
    return db.session.execute(select(ClubEvent).where(ClubEvent.public_id == public_id)).scalar_one_or_none()


def get_event(public_id: str) -> ClubEvent:
    event = find_event(public_id)
    if event is None:
        raise EventNotFound(public_id)
    return event


def check_in(event: ClubEvent, names: Sequence[Any]) -> list[Entrant]:
    """Check in players by name (a name not on the club's roster joins it); a player who left
    comes back. They are seated from the next round on; their line starts at 0."""
    _claim_open(event, _open_to_check_in)
    table = db.session.get(Table, event.table_id)
    members = roster_players(table, list(names))
    entrants = {e.member_id: e for e in event.entrants}
    if len(entrants) + sum(1 for m in members if m.id not in entrants) > ENTRANTS_MAX:
        raise EventRefused("The most players an evening checks in is %(count)s.", count=ENTRANTS_MAX)
    out = []
    for member in members:
        entrant = entrants.get(member.id)
        if entrant is None:
            entrant = Entrant(event_id=event.id, member_id=member.id, arrived=event.rounds_seated + 1)
            event.entrants.append(entrant)
            log(event, "check_in", name=member.name, round=entrant.arrived)
        elif entrant.left_after is not None:
            entrant.left_after = None
            log(event, "check_in", name=member.name, round=event.rounds_seated + 1)
        out.append(entrant)
    try:
        db.session.flush()
    except IntegrityError:  # the same player checked in by two taps at once: one keeps them
        db.session.rollback()
        raise EventRefused("Those players were just checked in: look at the list again.", 409) from None
    return out


def check_out(event: ClubEvent, member_id: int) -> Entrant:
    """A player leaves after the round being played: not seated again, their line kept."""
    _claim_open(event, _open_to_check_out)
    entrant = next((e for e in event.entrants if e.member_id == member_id), None)
    if entrant is None:
        raise EventRefused("That player is not checked in to this evening.")
    if entrant.left_after is None:
        entrant.left_after = event.rounds_seated
        log(event, "check_out", name=db.session.get(Member, member_id).name, round=entrant.left_after)
    db.session.flush()
    return entrant


def claim_evening(event: ClubEvent, seated: int, **values) -> bool:
    """Write ``values`` to the evening's row only while it is not ended and has ``seated`` rounds:
    the compare-and-set a seating (the next round's number), an end (the rounds it saw) and a
    check-in or out (the rounds it read) take first, on this one row, so of two at once whichever
    commits first wins and the other is refused. A condition on the row itself, not on its rounds:
    PostgreSQL re-checks an UPDATE that waited for a row only on that row. False when refused (rolled
    back: nothing of this request is kept, and ``event`` is read again as it is now); EventNotFound
    when it was deleted meanwhile."""
    event_id, public_id = event.id, event.public_id
    claimed = db.session.execute(
        update(ClubEvent)
        .where(ClubEvent.id == event_id, ClubEvent.ended_at.is_(None))
        .where(ClubEvent.rounds_seated == seated)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if claimed.rowcount != 1:
        db.session.rollback()
        if db.session.scalar(select(ClubEvent.id).where(ClubEvent.id == event_id)) is None:
            raise EventNotFound(public_id)
        return False
    for name, value in values.items():
        set_committed_value(event, name, value)
    return True


def _claim_open(event: ClubEvent, still_open: Callable[[ClubEvent], None]) -> None:
    """A check-in or out first claims the evening's row while it is not ended and has the rounds
    its request read (:func:`claim_evening`), after ``still_open`` (refusing what it may not do): of
    it and an end at the same moment, whichever commits first wins; a round seated (or a cut)
    meanwhile sends it round again with the evening as it is now, so the player arrives for the
    round after it, or leaves after it, as the page that seated it shows them."""
    still_open(event)
    while not claim_evening(event, event.rounds_seated, updated_at=utcnow()):
        still_open(event)  # the evening read again: ended, cut, or a round seated since


def require_not_ended(event: ClubEvent) -> None:
    """Refused (409): an evening its organiser ended seats, cuts and checks in or out nobody."""
    if event.ended_at is not None:
        raise EventRefused(ENDED, 409)


def _open_to_check_in(event: ClubEvent) -> None:
    require_not_ended(event)
    if any(r.stage != "round" for r in event.event_rounds):  # the cut seats nobody new (rounds.cut)
        raise EventRefused("The evening has been cut to its final: nobody more is checked in.", 409)


def _open_to_check_out(event: ClubEvent) -> None:
    from .order import played_final

    if played_final(event) is not None:  # the evening is over: its lines are final
        raise EventRefused("The evening is over: its final has been played.", 409)
    require_not_ended(event)


def present(event: ClubEvent) -> list[Entrant]:
    """The entrants the next round seats: checked in and not left."""
    return [e for e in event.entrants if e.left_after is None]


def log(event: ClubEvent, action: str, **detail: Any) -> EventLogEntry:
    """Write one line of the event's log and bump its live version."""
    entry = EventLogEntry(event_id=event.id, action=action, detail=detail)
    db.session.add(entry)
    event.updated_at = utcnow()
    return entry


def delete_event(event: ClubEvent) -> list[int]:
    """Delete an evening: its entrants, rounds, tables, results and log go; the games played at its
    tables stay among the club's games (no longer a club night's, so their hands can change again).
    Returns those games' public ids. The club's season is counted without it from now on."""
    ids = [t.game_id for r in event.event_rounds for t in r.tables if t.game_id is not None]
    games = list(db.session.scalars(select(Game.public_id).where(Game.id.in_(ids)).order_by(Game.id)))
    table_id = event.table_id
    db.session.delete(event)  # the rows under it go with it (the relationships' cascades)
    if ids:  # their pages, kept rendered by their last change, lose the evening's box and hold
        db.session.execute(update(Game).where(Game.id.in_(ids)).values(updated_at=utcnow()))
    db.session.flush()
    touch(table_id)  # the club's page and season list its evenings
    return games
