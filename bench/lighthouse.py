"""Lighthouse on the home page and a game page, at mobile size: the scores, and installability.

Migrates a temporary SQLite file, seeds a Rummikub game of 50 hands (web_bench's),
starts the production server (``python -m scorekeeper.cli.server``) on a free loopback
port and runs Lighthouse (npm package ``lighthouse``, pinned in package-lock.json;
``npm ci`` installs it) with Debian's Chromium (``CHROME_PATH=/usr/bin/chromium``,
headless) on: the home page, the game page as a follower sees it, and as its editor
(the edit cookie sent as an extra header). Lighthouse's default mobile run: a Moto
G Power's screen, a slow 4G network and a 4x slower CPU, simulated.

Prints each page's accessibility, best-practices, performance and SEO scores,
with the audits that lost points. Lighthouse 12 dropped its PWA category; its
installability check was Chromium's own, which this script asks directly
(``Page.getInstallabilityErrors`` over the DevTools protocol, with Playwright,
once the service worker controls the page): "installable" means no error.
Not part of the test suite (a minute or more); tests/web/test_offline_shell.py
checks what installing reads on every run.
Usage: ``python bench/lighthouse.py [--runs 1] [--keep DIR]`` (DIR: the JSON reports).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from live_bench import start_server
from web_bench import free_port, seed

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROME = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CATEGORIES = ("accessibility", "best-practices", "performance", "seo")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"


def lighthouse(
    url: str, report: Path, cookie: str | None = None, headers: dict | None = None, categories=CATEGORIES
) -> dict:
    """One Lighthouse run on ``url`` (mobile); its JSON report, also written to ``report``."""
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(categories)}",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    sent = {**({"Cookie": cookie} if cookie else {}), **(headers or {})}
    if sent:
        command.append(f"--extra-headers={json.dumps(sent)}")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROME}, cwd=ROOT)
    return json.loads(report.read_text())


def lost_points(result: dict, category: str) -> list[str]:
    """The audits of ``category`` that scored under 1, with their scores."""
    audits = result["audits"]
    lost = []
    for ref in result["categories"][category]["auditRefs"]:
        audit = audits[ref["id"]]
        if ref["weight"] and audit.get("score") is not None and audit["score"] < 1:
            lost.append(f"{ref['id']} {audit['score']:.2f}")
    return lost


def installability(url: str) -> list[str]:
    """Chromium's installability errors for ``url`` once the service worker controls it (none: installable)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # a profile of its own: Chromium offers no install in an incognito window (Playwright's default)
        browser = pw.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="sk-profile-"),
            executable_path=CHROME,
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
            viewport={"width": 412, "height": 823},
            is_mobile=True,
        )
        page = browser.pages[0] if browser.pages else browser.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.offlineReady === 'yes'", timeout=30000)
        page.reload()
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30000)
        session = browser.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        manifest = session.send("Page.getAppManifest")
        browser.close()
    return [e["errorId"] for e in errors] + [f"manifest: {e['message']}" for e in manifest.get("errors", [])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs per page (the median is shown)")
    parser.add_argument("--keep", help="a folder for the JSON reports")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: run `npm ci` (make test does).")
    folder = Path(tempfile.mkdtemp(prefix="sk-lighthouse-"))
    reports = Path(args.keep) if args.keep else folder
    reports.mkdir(parents=True, exist_ok=True)
    db_url = f"sqlite:///{folder / 'bench.sqlite3'}"
    ((public_id, secret),) = seed(db_url, 1)
    port = free_port()
    proc = start_server(port, db_url, 2)
    base = f"http://127.0.0.1:{port}"
    pages = [
        ("home", f"{base}/", None),
        ("game (follower)", f"{base}/games/{public_id}", None),
        ("game (editor)", f"{base}/games/{public_id}", f"sk_edit_{public_id}={secret}"),
    ]
    files = {name: "-".join(name.replace("(", "").replace(")", "").split()) for name, _, _ in pages}
    try:
        errors = installability(f"{base}/")
        print(
            f"Installable (Chromium's check, service worker in control): {'yes' if not errors else 'NO'}"
            + ("" if not errors else f" {errors}")
        )
        print(f"{'page':18} " + " ".join(f"{c:>15}" for c in CATEGORIES))
        for name, url, cookie in pages:
            results = [lighthouse(url, reports / f"{files[name]}-{n}.json", cookie) for n in range(args.runs)]
            scores = {
                c: statistics.median(r["categories"][c]["score"] * 100 for r in results) for c in CATEGORIES
            }
            print(f"{name:18} " + " ".join(f"{scores[c]:>15.0f}" for c in CATEGORIES))
            for c in CATEGORIES:
                lost = lost_points(results[-1], c)
                if lost:
                    print(f"{'':18}   {c}: {', '.join(lost)}")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
