"""Seating an event's rounds: the next round from the standings (each table a game of the club,
opened for the seated phones), the cuts to a final, and the end of an evening without one."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from ...club import RULES as SEATING_RULES
from ...club import ClubError, SeatedRound, Table, final_from_semis, final_table, seat_round, semi_finals
from ...storage.club_models import ClubEvent, EventRound, EventTable
from ...storage.extensions import db
from ...storage.models import utcnow
from ...storage.table_models import Table as Club
from ..seats import SeatingClosed
from ..seats.seating import open_all_seats
from ..tables.new_games import start_games
from .events import EventRefused, claim_evening, log, present, require_not_ended
from .order import evening_over
from .results import table_game_of
from .standings import event_standings, names_of

#: cuts to a final: the top of the standings at one table, or two semi-final tables 1-3-5-7 / 2-4-6-8
CUTS = ("final", "semis")


def current_round(event: ClubEvent) -> EventRound | None:
    return event.event_rounds[-1] if event.event_rounds else None


def round_open_tables(event_round: EventRound | None) -> list[EventTable]:
    """The tables of a round still without a final result."""
    return [t for t in (event_round.tables if event_round else []) if not t.final]


def history(event: ClubEvent) -> list[SeatedRound]:
    """The rounds seated so far as the club's values (players are roster ids)."""
    return [
        SeatedRound(r.number, r.rule, r.seed, tuple(Table(t.number, tuple(t.members)) for t in r.tables))
        for r in event.event_rounds
    ]


def seat_next(
    event: ClubEvent, table_secret: str, rule: str, seed: int | None = None, seen: int | None = None
) -> EventRound:
    """Seat the next qualifying round of the players present, by ``rule`` (drawn, by standing,
    Swiss) and ``seed``; each table's game is started and opened for seats. ``seen``: how many
    rounds the page that asked showed (a round seated since is a stale page: 409; None, no check).
    Refused (409) while a table of the round before has no final result, after a cut, or after the
    planned rounds. A player who has played no game yet (a late arrival) is seated after the rest."""
    if rule not in SEATING_RULES:
        raise EventRefused("There is no seating rule called %(rule)s.", rule=rule)
    require_not_ended(event)
    _require_seen(event, seen)
    _require_round_over(event)
    if any(r.stage != "round" for r in event.event_rounds):
        raise EventRefused("The evening has been cut to its final: no more qualifying rounds.", 409)
    if event.rounds_seated >= event.rounds:
        raise EventRefused(
            "Every round of the evening has been seated (the last is round %(count)s): next is the cut.",
            409,
            count=event.rounds,
        )
    here = {e.member_id for e in present(event)}
    lines = sorted((s for s in event_standings(event) if s.player in here), key=lambda s: s.games == 0)
    order = [s.player for s in lines]
    try:
        seated = seat_round(order, history(event), rule=rule, seed=seed, fives=event.fives, twos=event.twos)
    except ClubError as err:
        raise EventRefused.of(err) from err
    return _write_round(event, table_secret, seated, "round")


def cut(
    event: ClubEvent,
    table_secret: str,
    kind: str,
    size: int = 4,
    seed: int | None = None,
    seen: int | None = None,
) -> EventRound:
    """One step to the final: ``final`` (the top ``size`` at one table), ``semis`` (the top 8 at
    tables 1-3-5-7 and 2-4-6-8), or after the semi-finals their best two each to the final.
    ``seen``: the rounds the page that asked showed, as :func:`seat_next` takes them."""
    require_not_ended(event)
    _require_seen(event, seen)
    _require_round_over(event)
    if kind not in CUTS:
        raise EventRefused("There is no cut called %(cut)s.", cut=kind)
    stages = [r.stage for r in event.event_rounds]
    if not stages or "final" in stages:
        raise EventRefused("A cut comes after the qualifying rounds, once.", 409)
    if stages.count("round") < event.rounds:
        raise EventRefused(
            "The cut comes after the evening's last round (round %(count)s).", 409, count=event.rounds
        )
    here = {e.member_id for e in present(event)}
    lines = [s for s in event_standings(event) if s.player in here]  # who left is not seated again
    seed = seed if seed is not None else (event.event_rounds[-1].seed + 1)
    try:
        if "semi" in stages:
            semis = [table_game_of(event, t) for t in event.event_rounds[-1].tables]
            seated, stage = final_from_semis(semis, seed=seed), "final"
        elif kind == "semis":
            seated, stage = semi_finals(lines, seed=seed), "semi"
        else:
            seated, stage = final_table(lines, size, seed), "final"
    except ClubError as err:
        raise EventRefused.of(err) from err
    return _write_round(event, table_secret, seated, stage)


def end_evening(event: ClubEvent, seen: int | None = None) -> ClubEvent:
    """The organiser ends an evening without a final: its standings as they are are final, and it
    seats, cuts and checks in nobody more. ``seen``: how many rounds the page that asked showed
    (a round seated since is a stale page: 409). Once only: of two taps at once one ends it, the
    other is told (409); refused while a table plays, before round 1 and after a cut (the final's
    result ends that evening)."""
    if evening_over(event):
        raise EventRefused("The evening has already ended.", 409)
    _require_seen(event, seen)
    seated = event.rounds_seated
    if not seated:
        raise EventRefused("Nothing has been played yet: seat round 1, or delete the evening.", 409)
    if any(r.stage != "round" for r in event.event_rounds):
        raise EventRefused("An evening cut to a final ends with the final's result.", 409)
    _require_round_over(event)
    if not claim_evening(event, seated, ended_at=utcnow()):
        if event.ended_at is not None:  # the row as it is now (the claim rolled back)
            raise EventRefused("The evening has already ended.", 409)
        raise _stale(event.rounds_seated)
    log(event, "ended", round=seated)
    db.session.flush()
    return event


def reopen_evening(event: ClubEvent) -> ClubEvent:
    """The organiser takes back an end tapped by mistake: the evening seats, cuts and checks in
    again, its standings no longer final. Once: a second tap is told (409), as is an evening that
    was not ended (one over by its final has nothing to reopen)."""
    reopened = db.session.execute(
        update(ClubEvent)
        .where(ClubEvent.id == event.id, ClubEvent.ended_at.is_not(None))
        .values(ended_at=None)
        .execution_options(synchronize_session="fetch")
    )
    if reopened.rowcount != 1:
        raise EventRefused("The evening has not been ended: there is nothing to reopen.", 409)
    log(event, "reopened", round=event.rounds_seated)
    db.session.flush()
    return event


def _require_seen(event: ClubEvent, seen: int | None) -> None:
    """A seating, cut or end sent from a page that showed ``seen`` rounds: refused (409) when
    another has been seated since (a tap from an old tab); more rounds than are seated no page of
    this evening showed (another evening's count, or one made up): refused (422) as a page that
    does not say; ``None`` (the API's body without ``rounds``): no check. The claim that writes the
    change compares the row again (of two at once, one)."""
    if seen is not None and seen > event.rounds_seated:
        raise EventRefused(NO_ROUNDS_SEEN, 422)
    if seen is not None and seen != event.rounds_seated:
        raise _stale(event.rounds_seated)


#: a seat, cut or end whose page does not say which round it showed (a form without the count, or
#: a count of more rounds than are seated)
NO_ROUNDS_SEEN = "This page does not say which round it showed: look at the evening again."


def _stale(seated: int) -> EventRefused:
    """A change sent from a page shown before round ``seated`` was seated."""
    return EventRefused(
        "Round %(round)s has been seated since this page was shown: look at the evening again.",
        409,
        round=seated,
    )


def _require_round_over(event: ClubEvent) -> None:
    waiting = round_open_tables(current_round(event))
    if not waiting:
        return
    which = {"round": current_round(event).number, "tables": ", ".join(str(t.number) for t in waiting)}
    if len(waiting) == 1:
        raise EventRefused(
            "Round %(round)s is still being played: table %(tables)s has no confirmed result yet.",
            409,
            **which,
        )
    raise EventRefused(
        "Round %(round)s is still being played: tables %(tables)s have no confirmed result yet.", 409, **which
    )


def _write_round(event: ClubEvent, table_secret: str, seated: SeatedRound, stage: str) -> EventRound:
    """Keep the round as seated, and start each table's game (the first seat starts)."""
    number = event.rounds_seated + 1
    if not claim_evening(event, number - 1, rounds_seated=number):  # first: of a seating and an end, one
        require_not_ended(event)  # the row as it is now (the claim rolled back)
        raise EventRefused("Round %(round)s has just been seated.", 409, round=number)
    row = EventRound(event_id=event.id, number=number, rule=seated.rule, seed=seated.seed, stage=stage)
    event.event_rounds.append(row)
    try:
        db.session.flush()  # the round's number taken first: of two taps at once, one seats it
    except IntegrityError:
        db.session.rollback()
        raise EventRefused("Round %(round)s has just been seated.", 409, round=number) from None
    club = db.session.get(Club, event.table_id)
    roster = {m.id: m for m in club.members}  # one query, not one (and a flush) per player
    seatings = [([roster[m] for m in table.seats], len(table.seats) - 1) for table in seated.tables]
    # every table's game started at once: the table's choices read once, one flush for the games,
    # one for their summaries, one for their seats (not 25 of each)
    games = [game for game, _ in start_games(club, table_secret, event.variant, seatings, event.options)]
    try:
        open_all_seats(games)  # the seated phones enter their own parts
    except SeatingClosed:
        pass  # a variant without own-phone entry yet: its editor keeps score
    for table, game in zip(seated.tables, games):
        row.tables.append(EventTable(number=table.number, members=list(table.seats), game_id=game.id))
    db.session.flush()
    names = names_of(event)
    log(
        event,
        "seated",
        round=number,
        stage=stage,
        rule=seated.rule,
        seed=seated.seed,
        tables=[[names[m] for m in t.seats] for t in seated.tables],
        drawn=[names[m] for m in seated.drawn],  # a cut's lot: who it drew among
    )
    return row
