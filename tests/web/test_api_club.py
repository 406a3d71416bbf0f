"""Club night through the JSON API (issue 39, docs/api.md "Club night"): a whole evening of 14
players (a late arrival), three rounds declared and confirmed on the seated phones' secrets, an
override with its reason, a cut to a final; the season's league table; who may do what; bad bodies
and the evening's 409s. Every answer is validated against the OpenAPI document (``call``)."""

from __future__ import annotations

import random

import pytest

from scorekeeper.services.tables.roster import game_secret

from .api_support import OpenApi, call

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned"]
API = "/api/v1"


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get(f"{API}/openapi.json").get_json())


@pytest.fixture
def club(client, api) -> dict:
    _, table = call(
        client, api, "POST", f"{API}/tables", {"name": "Thursday club", "players": NAMES}, expect=201
    )
    return table


def _event(client, api, club, **settings) -> dict:
    body = {"name": "December night", "variant": "rummikub", "held_on": "2026-12-03", **settings}
    _, event = call(
        client, api, "POST", f"{API}/tables/{club['id']}/events", body, secret=club["secret"], expect=201
    )
    return event


def _seat(client, api, club, event, rule, seed=None, expect=201) -> dict:
    body = {"rule": rule, **({"seed": seed} if seed is not None else {})}
    _, seated = call(
        client, api, "POST", f"{API}/events/{event['id']}/rounds", body, secret=club["secret"], expect=expect
    )
    return seated


def _play(client, api, club, table: dict, rng: random.Random) -> list[str]:
    """The table's phones take their seats, one hand is recorded with the game's edit secret (the
    club derives it from its table secret); the seats' secrets, in seat order."""
    gid = table["game"]
    seats = [
        call(client, api, "POST", f"{API}/games/{gid}/seats", {"name": n}, expect=201)[1]["secret"]
        for n in table["players"]
    ]
    winner = rng.randrange(len(seats))
    hand = {
        "winner": winner,
        "players": [{"rack": "" if s == winner else f"R{rng.randint(1, 13)}"} for s in range(len(seats))],
    }
    editor = game_secret(club["secret"], gid)
    call(client, api, "POST", f"{API}/games/{gid}/rounds", hand, secret=editor, expect=201)
    return seats


def _cut(client, api, club, event, expect=201) -> dict:
    path = f"{API}/events/{event['id']}/cut"
    return call(client, api, "POST", path, {"kind": "final"}, secret=club["secret"], expect=expect)[1]


def _result(client, api, event, number, table, what, secret, expect=200, method="POST", body=None):
    path = f"{API}/events/{event['id']}/rounds/{number}/tables/{table}/{what}"
    return call(client, api, method, path, body, secret=secret, expect=expect)[1]


def _play_round(client, api, club, event, seated, rng, override_table=None) -> None:
    for table in seated["tables"]:
        seats = _play(client, api, club, table, rng)
        n = seated["number"]
        if table["number"] == override_table:
            scores = [10 * (i + 1) for i in range(len(seats))]
            why = {"scores": scores, "reason": "Hal's phone died; the table agreed the racks"}
            done = _result(
                client, api, event, n, table["number"], "result", club["secret"], method="PUT", body=why
            )
            assert done["table"]["overridden"] and done["table"]["result"] == scores
            continue
        declared = _result(client, api, event, n, table["number"], "declaration", seats[0])
        assert declared["table"]["declared_by"] == 0 and not declared["table"]["final"]
        # the one who declared it cannot confirm it: a second player does
        refused = _result(client, api, event, n, table["number"], "confirmation", seats[0], expect=409)
        assert table["players"][0] in refused["error"]
        done = _result(client, api, event, n, table["number"], "confirmation", seats[1])
        assert done["table"]["final"] and done["table"]["confirmed_by"] == 1


def test_a_fourteen_player_evening_through_the_api(client, api, club):
    event = _event(client, api, club, players=NAMES[:13], rounds=3)
    assert [e["name"] for e in event["entrants"]] == NAMES[:13] and event["settings"]["rounds"] == 3
    rng = random.Random(39)
    first = _seat(client, api, club, event, "draw", seed=123456)
    assert [len(t["players"]) for t in first["tables"]] == [4, 3, 3, 3] and first["seed"] == 123456
    assert first["waiting"] == [1, 2, 3, 4]
    _seat(client, api, club, event, "standing", expect=409)  # round 1 is still being played
    _play_round(client, api, club, event, first, rng)
    # a late arrival: seated from round 2, 0 points until then
    _, entrants = call(
        client, api, "POST", f"{API}/events/{event['id']}/entrants", {"names": ["Ned"]}, secret=club["secret"]
    )
    assert entrants["entrants"][-1] == {"name": "Ned", "arrived": 2, "left_after": None, "present": True}
    _, lines = call(client, api, "GET", f"{API}/events/{event['id']}/standings", expect=200)
    assert (
        len(lines["standings"]) == 14
        and next(s for s in lines["standings"] if s["name"] == "Ned")["points"] == 0
    )
    second = _seat(client, api, club, event, "standing")
    assert [len(t["players"]) for t in second["tables"]] == [4, 4, 3, 3]
    assert set(second["tables"][0]["players"]) == {
        s["name"] for s in lines["standings"][:4]
    }  # leaders together
    _play_round(client, api, club, event, second, rng, override_table=3)
    _cut(client, api, club, event, expect=409)  # before the evening's 3 rounds
    third = _seat(client, api, club, event, "swiss")
    assert sorted(p for t in third["tables"] for p in t["players"]) == sorted(NAMES)
    _play_round(client, api, club, event, third, rng)
    _seat(client, api, club, event, "swiss", expect=409)  # the evening's 3 rounds are seated
    _, whole = call(client, api, "GET", f"{API}/events/{event['id']}", expect=200)
    top4 = [s["name"] for s in whole["standings"][:4]]
    final = _cut(client, api, club, event)
    assert final["stage"] == "final" and final["tables"][0]["players"][0] == top4[0]
    assert set(final["tables"][0]["players"]) == set(top4)
    late = {"scores": [1, 2, 3, 4], "reason": "after the cut"}  # a qualifying round's table: refused
    assert (
        "the last one seated"
        in _result(client, api, event, 3, 1, "result", club["secret"], expect=409, method="PUT", body=late)[
            "error"
        ]
    )
    _cut(client, api, club, event, expect=409)
    _, whole = call(client, api, "GET", f"{API}/events/{event['id']}", expect=200)
    assert [r["stage"] for r in whole["rounds"]] == ["round", "round", "round", "final"]
    assert whole["rounds"][1]["tables"][2]["reason"] == "Hal's phone died; the table agreed the racks"
    assert (
        sum(s["games"] for s in whole["standings"]) == 13 + 14 + 14
    )  # every result once, none lost or doubled
    _, one = call(client, api, "GET", f"{API}/events/{event['id']}/rounds/2", expect=200)
    assert one == whole["rounds"][1]
    # the season: this evening alone, its winner on top
    _, season = call(client, api, "GET", f"{API}/tables/{club['id']}/season?best=3&bonus=1", expect=200)
    assert season["year"] is None and [e["id"] for e in season["evenings"]] == [event["id"]]
    _, other_year = call(client, api, "GET", f"{API}/tables/{club['id']}/season?year=2025", expect=200)
    assert other_year["evenings"] == [] and other_year["lines"] == []
    assert (
        season["lines"][0]["name"] == whole["standings"][0]["name"] and season["lines"][0]["total"] == 14 + 1
    )


def test_check_out_keeps_the_line_and_seats_no_more(client, api, club):
    event = _event(client, api, club, players=NAMES[:9])
    seated = _seat(client, api, club, event, "draw", seed=3)
    _play_round(client, api, club, event, seated, random.Random(1))
    _, left = call(
        client, api, "DELETE", f"{API}/events/{event['id']}/entrants/ann", secret=club["secret"], expect=200
    )
    assert left["entrants"][0] == {"name": "Ann", "arrived": 1, "left_after": 1, "present": False}
    nxt = _seat(client, api, club, event, "swiss")
    assert "Ann" not in {p for t in nxt["tables"] for p in t["players"]}
    call(client, api, "DELETE", f"{API}/events/{event['id']}/entrants/Zed", secret=club["secret"], expect=404)


def test_who_may_do_what(client, api, club):
    path = f"{API}/tables/{club['id']}/events"
    body = {"name": "Night", "variant": "rummikub"}
    assert call(client, api, "POST", path, body, expect=401)[1]["error"]
    call(client, api, "POST", path, body, secret="not-the-secret", expect=403)
    event = _event(client, api, club, players=NAMES[:8])
    seated = _seat(client, api, club, event, "draw", seed=5)
    one, two = seated["tables"]
    seats = _play(client, api, club, one, random.Random(2))
    other = _play(client, api, club, two, random.Random(3))
    # an organiser's change needs the table secret: a seat's or the game's edit secret is refused
    for secret in (seats[0], game_secret(club["secret"], one["game"])):
        call(
            client,
            api,
            "POST",
            f"{API}/events/{event['id']}/entrants",
            {"names": ["Zed"]},
            secret=secret,
            expect=403,
        )
        why = {"scores": [1, 2, 3, 4], "reason": "no"}
        _result(client, api, event, 1, 1, "result", secret, expect=403, method="PUT", body=why)
    call(client, api, "POST", f"{API}/events/{event['id']}/rounds", {"rule": "draw"}, expect=401)
    # a result needs a secret of that table: another table's seat is refused
    _result(client, api, event, 1, 1, "declaration", None, expect=401)
    _result(client, api, event, 1, 1, "declaration", other[0], expect=403)
    # the game's edit secret declares as the game's editor (-1); a seat confirms
    declared = _result(client, api, event, 1, 1, "declaration", game_secret(club["secret"], one["game"]))
    assert declared["table"]["declared_by"] == -1
    assert _result(client, api, event, 1, 1, "confirmation", seats[3])["table"]["confirmed_by"] == 3
    assert _result(client, api, event, 1, 1, "declaration", seats[1], expect=409)["error"]  # already final
    _result(client, api, event, 1, 3, "declaration", seats[1], expect=404)  # no table 3
    _result(client, api, event, 2, 1, "declaration", seats[1], expect=404)  # no round 2
    call(client, api, "GET", f"{API}/events/{'x' * 12}", expect=404)


@pytest.mark.parametrize(
    "path, body, status",
    [
        ("events", {"name": "Night", "variant": "rummikub", "colour": "red"}, 400),
        ("events", {"name": "Night", "variant": "rummikub", "held_on": "3 Dec"}, 400),
        ("events", {"name": "Night", "variant": "rummikub", "held_on": "2026-02-31"}, 422),
        ("events", {"name": " ", "variant": "rummikub"}, 422),
        ("events", {"name": "Night", "variant": "chess"}, 422),
        ("events", {"name": "Night", "variant": "rummikub", "rounds": 13}, 422),
        ("events", {"name": "Night", "variant": "rummikub", "scale": [1, 2, 3, 4]}, 422),
        ("rounds", {"rule": "elo"}, 422),
        ("rounds", {"rule": "draw", "seed": -1}, 422),
        ("rounds", {"rule": "draw", "seed": 2**40}, 422),
        ("rounds", {"rule": "draw", "extra": 1}, 400),
        ("rounds", {"rule": "draw"}, 422),  # 5 players: no tables of 3 and 4 seat them
        ("entrants", {"names": []}, 422),
        ("entrants", {"names": "Ann"}, 400),
        ("cut", {"kind": "final"}, 409),  # no qualifying round yet
        ("cut", {"kind": "thirds"}, 422),
    ],
)
def test_bad_bodies_are_refused_with_a_reason(client, api, club, path, body, status):
    event = _event(client, api, club, players=NAMES[:5])
    url = f"{API}/tables/{club['id']}/events" if path == "events" else f"{API}/events/{event['id']}/{path}"
    _, answer = call(client, api, "POST", url, body, secret=club["secret"], expect=status)
    assert answer["error"] and answer["reasons"]
    _, whole = call(client, api, "GET", f"{API}/events/{event['id']}", expect=200)
    assert whole["rounds"] == []  # nothing kept


def test_an_override_refuses_a_missing_score_or_reason_and_a_body_not_json(client, api, club):
    event = _event(client, api, club, players=NAMES[:7])
    _seat(client, api, club, event, "draw", seed=2)
    for body, status in (
        ({"scores": [1, 2], "reason": "x"}, 422),  # a table of 4: four scores
        ({"scores": [1, 2, 3, 4], "reason": "   "}, 422),
        ({"scores": [1, 2, 3, 4], "reason": "x" * 201}, 400),
        ({"scores": [1, 2, 3, 10**7], "reason": "x"}, 422),
    ):
        _result(client, api, event, 1, 1, "result", club["secret"], expect=status, method="PUT", body=body)
    answer = client.put(
        f"{API}/events/{event['id']}/rounds/1/tables/1/result",
        data="scores=1",
        content_type="application/x-www-form-urlencoded",
        headers={"Authorization": f"Bearer {club['secret']}"},
    )
    assert answer.status_code == 415 and answer.get_json()["error"]


def test_seating_a_round_sent_twice_with_one_key_seats_it_once(client, api, club):
    event = _event(client, api, club, players=NAMES[:8])
    headers = {"Idempotency-Key": "club-night-round-1"}
    path = f"{API}/events/{event['id']}/rounds"
    _, first = call(
        client, api, "POST", path, {"rule": "draw"}, secret=club["secret"], headers=headers, expect=201
    )
    again = client.post(
        path, json={"rule": "draw"}, headers={**headers, "Authorization": f"Bearer {club['secret']}"}
    )
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first
    _, whole = call(client, api, "GET", f"{API}/events/{event['id']}", expect=200)
    assert len(whole["rounds"]) == 1


def test_an_empty_season_and_a_bad_query(client, api, club):
    _, season = call(client, api, "GET", f"{API}/tables/{club['id']}/season", expect=200)
    assert season["evenings"] == [] and season["lines"] == []
    call(client, api, "GET", f"{API}/tables/{club['id']}/season?best=0", expect=400)
    call(client, api, "GET", f"{API}/tables/{club['id']}/season?points=elo", expect=400)


def test_the_evenings_refusal_is_said_in_the_readers_language(client, api, club):
    # one table: its sentence is translated (the several tables' one waits for the translators)
    event = _event(client, api, club, players=NAMES[:4])
    _seat(client, api, club, event, "draw", seed=4)
    path = f"{API}/events/{event['id']}/rounds"
    english = call(client, api, "POST", path, {"rule": "swiss"}, secret=club["secret"], expect=409)[1]
    assert english["error"] == "Round 1 is still being played: table 1 has no confirmed result yet."
    german = call(
        client, api, "POST", path, {"rule": "swiss"}, secret=club["secret"], headers={"Accept-Language": "de"}
    )[1]
    assert german["error"] != english["error"] and "1" in german["error"]


def test_any_other_game_is_kept_by_its_editor_whose_result_is_the_tables(client, api, club):
    """An evening of a game no phone can take a seat of (a points game, by its name): its editor
    keeps the table's score alone, so the result the editor declares is final at once (no second
    phone could confirm it; found by the club-night probe of 7 December) and counts in the standings."""
    options = {"game_name": "Five Crowns", "high_wins": False}
    event = _event(client, api, club, variant="points", options=options, players=NAMES[:4], rounds=1)
    seated = _seat(client, api, club, event, "draw", seed=3)
    table = seated["tables"][0]
    gid, editor = table["game"], game_secret(club["secret"], table["game"])
    call(client, api, "POST", f"{API}/games/{gid}/seats", {"name": table["players"][0]}, expect=422)
    hand = {"players": [{"points": p} for p in (10, 20, 5, 7)]}
    call(client, api, "POST", f"{API}/games/{gid}/rounds", hand, secret=editor, expect=201)
    done = _result(client, api, event, 1, 1, "declaration", editor)
    assert done["table"]["final"] and done["table"]["result"] == [10, 20, 5, 7]
    assert done["table"]["declared_by"] == done["table"]["confirmed_by"] == -1
    _, standings = call(client, api, "GET", f"{API}/events/{event['id']}/standings")
    first = standings["standings"][0]
    assert first["name"] == table["players"][2] and first["games"] == 1  # the lowest total wins
    # a rummikub evening keeps the second player's confirmation: the editor's word is not final there
    tiles = _event(client, api, club, name="Tiles night", players=NAMES[:4], rounds=1)
    table = _seat(client, api, club, tiles, "draw", seed=3)["tables"][0]
    _play(client, api, club, table, random.Random(3))
    declared = _result(client, api, tiles, 1, 1, "declaration", game_secret(club["secret"], table["game"]))
    assert not declared["table"]["final"] and declared["table"]["confirmed_by"] is None


def test_an_evening_is_deleted_by_its_organiser_and_its_games_stay(client, api, club):
    """DELETE an evening with the club's secret: its rounds, results and log go (404 after), the
    season no longer counts it, and the games played at its tables stay the club's games, whose
    hands can change again (no longer a final club table's)."""
    event = _event(client, api, club, players=NAMES[:4], rounds=1)
    table = _seat(client, api, club, event, "draw", seed=5)["tables"][0]
    seats = _play(client, api, club, table, random.Random(5))
    _result(client, api, event, 1, 1, "declaration", seats[0])
    _result(client, api, event, 1, 1, "confirmation", seats[1])
    _, season = call(client, api, "GET", f"{API}/tables/{club['id']}/season")
    assert len(season["evenings"]) == 1
    path = f"{API}/events/{event['id']}"
    call(client, api, "DELETE", path, expect=401)
    call(client, api, "DELETE", path, secret=seats[0], expect=403)  # a seat is no organiser
    _, deleted = call(client, api, "DELETE", path, secret=club["secret"], expect=200)
    assert deleted == {"deleted": event["id"], "games_kept": [table["game"]]}
    call(client, api, "GET", path, expect=404)
    call(client, api, "DELETE", path, secret=club["secret"], expect=404)
    _, season = call(client, api, "GET", f"{API}/tables/{club['id']}/season")
    assert season["evenings"] == [] and season["lines"] == []
    # the game is the club's still, and takes a hand again
    editor = game_secret(club["secret"], table["game"])
    hand = {"winner": 0, "players": [{"rack": ""}] + [{"rack": f"K{n}"} for n in range(2, len(seats) + 1)]}
    call(client, api, "POST", f"{API}/games/{table['game']}/rounds", hand, secret=editor, expect=201)
