"""Print fonts live in a locked folder per font configuration, and a killed printer's folder does not stay."""

from __future__ import annotations

import os
import subprocess
import sys

from scorekeeper.printing import font_folder

RENDER = (
    "import os, sys; from scorekeeper.printing.pdf import html_to_pdf; "
    "assert html_to_pdf('<p>Ann 120</p>').startswith(b'%PDF-'); print(os.getpid(), flush=True); "
    "os.kill(os.getpid(), 9) if sys.argv[1] == 'kill' else None"
)


def _print_in_a_process(tmp_path, end: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", RENDER, end],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == (-9 if end == "kill" else 0), done.stderr
    return int(done.stdout.split()[0])


class Fonts:
    """What :func:`font_folder.adopt` needs of WeasyPrint's FontConfiguration: its ``_folder``."""

    _folder = None


def test_a_killed_printers_fonts_are_removed_by_the_next_printer(tmp_path):
    root = font_folder.font_root(tmp_path)
    killed = _print_in_a_process(tmp_path, "kill")
    (left,) = root.iterdir()
    assert left.name.startswith(f"{killed}-")
    assert len([f for f in left.iterdir() if f.name != font_folder.LOCK]) >= 2  # the DejaVu faces
    assert not list(tmp_path.glob("weasyprint-*"))

    assert _print_in_a_process(tmp_path, "exit") != killed
    assert list(root.iterdir()) == []  # the killed one's swept, its own removed as it ended
    assert not list(tmp_path.glob("weasyprint-*"))


def test_a_living_printers_folder_is_kept_whatever_its_name(tmp_path):
    """A folder is kept while its lock is held, removed once not: never judged by a process id
    (a reused id, another container's process)."""
    mine = font_folder.adopt(Fonts(), base=tmp_path)
    stale = font_folder.font_root(tmp_path) / f"{os.getpid()}-left-by-a-killed-process"
    stale.mkdir()
    (stale / font_folder.LOCK).touch()
    (stale / "half-written-font").write_bytes(b"\0" * 10)
    second = Fonts()
    assert font_folder.adopt(second, base=tmp_path) not in (None, mine, stale)
    assert mine.is_dir() and not stale.exists()  # same process id: the lock decided
    assert list(second._folder.iterdir()) == [second._folder / font_folder.LOCK]  # fresh, empty


def test_a_root_others_can_read_is_not_used(tmp_path):
    root = font_folder.font_root(tmp_path)
    root.mkdir(mode=0o755)
    root.chmod(0o755)
    assert font_folder.adopt(Fonts(), base=tmp_path) is None
    root.chmod(0o700)
    fonts = Fonts()
    assert font_folder.adopt(fonts, base=tmp_path) == fonts._folder
    assert fonts._folder.parent == root
    assert font_folder.adopt(type("Later", (), {})(), base=tmp_path) is None  # no _folder: its own way
