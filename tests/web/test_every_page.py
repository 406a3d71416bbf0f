"""Every page of the app (tests/site_pages.py) with the test client: what each page's head and
references promise is there.

- one meta description, a sentence of its own (only error pages fall back on base.html's);
- every id that a label, aria-describedby, aria-labelledby, aria-controls or in-page link names
  is on the page (a screen reader reads nothing for a missing one);
- every static file is named by a versioned URL, which answers with a year's caching.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from scorekeeper import create_app
from scorekeeper.storage.extensions import db
from scorekeeper.storage.paths import TEMPLATES
from scorekeeper.web.delivery import IMMUTABLE
from tests.site_pages import SLUGS, Page, seed_games, site_pages

from .game_support import csrf_from

DEFAULT_DESCRIPTION = re.compile(r"\{% block description %\}(.*?)\{% endblock %\}")
IDREFS = ("aria-describedby", "aria-labelledby", "aria-controls", "for")


class Head(HTMLParser):
    """The meta descriptions, ids, id references and static URLs of one page."""

    def __init__(self):
        super().__init__()
        self.descriptions: list[str] = []
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str]] = []
        self.static: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and a.get("name") == "description":
            self.descriptions.append(a.get("content") or "")
        if a.get("id"):
            self.ids.add(a["id"])
        for name in IDREFS:
            for ref in (a.get(name) or "").split():
                self.refs.append((tag, name, ref))
        if tag == "a" and (a.get("href") or "").startswith("#") and len(a["href"]) > 1:
            self.refs.append((tag, "href", a["href"][1:]))
        for name in ("href", "src"):
            if (a.get(name) or "").startswith("/static/"):
                self.static.append(a[name])


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Every page of an app with a game of every variant: [(page, status, parsed head)]."""
    folder = tmp_path_factory.mktemp("every-page")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "every-page",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'site.sqlite3'}",
            "PDF_WAIT": 120,  # a PDF is a PDF here, never its waiting page (however busy the machine)
            "PRINT_WAITING_DIR": str(folder / "print-waiting"),
        }
    )
    with app.app_context():
        db.create_all()
    pages = site_pages(app, seed_games(app))
    seen = []
    for page in pages:
        response = _fetch(app, page)
        head = Head()
        head.feed(response.get_data(as_text=True))
        seen.append((page, response.status_code, head))
    return app, seen


def _fetch(app, page: Page):
    client = app.test_client()
    if page.secret:
        client.set_cookie(page.cookie, page.secret)
    response = client.get(page.path, follow_redirects=True)  # as a browser does (a finished game's new hand)
    if page.submit:  # the form sent as it is: only its CSRF token
        response = client.post(page.path, data={"csrf_token": csrf_from(response.get_data(as_text=True))})
    assert response.mimetype == "text/html", page.name
    return response


def test_the_sweep_sees_every_kind_of_page(site):
    _, seen = site
    paths = {p.path.split("?")[0] for p, _, _ in seen}
    for needed in (
        "/",
        "/games/",
        "/games/new",
        "/rules/",
        "/check/",
        "/print/",
        "/tables/",
        "/no-such-page",
    ):
        assert needed in paths
    assert {status for _, status, _ in seen} >= {200, 400, 403, 404, 422}
    editors = [p for p, _, _ in seen if p.secret and p.public_id]
    assert len({p.public_id for p in editors}) == len(SLUGS) + 2  # a game of each variant, and 2 more
    (table_id,) = {
        p.table_id for p, _, _ in seen if p.table_id
    }  # the seeded table, by a phone and a follower
    for needed in ("", "/stats", "/rulings", "/share", "/play", "/play/rummikub", "/attach", "/merge"):
        assert {True, False} <= {bool(p.secret) for p in seen_at(seen, f"/tables/{table_id}{needed}")}, needed


def seen_at(seen, path: str) -> list[Page]:
    return [p for p, _, _ in seen if p.path == path]


def test_every_page_has_one_meta_description_of_its_own(site):
    default = DEFAULT_DESCRIPTION.search((TEMPLATES / "base.html").read_text()).group(1)
    _, seen = site
    for page, status, head in seen:
        assert len(head.descriptions) == 1, page.name
        (text,) = head.descriptions
        assert 50 <= len(text) <= 160 and text.endswith("."), (page.name, text)
        if status < 400:  # a page says what it is; only an error falls back on the site's sentence
            assert text != default, page.name


def test_descriptions_name_the_variant_of_a_variant_page(site):
    app, seen = site
    with app.app_context():
        from scorekeeper.rules import variants

        names = {v["slug"]: v["name"] for v in variants()}
    for page, _, head in seen:
        slug = page.path.split("?")[0].rstrip("/").split("/")[-1]
        if re.fullmatch(r"/(games/new|check)/[a-z-]+", page.path.split("?")[0]) and not page.submit:
            assert names[slug] in head.descriptions[0], page.name


def test_every_id_a_page_refers_to_is_on_it(site):
    """aria-describedby="player_0-help" with no such element was on every new-game form."""
    _, seen = site
    missing = {
        page.name: [f"<{tag} {name}={ref!r}>" for tag, name, ref in head.refs if ref not in head.ids]
        for page, _, head in seen
    }
    assert not {name: refs for name, refs in missing.items() if refs}


def test_every_static_file_has_a_versioned_url_cached_for_a_year(site):
    app, seen = site
    urls = {url for _, _, head in seen for url in head.static}
    assert {"/static/css/app.css", "/static/js/checker.js", "/static/js/entry.js"} <= {
        u.split("?")[0] for u in urls
    }
    client = app.test_client()
    for url in urls:
        assert re.search(r"\?v=[0-9a-f]{10}$", url), url
        response = client.get(url)
        assert response.status_code == 200 and response.headers["Cache-Control"] == IMMUTABLE, url


def test_no_template_names_a_static_file_without_its_version():
    for template in TEMPLATES.rglob("*.html"):
        assert (
            "url_for('static'" not in template.read_text() and 'url_for("static"' not in template.read_text()
        ), template
