"""What the phones at a seated table do in the browser tests (issue 38, docs/own-phones.md): a
confirmation or a dispute tapped, a part sent while the phone is offline, the editor's settlement
and a seat given to a new phone. Shared by the whole-game tests (test_seat_krazy_bee_browser.py,
test_seat_tiles_game_browser.py)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.sync_api import expect

PHONE_CONTEXT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: how long another phone's change may take to show live: the whole games run beside the rest of
#: the suite on a shared machine (at a load of 19 a part took seconds to reach the other phones)
WITHIN_MS = 15_000


def tap(page, whose: str, button: str) -> None:
    """``page``'s player taps "Looks right" or "That's not right" under ``whose`` part (shown live)."""
    check = page.locator(f'[data-seat-check="{whose}"]')
    expect(check).to_be_visible(timeout=WITHIN_MS)
    check.get_by_role("button", name=button).click()
    expect(page.locator(f'[data-seat-check="{whose}"]')).to_have_count(0)


def send_offline(page, send: Callable[[], None], label: str) -> None:
    """The phone loses its connection and its player sends their part: it waits on the phone, under
    ``label`` ("Your part of round 1")."""
    page.context.set_offline(True)
    send()
    queue = page.locator("[data-send-queue]")
    expect(queue).to_contain_text(label)
    expect(queue).to_contain_text("waiting to send")


def back_online(page) -> None:
    """The connection returns: the waiting part is sent (once) and leaves the phone's queue."""
    page.context.set_offline(False)
    expect(page.locator("[data-send-queue]")).to_be_hidden(timeout=WITHIN_MS)


def dispute_shown(pages, by: str, whose: str) -> None:
    """Both players' phones say who disputes whose part."""
    said = f"{by} disputes {whose}'s part: the game's editor settles it."
    for name in (by, whose):
        expect(pages[name].locator("[data-seat-dispute]")).to_have_text(said, timeout=WITHIN_MS)


def editor_accepts(editor, whose: str) -> None:
    """The editor's seat page shows the disputed part (live) and accepts it as sent."""
    settle = editor.locator(f'[data-seat-disputed="{whose}"]')
    expect(settle).to_be_visible(timeout=WITHIN_MS)
    settle.get_by_role("button", name="Accept the part").click()


def new_phone(editor, name: str, old, fresh, url: str, gid: str, heading: str) -> None:
    """The editor's "New phone" gives ``name``'s seat a link; the fresh phone opens it and holds the
    seat (on the open hand, ``heading``), the old phone no longer does."""
    editor.goto(f"{url}/games/{gid}/seat")
    editor.locator(f'[data-seat-holder="{name}"]').get_by_role("button", name="New phone").click()
    link = editor.locator("[data-seat-link]").get_attribute("href")
    fresh.goto(url + urlsplit(link).path)  # the link names the site's external address
    expect(fresh.get_by_role("heading", name=f"{name}'s seat")).to_be_visible()
    expect(fresh.get_by_role("heading", name=heading)).to_be_visible()
    old.goto(f"{url}/games/{gid}/seat")
    expect(old.get_by_role("heading", name="Take a seat")).to_be_visible()
    expect(old.get_by_text("Every seat is taken.")).to_be_visible()
    expect(old.locator(".seat-part")).to_have_count(0)
