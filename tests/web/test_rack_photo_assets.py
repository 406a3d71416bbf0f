"""Snap the rack's files as the phone gets them (docs/rack-photo.md): the vendored onnxruntime-web
served with the types a module import and WebAssembly need, the policy letting WebAssembly
compile (and nothing else), and nothing of them in the service worker's shell (kept on first use)."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import rules
from scorekeeper.offline.shell import SHELL_STATIC
from scorekeeper.storage.paths import STATIC

from .rounds_support import new_game, rounds_url, submit

VENDOR = STATIC / "vendor" / "onnxruntime-web"


def test_the_runtime_is_served_as_a_module_and_webassembly(client):
    loader = client.get("/static/vendor/onnxruntime-web/ort-wasm-simd-threaded.mjs")
    api = client.get("/static/vendor/onnxruntime-web/ort.wasm.min.mjs")
    wasm = client.get("/static/vendor/onnxruntime-web/ort-wasm-simd-threaded.wasm")
    assert loader.status_code == api.status_code == wasm.status_code == 200
    assert loader.mimetype == api.mimetype == "text/javascript"
    assert wasm.mimetype == "application/wasm"


def _scripts(answer) -> list[str]:
    policy = answer.headers["Content-Security-Policy"]
    return next(part for part in policy.split(";") if part.strip().startswith("script-src")).split()


def test_only_the_rack_photo_page_lets_webassembly_compile_and_none_allows_eval(app, client):
    """Issue 36: 'wasm-unsafe-eval' on the tile games' hand form (the check screen's runtime) only."""
    tiles, cards = new_game(app, client, "rummikub"), new_game(app, client, "krazy-bee")
    photo_pages = [rounds_url(tiles), rounds_url(tiles, "1/edit")]
    submit(client, rounds_url(tiles), {"winner": "0", "players.1.rack": "R7"})  # hand 1, for its edit form
    for url in photo_pages:
        answer = client.get(url)
        assert answer.status_code == 200 and 'id="rack-photo"' in answer.text, url
        assert "'wasm-unsafe-eval'" in _scripts(answer), url
    for url in ("/", f"/games/{tiles}", f"/games/{cards}", rounds_url(cards), "/tables/", "/handover"):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert "'wasm-unsafe-eval'" not in _scripts(answer), url
    for url in (rounds_url(tiles), "/"):
        scripts = _scripts(client.get(url))
        assert "'unsafe-eval'" not in scripts and "'unsafe-inline'" not in scripts


def test_the_vendored_version_is_named_and_its_files_are_the_ones_hashed():
    version = (VENDOR / "VERSION").read_text().strip()
    assert version in (VENDOR / "README.md").read_text().splitlines()[0]
    assert f"ORT_VERSION ?= {version}" in (STATIC.parents[1] / "Makefile").read_text()
    named = {line.split()[1] for line in (VENDOR / "SHA256SUMS").read_text().splitlines()}
    assert named == {p.name for p in VENDOR.iterdir() if p.suffix in (".mjs", ".wasm")}
    assert (VENDOR / "LICENSE").read_text().startswith("MIT License")


def test_the_shell_keeps_none_of_it_before_first_use():
    assert not [p for p in SHELL_STATIC if p.startswith(("vendor/", "rack-photo/"))]


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_a_tile_games_hand_form_carries_the_check_screen(app, client, variant):
    page = client.get(rounds_url(new_game(app, client, variant))).get_data(as_text=True)
    dialog = re.search(r'<dialog id="rack-photo"[^>]*>', page, re.S)
    assert dialog, variant
    for what in ("ort.wasm.min.mjs?v=", "threaded.mjs?v=", ".wasm?v=", "detector.onnx?v=", "reader.onnx?v="):
        assert what in dialog.group(0)
    assert f'data-rules="/rules/{variant}"' in dialog.group(0)
    # the script totals and flags the rack by the engine's counts, never its own (CT-7)
    counts = rules.rack_counts(variant)
    assert f'data-joker-points="{counts["joker_points"]}"' in dialog.group(0)
    assert f'data-copies="{counts["copies"]}"' in dialog.group(0)
    assert 'src="/static/js/rack-photo.js?v=' in page and "rack-photo-read.js?v=" in page  # (preloaded)
    assert "rack-photo-open" not in page  # the camera buttons are the script's: none without it


def test_no_check_screen_without_the_models_or_on_another_game(app, client):
    assert 'id="rack-photo"' not in client.get(rounds_url(new_game(app, client, "krazy-bee"))).get_data(
        as_text=True
    )
    app.jinja_env.globals["static_url_if_present"] = lambda filename: ""  # a checkout without the models
    page = client.get(rounds_url(new_game(app, client, "rummikub"))).get_data(as_text=True)
    assert 'id="rack-photo"' not in page and 'name="players.0.rack"' in page


def test_the_check_screen_counts_by_the_engine_not_by_literals():
    script = (STATIC / "js" / "rack-photo.js").read_text()
    assert 'getAttribute("data-joker-points")' in script and 'getAttribute("data-copies")' in script
    assert not re.search(r"\b30\b", script)  # a joker's points are the engine's (CT-7)


def test_the_script_carries_reading_pys_constants():
    """The phone and the server read alike only while every constant is the same in both."""
    from scorekeeper.photo import reading

    script = (STATIC / "js" / "rack-photo-read.js").read_text()
    names = [
        "DETECT_W",
        "DETECT_H",
        "STRIDE",
        "READ_W",
        "READ_H",
        "WORK_LONG",
        "PAD",
        "DETECT",
        "OVERLAP",
        "MARGIN",
        "SURE_FOUND",
        "SURE_NUMBER",
        "SURE_COLOUR",
        "ODD_SIZE",
        "SIZE_PEERS",
        "SMALL",
        "JOKER_DOUBT",
        "JOKER_APART",
        "NUMBER_APART",
        "ZOOM_BELOW",
        "ZOOM_TALL",
        "ZOOM_MARGIN",
        "ZOOM_GAIN",
        "JOKER",
        "MOST_TILES",
    ]
    for name in names:
        found = re.search(rf"\b{name} = ([0-9.]+)", script)
        assert found, name
        assert float(found.group(1)) == getattr(reading, name), name
    assert f'COLOUR_LETTERS = "{reading.COLOUR_LETTERS}"' in script
    looks = re.search(r"\bLOOKS = (\[.*?\]);", script)
    assert looks and json.loads(looks.group(1)) == [list(look) for look in reading.LOOKS]
