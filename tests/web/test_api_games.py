"""Games through the JSON API: create, read, record, correct, delete, export and import, with Bearer secrets."""

from __future__ import annotations

import pytest

from scorekeeper.rules import score_game
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import HANDS, OTHER_HANDS, VARIANTS, OpenApi, call


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def new_game(client, api, variant="krazy-bee", players=("Ann", "Bob"), **extra):
    _, body = call(
        client,
        api,
        "POST",
        "/api/v1/games",
        {"variant": variant, "players": list(players), **extra},
        expect=201,
    )
    return body


def game_count(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_of_every_variant_through_the_api(client, api, variant):
    created = new_game(client, api, variant)
    gid, secret = created["id"], created["secret"]
    assert created["urls"]["page"].endswith(f"/games/{gid}")
    assert created["urls"]["editor"].endswith(f"/games/{gid}/join/{secret}")
    assert created["game"]["status"] == "in_progress"
    assert [p["total"] for p in created["game"]["players"]] == [0, 0]

    _, answer = call(
        client, api, "POST", f"/api/v1/games/{gid}/rounds", HANDS[variant], secret=secret, expect=201
    )
    expected = score_game(variant, [HANDS[variant]], players=2)
    assert answer["round"]["number"] == 1
    assert answer["round"]["facts"] == HANDS[variant]
    assert [p["total"] for p in answer["game"]["players"]] == list(expected.totals)

    call(client, api, "POST", f"/api/v1/games/{gid}/rounds", OTHER_HANDS[variant], secret=secret, expect=201)
    _, game = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    both = score_game(variant, [HANDS[variant], OTHER_HANDS[variant]], players=2)
    assert [p["total"] for p in game["players"]] == list(both.totals)
    assert [p["progress"] for p in game["players"]] == [dict(p) for p in both.progress]
    assert [p["rank"] for p in game["players"]] == list(both.ranks)  # the engine's, by the end rule
    assert [r["totals"] for r in game["rounds"]] == [list(r.totals) for r in both.rounds]

    _, corrected = call(
        client, api, "PUT", f"/api/v1/games/{gid}/rounds/1", OTHER_HANDS[variant], secret=secret, expect=200
    )
    twice = score_game(variant, [OTHER_HANDS[variant]] * 2, players=2)
    assert [p["total"] for p in corrected["game"]["players"]] == list(twice.totals)

    _, after = call(client, api, "DELETE", f"/api/v1/games/{gid}/rounds/1", secret=secret, expect=200)
    once = score_game(variant, [OTHER_HANDS[variant]], players=2)
    assert after["deleted"] == 1 and len(after["game"]["rounds"]) == 1
    assert [p["total"] for p in after["game"]["players"]] == list(once.totals)


def test_each_change_scores_the_game_once(client, api, monkeypatch):
    """The answer to a change reuses the score the change was checked with (no second engine run)."""
    from scorekeeper.services import scores  # where every engine run of the services happens

    runs = []
    for name in ("score_game", "score_more"):
        engine = getattr(scores, name)
        monkeypatch.setattr(scores, name, lambda *a, engine=engine, **k: runs.append(1) or engine(*a, **k))
    created = new_game(client, api, "crib-rummy")
    gid, secret = created["id"], created["secret"]
    assert len(runs) == 1
    _, answer = call(
        client, api, "POST", f"/api/v1/games/{gid}/rounds", HANDS["crib-rummy"], secret=secret, expect=201
    )
    assert len(runs) == 2
    call(
        client,
        api,
        "POST",
        f"/api/v1/games/{gid}/rounds",
        OTHER_HANDS["crib-rummy"],
        secret=secret,
        expect=201,
    )
    _, corrected = call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/rounds/1",
        OTHER_HANDS["crib-rummy"],
        secret=secret,
        expect=200,
    )
    _, after = call(client, api, "DELETE", f"/api/v1/games/{gid}/rounds/2", secret=secret, expect=200)
    assert len(runs) == 5
    # ... and the reused score is the engine's score of the stored hands
    assert [p["total"] for p in answer["game"]["players"]] == list(
        score_game("crib-rummy", [HANDS["crib-rummy"]], players=2).totals
    )
    assert [p["total"] for p in corrected["game"]["players"]] == list(
        score_game("crib-rummy", [OTHER_HANDS["crib-rummy"]] * 2, players=2).totals
    )
    assert [p["total"] for p in after["game"]["players"]] == list(
        score_game("crib-rummy", [OTHER_HANDS["crib-rummy"]], players=2).totals
    )
    _, read = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    assert len(runs) == 5  # a new request finds the score the last change kept in this process
    assert [p["total"] for p in read["players"]] == [p["total"] for p in after["game"]["players"]]


def test_a_finished_game_names_its_winners(client, api):
    """CT-8: a one-round rummikub game ends after its round; high total wins."""
    created = new_game(client, api, "rummikub", ("Ann", "Bob", "Cy"), options={"rounds": 1})
    facts = {"winner": 2, "players": [{"rack": "R5"}, {"rack": "K9 K10"}, {"rack": ""}]}
    _, answer = call(
        client,
        api,
        "POST",
        f"/api/v1/games/{created['id']}/rounds",
        facts,
        secret=created["secret"],
        expect=201,
    )
    assert answer["game"]["status"] == "finished"
    assert answer["game"]["winners"] == [2]
    assert [p["total"] for p in answer["game"]["players"]] == [-5, -19, 24]
    _, refused = call(
        client,
        api,
        "POST",
        f"/api/v1/games/{created['id']}/rounds",
        facts,
        secret=created["secret"],
        expect=422,
    )
    assert "over" in refused["error"]


def test_first_dealer_and_options_are_kept(client, api):
    created = new_game(
        client, api, "crib-rummy", ("Ann", "Bob", "Cy"), options={"target": 61}, first_dealer=2
    )
    game = created["game"]
    assert game["first_dealer"] == 2 and game["dealer"] == 2
    assert game["options"]["target"] == 61


@pytest.mark.parametrize(
    "method, tail, body",
    [
        ("POST", "rounds", HANDS["krazy-bee"]),
        ("PUT", "rounds/1", HANDS["krazy-bee"]),
        ("DELETE", "rounds/1", None),
    ],
)
def test_changes_need_the_edit_secret(app, client, api, method, tail, body):
    created = new_game(client, api)
    gid, secret = created["id"], created["secret"]
    call(client, api, "POST", f"/api/v1/games/{gid}/rounds", HANDS["krazy-bee"], secret=secret, expect=201)
    before = client.get(f"/api/v1/games/{gid}").get_json()

    _, missing = call(client, api, method, f"/api/v1/games/{gid}/{tail}", body, expect=401)
    assert "Bearer" in missing["error"]
    response = client.open(f"/api/v1/games/{gid}/{tail}", method=method, json=body)
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    _, _wrong = call(
        client, api, method, f"/api/v1/games/{gid}/{tail}", body, secret="not-the-secret", expect=403
    )
    other = new_game(client, api)
    call(client, api, method, f"/api/v1/games/{gid}/{tail}", body, secret=other["secret"], expect=403)
    assert client.get(f"/api/v1/games/{gid}").get_json() == before


def test_an_edit_cookie_does_not_open_the_api(client, api):
    """The API is CSRF-exempt, so it must not accept the browser's edit cookie in place of a Bearer secret."""
    created = new_game(client, api)
    client.set_cookie(f"sk_edit_{created['id']}", created["secret"])
    call(client, api, "POST", f"/api/v1/games/{created['id']}/rounds", HANDS["krazy-bee"], expect=401)


def test_unknown_games_and_hands_answer_404(client, api):
    call(client, api, "GET", "/api/v1/games/no-such-game", expect=404)
    call(client, api, "GET", "/api/v1/games/no-such-game/export", expect=404)
    call(client, api, "POST", "/api/v1/games/no-such-game/rounds", HANDS["krazy-bee"], secret="x", expect=404)
    created = new_game(client, api)
    for method in ("PUT", "DELETE"):
        call(
            client,
            api,
            method,
            f"/api/v1/games/{created['id']}/rounds/7",
            HANDS["krazy-bee"] if method == "PUT" else None,
            secret=created["secret"],
            expect=404,
        )


BAD_GAMES = [
    pytest.param({"variant": "krazy-bee", "players": "Ann, Bob"}, 400, "players", id="players-a-string"),
    pytest.param({"variant": "krazy-bee", "players": ["Ann", 7]}, 400, "players", id="a-name-a-number"),
    pytest.param({"players": ["Ann", "Bob"]}, 400, "variant", id="no-variant"),
    pytest.param({"variant": " ", "players": ["Ann", "Bob"]}, 400, "variant", id="blank-variant"),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob"], "options": [1]},
        400,
        "options",
        id="options-a-list",
    ),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob"], "first_dealer": "Bob"},
        400,
        "first_dealer",
        id="dealer-a-name",
    ),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob"], "colour": "red"},
        400,
        "colour",
        id="unknown-field",
    ),
    pytest.param(
        {"variant": "no-such-variant", "players": ["Ann", "Bob"]},
        422,
        "unknown variant",
        id="unknown-variant",
    ),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob"], "options": {"colour": 1}},
        422,
        "colour",
        id="unknown-option",
    ),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob", "Cy", "Di", "Ed"]},
        422,
        "2 to 4",
        id="too-many-players",
    ),
    pytest.param({"variant": "krazy-bee", "players": ["Ann", "ann"]}, 422, "two players", id="same-names"),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob"], "first_dealer": 5},
        422,
        "dealer",
        id="dealer-not-a-seat",
    ),
    pytest.param(
        {"variant": "krazy-bee", "players": ["Ann", "Bob"], "options": {"steps": "run of"}},
        422,
        "KB-8",
        id="KB-8-bad-step-list",
    ),
]


@pytest.mark.parametrize("body, status, words", BAD_GAMES)
def test_bad_new_games_are_refused_and_nothing_is_saved(app, client, api, body, status, words):
    before = game_count(app)
    _, answer = call(client, api, "POST", "/api/v1/games", body, expect=status)
    assert words.lower() in (answer["error"] + " ".join(answer.get("reasons", []))).lower()
    assert game_count(app) == before


@pytest.mark.parametrize(
    "facts, status, words",
    [
        pytest.param(
            {"players": [{"laid": True}]}, 422, "one entry per player", id="KB-9-one-entry-per-player"
        ),
        pytest.param(
            {"players": [{"laid": True, "hand": "3 14"}, {}]}, 422, "N-1", id="N-1-bad-card-in-hand"
        ),
        pytest.param(
            {"players": [{"laid": True, "went_out": True}, {"laid": True, "went_out": True}]},
            422,
            "only one player goes out",
            id="KB-9-two-went-out",
        ),
        pytest.param({"players": [{"points": -5}, {}]}, 422, "below", id="negative-points"),
        pytest.param([1, 2], 400, "object", id="facts-a-list"),
    ],
)
def test_hands_the_rules_reject_leave_the_game_unchanged(client, api, facts, status, words):
    created = new_game(client, api)
    gid = created["id"]
    _, answer = call(
        client, api, "POST", f"/api/v1/games/{gid}/rounds", facts, secret=created["secret"], expect=status
    )
    assert words.lower() in answer["error"].lower()
    if status == 422:
        assert answer["reasons"] and answer["fields"] and answer["round"] == 1
    assert client.get(f"/api/v1/games/{gid}").get_json()["rounds"] == []


def test_a_refusal_names_the_player_never_the_seat(client, api):
    """CR-6 through the API: the 422 names Ann (seat 0), who has laid no meld of her own yet."""
    created = new_game(client, api, "crib-rummy")
    facts = {"turns": [{"melds": [{"cards": "3H 4H 5H"}]}, {"melds": [{"cards": "6H", "extend": 0}]}]}
    _, body = call(
        client,
        api,
        "POST",
        f"/api/v1/games/{created['id']}/rounds",
        facts,
        secret=created["secret"],
        expect=422,
    )
    assert body["fields"] == [
        {
            "field": "turns.1.melds.0.extend",
            "message": "CR-6: Ann may add to another player's meld only after laying a meld "
            "of their own (earlier this hand or this turn)",
            "message_key": {"rule": "CR-6", "key": "cr.lay_first", "values": {"player": "Ann"}},
        }
    ]
    assert body["error"].startswith("hand 1: ") and "seat" not in body["error"]
