"""One folder of print fonts per process, which the next printing process removes once it ends.

WeasyPrint copies each ``@font-face`` font into a fresh ``weasyprint-*`` temporary folder and
removes it when its font configuration is collected. A printing pool's worker keeps its
configuration for its whole life, and a worker's end (``os._exit``, or a kill when a job runs
away) collects nothing: every worker left about 2 MB behind (335 folders, 0.7 GB, after a few
runs of the test suite). Here each process keeps its fonts in ``<tmp>/scorekeeper-fonts-<uid>/<pid>``
instead, and whoever prints next removes the folders of processes that are gone.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path


def font_root() -> Path:
    """``<tmp>/scorekeeper-fonts-<uid>``: this user's folder of per-process font folders."""
    return Path(tempfile.gettempdir()) / f"scorekeeper-fonts-{os.getuid()}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process took the number: not ours to remove
        return True
    return True


def _own_root() -> Path | None:
    """The root, made private to this user, or None when someone else holds the name."""
    root = font_root()
    try:
        root.mkdir(mode=0o700, exist_ok=True)
        info = root.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None  # a link, or a folder another user made or can read: WeasyPrint's own then
    return root


def sweep(root: Path) -> int:
    """Remove the font folders of processes that have ended; how many were removed."""
    gone = 0
    for folder in root.iterdir():
        if folder.name.isdigit() and int(folder.name) != os.getpid() and not _alive(int(folder.name)):
            shutil.rmtree(folder, ignore_errors=True)
            gone += 1
    return gone


def adopt(fonts) -> Path | None:
    """Give WeasyPrint's ``FontConfiguration`` this process's font folder (after a sweep).

    Returns the folder, or None when WeasyPrint keeps its own: the root is not this user's, or a
    WeasyPrint release no longer has the ``_folder`` it fills on the first ``@font-face``.
    """
    root = _own_root()
    if root is None or getattr(fonts, "_folder", "absent") is not None:
        return None
    sweep(root)
    mine = root / str(os.getpid())
    mine.mkdir(mode=0o700, exist_ok=True)
    fonts._folder = mine
    return mine
