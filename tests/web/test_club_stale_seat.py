"""A Seat (or Cut) tapped on an old tab: the organiser's page showed round 1 while another phone
seated round 2 meanwhile (docs/club-night.md "The organiser's page"). The seat and cut forms carry
the rounds their page showed, as the end form does, and a tap from a page that showed fewer than
are seated is refused (409) with the stale-page sentence, the evening unchanged. Before, the form
carried no count: the stale tap was refused only while round 2 was still being played, and once
its tables had their results it seated round 3, which its organiser had never asked for.

Two phones (two test clients holding the club's secret) on a real SQLite file, as in
:mod:`.test_club_end_race`: the old tab is a page read before the other phone's change, sent after
it. The JSON API's seating and cut take the same count (``rounds``); a body without it is not
checked, as before (docs/api.md)."""

from __future__ import annotations

import pytest

from .table_support import create_table
from .test_club_end_race import STALE, _evening_as_it_is
from .test_club_pages import (
    NAMES,
    check_everyone_in,
    csrf_from,
    new_event,
    override_round,
    page_seen,
    plain,
    send,
)


def _two_phones(client, rounds_planned: str) -> tuple[str, object, str]:
    """An evening of ``rounds_planned`` rounds with everyone checked in; a second phone holding the
    club's secret, and that secret."""
    table_id = create_table(client, "Thursday club", NAMES)
    event_url = new_event(client, table_id, rounds=rounds_planned)
    check_everyone_in(client, event_url)
    secret = client.get_cookie(f"sk_table_{table_id}").value
    other = client.application.test_client()
    other.set_cookie(f"sk_table_{table_id}", secret)
    return event_url, other, secret


def _refused_as_stale(app, phone, event_url: str, action: str, old_tab: dict, data: dict) -> dict:
    """``action`` sent from ``old_tab``: refused (409) with the stale-page sentence, the evening as
    it was (returned)."""
    before = _evening_as_it_is(app, event_url)
    refused = phone.post(f"{event_url}/{action}", data={**old_tab, **data})
    assert refused.status_code == 409, plain(refused)[:1000]
    assert STALE in plain(refused)
    assert _evening_as_it_is(app, event_url) == before
    return before


def _old_tab(phone, event_url: str) -> dict:
    """The event page as ``phone`` reads it now, kept to be sent later: its CSRF token and rounds."""
    page = phone.get(event_url).text
    return {**page_seen(page), "csrf_token": csrf_from(page)}


@pytest.mark.parametrize("round_two", ["being played", "played"])
def test_a_seat_tapped_on_a_page_from_before_the_last_seating_is_refused(app, client, round_two):
    """The old tab showed round 1 played and "Seat round 2"; the other phone seated round 2 (and,
    in the second case, its results came in). The old tab's Seat is refused as a stale page: it
    seated round 3 before once round 2 was played."""
    event_url, other, _ = _two_phones(client, "3")
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    old_tab = _old_tab(client, event_url)
    assert old_tab["rounds"] == "1"
    assert send(other, event_url, "seat", {"rule": "draw", "seed": "6"}).status_code == 302
    if round_two == "played":
        override_round(other, event_url)
    before = _refused_as_stale(app, client, event_url, "seat", old_tab, {"rule": "standing"})
    assert before["rounds"] == [1, 2]
    if round_two == "played":  # the page as it is now seats round 3
        assert send(client, event_url, "seat", {"rule": "standing"}).status_code == 302
        assert _evening_as_it_is(app, event_url)["rounds"] == [1, 2, 3]


def test_a_cut_tapped_on_a_page_from_before_the_semi_finals_is_refused(app, client):
    """The old tab showed the last round played and "Cut"; the other phone cut to the semi-finals
    and their results came in. The old tab's Cut (the top 4 to a final) is refused as a stale page:
    before, it seated the final from the semi-finals, a step its organiser had not seen."""
    event_url, other, _ = _two_phones(client, "1")
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    old_tab = _old_tab(client, event_url)
    assert send(other, event_url, "cut", {"kind": "semis"}).status_code == 302
    override_round(other, event_url)
    before = _refused_as_stale(app, client, event_url, "cut", old_tab, {"kind": "final"})
    assert before["rounds"] == [1, 2] and not before["ended"]


def test_the_apis_seating_and_cut_check_the_rounds_they_were_sent_with(app, client):
    """``POST /api/v1/events/<id>/rounds`` and ``.../cut`` with ``rounds``, the rounds seated when
    the script read the evening: one seated since is 409 in JSON with the sentence. Without
    ``rounds`` the body is not checked, as docs/api.md has promised since the API began."""
    event_url, other, secret = _two_phones(client, "2")
    api = f"/api/v1/events/{event_url.rsplit('/', 1)[1]}"
    bearer = {"Authorization": f"Bearer {secret}"}
    assert other.post(f"{api}/rounds", json={"rule": "draw", "rounds": 0}, headers=bearer).status_code == 201
    override_round(client, event_url)
    stale = other.post(f"{api}/rounds", json={"rule": "draw", "rounds": 0}, headers=bearer)
    assert stale.status_code == 409 and stale.get_json()["error"] == STALE.replace("Round 2", "Round 1")
    assert _evening_as_it_is(app, event_url)["rounds"] == [1]
    assert other.post(f"{api}/rounds", json={"rule": "standing"}, headers=bearer).status_code == 201
    override_round(client, event_url)
    late_cut = other.post(f"{api}/cut", json={"kind": "final", "rounds": 1}, headers=bearer)
    assert late_cut.status_code == 409 and late_cut.get_json()["error"] == STALE
    assert other.post(f"{api}/cut", json={"kind": "final", "rounds": 2}, headers=bearer).status_code == 201
    assert _evening_as_it_is(app, event_url)["rounds"] == [1, 2, 3]


@pytest.mark.parametrize(
    ("action", "data"), [("seat", {"rule": "standing"}), ("cut", {"kind": "final"}), ("end", {})]
)
def test_a_form_without_the_rounds_its_page_showed_is_refused_with_a_sentence(app, client, action, data):
    """A tab shown before the seat and cut forms carried their rounds (or a form made by hand) sends
    none: refused (422) with a sentence, the evening unchanged. Before, the seat and cut were not
    checked, and the end answered 422 with nothing said (its hidden field's error is not shown)."""
    event_url, _, _ = _two_phones(client, "1")
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    before = _evening_as_it_is(app, event_url)
    page = client.get(event_url).text
    refused = client.post(f"{event_url}/{action}", data={**data, "csrf_token": csrf_from(page)})
    assert refused.status_code == 422, plain(refused)[:1000]
    assert "This page does not say which round it showed: look at the evening again." in plain(refused)
    assert _evening_as_it_is(app, event_url) == before


def test_a_count_of_more_rounds_than_are_seated_is_refused_as_a_page_that_does_not_say(app, client):
    """A seat, cut or end sent with more rounds than the evening has seated (another evening's
    count, or one made up: no page of this evening showed it) is refused (422) as a page that does
    not say which round it showed, the evening unchanged. It was refused as stale with a false
    sentence: "Round 0 has been seated since this page was shown"."""
    event_url, other, secret = _two_phones(client, "3")
    api = f"/api/v1/events/{event_url.rsplit('/', 1)[1]}"
    bearer = {"Authorization": f"Bearer {secret}"}
    before = _evening_as_it_is(app, event_url)
    said = "This page does not say which round it showed: look at the evening again."
    for path, body in (("rounds", {"rule": "draw"}), ("cut", {"kind": "final"}), ("end", {})):
        answer = other.post(f"{api}/{path}", json={**body, "rounds": 2}, headers=bearer)
        assert answer.status_code == 422 and answer.get_json()["error"] == said, (path, answer.get_json())
    page = client.get(event_url).text
    for action, data in (("seat", {"rule": "draw"}), ("cut", {"kind": "final"}), ("end", {})):
        refused = client.post(
            f"{event_url}/{action}", data={**data, "rounds": "7", "csrf_token": csrf_from(page)}
        )
        assert refused.status_code == 422 and said in plain(refused) and "Round 0" not in plain(refused), (
            action
        )
    assert _evening_as_it_is(app, event_url) == before
