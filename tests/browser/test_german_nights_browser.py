"""A German game night for every variant (issue 22) in a real Chromium on a phone (390x844): German
chosen by the browser or by the footer's switch, the game started through the German form, a hand
recorded (Crib Rummy: turns through the one-tap strip to the hand's end), the standings and the
change log, Undo and Redo, a meld disputed in the checker (a German sentence, the rule id a link),
the score sheet printed and read back. Totals as RULES.md scores them. The points game's night is
tests/browser/test_german_evening_browser.py; the steps are tests/browser/german_night.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field

import pytest
from playwright.sync_api import expect

from . import german_night as night
from .german_night import field
from .visible_text import shows

pytestmark = pytest.mark.browser


def krazy_bee_hand(page) -> None:
    """Anna goes out; Bernd keeps 2 low cards and 1 high: 2x5 + 10 = 20 (KB-7)."""
    expect(page.get_by_role("heading", level=1)).to_have_text("Runde 1 eintragen")
    field(page, "players.1.counts.low").fill("2")
    field(page, "players.1.counts.high").fill("1")
    expect(page.locator('[data-counts="players.1.counts"] output.counted')).to_contain_text("= 20 Punkte")
    expect(page.locator('input[name="went_out"][value="0"]')).to_be_checked()  # Anna holds nothing
    expect(page.get_by_role("group", name="Wer ist rausgegangen?")).to_contain_text("Niemand")


def rumbugz_round(page) -> None:
    """Anna lays all four kinds and wins; Bernd holds a 5 and a PLYT: 5 + 12 = 17, all Anna's (RB-6, RB-7)."""
    for kind in ("single", "double", "triple", "match"):
        page.check(f'input[name="players.0.kinds"][value="{kind}"]')
    page.check('input[name="winner"][value="0"]')
    field(page, "players.1.hand").fill("5 P")
    expect(page.locator('[id="f-players.1.hand"] ~ output.running')).to_contain_text("= 17 Punkte")


def tiles_round(page) -> None:
    """Bernd goes out; Anna's rack B7 R13 J is 7 + 13 + 30 = 50 (CT-7), Bernd's, minus for Anna (CT-8 A)."""
    page.check('input[name="winner"][value="1"]')
    field(page, "players.0.rack").fill("B7 R13 J")
    expect(page.locator('[id="f-players.0.rack"] ~ output.running')).to_contain_text("= 50 Punkte")
    expect(page.get_by_role("group", name="Wer ist rausgegangen?")).to_contain_text(
        "Niemand (kleinstes Bänkchen gewinnt)"
    )


def crazy_rummy_hand(page) -> None:
    """Anna deals a 5 (the wild rank, CZ-1), Bernd is dealt a K (10 cards, CZ-7); Bernd goes out with
    three aces on the board, 300 (CZ-6); Anna holds a wildcard, minus 100 (CZ-5)."""
    page.check('input[name="face_up.0"][value="5"]')
    page.check('input[name="face_up.1"][value="K"]')
    expect(page.locator("[data-wild]")).to_have_text("5", use_inner_text=True)
    expect(page.locator('output.hand-size[data-seat="1"]')).to_contain_text("10 Karten")
    page.check('input[name="went_out"][value="1"]')
    field(page, "players.1.board_counts.ace").fill("3")
    field(page, "players.0.counts.wild").fill("1")
    expect(page.locator('[data-counts="players.1.board_counts"] output.counted')).to_contain_text("300")
    expect(page.get_by_role("group", name="Wer ist rausgegangen?")).to_contain_text("Niemand")


@dataclass(frozen=True)
class Night:
    slug: str
    title: str
    chosen_by: str  # "browser" (Accept-Language) or "footer" (the switch's cookie)
    record: Callable
    totals: dict[str, str]
    dispute: dict[str, str]  # the checker's fields
    reason: str  # the start of the German sentence
    rule: str
    options: dict[str, str] = dataclass_field(default_factory=dict)
    also: tuple[str, ...] = ()  # more words the verdict shows
    frames: tuple[str, ...] = ()  # words on the printed Step frames (Krazy Bee)


GROUP = ({"cards": "R1 B1 B1"}, "Eine Gruppe braucht lauter verschiedene Farben", "CT-2")
GRID = (  # CT-9: a table of crossing lines, R1 R2 R4 across and R1 G5 down
    {"cards": "R1 R2 R4 / G5 . ."},
    "Die waagerechte Linie ab Zeile 1, Spalte 1 (R1 R2 R4) ist keine gültige Kombination",
    "CT-9",
)

NIGHTS = [
    Night(
        "krazy-bee",
        "Krazy Bee Rummy",
        "footer",
        krazy_bee_hand,
        {"Anna": "0", "Bernd": "20"},
        {"opt-step": "2", "cards": "7 7 7 | 3 4 5 7"},  # a Step laydown, its second meld a run with a hole
        "Kombination 2 (3 4 5 7) ist weder ein Satz",
        "KB-1",
        also=("Step 2: book of 3 + run of 4", "Kombination 1 · könnte Satz sein", "Kombination 2"),
        frames=("Krazy Bee · Step-Anzeiger", "Spieler 2: Bernd", "schneiden"),
    ),
    Night(
        "rumbugz",
        "RumBugz",
        "browser",
        rumbugz_round,
        {"Anna": "17", "Bernd": "0"},
        {"cards": "1 2 4"},
        "Eine Sequence braucht mindestens 4 Bugz; sie hat 3",
        "RB-1",
        {"rounds": "3"},
    ),
    Night(
        "crazy-rummy",
        "Crazy Rummy",
        "browser",
        crazy_rummy_hand,
        {"Anna": "-100", "Bernd": "300"},
        {"cards": "8 9 7"},
        "Ein Satz braucht einen Rang; hier sind es 7, 8, 9",
        "CZ-2",
        {"target": "1000"},
    ),
    *(
        Night(slug, title, chosen_by, tiles_round, {"Anna": "-50", "Bernd": "50"}, *dispute, options, also)
        for slug, title, chosen_by, options, dispute, also in (
            ("rummikub", "Rummikub", "footer", {"rounds": "2"}, GROUP, ()),
            ("crazy-tiles", "Crazy Rummy Tiles", "browser", {}, GROUP, ()),
            ("runny-tiles", "Runny Rummy Tiles", "footer", {}, GRID, ("Waagerecht ab Zeile 1, Spalte 1",)),
        )
    ),
]


@pytest.mark.parametrize("n", NIGHTS, ids=[n.slug for n in NIGHTS])
def test_a_german_night(browser, live_server, n):
    context = night.german_phone(browser, n.chosen_by)
    try:
        page = context.new_page()
        night.choose_german(page, live_server, n.chosen_by)
        game = night.start(page, live_server, n.slug, n.title, n.options)
        n.record(page)
        night.save(page, game, n.slug)
        night.totals(page, n.totals)
        change = "Runde 1 notiert"
        night.change_log(page, game, change)
        night.undo_and_redo(page, change, dict.fromkeys(n.totals, "0"), n.totals)
        night.change_log(page, game, f"Wiederhergestellt: {change}", f"Rückgängig: {change}")
        night.dispute(page, game, n.slug, n.dispute, n.reason, n.rule, *n.also)
        night.printed(page, game, "Block drucken", "Diesem Spiel folgen", *n.totals.values())
        if n.frames:
            night.printed(page, game, "Step-Rahmen drucken", *n.frames)
    finally:
        context.close()


def strip_tap(page, button: str, turn: str, next_player: str) -> None:
    """One tap of the one-tap strip records the turn: the next turn's heading and player, same page."""
    page.get_by_role("button", name=button, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Runde 1, Zug {turn}")
    expect(page.locator(".turn-strip h2")).to_have_text(f"{next_player}: ein Tipp notiert den Zug")


def test_a_german_crib_rummy_night(browser, live_server):
    """Bernd starts with a run, +3; Anna lays a set, +2; Bernd lays a set and goes out while Anna holds
    4 cards: +2 and 2 x 4 = 8 (CR-5, CR-7), 13 in all."""
    context = night.german_phone(browser, "footer")
    try:
        page = context.new_page()
        night.choose_german(page, live_server, "footer")
        game = night.start(page, live_server, "crib-rummy", "Crib Rummy", {"target": "61"})
        expect(page.get_by_role("heading", level=1)).to_have_text("Runde 1, Zug 1")
        expect(page.locator(".turn-strip h2")).to_have_text("Bernd: ein Tipp notiert den Zug")
        strip_tap(page, "+3 Reihe", "2", "Anna")
        night.flash(page, "Runde 1, Zug 1 notiert.")
        shows(page.locator(".board-wrap"), "Bernd: 3")
        strip_tap(page, "+2 Satz", "3", "Bernd")
        page.get_by_role("radio", name="Rausgegangen (Rommé)").check()
        field(page, "end.cards_left.0").fill("4")
        page.get_by_role("button", name="+2 Satz", exact=True).click()
        page.wait_for_url(game)
        night.flash(page, "Runde 1 beendet.")
        after = {"Anna": "2", "Bernd": "13"}
        night.totals(page, after)
        shows(page.locator(".board-wrap"), "61: Ziel")
        change = "Runde 1 beendet"
        night.change_log(page, game, change, "Runde 1, Zug 2 notiert: Anna 0 → +2")
        night.undo_and_redo(page, change, {"Anna": "2", "Bernd": "3"}, after)
        night.dispute(
            page,
            game,
            "crib-rummy",
            {"cards": "3H 4H 6H"},
            "Ein Satz braucht einen Rang; hier sind es 3, 4, 6",
            "CR-1",
        )
        night.printed(
            page,
            game,
            "Block drucken",
            "Diesem Spiel folgen",
            "Cribbage-Bahn bis 61",
            "61: Ziel",
            *after.values(),
        )
    finally:
        context.close()
