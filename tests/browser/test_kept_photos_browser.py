"""Keeping a rack photo with consent, end to end (issue 37; docs/rack-photo.md, "Keeping photos, with
consent"): on the check screen the box is off, and "Use these tiles" sends nothing; ticked for the
next photo (read by the committed models: the held-out photo of test_rack_photo_browser.py), with a
chip corrected, the photo and the corrected tiles are kept on the host; the next photo's box is off
again. The host opens the list with the command's link, sees the photo and its tiles, exports the
zip and deletes it.
"""

from __future__ import annotations

import json
import zipfile

import pytest
from playwright.sync_api import expect

from scorekeeper.cli import main
from scorekeeper.photo import kept

from .conftest import ARTIFACTS, PHONE, served_app
from .page_checks import AXE, RUN_AXE, TAGS
from .test_rack_photo_browser import FIXTURES, open_hand_form, pick, snap

pytestmark = pytest.mark.browser
HELD_OUT = FIXTURES / "three-r5-and-a-joker.jpg"
TRUTH = json.loads((FIXTURES / "three-r5-and-a-joker.json").read_text())["tiles"]


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """The app served with its own folder of kept photos: (base URL, the folder)."""
    folder = tmp_path_factory.mktemp("kept-live")
    with served_app(folder, "kept-secret", KEPT_PHOTOS_DIR=str(folder / "kept")) as (_app, url):
        yield url, folder / "kept"


def read(page):
    dialog = snap(page, page.locator(".rack-photo-open").first, HELD_OUT)
    expect(dialog.locator(".rack-photo-status")).to_have_text(
        f"Tiles found: {len(TRUTH)}. Check each one.", timeout=90_000
    )
    return dialog


def test_kept_only_when_ticked_then_listed_exported_and_deleted(browser, host, capsys):
    url, root = host
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.add_init_script(path=str(AXE))
    sent: list[str] = []
    context.on("request", lambda r: sent.append(r.method) if "/kept-photos" in r.url else None)
    try:
        page = open_hand_form(context.new_page(), url)
        not_sent_while_off(page, root, sent)
        shown = kept_when_ticked(page, root, sent)
        # the host: a stranger's browser is shown nothing; the command's link opens the list
        assert page.goto(f"{url}/kept-photos").status == 404
        assert main(["kept-photos", "--dir", str(root), "link", "--url", url]) == 0
        link = capsys.readouterr().out.splitlines()[0]
        assert link == f"{url}/kept-photos/join/{kept.host_key(root)}"
        page.goto(link)
        page.wait_for_url(f"{url}/kept-photos")
        listed_exported_deleted(page, root, shown)
    finally:
        context.close()


def consent(dialog):
    return dialog.get_by_role("checkbox", name="Keep this photo and these tiles on this Scorekeeper server")


def not_sent_while_off(page, root, sent: list[str]) -> None:
    """The box is off, said plainly; "Use these tiles" sends nothing."""
    dialog = read(page)
    expect(consent(dialog)).not_to_be_checked()
    expect(dialog.locator(".rack-photo-consent")).to_contain_text(
        "Left off, the photo never leaves this phone."
    )
    dialog.get_by_role("button", name="Use these tiles").click()
    expect(page.locator('[id="f-players.0.rack"]')).to_have_value(" ".join(TRUTH))
    page.wait_for_timeout(500)
    assert sent == [] and kept.count(root) == 0  # the photo never left the phone


def kept_when_ticked(page, root, sent: list[str]) -> kept.Kept:
    """A chip corrected (R5 to B7), the box ticked: the photo and the corrected tiles are kept; the
    next photo's box is off again."""
    dialog = read(page)
    expect(consent(dialog)).not_to_be_checked()
    dialog.locator(".tile-chip").first.click()
    pick(dialog, "Blue", "7")
    consent(dialog).check()
    violations = page.evaluate(RUN_AXE, [TAGS, []])  # the open check screen, the box ticked
    assert not violations, violations
    corrected = ["B7", *TRUTH[1:]]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kept-photo-consent.png"))
    dialog.get_by_role("button", name="Use these tiles").click()
    said = page.locator(".rack-photo-kept")
    expect(said).to_have_text("The photo and its tiles are kept on this server. Thank you.")
    assert sent == ["POST"]
    (shown,) = kept.listed(root)
    assert shown.tiles == corrected and shown.variant == "rummikub"
    assert all(box is not None for box in shown.boxes)  # each read tile's box, as fractions
    expect(page.locator('[id="f-players.0.rack"]')).to_have_value(" ".join(corrected))
    read(page)  # the next photo: off again
    expect(consent(dialog)).not_to_be_checked()
    dialog.get_by_role("button", name="Cancel").click()
    assert sent == ["POST"]
    return shown


def listed_exported_deleted(page, root, shown: kept.Kept) -> None:
    """The host's list: the photo (its thumbnail loaded) and its tiles; the zip; deleted."""
    item = page.locator(".kept-photo")
    expect(item).to_have_count(1)
    expect(item.locator(".kept-tiles")).to_have_text(" ".join(shown.tiles))
    image = item.locator("img")
    expect(image).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    page.screenshot(path=str(ARTIFACTS / "kept-photos-host.png"), full_page=True)
    violations = page.evaluate(RUN_AXE, [TAGS, []])
    assert not violations, violations
    with page.expect_download() as got:
        page.get_by_role("link", name="Export all (zip)").click()
    with zipfile.ZipFile(got.value.path()) as z:
        assert f"photos/{shown.id}.jpg" in z.namelist()
        assert json.loads(z.read("tiles.json"))[0]["tiles"] == shown.tiles
    page.get_by_role("button", name="Delete this photo").click()
    expect(page.locator(".flash")).to_contain_text("The photo and its tiles are deleted.")
    expect(page.get_by_text("No photo is kept.")).to_be_visible()
    assert kept.count(root) == 0
