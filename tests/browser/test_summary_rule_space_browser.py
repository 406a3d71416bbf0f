"""A rule id after a summary's sentence keeps its space (docs/languages.md): Crib Rummy's "Cards left in
the others' hands (CR-7)" fold. The summary is centred in its tap height; laid out as a flex box
its sentence and its rule id were two flex items, the space between them dropped ("hands(CR-7)"
in Hebrew) or, the sentence wrapped, the id thrown to the far side. Read back from the glyphs'
boxes at 320 px, in English and in Hebrew: the id follows the sentence's last letter, a space apart
on its line, or starts the next line."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, served_app

pytestmark = pytest.mark.browser

#: the sentence's last letter and the rule id, as drawn: (left, right, top) each, in CSS px
BOXES = """() => {
  const summary = document.querySelector('details.cards-left > summary'), ref = summary.querySelector('.rule-ref');
  const text = [...summary.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).pop();
  const end = text.textContent.trimEnd().length, range = document.createRange();
  range.setStart(text, end - 1); range.setEnd(text, end);
  const box = (r) => ({left: r.left, right: r.right, top: r.top});
  return {last: box(range.getBoundingClientRect()), ref: box(ref.getBoundingClientRect()),
          rtl: document.documentElement.dir === 'rtl'};
}"""


@pytest.fixture(scope="module")
def crib(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("summary-space"), "browser-summary-space") as (app, url):
        with app.app_context():
            game, secret = services.create_game("crib-rummy", ["דנה", "Ann-Marie (2)"], {})
            db.session.commit()
            yield url, game.public_id, secret


@pytest.mark.parametrize("locale", ["en", "he-IL"])
def test_the_rule_id_keeps_its_space_after_the_summarys_sentence(browser, crib, locale):
    url, gid, secret = crib
    context = browser.new_context(viewport={"width": 320, "height": 800}, is_mobile=True, locale=locale)
    try:
        context.add_cookies([{"name": f"sk_edit_{gid}", "value": secret, "url": url}])
        page = context.new_page()
        page.goto(f"{url}/games/{gid}/rounds/new")
        found = page.evaluate(BOXES)
        last, ref = found["last"], found["ref"]
        page.locator("details.cards-left > summary").screenshot(
            path=str(ARTIFACTS / f"summary-rule-{locale}.png")
        )
        if abs(last["top"] - ref["top"]) < 4:  # on one line: the id right after the letter, a space apart
            space = last["left"] - ref["right"] if found["rtl"] else ref["left"] - last["right"]
            assert 2 <= space <= 12, found
        else:  # wrapped: the id starts the next line, at the line's start
            assert ref["top"] > last["top"], found
            start = page.evaluate(
                "document.querySelector('details.cards-left > summary').getBoundingClientRect()"
            )
            edge = start["right"] - ref["right"] if found["rtl"] else ref["left"] - start["left"]
            assert edge < 2, found
    finally:
        context.close()
