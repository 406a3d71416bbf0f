"""HTML to PDF bytes with WeasyPrint, which gets no network access."""

from __future__ import annotations

import atexit
import base64
import mimetypes
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..storage.paths import STATIC

#: Base URL of print templates: ``img/x.svg`` is ``static/img/x.svg``.
BASE_URL = STATIC.as_uri() + "/"


class RefusedURL(ValueError):
    """A print template asked for something outside the app's static files."""


def static_file(url: str, static: Path = STATIC) -> Path:
    """The file inside ``static`` that a ``file:`` URL names, or :class:`RefusedURL`.

    >>> static_file(BASE_URL + "css/print.css").name
    'print.css'
    >>> static_file(BASE_URL + "../config.py")
    Traceback (most recent call last):
    ...
    scorekeeper.printing.pdf.RefusedURL: outside the static folder: ...
    >>> static_file("https://example.com/font.ttf")
    Traceback (most recent call last):
    ...
    scorekeeper.printing.pdf.RefusedURL: no network access for printing: https://example.com/font.ttf
    """
    parts = urlsplit(url)
    if parts.scheme != "file":
        raise RefusedURL(f"no network access for printing: {url}")
    path = Path(unquote(parts.path)).resolve()
    root = static.resolve()
    if root != path and root not in path.parents:
        raise RefusedURL(f"outside the static folder: {url}")
    if not path.is_file():
        raise RefusedURL(f"no such static file: {url}")
    return path


def fetch_static(url: str) -> tuple[bytes, str]:
    """The bytes and media type behind ``url``: a static file or a ``data:`` URL."""
    if url.startswith("data:"):
        header, _, payload = url[5:].partition(",")
        media_type = header.split(";")[0] or "text/plain"
        data = base64.b64decode(payload) if header.endswith(";base64") else unquote(payload).encode()
        return data, media_type
    path = static_file(url)
    return path.read_bytes(), mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def _fetcher():
    """A WeasyPrint URL fetcher that only calls :func:`fetch_static`."""
    from weasyprint import urls

    if hasattr(urls, "URLFetcher"):  # WeasyPrint >= 66: a fetcher object

        class StaticOnlyFetcher(urls.URLFetcher):
            def fetch(self, url, headers=None):
                data, media_type = fetch_static(url)
                return urls.URLFetcherResponse(url, data, {"Content-Type": media_type})

        return StaticOnlyFetcher()

    def fetch(url):  # pragma: no cover - older WeasyPrint: a function returning a dict
        data, media_type = fetch_static(url)
        return {"string": data, "mime_type": media_type, "redirected_url": url}

    return fetch


@lru_cache(maxsize=1)
def _print_css():
    """``static/css/print.css`` parsed once, with its embedded fonts loaded once.

    Parsing the stylesheet and loading the two DejaVu files cost more than
    laying out a small sheet, so every document shares them.
    """
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    from .font_folder import adopt

    fonts = FontConfiguration()
    adopt(fonts)  # fonts in this process's own folder, which a later process removes if this one is killed
    atexit.register(_print_css.cache_clear)  # free fontconfig while the interpreter still can
    css = CSS(
        filename=str(STATIC / "css" / "print.css"),
        base_url=BASE_URL + "css/",
        url_fetcher=_fetcher(),
        font_config=fonts,
    )
    return css, fonts


def html_to_pdf(html: str) -> bytes:
    """Render ``html`` (URLs relative to ``static/``) with the print stylesheet to PDF bytes, fonts embedded."""
    from weasyprint import HTML

    css, fonts = _print_css()
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=_fetcher())
    return document.write_pdf(stylesheets=[css], font_config=fonts)
