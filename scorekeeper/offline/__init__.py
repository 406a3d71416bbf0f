"""Installable, and no hand lost offline: the phone side of a game night without a connection."""

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
