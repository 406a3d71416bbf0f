"""Links another phone can open (scorekeeper/web/addresses.py): never a loopback address.

The Share page, the API's ``urls``, the checker's verdict link and the printed
sheet's QR code are made for other phones. Opened on ``localhost`` the app
puts the machine's LAN address in them; ``PUBLIC_URL`` overrides everything.
The Share page's QR codes are read back in tests/web/test_qr.py.
"""

from __future__ import annotations

import ipaddress
import re

import pytest

from scorekeeper.cli import main as cli_main
from scorekeeper.web import addresses
from tests.pdf.qr_reading import encoded, needs_pdftoppm, read_qr

from .rounds_support import new_game

LAN = "192.168.1.23"


@pytest.fixture
def lan(monkeypatch):
    """This machine's LAN address, as the routing table would give it."""
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)
    return LAN


def _share_links(client, game: str, host: str) -> dict[str, str]:
    """The Share page's links as an editor opening it on ``host`` sees them (the secret sent as a
    Bearer header: the test client's cookie belongs to ``localhost``)."""
    secret = client.get_cookie(f"sk_edit_{game}").value
    page = client.get(
        f"/games/{game}/share", base_url=host, headers={"Authorization": f"Bearer {secret}"}
    ).text
    return dict(re.findall(r'<a href="[^"]*" id="(follow-url|editor-url)">([^<]*)</a>', page))


@pytest.mark.parametrize(
    "opened_on",
    ["http://localhost", "http://127.0.0.1:5000", "http://[::1]:5000", "http://app.localhost:8080"],
)
def test_a_page_opened_on_loopback_shares_the_lan_address(app, client, lan, opened_on):
    game = new_game(app, client, "rummikub")
    port = re.search(r":(\d+)$", opened_on.split("//")[1])
    origin = f"http://{LAN}" + (f":{port.group(1)}" if port else "")
    links = _share_links(client, game, opened_on)
    assert links["follow-url"] == f"{origin}/games/{game}"
    assert links["editor-url"].startswith(f"{origin}/games/{game}/join/")


def test_a_page_opened_on_a_real_address_keeps_it(app, client, lan):
    game = new_game(app, client, "rummikub")
    assert (
        _share_links(client, game, "http://10.0.0.7:5000")["follow-url"]
        == f"http://10.0.0.7:5000/games/{game}"
    )
    assert (
        _share_links(client, game, "https://cards.example")["follow-url"]
        == f"https://cards.example/games/{game}"
    )


def test_public_url_overrides_everything(app, client, lan):
    app.config["PUBLIC_URL"] = "https://tunnel.example/scores/"
    game = new_game(app, client, "rummikub")
    links = _share_links(client, game, "http://127.0.0.1:5000")
    assert links["follow-url"] == f"https://tunnel.example/scores/games/{game}"
    assert links["editor-url"].startswith(f"https://tunnel.example/scores/games/{game}/join/")
    urls = client.post("/api/v1/games", json={"variant": "rumbugz", "players": ["Ann", "Bob"]}).get_json()[
        "urls"
    ]
    assert all(url.startswith("https://tunnel.example/scores/") for url in urls.values())


def test_the_api_answers_lan_urls(app, client, lan):
    created = client.post(
        "/api/v1/games",
        json={"variant": "rumbugz", "players": ["Ann", "Bob"]},
        base_url="http://127.0.0.1:5000",
    )
    assert created.status_code == 201
    body = created.get_json()
    game = body["id"]
    assert body["urls"] == {
        "api": f"http://{LAN}:5000/api/v1/games/{game}",
        "page": f"http://{LAN}:5000/games/{game}",
        "export": f"http://{LAN}:5000/api/v1/games/{game}/export",
        "editor": f"http://{LAN}:5000/games/{game}/join/{body['secret']}",
    }
    again = client.get(f"/api/v1/games/{game}", base_url="http://localhost:5000").get_json()
    assert again["urls"]["page"] == f"http://{LAN}:5000/games/{game}"


def test_the_checkers_verdict_link_is_for_other_phones_too(client, lan):
    page = client.get("/check/crazy-tiles?cards=R12+R13+J", base_url="http://127.0.0.1:5000").text
    assert f"http://{LAN}:5000/check/crazy-tiles?cards=R12" in page


def test_the_printed_sheets_qr_code_leads_to_the_lan_address(app, client, lan):
    needs_pdftoppm()
    game = new_game(app, client, "rummikub")
    sheet = client.get(f"/print/game/{game}/sheet.pdf", base_url="http://localhost:5000")
    assert sheet.status_code == 200
    printed = read_qr(sheet.data)
    assert printed == encoded(f"http://{LAN}:5000/games/{game}")
    assert printed != encoded(f"http://localhost:5000/games/{game}")  # the reader tells them apart
    app.config["PUBLIC_URL"] = "https://cards.example"
    sheet = client.get(f"/print/game/{game}/sheet.pdf", base_url="http://localhost:5000")
    assert read_qr(sheet.data) == encoded(f"https://cards.example/games/{game}")


def test_the_print_command_points_its_qr_code_at_the_lan_address(app, client, lan, tmp_path, monkeypatch):
    needs_pdftoppm()
    monkeypatch.setenv("DATABASE_URL", app.config["SQLALCHEMY_DATABASE_URI"])
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    game = new_game(app, client, "rummikub")
    out = tmp_path / "sheet.pdf"
    assert cli_main(["print", "game", game, "-o", str(out)]) == 0
    assert read_qr(out.read_bytes()) == encoded(f"http://{LAN}:5000/games/{game}")


def test_the_lan_address_is_found_without_internet():
    found = addresses.lan_address()
    if found is not None:  # a machine with no network at all has none, and links stay as opened
        assert not addresses.is_loopback(found) and ipaddress.ip_address(found).version == 4


def test_the_lan_address_falls_back_to_the_host_name(monkeypatch):
    monkeypatch.setattr(addresses, "_routed_address", lambda: None)
    monkeypatch.setattr(addresses, "_found", (float("-inf"), None))
    monkeypatch.setattr(addresses.socket, "gethostname", lambda: "table-laptop")
    monkeypatch.setattr(
        addresses.socket,
        "getaddrinfo",
        lambda *a, **k: [(2, 2, 17, "", ("127.0.1.1", 0)), (2, 2, 17, "", ("192.168.4.9", 0))],
    )
    assert addresses.lan_address() == "192.168.4.9"
