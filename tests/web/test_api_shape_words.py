"""A body the API document refuses is told so in sentences for people, with the field's path: never
the JSON Schema library's wording ('x' is not of type 'integer', Additional properties are not
allowed) or a Python repr; and a large malformed import is judged only until its first places are
found (issue 36: 586 KB cost 13.5 s of CPU in its schema check)."""

from __future__ import annotations

import jsonschema.exceptions
import pytest

from scorekeeper.api import bodies
from scorekeeper.api.shapes import SHAPE_ERRORS_MAX

#: the library's and Python's own wording, which no answer may carry
LIBRARY_WORDS = (
    "is not of type",
    "Additional properties",
    "is a required property",
    "was unexpected",
    "is not valid under",
    "should not be valid under",
    "does not match '",
    "is too long",
    "is greater than",
    "None",
    "False",
    "Expecting",
    "(char ",
)


def _refused(client, path: str, body=None, data=None) -> str:
    answer = (
        client.post(path, json=body)
        if data is None
        else client.post(path, data=data, content_type="application/json")
    )
    assert answer.status_code in (400, 422), answer.get_json()
    error = answer.get_json()["error"]
    for words in LIBRARY_WORDS:
        assert words not in error, error
    return error


@pytest.mark.parametrize(
    "body, said",
    [
        (
            {"variant": "rummikub", "cards": "R1 R2 R3", "options": {"rounds": 2, "colour": 1}},
            'options: "colour" is not a field it takes (it takes',
        ),
        (
            {"variant": "rummikub", "cards": "R1 R2 R3", "options": None},
            "options: must be an object, not null",
        ),
        (
            {"variant": "rummikub", "cards": "R1 R2 R3", "options": False},
            "must be an object, not true or false",
        ),
        ({"variant": "rummikub", "options": {}}, 'the body: "cards" is missing'),
    ],
)
def test_a_body_of_the_wrong_shape_is_told_in_a_sentence_with_its_field(client, body, said):
    assert said in _refused(client, "/api/v1/check", body)


def test_a_wrong_type_deep_in_an_import_names_its_path_and_both_kinds(client):
    game = {
        "format": "scorekeeper-game",
        "version": 1,
        "variant": "points",
        "players": [{"seat": 0, "name": "Ann"}, {"seat": "one", "name": "Bob"}],
    }
    error = _refused(client, "/api/v1/games/import", game)
    assert "players.1.seat: must be a whole number, not text" in error, error


def test_a_body_that_is_not_json_says_where_reading_stopped(client):
    error = _refused(client, "/api/v1/check", data='{"variant": ')
    assert error == "the request body is not valid JSON (at line 1, column 13)"


def _malformed_table(games: int) -> dict:
    """A table export whose every game lacks its variant (so no branch of the game union is named)."""
    game = {
        "format": "scorekeeper-game",
        "version": 1,
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
        "rounds": [{"number": n + 1, "facts": {"went_out": "x"}} for n in range(20)],
    }
    return {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "Shelf",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "games": [{"players": ["Ann", "Bob"], "game": game} for _ in range(games)],
    }


def test_a_large_malformed_table_import_is_judged_only_to_its_first_places(client, monkeypatch):
    """500 games (about 700 KB) of the wrong shape: every variant's branch of every game was judged, and
    every error kept (25 s of CPU here); now the discriminator picks the branch, and the check stops
    at the first places it names. Counted: the library's error objects made."""
    made = []
    init = jsonschema.exceptions._Error.__init__

    def counted(self, *args, **kwargs):
        made.append(1)
        init(self, *args, **kwargs)

    monkeypatch.setattr(jsonschema.exceptions._Error, "__init__", counted)
    monkeypatch.setattr(bodies, "POOLED_BYTES", 10**9)  # judged here, where the count is seen
    error = _refused(client, "/api/v1/tables/import", _malformed_table(500))
    assert 'games.0.game: "variant" is missing' in error, error
    assert len(made) <= 5 * SHAPE_ERRORS_MAX, len(made)
