"""The pages' ES modules under versioned URLs, imports included.

A page names its script by :func:`~scorekeeper.delivery.static_url`
(``/static/js/entry.js?v=...``, cached for a year). The browser resolves that
script's ``import ... from "./keypad.js"`` against the script's URL without its
query, so each such import is served with its file's version written in
(``"./keypad.js?v=..."``): every module comes from its versioned URL, from the
browser's cache and the service worker's as much as the page's own script, and a
script imported by two others is one module. A module's version covers the
versions of the modules it imports, so a changed ``keypad.js`` gives ``entry.js``
a new URL too. (Django's ``ManifestStaticFilesStorage`` does the same.)
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask, current_app, send_file
from werkzeug.security import safe_join

#: ``import ... from "./x.js"``, ``import "./x.js"``, ``export ... from "./x.js"``, at a line's start
IMPORT = re.compile(r"""^((?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)(["'])\./([\w.-]+\.js)\2""", re.M)


def imported(path: Path) -> tuple[str, ...]:
    """The file names a module imports from its own folder, in order (read again when the file changes)."""
    stat = path.stat()
    return _imported(str(path), stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=256)
def _imported(path: str, size: int, mtime: int) -> tuple[str, ...]:
    return tuple(match[3] for match in IMPORT.finditer(Path(path).read_text(encoding="utf-8")))


def version(path: Path, content_hash: Callable[[Path], str], seen: frozenset = frozenset()) -> str:
    """``content_hash(path)`` for a file that imports nothing; else a hash of it and of what it imports."""
    names = imported(path) if path.suffix == ".js" else ()
    if not names or path in seen:
        return content_hash(path)
    parts = [content_hash(path)] + [
        version(path.parent / name, content_hash, seen | {path})
        if (path.parent / name).is_file()
        else "missing"
        for name in names
    ]
    return hashlib.sha256(" ".join(parts).encode()).hexdigest()[:10]


def linked(path: Path, content_hash: Callable[[Path], str]) -> bytes:
    """A module's source with each import of its folder's modules under that module's versioned URL."""

    def versioned(match: re.Match) -> str:
        name = match[3]
        if not (
            path.parent / name
        ).is_file():  # left as written: the browser reports it, the page still comes
            return match[0]
        return f"{match[1]}{match[2]}./{name}?v={version(path.parent / name, content_hash)}{match[2]}"

    return IMPORT.sub(versioned, path.read_text(encoding="utf-8")).encode()


def imports_modules(path: Path) -> bool:
    """Whether ``path`` is a module that imports others (served linked), not a file served as it is."""
    return path.suffix == ".js" and path.is_file() and bool(imported(path))


def static_bytes(path: Path, content_hash: Callable[[Path], str]) -> bytes:
    """What the static route answers for ``path``: a module's linked source, any other file's bytes."""
    return linked(path, content_hash) if imports_modules(path) else path.read_bytes()


def register(app: Flask, content_hash: Callable[[Path], str]) -> None:
    """The static route answers a module that imports others linked, its version as its ETag."""
    plain = app.view_functions["static"]

    def static(filename: str):
        found = safe_join(app.static_folder, filename)
        if found is None or not imports_modules(Path(found)):
            return plain(filename=filename)
        path = Path(found)
        return send_file(
            io.BytesIO(linked(path, content_hash)),
            mimetype="text/javascript",
            etag=version(path, content_hash),
            max_age=current_app.get_send_file_max_age(filename),
            conditional=True,
        )

    app.view_functions["static"] = static
