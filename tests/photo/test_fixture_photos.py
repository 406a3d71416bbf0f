"""Held-out rack photos (fonts and tables training never saw) read tile for tile by the committed
models, through the server's reading, the API and the command line alike.

The photos and their truth come from tools/rackphoto/fixtures.py: the truth is the renderer's,
not a reading's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main as cli_main
from scorekeeper.photo import read_photo

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PHOTOS = sorted(p.stem for p in FIXTURES.glob("*.jpg"))


def truth(name: str) -> list[str]:
    return json.loads((FIXTURES / f"{name}.json").read_text())["tiles"]


def test_there_are_fixture_photos():
    assert {"held-out-long", "held-out-short", "held-out-far", "three-r5-and-a-joker"} <= set(PHOTOS)


def test_the_far_rack_is_read_from_the_closer_look_and_the_others_are_not():
    """The far rack's tiles are small in the detector's box, so it is looked at again closer; the
    near ones are read from the first look."""
    from scorekeeper.photo import photo

    for name in PHOTOS:
        _, near = photo.first_look(photo.decode((FIXTURES / f"{name}.jpg").read_bytes()))
        assert (near is not None) == (name == "held-out-far"), name


@pytest.mark.parametrize("name", PHOTOS)
def test_a_held_out_photo_reads_tile_for_tile(name):
    got = read_photo((FIXTURES / f"{name}.jpg").read_bytes(), "rummikub")
    assert got.tiles == truth(name)
    assert got.unsure == []
    assert got.total == sum(30 if t == "J" else int(t[1:]) for t in truth(name))  # CT-7


def test_three_of_a_tile_and_a_joker_are_flagged_with_the_rule():
    got = read_photo((FIXTURES / "three-r5-and-a-joker.jpg").read_bytes(), "rummikub")
    assert got.tiles.count("R5") == 3 and "J" in got.tiles
    assert len(got.flags) == 1
    assert "R5" in got.flags[0] and "CT-7" in got.flags[0]


@pytest.mark.parametrize("name", ["held-out-long", "held-out-far", "three-r5-and-a-joker"])
def test_the_api_and_the_command_line_read_it_as_the_server_does(name, client, capsys):
    data = (FIXTURES / f"{name}.jpg").read_bytes()
    expected = read_photo(data, "crazy-tiles").as_json()
    answer = client.post(
        "/api/v1/rack-photo?variant=crazy-tiles", data=data, headers={"Content-Type": "image/jpeg"}
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    got = answer.get_json()
    assert {key: got[key] for key in expected} == expected  # and the flags' keys, for clients
    assert cli_main(["rack-photo", str(FIXTURES / f"{name}.jpg"), "--variant", "crazy-tiles", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert {key: said[key] for key in expected} == expected
