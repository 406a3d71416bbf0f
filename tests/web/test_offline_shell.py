"""The app shell (scorekeeper/offline/shell.py): manifest, icons, service worker, offline page.

What Lighthouse's installability checks read is checked here on every run
(bench/lighthouse.py runs Lighthouse itself, too slow for the suite): the
manifest's fields, icons of the sizes it claims (the maskable one full-bleed),
a service worker from the root with the right headers, linked from every page.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from scorekeeper.offline import icons
from scorekeeper.web.delivery import IMMUTABLE

from .rounds_support import new_game


def test_the_manifest_names_what_installing_needs(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data())
    assert manifest["name"] == "Scorekeeper" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#14532d" and manifest["background_color"]
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_every_icon_is_a_png_of_the_size_it_claims_cached_for_good(client):
    for icon in json.loads(client.get("/manifest.webmanifest").get_data())["icons"]:
        assert re.search(r"\?v=[0-9a-f]{10}$", icon["src"])
        response = client.get(icon["src"])
        assert response.status_code == 200 and response.mimetype == "image/png"
        assert response.headers["Cache-Control"] == IMMUTABLE
        image = Image.open(io.BytesIO(response.get_data()))
        side = int(icon["sizes"].split("x")[0])
        assert image.size == (side, side)
        rgba = image.convert("RGBA")
        corner = rgba.getpixel((0, 0))
        if icon["purpose"] == "maskable":  # full bleed: a mask may cut anywhere outside the safe zone
            assert corner[3] == 255 and corner[:3] == icons.GREEN[:3]
            inside = rgba.crop((side // 10, side // 10, side - side // 10, side - side // 10))
            assert inside.getpixel((0, 0))[:3] == icons.GREEN[:3]  # the cards stay inside the circle
        else:
            assert corner[3] == 0  # rounded corners
        middle = rgba.getpixel((side // 2, side // 2))
        assert middle[:3] != icons.GREEN[:3]  # the cards are drawn


def test_the_committed_icons_are_the_ones_the_module_draws(tmp_path):
    written = icons.write(tmp_path)
    for path in written:
        committed = Image.open(icons.STATIC / "img" / path.name)
        drawn = Image.open(path)
        assert committed.size == drawn.size
        difference = ImageChops.difference(committed.convert("RGBA"), drawn.convert("RGBA"))
        assert (
            max(ImageStat.Stat(difference).mean) < 2
        )  # the same picture (a newer Pillow may round differently)


def test_the_service_worker_comes_from_the_root_revalidated(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert (
        response.headers["Cache-Control"] == "no-cache" and response.headers["Service-Worker-Allowed"] == "/"
    )
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    source = response.get_data(as_text=True)
    shell = json.loads(re.search(r"var SHELL = (\[.*\]);", source).group(1))
    assert "/" in shell and "/offline" in shell and "/manifest.webmanifest" in shell
    for url in shell:  # every shell URL answers, the static ones under their current version
        answer = client.get(url)
        assert answer.status_code == 200, url
        if url.startswith("/static/"):
            assert answer.headers["Cache-Control"] == IMMUTABLE, url
    assert 'addEventListener("fetch"' in source


def test_the_service_worker_changes_with_any_static_file_it_keeps(app, client, monkeypatch):
    before = re.search(r'var VERSION = "(\w+)"', client.get("/sw.js").get_data(as_text=True)).group(1)
    from scorekeeper.web import delivery

    real = delivery.content_hash
    monkeypatch.setattr(
        delivery, "content_hash", lambda path: "0123456789" if path.name == "app.css" else real(path)
    )
    after = client.get("/sw.js").get_data(as_text=True)
    assert "/static/css/app.css?v=0123456789" in after
    assert re.search(r'var VERSION = "(\w+)"', after).group(1) != before


def test_every_page_links_the_manifest_and_installs_the_worker(app, client):
    game = new_game(app, client, "rummikub")
    for path in ("/", "/games/", f"/games/{game}", f"/games/{game}/rounds/new", "/rules/", "/offline"):
        page = client.get(path).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page, path
        assert 'data-service-worker="/sw.js"' in page and "apple-touch-icon" in page, path


def test_the_offline_page_says_what_still_works(client):
    page = client.get("/offline").get_data(as_text=True)
    assert "This phone has no connection" in page and "games this phone opened stay readable" in page


def test_game_pages_offer_the_wake_lock_switch(app, client):
    game = new_game(app, client, "rummikub")
    for path in (f"/games/{game}", f"/games/{game}/rounds/new"):
        page = client.get(path).get_data(as_text=True)
        assert "data-wake-lock" in page and "Keep the screen on" in page and "js/awake.js" in page


def test_the_service_worker_sends_with_the_pages_own_code(app, client, tmp_path, monkeypatch):
    """The worker's send of a kept hand and its hands database are hand-send.js, the module the pages
    send with (written below sw.js, its export line left out): one code, so a change to it reaches
    the pages and the worker alike, and a new worker is installed with it."""
    source = client.get("/sw.js").get_data(as_text=True)
    shared = (Path(app.static_folder) / "js" / "hand-send.js").read_text()
    assert shared.replace("export { openHands, outcome, sendHand };\n", "") in source
    assert not re.search(r"^(import|export) ", source, re.M)  # a classic script
    assert source.index('"use strict"') < source.index("function sendHand(")  # under its "use strict"
    script = tmp_path / "sw.js"
    script.write_text(source)
    node = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert node.returncode == 0, node.stderr

    before = re.search(r'var VERSION = "(\w+)"', source).group(1)
    changed = tmp_path / "static"  # a deploy changes hand-send.js only
    shutil.copytree(
        app.static_folder, changed, ignore=shutil.ignore_patterns("vendor", "rack-photo", "fonts")
    )
    (changed / "js" / "hand-send.js").write_text(shared.replace("SEND_LIMIT = 20000", "SEND_LIMIT = 30000"))
    monkeypatch.setattr(app, "static_folder", str(changed))
    after = client.get("/sw.js").get_data(as_text=True)
    assert "SEND_LIMIT = 30000" in after
    assert re.search(r'var VERSION = "(\w+)"', after).group(1) != before
