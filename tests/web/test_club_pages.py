"""The organiser's pages of a club night (issue 39, docs/club-night.md "The organiser's page"), on a
real SQLite database through the test client: a new event from the table's page, check-in and
check-out, seating a round in one tap, the organiser's override with its reason, the cut to a final,
the season's league table; every form refused without its CSRF token (400) and without the table's
secret (403); refusals said on the page unchanged (409 when the evening's state says so)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper import club
from scorekeeper.events import words
from scorekeeper.services.club import current_round, event_standings, get_event, present
from scorekeeper.storage.extensions import db

from .game_support import csrf_from
from .table_support import create_table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
NEW_EVENT = {
    "name": "December night",
    "held_on": "2026-12-03",
    "variant": "rummikub",
    "rounds": "3",
    "scheme": "places",
    "scale": "4 2 1 0",
    "tiebreak_1": "head_to_head",
    "tiebreak_2": "wins",
    "tiebreak_3": "best_game",
    "round_minutes": "20",
}


def plain(response) -> str:
    """A page's words, tags out, spaces collapsed."""
    text = re.sub(r"<script.*?</script>", " ", response.get_data(as_text=True), flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


def new_event(client, table_id: str, **fields) -> str:
    page = client.get(f"/tables/{table_id}/events/new")
    answer = client.post(
        f"/tables/{table_id}/events/new", data={**NEW_EVENT, **fields, "csrf_token": csrf_from(page.text)}
    )
    assert answer.status_code == 302, plain(answer)[:2000]
    return answer.headers["Location"]


def roster_boxes(page: str) -> dict[str, str]:
    """The check-in form's roster boxes: name -> value."""
    return {
        name: value
        for value, name in re.findall(
            r'value="(\d+)"[^>]*> <label for="members-\d+"><bdi>([^<]+)</bdi>',
            page.replace('name="members" ', ""),
        )
    }


def post(client, url: str, data: dict, page_url: str | None = None):
    page = client.get(page_url or url.rsplit("/", 1)[0] if "/tables/" not in url else page_url)
    return client.post(url, data={**data, "csrf_token": csrf_from(page.text)})


@pytest.fixture
def evening(app, client):
    """A club of eight with an event; ``client`` holds the table's secret. (table id, event URL)."""
    table_id = create_table(client, "Thursday club", NAMES)
    return table_id, new_event(client, table_id)


def send(client, event_url: str, action: str, data: dict):
    """POST the organiser's ``action`` from the event page as it is now, as a browser sends the form:
    with the page's CSRF token and the rounds it shows (the seat, cut and end forms carry them)."""
    page = client.get(event_url)
    return client.post(
        f"{event_url}/{action}", data={**page_seen(page.text), **data, "csrf_token": csrf_from(page.text)}
    )


def page_seen(page: str) -> dict:
    """The rounds the event page shows, as its seat, cut and end forms send them."""
    seen = re.search(r'name="rounds" value="(\d+)"', page)
    return {"rounds": seen[1]} if seen else {}


def check_everyone_in(client, event_url: str, names=NAMES, new_name: str = ""):
    boxes = roster_boxes(client.get(event_url).text)
    answer = send(
        client, event_url, "check-in", {"members": [boxes[n] for n in names if n in boxes], "name": new_name}
    )
    assert answer.status_code == 302, plain(answer)[:2000]


def override_round(client, event_url: str, reason: str = "scores read out at the table"):
    """Every table of the round set by the organiser (4, 3, 2, 1 ... in seat order)."""
    page = client.get(event_url).text
    for number in sorted({int(n) for n in re.findall(r'/tables/(\d+)/override"', page)}):
        seats = len(re.findall(rf'name="table{number}-score_\d+"', page))
        data = {f"table{number}-score_{s}": str(10 - s) for s in range(seats)}
        answer = send(
            client, event_url, f"tables/{number}/override", {**data, f"table{number}-reason": reason}
        )
        assert answer.status_code == 302, plain(answer)[:2000]


def test_the_table_page_links_the_club_night_and_the_new_event_form_explains_each_scheme(client, evening):
    table_id, event_url = evening
    table_page = client.get(f"/tables/{table_id}").text
    assert f'href="/tables/{table_id}/events/new"' in table_page and "Club night" in table_page
    page = client.get(f"/tables/{table_id}/events/new")
    text = plain(page)
    for sentence in (*club.SCHEMES.values(), *club.TIEBREAKS.values()):
        assert sentence in text
    assert "December night" in text and event_url.endswith(re.search(r'href="(/events/[^"]+)"', page.text)[1])
    # the points game with its own name is an evening's game too
    points = new_event(client, table_id, name="Five Crowns night", variant="points", game_name="Five Crowns")
    assert "Five Crowns" in plain(client.get(points))


def test_a_new_event_with_wrong_settings_is_refused_field_by_field(client, evening):
    table_id, _ = evening
    page = client.get(f"/tables/{table_id}/events/new")
    data = {**NEW_EVENT, "name": " ", "rounds": "13"}
    answer = client.post(f"/tables/{table_id}/events/new", data={**data, "csrf_token": csrf_from(page.text)})
    assert answer.status_code == 422
    text = plain(answer)
    assert "Give the evening a name" in text and "rounds are from 1 to 12" in text
    # what only the services judge, each on its field
    data = {**NEW_EVENT, "scale": "1 2 3 4", "tiebreak_2": "head_to_head"}
    answer = client.post(f"/tables/{table_id}/events/new", data={**data, "csrf_token": csrf_from(page.text)})
    assert answer.status_code == 422
    text = plain(answer)
    assert "four numbers from 0 to 100, the first the most" in text and "each once" in text
    fives = client.post(
        f"/tables/{table_id}/events/new",
        data={**NEW_EVENT, "variant": "krazy-bee", "fives": "y", "csrf_token": csrf_from(page.text)},
    )
    assert fives.status_code == 422 and "The most players Krazy Bee Rummy takes is 4." in plain(
        fives
    )  # Krazy Bee: a SetupError on its field
    client.get("/language/de")  # the services' sentences in the reader's language, values filled in
    fives = client.post(
        f"/tables/{table_id}/events/new",
        data={**NEW_EVENT, "variant": "krazy-bee", "fives": "y", "csrf_token": csrf_from(page.text)},
    )
    text = plain(fives)
    assert "Krazy Bee Rummy spielen höchstens 4 Personen" in text and "The most players" not in text, text


def test_check_in_seat_override_and_standings(app, client, evening):
    _, event_url = evening
    check_everyone_in(client, event_url, NAMES[:6], new_name="Ida")  # Ida joins the roster too
    page = client.get(event_url)
    text = plain(page)
    assert "Ida checked in, seated from round 1." in text
    # round 1 is drawn by default, with the rules explained
    assert re.search(r'value="draw"[^>]*checked|checked[^>]*value="draw"', page.text)
    for sentence in club.RULES.values():
        assert sentence in text
    seated = send(client, event_url, "seat", {"rule": "draw", "seed": "123456"})
    assert seated.status_code == 302
    page = client.get(event_url)
    text = plain(page)
    assert "Round 1 is seated (seed 123456)." in text and "Seed 123456" in text
    assert "Table 1" in text and "Table 2" in text and "starts" in text and "playing" in text
    assert "Round 1 seated (Drawn at random, seed 123456)." in text
    # each table's game: the organiser's link makes this phone its editor, a follower's opens it
    keep = re.search(r'href="(/tables/[^"]+/keep-score)">Game of table 1<', page.text)[1]
    opened = client.get(keep)
    assert opened.status_code == 302 and "/games/" in opened.headers["Location"]
    follower = app.test_client().get(event_url).text
    assert re.search(r'href="/games/[\w-]+">Game of table 1<', follower)
    # a second seating while the round is played (sent with the rounds seated: the page shows no
    # form then, an old tab's would be stale): refused with the sentence, the page as it was (409)
    again = send(client, event_url, "seat", {"rule": "standing", "rounds": "1"})
    assert again.status_code == 409
    assert "Round 1 is still being played: tables 1, 2 have no confirmed result yet." in plain(again)
    with app.app_context():
        assert len(get_event(event_url.rsplit("/", 1)[1]).event_rounds) == 1
    # later rounds seat by standing by default
    override_round(client, event_url)
    page = client.get(event_url)
    assert re.search(r'value="standing"[^>]*checked|checked[^>]*value="standing"', page.text)
    text = plain(page)
    assert "set by the organiser: scores read out at the table" in text
    assert "Why: scores read out at the table" in text
    # two winners with 4 points each (a table of 3's winner takes as much as a table of 4's), parted
    # by the best single game; second at the table of 3 takes 1.5
    # two table winners on 4 points: the second says which tiebreak placed them below the first
    assert re.search(
        r"Rank Player Points Games Wins 1 [A-Z][a-z]+ 4 1 1 2 [A-Z][a-z]+ Tiebreak: Best single game 4 1 1 ",
        text,
    )
    assert re.search(r" \d [A-Z][a-z]+ 1\.5 1 0 ", text)


def test_an_override_needs_a_reason_and_a_score_for_each_player(client, evening):
    _, event_url = evening
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "7"})
    scores = {f"table1-score_{s}": "3" for s in range(4)}
    bare = send(client, event_url, "tables/1/override", {**scores, "table1-reason": " "})
    assert bare.status_code == 422 and "Say why the result is set by the organiser." in plain(bare)
    short = send(client, event_url, "tables/1/override", {"table1-score_0": "3", "table1-reason": "x"})
    assert short.status_code == 422 and "Give every player a score" in plain(short)
    missing = send(client, event_url, "tables/9/override", {**scores, "table9-reason": "x"})
    assert missing.status_code == 400 and "Round 1 has no table 9." in plain(missing)
    done = send(client, event_url, "tables/1/override", {**scores, "table1-reason": "phone died"})
    assert done.status_code == 302
    assert "Table 1's result is set by the organiser." in plain(client.get(event_url))


def test_check_out_between_rounds_and_back_in(app, client, evening):
    _, event_url = evening
    check_everyone_in(client, event_url, NAMES[:7])
    send(client, event_url, "seat", {"rule": "draw"})
    with app.app_context():
        event = get_event(event_url.rsplit("/", 1)[1])
        gus = next(e.member_id for e in event.entrants if e.member_id and _name(e) == "Gus")
    out = send(client, event_url, "check-out", {"member": str(gus)})
    assert out.status_code == 302
    text = plain(client.get(event_url))
    assert "Gus checked out after round 1." in text and "Check Gus out" not in text
    assert "Gus" in text.split("Standings", 1)[1]  # the line stays
    nobody = send(client, event_url, "check-out", {"member": "999999"})
    assert nobody.status_code == 400 and "That player is not checked in to this evening." in plain(nobody)
    check_everyone_in(client, event_url, ["Gus"])
    assert "Check Gus out" in plain(client.get(event_url))
    # the buttons wait behind one closed summary, not beside every name (a tap checks a player out)
    page = client.get(event_url).text
    behind = page.split("data-check-out", 1)[1].split("</details>", 1)[0]
    assert "Check a player out" in behind and behind.count("<button") == 7
    assert "<button" not in page.split('class="present-list"', 1)[1].split("</ul>", 1)[0]


def _name(entrant) -> str:
    from scorekeeper.storage.table_models import Member

    return db.session.get(Member, entrant.member_id).name


def test_five_players_are_refused_with_the_sentence(client, evening):
    _, event_url = evening
    check_everyone_in(client, event_url, NAMES[:5])
    refused = send(client, event_url, "seat", {"rule": "draw"})
    assert refused.status_code == 400
    assert "5 players cannot sit at tables of 3 and 4" in plain(refused) and "Nothing was changed." in plain(
        refused
    )


@pytest.mark.parametrize("kind, tables", [("final", 1), ("semis", 2)])
def test_a_cut_to_a_final_is_one_step(app, client, evening, kind, tables):
    _, event_url = evening
    check_everyone_in(client, event_url)
    for number in range(1, 4):  # the evening's 3 rounds: a cut before them is refused
        send(client, event_url, "seat", {"rule": "draw", "seed": str(10 + number)})
        override_round(client, event_url)
        if number == 2:
            early = send(client, event_url, "cut", {"kind": kind})
            assert early.status_code == 409 and "after the evening&#39;s last round (round 3)" in early.text
    public_id = event_url.rsplit("/", 1)[1]
    if kind == "final":  # the leader goes home before the cut: the final takes the next four
        with app.app_context():
            leader = event_standings(get_event(public_id))[0].player
        assert send(client, event_url, "check-out", {"member": str(leader)}).status_code == 302
    cut = send(client, event_url, "cut", {"kind": kind})
    assert cut.status_code == 302
    with app.app_context():  # the cut's seats are the top of the players still here, leader first
        event = get_event(public_id)
        here = {e.member_id for e in present(event)}
        top = [s.player for s in event_standings(event) if s.player in here][: 4 * tables]
        seated = [m for t in current_round(event).tables for m in t.members]
        assert sorted(seated) == sorted(top) and current_round(event).tables[0].members[0] == top[0]
    page = client.get(event_url).text
    assert len(re.findall(r'class="card event-table"', page)) == tables
    text = plain(client.get(event_url))
    assert ("Cut to the final" if kind == "final" else "Cut to the semi-finals") in text
    if kind == "semis":
        override_round(client, event_url)
        assert send(client, event_url, "cut", {"kind": "final"}).status_code == 302
        assert "Cut to the final" in plain(client.get(event_url))
    else:
        again = send(client, event_url, "cut", {"kind": "final", "rounds": "4"})
        assert again.status_code == 409  # a round being played, then once only


def test_the_season_adds_the_evenings_up(client, evening, monkeypatch):
    table_id, event_url = evening
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    second = new_event(client, table_id, name="January night", held_on="2027-01-07")
    check_everyone_in(client, second, NAMES[:4])
    send(client, second, "seat", {"rule": "draw", "seed": "6"})
    override_round(client, second)
    page = client.get(f"/tables/{table_id}/season")
    assert page.status_code == 200
    text = plain(page)
    assert (
        club.EVENING_POINTS["places"] in text
        and "Rank Player Total 2026-12-03 so far 2027-01-07 so far" in text
    )
    rows = league_rows(text)
    assert len(rows) == 8 and all(total == sum(v for v in evenings if v) for total, evenings in rows.values())
    assert max(a for _, (a, _) in rows.values() if a) == 8  # the winner of an evening of 8 takes 8
    best = league_rows(plain(client.get(f"/tables/{table_id}/season?best=1&bonus=2&points=places")))
    assert all(
        total == max(v for v in evenings if v) + 2 * sum(1 for v in evenings if v)
        for total, evenings in best.values()
    )
    assert "(not counted)" in plain(client.get(f"/tables/{table_id}/season?best=1"))
    wrong = client.get(f"/tables/{table_id}/season?best=0")
    assert wrong.status_code == 422 and "At least 1 evening" in plain(wrong)
    # the page adds up what the API does (club_season): a year's evenings, and at most the latest
    # SEASON_EVENINGS_MAX of them
    december = plain(client.get(f"/tables/{table_id}/season?year=2026"))
    assert "2026-12-03" in december and "2027-01-07" not in december
    monkeypatch.setattr("scorekeeper.services.club.season.SEASON_EVENINGS_MAX", 1)
    latest = plain(client.get(f"/tables/{table_id}/season"))
    assert "2027-01-07" in latest and "2026-12-03" not in latest


def league_rows(text: str) -> dict[str, tuple[int, list[int | None]]]:
    """The league table's rows: name -> (total, each evening's points; None: absent)."""
    table = text.split("2027-01-07", 1)[1]
    return {
        name: (int(total), [None if v == "–" else int(v) for v in (a, b)])
        for _, name, total, a, b in re.findall(r"(\d+) ([A-Z][a-z]+) (\d+) (\d+|–) (\d+|–)", table)
    }


ROUTES = [
    ("check-in", {"name": "Zed"}),
    ("check-out", {"member": "1"}),
    ("seat", {"rule": "draw"}),
    ("tables/1/override", {"table1-score_0": "1", "table1-reason": "x"}),
    ("cut", {"kind": "final"}),
    ("end", {"rounds": "1"}),
    ("reopen", {}),
]


@pytest.mark.parametrize("action, data", ROUTES)
def test_every_form_needs_its_csrf_token_and_the_table_secret(app, client, evening, action, data):
    _, event_url = evening
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "3"})
    before = plain(client.get(event_url)).split("What happened", 1)[1]
    assert client.post(f"{event_url}/{action}", data=data).status_code == 400
    stranger = app.test_client()
    page = stranger.get(event_url)
    assert "Check in" not in plain(page) and "Set the result as the organiser" not in plain(page)
    token = csrf_from(stranger.get("/tables/").text)  # the event page has no form for a stranger
    refused = stranger.post(f"{event_url}/{action}", data={**data, "csrf_token": token})
    assert refused.status_code == 403
    assert plain(client.get(event_url)).split("What happened", 1)[1] == before


def test_a_new_event_needs_the_csrf_token_and_the_table_secret(app, client, evening):
    table_id, _ = evening
    assert client.post(f"/tables/{table_id}/events/new", data=NEW_EVENT).status_code == 400
    stranger = app.test_client()
    page = stranger.get(f"/tables/{table_id}/events/new")
    assert "Set up the evening" not in page.text
    token = csrf_from(stranger.get("/tables/").text)
    refused = stranger.post(f"/tables/{table_id}/events/new", data={**NEW_EVENT, "csrf_token": token})
    assert refused.status_code == 403


def test_an_unknown_event_is_a_404(client):
    assert client.get("/events/no-such-evening").status_code == 404


def test_the_organisers_page_in_german(client, evening):
    _, event_url = evening
    client.get("/language/de")
    check_everyone_in(client, event_url, NAMES[:4])  # one table: its refusal's sentence is translated
    send(client, event_url, "seat", {"rule": "draw", "seed": "9"})
    text = plain(client.get(event_url))
    assert "Tisch 1" in text and "Spielstand" in text and "Wer da ist" in text
    refused = plain(send(client, event_url, "seat", {"rule": "standing", "rounds": "1"}))
    assert "Runde 1 wird noch gespielt" in refused


def test_every_sentence_of_the_club_is_marked_for_the_catalog():
    marked = set(words.MARKED)
    for sentences in (club.RULES, club.SCHEMES, club.TIEBREAKS, club.EVENING_POINTS):
        assert set(sentences.values()) <= marked
    for table, names in (
        (club.RULES, words.RULE_NAMES),
        (club.SCHEMES, words.SCHEME_NAMES),
        (club.TIEBREAKS, words.TIEBREAK_NAMES),
        (club.EVENING_POINTS, words.EVENING_POINTS_NAMES),
    ):
        assert set(names) == set(table)
    # every refusal the club's rules and services write is marked too
    import ast
    from pathlib import Path

    import scorekeeper

    root = Path(scorekeeper.__file__).parent
    for path in [*(root / "club").glob("*.py"), *(root / "services" / "club").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "ClubError",
                "EventRefused",
                "Sentence",
            ):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    assert first.value in marked or "exact search" in first.value, (path.name, first.value)


ODD = ["", " ", "-1", "\u0663", "\uff19", "1" * 40, "1e9", "<b>x</b>", "\x00", "null", "99999999999999999999"]


@pytest.mark.parametrize("value", ODD)
def test_odd_values_in_every_form_are_never_a_500(client, evening, value):
    table_id, event_url = evening
    check_everyone_in(client, event_url)
    page = client.get(f"/tables/{table_id}/events/new")
    for field in (
        "name",
        "held_on",
        "variant",
        "rounds",
        "scheme",
        "scale",
        "tiebreak_1",
        "round_minutes",
        "game_name",
    ):
        answer = client.post(
            f"/tables/{table_id}/events/new",
            data={**NEW_EVENT, field: value, "csrf_token": csrf_from(page.text)},
        )
        assert answer.status_code < 500, (field, value)
    for action, data in (
        ("check-in", {"members": value, "name": value}),
        ("check-out", {"member": value}),
        ("seat", {"rule": value, "seed": value}),
        ("seat", {"rule": "draw", "seed": value}),
        ("tables/1/override", {"table1-score_0": value, "table1-reason": value}),
        ("cut", {"kind": value}),
    ):
        assert send(client, event_url, action, data).status_code < 500, (action, value)
    for query in ("best", "bonus", "points"):
        assert client.get(f"/tables/{table_id}/season", query_string={query: value}).status_code < 500


def test_the_organiser_deletes_an_evening_after_ticking_they_mean_it(app, client, evening):
    """The event page's "Delete this evening" (the organiser's only): without the box ticked the
    page says so and keeps the evening; ticked, the evening is gone (404) and the club's page says
    its games stay; another phone may not (403), and a send without the CSRF token keeps it (400)."""
    table_id, event_url = evening
    check_everyone_in(client, event_url)
    page = client.get(event_url).text
    assert "Delete this evening" in page and f'action="{event_url}/delete"' in page
    assert "Delete this evening" not in app.test_client().get(event_url).text  # a follower's page
    kept = send(client, event_url, "delete", {})
    assert kept.status_code == 422 and "Tick “Yes, delete this evening” to delete it." in plain(kept)
    assert client.post(f"{event_url}/delete", data={"sure": "1"}).status_code == 400  # no CSRF token
    stranger = app.test_client()
    token = csrf_from(stranger.get("/games/new/rummikub").text)
    assert stranger.post(f"{event_url}/delete", data={"sure": "1", "csrf_token": token}).status_code == 403
    assert client.get(event_url).status_code == 200
    gone = send(client, event_url, "delete", {"sure": "1"})
    assert gone.status_code == 302 and gone.headers["Location"].endswith(f"/tables/{table_id}")
    club_page = plain(client.get(gone.headers["Location"]))
    assert "is deleted; the games played at its tables stay among the club's games." in club_page
    assert client.get(event_url).status_code == 404
