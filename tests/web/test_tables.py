"""A table's life through its pages: create it, start games from the roster, finish them, and read
statistics worked out by hand; rename, merge, attach an old game; ratings in game order.

The small table (Ann, Bob, Cy; Rummikub, scoring A, CT-7/CT-8), games in this order:

  g1 Ann, Bob, Cy, 1 round: Ann goes out; Bob keeps R5 J (5 + 30 = 35), Cy K9 (9).
     Ann +44, Bob -35, Cy -9. Finished: Ann wins; finishing ranks Ann 1, Cy 2, Bob 3.
  g2 Bob, Cy, 1 round: Cy goes out; Bob keeps B3 B4 (7). Cy +7, Bob -7. Cy wins.
  g3 Ann, Bob, 2 rounds: Ann out, Bob keeps R5: +5/-5; Bob out, Ann keeps K5: -5/+5.
     Totals 0 and 0: a shared win (N-5), both rank 1.
  g4 Ann, Cy, 2 rounds, one hand so far: nobody out, Ann's R1 (1) is the lower rack: Ann scores
     Cy's rack minus hers, 3 - 1 = +2; Cy -3. In progress: counts as a game, no winner yet.

By hand:
  games (from the moment recorded): Ann g1 g3 g4 = 3, Bob g1 g2 g3 = 3, Cy g1 g2 g4 = 3.
  finished: Ann 2, Bob 3, Cy 2.  wins: Ann g1 + g3 = 2, Bob g3 = 1, Cy g2 = 1.
  win rate (wins / finished): Ann 2/2 = 1.0, Bob 1/3 = 0.3333, Cy 1/2 = 0.5.
  streaks in game order: Ann W W -> current 2, longest 2; Bob L L W -> 1, 1; Cy L W -> 1, 1.
  average game total (finished): Ann (44 + 0) / 2 = 22.0, best 44; Bob (-35 - 7 + 0) / 3 = -14.0,
    best 0; Cy (-9 + 7) / 2 = -1.0, best 7.
  average per hand (every recorded hand): Ann (44 + 0 + 2) / (1 + 2 + 1) = 11.5;
    Bob (-35 - 7 + 0) / (1 + 1 + 2) = -10.5; Cy (-9 + 7 - 3) / (1 + 1 + 1) = -1.67.
  head-to-head: Ann-Bob together g1 g3, finished 2, Ann ahead in g1, g3 level -> 1-0, level 1;
    Ann-Cy g1 g4, finished 1 (g1), Ann ahead -> 1-0; Bob-Cy g1 g2, Cy ahead in both -> 0-2.
  rack left when not out (CT-7): Ann g3 K5 (5) + g4 R1 (1) = 6 over 2 -> 3.0; Bob 35 + 7 + 5 = 47
    over 3 -> 15.67; Cy 9 + 3 = 12 over 2 -> 6.0. Hands nobody went out of: 1 of 5.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from openskill.models import PlackettLuce

from .api_support import OpenApi, call
from .game_support import csrf_from
from .rounds_support import text
from .table_support import create_table, play_small_table, record, roster_ids, start_from_roster


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _stats(client, api, table_id: str) -> dict:
    _, stats = call(client, api, "GET", f"/api/v1/tables/{table_id}/stats", expect=200)
    return stats


def _by_name(stats: dict) -> dict:
    return {p["name"]: p for p in stats["players"]}


def test_a_small_table_gives_the_statistics_worked_out_by_hand(client, api):
    table_id = create_table(client, "Sunday cards", ["Ann", "Bob", "Cy"])
    games = play_small_table(client, table_id)
    stats = _stats(client, api, table_id)
    players = _by_name(stats)
    assert [
        (n, players[n]["games"], players[n]["finished"], players[n]["wins"], players[n]["win_rate"])
        for n in ("Ann", "Bob", "Cy")
    ] == [("Ann", 3, 2, 2, 1.0), ("Bob", 3, 3, 1, 0.3333), ("Cy", 3, 2, 1, 0.5)]
    assert [(players[n]["current_streak"], players[n]["longest_streak"]) for n in ("Ann", "Bob", "Cy")] == [
        (2, 2),
        (1, 1),
        (1, 1),
    ]
    rummikub = {n: players[n]["variants"]["rummikub"] for n in players}
    assert [
        (rummikub[n]["average_total"], rummikub[n]["best_total"], rummikub[n]["average_per_hand"])
        for n in ("Ann", "Bob", "Cy")
    ] == [(22.0, 44, 11.5), (-14.0, 0, -10.5), (-1.0, 7, -1.67)]
    pairs = {
        (h["a"], h["b"]): (h["games"], h["finished"], h["a_ahead"], h["b_ahead"], h["level"])
        for h in stats["head_to_head"]
    }
    assert pairs == {
        ("Ann", "Bob"): (2, 2, 1, 0, 1),
        ("Ann", "Cy"): (2, 1, 1, 0, 0),
        ("Bob", "Cy"): (2, 2, 0, 2, 0),
    }
    tiles = stats["variants"]["rummikub"]
    assert (tiles["games"], tiles["finished"], tiles["hands"]) == (4, 3, 5)
    assert (tiles["nobody_out"], tiles["hands_counted"]) == (1, 5)
    assert {n: f["average_rack"] for n, f in tiles["players"].items()} == {
        "Ann": 3.0,
        "Bob": 15.67,
        "Cy": 6.0,
    }
    # the last results, newest first: Bob's are g3 (shared win), g2, g1
    assert [(r["game"], r["rank"], r["won"]) for r in players["Bob"]["last_results"]] == [
        (games[2], 1, True),
        (games[1], 2, False),
        (games[0], 3, False),
    ]
    # the page shows the same figures
    page = text(client.get(f"/tables/{table_id}/stats"))
    assert "Ann v Bob" in page and "33%" in page and "15.67" in page
    assert "1 of 5" in page


def _rated(games: list[list[tuple[str, int]]]) -> dict[str, tuple[float, float]]:
    """openskill's Plackett-Luce folded over ``games`` (name, finishing rank) in order, by hand."""
    model, current = PlackettLuce(), {}
    for seats in games:
        teams = [[model.rating(*current.get(name, (25.0, 25.0 / 3)))] for name, _ in seats]
        for (name, _), team in zip(seats, model.rate(teams, ranks=[rank for _, rank in seats])):
            current[name] = (team[0].mu, team[0].sigma)
    return current


def _ratings(stats: dict) -> dict[str, tuple[float, float]]:
    return {
        p["name"]: (p["ratings"]["rummikub"]["mu"], p["ratings"]["rummikub"]["sigma"])
        for p in stats["players"]
        if "rummikub" in p["ratings"]
    }


def _close(ours: dict, expected: dict) -> bool:
    return ours.keys() == expected.keys() and all(
        abs(ours[n][0] - expected[n][0]) < 1e-3 and abs(ours[n][1] - expected[n][1]) < 1e-3 for n in ours
    )


def test_ratings_move_in_game_order_and_a_corrected_old_hand_rerates_what_follows(client, api):
    table_id = create_table(client, "Raters", ["Ann", "Bob", "Cy"])
    games = play_small_table(client, table_id)
    order = [[("Ann", 1), ("Bob", 3), ("Cy", 2)], [("Bob", 2), ("Cy", 1)], [("Ann", 1), ("Bob", 1)]]
    before = _ratings(_stats(client, api, table_id))
    assert _close(before, _rated(order))
    assert before["Ann"][0] > 25 > before["Bob"][0] and before["Cy"][1] < 25 / 3
    # correct g1: now Bob goes out (Ann keeps K2, Cy K9): Bob 1st, Ann 2nd (2 < 9), Cy 3rd
    page = client.get(f"/games/{games[0]}/rounds/1/edit")
    fixed = client.post(
        f"/games/{games[0]}/rounds/1/edit",
        data={
            "csrf_token": csrf_from(page.text),
            "winner": "1",
            "players.0.rack": "K2",
            "players.2.rack": "K9",
        },
    )
    assert fixed.status_code == 302, fixed.text[:1000]
    after = _ratings(_stats(client, api, table_id))
    assert _close(after, _rated([[("Ann", 2), ("Bob", 1), ("Cy", 3)], *order[1:]]))
    assert after["Bob"] != before["Bob"] and after["Cy"] != before["Cy"]
    # delete g3's last hand: g3 is no longer finished, so it no longer rates
    page = client.get(f"/games/{games[2]}/rounds/2/delete")
    client.post(f"/games/{games[2]}/rounds/2/delete", data={"csrf_token": csrf_from(page.text)})
    assert _close(
        _ratings(_stats(client, api, table_id)), _rated([[("Ann", 2), ("Bob", 1), ("Cy", 3)], order[1]])
    )
    # deleting a whole game re-rates too
    page = client.get(f"/games/{games[0]}/delete")
    client.post(f"/games/{games[0]}/delete", data={"csrf_token": csrf_from(page.text)})
    stats = _stats(client, api, table_id)
    assert _close(_ratings(stats), _rated([order[1]]))
    assert _by_name(stats)["Ann"]["games"] == 2


def test_seats_follow_the_order_tapped_and_a_newcomer_joins_the_roster(client):
    table_id = create_table(client, "Tappers", ["Ann", "Bob"])
    game_id = start_from_roster(client, table_id, "rummikub", ["Bob", "Ann"], newcomers=["Zoë"])
    page = client.get(f"/games/{game_id}").text
    assert page.index(">Bob<") < page.index(">Ann<") < page.index(">Zoë<")
    assert "Tappers" in page and f"/tables/{table_id}/rulings" in page  # the game page links its table
    assert set(roster_ids(client, table_id)) == {"Ann", "Bob", "Zoë"}
    # the boxes come in roster order; the order tapped (kept by the page's script) seats them, and a
    # player untapped again drops out of it
    ids = roster_ids(client, table_id)
    page = client.get(f"/tables/{table_id}/play/rummikub")
    answer = client.post(
        f"/tables/{table_id}/play/rummikub",
        data={
            "csrf_token": csrf_from(page.text),
            "seat": [ids["Ann"], ids["Zoë"]],
            "first_dealer": "0",
            "order": f"{ids['Zoë']},{ids['Bob']},{ids['Ann']}",
            "opt_scoring": "A",
            "opt_must_play": "C",
            "opt_rounds": "4",
            "opt_initial_meld": "30",
        },
    )
    assert answer.status_code == 302
    shown = client.get(answer.headers["Location"]).text
    assert shown.index(">Zoë<") < shown.index(">Ann<") and ">Bob<" not in shown
    # nobody picked: the form says so, nothing is started
    refused = client.post(f"/tables/{table_id}/play/rummikub", data={"csrf_token": csrf_from(page.text)})
    assert refused.status_code == 422 and "played by 2 to 4 players, not 0" in text(refused)


def test_a_game_from_the_table_can_be_kept_by_every_phone_of_the_table(app, client):
    table_id = create_table(client, "Two phones", ["Ann", "Bob"])
    game_id = start_from_roster(client, table_id, "rummikub", ["Ann", "Bob"], rounds=1)
    other = app.test_client()
    join = client.get(f"/tables/{table_id}/share").text
    link = join.split('id="join-url">')[1].split("<")[0]
    assert link.startswith("http") and f"/tables/{table_id}/join/" in link  # a link another phone opens
    assert other.get(urlsplit(link).path).status_code == 302
    assert "Keep score here" in other.get(f"/tables/{table_id}").text
    assert other.get(f"/tables/{table_id}/games/{game_id}/keep-score").status_code == 302
    record(other, game_id, {"winner": "0", "players.1.rack": "R9"})
    assert "Winner: Ann" in text(other.get(f"/games/{game_id}"))
    # a stranger can follow but not keep score
    stranger = app.test_client()
    assert stranger.get(f"/tables/{table_id}/games/{game_id}/keep-score").status_code == 403
    assert "Keep score here" not in stranger.get(f"/tables/{table_id}").text


def test_rename_and_merge_change_no_hand(client, api):
    table_id = create_table(client, "Namers", ["Ann", "Bob", "Bobby", "Cy"])
    first = start_from_roster(client, table_id, "rummikub", ["Ann", "Bob"], rounds=1)
    record(client, first, {"winner": "1", "players.0.rack": "R4"})
    second = start_from_roster(client, table_id, "rummikub", ["Ann", "Bobby"], rounds=1)
    record(client, second, {"winner": "1", "players.0.rack": "R6"})
    third = start_from_roster(client, table_id, "rummikub", ["Bob", "Cy"], rounds=1)
    _, before = call(client, api, "GET", f"/api/v1/games/{second}/export", expect=200)
    ids = roster_ids(client, table_id)
    page = client.get(f"/tables/{table_id}")
    token = csrf_from(page.text)
    renamed = client.post(
        f"/tables/{table_id}/rename",
        data={"csrf_token": token, "member": ids["Ann"], "name": "Annie"},
        follow_redirects=True,
    )
    assert "Ann is now called Annie" in text(renamed)
    refused = client.post(
        f"/tables/{table_id}/rename",
        data={"csrf_token": token, "member": ids["Cy"], "name": "annie"},
        follow_redirects=True,
    )
    assert "already on the roster" in text(refused) and "Not renamed" in text(refused)
    # Bob and Cy sat together: never one person
    page = client.get(f"/tables/{table_id}/merge")
    token = csrf_from(page.text)
    no = client.post(
        f"/tables/{table_id}/merge",
        data={"csrf_token": token, "keep": ids["Bob"], "drop": ids["Cy"]},
        follow_redirects=True,
    )
    assert "they are two people" in text(no)
    yes = client.post(
        f"/tables/{table_id}/merge",
        data={"csrf_token": token, "keep": ids["Bob"], "drop": ids["Bobby"]},
        follow_redirects=True,
    )
    assert "Bobby merged into Bob" in text(yes)
    stats = _by_name(_stats(client, api, table_id))
    assert set(stats) == {"Annie", "Bob", "Cy"}
    assert (stats["Bob"]["games"], stats["Bob"]["wins"], stats["Annie"]["wins"]) == (3, 2, 0)
    _, after = call(client, api, "GET", f"/api/v1/games/{second}/export", expect=200)
    assert after == before  # the game, its names, hands and trail are as recorded
    assert third
    added = client.post(
        f"/tables/{table_id}/players", data={"csrf_token": token, "name": "Dee"}, follow_redirects=True
    )
    assert "Dee is on the roster." in text(added)


def test_attach_an_old_game_after_a_confirmation(app, client, api):
    table_id = create_table(client, "Attachers", ["Ann", "Bob"])
    _, created = call(
        client,
        api,
        "POST",
        "/api/v1/games",
        {"variant": "rummikub", "players": ["ann", "Dee"], "options": {"rounds": 1}},
        expect=201,
    )
    gid = created["id"]
    call(
        client,
        api,
        "POST",
        f"/api/v1/games/{gid}/rounds",
        {"winner": 1, "players": [{"rack": "R3"}, {}]},
        secret=created["secret"],
        expect=201,
    )
    # only the game's scorekeepers may attach it
    page = client.get(f"/tables/{table_id}/attach?game=http://localhost/games/{gid}")
    assert "Only the game's scorekeepers" in text(page)
    client.set_cookie(f"sk_edit_{gid}", created["secret"])
    page = client.get(f"/tables/{table_id}/attach?game={gid}")
    assert "Yes, attach this game" in page.text
    assert "selected>Ann</option>" in page.text and "selected>someone new: Dee</option>" in page.text
    ids = roster_ids(client, table_id)
    done = client.post(
        f"/tables/{table_id}/attach",
        data={
            "csrf_token": csrf_from(page.text),
            "game": gid,
            "seat_0": f"member:{ids['Ann']}",
            "seat_1": "Dee",
        },
        follow_redirects=True,
    )
    assert "now counts for Attachers" in text(done)
    stats = _by_name(_stats(client, api, table_id))
    assert (stats["Dee"]["wins"], stats["Ann"]["games"], stats["Bob"]["games"]) == (1, 1, 0)
    again = client.get(f"/tables/{table_id}/attach?game={gid}")
    assert "already belongs to the table Attachers" in text(again)


def test_the_rating_chart_follows_each_game_in_order(app, client):
    """The statistics page's rating chart: each player's rating after each rated game of the variant,
    numbered by the table's rated games of that variant (g1, g2, g3; g4 is not finished)."""
    from scorekeeper.services.tables.roster import get_table
    from scorekeeper.services.tables.summaries import rating_histories

    table_id = create_table(client, "Charted", ["Ann", "Bob", "Cy"])
    play_small_table(client, table_id)
    # then a game of another variant: it is that variant's 1st rated game, whatever came before
    other = start_from_roster(client, table_id, "crazy-tiles", ["Cy", "Ann"], rounds=1)
    record(client, other, {"winner": "0", "players.1.rack": "R5"})
    order = [[("Ann", 1), ("Bob", 3), ("Cy", 2)], [("Bob", 2), ("Cy", 1)], [("Ann", 1), ("Bob", 1)]]
    expected: dict[str, list[tuple[int, float]]] = {}
    for n in range(1, len(order) + 1):
        after = _rated(order[:n])
        for name, _ in order[n - 1]:
            expected.setdefault(name, []).append((n, round(after[name][0], 3)))
    with app.app_context():
        histories = rating_histories(get_table(table_id))
    assert set(histories) == {"rummikub", "crazy-tiles"}
    alone = _rated([[("Cy", 1), ("Ann", 2)]])
    assert {
        name: [(n, round(mu, 1)) for n, mu in points] for name, points in histories["crazy-tiles"].items()
    } == {name: [(1, round(alone[name][0], 1))] for name in ("Cy", "Ann")}
    got = histories["rummikub"]
    assert got.keys() == expected.keys()
    for name, points in expected.items():
        assert [n for n, _ in got[name]] == [n for n, _ in points]
        assert all(abs(ours - theirs) < 1e-3 for (_, ours), (_, theirs) in zip(got[name], points))
    page = client.get(f"/tables/{table_id}/stats").text
    assert "rating" in page and page.count("<polyline") >= 3


def test_the_rating_chart_names_its_axis_in_the_readers_language(client):
    """The x axis of the rating chart said "game" in every language; it says the catalog's word."""
    table_id = create_table(client, "Charted", ["Ann", "Bob", "Cy"])
    play_small_table(client, table_id)
    for language, word in (("en", "Game"), ("de", "Spiel"), ("nl", "Spel"), ("pl", "Gra")):
        page = client.get(f"/tables/{table_id}/stats", headers={"Accept-Language": language}).text
        assert f'class="tick">{word}</text>' in page, language
        assert 'class="tick">game</text>' not in page, language


def test_the_statistics_write_decimals_as_the_readers_language_does(client):
    """Averages and ratings read "13,0" and "27,9 ± 8,2" in German, Dutch and Polish, as Babel writes
    them; English keeps the point."""
    table_id = create_table(client, "Decimals", ["Ann", "Bob", "Cy"])
    play_small_table(client, table_id)
    english = client.get(f"/tables/{table_id}/stats", headers={"Accept-Language": "en"}).text
    assert re.search(r"\d\.\d ± \d\.\d", english)
    for language in ("de", "nl", "pl"):
        page = client.get(f"/tables/{table_id}/stats", headers={"Accept-Language": language}).text
        cells = re.findall(r'<td class="num">([^<]*)</td>', page)
        assert any(re.fullmatch(r"-?\d+,\d\d?", c) for c in cells), (language, cells)
        assert not any(re.fullmatch(r"-?\d+\.\d\d?", c) for c in cells), (language, cells)
        assert re.search(r"\d,\d ± \d,\d", page) and not re.search(r"\d\.\d ± \d\.\d", page), language
