"""Helpers for the games tests: CSRF tokens from real pages, starting games through the form."""

from __future__ import annotations

import re

CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')
#: the key of a form that starts something (scorekeeper/web/form_once.py)
ONCE = re.compile(r'name="once" value="([^"]+)"')


def csrf_from(html: str) -> str:
    """The CSRF token rendered in a page's form."""
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1) or match.group(2)


def page_fields(html: str) -> dict:
    """What a page's form sends besides its own fields: the CSRF token, and the form's key when it has one."""
    once = ONCE.search(html)
    return {"csrf_token": csrf_from(html), **({"once": once.group(1)} if once else {})}


def new_game_data(variant: dict, names: list[str], **fields) -> dict:
    """Form data for the new-game form: names in seat order, every option at its default."""
    data = {f"player_{i}": name for i, name in enumerate(names)}
    data["first_dealer"] = "0"
    for o in variant["options"]:
        if not o["game"]:
            continue
        value = o["default"]
        if o["type"] == "bool":
            if value:
                data[f"opt_{o['name']}"] = "y"
        else:
            data[f"opt_{o['name']}"] = "" if value is None else str(value)
    data.update(fields)
    return data


def start_game(client, variant: dict, names: list[str], **fields) -> str:
    """Start a game through the real form; returns its public id (the client now holds the secret)."""
    page = client.get(f"/games/new/{variant['slug']}")
    data = {**new_game_data(variant, names, **fields), **page_fields(page.text)}
    response = client.post(f"/games/new/{variant['slug']}", data=data)
    assert response.status_code == 302, response.text
    return response.headers["Location"].rstrip("/").split("/")[-1]


def secret_cookie(client, public_id: str) -> str:
    """The edit secret this test client holds for a game."""
    cookie = client.get_cookie(f"sk_edit_{public_id}")
    assert cookie is not None
    return cookie.value


def record_hands(app, public_id: str, *hands: dict) -> None:
    """Record ``hands`` through the service, as the game's editors would, and commit."""
    from scorekeeper import services
    from scorekeeper.storage.extensions import db

    with app.app_context():
        game = services.get_game(public_id)
        for facts in hands:
            services.record_round(game, facts)
        db.session.commit()
