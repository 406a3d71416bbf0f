"""Keeping a rack photo with consent (views/kept_photos.py, photo/kept.py; docs/rack-photo.md,
"Keeping photos, with consent"): the check screen's endpoint refuses without a secret, without CSRF,
past the size, for what is not a JPEG or PNG, past the host's count, and keeps a photo once; the
host's list, delete and export open only with the host's key."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper.limits import BODY_MAX
from scorekeeper.photo import kept
from scorekeeper.services.seats import open_seats, take_seat
from scorekeeper.storage.extensions import db
from scorekeeper.views.kept_photos import HOST_COOKIE

from ..photo.photo_support import bomb_png
from .game_support import csrf_from, start_game

FIXTURES = Path(__file__).resolve().parents[1] / "photo" / "fixtures"
PHOTO = (FIXTURES / "three-r5-and-a-joker.jpg").read_bytes()
TILES = [{"tile": "R5", "box": [0.1, 0.2, 0.2, 0.4]}, {"tile": "J", "box": None}]
JSON_ONLY = {"Accept": "application/json"}
RUMMIKUB = {"slug": "rummikub", "options": []}


@pytest.fixture
def root(app, tmp_path) -> Path:
    app.config["KEPT_PHOTOS_DIR"] = str(tmp_path / "kept")
    return tmp_path / "kept"


@pytest.fixture
def game(client, root) -> str:
    """A Rummikub game whose edit secret ``client`` holds."""
    return start_game(client, RUMMIKUB, ["Ann", "Bob"])


def token(client, game: str) -> str:
    return csrf_from(client.get(f"/games/{game}/rounds/new").text)


def send(client, game, photo=PHOTO, tiles=TILES, kind="image/jpeg", csrf=True, **headers):
    data = {"tiles": json.dumps(tiles), "photo": (io.BytesIO(photo), "rack.jpg", kind)}
    if csrf:
        data["csrf_token"] = token(client, game)
    return client.post(
        f"/games/{game}/kept-photos",
        data=data,
        content_type="multipart/form-data",
        headers={**JSON_ONLY, **headers},
    )


def test_the_check_screen_offers_it_off_by_default(client, game):
    page = client.get(f"/games/{game}/rounds/new").text
    assert f'data-keep="/games/{game}/kept-photos"' in page
    assert '<input type="checkbox" class="rack-photo-keep-photo"' in page
    assert "checked" not in page.split("rack-photo-keep-photo", 1)[1].split(">", 1)[0]
    assert "Left off, the photo never leaves this phone." in page


def test_kept_once_with_its_tiles_and_no_metadata(client, game, root):
    first = send(client, game)
    assert first.status_code == 201, first.text
    body = first.get_json()
    assert body["new"] is True and body["tiles"] == ["R5", "J"]
    again = send(client, game)
    assert again.status_code == 200 and again.get_json() == {**body, "new": False}
    (shown,) = kept.listed(root)
    assert shown.tiles == ["R5", "J"] and shown.boxes == [[0.1, 0.2, 0.2, 0.4], None]
    assert shown.variant == "rummikub" and shown.kept.endswith("Z")
    sidecar = json.loads((root / f"{shown.id}.json").read_text())
    assert "Ann" not in json.dumps(sidecar) and game not in json.dumps(sidecar)  # no names, no game
    assert sorted(p.name for p in root.iterdir()) == sorted(
        [f"{shown.id}.json", f"{shown.id}.jpg", f"{shown.id}.thumb.jpg"]
    )
    with Image.open(root / f"{shown.id}.jpg") as im:
        assert im.format == "JPEG" and not im.info.get("exif") and im.size == (shown.width, shown.height)


def test_a_seat_secret_keeps_one_too(app, client, game, root):
    with app.app_context():
        from scorekeeper.services import get_game

        g = get_game(game)
        open_seats(g)
        _, secret = take_seat(g, "Bob")
        db.session.commit()
    phone = app.test_client()
    phone.set_cookie(f"seat_{game}", secret)
    csrf = csrf_from(phone.get(f"/games/{game}/seat").text)
    data = {"tiles": "[]", "photo": (io.BytesIO(PHOTO), "rack.jpg", "image/jpeg"), "csrf_token": csrf}
    answer = phone.post(f"/games/{game}/kept-photos", data=data, headers=JSON_ONLY)
    assert answer.status_code == 201, answer.text


def test_without_a_secret_403_and_nothing_kept(app, client, game, root):
    stranger = app.test_client()
    csrf = csrf_from(stranger.get("/games/new/rummikub").text)
    data = {"tiles": "[]", "photo": (io.BytesIO(PHOTO), "rack.jpg", "image/jpeg"), "csrf_token": csrf}
    answer = stranger.post(f"/games/{game}/kept-photos", data=dict(data), headers=JSON_ONLY)
    assert answer.status_code == 403 and "keep a photo" in answer.get_json()["error"]
    data["photo"] = (io.BytesIO(PHOTO), "rack.jpg", "image/jpeg")
    wrong = stranger.post(
        f"/games/{game}/kept-photos", data=data, headers={**JSON_ONLY, "Authorization": "Bearer not-it"}
    )
    assert wrong.status_code == 403
    stranger.set_cookie(f"seat_{game}", "not-a-seat")
    data["photo"] = (io.BytesIO(PHOTO), "rack.jpg", "image/jpeg")
    assert stranger.post(f"/games/{game}/kept-photos", data=data, headers=JSON_ONLY).status_code == 403
    assert kept.count(root) == 0


def test_without_csrf_400(client, game, root):
    answer = send(client, game, csrf=False)
    assert answer.status_code == 400 and "CSRF" in answer.get_json()["error"]
    assert kept.count(root) == 0


def test_past_the_body_limit_413(client, game, root):
    answer = send(client, game, photo=b"\xff\xd8" + b"0" * BODY_MAX)
    assert answer.status_code == 413 and answer.get_json()["error"]
    assert kept.count(root) == 0


def test_too_many_pixels_413(client, game, root):
    big = io.BytesIO()
    Image.new("RGB", (3000, 10), "white").save(big, "PNG")
    answer = send(client, game, photo=big.getvalue(), kind="image/png")
    assert answer.status_code == 413 and "3000 x 10 pixels" in answer.get_json()["error"]
    answer = send(client, game, photo=bomb_png(), kind="image/png")  # past Pillow's own bound too
    assert answer.status_code == 413 and "far more pixels than are kept" in answer.get_json()["error"]
    assert kept.count(root) == 0


@pytest.mark.parametrize(
    "photo, kind",
    [(PHOTO, "text/plain"), (b"GIF89a not a photo", "image/jpeg"), (b"%PDF-1.4", "image/png")],
    ids=["type", "not-a-jpeg", "not-a-png"],
)
def test_not_a_jpeg_or_png_415(client, game, root, photo, kind):
    answer = send(client, game, photo=photo, kind=kind)
    assert answer.status_code == 415 and answer.get_json()["error"]
    assert kept.count(root) == 0


def test_a_form_that_is_not_multipart_415(client, game):
    answer = client.post(
        f"/games/{game}/kept-photos",
        data={"csrf_token": token(client, game), "tiles": "[]"},
        headers=JSON_ONLY,
    )
    assert answer.status_code == 415


@pytest.mark.parametrize(
    "tiles, said",
    [
        ("not json", "the form's 'tiles' is not valid JSON (at line 1, column 1)"),
        # read as the API reads a JSON body (api/bodies.py): nested past what can be read was a 500,
        # a key given twice kept its last value
        ("[" * 100_000 + "]" * 100_000, "the form's 'tiles' is nested too deeply to be read"),
        ('[{"tile": "R5", "tile": "J"}]', """the form's 'tiles' gives the key "tile" twice"""),
        ('[{"tile": "R5", "box": [NaN, 0, 1, 1]}]', "NaN is not a JSON number"),
        ([{"tile": "R14"}], "'R14' is not a tile"),
        ([{"tile": "R5", "box": [0.5, 0, 0.1, 1]}], "its box"),
        ([{"tile": "R5"}] * 107, "at most 106 tiles"),
    ],
)
def test_bad_tiles_400_with_the_reason(client, game, root, tiles, said):
    data = {
        "tiles": tiles if isinstance(tiles, str) else json.dumps(tiles),
        "photo": (io.BytesIO(PHOTO), "rack.jpg", "image/jpeg"),
        "csrf_token": token(client, game),
    }
    answer = client.post(f"/games/{game}/kept-photos", data=data, headers=JSON_ONLY)
    assert answer.status_code == 400 and said in answer.get_json()["error"]
    assert kept.count(root) == 0


def test_a_card_game_keeps_no_rack_photo_400(client, root):
    game = start_game(client, {"slug": "krazy-bee", "options": []}, ["Ann", "Bob"])
    assert send(client, game).status_code == 400


def test_past_the_count_409_with_a_clear_message(client, game, root, monkeypatch):
    monkeypatch.setattr(kept, "KEPT_PHOTOS_MAX", 1)
    assert send(client, game).status_code == 201
    other = io.BytesIO()
    Image.new("RGB", (64, 48), "green").save(other, "PNG")
    answer = send(client, game, photo=other.getvalue(), kind="image/png")
    assert answer.status_code == 409
    assert "at most 1 photos" in answer.get_json()["error"] and "export" in answer.get_json()["error"]
    assert send(client, game).status_code == 200  # the one kept already is still taken again


# -- the host's list -----------------------------------------------------------------------------


def host(app, root):
    """A browser holding the host's key (through the link the command prints)."""
    browser = app.test_client()
    answer = browser.get(f"/kept-photos/join/{kept.host_key(root)}")
    assert answer.status_code == 302 and answer.headers["Location"] == "/kept-photos"
    cookie = next(c for c in answer.headers.getlist("Set-Cookie") if c.startswith(HOST_COOKIE))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    return browser


def test_the_list_is_the_hosts_alone(app, client, game, root):
    assert send(client, game).status_code == 201
    (shown,) = kept.listed(root)
    paths = [
        "/kept-photos",
        "/kept-photos/export.zip",
        f"/kept-photos/photo/{shown.id}",
        f"/kept-photos/thumb/{shown.id}",
    ]
    for path in paths:  # the game's editor is not the host; no key made yet: a 404, as for any page not there
        assert client.get(path).status_code == 404, path
    kept.host_key(root)
    for path in paths:
        assert client.get(path).status_code == 404, path
    assert client.get("/kept-photos/join/not-the-key").status_code == 404
    client.set_cookie(HOST_COOKIE, "not-the-key")
    assert client.get("/kept-photos").status_code == 404
    csrf = token(client, game)
    assert client.post(f"/kept-photos/delete/{shown.id}", data={"csrf_token": csrf}).status_code == 404
    assert client.post("/kept-photos/delete-all", data={"csrf_token": csrf}).status_code == 404
    assert kept.count(root) == 1


def test_the_host_lists_exports_and_deletes(app, client, game, root):
    assert send(client, game).status_code == 201
    other = io.BytesIO()
    Image.new("RGB", (64, 48), "green").save(other, "PNG")
    sneaky = [{"tile": "K13", "box": None}]
    assert send(client, game, photo=other.getvalue(), kind="image/png", tiles=sneaky).status_code == 201
    browser = host(app, root)
    page = browser.get("/kept-photos")
    assert page.status_code == 200 and "no-store" in page.headers["Cache-Control"]
    first, second = kept.listed(root)
    assert "R5 J" in page.text and "K13" in page.text and page.text.count('class="kept-photo"') == 2
    assert "<span>Rummikub</span>" in page.text  # the variant by its name
    thumb = browser.get(f"/kept-photos/thumb/{first.id}")
    assert thumb.status_code == 200 and thumb.mimetype == "image/jpeg"
    assert browser.get("/kept-photos/photo/../../secret_key").status_code == 404

    exported = browser.get("/kept-photos/export.zip")
    assert exported.status_code == 200 and exported.mimetype == "application/zip"
    with zipfile.ZipFile(io.BytesIO(exported.data)) as z:
        assert sorted(z.namelist()) == sorted(
            ["tiles.json", "tiles.csv", f"photos/{first.id}.jpg", f"photos/{second.id}.jpg"]
        )
        assert {tuple(k["tiles"]) for k in json.loads(z.read("tiles.json"))} == {("R5", "J"), ("K13",)}
        assert "photos/" + second.id + ".jpg" in z.read("tiles.csv").decode()
        assert "host-key" not in " ".join(z.namelist())

    csrf = csrf_from(page.text)
    assert browser.post(f"/kept-photos/delete/{first.id}", data={}).status_code == 400  # no CSRF token
    deleted = browser.post(
        f"/kept-photos/delete/{first.id}", data={"csrf_token": csrf}, follow_redirects=True
    )
    assert deleted.status_code == 200 and "The photo and its tiles are deleted." in deleted.text
    assert [k.id for k in kept.listed(root)] == [second.id]
    assert browser.post(f"/kept-photos/delete/{first.id}", data={"csrf_token": csrf}).status_code == 404
    gone = browser.post("/kept-photos/delete-all", data={"csrf_token": csrf}, follow_redirects=True)
    assert "1 photo and its tiles deleted." in gone.text and "No photo is kept." in gone.text
    assert kept.count(root) == 0 and (root / "host-key").is_file()


def test_the_list_escapes_what_it_shows(app, root):
    """A sidecar edited by hand on the host is shown as text, never as markup."""
    root.mkdir(parents=True)
    bad = kept.Kept("a" * 24, ["<script>x</script>"], [None], "<b>v</b>", "2026-12-02T10:00:00Z", 1, 1)
    (root / f"{'a' * 24}.json").write_text(json.dumps(bad.as_json()))
    page = host(app, root).get("/kept-photos").text
    assert "<script>x</script>" not in page and "&lt;script&gt;" in page and "<b>v</b>" not in page
