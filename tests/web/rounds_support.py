"""Helpers for the hand-entry web tests: make a game, post a form with its CSRF token, read totals.

Totals are read back from the game page the players see, never from the engine.
"""

from __future__ import annotations

import html
import re

from scorekeeper import services
from scorekeeper.storage.extensions import db
from scorekeeper.web.access import cookie_name

_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
_STANDING = re.compile(
    r'class="standing[^"]*" data-seat="(\d+)">.*?<span class="total"><bdi dir="ltr">(-?\d+)</bdi></span>',
    re.S,
)


def new_game(
    app, client, variant: str, names=("Ann", "Bob"), options=None, first_dealer: int = 0, editor: bool = True
) -> str:
    """A game made through the service; this client holds its edit secret when ``editor``."""
    with app.app_context():
        game, secret = services.create_game(variant, list(names), options or {}, first_dealer)
        db.session.commit()
        public_id = game.public_id
    if editor:
        client.set_cookie(f"sk_edit_{public_id}", secret)
        assert cookie_name(game) == f"sk_edit_{public_id}"
    return public_id


def token(client, url: str) -> str:
    """The CSRF token of the form at ``url`` (the page must render for this client)."""
    page = client.get(url)
    assert page.status_code == 200, (url, page.status_code)
    found = _TOKEN.search(page.get_data(as_text=True))
    assert found, f"no CSRF token on {url}"
    return found.group(1)


def submit(client, url: str, data: dict, *, form_url: str | None = None, follow: bool = True):
    """POST ``data`` to ``url`` with a CSRF token taken from the form page (``form_url`` or ``url``)."""
    payload = dict(data)
    payload["csrf_token"] = token(client, form_url or url)
    return client.post(url, data=payload, follow_redirects=follow)


def rounds_url(public_id: str, tail: str = "new") -> str:
    return f"/games/{public_id}/rounds/{tail}"


def totals(client, public_id: str) -> list[int]:
    """Each seat's total as the game page shows it, in seat order."""
    page = client.get(f"/games/{public_id}").get_data(as_text=True)
    found = {int(seat): int(total) for seat, total in _STANDING.findall(page)}
    assert found, "the game page shows no standings"
    return [found[s] for s in sorted(found)]


def winner_line(client, public_id: str) -> str | None:
    """The winner banner's text, or None while the game goes on."""
    page = client.get(f"/games/{public_id}").get_data(as_text=True)
    found = re.search(r'<p class="winner-title">(.*?)</p>', page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else None  # names in <bdi>


def text(response) -> str:
    """The page as text, its names' and numbers' isolates (``<bdi>``: display/bidi.py) left out."""
    return html.unescape(re.sub(r"</?bdi[^>]*>", "", response.get_data(as_text=True)))


def error_at(response, name: str) -> str:
    """The messages the form shows at field (or group) ``name``; fails when there are none."""
    field_id = name.replace(".", "-")
    found = re.search(rf'id="err-{re.escape(field_id)}">(.*?)</ul>', text(response), re.S)
    assert found, f"no error shown at {name}"
    return found.group(1)
