"""Snap the rack's files as the phone gets them (docs/rack-photo.md): the vendored onnxruntime-web
served with the types a module import and WebAssembly need, the policy letting WebAssembly
compile (and nothing else), and nothing of them in the service worker's shell (kept on first use)."""

from __future__ import annotations

from scorekeeper.offline.shell import SHELL_STATIC
from scorekeeper.storage.paths import STATIC

VENDOR = STATIC / "vendor" / "onnxruntime-web"


def test_the_runtime_is_served_as_a_module_and_webassembly(client):
    loader = client.get("/static/vendor/onnxruntime-web/ort-wasm-simd-threaded.mjs")
    api = client.get("/static/vendor/onnxruntime-web/ort.wasm.min.mjs")
    wasm = client.get("/static/vendor/onnxruntime-web/ort-wasm-simd-threaded.wasm")
    assert loader.status_code == api.status_code == wasm.status_code == 200
    assert loader.mimetype == api.mimetype == "text/javascript"
    assert wasm.mimetype == "application/wasm"


def test_the_policy_lets_webassembly_compile_and_still_refuses_eval(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    scripts = next(part for part in policy.split(";") if part.strip().startswith("script-src")).split()
    assert "'wasm-unsafe-eval'" in scripts
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
