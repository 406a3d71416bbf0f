"""The hand form's preview (``POST /games/<id>/rounds/preview``) reads its JSON body as the API does
(scorekeeper/api/bodies.py ``body``): before, it read it with Flask's ``get_json``, which took UTF-16
and UTF-32 (and keys given twice, ``NaN``) that the API refuses, and answered anything it could not
read with "say what to preview"."""

from __future__ import annotations

import json

import pytest

from .game_support import csrf_from

NEW_GAME = {"variant": "rummikub", "players": ["Ann", "Bob"]}
HAND = '{"what": "hand", "cards": "R5 J"}'


@pytest.fixture
def preview(client):
    """Send ``raw`` to a fresh game's preview as its editor's hand form would: the answer."""
    created = client.post("/api/v1/games", json=NEW_GAME).get_json()
    client.set_cookie(f"sk_edit_{created['id']}", created["secret"])
    csrf = csrf_from(client.get(f"/games/{created['id']}/rounds/new").get_data(as_text=True))

    def send(raw: bytes):
        return client.post(
            f"/games/{created['id']}/rounds/preview",
            data=raw,
            headers={"X-CSRFToken": csrf, "Content-Type": "application/json"},
        )

    return send


def test_a_utf8_preview_is_answered(preview):
    answer = preview(HAND.encode())
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["points"] == 35
    assert preview(HAND.encode("utf-8-sig")).status_code == 200  # a UTF-8 byte-order mark is ignored


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_a_preview_in_utf16_or_utf32_is_refused_saying_so(preview, encoding):
    """Before: 200 and the hand's value, as if it had been sent as UTF-8."""
    answer = preview(HAND.encode(encoding))
    assert answer.status_code == 400
    assert answer.get_json()["error"] == (
        "the request body is UTF-16 or UTF-32 text; JSON is sent as UTF-8 (RFC 8259, 8.1): send it as UTF-8"
    )


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b'{"what": "counts", "what": "hand", "cards": "R5"}', 'the request body gives the key "what" twice'),
        (b'{"what": "counts", "counts": {"J": NaN}}', "NaN is not a JSON number"),
        (b'{"what": "hand", "cards": "R5"', "the request body is not valid JSON (at line 1"),
        (b"", "the request body is empty"),
    ],
)
def test_a_preview_body_the_api_refuses_is_refused_with_its_reason(preview, raw, said):
    """Before: a key given twice counted its last value (200), and a body that was not JSON was told
    "say what to preview"."""
    answer = preview(raw)
    assert answer.status_code == 400
    assert said in answer.get_json()["error"]


def test_half_a_character_in_a_preview_is_refused(preview):
    answer = preview(json.dumps({"what": "hand", "cards": "R5 \ud800"}).encode())
    assert answer.status_code == 422
    assert "lone surrogate" in answer.get_json()["error"]
