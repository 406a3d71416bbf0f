"""Hypothesis properties of the tile engine (CT-1..CT-5, CT-9, N-1)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import NotationError, check, options_for
from scorekeeper.rules.tiles import NOTATION
from scorekeeper.rules.tiles.checks import set_verdict

VARIANTS = ("rummikub", "crazy-tiles", "runny-tiles")
COLOURS = "RBKG"
TILE = st.one_of(
    st.builds(lambda c, n: f"{c}{n}", st.sampled_from(COLOURS), st.integers(1, 13)), st.just("J")
)

# What a joker's entry stands for, as a real tile (None: not a tile, e.g. R0).
SPLIT_TILE = {(0, 1): 10, (1, 2): 12, (1, 1): 11}


def as_tile(entry: str) -> str | None:
    parts = entry.split("+")
    values = tuple(int(p[1:]) for p in parts)
    number = SPLIT_TILE.get(values) if len(values) == 2 else values[0]
    return f"{parts[0][0]}{number}" if number else None


@st.composite
def melds(draw):
    """Runs and groups built to be legal in rummikub, with some tiles swapped for jokers."""
    if draw(st.booleans()):
        colour, start = draw(st.sampled_from(COLOURS)), draw(st.integers(1, 11))
        tiles = [f"{colour}{v}" for v in range(start, draw(st.integers(start + 2, 13)) + 1)]
    else:
        number = draw(st.integers(1, 13))
        tiles = [f"{c}{number}" for c in draw(st.permutations(COLOURS))[: draw(st.integers(3, 4))]]
    for i in draw(st.lists(st.integers(0, len(tiles) - 1), max_size=2, unique=True)):
        tiles[i] = "J"
    if all(t == "J" for t in tiles):
        tiles[0] = "R1"
    return " ".join(tiles)


@settings(max_examples=150, deadline=None)
@given(melds(), st.sampled_from(VARIANTS))
def test_built_melds_are_legal_and_read_every_tile(text, variant):
    v = check("rummikub", text)
    assert v.valid, v.reasons
    assert len(v.reading) == len(text.split())
    if variant != "runny-tiles":  # every rummikub set stays legal under the crazy switches
        assert check(variant, text).valid


@settings(max_examples=300, deadline=None)
@given(st.one_of(melds(), st.lists(TILE, min_size=1, max_size=7).map(" ".join)), st.sampled_from(VARIANTS))
def test_a_legal_reading_rechecks_with_jokers_replaced(text, variant):
    v = check(variant, text)
    if not v.valid:
        assert v.reasons and all(r.startswith("CT-") for r in v.reasons)
        return
    tokens = text.split()
    for reading in v.readings or (v.reading,):
        assert len(reading) == len(tokens)
        replaced = [as_tile(e) if t == "J" else t for t, e in zip(tokens, reading)]
        if None in replaced or all(t == "J" for t in tokens):
            continue  # a joker as 0 is not a tile; nothing to re-check
        # jokers replaced may show a third copy of a tile (J J R3 -> R3 R3 R3): judge the
        # reading itself, without the two-of-each count of the set
        again = set_verdict(variant, NOTATION.parse(" ".join(replaced)), options_for(variant), supply=False)
        assert again.valid, (text, reading, again.reasons)
        if not again.readings_truncated:
            assert reading in (again.readings or (again.reading,))


@settings(max_examples=150, deadline=None)
@given(st.lists(TILE, min_size=1, max_size=7).map(" ".join), st.sampled_from(VARIANTS))
def test_points_are_the_best_reading(text, variant):
    v = check(variant, text)
    if v.valid:
        assert v.points >= 0 and v.reading == (v.readings or (v.reading,))[0]


NOISE = st.text(alphabet="RBKGOYrbkgJjK*0123456789 ,./|\n-x", max_size=30)


@settings(max_examples=400, deadline=None)
@given(st.one_of(NOISE, st.text(max_size=20)), st.sampled_from(VARIANTS), st.booleans())
def test_random_strings_only_ever_raise_notation_errors(text, variant, grid):
    try:
        v = check(variant, text, options={"grid": grid})
    except NotationError as err:
        assert str(err).startswith("N-1")
        return
    assert isinstance(v.valid, bool)
    assert all(r.startswith("CT-") for r in v.reasons)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.one_of(TILE, st.just(".")), min_size=1, max_size=4), min_size=1, max_size=4))
def test_random_boards_give_a_verdict_with_a_part_per_line(rows):
    text = " / ".join(" ".join(row) for row in rows) + " /"
    v = check("crazy-tiles", text)
    assert v.kind in ("board", None)
    for part in v.to_dict().get("parts", []):
        assert part["direction"] in ("across", "down") and len(part["cells"]) >= 2
        assert part["valid"] is (part["kind"] is not None)
