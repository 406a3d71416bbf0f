"""The app shell: web app manifest, service worker and the offline page."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import get_locale, gettext

from ..storage.paths import STATIC
from ..web.delivery import static_url
from ..web.languages import direction, html_lang

bp = Blueprint("offline", __name__)

NAME = "Scorekeeper"
THEME = "#14532d"
BACKGROUND = "#fbfaf7"
ICONS = (
    ("img/icon-192.png", 192, "any"),
    ("img/icon-512.png", 512, "any"),
    ("img/icon-maskable-512.png", 512, "maskable"),
)
#: the pages' ES modules: every one of static/js but the service worker itself
MODULES = tuple(f"js/{path.name}" for path in sorted((STATIC / "js").glob("*.js")) if path.name != "sw.js")
#: static files every page may need, kept by the service worker when it installs (every module:
#: a page whose script imports one it lacks offline would run none of it)
SHELL_STATIC = (
    "css/app.css",
    "css/games.css",
    "css/keypad.css",
    "css/entry.css",
    *MODULES,
    "img/favicon.svg",
)


def manifest() -> dict:
    """The web app manifest: what a phone needs to install Scorekeeper on its home screen."""
    return {
        "id": "/",
        "name": NAME,
        "short_name": NAME,
        "description": "Keeps score for rummy games at a real table, settles meld disputes and prints score sheets.",
        "start_url": url_for("main.index"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "lang": "en",
        "icons": [
            {"src": static_url(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
        ],
    }


@bp.get("/manifest.webmanifest")
def web_manifest():
    response = current_app.response_class(
        json.dumps(manifest(), indent=1), mimetype="application/manifest+json"
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


def shell_urls() -> list[str]:
    """What the service worker keeps when it installs: the home and offline pages, the static files."""
    return [
        url_for("main.index"),
        url_for("offline.page"),
        url_for("offline.web_manifest"),
        *(static_url(path) for path in SHELL_STATIC),
        *(static_url(path) for path, _, _ in ICONS),
    ]


#: the pages' module the worker shares (the send of a hand, the hands database): written below
#: sw.js, a classic script that cannot import it, its one export line left out
SHARED = "hand-send.js"
EXPORT_LINE = re.compile(r"^export \{[\w, ]+\};\n?\Z", re.M)


def service_worker_source() -> str:
    """``static/js/sw.js`` with its shell and version above it, and the module it shares below it."""
    folder = Path(current_app.static_folder) / "js"
    shared, found = EXPORT_LINE.subn("", (folder / SHARED).read_text())
    if found != 1 or re.search(r"^(import|export) ", shared, re.M):
        raise RuntimeError(f"{SHARED} must import nothing and end with its one export line")
    code = (folder / "sw.js").read_text() + "\n" + shared
    shell = shell_urls()
    # the notice on a kept page, in the phone's language: another language is another worker,
    # which keeps the shell (the offline page among it) again in that language
    words = {
        "kept": gettext(
            "<strong>Offline:</strong> showing what this phone last saw%(when)s. "
            "It updates when the connection returns.",
            when="%(when)s",
        )
    }
    language = str(get_locale()).replace("_", "-")
    version = hashlib.sha256((json.dumps(shell) + code + json.dumps(words) + language).encode()).hexdigest()[
        :12
    ]
    head = (
        f"var VERSION = {json.dumps(version)};\nvar SHELL = {json.dumps(shell)};\n"
        f"var OFFLINE_PAGE = {json.dumps(url_for('offline.page'))};\n"
        f"var WORDS = {json.dumps(words, ensure_ascii=False)};\nvar LANGUAGE = {json.dumps(language)};\n"
    )
    return head + code


@bp.get("/sw.js")
def service_worker():
    response = Response(service_worker_source(), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/offline")
def page():
    """The page a phone shows offline for an address it never opened."""
    return render_template("offline/offline.html")


@bp.get("/handover")
def handover():
    """The http address's side of bringing its waiting hands to https (static/js/queue-handover.js);
    the same page the plain-http answer of ``make run HTTPS=1`` serves."""
    response = current_app.response_class(
        render_template("offline/handover.html", lang=html_lang(), text_dir=direction()), mimetype="text/html"
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def certificate_authority():
    """The table's certificate authority (public), for a phone to install; served only with https."""
    path = Path(os.environ["SCOREKEEPER_TLS_AUTHORITY"])
    response = Response(path.read_bytes(), mimetype="application/x-x509-ca-cert")
    response.headers["Content-Disposition"] = 'attachment; filename="scorekeeper-table.crt"'
    return response
