"""A table's rulings: adopt a checker verdict, choose an option, record a reading; new games and
rematches start with the table's choices; the game page links them; the rules card prints them."""

from __future__ import annotations

import re

from tests.pdf.support import ReadBack

from .game_support import csrf_from
from .rounds_support import text
from .table_support import create_table, start_from_roster


def _rulings_token(client, table_id: str) -> str:
    return csrf_from(client.get(f"/tables/{table_id}/rulings").text)


def test_adopt_a_checker_verdict_from_the_checker_page(app, client):
    table_id = create_table(client, "Judges", ["Ann", "Bob"])
    checked = client.get("/check/crib-rummy?cards=7H+JK+JK")
    adopt = re.search(r'href="([^"]+)"><span>Adopt as a ruling of <bdi>Judges</bdi>', checked.text)
    assert adopt, "the checker offers the table's phone to adopt the verdict"
    page = client.get(adopt.group(1).replace("&amp;", "&"))
    assert page.status_code == 200 and "LEGAL" in text(page)
    form = dict(re.findall(r'<input type="hidden" name="(ask\.[^"]+)" value="([^"]*)"', page.text))
    kept = client.post(
        f"/tables/{table_id}/rulings",
        data={
            "csrf_token": csrf_from(page.text),
            "kind": "verdict",
            "decided_on": "2026-03-14",
            "note": "Bob asked twice",
            **form,
        },
        follow_redirects=True,
    )
    shown = text(kept)
    assert "Ruling kept: 7H JK JK: legal" in shown and "2026-03-14" in shown and "Bob asked twice" in shown
    # a stranger's checker offers nothing, and a stranger cannot adopt
    stranger = app.test_client()
    assert "Adopt as a ruling" not in stranger.get("/check/crib-rummy?cards=7H+JK+JK").text
    refused = stranger.post(
        f"/tables/{table_id}/rulings",
        data={"csrf_token": csrf_from(stranger.get("/tables/").text), "kind": "verdict", **form},
    )
    assert refused.status_code == 403


def test_option_choices_start_new_games_and_rematches(client):
    table_id = create_table(client, "House rules", ["Ann", "Bob"])
    kept = client.post(
        f"/tables/{table_id}/rulings",
        data={
            "csrf_token": _rulings_token(client, table_id),
            "kind": "option",
            "option-option": "krazy-bee:steps",
            "option-value": "2 books of 3; run of 7",
            "option-note": "short evenings",
        },
        follow_redirects=True,
    )
    assert "Ruling kept: Steps: 2 books of 3; run of 7" in text(kept)
    bad = client.post(
        f"/tables/{table_id}/rulings",
        data={
            "csrf_token": _rulings_token(client, table_id),
            "kind": "option",
            "option-option": "rummikub:rounds",
            "option-value": "many",
        },
    )
    assert bad.status_code == 422 and "rounds" in text(bad)
    # the new-game page opens with the table's Step list
    page = client.get(f"/tables/{table_id}/play/krazy-bee").text
    assert "2 books of 3\nrun of 7</textarea>" in page
    assert "Set as the table chose: steps" in page and f"/tables/{table_id}/rulings" in page  # under Options
    game_id = start_from_roster(client, table_id, "krazy-bee", ["Ann", "Bob"], steps="2 books of 3\nrun of 7")
    shown = client.get(f"/games/{game_id}").text
    assert "Step list (2 Steps)" in shown and f"/tables/{table_id}/rulings" in shown
    # a new choice, then a rematch: the rematch starts with the table's latest choice
    client.post(
        f"/tables/{table_id}/rulings",
        data={
            "csrf_token": _rulings_token(client, table_id),
            "kind": "option",
            "option-option": "krazy-bee:steps",
            "option-value": "run of 7; run of 8; run of 9",
        },
    )
    again = client.post(f"/games/{game_id}/rematch", data={"csrf_token": csrf_from(shown)})
    rematch = client.get(again.headers["Location"]).text
    assert "Step list (3 Steps)" in rematch and "House rules" in rematch


def test_a_reading_and_the_printed_rules_card(client):
    table_id = create_table(client, "Readers", ["Ann", "Bob"])
    kept = client.post(
        f"/tables/{table_id}/rulings",
        data={
            "csrf_token": _rulings_token(client, table_id),
            "kind": "reading",
            "reading-variant": "rumbugz",
            "reading-question": "May a PLYT end a Sequence?",
            "reading-answer": "Yes, at either end.",
            "reading-decided_on": "2026-02-01",
        },
        follow_redirects=True,
    )
    assert "Ruling kept: May a PLYT end a Sequence? Yes, at either end." in text(kept)
    missing = client.post(
        f"/tables/{table_id}/rulings",
        data={
            "csrf_token": _rulings_token(client, table_id),
            "kind": "reading",
            "reading-variant": "rumbugz",
            "reading-question": "",
            "reading-answer": "x",
            "reading-decided_on": "not a day",
        },
    )
    assert missing.status_code == 422 and "Write the question" in text(missing)
    card = client.get(f"/tables/{table_id}/rules/rumbugz.pdf")
    assert card.status_code == 200 and card.mimetype == "application/pdf"
    pdf = ReadBack(card.data)
    assert "House rulings of Readers" in pdf.text and "May a PLYT end a Sequence?" in pdf.text
    assert "2026-02-01" in pdf.text and "RB-1" in pdf.text
    # withdraw it: the card says there is none
    ruling = re.search(r'name="ruling" value="(\d+)"', client.get(f"/tables/{table_id}/rulings").text).group(
        1
    )
    gone = client.post(
        f"/tables/{table_id}/rulings/withdraw",
        data={"csrf_token": _rulings_token(client, table_id), "ruling": ruling},
        follow_redirects=True,
    )
    assert "Ruling withdrawn" in text(gone)
    for odd in ("²", "9" * 25, "-1"):  # "²" passed isdigit() and failed int(): a 500
        refused = client.post(
            f"/tables/{table_id}/rulings/withdraw",
            data={"csrf_token": _rulings_token(client, table_id), "ruling": odd},
            follow_redirects=True,
        )
        assert refused.status_code == 200 and "No such ruling at this table." in text(refused)
    assert (
        "no ruling for this game yet"
        in ReadBack(client.get(f"/tables/{table_id}/rules/rumbugz.pdf").data).text
    )
