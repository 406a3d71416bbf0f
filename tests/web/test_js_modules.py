"""The pages' scripts are ES modules (scorekeeper/web/js_modules.py): loaded as modules, importing one
another under versioned URLs, no window globals, every one kept by the service worker.

A browser resolves ``import ... from "./keypad.js"`` against the importing script's URL without
its query: served as written, every import would miss the year's caching and, offline, the
service worker's cache. These tests read what is served, as the browser gets it.
"""

from __future__ import annotations

import gzip
import json
import re

import brotli

from scorekeeper.storage.paths import STATIC, TEMPLATES
from scorekeeper.web.delivery import IMMUTABLE, static_url

from .rounds_support import new_game, rounds_url

MODULES = sorted(path.name for path in (STATIC / "js").glob("*.js") if path.name != "sw.js")
#: an import of a sibling module, as served
SERVED_IMPORT = re.compile(r'^(?:import|export)\b[^;]*?from "(\./[\w.-]+\.js[^"]*)";$', re.M)


def test_every_page_script_is_a_module_tag():
    """No classic script file is left (the inline line marking <html class="js"> is not a file)."""
    for template in TEMPLATES.rglob("*.html"):
        for tag in re.findall(r"<script\b[^>]*\bsrc=[^>]*>", template.read_text()):
            assert 'type="module"' in tag and " defer" not in tag, f"{template.name}: {tag}"


def test_no_module_hangs_on_a_window_global():
    for name in MODULES:
        source = (STATIC / "js" / name).read_text()
        assert not re.search(r"window\.Scorekeeper|document\.currentScript|^\(function", source, re.M), name


def test_every_import_is_served_under_the_imported_modules_versioned_url(app, client):
    """Each served import names its module's current URL, which answers with a year's caching."""
    found = 0
    with app.test_request_context():
        urls = {name: static_url(f"js/{name}") for name in MODULES}
    for name, url in urls.items():
        source = client.get(url).get_data(as_text=True)
        for spec in SERVED_IMPORT.findall(source):
            found += 1
            imported = spec.split("?")[0].removeprefix("./")
            assert f"/static/js/{spec.removeprefix('./')}" == urls[imported], (name, spec)
            assert client.get(urls[imported]).headers["Cache-Control"] == IMMUTABLE
    assert found >= 4  # entry, checker -> keypad; queue, waiting -> queue-store (the test finds them)


def test_a_changed_import_gives_its_importer_a_new_url(app, tmp_path):
    """The importer's bytes are the same, but what it imports is not: a new URL, or a phone keeps
    running the old page script against the new module for a year."""
    (tmp_path / "js").mkdir()
    lib, page = tmp_path / "js" / "lib.js", tmp_path / "js" / "page.js"
    lib.write_text("export var answer = 1;\n")
    page.write_text('import { answer } from "./lib.js";\nconsole.log(answer);\n')
    app.static_folder = str(tmp_path)
    client = app.test_client()
    with app.test_request_context():
        before, lib_before = static_url("js/page.js"), static_url("js/lib.js")
        first = client.get(before)
        lib.write_text("export var answer = 2;\n")
        after, lib_after = static_url("js/page.js"), static_url("js/lib.js")
    assert lib_before != lib_after and before != after
    assert first.get_data(as_text=True).startswith(
        f'import {{ answer }} from ".{lib_before[len("/static/js") :]}";'
    )
    fresh = client.get(after)
    assert (
        fresh.headers["Cache-Control"] == IMMUTABLE
        and f'"./lib.js?v={lib_after.split("=")[1]}"' in fresh.text
    )
    assert client.get(before).headers["Cache-Control"] == "no-cache"  # the old URL no longer pinned
    # revalidating the unversioned URL: the tag changed with the import, so no stale 304
    again = client.get("/static/js/page.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200 and "?v=" + lib_after.split("=")[1] in again.text


def test_a_linked_module_revalidates_and_comes_compressed_as_linked(app, client):
    with app.test_request_context():
        url = static_url("js/entry.js")
    plain = client.get(url)
    assert plain.mimetype == "text/javascript" and SERVED_IMPORT.search(plain.text)
    assert (
        client.get("/static/js/entry.js", headers={"If-None-Match": plain.headers["ETag"]}).status_code == 304
    )
    for accept, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        packed = client.get(url, headers={"Accept-Encoding": accept})
        assert packed.headers["Content-Encoding"] == accept and decode(packed.get_data()) == plain.get_data()


def test_the_service_worker_keeps_every_module(client):
    """Offline, a page whose script imports a module the worker lacks runs none of its script."""
    source = client.get("/sw.js").get_data(as_text=True)
    shell = json.loads(re.search(r"var SHELL = (\[.*\]);", source).group(1))
    kept = {url.split("?")[0].removeprefix("/static/js/") for url in shell if url.startswith("/static/js/")}
    assert kept == set(MODULES)


def test_a_page_preloads_exactly_what_its_scripts_import(app, client):
    """<link rel="modulepreload"> fetches an import alongside its importer (no wait for the importer
    to arrive first): each page preloads every module its scripts import, and nothing else."""
    for path in ("/", "/check/rummikub", rounds_url(new_game(app, client, "krazy-bee"))):
        page = client.get(path).get_data(as_text=True)
        scripts = re.findall(r'<script type="module" src="([^"]+)"', page)
        imports = {
            spec.removeprefix(".")
            for url in scripts
            for spec in SERVED_IMPORT.findall(client.get(url).get_data(as_text=True))
        }
        preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/js([^"]+)"', page))
        assert imports and preloaded == imports, path
