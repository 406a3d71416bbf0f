"""The app's error handlers: JSON under /api/, pages elsewhere, headers kept, key order kept."""


def test_405_keeps_the_allow_header(client):
    response = client.delete("/api/v1/variants")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    assert response.get_json()["error"]


def test_404_page_is_html_outside_the_api(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert b"<html" in response.data


def test_json_keeps_the_verdict_key_order(client):
    response = client.post("/api/v1/check", json={"variant": "krazy-bee", "cards": "7 7 7"})
    assert list(response.get_json())[:7] == [
        "variant",
        "valid",
        "kind",
        "kinds",
        "points",
        "reading",
        "reasons",
    ]


def test_a_refused_change_links_back_to_its_game(app, client):
    from scorekeeper import services
    from scorekeeper.storage.extensions import db

    with app.app_context():
        game, _ = services.create_game("rummikub", ["Ann", "Bob"], {})
        db.session.commit()
        public_id = game.public_id
    response = client.get(f"/games/{public_id}/rounds/new")  # no edit secret: 403
    assert response.status_code == 403
    assert f'href="/games/{public_id}"' in response.text and "Back to the game" in response.text
    assert "Back to the game" not in client.get("/no-such-page").text


def test_a_body_that_came_too_slowly_is_a_408_in_each_readers_words(client):
    """The production server marks a body that came too slowly (cli/stalled_bodies.py): the API says the
    rate, a page says it plainly (its words are translated), not the words of a body that stopped."""
    from scorekeeper.web.guards import SLOW_WORDS, STALLED

    marked = {STALLED: SLOW_WORDS.format(rate=500)}
    api = client.post("/api/v1/check", json={}, environ_overrides=marked)
    assert api.status_code == 408
    assert api.get_json()["error"] == SLOW_WORDS.format(rate=500)
    page = client.post("/games/new/rummikub", data={"player_0": "Ann"}, environ_overrides=marked)
    assert page.status_code == 408
    assert "The request body came too slowly; nothing of it was used. Send it again." in page.text
    assert "stopped coming" not in page.text
