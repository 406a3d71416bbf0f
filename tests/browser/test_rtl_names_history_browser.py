"""Names isolated in the change log and on a table's page (issue 40, docs/languages.md "Right to left"),
read back from where Chromium draws them at 390 px: a Latin name in a Hebrew page keeps its full stop
at its end ("Ann B.", never ".Ann B"), and the names of a sentence or a list come in the page's reading
direction, whichever script they are in.
"""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db
from tests.web.api_support import HANDS

from .conftest import served_app
from .test_rtl_browser import HEBREW, drawn, editing
from .test_rtl_names_browser import HEBREW_NAMES, LATIN, in_reading_order, phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser
NAMES = {"latin": LATIN, "hebrew": HEBREW_NAMES}


@pytest.fixture(scope="module")
def log_site(tmp_path_factory):
    """(base URL, {kind: (game's public id, secret, table's public id)}): for Latin names and for Hebrew
    names, a game with one hand recorded and a table of those players."""
    with served_app(tmp_path_factory.mktemp("rtl-log-live"), "browser-rtl-log") as (app, url):
        made = {}
        with app.app_context():
            for kind, names in NAMES.items():
                game, secret = services.create_game("rummikub", names, {})
                services.record_round(game, HANDS["rummikub"])
                table, _ = create_table(f"{kind} table", names)
                made[kind] = (game.public_id, secret, table.public_id)
            db.session.commit()
        yield url, made


@pytest.mark.parametrize(("language", "kind"), [(HEBREW, "latin"), ("en", "hebrew")])
def test_the_change_log_names_the_players_in_reading_order(phone, log_site, language, kind):  # noqa: F811
    url, made = log_site
    public_id, secret, _ = made[kind]
    page = phone(language)
    editing(page, url, public_id, secret)
    page.goto(f"{url}/games/{public_id}/history")
    recorded = page.locator(".audit-words", has_text=NAMES[kind][0]).first
    assert recorded.locator("bdi", has_text=NAMES[kind][0]).count() == 1
    assert in_reading_order(page, ".audit-words", NAMES[kind]), recorded.inner_text()
    if kind == "latin":
        boxes = drawn(page, ".audit-words", "Ann B.")["boxes"]  # A n n B . from left to right, the stop last
        assert boxes == sorted(boxes), boxes
        for signed in ("+35", "-35"):  # the sign drawn in front of the digits, never "35-"
            boxes = drawn(page, ".audit-words", signed)["boxes"]
            assert boxes == sorted(boxes), (signed, boxes)


@pytest.mark.parametrize(("language", "kind"), [(HEBREW, "latin"), ("en", "hebrew")])
def test_a_tables_players_keep_their_order(phone, log_site, language, kind):  # noqa: F811
    url, made = log_site
    page = phone(language)
    page.goto(f"{url}/tables/{made[kind][2]}")
    assert page.locator("#players ~ .table-scroll th[scope=row] bdi").count() == len(NAMES[kind])
    if kind == "latin":
        boxes = drawn(page, "th[scope=row]", "Ann B.")["boxes"]  # the stop last, not ".Ann B" in Hebrew
        assert boxes == sorted(boxes), boxes
    else:
        assert page.locator("th[scope=row] bdi", has_text=NAMES[kind][0]).count() == 1
