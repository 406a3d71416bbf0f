"""Players' names in a select's options (docs/languages.md "Right to left"): no ``<bdi>`` can go inside
an ``<option>``, so a name there stands between first-strong isolates (U+2068 … U+2069) on a Hebrew
page, or wherever it is written right to left: "Ann-Marie (2)" and "Dee." keep their order in a
Hebrew select (unisolated, Chromium draws ".Dee" and "?Bob"). An English page's Latin names are left
as they are. The same helper names the hand forms' choosers, the new-game form's "Deals first" and
the roster's lists; the scripts' relabelled options use isolatedName (static/js/i18n.js)."""

from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from scorekeeper.rules import variants
from scorekeeper.tables.forms import MergeForm, with_roster
from scorekeeper.web.forms import new_game_form

from .rounds_support import new_game, rounds_url

HEBREW = {"Accept-Language": "he"}
FSI, PDI = "\u2068", "\u2069"
NAMES = ("Ann-Marie (2)", "Dee.", "דנה")


def options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select[^>]*name="{re.escape(name)}".*?</select>', page, re.S).group(0)
    return re.findall(r"<option[^>]*>(.*?)</option>", select)


def test_the_crib_rummy_first_player_chooser_isolates_each_name_on_a_hebrew_page(app, client):
    url = rounds_url(new_game(app, client, "crib-rummy", names=NAMES))
    hebrew = client.get(url, headers=HEBREW).text
    assert options(hebrew, "starter") == ["\u2068Ann-Marie (2)\u2069", "\u2068Dee.\u2069", "\u2068דנה\u2069"]
    # English: the Latin names as they are, the Hebrew one isolated (it would turn its line around)
    english = client.get(url).text
    assert options(english, "starter") == ["Ann-Marie (2)", "Dee.", "\u2068דנה\u2069"]


def test_the_new_game_form_names_its_first_dealer_choices_isolated_in_hebrew(app):
    info = next(v for v in variants() if v["slug"] == "rummikub")
    typed = MultiDict({"player_0": "Dee.", "player_1": "Bob?"})
    with app.test_request_context(headers=HEBREW):
        labels = [c.label for c in new_game_form(info, typed).first_dealer.choices]
    assert labels[:2] == [FSI + "Dee." + PDI, FSI + "Bob?" + PDI]
    with app.test_request_context():
        assert [c.label for c in new_game_form(info, typed).first_dealer.choices][:2] == ["Dee.", "Bob?"]


class _Member:
    def __init__(self, id_: int, name: str) -> None:
        self.id, self.name = id_, name


def test_the_rosters_lists_isolate_each_name_in_hebrew(app):
    with app.test_request_context(headers=HEBREW):
        form = with_roster(MergeForm(meta={"csrf": False}), [_Member(1, "Ann-Marie (2)")])
        assert [c.label for c in form.keep.choices] == [FSI + "Ann-Marie (2)" + PDI]
