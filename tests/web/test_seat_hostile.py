"""Own phones and club night as a hostile sender would try them (a second reading on 6 December):
each refusal here was a 500, a change kept that should not have been, or a leak.

- the editor's part for a seat the game does not have was a 500 (IndexError), now a 404;
- a part for a game never opened for seats was kept, now refused as a seat is (422);
- the same part sent again by a disputed player cleared the dispute and recorded the hand, so the
  editor never settled it; now only a changed part replaces a disputed one;
- a club table whose result is final took hands from the seats' API (the rounds API refused them);
- check-in after the evening's cut, and check-out after its final, were kept;
- the public change log and export showed the open hand's parts and a dispute's reason, which the
  seating shows only to the two players and the editor.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.services.tables.roster import game_secret

from .api_support import OpenApi, call
from .test_api_club import API, _cut, _event, _play_round, _result, _seat, club  # noqa: F401  (a fixture)
from .test_seat_change_log import _lines
from .test_seats import _part, _seated

WHY = "SECRET-REASON: a joker on his rack"


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _rounds(client, api, gid) -> int:
    return len(call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)[1]["rounds"])


@pytest.mark.parametrize("seat", [4, 99999999999999999999999])
def test_the_editors_part_for_a_seat_the_game_has_not_is_a_404(client, api, seat):
    gid, secret, _ = _seated(client, api)
    _, refused = _part(client, api, gid, seat, secret, {"rack": "R5"}, expect=404)
    assert f"no seat {seat}" in refused["error"]
    assert _rounds(client, api, gid) == 0


def test_a_part_for_a_game_not_open_for_seats_is_refused(client, api):
    _, body = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": ["Ann", "Bob"]}, expect=201
    )
    _, refused = _part(client, api, body["id"], 0, body["secret"], {"rack": "R5"}, expect=422)
    assert "not open for seats" in refused["error"]
    _, log = call(client, api, "GET", f"/api/v1/games/{body['id']}/export", expect=200)
    assert not [e for e in log["audit"] if e["action"].startswith("part_")]


def _disputed(client, api):
    """Three seats, no confirmation asked; Ann and Cy are in, Bob's rack disputed by Ann with a reason."""
    gid, secret, seats = _seated(client, api, names=["Ann", "Bob", "Cy"])
    call(client, api, "PUT", f"/api/v1/games/{gid}/seating", {"confirm": "none"}, secret=secret, expect=200)
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    path, body = (
        f"/api/v1/games/{gid}/seats/1/part/confirmation",
        {"hand": 1, "looks_right": False, "reason": WHY},
    )
    call(client, api, "PUT", path, body, secret=seats["Ann"], expect=200)
    return gid, secret, seats


def test_the_same_part_sent_again_does_not_settle_its_dispute(client, api):
    gid, secret, seats = _disputed(client, api)
    _part(client, api, gid, 0, seats["Ann"], {"rack": ""})
    _, again = _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    _part(client, api, gid, 2, seats["Cy"], {"rack": "R3"})
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert again["disputed"] == {"1": 0} and seating["hand"]["disputed"] == {"1": 0}
    assert _rounds(client, api, gid) == 0  # held until the editor settles it
    body = {"hand": 1, "looks_right": True}
    _, settled = call(
        client, api, "PUT", f"/api/v1/games/{gid}/seats/1/part/confirmation", body, secret=secret, expect=200
    )
    assert settled["recorded"] == 1 and _rounds(client, api, gid) == 1


def test_a_changed_part_replaces_the_disputed_one(client, api):
    gid, _secret, seats = _disputed(client, api)
    _, changed = _part(client, api, gid, 1, seats["Bob"], {"rack": "K9 J"})
    assert changed["disputed"] == {}


def test_the_public_log_and_export_keep_the_open_hands_parts_and_a_reason_private(client, api):
    gid, secret, _seats = _disputed(client, api)
    public = " ".join(_lines(client, gid)) + client.get(f"/games/{gid}/history").get_data(as_text=True)
    _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    assert "Round 1: Ann disputed Bob's part" in public and WHY not in public and "K9" not in public
    assert WHY not in str(export) and "K9" not in str(export)
    client.set_cookie(f"sk_edit_{gid}", secret)
    assert WHY in client.get(f"/games/{gid}/history").get_data(as_text=True)
    _, whole = call(client, api, "GET", f"/api/v1/games/{gid}/export", secret=secret, expect=200)
    assert WHY in str(whole) and "K9" in str(whole)


def _final_played(client, api, club):  # noqa: F811
    """An evening of four: one round, cut to a final of four, the final's result confirmed."""
    rng = random.Random(4)
    event = _event(client, api, club, players=["Ann", "Bob", "Cy", "Dee"], rounds=1)
    _play_round(client, api, club, event, _seat(client, api, club, event, "draw", seed=1), rng)
    final = _cut(client, api, club, event)
    table = final["tables"][0]
    seats = [
        call(client, api, "POST", f"{API}/games/{table['game']}/seats", {"name": n}, expect=201)[1]["secret"]
        for n in table["players"]
    ]
    return event, final, table, seats, rng


def test_after_the_cut_nobody_checks_in_and_after_the_final_nobody_leaves(client, api, club):  # noqa: F811
    event, final, table, seats, _rng = _final_played(client, api, club)
    path = f"{API}/events/{event['id']}/entrants"
    _, late = call(client, api, "POST", path, {"names": ["Latecomer"]}, secret=club["secret"], expect=409)
    assert "cut to its final" in late["error"]
    hand = {"winner": 0, "players": [{"rack": ""}, *({"rack": f"R{5 + n}"} for n in range(len(seats) - 1))]}
    call(
        client,
        api,
        "POST",
        f"{API}/games/{table['game']}/rounds",
        hand,
        secret=game_secret(club["secret"], table["game"]),
        expect=201,
    )
    _result(client, api, event, final["number"], 1, "declaration", seats[0])
    _result(client, api, event, final["number"], 1, "confirmation", seats[1])
    _, gone = call(client, api, "DELETE", f"{path}/Ann", secret=club["secret"], expect=409)
    assert "The evening is over" in gone["error"]
    _, whole = call(client, api, "GET", f"{API}/events/{event['id']}", expect=200)
    assert "Latecomer" not in str(whole) and all(e["left_after"] is None for e in whole["entrants"])


def test_a_table_whose_result_is_final_takes_no_part_from_the_seats(client, api, club):  # noqa: F811
    event, final, table, seats, _ = _final_played(client, api, club)
    gid = table["game"]
    hand = {"winner": 0, "players": [{"rack": ""}, *({"rack": f"R{5 + n}"} for n in range(len(seats) - 1))]}
    call(
        client,
        api,
        "POST",
        f"{API}/games/{gid}/rounds",
        hand,
        secret=game_secret(club["secret"], gid),
        expect=201,
    )
    _result(client, api, event, final["number"], 1, "declaration", seats[0])
    _result(client, api, event, final["number"], 1, "confirmation", seats[1])
    for seat, secret in enumerate(seats):
        _, refused = _part(
            client, api, gid, seat, secret, {"rack": "" if seat == 0 else f"B{seat}"}, hand=2, expect=422
        )
    assert "takes no more hands" in refused["error"] or "no more" in refused["error"]
    assert _rounds(client, api, gid) == 1
