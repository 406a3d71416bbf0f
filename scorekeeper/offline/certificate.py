"""HTTPS for the LAN host: a self-signed certificate made on first run, in ``instance/tls/``.

Service workers and the Screen Wake Lock need a secure context: https, or the
phone's own localhost. ``make run HTTPS=1`` serves the table over https with a
certificate this module makes once (an ECDSA P-256 key, ten years, the names
``localhost``, this machine's name, 127.0.0.1 and its LAN address). A phone
warns once about a certificate no authority signed; the players compare the
SHA-256 fingerprint the terminal prints with the one the phone shows, then
accept it. When the LAN address changes the certificate is made again (with a
new fingerprint), since a phone refuses one that does not name the address.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

#: how long the certificate lasts: a table's machine should not need a new one every year
VALID_DAYS = 3650


def names_for(lan_address: str | None) -> tuple[list[str], list[str]]:
    """(DNS names, IP addresses) the certificate must name for the phones at the table."""
    dns = sorted({"localhost", socket.gethostname()} - {""})
    ips = ["127.0.0.1", "::1"] + ([lan_address] if lan_address else [])
    return dns, ips


def fingerprint(cert: x509.Certificate) -> str:
    """The SHA-256 fingerprint as browsers show it: ``AB:CD:...`` (32 pairs)."""
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def _names_in(cert: x509.Certificate) -> tuple[set[str], set[str]]:
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return set(san.get_values_for_type(x509.DNSName)), {str(i) for i in san.get_values_for_type(x509.IPAddress)}


def make(dns: list[str], ips: list[str]) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """A new self-signed server certificate naming ``dns`` and ``ips``, with its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Scorekeeper on {dns[-1]}")])
    now = dt.datetime.now(dt.UTC)
    san = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + dt.timedelta(days=VALID_DAYS))
            .add_extension(x509.SubjectAlternativeName(san), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(key, hashes.SHA256()))
    return cert, key


def ensure(folder: str | Path, lan_address: str | None) -> tuple[Path, Path, str]:
    """The certificate and key files in ``folder`` (``instance/tls/``; made when missing, or when
    they do not name the current LAN address) and the certificate's fingerprint."""
    folder = Path(folder)
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    dns, ips = names_for(lan_address)
    if cert_file.exists() and key_file.exists():
        cert = x509.load_pem_x509_certificate(cert_file.read_bytes())
        named_dns, named_ips = _names_in(cert)
        if set(dns) <= named_dns and set(ips) <= named_ips:
            return cert_file, key_file, fingerprint(cert)
    cert, key = make(dns, ips)
    folder.mkdir(parents=True, exist_ok=True)
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    key_file.chmod(0o600)
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_file, key_file, fingerprint(cert)
