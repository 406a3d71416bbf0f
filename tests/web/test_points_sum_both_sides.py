"""A points field's sum (PG-2: ``12+11+7-5``) is read in two places: by the server, which saves the
hand (``entry/points.py`` ``sum_of`` through the form's reading), and by the phone, which shows the
total as the player types (``static/js/typed-sum.js``, run here in Node). A player expects one rule:
the total the phone shows is the total saved, and "not a sum" on the phone is the server's form
error. Both read the same fields here and must give the same reading: nothing typed (it counts 0),
not a sum, or the same total."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper import services
from scorekeeper.entry.base import Submission, context_for
from scorekeeper.profiles import entry_for
from scorekeeper.rules import RoundError

from .node_support import js_map, node_or_skip
from .rounds_support import new_game, rounds_url, submit, text, totals

NOTHING = ""  # a field left empty: counts 0 (PG-2)
NOT_A_SUM = None

#: what a player types in one field, and how it reads: a total, NOTHING or NOT_A_SUM
CASES = [
    ("12+11+7-5", 25),  # ordinary
    ("0", 0),
    ("-3", -3),
    ("+4", 4),
    ("007", 7),
    ("12-12", 0),
    (" 2 + 2 ", 4),  # spaces
    ("2\t+\t2", 4),
    ("12\u202f+\u00a03", 15),  # a keyboard's narrow and no-break spaces
    ("1 000", NOT_A_SUM),  # a thousands space is not a sign
    ("3 4", NOT_A_SUM),
    ("4-", NOT_A_SUM),  # signs
    ("--3", NOT_A_SUM),
    ("5\u22122", NOT_A_SUM),  # the minus sign U+2212: the phone's keyboard gives "-"
    ("5\u20132", NOT_A_SUM),  # an en dash
    ("\u0661\u0662+3", NOT_A_SUM),  # Arabic-Indic digits: the server read 15, the phone "not a sum"
    ("\uff11\uff12", NOT_A_SUM),  # full-width digits
    ("\u06f5", NOT_A_SUM),  # Persian five
    ("\U0001d7d9", NOT_A_SUM),  # mathematical bold one
    ("\u200f12+3", 15),  # Hebrew/RTL: a right-to-left mark pasted with the number
    ("12\u200e-2", 10),  # a left-to-right mark
    ("\u061c5", 5),  # the Arabic letter mark
    ("\u202b5\u202c", NOT_A_SUM),  # an embedding is not a mark: it is refused on both
    ("", NOTHING),  # empty
    ("   ", NOTHING),
    ("\ufeff", NOTHING),  # a zero-width no-break space alone
    ("\u0085 \u3000", NOTHING),
    ("9999999", 9999999),  # at the input's bound: 7 digits a number
    ("12345678", NOT_A_SUM),  # beyond it
    ("+".join(["9999999"] * 50), 499999950),  # 50 terms
    ("+".join(["1"] * 51), NOT_A_SUM),  # 51
    ("9" * 400, NOT_A_SUM),
    ("2*3", NOT_A_SUM),  # garbage
    ("__import__('os')", NOT_A_SUM),
    ("1e3", NOT_A_SUM),
    ("0x10", NOT_A_SUM),
    ("1.5", NOT_A_SUM),
    ("\u00bd", NOT_A_SUM),
    ("<script>1</script>", NOT_A_SUM),
    ("+", NOT_A_SUM),
]


@pytest.fixture(scope="module")
def node() -> str:
    return node_or_skip()


def _server_reads(app, gid: str, typed: list[str]) -> list:
    """How the server's form reading takes each of ``typed`` in a seat's points field."""
    entry = entry_for("points")
    with app.app_context():
        game = services.get_game(gid)
        ctx = context_for(game, before=services.game_score(game))
        found = []
        for value in typed:
            try:
                facts = entry.parse(Submission(MultiDict({"players.0.points": value})), ctx)
            except RoundError:
                found.append(NOT_A_SUM)
                continue
            found.append(facts["players"][0].get("points", NOTHING))
        return found


def _phone_reads(node: str, typed: list[str]) -> list:
    """typed-sum.js's readSum over each of ``typed``, in Node."""
    return js_map(node, "typed-sum.js", "readSum", typed)


def test_PG_2_the_phone_and_the_server_read_a_sum_alike(app, client, node):
    gid = new_game(app, client, "points", names=("Ann", "Bob"))
    typed = [value for value, _ in CASES]
    server, phone = _server_reads(app, gid, typed), _phone_reads(node, typed)
    for (value, reading), said, shown in zip(CASES, server, phone, strict=True):
        assert said == reading, ("server", value, said)
        assert shown == reading, ("phone", value, shown)


def test_PG_2_every_character_reads_alike_on_both(app, client, node):
    """Each character of the Basic Multilingual Plane alone, and between a number and a sum: a
    blank, a digit or a sign on both sides, or on neither."""
    gid = new_game(app, client, "points", names=("Ann", "Bob"))
    chars = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    typed = [form for c in chars for form in (c, f"5{c}+2")]
    server, phone = _server_reads(app, gid, typed), _phone_reads(node, typed)
    differ = [
        (f"U+{ord(t[-3] if len(t) > 1 else t):04X}", t, s, p)
        for t, s, p in zip(typed, server, phone)
        if s != p
    ]
    assert not differ, differ[:10]


def test_PG_2_digits_of_another_script_are_a_form_error_and_nothing_is_saved(app, client):
    gid = new_game(app, client, "points", names=("Ann", "Bob"))
    refused = submit(client, rounds_url(gid), {"players.0.points": "\u0661\u0662+3", "players.1.points": "4"})
    page = text(refused)
    assert "Nothing was saved" in page and "is not a sum of whole numbers" in page and "PG-2" in page
    assert totals(client, gid) == [0, 0]
    saved = submit(client, rounds_url(gid), {"players.0.points": "\u200f12 + 3", "players.1.points": "4"})
    assert saved.status_code == 200
    assert totals(client, gid) == [15, 4]
