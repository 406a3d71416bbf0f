"""Rules pages: the index, one page per variant, one anchor per rule, settings, 404 and escaping."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from scorekeeper.rulebook import rulebook, rulebooks
from scorekeeper.rules import variants

SLUGS = [v["slug"] for v in variants()]


class _Ids(HTMLParser):
    """Collects element ids and link targets of a page."""

    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def parse(html: str) -> _Ids:
    page = _Ids()
    page.feed(html)
    return page


def test_index_links_every_variant(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    hrefs = parse(response.get_data(as_text=True)).hrefs
    for slug in SLUGS:
        assert f"/rules/{slug}" in hrefs


def test_navigation_offers_the_rules(client):
    assert 'href="/rules/"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_has_its_anchor_once(client, slug):
    response = client.get(f"/rules/{slug}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    page = parse(html)
    book = rulebook(slug)
    assert book.rule_ids, "a rules page without rules"
    for rule_id in book.rule_ids:
        assert page.ids.count(rule_id) == 1, f"{rule_id} must be the id of exactly one element"
        assert f"#{rule_id}" in page.hrefs  # the rule's own link, to copy and share
    assert len(page.ids) == len(set(page.ids)), "duplicate ids on the page"
    for section in book.sections:
        assert section.key in page.ids


@pytest.mark.parametrize("slug", SLUGS)
def test_page_shows_the_rule_texts_and_digest(client, slug):
    html = client.get(f"/rules/{slug}").get_data(as_text=True)
    book = rulebook(slug)
    assert f"<h1>{book.name}</h1>" in html.replace("&#39;", "'")
    for rule in book.rules:
        assert _escaped(rule.text) in html
    for lines in book.digest.values():
        for line in lines:
            assert _escaped(line) in html


@pytest.mark.parametrize("slug", SLUGS)
def test_settings_show_every_option_with_its_default(client, slug):
    html = client.get(f"/rules/{slug}").get_data(as_text=True)
    settings = html[html.index('id="settings"') :]
    for option in next(v for v in variants() if v["slug"] == slug)["options"]:
        assert f"<code>{option['name']}</code>" in settings
        shown = (
            ("on" if option["default"] else "off")
            if option["type"] == "bool"
            else ("none" if option["default"] is None else str(option["default"]))
        )
        assert f"default: <strong>{_escaped(shown)}</strong>" in settings


@pytest.mark.parametrize(
    "slug, on, off",
    [
        ("rummikub", [], ["grid", "runny", "zero"]),
        ("crazy-tiles", ["grid", "zero", "wrap", "six_nine", "ten_split", "same_color_groups"], ["runny"]),
        ("runny-tiles", ["grid", "runny"], ["zero", "six_nine"]),
    ],
    ids=["CT-rummikub", "CT-crazy-tiles", "CT-runny-tiles"],
)
def test_tile_presets_say_which_switches_they_turn_on(client, slug, on, off):
    html = client.get(f"/rules/{slug}").get_data(as_text=True)
    box = html[html.index("switch-list") : html.index("</ul>", html.index("switch-list"))]
    for switch in on:
        assert re.search(rf'switch-on"><span class="state">on</span> <code>{switch}</code>', box)
    for switch in off:
        assert re.search(rf'switch-off"><span class="state">off</span> <code>{switch}</code>', box)


def test_krazy_bee_page_lists_the_default_steps(client):
    html = client.get("/rules/krazy-bee").get_data(as_text=True)
    steps = rulebook("krazy-bee").extra["steps"]
    assert len(steps) == 10
    for step in steps:
        shown = step.replace(" + ", " + <wbr>")  # a line breaks only after a Step's "+"
        assert (
            f'<li><bdi dir="ltr" translate="no" class="notation">{shown}</bdi></li>' in html
        )  # left to right


def test_slug_is_case_insensitive(client):
    """Another spelling of a slug redirects to the canonical address (one lookup for every page)."""
    response = client.get("/rules/Krazy-Bee")
    assert response.status_code == 308 and response.headers["Location"].endswith("/rules/krazy-bee")
    assert client.get("/rules/Krazy-Bee", follow_redirects=True).status_code == 200


@pytest.mark.parametrize(
    "path", ["/rules/poker", "/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/rules/krazy-bee/extra"]
)
def test_unknown_variant_is_404_and_nothing_is_echoed_raw(client, path):
    response = client.get(path)
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "<script>alert" not in html
    assert "Page not found" in html or "no rules page" in html.lower() or "not found" in html.lower()


def test_every_variant_has_a_rulebook():
    assert [b.slug for b in rulebooks()] == SLUGS


def _escaped(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))
