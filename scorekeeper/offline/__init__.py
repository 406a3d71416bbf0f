"""Installable, and no hand lost offline: the phone side of a game night without a connection.

The pieces:

- :mod:`.shell`: the web app manifest (``/manifest.webmanifest``, with the icons
  under ``static/img/``), the service worker (``/sw.js``, from the root so it
  covers every page) and the page a phone shows for an address it never opened;
- :mod:`.sending`: hands sent from a phone's queue, each idempotency key
  recorded once (table ``sent_hands``), a conflict when the game moved on;
- :mod:`.icons`: draws the icons (``python -m scorekeeper.offline.icons``);
- :mod:`.certificate`: the LAN host's certificates, from an authority of the table's own
  that each phone installs once (``make run HTTPS=1``).

The scripts: ``static/js/offline.js`` (every page: registers the service worker),
``static/js/queue.js`` (the hand form and the game page: the queue of hands in
IndexedDB, kept by ``static/js/queue-store.js``; it needs no service worker) and ``static/js/awake.js`` (game pages:
the Screen Wake Lock and its switch). The service worker (``static/js/sw.js``)
keeps the app shell and every page this phone opened, and shows a kept page with
the notice "Offline: showing what this phone last saw".
"""

from __future__ import annotations

import os

from flask import Flask


def init_app(app: Flask) -> None:
    """Mount the manifest, the service worker and the offline page; on the https LAN host
    (``make run HTTPS=1``), the table's certificate authority for the phones to install."""
    from .shell import bp, certificate_authority

    app.register_blueprint(bp)
    if os.environ.get("SCOREKEEPER_TLS_AUTHORITY"):
        app.add_url_rule("/certificate.pem", "certificate_authority", certificate_authority)
