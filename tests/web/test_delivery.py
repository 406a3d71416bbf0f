"""Page delivery (scorekeeper/web/delivery.py): compressed answers, versioned static files cached for a year.

Bodies are decompressed and compared with what an uncompressing client gets;
event streams are read one event at a time, to show nothing holds them back.
"""

from __future__ import annotations

import gzip
import re
import threading

import brotli
import pytest
from flask import Response, stream_with_context

from scorekeeper.storage.paths import STATIC
from scorekeeper.web.delivery import IMMUTABLE, static_url

from .rounds_support import new_game

BR, GZIP = {"Accept-Encoding": "gzip, deflate, br"}, {"Accept-Encoding": "gzip"}
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def decoded(response) -> bytes:
    return DECODE[response.headers["Content-Encoding"]](response.get_data())


@pytest.mark.parametrize(
    "accept, encoding",
    [
        ("gzip, deflate, br", "br"),
        ("br", "br"),
        ("gzip", "gzip"),
        ("br;q=0.5, gzip", "gzip"),
        ("gzip;q=0.4, br;q=0.9", "br"),
        ("*", "br"),
        ("br;q=0, gzip", "gzip"),
    ],
)
def test_pages_come_in_the_encoding_the_browser_prefers(client, accept, encoding):
    plain = client.get("/rules/krazy-bee")
    packed = client.get("/rules/krazy-bee", headers={"Accept-Encoding": accept})
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    assert packed.headers["Content-Encoding"] == encoding and "Accept-Encoding" in packed.headers["Vary"]
    assert decoded(packed) == plain.get_data()
    assert int(packed.headers["Content-Length"]) == len(packed.get_data()) < len(plain.get_data()) / 2


def test_no_encoding_is_used_that_the_browser_refuses(client):
    for accept in ("identity", "br;q=0, gzip;q=0", "deflate"):
        response = client.get("/rules/", headers={"Accept-Encoding": accept})
        assert "Content-Encoding" not in response.headers and b"<html" in response.get_data()


def test_json_is_compressed_and_small_answers_are_not(client):
    document = client.get("/api/v1/openapi.json", headers=BR)
    assert document.headers["Content-Encoding"] == "br" and decoded(document).startswith(b"{")
    health = client.get("/healthz", headers=BR)
    assert "Content-Encoding" not in health.headers and len(health.get_data()) < 512


def test_pdfs_are_not_compressed_again(app, client):
    game = new_game(app, client, "rummikub")
    sheet = client.get(f"/print/game/{game}/sheet.pdf", headers=BR)
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    assert "Content-Encoding" not in sheet.headers and sheet.get_data().startswith(b"%PDF")


def test_an_answer_already_encoded_is_left_alone(app):
    body = gzip.compress(b"<p>already packed</p>" * 100)

    @app.get("/packed")
    def packed():
        return Response(body, mimetype="text/html", headers={"Content-Encoding": "gzip"})

    response = app.test_client().get("/packed", headers=BR)
    assert response.headers["Content-Encoding"] == "gzip" and response.get_data() == body


def test_event_streams_are_neither_compressed_nor_held_back(app):
    """Server-Sent Events reach the browser one by one: the first is read while the
    stream has not yet been asked for the second."""
    asked = threading.Event()

    @app.get("/events")
    def events():
        def stream():
            yield "data: " + "first " * 200 + "\n\n"
            asked.set()
            yield "data: second\n\n"

        return Response(stream_with_context(stream()), mimetype="text/event-stream")

    response = app.test_client().get("/events", headers=BR, buffered=False)
    assert "Content-Encoding" not in response.headers and response.headers["X-Accel-Buffering"] == "no"
    chunks = iter(response.response)
    assert next(chunks).startswith(b"data: first") and not asked.is_set()
    assert next(chunks) == b"data: second\n\n" and asked.is_set()
    response.close()


def test_a_streamed_page_is_not_buffered_to_compress_it(app):
    @app.get("/streamed")
    def streamed():
        return Response((f"<p>{n}</p>" * 100 for n in range(3)), mimetype="text/html")

    response = app.test_client().get("/streamed", headers=BR, buffered=False)
    assert "Content-Encoding" not in response.headers and response.is_streamed
    response.close()


def test_static_files_come_compressed_and_versioned(client):
    page = client.get("/").get_data(as_text=True)
    url = re.search(r'href="(/static/css/app\.css\?v=[0-9a-f]{10})"', page).group(1)
    css = (STATIC / "css/app.css").read_bytes()
    for headers, encoding in ((BR, "br"), (GZIP, "gzip")):
        response = client.get(url, headers=headers)
        assert response.headers["Cache-Control"] == IMMUTABLE
        assert response.headers["Content-Encoding"] == encoding and decoded(response) == css
        assert response.headers["ETag"].endswith(f'-{encoding}"')  # one tag per encoding
    plain = client.get(url)
    assert plain.get_data() == css and "Content-Encoding" not in plain.headers


def test_a_static_file_under_no_or_an_old_version_is_revalidated(client):
    """Only the current content is cached for a year: an old page's URL must not pin new bytes."""
    for url in ("/static/css/app.css", "/static/css/app.css?v=0000000000"):
        response = client.get(url)
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache"


def test_pages_themselves_are_not_cached(app, client):
    game = new_game(app, client, "krazy-bee")
    for path in ("/", f"/games/{game}", "/check/krazy-bee?cards=7+7+W"):
        cache = client.get(path).headers.get("Cache-Control", "")
        assert "max-age" not in cache and "immutable" not in cache, path


def test_a_changed_file_gets_a_new_url(app, tmp_path):
    """The version is the content's hash: a new stylesheet is fetched at once, the old URL no
    longer gets a year's caching."""
    (tmp_path / "css").mkdir()
    sheet = tmp_path / "css" / "site.css"
    sheet.write_text("body { color: black; }")
    app.static_folder = str(tmp_path)
    with app.test_request_context():
        before = static_url("css/site.css")
        assert static_url("css/site.css") == before  # the same content, the same URL
        sheet.write_text("body { color: navy; background: white; }")
        after = static_url("css/site.css")
    assert before != after and before.split("?")[0] == after.split("?")[0] == "/static/css/site.css"
    client = app.test_client()
    assert client.get(after).headers["Cache-Control"] == IMMUTABLE
    assert client.get(after).get_data() == sheet.read_bytes()
    assert client.get(before).headers["Cache-Control"] == "no-cache"


def test_a_compressed_static_file_revalidates_by_its_own_tag(client):
    first = client.get("/static/css/app.css", headers=BR)
    again = client.get("/static/css/app.css", headers={**BR, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.get_data()
    other = client.get("/static/css/app.css", headers={**GZIP, "If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200 and decoded(other) == (STATIC / "css/app.css").read_bytes()


def test_a_page_every_follower_sees_is_packed_once_until_the_game_changes(app, client, monkeypatch):
    from scorekeeper import services
    from scorekeeper.storage.extensions import db
    from scorekeeper.web import delivery

    public_id = new_game(app, client, "rummikub", editor=False)
    packed = []
    real = delivery.compress
    monkeypatch.setattr(
        delivery, "compress", lambda data, encoding, **kw: packed.append(1) or real(data, encoding, **kw)
    )
    first = [client.get(f"/games/{public_id}", headers=BR) for _ in range(3)]
    assert len(packed) == 1 and len({decoded(r) for r in first}) == 1
    with app.app_context():
        game = services.get_game(public_id)
        services.record_round(game, {"winner": 0, "players": [{"rack": ""}, {"rack": "R9"}]})
        db.session.commit()
    after = client.get(f"/games/{public_id}", headers=BR)
    assert len(packed) == 2 and decoded(after) != decoded(first[0])  # the new page, not the kept one
    assert decoded(after) == client.get(f"/games/{public_id}").get_data()


def test_each_editor_gets_the_page_with_their_own_token(app, client):
    public_id = new_game(app, client, "rummikub")
    other = app.test_client()
    other.set_cookie(f"sk_edit_{public_id}", client.get_cookie(f"sk_edit_{public_id}").value)
    mine, theirs = (decoded(c.get(f"/games/{public_id}", headers=BR)).decode() for c in (client, other))
    tokens = [set(re.findall(r'name="csrf_token"[^>]*value="([^"]+)"', page)) for page in (mine, theirs)]
    assert all(len(t) == 1 for t in tokens) and tokens[0] != tokens[1]
