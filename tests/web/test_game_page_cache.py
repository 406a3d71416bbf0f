"""The game page kept rendered per game and last change: followers and editors (views/games.show).

Each editor's kept page carries that request's own CSRF token, which the
server accepts; a wrong or missing secret gets the read-only page; a change
shows at once to everyone.
"""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.storage.extensions import db

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
HANDS = [
    {"winner": n % 2, "players": [{"rack": "" if s == n % 2 else "R5 B7"} for s in range(2)]}
    for n in range(3)
]


def seeded(app):
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {})
        for facts in HANDS:
            services.record_round(game, facts)
        db.session.commit()
        return game.public_id, secret


def test_kept_editor_pages_carry_each_requests_own_valid_token(app):
    public_id, secret = seeded(app)
    a, b = app.test_client(), app.test_client()
    for c in (a, b):
        c.set_cookie(f"sk_edit_{public_id}", secret)
    first, kept = a.get(f"/games/{public_id}").text, b.get(f"/games/{public_id}").text
    token_a, token_b = TOKEN.search(first).group(1), TOKEN.search(kept).group(1)
    assert token_a != token_b and "csrf-token-of-this-request" not in kept
    assert TOKEN.sub("", first) == TOKEN.sub("", kept)  # the same page apart from the token
    assert b.post(f"/games/{public_id}/undo", data={"csrf_token": token_b}).status_code == 302
    after = a.get(f"/games/{public_id}").text
    assert "2 rounds" in after and TOKEN.search(after)  # Rummikub plays rounds (CT-8)


def test_a_wrong_or_missing_secret_gets_the_read_only_page(app):
    public_id, secret = seeded(app)
    editor, stranger, follower = app.test_client(), app.test_client(), app.test_client()
    editor.set_cookie(f"sk_edit_{public_id}", secret)
    stranger.set_cookie(f"sk_edit_{public_id}", "not-the-secret")
    assert "csrf_token" in editor.get(f"/games/{public_id}").text
    for c in (stranger, follower):
        page = c.get(f"/games/{public_id}").text
        assert "csrf_token" not in page and "read-only" in page
