"""HTTPS for the LAN host: a small certificate authority of the table's own, made on first run.

It may vouch only for this machine's own names and addresses (X.509 name constraints), so its key
cannot impersonate another site to a phone that trusts it (docs/offline.md).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

#: two years for the authority (installed once on every phone), 397 days for the server's (browsers
#: refuse longer ones when they check the validity of a certificate from an installed authority)
CA_DAYS, SERVER_DAYS = 730, 397
#: a server certificate with fewer days left is made again at start; the banner warns about an
#: authority with fewer days left (the phones will have to install a new one)
RENEW_DAYS, WARN_DAYS = 30, 60


@dataclass(frozen=True)
class TableCertificate:
    """The files gunicorn serves (``cert``: the server's then the authority's; ``key``), the
    authority's file for the phones (``ca``), and both SHA-256 fingerprints."""

    cert: Path
    key: Path
    ca: Path
    ca_fingerprint: str
    fingerprint: str
    ca_expires: dt.datetime | None = None

    def authority_warning(self, now: dt.datetime | None = None) -> str:
        """A sentence for the banner when the authority has less than :data:`WARN_DAYS` left, else ""."""
        if self.ca_expires is None:
            return ""
        left = (self.ca_expires - (now or dt.datetime.now(dt.UTC))).days
        if left >= WARN_DAYS:
            return ""
        return (
            f"This table's certificate authority ends on {self.ca_expires:%d %b %Y} ({max(left, 0)} days left).\n"
            "When it does, a new one is made: each phone then installs the new one (certificate.pem).\n"
        )


def names_for(lan_address: str | None) -> tuple[list[str], list[str]]:
    """(DNS names, IP addresses) the server's certificate must name for the phones at the table:
    ``localhost``, the host name and ``<host name>.local`` (mDNS), loopback and the LAN address."""
    full = socket.gethostname()
    host = full.split(".")[0]
    dns = sorted({"localhost", full, host, f"{host}.local" if host else ""} - {""})
    ips = ["127.0.0.1", "::1"] + ([lan_address] if lan_address else [])
    return dns, ips


def fingerprint(cert: x509.Certificate) -> str:
    """The SHA-256 fingerprint as browsers show it: ``AB:CD:...`` (32 pairs)."""
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def _builder(
    subject: x509.Name, issuer: x509.Name, public_key, days: int, until: dt.datetime | None = None
) -> x509.CertificateBuilder:
    now = dt.datetime.now(dt.UTC)
    end = min(now + dt.timedelta(days=days), until or now + dt.timedelta(days=days))
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(end)
    )


def permitted_networks(ips: list[str]) -> list:
    """Each of ``ips`` alone (a /32 or /128): the authority vouches for no other address."""
    return [ipaddress.ip_network(ip) for ip in dict.fromkeys(ips)]


def _permits(ca: x509.Certificate, dns: list[str], ips: list[str]) -> bool:
    """Whether the authority may vouch for every one of ``dns`` and ``ips``, and for nothing else."""
    limits = ca.extensions.get_extension_for_class(x509.NameConstraints).value
    networks = {n.value for n in limits.permitted_subtrees if isinstance(n, x509.IPAddress)}
    names = {n.value for n in limits.permitted_subtrees if isinstance(n, x509.DNSName)}
    return networks == set(permitted_networks(ips)) and names == set(dns)


def _days_left(cert: x509.Certificate) -> float:
    return (cert.not_valid_after_utc - dt.datetime.now(dt.UTC)).total_seconds() / 86400


def make_authority(dns: list[str], ips: list[str]) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """The table's own authority, limited to this machine's names ``dns`` and addresses ``ips``."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Scorekeeper table authority ({dns[-1]})")])
    permitted = [x509.DNSName(d) for d in dns] + [x509.IPAddress(n) for n in permitted_networks(ips)]
    cert = (
        _builder(name, name, key.public_key(), CA_DAYS)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(
            x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None), critical=True
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return cert, key


def make_server(ca: x509.Certificate, ca_key, dns: list[str], ips: list[str]):
    """The server's certificate for ``dns`` and ``ips``, signed by the authority; with its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Scorekeeper on {dns[-1]}")])
    san = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
    cert = (
        _builder(name, ca.subject, key.public_key(), SERVER_DAYS, until=ca.not_valid_after_utc)
        .add_extension(x509.SubjectAlternativeName(san), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    return cert, key


def _names_all(cert: x509.Certificate, dns: list[str], ips: list[str]) -> bool:
    """Whether the server's certificate names every one of ``dns`` and ``ips``."""
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return set(dns) <= set(san.get_values_for_type(x509.DNSName)) and set(ips) <= {
        str(i) for i in san.get_values_for_type(x509.IPAddress)
    }


def _pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def _save(cert_file: Path, pem: bytes, key_file: Path, key) -> None:
    """A certificate (``pem``) and its key, each in a new file then moved over the old one in one
    step; the key's file created 0600 (readable by this user alone from its first byte, whatever
    the umask), the certificate's as any file."""
    _replace(
        key_file,
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ),
        0o600,
    )
    _replace(cert_file, pem, 0o666)


def _replace(path: Path, data: bytes, mode: int) -> None:
    fresh = path.with_name(f".{path.name}.{os.getpid()}.new")
    fresh.unlink(missing_ok=True)
    with os.fdopen(os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), "wb") as out:
        out.write(data)
    os.replace(fresh, path)


def _authority(folder: Path, dns: list[str], ips: list[str]):
    """The authority in ``folder``; a new one when there is none, when it has expired, or when it
    does not vouch for exactly ``dns`` and ``ips`` (the machine moved: the phones install the new one)."""
    ca_file, ca_key_file = folder / "ca.pem", folder / "ca-key.pem"
    if ca_file.exists() and ca_key_file.exists():
        ca = x509.load_pem_x509_certificate(ca_file.read_bytes())
        if _permits(ca, dns, ips) and _days_left(ca) > 1:
            return ca, serialization.load_pem_private_key(ca_key_file.read_bytes(), password=None), False
    ca, ca_key = make_authority(dns, ips)
    _save(ca_file, _pem(ca), ca_key_file, ca_key)
    return ca, ca_key, True


def ensure(folder: str | Path, lan_address: str | None) -> TableCertificate:
    """The authority and the server's certificate in ``folder`` (``instance/tls/``): the authority
    made once (again when the machine's names or addresses change, or it expired); the server's made
    when missing, new authority, not naming the LAN address, or under :data:`RENEW_DAYS` from its end."""
    folder = Path(folder)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    dns, ips = names_for(lan_address)
    ca, ca_key, new_authority = _authority(folder, dns, ips)
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert = x509.load_pem_x509_certificate(cert_file.read_bytes()) if cert_file.exists() else None
    if (
        cert is None
        or new_authority
        or not key_file.exists()
        or cert.issuer != ca.subject
        or _days_left(cert) < RENEW_DAYS
        or not _names_all(cert, dns, ips)
    ):
        cert, key = make_server(ca, ca_key, dns, ips)
        _save(cert_file, _pem(cert) + _pem(ca), key_file, key)
    return TableCertificate(
        cert_file, key_file, folder / "ca.pem", fingerprint(ca), fingerprint(cert), ca.not_valid_after_utc
    )
