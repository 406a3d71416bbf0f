"""Snap the rack (beta, issue 25; static/js/rack-photo.js) on a phone: a rummikub hand form's camera
button, a photo chosen through its file input, the check screen read by the real onnxruntime-web,
and the player's checking by hand: tiles added, a flag for what cannot be, the total (CT-7), "Use
these tiles" and "Cancel". The checking tests swap in a detector that finds exactly the drawn tiles
(tests/rack_photo_fixtures.py: a drawing is not a rack the models were made for); the reader is the
committed one, so what it reads there is not asserted, only what the player does with it.
The runtime and models are fetched only once a camera button is used, and the service worker keeps
them: offline afterwards, a photo is still read. German words in German; axe finds nothing on the
open check screen, light and dark, at 360 px.

A held-out photo (tests/photo/fixtures/) read by the committed models shows its own tiles;
``RACK_PHOTO_SHOTS=docs`` writes the documentation's screenshots from it (docs/img/rack-photo-*.png).
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.rack_photo_fixtures import TILES, extra_boxes, fixed_detector, rack_photo, tile_boxes

from .conftest import ARTIFACTS, PHONE
from .page_checks import AXE, RUN_AXE, TAGS, WEAK_EDGES

pytestmark = pytest.mark.browser
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
READ_AT_ALL = re.compile(r"Tiles found: \d+|No tile found")
LOADED = ("/static/vendor/onnxruntime-web/", "/static/rack-photo/")


def start(context, live_server, names=("Ann", "Bob")):
    return open_hand_form(context.new_page(), live_server, names)


def open_hand_form(page, live_server, names=("Ann", "Bob")):
    """A new Rummikub game's hand form: the page with the check screen (the one whose policy lets
    WebAssembly compile)."""
    page.goto(f"{live_server}/games/new/rummikub")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.locator("form button[type=submit]").first.click()
    page.locator("a[href$='/rounds/new']").first.click()
    page.wait_for_url("**/rounds/new")
    return page


def snap(page, button, photo: Path):
    with page.expect_file_chooser() as chosen:
        button.click()
    chooser = chosen.value
    assert chooser.element.get_attribute("accept") == "image/*"
    assert chooser.element.get_attribute("capture") == "environment"
    chooser.set_files(str(photo))
    dialog = page.locator("dialog#rack-photo")
    expect(dialog).to_be_visible()
    return dialog


def pick(dialog, colour: str | None, key: str):
    """In the open picker: a colour key (by its name), then a number key or the joker."""
    picker = dialog.locator(".rack-photo-picker")
    if colour:
        picker.get_by_role("button", name=colour, exact=True).click()
    picker.locator(f'.key-rank[data-rank="{key}"], .key-wild[data-token="{key}"]').click()


def total(dialog) -> int:
    return int(re.search(r"(-?\d+) points", dialog.locator(".rack-photo-total").inner_text()).group(1))


def fixed(context, faint: int | None = None, all_faint: bool = False, extra: int = 0) -> None:
    """The detector that finds exactly the drawn tiles (routed: so no service worker in between);
    the tile ``faint`` (every tile, ``all_faint``) only nearly sure, so it is not read but shown where
    it may be missed; ``extra`` spots more on the wood above the tiles."""
    model = fixed_detector(faint, all_faint, extra)
    context.route("**/static/rack-photo/detector.onnx*", lambda route: route.fulfill(body=model))


@contextmanager
def phone(browser, viewport=PHONE, real: bool = False, **detector):
    """A phone's browser context (no service worker) with the fixed detector (:func:`fixed`, given
    ``detector``'s faint tiles and extra spots; ``real``: the committed one), closed after."""
    context = browser.new_context(
        viewport=viewport, device_scale_factor=1, is_mobile=True, has_touch=True, service_workers="block"
    )
    try:
        if not real:
            fixed(context, **detector)
        yield context
    finally:
        context.close()


@pytest.fixture
def context(browser):
    with phone(browser) as context:
        yield context


def test_a_photo_read_then_checked_by_hand(context, live_server, tmp_path):
    page = start(context, live_server)
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url) if any(p in r.url for p in LOADED) else None)
    buttons = page.locator(".rack-photo-open")
    expect(buttons).to_have_count(2)
    expect(buttons.first).to_have_attribute("aria-label", "Photo, beta: Ann's rack")
    expect(buttons.nth(1)).to_have_attribute("aria-label", "Photo, beta: Bob's rack")
    expect(buttons.first).to_contain_text("beta")
    rack = page.locator('[id="f-players.0.rack"]')
    rack.fill("K1")
    page.wait_for_timeout(300)
    assert asked == []  # nothing of the runtime or the models until a camera button is used

    dialog = snap(page, buttons.first, rack_photo(tmp_path / "rack.png"))
    expect(dialog.locator("h2")).to_contain_text("Ann's rack")
    status = dialog.locator(".rack-photo-status")
    expect(status).to_have_text(f"Tiles found: {len(TILES)}. Check each one.", timeout=90_000)
    expect(dialog.locator(".rack-photo-maybe")).to_be_hidden()  # every tile read: no spot to look at
    assert any("ort-wasm-simd-threaded.wasm" in u for u in asked) and any("reader.onnx" in u for u in asked)
    expect(dialog.locator("canvas.rack-photo-picture")).to_be_visible()
    chips = dialog.locator(".tile-chip")
    expect(chips).to_have_count(len(TILES))
    found = len(TILES)
    assert dialog.locator(".tile-chip.unsure").count() == dialog.locator(".tile-chip .unsure-mark").count()
    for k in range(min(found, 3)):  # an unsure chip says so in words too
        label = chips.nth(k).get_attribute("aria-label")
        assert ("unsure" in label) == ("?" in chips.nth(k).inner_text())
    checked_by_hand(page, dialog, chips, found)


def checked_by_hand(page, dialog, chips, found: int) -> None:
    """Three gold 2s added (a flag: the drawn rack has none), a joker (30 more), a chip changed and one
    removed; then used."""
    rack = page.locator('[id="f-players.0.rack"]')
    before = total(dialog)
    for _ in range(3):
        dialog.get_by_role("button", name="Add a missed tile").click()
        pick(dialog, "Gold", "2")
    expect(chips).to_have_count(found + 3)
    assert total(dialog) == before + 6
    flag = dialog.locator(".rack-photo-flags li", has_text="The game has only two G2 tiles")
    expect(flag).to_be_visible()
    expect(flag.locator("a.rule-ref")).to_have_text("(CT-7)")
    assert flag.locator("a.rule-ref").get_attribute("href").endswith("/rules/rummikub#CT-7")

    dialog.get_by_role("button", name="Add a missed tile").click()
    pick(dialog, None, "J")
    expect(dialog.locator(".rack-photo-total")).to_contain_text(f"{before + 36} points")
    # a chip tapped: the picker changes it (gold 2 to blue 7), or removes it
    chips.nth(found).click()
    expect(dialog.locator(".rack-photo-picking")).to_contain_text("G2")
    pick(dialog, "Blue", "7")
    expect(chips.nth(found)).to_have_text("B7")
    expect(flag).to_have_count(0)
    assert total(dialog) == before + 41
    chips.nth(found + 1).click()
    dialog.get_by_role("button", name="Remove this tile").click()
    expect(chips).to_have_count(found + 3)
    assert total(dialog) == before + 39
    tokens = [chips.nth(k).inner_text().replace("?", "").strip() for k in range(chips.count())]
    assert tokens[-3:] == ["B7", "G2", "J"]

    dialog.get_by_role("button", name="Use these tiles").click()
    expect(dialog).to_be_hidden()
    expect(rack).to_have_value(" ".join(tokens))
    expect(page.locator('.cards-field:has([id="f-players.0.rack"]) output.running')).to_contain_text("points")


def shots(page, dialog, chip) -> None:
    """The check screen with a flag and a joker added, then the picker open on a chip."""
    DOCS_IMG.mkdir(exist_ok=True)
    dialog.locator(".rack-photo-total").scroll_into_view_if_needed()
    page.screenshot(path=str(DOCS_IMG / "rack-photo-check.png"))
    chip.click()
    dialog.locator(".rack-photo-picker").scroll_into_view_if_needed()
    page.screenshot(path=str(DOCS_IMG / "rack-photo-picker.png"))
    dialog.get_by_role("button", name="Keep it as it is").click()


def test_a_tile_the_detector_was_not_sure_of_is_shown_where_it_may_be_missed(browser, live_server, tmp_path):
    """Issue 37: a missed tile has no chip to mark, so the check screen draws a dotted box marked +1
    where the detector was nearly sure of a tile, and says so in words; the player adds the tile there
    (a tap on the box, or its button), and the tile takes the spot's box."""
    with phone(browser, faint=2) as context:
        page = start(context, live_server)
        dialog = snap(page, page.locator(".rack-photo-open").first, rack_photo(tmp_path / "rack.png"))
        expect(dialog.locator(".rack-photo-status")).to_have_text(
            f"Tiles found: {len(TILES) - 1}. Check each one.", timeout=90_000
        )
        note = dialog.locator(".rack-photo-maybe")
        expect(note).to_be_visible()
        expect(note).to_contain_text("A tile may have been missed where a dotted box marked + is drawn")
        # the dotted box on the photo: the top edge of the faint tile (12, black) in the light blue
        assert any(near(pixel, (0x38, 0xBD, 0xF8)) for pixel in top_edge(page, 2))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "rack-photo-maybe.png"))
        # a tap on the dotted box opens the picker for a tile there
        tap(dialog.locator(".rack-photo-picture"), 2)
        picking = dialog.locator(".rack-photo-picking")
        expect(picking).to_have_text("The tile at +1: pick its colour, then its number or the joker.")
        dialog.get_by_role("button", name="Add no tile").click()
        expect(dialog.locator(".rack-photo-picker")).to_be_hidden()
        # and so does the spot's button under the photo, named for a screen reader, which has the
        # focus back after "Add no tile"
        spot = dialog.get_by_role("button", name="Add the tile at +1")
        expect(spot).to_be_focused()
        expect(spot).to_have_text("+1")
        spot.click()
        expect(picking).to_have_text("The tile at +1: pick its colour, then its number or the joker.")
        pick(dialog, "Black", "12")
        added_at_the_spot(page, dialog)
        # removed again, the tile gives its spot back, and is added there once more
        dialog.locator(".tile-chip").nth(2).click()
        dialog.get_by_role("button", name="Remove this tile").click()
        expect(dialog.locator(".rack-photo-spot")).to_have_count(1)
        expect(note).to_be_visible()
        spot.click()
        pick(dialog, "Black", "12")
        added_at_the_spot(page, dialog)
        dialog.get_by_role("button", name="Add a missed tile").click()  # elsewhere: no box, as before
        expect(picking).to_have_text("A missed tile: pick its colour, then its number or the joker.")
        pick(dialog, "Blue", "3")
        dialog.get_by_role("button", name="Use these tiles").click()
        expect(page.locator('[id="f-players.0.rack"]')).to_have_value(re.compile(r"^R5 R5 K12 .* B3$"))


def test_every_spot_keeps_its_mark_and_has_a_button(browser, live_server, tmp_path):
    """Fifteen spots where a tile may be: twelve buttons and one that shows the other three (focus on
    the first of them); a spot's mark stays its own while others are filled and given back, and a
    spot past the twelfth tapped on the photo gets its button to come back to."""
    with phone(browser, faint=2, extra=14) as context:
        page = start(context, live_server)
        dialog = snap(page, page.locator(".rack-photo-open").first, rack_photo(tmp_path / "rack.png"))
        spots = dialog.locator(".rack-photo-spot")
        expect(spots).to_have_count(12, timeout=90_000)
        marks = [f"+{n}" for n in range(1, 16)]
        expect(spots).to_have_text(marks[:12])
        more = dialog.get_by_role("button", name="Show 3 more")
        expect(dialog.locator(".rack-photo-spots button").last).to_have_text("Show 3 more")  # after +12
        more.click()
        expect(spots).to_have_text(marks)
        expect(more).to_have_count(0)
        expect(dialog.get_by_role("button", name="Add the tile at +13", exact=True)).to_be_focused()
        dialog.get_by_role("button", name="Add the tile at +1", exact=True).click()  # the faint tile
        pick(dialog, "Black", "12")
        added_at_the_spot(page, dialog, spots_left=14)
        expect(spots).to_have_text(marks[1:])  # the others keep their marks
        dialog.locator(".tile-chip").nth(2).click()
        dialog.get_by_role("button", name="Remove this tile").click()
        expect(spots).to_have_text(marks)  # +1 back, first, and the buttons shown stay shown
        # on a new photo twelve buttons again; +15 tapped on the photo gets its button back
        dialog.locator(".rack-photo-cancel").click()
        snap(page, page.locator(".rack-photo-open").nth(1), rack_photo(tmp_path / "rack.png"))
        expect(spots).to_have_count(12, timeout=90_000)
        tap(dialog.locator(".rack-photo-picture"), len(TILES) + 13)  # the fourteenth extra box: +15
        picking = dialog.locator(".rack-photo-picking")
        expect(picking).to_have_text("The tile at +15: pick its colour, then its number or the joker.")
        dialog.get_by_role("button", name="Add no tile").click()
        expect(dialog.get_by_role("button", name="Add the tile at +15", exact=True)).to_be_focused()


def tap(canvas, k: int) -> float:
    """A tap on the middle of the drawn tile ``k`` (past the tiles: extra box ``k - len(TILES)``) on
    the check screen's photo, which is contained in its box (rack-photo.css); the width of the bars
    left and right of it, in CSS pixels."""
    x0, y0, x1, y1 = (tile_boxes() + extra_boxes(14))[k]
    w, h, W, H = canvas.evaluate("c => [c.clientWidth, c.clientHeight, c.width, c.height]")
    scale = min(w / W, h / H)
    bars = (w - W * scale) / 2
    canvas.click(
        position={"x": bars + (x0 + x1) / 2 * scale, "y": (h - H * scale) / 2 + (y0 + y1) / 2 * scale}
    )
    return bars


def test_a_tap_finds_the_spot_on_a_letterboxed_photo(browser, live_server, tmp_path):
    """On a short screen the photo is letterboxed in its box (max-height), bars left and right: a tap
    on the last tile's spot is the picture's point, not the box's stretched over it."""
    with phone(browser, {"width": 390, "height": 300}, faint=len(TILES) - 1) as context:
        page = start(context, live_server)
        dialog = snap(page, page.locator(".rack-photo-open").first, rack_photo(tmp_path / "rack.png"))
        expect(dialog.locator(".rack-photo-spot")).to_have_count(1, timeout=90_000)
        assert tap(dialog.locator(".rack-photo-picture"), len(TILES) - 1) > 40
        expect(dialog.locator(".rack-photo-picking")).to_have_text(
            "The tile at +1: pick its colour, then its number or the joker."
        )


def added_at_the_spot(page, dialog, spots_left: int = 0) -> None:
    """The black 12 picked at the faint tile's spot: a chip in its place in reading order, its box
    drawn green where the spot was (as a tile read), that spot gone (and with no other, the note)."""
    expect(dialog.locator(".tile-chip")).to_have_count(len(TILES))
    expect(dialog.locator(".tile-chip").nth(2)).to_have_text("K12")
    expect(dialog.locator(".rack-photo-spot")).to_have_count(spots_left)
    if not spots_left:
        expect(dialog.locator(".rack-photo-maybe")).to_be_hidden()
    assert any(near(pixel, (0x22, 0xC5, 0x5E)) for pixel in top_edge(page, 2))


def near(pixel, colour, within: int = 40) -> bool:
    return all(abs(a - b) < within for a, b in zip(pixel, colour, strict=True))


def top_edge(page, k: int) -> list[list[int]]:
    """The check screen's photo along the top edge of the drawn tile ``k``: its pixels' RGB."""
    x0, y0, x1, _ = tile_boxes()[k]
    edge = page.evaluate(
        """([x0, x1, y]) => {
          const g = document.querySelector('.rack-photo-picture').getContext('2d');
          return Array.from(g.getImageData(x0, y - 1, x1 - x0, 3).data);
        }""",
        [x0, x1, y0],
    )
    return [edge[k : k + 3] for k in range(0, len(edge), 4)]


def test_a_chip_picked_while_the_photo_is_read_stays_the_one_picked(context, live_server, tmp_path):
    """A tile added by hand while the photo is still being read, and its picker opened: when the tiles
    read arrive before it, the picker still fixes that tile (its number moves after them)."""
    held = []
    context.route(
        "**/static/rack-photo/reader.onnx*", lambda route: held.append(route)
    )  # it waits for the test
    page = start(context, live_server)
    dialog = snap(page, page.locator(".rack-photo-open").first, rack_photo(tmp_path / "rack.png"))
    expect(dialog.locator(".rack-photo-status")).to_have_text("Reading the photo…")
    dialog.get_by_role("button", name="Add a missed tile").click()
    pick(dialog, "Blue", "3")
    dialog.locator(".tile-chip").first.click()
    picking = dialog.locator(".rack-photo-picking")
    expect(picking).to_have_text("Tile 1, B3: pick its colour, then its number or the joker.")
    while not held:
        page.wait_for_timeout(100)
    held[0].continue_()
    status = dialog.locator(".rack-photo-status")
    expect(status).to_have_text(f"Tiles found: {len(TILES)}. Check each one.", timeout=90_000)
    expect(picking).to_have_text(f"Tile {len(TILES) + 1}, B3: pick its colour, then its number or the joker.")
    chips = dialog.locator(".tile-chip")
    expect(chips).to_have_count(len(TILES) + 1)
    read = chips.all_inner_texts()[: len(TILES)]
    dialog.get_by_role("button", name="Remove this tile").click()  # the hand-added B3, not a tile read
    expect(chips).to_have_count(len(TILES))
    assert chips.all_inner_texts() == read


def test_cancel_leaves_the_field_as_it_was(context, live_server, tmp_path):
    page = start(context, live_server)
    rack, bob = page.locator('[id="f-players.0.rack"]'), page.locator('[id="f-players.1.rack"]')
    rack.fill("R1 R2")
    bob.fill("G13")
    dialog = snap(page, page.locator(".rack-photo-open").nth(1), rack_photo(tmp_path / "rack.png"))
    expect(dialog.locator(".rack-photo-status")).to_contain_text("Tiles found", timeout=90_000)
    dialog.get_by_role("button", name="Add a missed tile").click()
    pick(dialog, "Gold", "2")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(bob).to_have_value("G13")
    expect(rack).to_have_value("R1 R2")


def test_a_photo_where_no_tile_is_found_says_so_and_uses_nothing(browser, live_server, tmp_path):
    """Fingers over the whole rack: the detector is sure of no tile. The screen says so, shows where
    tiles may be, and has no tiles to use (the field keeps what was typed) until one is added."""
    with phone(browser, all_faint=True) as context:
        page = start(context, live_server)
        rack = page.locator('[id="f-players.0.rack"]')
        rack.fill("R1 R2")
        dialog = snap(page, page.locator(".rack-photo-open").first, rack_photo(tmp_path / "rack.png"))
        status = dialog.locator(".rack-photo-status")
        expect(status).to_have_text("No tile found: add them by hand, or take another photo.", timeout=90_000)
        expect(dialog.locator(".rack-photo-maybe")).to_be_visible()
        expect(dialog.locator(".tile-chip")).to_have_count(0)
        use = dialog.get_by_role("button", name="Use these tiles")
        expect(use).to_be_disabled()
        dialog.get_by_role("button", name="Add a missed tile").click()
        pick(dialog, "Red", "9")
        expect(use).to_be_enabled()
        dialog.locator(".tile-chip").first.click()
        dialog.get_by_role("button", name="Remove this tile").click()
        expect(use).to_be_disabled()
        dialog.get_by_role("button", name="Cancel").click()
        expect(rack).to_have_value("R1 R2")


def test_the_check_screen_in_german_and_to_axe(browser, live_server, tmp_path):
    for scheme in ("light", "dark"):
        context = browser.new_context(
            viewport={"width": 360, "height": 780},
            locale="de-DE",
            color_scheme=scheme,
            is_mobile=True,
            has_touch=True,
            service_workers="block",
        )
        context.add_init_script(path=str(AXE))
        fixed(context)
        try:
            page = start(context, live_server, names=("Ana", "Ben"))
            button = page.locator(".rack-photo-open").first
            expect(button).to_have_attribute("aria-label", "Foto, Beta: Bänkchen von Ana")
            dialog = snap(page, button, rack_photo(tmp_path / "rack.png"))
            expect(dialog.locator("h2")).to_contain_text("Bänkchen von Ana")
            expect(dialog.locator(".rack-photo-status")).to_have_text(
                re.compile("Steine gefunden"), timeout=90_000
            )
            for _ in range(3):
                dialog.get_by_role("button", name="Einen übersehenen Stein hinzufügen").click()
                pick(
                    dialog, "Rot", "5"
                )  # (the keypad's colours in the reader's language; tiles typed stay R5)
            expect(dialog.locator(".rack-photo-flags li").last).to_contain_text("nur zwei")
            expect(dialog.get_by_role("button", name="Diese Steine übernehmen")).to_be_visible()
            dialog.locator(".tile-chip").last.click()
            violations = page.evaluate(RUN_AXE, [TAGS, []])
            assert not violations, violations
            assert not page.evaluate(WEAK_EDGES)["weak"]
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"rack-photo-german-{scheme}.png"))
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        finally:
            context.close()


def test_kept_by_the_service_worker_after_first_use(browser, live_server, tmp_path):
    """The committed models, as they are: read once online, then again offline (the worker kept them)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
    try:
        page = start(context, live_server)
        expect(page.locator("html")).to_have_attribute("data-offline-ready", "yes")
        # the form fetched again through the worker, so it keeps the page too (as test_offline_browser
        # opens it): the first load came before the worker took over
        page.reload()
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=30_000)
        photo = rack_photo(tmp_path / "rack.png")
        dialog = snap(page, page.locator(".rack-photo-open").first, photo)
        expect(dialog.locator(".rack-photo-status")).to_have_text(READ_AT_ALL, timeout=90_000)
        dialog.get_by_role("button", name="Cancel").click()
        context.set_offline(True)
        page.reload()
        dialog = snap(page, page.locator(".rack-photo-open").first, photo)
        expect(dialog.locator(".rack-photo-status")).to_have_text(READ_AT_ALL, timeout=90_000)
    finally:
        context.close()


FIXTURES = Path(__file__).resolve().parents[1] / "photo" / "fixtures"


def test_a_held_out_photo_on_the_check_screen_with_the_committed_models(browser, live_server):
    """A rendered rack the models never trained on (three R5 and a joker): its chips are its tiles,
    none unsure; the flag says what cannot be; "Use these tiles" writes them. With
    RACK_PHOTO_SHOTS=docs this is where the documentation's screenshots come from."""
    import json

    truth = json.loads((FIXTURES / "three-r5-and-a-joker.json").read_text())["tiles"]
    with phone(browser, real=True) as context:
        page = start(context, live_server)
        dialog = snap(page, page.locator(".rack-photo-open").first, FIXTURES / "three-r5-and-a-joker.jpg")
        status = dialog.locator(".rack-photo-status")
        expect(status).to_have_text(f"Tiles found: {len(truth)}. Check each one.", timeout=90_000)
        chips = dialog.locator(".tile-chip")
        assert [chips.nth(k).inner_text().strip() for k in range(chips.count())] == truth
        expect(dialog.locator(".tile-chip.unsure")).to_have_count(0)
        points = sum(30 if t == "J" else int(t[1:]) for t in truth)
        expect(dialog.locator(".rack-photo-total")).to_contain_text(f"{points} points")
        expect(dialog.locator(".rack-photo-flags li", has_text="only two R5 tiles")).to_be_visible()
        if os.environ.get("RACK_PHOTO_SHOTS") == "docs":  # docs/rack-photo.md's screenshots
            shots(page, dialog, chips.nth(0))
        dialog.get_by_role("button", name="Use these tiles").click()
        expect(page.locator('[id="f-players.0.rack"]')).to_have_value(" ".join(truth))
