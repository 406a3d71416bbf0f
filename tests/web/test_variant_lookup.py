"""One variant lookup: every page redirects another spelling of a slug to its canonical address,
answers 404 for an unknown one, and the API takes the canonical slug only (its document's enum)."""

from __future__ import annotations

import pytest

from .game_support import csrf_from

PAGES = [
    pytest.param("/games/new/{slug}", id="new-game"),
    pytest.param("/check/{slug}", id="checker"),
    pytest.param("/rules/{slug}", id="rules"),
    pytest.param("/print/pdf?kind=rules&variant={slug}", id="print"),
]


@pytest.mark.parametrize("page", PAGES)
def test_another_spelling_redirects_to_the_canonical_address(client, page):
    response = client.get(page.format(slug="Krazy-Bee"))
    assert response.status_code == 308
    assert response.headers["Location"].endswith(page.format(slug="krazy-bee"))
    assert client.get(page.format(slug="krazy-bee")).status_code == 200


@pytest.mark.parametrize("page", PAGES[:3])
def test_an_unknown_slug_is_404_on_every_page(client, page):
    response = client.get(page.format(slug="no-such-variant"))
    assert response.status_code == 404 and "Page not found" in response.text


def test_the_print_form_names_an_unknown_variant_at_its_field(client):
    response = client.get("/print/pdf?kind=sheet&variant=no-such-variant")
    assert response.status_code == 400 and "choose one of" in response.text


def test_a_new_game_posted_to_another_spelling_keeps_its_method(client):
    token = csrf_from(client.get("/games/new/crib-rummy").text)
    response = client.post("/games/new/CRIB-RUMMY", data={"csrf_token": token})
    assert response.status_code == 308 and response.headers["Location"].endswith("/games/new/crib-rummy")


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/v1/check", {"variant": "Krazy-Bee", "cards": "7 7 7"}),
        ("/api/v1/hand", {"variant": "KRAZY-BEE", "cards": "7"}),
        ("/api/v1/games", {"variant": "Krazy-Bee", "players": ["Ann", "Bob"]}),
    ],
)
def test_the_api_takes_the_canonical_slug_only(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 422
    answer = response.get_json()
    assert "unknown variant" in answer["error"] and "krazy-bee" in answer["error"]


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/v1/check", {"variant": "x" * 3900, "cards": "7 7 7"}),
        ("/api/v1/games", {"variant": "x" * 3900, "players": ["Ann", "Bob"]}),
    ],
    ids=["check", "games"],
)
def test_a_long_unknown_variant_is_quoted_by_its_start(client, path, body):
    """A sender's 3,900-character variant was echoed whole in each of the answer's fields (16 KB for
    one refusal); it is quoted by its first 40 characters, the accepted slugs still listed."""
    response = client.post(path, json=body)
    assert response.status_code == 422
    answer = response.get_json()
    assert "unknown variant 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'" in answer["error"]
    assert "krazy-bee" in answer["error"]
    assert len(response.data) < 4000
