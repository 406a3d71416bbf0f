"""What the browser tests of the phone's queue share: a game, its hand form opened by its editor in a
fresh phone page (cut off when asked), a hand entered, and the hands the server kept, read back."""

from __future__ import annotations

from contextlib import contextmanager

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import phone_page

WAIT_MS = 15000


def new_game(app) -> tuple[str, str]:
    """A Rummikub game of Ann and Bob that never ends by itself: (public id, edit secret)."""
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": 10**6})
        db.session.commit()
        return game.public_id, secret


def winners(app, public_id: str) -> list[int]:
    """Who went out in each hand the server kept, in order."""
    with app.app_context():
        db.session.expire_all()
        return [r.facts["winner"] for r in services.get_game(public_id).rounds]


def enter_hand(page, winner: int) -> None:
    """The editor fills the form: the winner goes out, the other player holds R5 (5 points)."""
    page.check(f'input[name="winner"][value="{winner}"]')
    page.fill(f'[id="f-players.{1 - winner}.rack"]', "R5")
    page.locator("button.save").click()


def open_form(page, url: str, public_id: str, secret: str) -> None:
    """Join as the game's editor, then open the hand form."""
    page.goto(f"{url}/games/{public_id}/join/{secret}")
    page.goto(f"{url}/games/{public_id}/rounds/new")


@contextmanager
def hand_form(browser, site, shot_name: str, *, offline: bool = False, **context_options):
    """A new game's hand form, opened by its editor in a fresh phone page (``offline``: then cut
    off): (page, public id)."""
    app, url = site
    public_id, secret = new_game(app)
    with phone_page(browser, shot_name, **context_options) as page:
        open_form(page, url, public_id, secret)
        if offline:
            page.context.set_offline(True)
        yield page, public_id


@contextmanager
def game_page(browser, site, shot_name: str, init_script: str):
    """A new game's page in a fresh phone page, ``init_script`` run before the page's own scripts:
    (page, public id)."""
    app, url = site
    public_id, _secret = new_game(app)
    with phone_page(browser, shot_name) as page:
        page.add_init_script(init_script)
        page.goto(f"{url}/games/{public_id}")
        yield page, public_id
