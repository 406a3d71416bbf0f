"""A folder of print fonts for each font configuration, removed by the next printer once its owner is gone.

WeasyPrint copies each ``@font-face`` font into a fresh ``weasyprint-*`` temporary folder and
removes it when its font configuration is collected. A printing pool's worker keeps its
configuration for its whole life, and a worker's end (``os._exit``, or a kill when a job runs
away) collects nothing: every worker left about 2 MB behind (335 folders, 0.7 GB, after a few
runs of the test suite). Here each configuration keeps its fonts in a folder of its own under
``<tmp>/scorekeeper-fonts-<uid>/``, holding an exclusive lock on the folder's ``.lock`` for as long
as its process lives (the system drops the lock when the process ends, however it ends). Whoever
prints next removes every folder whose lock it can take: a lock, not a process id, so a reused
process id or another container sharing ``/tmp`` never keeps a dead folder or loses a live one.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

LOCK = ".lock"
#: a folder without its lock yet is being made (between ``mkdtemp`` and the lock): left alone this long
BEING_MADE_SECONDS = 60
#: the open lock files of this process's folders (closing one would drop its lock)
_held: list[int] = []


def font_root(base: str | Path | None = None) -> Path:
    """``<tmp>/scorekeeper-fonts-<uid>``: this user's folder of font folders (``base``: instead of <tmp>)."""
    return Path(base or tempfile.gettempdir()) / f"scorekeeper-fonts-{os.getuid()}"


def _own_root(base: str | Path | None) -> Path | None:
    """The root, made private to this user, or None when someone else holds the name."""
    root = font_root(base)
    try:
        root.mkdir(mode=0o700, exist_ok=True)
        info = root.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None  # a link, or a folder another user made or can read: WeasyPrint's own then
    return root


def _lock(folder: Path, block: bool) -> int | None:
    """The open, exclusively locked ``.lock`` of ``folder``; None when another process holds it."""
    fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def sweep(root: Path) -> int:
    """Remove the font folders no living process holds; how many were removed."""
    gone = 0
    for folder in root.iterdir():
        with contextlib.suppress(OSError):
            if not (folder / LOCK).exists() and time.time() - folder.stat().st_mtime < BEING_MADE_SECONDS:
                continue
            fd = _lock(folder, block=False)
            if fd is None:
                continue  # its process is alive
            try:
                shutil.rmtree(folder, ignore_errors=True)
                gone += 1
            finally:
                os.close(fd)
    return gone


def adopt(fonts, base: str | Path | None = None) -> Path | None:
    """Give WeasyPrint's ``FontConfiguration`` a locked folder of its own (after a sweep).

    Returns the folder, or None when WeasyPrint keeps its own: the root is not this user's, or a
    WeasyPrint release no longer has the ``_folder`` it fills on the first ``@font-face``.
    """
    root = _own_root(base)
    if root is None or getattr(fonts, "_folder", "absent") is not None:
        return None
    sweep(root)
    folder = Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=root))
    _held.append(_lock(folder, block=True))
    fonts._folder = folder
    return folder
