"""Response headers that keep a page to itself: the content policy, HSTS, Secure cookies, no-store."""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from pathlib import Path
from urllib.parse import urlsplit

from flask import g, has_request_context, make_response, request
from flask.sessions import SecureCookieSessionInterface

from .addresses import is_loopback

#: a year (browsers want at least that to count it as set)
HSTS = "max-age=31536000"
#: an inline script with nothing of Jinja in it (its bytes are the same in every page)
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def inline_script_hashes(templates: Path) -> list[str]:
    """``'sha256-...'`` of every inline ``<script>`` in the templates (CSP hash sources).

    Read once a process for each folder (every template read and hashed was a twentieth of a test's
    fresh app); the policy is fixed when an app is made, so a template edited later took a restart
    before as now."""
    return list(_hashes(str(templates)))


@functools.lru_cache(maxsize=8)
def _hashes(templates: str) -> tuple[str, ...]:
    found = set()
    for path in sorted(Path(templates).rglob("*.html")):
        for body in _INLINE_SCRIPT.findall(path.read_text(encoding="utf-8")):
            if "{{" in body or "{%" in body:
                raise ValueError(f"{path.name}: an inline script must not change per page (CSP hashes it)")
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            found.add(f"'sha256-{digest}'")
    return tuple(sorted(found))


def content_policy(templates: Path, webassembly: bool = False) -> str:
    """The Content-Security-Policy of an answer. ``webassembly``: for the pages that compile WebAssembly
    (``'wasm-unsafe-eval'``, and nothing else: the rack photo's runtime, static/vendor/onnxruntime-web,
    on a tile game's hand form); eval and inline scripts stay refused everywhere."""
    scripts = " ".join(
        ["'self'", *(["'wasm-unsafe-eval'"] if webassembly else []), *inline_script_hashes(templates)]
    )
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self'; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def compiles_webassembly() -> str:
    """Called by a template that runs WebAssembly (``rounds/_rack_photo.html``): its page's policy lets
    WebAssembly compile (:func:`content_policy`); every other page's does not. Writes nothing."""
    g.compiles_webassembly = True
    return ""


def page_policy(policies: dict[bool, str]) -> str:
    """This answer's policy, of the two ``content_policy`` gave (without and with WebAssembly)."""
    return policies[bool(g.get("compiles_webassembly"))]


def strict_transport(response) -> None:
    """HSTS on an https answer to a name other than loopback (see the module docstring)."""
    if request.is_secure and not is_loopback(urlsplit("//" + request.host).hostname):
        response.headers.setdefault("Strict-Transport-Security", HSTS)


class SecureOnHttps(SecureCookieSessionInterface):
    """The session cookie is ``Secure`` when ``SESSION_COOKIE_SECURE`` says so, or the request is https."""

    def get_cookie_secure(self, app) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def no_store(view):
    """A view whose answer holds a secret: ``Cache-Control: no-store``."""

    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        response = make_response(view(*args, **kwargs))
        response.headers["Cache-Control"] = "no-store"
        return response

    return wrapped
