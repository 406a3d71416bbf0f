"""HTTPS for the LAN host (scorekeeper/offline/certificate.py, ``make run HTTPS=1``).

The certificate is made once, names the LAN address (made again when that
changes), and the real server serves https with it: a client trusting exactly
that certificate reads a page, and the banner's fingerprint is the one served.
"""

from __future__ import annotations

import os
import signal
import ssl
import subprocess
import sys
import urllib.request

from cryptography import x509

from scorekeeper import addresses, server
from scorekeeper.offline import certificate

from .test_server import ROOT, _free_port


def test_the_certificate_is_made_once_and_names_the_lan_address(tmp_path):
    cert_file, key_file, print_1 = certificate.ensure(tmp_path, "192.168.1.23")
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    cert = x509.load_pem_x509_certificate(cert_file.read_bytes())
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert "localhost" in san.get_values_for_type(x509.DNSName)
    assert {"127.0.0.1", "192.168.1.23"} <= {str(i) for i in san.get_values_for_type(x509.IPAddress)}
    assert len(print_1) == 95 and print_1.count(":") == 31 and print_1 == certificate.fingerprint(cert)
    assert certificate.ensure(tmp_path, "192.168.1.23")[2] == print_1  # kept
    moved = certificate.ensure(tmp_path, "10.0.0.7")[2]  # the LAN address changed: a new one
    assert moved != print_1 and certificate.ensure(tmp_path, "10.0.0.7")[2] == moved


def test_the_banner_gives_the_https_address_and_the_fingerprint(monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.23")
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.delenv("SCOREKEEPER_PUBLIC_URL", raising=False)
    shown = server.banner("0.0.0.0", 5000, "AB:" * 31 + "CD")
    assert "https://192.168.1.23:5000/" in shown and "AB:" * 31 + "CD" in shown and "self-signed" in shown
    assert "https://127.0.0.1:5000/" in server.banner("127.0.0.1", 5000, "AB:" * 31 + "CD")
    assert server.settings("0.0.0.0", 5000, 1, tls=("c.pem", "k.pem", "F"))["certfile"] == "c.pem"
    assert "certfile" not in server.settings("0.0.0.0", 5000, 1)


def test_make_run_https_serves_the_table_over_https(tmp_path):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}", "SCOREKEEPER_SECRET_KEY": "t"}
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper.server", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", "1", "--no-access-log", "--https", "--tls-dir", str(tmp_path / "tls")],
                            cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        banner = ""
        for line in proc.stdout:
            banner += line
            if line.startswith("    ") and line.count(":") == 31:
                break
        assert f"https://127.0.0.1:{port}/" in banner
        cert_file = tmp_path / "tls" / "cert.pem"
        served = x509.load_pem_x509_certificate(cert_file.read_bytes())
        assert certificate.fingerprint(served) in banner
        trusted = ssl.create_default_context(cafile=str(cert_file))
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/manifest.webmanifest", context=trusted) as answer:
            assert answer.status == 200 and b'"display": "standalone"' in answer.read()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        proc.stdout.close()
