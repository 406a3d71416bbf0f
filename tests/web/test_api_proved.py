"""Issue 34 through ``POST /api/v1/solve`` and ``/api/v1/turn``: the grid's crossings through a set's
own tiles (CT-9) and crossing jokers (CT-10), as the command line answers them
(``tests/rules/test_proved_means_proved.py``)."""

from __future__ import annotations


def post(client, path: str, body: dict) -> dict:
    response = client.post(path, json=body)
    assert response.status_code == 200
    return response.get_json()


def test_a_new_line_through_a_tile_of_a_set_of_the_same_kind_is_found_ct9(client):
    answer = post(client, "/api/v1/solve", {"variant": "runny-tiles", "table": "R4 R5 R6", "rack": "R4 R6"})
    assert (answer["tiles_played"], answer["optimal"]) == (2, True)
    body = {"variant": "runny-tiles", "before": "R4 R5 R6", "rack": "R4 R6", "after": answer["board"]}
    assert post(client, "/api/v1/turn", body)["valid"] is True


def test_a_table_joker_crossing_with_two_rack_tiles_in_one_line_is_found_ct10(client):
    body = {"variant": "runny-tiles", "table": "K9 J K11", "rack": "B10 B12 R13"}
    answer = post(client, "/api/v1/solve", body)
    assert (answer["tiles_played"], answer["optimal"]) == (3, True)


def test_a_crossing_joker_changing_colour_needs_two_rack_tiles_ct10(client):
    body = {
        "variant": "runny-tiles",
        "before": "R4 J R6 / . B5 . / . K5 .",
        "rack": "R5",
        "after": "R4 R5 R6 / . B5 . / . K5 . / . J .",
    }
    verdict = post(client, "/api/v1/turn", body)
    assert verdict["valid"] is False and verdict["reasons"][0].startswith(
        "CT-10: the joker that stood for R5"
    )
