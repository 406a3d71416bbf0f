"""HTTPS for the LAN host (scorekeeper/offline/certificate.py, ``make run HTTPS=1``).

The table's authority is made once and may vouch only for local names and
private addresses; the server's certificate, signed by it, names the LAN address
(made again, by the same authority, when that changes). The real server serves
https with it: a client trusting exactly the authority reads a page, downloads
the authority from ``/certificate.pem``, and the banner's fingerprints are the
ones served.
"""

from __future__ import annotations

import ipaddress
import socket
import ssl
import urllib.request

from cryptography import x509

from scorekeeper.cli import server
from scorekeeper.offline import certificate
from scorekeeper.web import addresses

from ..servers import banner, free_port, spawn, stop


def _load(path):
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_the_authority_is_made_once_and_signs_a_certificate_naming_the_lan_address(tmp_path):
    first = certificate.ensure(tmp_path, "192.168.1.23")
    assert oct(first.key.stat().st_mode & 0o777) == "0o600"
    assert oct((tmp_path / "ca-key.pem").stat().st_mode & 0o777) == "0o600"
    served, authority = _load(first.cert), _load(first.ca)
    assert (
        served.issuer == authority.subject
        and authority.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    )
    served.verify_directly_issued_by(authority)
    san = served.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert "localhost" in san.get_values_for_type(x509.DNSName)
    assert {"127.0.0.1", "192.168.1.23"} <= {str(i) for i in san.get_values_for_type(x509.IPAddress)}
    assert len(first.fingerprint) == 95 and first.fingerprint.count(":") == 31
    assert first.fingerprint == certificate.fingerprint(served) != first.ca_fingerprint

    assert certificate.ensure(tmp_path, "192.168.1.23") == first  # kept
    # the machine moved to another address: the authority vouches for its own addresses alone, so a
    # new authority (the phones install it again) signs a new certificate
    moved = certificate.ensure(tmp_path, "10.0.0.7")
    assert moved.fingerprint != first.fingerprint and moved.ca_fingerprint != first.ca_fingerprint
    _load(moved.cert).verify_directly_issued_by(_load(moved.ca))


def test_the_authority_vouches_only_for_this_machines_names_and_addresses(tmp_path):
    authority = _load(certificate.ensure(tmp_path, "192.168.1.23").ca)
    limits = authority.extensions.get_extension_for_class(x509.NameConstraints)
    assert limits.critical
    networks = {n.value for n in limits.value.permitted_subtrees if isinstance(n, x509.IPAddress)}
    assert networks == {ipaddress.ip_network(n) for n in ("127.0.0.1/32", "::1/128", "192.168.1.23/32")}
    for other in ("192.168.1.1", "10.0.0.1", "8.8.8.8"):  # the router, a NAS, anything else: never
        assert not any(ipaddress.ip_address(other) in n for n in networks)
    names = {n.value for n in limits.value.permitted_subtrees if isinstance(n, x509.DNSName)}
    host = socket.gethostname().split(".")[0]
    assert names <= {"localhost", socket.gethostname(), host, f"{host}.local"} and "localhost" in names
    assert "local" not in names  # not every .local name (a NAS, a printer)
    life = authority.not_valid_after_utc - authority.not_valid_before_utc
    assert life.days <= 731  # two years, not ten
    public = certificate.ensure(tmp_path, "192.0.2.2")  # a LAN on public addresses: that address alone
    widened = _load(public.ca).extensions.get_extension_for_class(x509.NameConstraints).value
    nets = [n.value for n in widened.permitted_subtrees if isinstance(n, x509.IPAddress)]
    assert ipaddress.ip_network("192.0.2.2/32") in nets
    assert not any(ipaddress.ip_address("192.0.2.3") in n for n in nets)


def test_the_banner_gives_the_https_address_and_the_fingerprints(monkeypatch, tmp_path):
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.23")
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.delenv("SCOREKEEPER_PUBLIC_URL", raising=False)
    tls = certificate.ensure(tmp_path, "192.168.1.23")
    shown = server.banner("0.0.0.0", 5000, tls)
    assert "https://192.168.1.23:5000/" in shown and "https://192.168.1.23:5000/certificate.pem" in shown
    assert tls.ca_fingerprint in shown and tls.fingerprint in shown
    assert "https://127.0.0.1:5000/" in server.banner("127.0.0.1", 5000, tls)
    assert server.settings("0.0.0.0", 5000, 1, tls=tls)["certfile"] == str(tls.cert)
    assert "certfile" not in server.settings("0.0.0.0", 5000, 1)


def test_without_https_there_is_no_certificate_to_download(client):
    assert client.get("/certificate.pem").status_code == 404


def test_make_run_https_serves_the_table_over_https(tmp_path):
    port = free_port()
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}", "SCOREKEEPER_SECRET_KEY": "t"}
    proc = spawn(port, env, "--no-access-log", "--https", "--tls-dir", str(tmp_path / "tls"))
    try:
        shown = banner(proc, ("the server's own certificate",))
        assert f"https://127.0.0.1:{port}/certificate.pem" in shown
        authority_file = tmp_path / "tls" / "ca.pem"
        assert certificate.fingerprint(_load(authority_file)) in shown
        trusted = ssl.create_default_context(cafile=str(authority_file))  # the phone installed the authority
        with urllib.request.urlopen(
            f"https://127.0.0.1:{port}/manifest.webmanifest", context=trusted
        ) as answer:
            assert answer.status == 200 and b'"display": "standalone"' in answer.read()
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/certificate.pem", context=trusted) as answer:
            assert answer.headers["Content-Type"] == "application/x-x509-ca-cert"
            assert answer.read() == authority_file.read_bytes()
    finally:
        stop(proc)
