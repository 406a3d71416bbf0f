"""Share the result (issue 20, section 4): on a finished game "Share result" draws an image of the
final standings, the winner and the score chart, and gives it to the share sheet (Web Share with
files); where files cannot be shared, the image is downloaded."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, phone_page, served_app

pytestmark = pytest.mark.browser
#: every text drawn on a canvas, and what was given to the share sheet
WATCH = """
window.__drawn = [];
const fill = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
  window.__drawn.push(String(text));
  return fill.call(this, text, ...rest);
};
"""
SHARE_SHEET = """
window.__shared = null;
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  const head = Array.from(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  window.__shared = { name: file.name, type: file.type, size: file.size, head, title: data.title, text: data.text };
};
"""
PNG = [137, 80, 78, 71, 13, 10, 26, 10]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("share-browser"), "browser-share") as site:
        yield site


def _finished(app) -> str:
    """A three-round Rummikub game that Bob wins (CT-8)."""
    with app.app_context():
        game, _ = services.create_game("rummikub", ["Ann", "Bob", "Eve"], {"rounds": 3})
        for facts in (
            {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}, {"rack": "K3"}]},
            {"winner": 1, "players": [{"rack": "R13 J"}, {"rack": ""}, {"rack": "B9"}]},
            {"winner": 1, "players": [{"rack": "O12 O11"}, {"rack": ""}, {"rack": "R10 B10 K8"}]},
        ):
            services.record_round(game, facts)
        db.session.commit()
        assert services.game_score(game).finished
        return game.public_id


def test_share_result_hands_an_image_to_the_share_sheet(browser, site):
    app, url = site
    public_id = _finished(app)
    with phone_page(browser, "share-result") as page:
        page.add_init_script(WATCH + SHARE_SHEET)
        page.goto(f"{url}/games/{public_id}")
        page.get_by_role("button", name="Share result").tap()
        expect(page.locator(".share-result-state")).to_have_text("Shared.")
        shared = page.evaluate("window.__shared")
        assert shared["type"] == "image/png" and shared["head"] == PNG and shared["size"] > 10_000
        assert shared["name"] == "rummikub-result.png" and shared["text"] == "Rummikub: winner Bob."
        drawn = page.evaluate("window.__drawn")
        assert "Winner: Bob" in drawn and "Rummikub: final result" in drawn
        assert {"Ann", "Bob", "Eve", "1st", "2nd", "3rd", "Totals after each round"} <= set(drawn)


def test_without_file_sharing_the_image_is_downloaded(browser, site):
    app, url = site
    public_id = _finished(app)
    with phone_page(browser, "share-result-download", accept_downloads=True) as page:
        page.goto(f"{url}/games/{public_id}")
        assert page.evaluate("typeof navigator.canShare") == "undefined"  # headless Chromium: no share sheet
        with page.expect_download() as download:
            page.get_by_role("button", name="Share result").tap()
        path = download.value.path()
        data = Path(path).read_bytes()
        assert list(data[:8]) == PNG
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (1080, 1350)
        assert download.value.suggested_filename == "rummikub-result.png"
        expect(page.locator(".share-result-state")).to_contain_text("saved as rummikub-result.png")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "shared-result.png").write_bytes(data)  # docs/img/shared-result.png is a copy


def test_a_game_in_progress_offers_no_share(browser, site):
    app, url = site
    with app.app_context():
        game, _ = services.create_game("rummikub", ["Ann", "Bob"], {"target": 1000})
        db.session.commit()
        public_id = game.public_id
    with phone_page(browser, "share-result-none") as page:
        page.goto(f"{url}/games/{public_id}")
        expect(page.locator(".standing")).to_have_count(2)
        expect(page.get_by_role("button", name="Share result")).to_have_count(0)
