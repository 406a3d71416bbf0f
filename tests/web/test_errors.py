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
    assert list(response.get_json())[:7] == ["variant", "valid", "kind", "kinds", "points", "reading", "reasons"]
