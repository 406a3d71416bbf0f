"""A JSON body can write half a UTF-16 surrogate pair (``"\\ud800"``), which no UTF-8 encoder, page or
database takes: before, a game named so was stored (201) and its page was a 500 for everyone after,
and a house game's note or an import's audit line was a 500 at once. Now every body holding one is
a 422 naming the place (as a name holding one always was), and nothing is stored. A number longer
than Python reads is refused in our words, not Python's; a time zone cannot move an imported time
out of the years an export carries; a name of megabytes is refused before it is read through.
(Found by probing the API as a hostile sender would, 6 December.)"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import HANDS

BROKEN = '"G\\ud800"'


def body(fields: str) -> str:
    """A new points game's body with ``fields`` added (JSON text, written as sent)."""
    return '{"variant": "points", "players": ["A", "B"], ' + fields + "}"


def send(client, path: str, text: str, **headers):
    return client.post(path, data=text, content_type="application/json", headers=headers)


def games(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        (body('"options": {"game_name": ' + BROKEN + "}"), "options.game_name"),
        ('{"variant": "points", "players": ["A", ' + BROKEN + "]}", "players.1"),
        (body(BROKEN + ": 1"), "a key"),
        (body('"options": {"game_name": "x\\udc00y"}'), "options.game_name"),
    ],
)
def test_half_a_surrogate_pair_is_a_422_naming_its_place_and_nothing_is_kept(app, client, text, place):
    answer = send(client, "/api/v1/games", text)
    assert answer.status_code == 422, answer.get_json()
    assert f"{place}: a broken character (a lone surrogate" in answer.get_json()["error"]
    assert games(app) == 0


def test_a_whole_pair_written_as_two_escapes_is_one_character_and_kept(app, client):
    """A bee (U+1F41D) escaped as its two halves is a whole character: taken as it is."""
    text = '{"variant": "points", "players": ["A", "B"], "options": {"game_name": "Bees \\ud83d\\udc1d"}}'
    answer = send(client, "/api/v1/games", text)
    assert answer.status_code == 201, answer.get_json()
    page = client.get(f"/games/{answer.get_json()['id']}")
    assert page.status_code == 200 and "Bees \N{HONEYBEE}" in page.get_data(as_text=True)
    # an escaped backslash before "ud800" is text, not an escape
    literal = '{"variant": "points", "players": ["A", "B"], "options": {"game_name": "\\\\ud800"}}'
    assert send(client, "/api/v1/games", literal).status_code == 201
    assert games(app) == 2


def test_a_stored_text_never_reaches_the_database_half_a_character(app, client):
    """The import's audit line was a 500 (UnicodeEncodeError at the flush)."""
    made = client.post("/api/v1/games", json={"variant": "points", "players": ["A", "B"]}).get_json()
    exported = client.get(f"/api/v1/games/{made['id']}/export").get_data(as_text=True)
    text = exported.replace('"summary":"', '"summary":"x\\ud800', 1)
    assert text != exported
    answer = send(client, "/api/v1/games/import", text)
    assert answer.status_code == 422 and "audit.0.summary: a broken character" in answer.get_json()["error"]
    assert games(app) == 1


def test_a_number_longer_than_python_reads_is_refused_in_our_words(client):
    text = '{"variant": "points", "players": ["A", "B"], "first_dealer": %s}' % ("9" * 5000)
    answer = send(client, "/api/v1/games", text)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "a number of 5,000 digits; at most 4,300" in error and "sys." not in error


def _export(client) -> dict:
    made = client.post("/api/v1/games", json={"variant": "points", "players": ["A", "B"]}).get_json()
    return client.get(f"/api/v1/games/{made['id']}/export").get_json()


@pytest.mark.parametrize("stamp", ["1000-01-01T00:00:00+01:00", "2999-12-31T23:59:59-01:00"])
def test_a_time_zone_cannot_move_an_imported_time_out_of_the_years_an_export_carries(app, client, stamp):
    """Taken before, stored as 0999-12-31T23:00:00Z: the game's own export then failed its document
    and could not be imported again."""
    export = _export(client)
    answer = client.post("/api/v1/games/import", json={**export, "updated_at": stamp})
    assert answer.status_code == 422, answer.get_json()
    assert f"updated_at: '{stamp}' is not an ISO 8601 time from year 1000 to 2999 (in UTC)" in json.dumps(
        answer.get_json()
    )
    kept = client.post("/api/v1/games/import", json={**export, "updated_at": "1000-01-01T00:00:00-01:00"})
    assert kept.status_code == 201 and games(app) == 2
    again = client.get(f"/api/v1/games/{kept.get_json()['id']}/export").get_json()
    assert again["updated_at"] == "1000-01-01T01:00:00Z"
    assert client.post("/api/v1/games/import", json=again).status_code == 201


def test_a_name_of_megabytes_is_refused_before_it_is_read_through(app, client):
    export = _export(client)
    export["players"][1]["name"] = "A" * 4_000_000
    answer = client.post("/api/v1/games/import", json=export)
    assert answer.status_code == 422
    assert "players.1: a name can be at most 40 characters" in json.dumps(answer.get_json())
    assert games(app) == 1


@pytest.mark.parametrize("written", ["%D9%A1", "%EF%BC%91", "01", "001"])
def test_a_hand_number_in_other_digits_or_with_a_leading_zero_is_no_hand(app, client, written):
    """Werkzeug's int converter read an Arabic-Indic or a full-width one and ``01`` as 1, and DELETE
    removed hand 1."""
    made = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["A", "B"]}).get_json()
    auth = {"Authorization": f"Bearer {made['secret']}"}
    hand = HANDS["rummikub"]
    recorded = client.post(f"/api/v1/games/{made['id']}/rounds", json=hand, headers=auth)
    assert recorded.status_code == 201, recorded.get_json()
    assert client.delete(f"/api/v1/games/{made['id']}/rounds/{written}", headers=auth).status_code == 404
    assert len(client.get(f"/api/v1/games/{made['id']}").get_json()["rounds"]) == 1  # still there
    assert client.delete(f"/api/v1/games/{made['id']}/rounds/1", headers=auth).status_code == 200


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"variant": "points", "variant": "rummikub", "players": ["A", "B"]}', '"variant"'),
        (body('"options": {"game_name": "x", "game_name": "y"}'), '"game_name"'),
        ('{"variant": "points", "players": ["A", "B"], "\\u0076ariant": "points"}', '"variant"'),
    ],
)
def test_a_key_given_twice_in_one_object_is_a_400_and_nothing_is_kept(app, client, text, key):
    """RFC 8259 leaves which of two equal keys counts to each reader (Python took the last, many
    take the first): the change a proxy, a log or a retry's reader sees could be another one."""
    answer = send(client, "/api/v1/games", text)
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["error"] == (
        f"the request body gives the key {key} twice in one object; give each key once"
    )
    assert games(app) == 0


@pytest.mark.parametrize(
    ("raw", "byte"),
    [
        (b'{"variant": "points", "players": ["A", "\xff\xfe"]}', 41),
        (b'{"variant": "\xc3(", "players": []}', 14),
    ],
)
def test_bytes_that_are_not_utf8_are_refused_in_our_words(app, client, raw, byte):
    """Before, the answer quoted Python's codec: "'utf-8' codec can't decode byte 0xff in position 40:
    invalid start byte"."""
    answer = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert answer.status_code == 400, answer.get_json()
    error = answer.get_json()["error"]
    assert error == f"the request body is not UTF-8 text (byte {byte} cannot be read); send it as UTF-8"
    assert games(app) == 0


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_json_in_utf16_or_utf32_is_refused_saying_so(app, client, encoding):
    """RFC 8259 (8.1): JSON exchanged between systems is UTF-8. Python's json detected UTF-16 and
    UTF-32 (with a byte-order mark or without) and read them: the game was made (201)."""
    raw = '{"variant": "points", "players": ["Zoë", "B"]}'.encode(encoding)
    answer = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["error"] == (
        "the request body is UTF-16 or UTF-32 text; JSON is sent as UTF-8 (RFC 8259, 8.1): send it as UTF-8"
    )
    assert games(app) == 0


def test_a_utf8_byte_order_mark_is_ignored(app, client):
    """RFC 8259 lets a reader ignore a UTF-8 byte-order mark: a body saved by an editor that writes one is taken."""
    raw = '{"variant": "points", "players": ["Zoë", "B"]}'.encode("utf-8-sig")
    answer = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    assert games(app) == 1


@pytest.mark.parametrize(
    ("path", "fields", "most"),
    [
        ("/api/v1/games", {"players": ["A", "B"], "options": {f"o{i}": 1 for i in range(20_000)}}, 9_000),
        ("/api/v1/games", {"players": ["A", "B"], "options": {"o" * 3000: 1, "p" * 3000: 2}}, 4_000),
        ("/api/v1/games", {"players": ["A", "B"], **{f"g{i}": 1 for i in range(20_000)}}, 1_000),
        ("/api/v1/check", {"cards": "R1", "options": {"o" * 3000: [1]}}, 1_000),
    ],
)
def test_unknown_names_by_the_thousand_are_refused_in_a_short_answer(app, client, path, fields, most):
    """Option or field names the request has no use for are named by the first few, each by its
    start: 20,000 unknown options (a body of 200 KB) were answered in 29 MB, each named with every
    option the variant has; 20,000 unknown fields in 378 KB; a 3,000-character option name was
    written whole in each place that named it. Nothing is kept."""
    answer = client.post(path, json={"variant": "rummikub", **fields})
    assert answer.status_code in (400, 422) and len(answer.get_data()) < most, len(answer.get_data())
    assert games(app) == 0
