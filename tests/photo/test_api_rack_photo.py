"""POST /api/v1/rack-photo through the test client, every answer validated against the OpenAPI document.

A drawn photo's answer is checked for its shape and for agreeing with itself (the total is the
engine's sum of the tiles it names); which tiles the held-out photos show is test_fixture_photos.py's.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scorekeeper.photo import MAX_BYTES
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game, Round

from ..web.api_support import OpenApi
from .photo_support import bomb_png, points_of, rack_png

URL = "/api/v1/rack-photo"


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def post(client, api, data: bytes, *, query: str = "", content_type: str = "image/png", headers=None):
    """The answer as JSON, validated against the document's schema for its status; never a 500."""
    response = client.post(URL + query, data=data, content_type=content_type, headers=headers or {})
    assert response.is_json and response.status_code < 500, (response.status_code, response.data[:200])
    payload = response.get_json()
    api.validate(api.schema_for("POST", URL, response.status_code), payload)
    if response.status_code >= 400:
        assert payload["error"].strip()
    return response.status_code, payload


@pytest.mark.parametrize("content_type", ["image/png", "application/octet-stream"])
def test_a_photo_answers_tiles_total_unsure_flags_and_boxes(client, api, content_type):
    status, answer = post(client, api, rack_png(), content_type=content_type)
    assert status == 200
    assert {"tiles", "total", "unsure", "flags", "boxes", "maybe"} <= set(answer)
    tiles = answer["tiles"]
    assert answer["total"] == sum(points_of(t) for t in tiles)
    assert len(answer["boxes"]) == len(tiles)
    assert all(0 <= k < len(tiles) for k in answer["unsure"])
    for boxes in (answer["boxes"], answer["maybe"]):  # fractions of the photo, where a tile may be missed too
        assert all(len(b) == 4 and 0 <= v <= 1 for b in boxes for v in b)
        assert all(b[0] <= b[2] and b[1] <= b[3] for b in boxes)


def test_flags_are_written_in_the_readers_language(client, api):
    _, english = post(client, api, rack_png())
    _, german = post(client, api, rack_png(), headers={"Accept-Language": "de"})
    assert german["tiles"] == english["tiles"] and german["total"] == english["total"]
    assert len(german["flags"]) == len(english["flags"])
    for said in german["flags"]:
        assert "dieses Foto zeigt" in said


def test_a_photo_changes_no_game(client, api, app):
    created = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]})
    assert created.status_code == 201
    game_url = f"/api/v1/games/{created.get_json()['id']}"
    before = client.get(game_url).get_json()
    assert post(client, api, rack_png())[0] == 200
    assert client.get(game_url).get_json() == before
    with app.app_context():
        assert (db.session.query(Game).count(), db.session.query(Round).count()) == (1, 0)


def test_not_an_image_is_a_400(client, api):
    status, answer = post(client, api, b"these are words, not a photo", content_type="image/jpeg")
    assert status == 400 and "not a photo" in answer["error"]


def test_an_empty_body_is_a_400(client, api):
    status, answer = post(client, api, b"", content_type="application/octet-stream")
    assert status == 400 and "empty" in answer["error"]


def test_more_than_5_mb_is_a_413_saying_so(client, api):
    status, answer = post(client, api, b"\0" * (MAX_BYTES + 1))
    assert status == 413 and f"{MAX_BYTES:,}" in answer["error"]


def test_too_many_pixels_is_a_400_before_decoding(client, api):
    out = io.BytesIO()
    Image.new("1", (7000, 6000)).save(out, "PNG")  # 42 million pixels in a few kilobytes
    status, answer = post(client, api, out.getvalue())
    assert status == 400 and "pixels" in answer["error"]


def test_a_photo_past_pillows_own_bound_says_it_is_too_large(client, api):
    """A header claiming 400 million pixels stops inside Pillow before the app's own check: the
    answer still says what is wrong (too many pixels), not that it is no photo."""
    status, answer = post(client, api, bomb_png())
    assert status == 400
    assert answer["error"] == "the photo has far more pixels than are read (at most 40,000,000)"


@pytest.mark.parametrize("variant, words", [("chess", "unknown variant"), ("krazy-bee", "not one")])
def test_an_unknown_or_card_variant_is_a_400(client, api, variant, words):
    status, answer = post(client, api, rack_png(), query=f"?variant={variant}")
    assert status == 400 and words in answer["error"]


def test_a_json_body_is_a_415(client):
    response = client.post(URL, json={"photo": "R5"})
    assert response.status_code == 415 and "octet-stream" in response.get_json()["error"]
