"""An evening without a final ends (docs/club-night.md "The organiser's page"): the organiser ends
it once, with the table's secret and a CSRF token, from a page that shows the rounds as they are
(a round seated since is 409); it is then over on the event page, the standings screen and the
season, and seats, cuts and checks in nobody more. On a real SQLite file through the test client,
and through the API; two taps at once (two ends, an end and a seating) are test_club_end_race.py's."""

from __future__ import annotations

import re

from .api_support import OpenApi, call
from .game_support import csrf_from
from .table_support import create_table
from .test_club_pages import NAMES, check_everyone_in, new_event, override_round, plain, send


def _evening(client, rounds: str = "2") -> tuple[str, str]:
    table_id = create_table(client, "Thursday club", NAMES)
    return table_id, new_event(client, table_id, rounds=rounds)


def _end(client, event_url: str, rounds: int):
    return send(client, event_url, "end", {"rounds": str(rounds)})


def _log(client, event_url: str) -> str:
    return plain(client.get(event_url)).split("What happened", 1)[1]


def test_the_organiser_ends_the_evening_after_its_last_round_once(app, client):
    _, event_url = _evening(client)
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    before_last = plain(client.get(event_url))
    assert "End the evening early" in before_last  # before the last round: folded, beside Seat round 2
    assert "Cut to a final" not in before_last  # refused before the last round: not offered either
    send(client, event_url, "seat", {"rule": "standing"})
    playing = plain(client.get(event_url))
    assert "end the evening (its standings are then final) or cut to a final" in playing
    override_round(client, event_url)
    screen = f"{event_url}/screen"
    assert "Round 2 of 2" in plain(client.get(screen))
    page = client.get(event_url).text
    assert "data-end-evening" in page and 'name="rounds" value="2"' in page

    ended = _end(client, event_url, 2)
    assert ended.status_code == 302
    text = plain(client.get(event_url))
    assert "The evening has ended: its standings are final." in text  # the flash
    assert "This evening is over: its standings below are final." in text
    assert "Final standings" in text and "The organiser ended the evening after round 2" in text
    assert "Seat round" not in text and "End the evening" not in text and "Cut to a final" not in text
    assert "Check in" not in text and "Check a player out" not in text  # forms it would refuse
    tv = plain(client.get(screen))
    assert "The evening is over" in tv and "Final standings" in tv and "Round 2 of 2" not in tv

    # once: a second tap is told, and nothing more is logged
    log = _log(client, event_url)
    again = _end(client, event_url, 2)
    assert again.status_code == 409 and "The evening has already ended." in plain(again)
    assert _log(client, event_url) == log
    # an ended evening seats, cuts and checks in or out nobody more (409, said on the page)
    for action, data in (
        ("seat", {"rule": "standing", "rounds": "2"}),  # the rounds seated: the page has no form
        ("cut", {"kind": "final", "rounds": "2"}),
        ("check-in", {"name": "Zed"}),
        ("check-out", {"member": "1"}),
    ):
        refused = send(client, event_url, action, data)
        assert refused.status_code == 409, action
        assert "The evening has ended: no more rounds are seated" in plain(refused), action
    assert _log(client, event_url) == log


def test_a_page_shown_before_the_last_round_was_seated_is_stale(app, client):
    _, event_url = _evening(client)
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    old_tab = client.get(event_url).text  # shows round 1 over, and End the evening early
    assert 'name="rounds" value="1"' in old_tab
    send(client, event_url, "seat", {"rule": "standing"})
    override_round(client, event_url)
    stale = client.post(f"{event_url}/end", data={"rounds": "1", "csrf_token": csrf_from(old_tab)})
    assert stale.status_code == 409
    assert "Round 2 has been seated since this page was shown" in plain(stale)
    assert "This evening is over" not in plain(client.get(event_url))


def test_an_evening_does_not_end_while_a_table_plays_nor_before_round_1(app, client):
    _, event_url = _evening(client)
    check_everyone_in(client, event_url)
    early = _end(client, event_url, 0)
    assert early.status_code == 409 and "Nothing has been played yet" in plain(early)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    assert "End the evening" not in plain(client.get(event_url))  # no button while tables play
    playing = _end(client, event_url, 1)
    assert playing.status_code == 409 and "Round 1 is still being played" in plain(playing)
    # ending early, after round 1 of 2, is the organiser's choice
    override_round(client, event_url)
    assert _end(client, event_url, 1).status_code == 302
    assert "The organiser ended the evening after round 1" in _log(client, event_url)


def test_an_evening_cut_to_a_final_ends_with_the_finals_result(app, client):
    _, event_url = _evening(client, rounds="1")
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    assert send(client, event_url, "cut", {"kind": "final"}).status_code == 302
    refused = _end(client, event_url, 2)
    assert refused.status_code == 409 and "ends with the final's result" in plain(refused)
    override_round(client, event_url)
    text = plain(client.get(event_url))
    assert "This evening is over" in text and "Final standings" in text
    assert "The evening is over" in plain(client.get(f"{event_url}/screen"))


def test_the_season_marks_an_evening_not_over_yet(app, client):
    table_id, event_url = _evening(client, rounds="1")
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    season = client.get(f"/tables/{table_id}/season").text
    assert season.count("data-still-played>") == 1 and "data-still-played-note" in season
    assert "counts with its standings as they are now" in plain(client.get(f"/tables/{table_id}/season"))
    before = re.findall(r"<tbody>.*</tbody>", season, re.S)[0]
    assert _end(client, event_url, 1).status_code == 302
    season = client.get(f"/tables/{table_id}/season").text
    assert "data-still-played" not in season
    assert re.findall(r"<tbody>.*</tbody>", season, re.S)[0] == before  # it counts the same, now final


def _api_evening(client) -> tuple[OpenApi, str, str]:
    """Through the API: a club of four and its evening of one round, round 1 seated (being played);
    the document, the event's API address and the club's secret."""
    api = OpenApi(client.get("/api/v1/openapi.json").get_json())
    _, club = call(client, api, "POST", "/api/v1/tables", {"name": "Club", "players": NAMES[:4]}, expect=201)
    body = {"name": "December night", "variant": "rummikub", "held_on": "2026-12-03", "rounds": 1}
    secret = club["secret"]
    _, event = call(
        client, api, "POST", f"/api/v1/tables/{club['id']}/events", body, secret=secret, expect=201
    )
    assert event["over"] is False and event["ended_at"] is None
    base = f"/api/v1/events/{event['id']}"
    call(client, api, "POST", f"{base}/entrants", {"names": NAMES[:4]}, secret=secret, expect=200)
    call(client, api, "POST", f"{base}/rounds", {"rule": "draw", "seed": 1}, secret=secret, expect=201)
    return api, base, secret


def _api_result(client, api: OpenApi, base: str, secret: str) -> None:
    scores = {"scores": [4, 3, 2, 1], "reason": "read out"}
    call(client, api, "PUT", f"{base}/rounds/1/tables/1/result", scores, secret=secret, expect=200)


def test_the_api_ends_an_evening_once(client):
    api, base, secret = _api_evening(client)
    call(client, api, "POST", f"{base}/end", {"rounds": 1}, secret=secret, expect=409)  # still playing
    _api_result(client, api, base, secret)
    call(client, api, "POST", f"{base}/end", {"rounds": 0}, secret=secret, expect=409)  # stale
    _, ended = call(client, api, "POST", f"{base}/end", {"rounds": 1}, secret=secret, expect=200)
    assert ended["over"] is True and ended["ended_at"]
    _, again = call(client, api, "POST", f"{base}/end", {}, secret=secret, expect=409)
    assert "already ended" in again["error"]


def test_the_api_reopens_an_evening_ended_by_mistake_once(client):
    """``POST /api/v1/events/<id>/reopen`` takes back an end as the page's Reopen does: with the club's
    secret and ``{}``; once (a second reopen, or an evening never ended, is 409 with the reason)."""
    api, base, secret = _api_evening(client)
    _api_result(client, api, base, secret)
    _, never = call(client, api, "POST", f"{base}/reopen", {}, secret=secret, expect=409)
    assert "nothing to reopen" in never["error"]
    call(client, api, "POST", f"{base}/end", {"rounds": 1}, secret=secret, expect=200)
    call(client, api, "POST", f"{base}/reopen", {}, expect=401)  # the organiser's: the club's secret
    call(client, api, "POST", f"{base}/reopen", {}, secret="not-the-club", expect=403)
    call(client, api, "POST", f"{base}/reopen", {"rounds": 1}, secret=secret, expect=400)  # {} only
    assert call(client, api, "GET", base, expect=200)[1]["over"] is True  # none of them reopened it
    _, reopened = call(client, api, "POST", f"{base}/reopen", {}, secret=secret, expect=200)
    assert reopened["over"] is False and reopened["ended_at"] is None
    _, again = call(client, api, "POST", f"{base}/reopen", {}, secret=secret, expect=409)
    assert "nothing to reopen" in again["error"]
    # reopened, it goes on: a cut to a final is taken again, or, as here, it ends again
    _, ended = call(client, api, "POST", f"{base}/end", {"rounds": 1}, secret=secret, expect=200)
    assert ended["over"] is True


def test_an_end_tapped_by_mistake_is_reopened_once(app, client):
    _, event_url = _evening(client, rounds="1")
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    assert "Reopen the evening" not in plain(client.get(event_url))  # nothing ended yet
    refused = send(client, event_url, "reopen", {})
    assert refused.status_code == 409 and "nothing to reopen" in plain(refused)
    assert _end(client, event_url, 1).status_code == 302
    assert "Reopen the evening" in plain(client.get(event_url))
    assert send(client, event_url, "reopen", {}).status_code == 302
    text = plain(client.get(event_url))
    assert "This evening is over" not in text and "Final standings" not in text
    assert "The organiser reopened the evening after round 1." in text
    assert "End the evening" in text and "Cut to a final" in text  # the last round's choices again
    assert "Round 1 of 1" in plain(client.get(f"{event_url}/screen"))
    again = send(client, event_url, "reopen", {})
    assert again.status_code == 409 and "nothing to reopen" in plain(again)
    # a reopened evening ends again, once
    assert _end(client, event_url, 1).status_code == 302
    assert "The evening is over" in plain(client.get(f"{event_url}/screen"))
