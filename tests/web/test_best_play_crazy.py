"""The audit's Best play request: five 5s with one deck answered with the deck's reason, never "internal"."""

from __future__ import annotations


def test_five_fives_get_the_deck_reason_not_an_internal_error(client):
    answer = client.post(
        "/api/v1/solve", json={"variant": "crazy-rummy", "rack": "5 5 5 5 5", "options": {"wild": "7"}}
    )
    assert answer.status_code == 422
    body = answer.get_json()
    assert "internal" not in body["error"] and "CZ-1" in body["error"] and "rank 5" in body["error"]
    legal = client.post(
        "/api/v1/solve",
        json={"variant": "crazy-rummy", "rack": "5 5 5 5 5", "options": {"wild": "7", "players": 3}},
    )
    assert legal.status_code == 200 and legal.get_json()["sets"] == [["5"] * 5]
