"""Issue 35: a PDF not ready within PDF_WAIT answers at once with a page that waits for it (202 with
its Location), and that address is the PDF once it is ready, from any server process."""

from __future__ import annotations

import time

import pytest

from scorekeeper import create_app
from scorekeeper.limits import pool
from scorekeeper.printing import waiting

from ..pdf.support import ReadBack
from .rounds_support import new_game

SHEET = "/print/game/{}/sheet.pdf"


@pytest.fixture
def slow(app):
    """The PDF is waited for not at all: every PDF answers with the waiting page first."""
    app.config["PDF_WAIT"] = 0
    pool.warm(wait=True)
    return app


def _ready(client, status_url: str) -> dict:
    for _ in range(600):
        known = client.get(status_url).json
        if known["state"] != "pending":
            return known
        time.sleep(0.1)
    raise AssertionError("the PDF was not ready within a minute")


def test_a_slow_sheet_answers_with_a_page_that_waits_and_then_is_the_pdf(slow, client):
    game = new_game(slow, client, "rummikub", ["Ann", "Bob"], editor=False)
    answer = client.get(SHEET.format(game))
    assert answer.status_code == 202
    where = answer.headers["Location"]
    page = answer.get_data(as_text=True)
    assert "Your PDF is on its way" in page and "It should be ready in about" in page
    assert f'content="3; url={where}"' in page  # without scripts the page comes back to its address
    assert 'src="/static/' in page and "print-waiting" in page
    known = _ready(client, f"{where}/status")
    assert known == {"state": "ready", "url": where}
    sheet = client.get(where)
    assert sheet.mimetype == "application/pdf"
    assert f"rummikub-{game}-sheet.pdf" in sheet.headers["Content-Disposition"]
    assert "Ann" in ReadBack(sheet.data).text and "Bob" in ReadBack(sheet.data).text


def test_an_api_client_gets_202_with_its_place_and_estimate_as_json(slow, client):
    answer = client.get(
        "/print/pdf?kind=sheet&variant=krazy-bee&players=2", headers={"Accept": "application/json"}
    )
    assert answer.status_code == 202
    body = answer.json
    assert body["state"] == "pending" and body["url"] == answer.headers["Location"]
    assert body["position"] >= 0 and body["seconds"] >= 1
    assert _ready(client, f"{body['url']}/status")["state"] == "ready"


def test_another_server_process_serves_the_waiting_pdf(slow, client, tmp_path):
    answer = client.get("/print/pdf?kind=sheet&variant=rummikub&players=3")
    where = answer.headers["Location"]
    _ready(client, f"{where}/status")
    other = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}",
            "PRINT_WAITING_DIR": slow.config["PRINT_WAITING_DIR"],
        }
    )
    sheet = other.test_client().get(where)
    assert sheet.status_code == 200 and sheet.data[:5] == b"%PDF-"


def test_a_wait_of_none_answers_the_waiting_page_even_when_the_job_is_quicker(slow, client, monkeypatch):
    """A busy machine may keep the request from looking until its quick job is done: PDF_WAIT 0 still
    answers the waiting page (a race the suite once lost at load 7)."""
    submit = pool.submit

    def submitted_then_descheduled(*args):
        job = submit(*args)
        assert job.wait(60)  # the request is not looked at again until the PDF is made
        return job

    monkeypatch.setattr(pool, "submit", submitted_then_descheduled)
    answer = client.get("/print/pdf?kind=sheet&variant=rummikub&players=2")
    assert answer.status_code == 202
    assert client.get(answer.headers["Location"]).data[:5] == b"%PDF-"


def _done_before_it_is_kept(monkeypatch):
    """The job ends in the moment between the request's wait and its keeping the job (a busy machine)."""
    keep = waiting.keep

    def kept_when_done(where, job, *args):
        assert job.wait(60)
        return keep(where, job, *args)

    monkeypatch.setattr(waiting, "keep", kept_when_done)


def test_a_pdf_done_just_after_the_wait_is_the_pdf_itself(app, client, monkeypatch):
    app.config["PDF_WAIT"] = 1e-6
    pool.warm(wait=True)
    _done_before_it_is_kept(monkeypatch)
    answer = client.get("/print/pdf?kind=sheet&variant=rummikub&players=2")
    assert answer.status_code == 200 and answer.data[:5] == b"%PDF-"


def test_with_no_wait_a_pdf_already_done_is_said_ready(slow, client, monkeypatch):
    _done_before_it_is_kept(monkeypatch)
    page = client.get("/print/pdf?kind=sheet&variant=rummikub&players=2")
    assert page.status_code == 202 and "It is ready." in page.get_data(as_text=True)
    answer = client.get(
        "/print/pdf?kind=sheet&variant=krazy-bee&players=2", headers={"Accept": "application/json"}
    )
    assert answer.status_code == 202 and answer.json == {"state": "ready", "url": answer.headers["Location"]}
    assert client.get(answer.json["url"]).data[:5] == b"%PDF-"


@pytest.mark.parametrize("token", ["x" * 32, "../../etc/passwd", "short"])
def test_an_unknown_or_malformed_token_is_not_found(client, token):
    assert client.get(f"/print/wait/{token}").status_code == 404
    assert client.get(f"/print/wait/{token}/status").status_code == 404


def test_an_expired_pdf_is_not_found_and_says_print_it_again(slow, client, monkeypatch):
    answer = client.get("/print/pdf?kind=sheet&variant=rummikub&players=2")
    where = answer.headers["Location"]
    _ready(client, f"{where}/status")
    monkeypatch.setattr(waiting, "KEEP_SECONDS", -1)
    gone = client.get(where)
    assert gone.status_code == 404 and "print it again" in gone.get_data(as_text=True)


def test_a_quick_pdf_is_answered_at_once_as_before(app, client):
    answer = client.get("/print/pdf?kind=sheet&variant=rummikub&players=2")
    assert answer.status_code == 200 and answer.data[:5] == b"%PDF-"
