"""``scorekeeper kept-photos list|export|delete|link``: the host's command for the rack photos players
chose to keep (docs/rack-photo.md, "Keeping photos, with consent"); exit 2 naming the bad input."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper.cli import main
from scorekeeper.photo import kept

PHOTO = (Path(__file__).resolve().parent / "fixtures" / "three-r5-and-a-joker.jpg").read_bytes()


@pytest.fixture
def root(tmp_path) -> Path:
    """A folder with two kept photos."""
    folder = tmp_path / "kept"
    kept.keep(folder, PHOTO, ["R5", "R5", "R5", "J"], [None] * 4, "rummikub")
    other = io.BytesIO()
    Image.new("RGB", (64, 48), "green").save(other, "PNG")
    kept.keep(folder, other.getvalue(), ["K1"], [[0.1, 0.1, 0.2, 0.3]], "crazy-tiles")
    return folder


def run(root: Path, *words: str) -> int:
    return main(["kept-photos", "--dir", str(root), *words])


def test_list_plain_and_json(root, capsys):
    assert run(root, "list") == 0
    out = capsys.readouterr().out
    assert "R5 R5 R5 J" in out and "crazy-tiles  K1" in out and "2 kept photos in" in out
    assert run(root, "list", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert {tuple(k["tiles"]) for k in shown} == {("R5", "R5", "R5", "J"), ("K1",)}


def test_export_writes_the_photos_and_their_tiles(root, tmp_path, capsys):
    out = tmp_path / "out.zip"
    assert run(root, "export", str(out)) == 0
    assert "2 kept photos and their tiles written" in capsys.readouterr().out
    with zipfile.ZipFile(out) as z:
        names = z.namelist()
        assert "tiles.json" in names and "tiles.csv" in names
        assert len([n for n in names if n.startswith("photos/")]) == 2
        assert z.read("tiles.csv").decode().splitlines()[0] == "id,photo,tiles,variant,kept,width,height"


def test_delete_one_then_all(root, capsys):
    first = kept.listed(root)[0].id
    assert run(root, "delete", first) == 0
    assert [k.id for k in kept.listed(root)] != [] and first not in [k.id for k in kept.listed(root)]
    assert run(root, "delete", "--all") == 0
    assert kept.count(root) == 0 and "1 kept photo deleted" in capsys.readouterr().out


@pytest.mark.parametrize(
    "words, named",
    [
        (("delete", "0123456789abcdef01234567"), "'0123456789abcdef01234567': no kept photo has this id"),
        (("delete", "../secret_key"), "'../secret_key': no kept photo has this id"),
        (("delete",), "name the ids"),
        (("frob",), "'frob'"),
        (("export", "/no/such/folder/out.zip"), "/no/such/folder/out.zip"),
    ],
)
def test_bad_input_is_exit_2_naming_it(root, capsys, words, named):
    assert run(root, *words) == 2
    assert named in capsys.readouterr().err
    assert kept.count(root) == 2  # nothing deleted


def test_a_bad_id_among_good_ones_deletes_none(root, capsys):
    good = kept.listed(root)[0].id
    assert run(root, "delete", good, "nope") == 2
    assert "'nope'" in capsys.readouterr().err and kept.count(root) == 2


def test_link_makes_the_hosts_key_once(root, capsys):
    assert run(root, "link", "--url", "https://cards.example/") == 0
    line = capsys.readouterr().out.splitlines()[0]
    key = kept.host_key(root)
    assert line == f"https://cards.example/kept-photos/join/{key}"
    assert (root / "host-key").stat().st_mode & 0o777 == 0o600
    assert run(root, "link", "--new") == 0
    assert kept.host_key(root) != key and not kept.is_host_key(root, key)
