"""Issue 19: one home per variant, and no silent fallback. Every registered variant names every
piece the app needs, on its engine class (facts the engine owns) or its profile (the rest); a
variant that lacks one fails here, the message naming the variant and the piece
(docs/adding-a-variant.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.entry import HandEntry
from scorekeeper.profiles import PROFILES, Profile
from scorekeeper.profiles.best_play import BestPlayWords
from scorekeeper.profiles.sheet_layouts import Layout
from scorekeeper.profiles.table_figures import TableFigures
from scorekeeper.rulebook import rulebook
from scorekeeper.rules import PART_KINDS as OWN
from scorekeeper.rules import TURN_KINDS, RulesError, Variant, all_variants, part_kind, turn_kind
from scorekeeper.rules.parts import PART_KEYS
from scorekeeper.rules.samples import Samples
from scorekeeper.rules.turn_parts import TURN

TEMPLATES = Path(__file__).resolve().parents[1] / "scorekeeper" / "templates"
DECKS = ("numbers", "suited", "tiles")
#: what a variant's players may enter on their own phones (issue 38; None: no part, seats do not open)
PART_KINDS = (*PART_KEYS, TURN, None)


def _engine_pieces(v: Variant) -> list[str]:
    missing = [name for name in ("slug", "name", "max_players", "notation") if not hasattr(v, name)]
    if getattr(v, "deck_look", None) not in DECKS:
        missing.append(f"deck_look (one of {', '.join(DECKS)}: the one 'tile game' trait)")
    if not callable(getattr(v, "table_counts", None)):
        missing.append("table_counts (what its hands count for a table's statistics; no_counts for none)")
    if not callable(getattr(v, "hand_changes", None)):
        missing.append("hand_changes (what a correction changed beyond scores; points_only for none)")
    if not hasattr(v, "part_kind") or v.part_kind not in PART_KINDS:
        missing.append(f"part_kind (what its players enter on their own phones: one of {PART_KINDS})")
    if getattr(v, "facts_shape", None) is None:
        missing.append("facts_shape (a hand's facts: validation, storage and the OpenAPI schema)")
    samples = getattr(v, "samples", None)
    if not isinstance(samples, Samples):
        missing.append("samples (its hands for the shared tests, a Samples: scorekeeper/rules/samples.py)")
    elif hasattr(v, "notation"):
        missing += samples.missing(bool(v.notation.ranks))
    return missing


def _profile_pieces(p: Profile | None) -> list[str]:
    if p is None:
        return ["profile (scorekeeper/profiles/__init__.py PROFILES)"]
    missing = []
    if not isinstance(p.entry, HandEntry) or not (TEMPLATES / p.entry.template).is_file():
        missing.append("entry (its hand form, a HandEntry whose template exists)")
    if not isinstance(p.sheet, Layout):
        missing.append("sheet (its score-sheet layout)")
    if p.best is not None and not (isinstance(p.best, BestPlayWords) and callable(p.best.hints)):
        missing.append("best.hints (how its Best play answer is drawn)")
    if not isinstance(p.figures, TableFigures) or not callable(p.figures.read):
        missing.append("figures.read (its figures on a table's statistics page)")
    elif p.figures.template is not None and not (TEMPLATES / p.figures.template).is_file():
        missing.append(f"figures.template ({p.figures.template} does not exist)")
    try:
        if not rulebook(p.slug).rules:
            missing.append("rulebook (its rules in our words)")
    except RulesError:
        missing.append("rulebook (scorekeeper/rulebook/)")
    return missing


def missing_pieces(v: Variant) -> list[str]:
    """What ``v`` lacks, in words naming the piece and where it goes."""
    return _engine_pieces(v) + _profile_pieces(PROFILES.get(getattr(v, "slug", "")))


@pytest.mark.parametrize("v", all_variants(), ids=lambda v: v.slug)
def test_every_variant_names_every_piece(v):
    missing = missing_pieces(v)
    assert not missing, f"variant {v.slug!r} lacks: " + "; ".join(missing)


def test_every_profile_is_a_registered_variant():
    assert sorted(PROFILES) == sorted(v.slug for v in all_variants())


def test_a_variant_without_its_pieces_is_named_with_each_missing_piece():
    class Half(Variant):  # registered nowhere: only asked what it lacks
        slug, name, max_players, deck_look = "half-rummy", "Half Rummy", 4, "cards"

    missing = missing_pieces(Half())
    assert any(m.startswith("deck_look") for m in missing)
    assert any(m.startswith("table_counts") for m in missing)
    assert any(m.startswith("hand_changes") for m in missing)
    assert any(m.startswith("profile") for m in missing)
    assert any(m.startswith("facts_shape") for m in missing)
    assert any(m.startswith("samples") for m in missing)
    assert any(m.startswith("part_kind") for m in missing)


def test_a_variant_with_a_part_kind_no_part_check_knows_is_named():
    class Odd(Variant):  # registered nowhere: only asked what it lacks
        slug, part_kind = "odd-rummy", "dice"

    assert any(m.startswith("part_kind") for m in missing_pieces(Odd()))


def test_own_phone_parts_are_read_from_each_variants_own_class():
    """Issue 41: a variant declares its part kind on its class; the seats' tables are the registry's."""
    for v in all_variants():
        assert OWN.get(v.slug) == part_kind(v.slug) == (v.part_kind if v.part_kind in PART_KEYS else None)
        assert (v.slug in TURN_KINDS) == (turn_kind(v.slug) == TURN) == (v.part_kind == TURN), v.slug
    assert "points" not in OWN and "points" not in TURN_KINDS  # seats refuse to open, as before


def test_a_variant_brings_its_own_sentences_and_may_not_reword_anothers():
    from scorekeeper.rules.messages import MESSAGES
    from scorekeeper.rules.registry import register

    class Reworded(Variant):  # refused before it is registered: its key is the catalog's already
        slug, messages = "reworded-rummy", {"word.hand": "a deal"}

    with pytest.raises(ValueError, match=r"word\.hand"):
        register(Reworded)
    assert MESSAGES["word.hand"] == "hand" and "reworded-rummy" not in {v.slug for v in all_variants()}
