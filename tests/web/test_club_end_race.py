"""An evening ended on one organiser's phone while another seats its next round (or cuts to its
final) at the same moment (docs/club-night.md "The organiser's page"): whichever is written first
wins, the other is refused (409) with a sentence saying why, and leaves nothing behind. Before,
both were kept: an ended evening with a round in play, whose results still moved its "final"
standings.

Two phones (two test clients) on a real SQLite file, each request with its own session and
connection: the first phone's request loads the evening and passes its checks, then waits while
the second phone's whole request runs (in a thread of its own) and commits; then it goes on."""

from __future__ import annotations

import threading

import pytest
from flask import request
from sqlalchemy import func, select

from scorekeeper.events import views
from scorekeeper.services.club import events as club_events
from scorekeeper.services.club import rounds
from scorekeeper.storage.club_models import ClubEvent, Entrant, EventLogEntry, EventRound
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.storage.table_models import Member

from .table_support import create_table
from .test_club_pages import NAMES, check_everyone_in, new_event, override_round, plain, send

SEAT = ("seat", {"rule": "standing"})
CUT = ("cut", {"kind": "final"})
END = ("end", {"rounds": "1"})
STALE = "Round 2 has been seated since this page was shown: look at the evening again."
ENDED = "The evening has ended: no more rounds are seated and nobody is checked in or out."


def _round_one_played(client, rounds_planned: str) -> tuple[str, object, str]:
    """An evening of ``rounds_planned`` rounds, its round 1 seated and its results set; the event
    page's address, a second phone holding the club's secret, and that secret."""
    table_id = create_table(client, "Thursday club", NAMES)
    event_url = new_event(client, table_id, rounds=rounds_planned)
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    secret = client.get_cookie(f"sk_table_{table_id}").value
    other = client.application.test_client()
    other.set_cookie(f"sk_table_{table_id}", secret)
    return event_url, other, secret


def _meanwhile(monkeypatch, other_request, where=(rounds, "_require_round_over")) -> list:
    """Once, when a request (a POST: the page it sends from is read first) has done ``where`` (by
    default: loaded the evening and checked that its round is over; it has written nothing yet),
    ``other_request`` runs to its end in a thread of its own; its answer is kept."""
    module, name = where
    done_first = getattr(module, name)
    answers: list = []

    def then_the_other(*args):
        done = done_first(*args)
        if not answers and request.method == "POST":
            answers.append(None)
            worker = threading.Thread(target=lambda: answers.append(other_request()))
            worker.start()
            worker.join(60)
        return done

    monkeypatch.setattr(module, name, then_the_other)
    return answers


def _evening_as_it_is(app, event_url: str) -> dict:
    with app.app_context():
        event = db.session.scalar(select(ClubEvent).where(ClubEvent.public_id == event_url.rsplit("/", 1)[1]))
        return {
            "ended": event.ended_at is not None,
            "rounds": [
                r.number
                for r in db.session.scalars(select(EventRound).where(EventRound.event_id == event.id))
            ],
            "rounds_seated": event.rounds_seated,
            "games": db.session.scalar(select(func.count(Game.id))),
            "entrants": sorted(
                (e.member_id, e.left_after)
                for e in db.session.scalars(select(Entrant).where(Entrant.event_id == event.id))
            ),
            "log": db.session.scalar(
                select(func.count(EventLogEntry.id)).where(EventLogEntry.event_id == event.id)
            ),
        }


@pytest.mark.parametrize(
    ("planned", "late", "first", "refusal"),
    [
        ("2", END, SEAT, STALE),
        ("2", SEAT, END, ENDED),
        ("1", END, CUT, STALE),
        ("1", CUT, END, ENDED),
        ("1", END, END, "The evening has already ended."),
        ("2", SEAT, SEAT, "Round 2 has just been seated."),
    ],
    ids=["seat-then-end", "end-then-seat", "cut-then-end", "end-then-cut", "two-ends", "two-seatings"],
)
def test_an_end_and_a_seating_at_once_one_wins(app, client, monkeypatch, planned, late, first, refusal):
    """``first`` is written while ``late`` has loaded the evening: ``late`` is refused, 409 (two
    ends, or two seatings, as well: the second tap is told)."""
    event_url, other, _ = _round_one_played(client, planned)
    answers = _meanwhile(monkeypatch, lambda: send(other, event_url, *first))
    refused = send(client, event_url, *late)
    assert answers[1].status_code == 302, plain(answers[1])[:1000]  # the first one through is kept
    after_first = _evening_as_it_is(app, event_url)
    assert refused.status_code == 409, plain(refused)[:1000]
    assert refusal in plain(refused)
    assert _evening_as_it_is(app, event_url) == after_first  # the refused one left nothing
    ended = first == END
    assert after_first["ended"] is ended
    assert after_first["rounds"] == ([1] if ended else [1, 2]) and after_first["rounds_seated"] == len(
        after_first["rounds"]
    )
    page = plain(client.get(event_url))
    assert ("This evening is over" in page) is ended
    if not ended:  # the round seated is in play: nothing says the evening is over
        assert "Final standings" not in page


def test_an_end_and_a_seating_tapped_at_the_same_moment(app, client, monkeypatch):
    """Both phones' requests load the evening and pass their checks, then both go on at once: SQLite
    lets one write at a time, and the second, waiting for the first to commit, finds the evening's
    row changed (409), whichever of the two it is."""
    event_url, other, _ = _round_one_played(client, "2")
    both_checked = threading.Barrier(2, timeout=30)
    checked = rounds._require_round_over

    def at_once(event) -> None:
        checked(event)
        both_checked.wait()

    monkeypatch.setattr(rounds, "_require_round_over", at_once)
    answers: dict = {}
    phones = [threading.Thread(target=lambda: answers.update(seat=send(other, event_url, *SEAT)))]
    phones.append(threading.Thread(target=lambda: answers.update(end=send(client, event_url, *END))))
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(60)
    one_of_the_two(app, event_url, answers["seat"], answers["end"])


def one_of_the_two(app, event_url: str, seat, end) -> None:
    """Of a seating and an end sent at once, one was kept and the other refused (409) with its
    sentence, and the evening is as the one kept left it."""
    codes = {"seat": seat.status_code, "end": end.status_code}
    assert sorted(codes.values()) == [302, 409], codes
    state = _evening_as_it_is(app, event_url)
    if codes["end"] == 302:
        assert state["ended"] and state["rounds"] == [1]
        assert ENDED in plain(seat)
    else:
        assert not state["ended"] and state["rounds"] == [1, 2]
        assert STALE in plain(end)


@pytest.mark.parametrize("late", [("check-in", {"name": "Zed"}), ("check-out", {"member": "1"})])
def test_a_check_in_or_out_as_the_evening_ends_is_refused(app, client, monkeypatch, late):
    """A check-in (or out) whose page read the evening before another phone's end was written:
    refused (409) with nobody checked in or out of the ended evening."""
    event_url, other, _ = _round_one_played(client, "2")
    answers = _meanwhile(monkeypatch, lambda: send(other, event_url, *END), where=(views, "get_event"))
    refused = send(client, event_url, *late)
    assert answers[1].status_code == 302, plain(answers[1])[:1000]
    ended = _evening_as_it_is(app, event_url)
    assert ended["ended"]
    assert refused.status_code == 409, plain(refused)[:1000]
    assert ENDED in plain(refused)
    assert _evening_as_it_is(app, event_url) == ended
    assert "Zed" not in plain(client.get(event_url))  # nor did the name join the club's roster


def test_the_apis_end_sent_as_the_page_seats_the_next_round_is_refused(app, client, monkeypatch):
    """The API's end (``POST /api/v1/events/<id>/end``) read the evening at round 1 as the page
    seated round 2: 409 in JSON, with the sentence, and the evening plays on."""
    event_url, other, secret = _round_one_played(client, "2")
    answers = _meanwhile(monkeypatch, lambda: send(client, event_url, *SEAT))
    refused = other.post(
        f"/api/v1/events/{event_url.rsplit('/', 1)[1]}/end",
        json={"rounds": 1},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answers[1].status_code == 302
    assert refused.status_code == 409
    assert refused.get_json()["error"] == STALE
    state = _evening_as_it_is(app, event_url)
    assert not state["ended"] and state["rounds"] == [1, 2]


@pytest.mark.parametrize(
    ("late", "arrived", "left_after"),
    [(("check-in", {"name": "Zed"}), 3, None), (("check-out", {"member": "1"}), None, 2)],
    ids=["check-in", "check-out"],
)
def test_a_check_in_or_out_as_a_round_is_seated_counts_that_round(
    app, client, monkeypatch, late, arrived, left_after
):
    """A check-in (or out) whose page read the evening at round 1 while another phone seated round 2:
    the player arrives for round 3, the first round they can be seated in (or, seated in round 2,
    leaves after it), as the page that seated round 2 shows them; before, they were marked as
    arriving for round 2, which was seated without them (or as leaving after round 1 while seated
    in round 2)."""
    event_url, other, _ = _round_one_played(client, "3")
    claim = club_events.claim_evening
    answers: list = []

    def seated_meanwhile(*args, **kwargs):  # the check-in has read the evening and its rounds
        if not answers:
            answers.append(None)
            worker = threading.Thread(target=lambda: answers.append(send(other, event_url, *SEAT)))
            worker.start()
            worker.join(60)
        return claim(*args, **kwargs)

    monkeypatch.setattr(club_events, "claim_evening", seated_meanwhile)
    kept = send(client, event_url, *late)
    assert answers[1].status_code == 302, plain(answers[1])[:1000]
    assert kept.status_code == 302, plain(kept)[:1000]
    with app.app_context():
        event = db.session.scalar(select(ClubEvent).where(ClubEvent.public_id == event_url.rsplit("/", 1)[1]))
        assert [r.number for r in event.event_rounds] == [1, 2]
        if arrived is not None:
            zed = db.session.scalar(select(Member.id).where(Member.name == "Zed"))
            assert next(e for e in event.entrants if e.member_id == zed).arrived == arrived
        else:
            left = next(e for e in event.entrants if e.member_id == 1)
            assert left.left_after == left_after
            assert 1 in {m for t in event.event_rounds[1].tables for m in t.members}
