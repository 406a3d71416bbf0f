"""Print fonts live in one folder per process, and a killed printer's folder does not stay behind."""

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


def _print_in_a_process(tmp_path, end: str) -> tuple[int, int]:
    done = subprocess.run(
        [sys.executable, "-c", RENDER, end],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    return int(done.stdout.split()[0]), done.returncode


def test_a_killed_printers_fonts_are_removed_by_the_next_printer(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    root = font_folder.font_root()
    killed, code = _print_in_a_process(tmp_path, "kill")
    assert code == -9
    assert [p.name for p in root.iterdir()] == [str(killed)]
    assert len(list((root / str(killed)).iterdir())) >= 2  # the print stylesheet's DejaVu faces
    assert not list(tmp_path.glob("weasyprint-*"))

    ended, code = _print_in_a_process(tmp_path, "exit")
    assert code == 0 and ended != killed
    assert list(root.iterdir()) == []  # the killed one's swept, its own removed as it ended
    assert not list(tmp_path.glob("weasyprint-*"))


def test_a_root_others_can_read_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    root = font_folder.font_root()
    root.mkdir(mode=0o755)
    root.chmod(0o755)

    class Fonts:
        _folder = None

    assert font_folder.adopt(Fonts()) is None
    root.chmod(0o700)
    fonts = Fonts()
    assert font_folder.adopt(fonts) == root / str(os.getpid()) == fonts._folder
    assert font_folder.adopt(type("Later", (), {})()) is None  # a WeasyPrint without _folder: its own way
