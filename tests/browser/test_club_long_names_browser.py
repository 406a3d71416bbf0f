"""Long names on a club night's pages at 320 and 390 px (docs/club-night.md "The standings screen"), in
English and in Hebrew (right to left), in a real Chromium: the event page's standings fit the screen
(they were 13 px wider than a 320 px one, a table to swipe), and on the event page and the standings
screen every name is shown whole, inside its cell and the screen, broken between its words and after
its hyphens only. A word longer than its column ("Rindfleischetikettierungsüberwachungsges", 40
letters, wider than a 320 px screen's column) still breaks where it must; this Chromium has no
hyphenation dictionaries, so ``hyphens: auto`` (which a phone's browser applies in the page's language)
is not what these tests see."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.services.club import check_in, create_event, current_round, override, seat_next
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db

from .conftest import assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser

#: eight players, two tables; the longest names a roster takes (40 characters at most): a Latin name
#: in two and in three words with hyphens, one unbroken 40-letter word, a Hebrew name with hyphens,
#: one with the maqaf (Hebrew's own hyphen), and an unbroken Hebrew word of 38 letters
LONG = [
    "Maximiliane-Friederike von Wittgenstein",
    "Friederike Oberhausen-Wittgenstein",
    "Rindfleischetikettierungsüberwachungsges",
    "אלכסנדרה-מרגריטה בן-אליעזר-רוזנבלום",
    "שלומית־אביגיל בן־שושן",
    "אבגדהוזחטיכלמנסעפצקרשתאבגדהוזחטיכלמנסעפ",
]
NAMES = [*LONG, "Ann", "דנה"]
#: a word this long may break: it is wider than a name's column on a 320 px screen
UNBREAKABLE = 20

#: each name cell's own text (not the tiebreak note in it), where each of its lines breaks, and the
#: characters drawn outside the cell or the screen
LINES_JS = """(selector) => [...document.querySelectorAll(selector)].map(cell => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, {acceptNode: node =>
    node.parentElement.closest('[data-tiebreak]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
  const chars = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      chars.push({c: node.data[i], rect});
    }
  }
  const text = chars.map(ch => ch.c).join('');
  const breaks = [];
  for (let i = 1; i < chars.length; i++) {
    const [a, b] = [chars[i - 1].rect, chars[i].rect];
    if (a && b && b.top > a.top + 2) breaks.push(i);
  }
  const box = cell.getBoundingClientRect();
  const screen = document.documentElement.clientWidth;
  const outside = chars.filter(({c, rect}) => c.trim() && (!rect || rect.left < Math.max(box.left, 0) - 1
    || rect.right > Math.min(box.right, screen) + 1)).map(ch => ch.c).join('');
  return {text, breaks, outside};
})"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("club-long-names"), "browser-club-long-names") as site:
        yield site


@pytest.fixture(scope="module")
def event_id(site) -> str:
    """Round 1 of the eight, both tables' results set: everyone has a line in the standings."""
    app, _url = site
    with app.app_context():
        table, secret = create_table("Thursday club", NAMES)
        event = create_event(table, name="December night", held_on=date(2026, 12, 3), variant="rummikub")
        check_in(event, NAMES)
        seat_next(event, secret, "draw", seed=13)
        for seated, scores in zip(current_round(event).tables, [[30, -10, -10, -10], [20, 0, -10, -10]]):
            override(event, seated, scores, "read out at the table")
        db.session.commit()
        return event.public_id


def mid_word_breaks(line: dict) -> list[str]:
    """The places a name breaks inside a word of fewer than UNBREAKABLE letters ("Maxim|iliane"): a
    line may end at a space or after a hyphen (or the maqaf), never inside a word that fits."""
    text, found = line["text"], []
    for at in line["breaks"]:
        before, after = text[:at], text[at:]
        if before[-1].isspace() or before[-1] in "-\u2010\u05be" or after[0].isspace():
            continue
        word = before.split()[-1].replace("\u05be", "-").split("-")[-1]
        word += after.split()[0].replace("\u05be", "-").split("-")[0]
        if len(word) < UNBREAKABLE:
            found.append(f"{before[-8:]}|{after[:8]}")
    return found


def names_shown(page, selector: str) -> list[dict]:
    """Each name cell's lines, checked: the name whole, inside its cell and the screen."""
    lines = page.evaluate(LINES_JS, selector)
    for line in lines:
        assert line["outside"] == "", (
            f"{line['text']!r}: {line['outside']!r} drawn outside its cell or the screen"
        )
        assert mid_word_breaks(line) == [], f"{line['text']!r} breaks inside a word: {mid_word_breaks(line)}"
    return lines


def standings_box_hidden(page) -> int:
    """How much wider than its box the event page's standings are (more than 0: a table to swipe)."""
    return page.evaluate(
        "(() => { const box = document.querySelector('.event-standings .table-scroll');"
        " return box.scrollWidth - box.clientWidth; })()"
    )


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("where", ["page", "screen"])
def test_the_standings_fit_and_show_each_long_name_whole(browser, site, event_id, where, language, width):
    """The event page's standings, and the standings screen's standings and tables."""
    _app, url = site
    with phone_page(
        browser, f"club-long-names-{where}-{language}-{width}", viewport={"width": width, "height": 800}
    ) as page:
        page.context.add_cookies([{"name": "lang", "value": language, "url": url}])
        page.goto(f"{url}/events/{event_id}" + ("/screen" if where == "screen" else ""))
        assert page.evaluate("document.documentElement.lang") == language
        assert_no_sideways_scroll(page)
        if where == "page":
            # the standings' own box does not scroll either: every column is on the screen
            hidden = standings_box_hidden(page)
            assert hidden <= 0, f"the standings are {hidden} px wider than the {width} px screen"
        cells = ".event-standings tbody th[scope=row]" if where == "page" else ".screen-name"
        lines = names_shown(page, cells)
        assert sorted(" ".join(line["text"].split()) for line in lines) == sorted(NAMES)
        if where == "screen":  # the round's tables: every name in its line, none broken inside a word
            tables = " ".join(
                " ".join(line["text"].split()) for line in names_shown(page, ".screen-table-names")
            )
            assert all(name in tables for name in NAMES)
