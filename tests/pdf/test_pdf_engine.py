"""The HTML-to-PDF step: no network, only the app's static files, fonts embedded, rasterises."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading

import pytest

from scorekeeper.printing.pdf import BASE_URL, RefusedURL, fetch_static, html_to_pdf, static_file
from tests.pdf.support import ReadBack


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/x.css",
        "https://example.com/font.ttf",
        "ftp://example.com/a",
        BASE_URL + "../config.py",
        "file:///etc/passwd",
        BASE_URL + "css/missing.css",
    ],
)
def test_fetcher_refuses_everything_but_static_files(url):
    with pytest.raises(RefusedURL):
        static_file(url)


def test_fetcher_serves_static_files_and_data_urls():
    data, media_type = fetch_static(BASE_URL + "fonts/DejaVuSans.ttf")
    assert len(data) > 100_000 and media_type in (
        "font/ttf",
        "application/x-font-ttf",
        "application/octet-stream",
    )
    assert fetch_static("data:text/plain,hi%20there") == (b"hi there", "text/plain")


def test_rendering_never_opens_a_network_connection():
    """A stylesheet, image and font on a listening local port are never requested."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.5)
    port = server.getsockname()[1]
    hits = []

    def accept():
        try:
            conn, _ = server.accept()
            hits.append(conn)
        except OSError:
            pass

    watcher = threading.Thread(target=accept)
    watcher.start()
    base = f"http://127.0.0.1:{port}"
    html = (
        f'<link rel="stylesheet" href="{base}/a.css"><style>@font-face {{ font-family: X; '
        f"src: url({base}/f.ttf) }} p {{ font-family: X }}</style>"
        f'<p>Hello</p><img src="{base}/i.png">'
    )
    pdf = ReadBack(html_to_pdf(html))
    watcher.join()
    server.close()
    assert not hits, "WeasyPrint reached the network"
    assert "Hello" in pdf.text


def test_fonts_are_embedded(printed):
    pdf = ReadBack(printed(variant="krazy-bee", players=2))  # test_blank_sheets' sheet, when in this process
    # our @font-face families (static/fonts/DejaVuSans*.ttf), each with its font file: regular and bold,
    # and the monospaced bold of the column labels' one line (sheet_blocks.label_line)
    assert pdf.fonts() == {"Sheet-Sans", "Sheet-Sans-Bold", "Sheet-Mono-Bold"}


@pytest.mark.skipif(
    shutil.which("pdftoppm") is None and os.environ.get("CI", "").lower() != "true",
    reason="NOTICE pdftoppm (poppler-utils) is not installed; under CI=true this fails instead",
)
def test_a_sheet_rasterises_to_png(tmp_path, printed):
    path = tmp_path / "sheet.pdf"
    path.write_bytes(printed(variant="crib-rummy", players=4))
    subprocess.run(
        ["pdftoppm", "-r", "40", "-png", "-f", "2", "-l", "2", str(path), str(tmp_path / "page")],
        check=True,
        timeout=60,
    )
    png = next(tmp_path.glob("page*.png")).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (331, 468)  # A4 portrait at 40 dpi
    assert len(png) > 5_000  # the cribbage track drew something, not a blank page
