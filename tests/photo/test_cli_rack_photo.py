"""``scorekeeper rack-photo IMAGE``: the API's answer on the command line; exit 2 on bad input."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main

from .photo_support import points_of, rack_png


@pytest.fixture
def photo(tmp_path):
    path = tmp_path / "rack.png"
    path.write_bytes(rack_png())
    return path


def test_json_has_the_apis_shape(photo, capsys):
    assert main(["rack-photo", str(photo), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"tiles", "total", "unsure", "flags", "boxes", "maybe"}
    assert answer["total"] == sum(points_of(t) for t in answer["tiles"])
    assert len(answer["boxes"]) == len(answer["tiles"])


def test_plain_output_names_the_total(photo, capsys):
    assert main(["rack-photo", str(photo), "--variant", "crazy-tiles"]) == 0
    assert "total:" in capsys.readouterr().out


def test_a_missing_file_is_exit_2_naming_it(tmp_path, capsys):
    missing = tmp_path / "nope.jpg"
    assert main(["rack-photo", str(missing), "--json"]) == 2
    assert "nope.jpg" in capsys.readouterr().err


def test_a_text_file_is_exit_2_naming_it(tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("R5 R6 R7\n")
    assert main(["rack-photo", str(text)]) == 2
    err = capsys.readouterr().err
    assert "notes.txt" in err and "not a photo" in err


def test_an_unknown_variant_is_exit_2_naming_it(photo, capsys):
    assert main(["rack-photo", str(photo), "--variant", "chess"]) == 2
    assert "'chess'" in capsys.readouterr().err
